package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/bosun-referee/bosun/referee/chronicle"
)

// The HTML report is one file with nothing to fetch: inline CSS, the
// charts as inline SVG drawn here (a plotting library would add start-up
// time and size to every bosun command for a few polylines and bars), no
// scripts and no fonts beyond the reader's own.

// palette holds the series colours (distinct in colour-blind safe order).
var palette = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7f7f7f", "#000000"}

const css = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;background:#fff;line-height:1.45}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #ccc}h3{font-size:1.05rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top;text-align:left}
th{background:#f2f2f2}.note{color:#555;font-style:italic}.chart{margin:1rem 0 2rem}figure{margin:0}figcaption{font-weight:600;margin-bottom:.3rem}
svg text{font-family:inherit;font-size:11px;fill:#333}.axis{stroke:#666;stroke-width:1}.grid{stroke:#e3e3e3;stroke-width:1}
code{font-size:.85rem}.status{padding:.4rem .7rem;background:#f5f0e1;border-left:4px solid #c9a227}`

// HTML writes the chronicle as one self-contained HTML page.
func HTML(w io.Writer, ch *chronicle.Chronicle) error {
	p := &printer{w: w}
	e := html.EscapeString
	p.f("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	p.f("<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", e(ch.Title), css)
	p.f("<h1>%s</h1>\n", e(ch.Title))
	if ch.Over {
		p.f("<p class=\"status\">The game is over: the final chronicle after %d steps.</p>\n", ch.Step-1)
	} else {
		p.f("<p class=\"status\">The game is not over: the chronicle so far, before step %d.</p>\n", ch.Step)
	}
	var ps, os []string
	for _, pl := range ch.Players {
		if pl.Side != "" {
			ps = append(ps, fmt.Sprintf("%s (%s)", pl.Name, pl.Side))
		} else {
			ps = append(ps, pl.Name)
		}
	}
	for _, o := range ch.Options {
		os = append(os, o.Key+"="+o.Value)
	}
	if len(os) == 0 {
		os = []string{"the defaults"}
	}
	p.f("<ul>\n<li>Players: %s</li>\n<li>Options: %s</li>\n<li>Dice: %s, seed %d</li>\n</ul>\n", e(strings.Join(ps, ", ")), e(strings.Join(os, ", ")), e(ch.Dice), ch.Seed)

	if ch.Over {
		p.f("<h2>Result</h2>\n")
	} else {
		p.f("<h2>Result so far</h2>\n")
	}
	if r := ch.Result; r == nil {
		p.f("<p>%s</p>\n", map[bool]string{true: "The log does not say who won.", false: "No winner yet: the game goes on."}[ch.Over])
	} else {
		switch {
		case len(r.Winners) > 0:
			p.f("<p><strong>Winner%s: %s.</strong> %s</p>\n", map[bool]string{true: "s", false: ""}[len(r.Winners) > 1], e(strings.Join(r.Winners, ", ")), e(r.Why))
		case r.Why != "":
			p.f("<p><strong>No winner.</strong> %s</p>\n", e(r.Why))
		}
		if len(r.Ranks) > 0 {
			p.f("<table>\n<tr><th>Place</th><th>Player</th><th>Score</th><th>Detail</th></tr>\n")
			for _, k := range r.Ranks {
				p.f("<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", k.Place, e(k.Name), e(k.Score), e(k.Detail))
			}
			p.f("</table>\n")
		}
		for _, t := range r.TieBreaks {
			p.f("<p>Tie-break: %s</p>\n", e(t))
		}
	}

	p.f("<h2>Charts</h2>\n")
	if len(ch.Charts) == 0 {
		p.f("<p>No chart: nothing recorded yet.</p>\n")
	}
	for _, c := range ch.Charts {
		p.f("<div class=\"chart\" id=\"chart-%s\">\n<figure>\n<figcaption>%s</figcaption>\n", e(c.ID), e(c.Title))
		if !c.Empty() {
			p.f("%s", SVG(c))
		}
		if c.Note != "" {
			p.f("<p class=\"note\">%s</p>\n", e(c.Note))
		}
		p.f("</figure>\n</div>\n")
	}

	p.f("<h2>Story</h2>\n")
	if len(ch.Rounds) == 0 {
		p.f("<p>%s</p>\n", textNoStory)
	}
	for _, r := range ch.Rounds {
		p.f("<h3>%s</h3>\n<ul>\n", e(r.Label))
		for _, l := range r.Lines {
			p.f("<li>%s</li>\n", e(l))
		}
		p.f("</ul>\n")
	}

	p.f("<h2>Battles</h2>\n")
	if len(ch.Battles) == 0 {
		p.f("<p>%s</p>\n", noBattle(ch.Over))
	} else {
		p.f("<p>%s</p>\n", textLuck)
		p.f("<table>\n<tr><th>#</th><th>When</th><th>Battle</th><th>Odds before the dice</th><th>Dice</th><th>Result</th><th>Luck</th></tr>\n")
		for i, b := range ch.Battles {
			p.f("<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", i+1, e(b.Round), e(b.Title), e(oddsText(b)), e(diceText(b)), e(b.Result), e(luckText(b)))
		}
		p.f("</table>\n")
	}

	p.f("<h2>Automa and NPC decisions</h2>\n")
	if len(ch.Decisions) == 0 {
		p.f("<p>%s</p>\n", textNoDecisions)
	} else {
		p.f("<ul>\n")
		for _, d := range ch.Decisions {
			p.f("<li>%s, %s: %s</li>\n", e(d.Round), e(d.Who), e(d.Text))
		}
		p.f("</ul>\n")
	}

	p.f("<h2>Rulings applied</h2>\n")
	if len(ch.Rulings) == 0 {
		p.f("<p>%s</p>\n", textNoRulings)
	} else {
		p.f("<table>\n<tr><th>Section</th><th>Times</th><th>First applied to</th></tr>\n")
		for _, r := range ch.Rulings {
			p.f("<tr><td><code>%s</code></td><td>%d</td><td>%s</td></tr>\n", e(r.Section), r.Count, e(r.First))
		}
		p.f("</table>\n")
	}
	p.f("<h2>Rules questions asked</h2>\n")
	if len(ch.Questions) == 0 {
		p.f("<p>%s</p>\n", textNoQuestions)
	} else {
		p.f("<ul>\n")
		for _, q := range ch.Questions {
			if q.Answer != "" {
				p.f("<li>step %d: %s (answered by <code>%s</code>)</li>\n", q.Step, e(q.Query), e(q.Answer))
				continue
			}
			p.f("<li>step %d: %s</li>\n", q.Step, e(q.Query))
		}
		p.f("</ul>\n")
	}
	if len(ch.Notes) > 0 {
		p.f("<h2>Notes</h2>\n<ul>\n")
		for _, n := range ch.Notes {
			p.f("<li>%s</li>\n", e(n))
		}
		p.f("</ul>\n")
	}
	p.f("</body>\n</html>\n")
	return p.err
}

// SVG draws a chart: lines with dots, or grouped bars, with axes, grid,
// x labels and a legend. Every drawn value is an element of class "mark".
func SVG(c chronicle.Chart) string {
	const W, H = 720, 300
	const left, right, top, bottom = 48, 16, 22, 64
	xs, labels := xAxis(c)
	lo, hi := 0.0, 0.0
	for _, s := range c.Series {
		for _, pt := range s.Points {
			lo, hi = math.Min(lo, pt.Y), math.Max(hi, pt.Y)
		}
	}
	if c.Y == "percentile" {
		lo, hi = 0, 100
	}
	if hi == lo {
		hi = lo + 1
	}
	step := niceStep((hi - lo) / 5)
	hi = math.Ceil(hi/step) * step
	lo = math.Floor(lo/step) * step
	pw, ph := float64(W-left-right), float64(H-top-bottom)
	y := func(v float64) float64 { return float64(top) + ph - (v-lo)/(hi-lo)*ph }
	n := len(xs)
	slot := pw / float64(max(n, 1))
	xc := func(i int) float64 { return float64(left) + slot*(float64(i)+0.5) }
	var b strings.Builder
	e := html.EscapeString
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"100%%\" role=\"img\" aria-label=\"%s\">\n", W, H, e(c.Title))
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(&b, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>", left, W-right, y(v), y(v))
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left-6, y(v)+4, num(v))
	}
	fmt.Fprintf(&b, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>", left, W-right, y(math.Max(lo, 0)), y(math.Max(lo, 0)))
	fmt.Fprintf(&b, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n", left, left, top, H-bottom)
	fmt.Fprintf(&b, "<text x=\"4\" y=\"%d\">%s</text>\n", top-4, e(c.Y))
	every := max(1, (n+23)/24)
	for i, l := range labels {
		if i%every != 0 {
			continue
		}
		l = trunc(l, 14)
		if n > 8 {
			fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" transform=\"rotate(-40 %.1f %d)\">%s</text>\n", xc(i), H-bottom+14, xc(i), H-bottom+14, e(l))
		} else {
			fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", xc(i), H-bottom+16, e(l))
		}
	}
	idx := map[int]int{}
	for i, x := range xs {
		idx[x] = i
	}
	ns := len(c.Series)
	for si, s := range c.Series {
		col := palette[si%len(palette)]
		if c.Kind == "bar" {
			bw := slot * 0.8 / float64(ns)
			for _, pt := range s.Points {
				x0 := xc(idx[pt.X]) - slot*0.4 + bw*float64(si)
				y0, y1 := y(math.Max(pt.Y, 0)), y(math.Min(pt.Y, 0))
				h := math.Max(y1-y0, 1)
				fmt.Fprintf(&b, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s, %s: %s</title></rect>\n", x0, y0, math.Max(bw-1, 1), h, col, e(s.Name), e(labels[idx[pt.X]]), num(pt.Y))
			}
			continue
		}
		var pts []string
		for _, pt := range s.Points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", xc(idx[pt.X]), y(pt.Y)))
		}
		fmt.Fprintf(&b, "<polyline class=\"mark\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", col, strings.Join(pts, " "))
		for _, pt := range s.Points {
			fmt.Fprintf(&b, "<circle class=\"mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s, %s: %s</title></circle>\n", xc(idx[pt.X]), y(pt.Y), col, e(s.Name), e(labels[idx[pt.X]]), num(pt.Y))
		}
	}
	// Legend, on one row under the x labels.
	lx := float64(left)
	for si, s := range c.Series {
		col := palette[si%len(palette)]
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%.1f\" y=\"%d\">%s</text>\n", lx, H-14, col, lx+14, H-5, e(trunc(s.Name, 40)))
		lx += 14 + 7*float64(len([]rune(trunc(s.Name, 40)))) + 16
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// niceStep rounds a raw axis step to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*p {
			return math.Max(m*p, 1)
		}
	}
	return 10 * p
}
