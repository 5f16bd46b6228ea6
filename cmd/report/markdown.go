package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/mattn/go-runewidth"
)

// Markdown writes the chronicle as Markdown. With bars (a terminal) it is
// the terminal view (see Terminal): charts as text bar charts and every
// line fitted to width; else the charts are tables of their values.
func Markdown(w io.Writer, ch *chronicle.Chronicle, width int, bars bool) error {
	if bars {
		return Terminal(w, ch, width)
	}
	return markdown(&printer{w: w}, ch)
}

// markdown writes the chronicle through p: Markdown, or with p.term the
// terminal view's text before its lines are fitted.
func markdown(p *printer, ch *chronicle.Chronicle) error {
	p.f("# %s\n\n", ch.Title)
	if ch.Over {
		p.f("The game is over: the final chronicle after %d steps.\n\n", ch.Step-1)
	} else {
		p.f("The game is not over: the chronicle so far, before step %d.\n\n", ch.Step)
	}
	var ps []string
	for _, pl := range ch.Players {
		if pl.Side != "" {
			ps = append(ps, fmt.Sprintf("%s (%s)", pl.Name, pl.Side))
		} else {
			ps = append(ps, pl.Name)
		}
	}
	p.f("- Players: %s\n", strings.Join(ps, ", "))
	if len(ch.Options) > 0 {
		var os []string
		for _, o := range ch.Options {
			os = append(os, o.Key+"="+o.Value)
		}
		p.f("- Options: %s\n", strings.Join(os, ", "))
	} else {
		p.f("- Options: the defaults\n")
	}
	p.f("- Dice: %s, seed %d\n\n", ch.Dice, ch.Seed)

	p.result(ch)

	p.f("## Story\n\n")
	if len(ch.Rounds) == 0 {
		p.f("%s\n\n", textNoStory)
	}
	for _, r := range ch.Rounds {
		p.f("### %s\n\n", r.Label)
		for _, l := range r.Lines {
			p.f("- %s\n", md(l))
		}
		p.f("\n")
	}

	p.f("## Battles\n\n")
	if len(ch.Battles) == 0 {
		p.f("%s\n\n", noBattle(ch.Over))
	} else {
		p.f("%s\n\n", textLuck)
		if p.term {
			p.battleBlocks(ch.Battles)
		} else {
			p.f("| # | When | Battle | Odds before the dice | Dice | Result | Luck |\n|---|---|---|---|---|---|---|\n")
			for i, b := range ch.Battles {
				p.f("| %d | %s | %s | %s | %s | %s | %s |\n", i+1, md(b.Round), md(b.Title), md(oddsText(b)), md(diceText(b)), md(b.Result), md(luckText(b)))
			}
			p.f("\n")
		}
	}

	p.f("## Automa and NPC decisions\n\n")
	if len(ch.Decisions) == 0 {
		p.f("%s\n\n", textNoDecisions)
	}
	for _, d := range ch.Decisions {
		p.f("- %s, %s: %s\n", md(d.Round), md(d.Who), md(d.Text))
	}
	if len(ch.Decisions) > 0 {
		p.f("\n")
	}

	p.f("## Charts\n\n")
	if len(ch.Charts) == 0 {
		p.f("No chart: nothing recorded yet.\n\n")
	}
	for _, c := range ch.Charts {
		p.f("### %s\n\n", c.Title)
		if c.Note != "" {
			p.f("_%s_\n\n", md(c.Note))
		}
		if c.Empty() {
			continue
		}
		if p.term {
			p.f("```\n%s```\n\n", TextChart(c, p.width))
		} else {
			p.chartTable(c)
		}
	}

	p.f("## Rulings applied\n\n")
	if len(ch.Rulings) == 0 {
		p.f("%s\n\n", textNoRulings)
	} else if p.term {
		p.rulingBlocks(ch.Rulings)
	} else {
		p.f("| Section | Times | First applied to |\n|---|---|---|\n")
		for _, r := range ch.Rulings {
			p.f("| `%s` | %d | %s |\n", r.Section, r.Count, md(r.First))
		}
		p.f("\n")
	}

	p.f("## Rules questions asked\n\n")
	if len(ch.Questions) == 0 {
		p.f("%s\n\n", textNoQuestions)
	}
	for _, q := range ch.Questions {
		if q.Answer != "" {
			p.f("- step %d: %s (answered by `%s`)\n", q.Step, md(q.Query), q.Answer)
			continue
		}
		p.f("- step %d: %s\n", q.Step, md(q.Query))
	}
	if len(ch.Questions) > 0 {
		p.f("\n")
	}
	if len(ch.Notes) > 0 {
		p.f("## Notes\n\n")
		for _, n := range ch.Notes {
			p.f("- %s\n", md(n))
		}
		p.f("\n")
	}
	return p.err
}

type printer struct {
	w     io.Writer
	err   error
	term  bool // the terminal view: tables as aligned columns or blocks
	width int  // the terminal view's width
}

func (p *printer) f(format string, a ...any) {
	if p.err != nil {
		return
	}
	_, p.err = fmt.Fprintf(p.w, format, a...)
}

