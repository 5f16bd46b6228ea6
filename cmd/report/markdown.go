package report

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/chronicle/chartsvg"
	"github.com/mattn/go-runewidth"
)

// Markdown writes the chronicle as Markdown. With bars (a terminal) it is
// the terminal view (see Terminal): charts as text bar charts and every
// line fitted to width; else the charts are tables of their values.
func Markdown(w io.Writer, ch *chronicle.Chronicle, width int, bars bool) error {
	if bars {
		return Terminal(w, ch, width)
	}
	return walk(&printer{out: out{w: w}}, ch)
}

// printer is the Markdown writer; with term, the terminal view's.
type printer struct {
	out
	term  bool // the terminal view: tables as aligned columns or blocks
	width int  // the terminal view's width
}

// out writes to w and keeps the first error.
type out struct {
	w   io.Writer
	err error
}

func (o *out) f(format string, a ...any) {
	if o.err != nil {
		return
	}
	_, o.err = fmt.Fprintf(o.w, format, a...)
}

func (o *out) end() error { return o.err }

func (p *printer) begin(title, status string, facts []string) {
	p.heading(1, title)
	p.para(p.html(status))
	p.list(each(facts, p.html))
}

func (p *printer) heading(level int, text string) {
	p.f("%s %s\n\n", strings.Repeat("#", level), p.html(text))
}

// html makes plain text safe in Markdown, whose viewers render the HTML
// in it: a player named <script> or <img onerror=...> is shown, not run
// (see noHTML). The terminal view is not Markdown a viewer renders: its
// text is shown as it is.
func (p *printer) html(s string) string {
	if p.term {
		return s
	}
	return noHTML(s)
}

func (p *printer) para(s string) { p.f("%s\n\n", s) }

func (p *printer) list(items []string) {
	for _, it := range items {
		p.f("- %s\n", it)
	}
	p.f("\n")
}

func (p *printer) esc(s string) string      { return p.html(md(s)) }
func (p *printer) code(s string) string     { return "`" + s + "`" }
func (p *printer) strong(s string) string   { return "**" + s + "**" }
func (p *printer) tieBreaks(items []string) { p.list(items) }
func (p *printer) chartsFirst() bool        { return false }

func (p *printer) table(head []string, rows [][]string) {
	p.f("| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for _, r := range rows {
		p.f("| %s |\n", strings.Join(r, " | "))
	}
	p.f("\n")
}

func (p *printer) ranks(rs []chronicle.Rank) {
	if p.term {
		p.rankColumns(rs)
		return
	}
	p.table(rankTable(p, rs))
}

func (p *printer) battles(bs []chronicle.Battle) {
	if p.term {
		p.battleBlocks(bs)
		return
	}
	p.table(battleTable(p, bs))
}

func (p *printer) rulings(rs []chronicle.Ruling) {
	if p.term {
		p.rulingBlocks(rs)
		return
	}
	p.table(rulingTable(p, rs))
}

// chart writes a chart under its title, its note first: as a table of
// its values, or in the terminal view as text bars.
func (p *printer) chart(c chronicle.Chart) {
	p.heading(3, c.Title)
	if c.Note != "" {
		p.para("_" + p.esc(c.Note) + "_")
	}
	switch {
	case c.Empty():
	case p.term:
		p.f("```\n%s```\n\n", TextChart(c, p.width))
	default:
		p.chartTable(c)
	}
}

// chartTable writes a chart's values as a table: one row per x, one
// column per series.
func (p *printer) chartTable(c chronicle.Chart) {
	xs, labels := chartsvg.XAxis(c)
	p.f("| %s |", p.esc(c.X))
	for _, s := range c.Series {
		p.f(" %s |", p.esc(s.Name))
	}
	p.f("\n|---|%s\n", strings.Repeat("---|", len(c.Series)))
	for i, x := range xs {
		p.f("| %s |", p.esc(labels[i]))
		for _, s := range c.Series {
			v := "–"
			for _, pt := range s.Points {
				if pt.X == x {
					v = chartsvg.Num(pt.Y)
				}
			}
			p.f(" %s |", v)
		}
		p.f("\n")
	}
	p.f("\n")
}

