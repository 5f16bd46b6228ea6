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
	return walk(&htmlWriter{out{w: w}}, ch)
}

// htmlWriter is the HTML writer.
type htmlWriter struct{ out }

func (h *htmlWriter) begin(title, status string, facts []string) {
	h.f("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	h.f("<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", h.esc(title), css)
	h.heading(1, title)
	h.f("<p class=\"status\">%s</p>\n", h.esc(status))
	h.list(each(facts, h.esc))
}

func (h *htmlWriter) heading(level int, text string) {
	h.f("<h%d>%s</h%d>\n", level, h.esc(text), level)
}

func (h *htmlWriter) para(s string) { h.f("<p>%s</p>\n", s) }

func (h *htmlWriter) list(items []string) {
	h.f("<ul>\n")
	for _, it := range items {
		h.f("<li>%s</li>\n", it)
	}
	h.f("</ul>\n")
}

func (h *htmlWriter) esc(s string) string    { return html.EscapeString(s) }
func (h *htmlWriter) code(s string) string   { return "<code>" + h.esc(s) + "</code>" }
func (h *htmlWriter) strong(s string) string { return "<strong>" + s + "</strong>" }
func (h *htmlWriter) chartsFirst() bool      { return true }

func (h *htmlWriter) tieBreaks(items []string) {
	for _, it := range items {
		h.para(it)
	}
}

func (h *htmlWriter) table(head []string, rows [][]string) {
	h.f("<table>\n<tr><th>%s</th></tr>\n", strings.Join(head, "</th><th>"))
	for _, r := range rows {
		h.f("<tr><td>%s</td></tr>\n", strings.Join(r, "</td><td>"))
	}
	h.f("</table>\n")
}

func (h *htmlWriter) ranks(rs []chronicle.Rank)     { h.table(rankTable(h, rs)) }
func (h *htmlWriter) battles(bs []chronicle.Battle) { h.table(battleTable(h, bs)) }
func (h *htmlWriter) rulings(rs []chronicle.Ruling) { h.table(rulingTable(h, rs)) }

// chart writes a chart as a figure: its title, the SVG, then its note.
func (h *htmlWriter) chart(c chronicle.Chart) {
	h.f("<div class=\"chart\" id=\"chart-%s\">\n<figure>\n<figcaption>%s</figcaption>\n", h.esc(c.ID), h.esc(c.Title))
	if !c.Empty() {
		h.f("%s", SVG(c))
	}
	if c.Note != "" {
		h.f("<p class=\"note\">%s</p>\n", h.esc(c.Note))
	}
	h.f("</figure>\n</div>\n")
}

func (h *htmlWriter) end() error {
	h.f("</body>\n</html>\n")
	return h.err
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