func (p *printer) result(ch *chronicle.Chronicle) {
	title := "Result"
	if !ch.Over {
		title = "Result so far"
	}
	p.f("## %s\n\n", title)
	r := ch.Result
	if r == nil {
		if ch.Over {
			p.f("The log does not say who won.\n\n")
		} else {
			p.f("No winner yet: the game goes on.\n\n")
		}
		return
	}
	switch {
	case len(r.Winners) == 1:
		p.f("**Winner: %s.** %s\n\n", md(r.Winners[0]), md(r.Why))
	case len(r.Winners) > 1:
		p.f("**Winners: %s.** %s\n\n", md(strings.Join(r.Winners, ", ")), md(r.Why))
	case r.Why != "":
		p.f("**No winner.** %s\n\n", md(r.Why))
	}
	if len(r.Ranks) > 0 && p.term {
		p.ranks(r.Ranks)
	} else if len(r.Ranks) > 0 {
		p.f("| Place | Player | Score | Detail |\n|---|---|---|---|\n")
		for _, k := range r.Ranks {
			p.f("| %d | %s | %s | %s |\n", k.Place, md(k.Name), md(k.Score), md(k.Detail))
		}
		p.f("\n")
	}
	for _, t := range r.TieBreaks {
		p.f("- Tie-break: %s\n", md(t))
	}
	if len(r.TieBreaks) > 0 {
		p.f("\n")
	}
}

// chartTable writes a chart's values as a table: one row per x, one
// column per series.
func (p *printer) chartTable(c chronicle.Chart) {
	xs, labels := xAxis(c)
	p.f("| %s |", c.X)
	for _, s := range c.Series {
		p.f(" %s |", md(s.Name))
	}
	p.f("\n|---|%s\n", strings.Repeat("---|", len(c.Series)))
	for i, x := range xs {
		p.f("| %s |", md(labels[i]))
		for _, s := range c.Series {
			v := "–"
			for _, pt := range s.Points {
				if pt.X == x {
					v = num(pt.Y)
				}
			}
			p.f(" %s |", v)
		}
		p.f("\n")
	}
	p.f("\n")
}

// xAxis is the sorted x values of a chart with their labels.
func xAxis(c chronicle.Chart) ([]int, []string) {
	lab := map[int]string{}
	var xs []int
	for _, s := range c.Series {
		for _, pt := range s.Points {
			if _, ok := lab[pt.X]; !ok {
				xs = append(xs, pt.X)
				lab[pt.X] = pt.Label
			}
			if lab[pt.X] == "" {
				lab[pt.X] = pt.Label
			}
		}
	}
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	labels := make([]string, len(xs))
	for i, x := range xs {
		labels[i] = lab[x]
		if labels[i] == "" {
			labels[i] = fmt.Sprint(x)
		}
	}
	return xs, labels
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
	xs, labels := xAxis(c)
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
				vw = max(vw, runewidth.StringWidth(num(s.Points[0].Y)+"→"+num(s.Points[len(s.Points)-1].Y)))
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
				fmt.Fprintf(&b, "%s\n  %s %s→%s\n", wrap(s.Name, width, "  "), string(line), num(first), num(last))
			} else {
				fmt.Fprintf(&b, "%s %s %s→%s\n", pad(s.Name, nw), string(line), num(first), num(last))
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
			vw = max(vw, runewidth.StringWidth(num(pt.Y)))
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
					fmt.Fprintf(&b, "%s\n  %s %s\n", wrap(labels[i], width, "  "), strings.Repeat("█", n), num(pt.Y))
				} else {
					fmt.Fprintf(&b, "%s %s %s\n", pad(labels[i], lw), strings.Repeat("█", n), num(pt.Y))
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

func trunc(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n <= 1 {
		return string(r[:n])
	}
	return string(r[:n-1]) + "…"
}

func num(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%d", int64(f))
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.1f", f), "0"), ".")
}

// md escapes the characters that would break a Markdown table cell.
func md(s string) string {
	s = strings.ReplaceAll(s, "|", "\\|")
	return strings.ReplaceAll(s, "\n", " ")
}

func oddsText(b chronicle.Battle) string {
	var parts []string
	for _, o := range b.Odds {
		parts = append(parts, fmt.Sprintf("%s %s", o.Label, chronicle.Pct(o.P)))
	}
	s := strings.Join(parts, "; ")
	if b.OddsNote != "" {
		if s != "" {
			s += " "
		}
		s += "(" + b.OddsNote + ")"
	}
	return s
}

func diceText(b chronicle.Battle) string {
	if b.Dice == "" {
		return "–"
	}
	if b.Entered {
		return b.Dice + " (entered)"
	}
	return b.Dice + " (rolled)"
}

func luckText(b chronicle.Battle) string {
	if b.Luck == nil {
		return "–"
	}
	who := ""
	if b.LuckFor != "" {
		who = b.LuckFor + ": "
	}
	return fmt.Sprintf("%s%s (%s)", who, chronicle.Ordinal(*b.Luck), chronicle.LuckWord(*b.Luck))
}

// The prose every format of the report shares.
const (
	textNoStory     = "Nothing happened yet."
	textNoDecisions = "None: no automa or NPC acted."
	textNoRulings   = "None yet."
	textNoQuestions = "None recorded in this session's log."
	textLuck        = "Odds are exact, before the dice; luck is the percentile of the dice that fell against the exact distribution (50th: an average roll; ties counted half)."
)

// noBattle says that no battle was fought (a finished game) or none so far.
func noBattle(over bool) string {
	if over {
		return "No battle was fought."
	}
	return "No battle so far."
}