// TextChart draws a chart as small text bars that fit width columns: a
// line chart as one row per series (a bar per x, its height the value,
// then its first and last value), a bar chart as one horizontal bar per
// point. Names too long to share a row with their bars go on a line of
// their own above them, whole.
func TextChart(c chronicle.Chart, width int) string {
	if width <= 0 {
		width = 80
	}
	xs, labels := chartsvg.XAxis(c)
	hi := 0.0
	for _, s := range c.Series {
		for _, pt := range s.Points {
			hi = math.Max(hi, math.Abs(pt.Y))
		}
	}
	var b strings.Builder
	if c.Kind == "line" || (len(xs) > 8 && c.ID != "luck") {
		nw, vw := runewidth.StringWidth(c.X), 0
		for _, s := range c.Series {
			nw = max(nw, runewidth.StringWidth(s.Name))
			if len(s.Points) > 0 {
				vw = max(vw, runewidth.StringWidth(chartsvg.Num(s.Points[0].Y)+"→"+chartsvg.Num(s.Points[len(s.Points)-1].Y)))
			}
		}
		stacked := nw > max(6, width/3)
		lead := nw + 1 // the columns before the bars
		if stacked {
			lead = 2
		}
		// One column per x, the latest ones when they do not all fit.
		cols := min(len(xs), max(width-lead-1-vw, 4))
		span := labels[len(xs)-cols]
		if cols > 1 {
			span += " … " + labels[len(labels)-1]
		}
		if stacked {
			b.WriteString(wrap(c.X+": "+span, width, "  ") + "\n")
		} else {
			fmt.Fprintf(&b, "%-*s %s\n", nw, c.X, span)
		}
		ticks := []rune("▁▂▃▄▅▆▇█")
		for _, s := range c.Series {
			if len(s.Points) == 0 {
				continue
			}
			at := map[int]float64{}
			for _, pt := range s.Points {
				at[pt.X] = pt.Y
			}
			var line []rune
			for _, x := range xs[len(xs)-cols:] {
				v, ok := at[x]
				switch {
				case !ok:
					line = append(line, ' ')
				case hi == 0:
					line = append(line, ticks[0])
				default:
					line = append(line, ticks[int(math.Round(math.Abs(v)/hi*7))])
				}
			}
			first, last := s.Points[0].Y, s.Points[len(s.Points)-1].Y
			if stacked {
				fmt.Fprintf(&b, "%s\n  %s %s→%s\n", wrap(s.Name, width, "  "), string(line), chartsvg.Num(first), chartsvg.Num(last))
			} else {
				fmt.Fprintf(&b, "%s %s %s→%s\n", pad(s.Name, nw), string(line), chartsvg.Num(first), chartsvg.Num(last))
			}
		}
		return b.String()
	}
	lw, vw := 0, 0
	for _, l := range labels {
		lw = max(lw, runewidth.StringWidth(l))
	}
	for _, s := range c.Series {
		for _, pt := range s.Points {
			vw = max(vw, runewidth.StringWidth(chartsvg.Num(pt.Y)))
		}
	}
	stacked := lw > max(8, width/3)
	lead := lw + 1
	if stacked {
		lead = 2
	}
	barMax := max(width-lead-1-vw, 4)
	for si, s := range c.Series {
		if len(c.Series) > 1 {
			if si > 0 {
				b.WriteString("\n")
			}
			b.WriteString(wrap(s.Name, width, "  ") + "\n")
		}
		for i, x := range xs {
			for _, pt := range s.Points {
				if pt.X != x {
					continue
				}
				n := 0
				if hi > 0 {
					n = int(math.Round(math.Abs(pt.Y) / hi * float64(barMax)))
				}
				if stacked {
					fmt.Fprintf(&b, "%s\n  %s %s\n", wrap(labels[i], width, "  "), strings.Repeat("█", n), chartsvg.Num(pt.Y))
				} else {
					fmt.Fprintf(&b, "%s %s %s\n", pad(labels[i], lw), strings.Repeat("█", n), chartsvg.Num(pt.Y))
				}
			}
		}
	}
	return b.String()
}

// pad fills s with spaces to n columns.
func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(n-runewidth.StringWidth(s), 0))
}

// noHTML writes each < of s as &lt;: in Markdown raw HTML (a tag, a
// comment, an autolink) starts with <, so text without one holds none,
// and &lt; shows as the < it was. An & that would start a character
// reference (&amp;, &#60;) is written &amp; so that it shows as typed,
// and the ]( of an inline link or image, ![](https://...), as ]\( so that
// a name loads nothing; nothing else changes (a > or a lone & reads as
// itself).
func noHTML(s string) string {
	if !strings.ContainsAny(s, "<&]") {
		return s
	}
	s = strings.ReplaceAll(charRef.ReplaceAllString(s, "&amp;$1"), "<", "&lt;")
	return strings.ReplaceAll(s, "](", `]\(`)
}

// charRef is an & that starts a character reference.
var charRef = regexp.MustCompile(`&(#?[0-9A-Za-z]+;)`)

// md escapes the characters that would break a Markdown table cell.
func md(s string) string {
	s = strings.ReplaceAll(s, "|", "\\|")
	return strings.ReplaceAll(s, "\n", " ")
}

// The prose every format of the report shares.
const (
	textNoStory     = "Nothing happened yet."
	textNoDecisions = "None: no automa or NPC acted."
	textNoRulings   = "None yet."
	textNoQuestions = "None recorded in this session's log."
	textNoChart     = "No chart: nothing recorded yet."
	textLuck        = "Odds are exact, before the dice; luck is the percentile of the dice that fell against the exact distribution (50th: an average roll; ties counted half)."
)

// noBattle says that no battle was fought (a finished game) or none so far.
func noBattle(over bool) string {
	if over {
		return "No battle was fought."
	}
	return "No battle so far."
}
