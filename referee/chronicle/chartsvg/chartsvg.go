// Package chartsvg draws a chronicle's charts (referee/chronicle) as SVG:
// for bosun report's HTML page, and as images of their own for bosun
// serve's page, the one drawing for both; and the axis and number words
// the report's text charts share with it.
//
//	svg := chartsvg.SVG(ch.Charts[0])
package chartsvg

import (
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/bosun-referee/bosun/referee/chronicle"
)

// Palette holds the series colours (distinct in colour-blind safe order).
var Palette = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7f7f7f", "#000000"}

// XAxis is the sorted x values of a chart with their labels.
func XAxis(c chronicle.Chart) ([]int, []string) {
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

// Trunc cuts s to n runes, the last an ellipsis when cut.
func Trunc(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n <= 1 {
		return string(r[:n])
	}
	return string(r[:n-1]) + "…"
}

// Num writes a chart value: an integer as one, else with one decimal.
func Num(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%d", int64(f))
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.1f", f), "0"), ".")
}

// SVG draws a chart to sit in an HTML page (bosun report's), whose CSS
// styles it: lines with dots, or grouped bars, with axes, grid, x labels
// and a legend. Every drawn value is an element of class "mark".
func SVG(c chronicle.Chart) string { return draw(c, false) }

// Image draws the same chart as a document of its own, for an <img>
// (bosun serve's page): the styles the report's CSS gives it are
// presentation attributes, on a white ground, with a size; no style
// sheet, script or font is needed.
func Image(c chronicle.Chart) string { return draw(c, true) }

// draw is SVG, or Image when alone.
func draw(c chronicle.Chart, alone bool) string {
	const W, H = 720, 300
	const left, right, top, bottom = 48, 16, 22, 64
	xs, labels := XAxis(c)
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
	grid, axis, text := "", "", ""
	if alone {
		// what the report's CSS says of svg text, .grid and .axis
		grid, axis = ` stroke="#e3e3e3" stroke-width="1"`, ` stroke="#666" stroke-width="1"`
		text = ` font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="11" fill="#333"`
		fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">\n", W, H, W, H, e(c.Title))
		fmt.Fprintf(&b, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><g%s>\n", W, H, text)
	} else {
		fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"100%%\" role=\"img\" aria-label=\"%s\">\n", W, H, e(c.Title))
	}
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(&b, "<line class=\"grid\"%s x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>", grid, left, W-right, y(v), y(v))
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left-6, y(v)+4, Num(v))
	}
	fmt.Fprintf(&b, "<line class=\"axis\"%s x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>", axis, left, W-right, y(math.Max(lo, 0)), y(math.Max(lo, 0)))
	fmt.Fprintf(&b, "<line class=\"axis\"%s x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n", axis, left, left, top, H-bottom)
	fmt.Fprintf(&b, "<text x=\"4\" y=\"%d\">%s</text>\n", top-4, e(c.Y))
	every := max(1, (n+23)/24)
	for i, l := range labels {
		if i%every != 0 {
			continue
		}
		l = Trunc(l, 14)
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
		col := Palette[si%len(Palette)]
		if c.Kind == "bar" {
			bw := slot * 0.8 / float64(ns)
			for _, pt := range s.Points {
				x0 := xc(idx[pt.X]) - slot*0.4 + bw*float64(si)
				y0, y1 := y(math.Max(pt.Y, 0)), y(math.Min(pt.Y, 0))
				h := math.Max(y1-y0, 1)
				fmt.Fprintf(&b, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s, %s: %s</title></rect>\n", x0, y0, math.Max(bw-1, 1), h, col, e(s.Name), e(labels[idx[pt.X]]), Num(pt.Y))
			}
			continue
		}
		var pts []string
		for _, pt := range s.Points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", xc(idx[pt.X]), y(pt.Y)))
		}
		fmt.Fprintf(&b, "<polyline class=\"mark\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", col, strings.Join(pts, " "))
		for _, pt := range s.Points {
			fmt.Fprintf(&b, "<circle class=\"mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s, %s: %s</title></circle>\n", xc(idx[pt.X]), y(pt.Y), col, e(s.Name), e(labels[idx[pt.X]]), Num(pt.Y))
		}
	}
	// Legend, on one row under the x labels.
	lx := float64(left)
	for si, s := range c.Series {
		col := Palette[si%len(Palette)]
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%.1f\" y=\"%d\">%s</text>\n", lx, H-14, col, lx+14, H-5, e(Trunc(s.Name, 40)))
		lx += 14 + 7*float64(len([]rune(Trunc(s.Name, 40)))) + 16
	}
	if alone {
		b.WriteString("</g>")
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
