// Package chartsvg draws a chronicle's charts (referee/chronicle) as SVG:
// for bosun report's HTML page, and as images of their own for bosun
// serve's page, the one drawing for both; and the axis and number words
// the report's text charts share with it.
//
//	svg := chartsvg.SVG(ch.Charts[0], ch.Players)
package chartsvg

import (
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/mattn/go-runewidth"
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

// Num writes a chart value: an integer as one, else with one decimal.
func Num(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%d", int64(f))
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.1f", f), "0"), ".")
}

// seriesStyle is how one series is drawn: its colour, whether that colour
// needs a dark outline to show on the white page (a white player), its
// dash pattern and its marker's shape, so that lines on equal values, or
// in colours a reader cannot tell apart, can still be told apart.
type seriesStyle struct {
	colour  string
	outline bool
	dash    string
	marker  int // 0 circle, 1 square, 2 triangle, 3 diamond
}

var dashes = []string{"", "7 3", "2 3", "9 3 2 3"}

// playerColours maps a colour word a player's side names (Misty Waters'
// nations are "red", "blue", "white", "orange") to the colour drawn.
var playerColours = map[string]string{
	"red": "#d62728", "blue": "#1f5fb4", "white": "#ffffff", "orange": "#f28e2b", "green": "#2ca02c",
	"yellow": "#d4b000", "black": "#222222", "purple": "#8e44ad", "grey": "#7f7f7f", "gray": "#7f7f7f",
}

// styles gives each series of c its style: a player's own colour when the
// session names one (the series is named after the player and the side is
// a colour), else the palette's next colour.
func styles(c chronicle.Chart, players []chronicle.Player) []seriesStyle {
	own := map[string]string{}
	for _, p := range players {
		if col, ok := playerColours[strings.ToLower(strings.TrimSpace(p.Side))]; ok {
			own[p.Name] = col
		}
	}
	out := make([]seriesStyle, len(c.Series))
	next := 0
	for i, s := range c.Series {
		col, ok := own[s.Name]
		if !ok {
			col = Palette[next%len(Palette)]
			next++
		}
		out[i] = seriesStyle{colour: col, outline: col == "#ffffff", dash: dashes[i%len(dashes)], marker: i % 4}
	}
	return out
}

// The chart's geometry, in SVG user units (the page scales the picture to
// its width; the text scales with it). Each chart is drawn twice: wide
// (720 units, for a screen) and narrow (360 units, for a phone, where the
// wide one's text would shrink to 5 px); the page's CSS shows one.
const (
	wideW     = 720
	narrowW   = 360
	fontPx    = 11
	charW     = 6.4 // the widest average advance of an 11px system-ui glyph, rounded up
	lineH     = 14
	labelTurn = 40.0 // degrees the x labels turn when they do not fit their slot
)

// textW is the width a label takes at fontPx.
func textW(s string) float64 { return charW * float64(runewidth.StringWidth(s)) }

// SVG draws a chart for a screen (wideW units) to sit in an HTML page
// (bosun report's), whose CSS styles it: lines with markers, or grouped
// bars, with axes, grid and x labels (the legend is the page's, under it:
// see Legend). Every drawn value is an element of class "mark". No label
// is cut: a label too wide for its slot is turned, and the margins grow
// to hold it.
func SVG(c chronicle.Chart, players []chronicle.Player) string {
	return svgAt(c, players, wideW, false)
}

// Narrow draws the same chart for a phone (narrowW units, class
// chart-narrow): the page's CSS shows SVG's drawing or this one.
func Narrow(c chronicle.Chart, players []chronicle.Player) string {
	return svgAt(c, players, narrowW, false)
}

// Image draws the chart as a document of its own, for an <img> (bosun
// serve's page): SVG's drawing with the styles the report's CSS gives it
// as presentation attributes, on a white ground, with a size and its
// legend drawn under the plot; no style sheet, script or font is needed.
func Image(c chronicle.Chart, players []chronicle.Player) string {
	return svgAt(c, players, wideW, true)
}

// svgAt draws the chart svgW units wide (class chart-wide or
// chart-narrow), for a page or, alone, as an image.
func svgAt(c chronicle.Chart, players []chronicle.Player, svgW float64, alone bool) string {
	const right = 12
	plotH := 214.0
	class := "chart-wide"
	if svgW < wideW {
		plotH, class = 180, "chart-narrow"
	}
	xs, labels := XAxis(c)
	st := styles(c, players)
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
	n := len(xs)
	maxw := 0.0
	for _, l := range labels {
		maxw = math.Max(maxw, textW(l))
	}
	ticks := 0.0
	for v := lo; v <= hi+step/2; v += step {
		ticks = math.Max(ticks, textW(Num(v)))
	}
	left := math.Max(40, ticks+12)
	slot := (svgW - left - right) / float64(max(n, 1))
	turned := maxw+8 > slot
	sin, cos := math.Sin(labelTurn*math.Pi/180), math.Cos(labelTurn*math.Pi/180)
	every := 1
	if turned {
		// the first label, turned, reaches left of its slot's middle
		left = math.Max(left, maxw*cos+fontPx*sin-slot/2+6)
		slot = (svgW - left - right) / float64(max(n, 1))
		// turned labels sit a line apart at least
		for slot*float64(every)*sin < lineH {
			every++
		}
	} else {
		for slot*float64(every) < maxw+8 {
			every++
		}
	}
	const top = 30
	bottom := 28.0
	if turned {
		bottom = 18 + maxw*sin + fontPx*cos
	}
	H := math.Ceil(top + plotH + bottom)
	var keys []legendKey
	if alone {
		keys = imageLegend(c, st, svgW)
		if len(keys) > 0 {
			H += keys[len(keys)-1].y + lineH
		}
	}
	pw := svgW - left - right
	y := func(v float64) float64 { return top + plotH - (v-lo)/(hi-lo)*plotH }
	xc := func(i int) float64 { return left + slot*(float64(i)+0.5) }
	var b strings.Builder
	e := html.EscapeString
	grid, axis := "", ""
	if alone {
		// what the report's CSS says of svg text, .grid and .axis
		grid, axis = ` stroke="#e3e3e3" stroke-width="1"`, ` stroke="#666" stroke-width="1"`
		fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %.0f\" width=\"%g\" height=\"%.0f\" role=\"img\" aria-label=\"%s\">\n", svgW, H, svgW, H, e(c.Title))
		fmt.Fprintf(&b, "<rect width=\"%g\" height=\"%.0f\" fill=\"#fff\"/><g font-family=\"system-ui, -apple-system, 'Segoe UI', sans-serif\" font-size=\"%d\" fill=\"#333\">\n", svgW, H, fontPx)
	} else {
		fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" viewBox=\"0 0 %g %.0f\" width=\"100%%\" role=\"img\" aria-label=\"%s\">\n", class, svgW, H, e(c.Title))
	}
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(&b, "<line class=\"grid\"%s x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", grid, left, left+pw, y(v), y(v))
		fmt.Fprintf(&b, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left-6, y(v)+4, Num(v))
	}
	fmt.Fprintf(&b, "<line class=\"axis\"%s x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", axis, left, left+pw, y(math.Max(lo, 0)), y(math.Max(lo, 0)))
	fmt.Fprintf(&b, "<line class=\"axis\"%s x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.0f\"/>\n", axis, left, left, top, top+plotH)
	fmt.Fprintf(&b, "<text class=\"ytitle\" x=\"4\" y=\"%d\">%s</text>\n", top-16, e(c.Y))
	base := float64(top + plotH)
	for i, l := range labels {
		if i%every != 0 {
			continue
		}
		if turned {
			fmt.Fprintf(&b, "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" transform=\"rotate(-%g %.1f %.1f)\">%s</text>\n", xc(i), base+14, labelTurn, xc(i), base+14, e(l))
		} else {
			fmt.Fprintf(&b, "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", xc(i), base+16, e(l))
		}
	}
	idx := map[int]int{}
	for i, x := range xs {
		idx[x] = i
	}
	ns := len(c.Series)
	if c.Kind == "bar" {
		for si, s := range c.Series {
			sty := st[si]
			bw := slot * 0.8 / float64(ns)
			for _, pt := range s.Points {
				x0 := xc(idx[pt.X]) - slot*0.4 + bw*float64(si)
				y0, y1 := y(math.Max(pt.Y, 0)), y(math.Min(pt.Y, 0))
				h := math.Max(y1-y0, 1)
				fmt.Fprintf(&b, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s><title>%s, %s: %s</title></rect>\n", x0, y0, math.Max(bw-1, 1), h, sty.colour, outline(sty), e(s.Name), e(labels[idx[pt.X]]), Num(pt.Y))
			}
		}
		return finish(&b, keys, top+plotH+bottom, st, c)
	}
	// Lines on equal values at an x are drawn side by side, 3 units
	// apart (Ann's 0 under Cy's was hidden); the marks' titles keep the
	// values.
	off := spread(c, idx)
	for si, s := range c.Series {
		sty := st[si]
		var pts []string
		for _, pt := range s.Points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", xc(idx[pt.X]), y(pt.Y)+off[si][pt.X]))
		}
		dash := ""
		if sty.dash != "" {
			dash = fmt.Sprintf(" stroke-dasharray=\"%s\"", sty.dash)
		}
		if sty.outline {
			fmt.Fprintf(&b, "<polyline class=\"halo\" fill=\"none\" stroke=\"#444\" stroke-width=\"4\"%s points=\"%s\"/>\n", dash, strings.Join(pts, " "))
		}
		fmt.Fprintf(&b, "<polyline class=\"mark\" data-series=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>\n", e(s.Name), sty.colour, dash, strings.Join(pts, " "))
		for _, pt := range s.Points {
			b.WriteString(marker(sty, xc(idx[pt.X]), y(pt.Y)+off[si][pt.X], fmt.Sprintf("%s, %s: %s", e(s.Name), e(labels[idx[pt.X]]), Num(pt.Y))))
		}
	}
	return finish(&b, keys, top+plotH+bottom, st, c)
}

// legendKey is where an image's legend draws one series' key, under the
// plot from y0 (its x and the row's y past the plot).
type legendKey struct{ x, y float64 }

// imageLegend lays an image's legend out in rows svgW wide: each key a
// 24-unit sample, then the whole name.
func imageLegend(c chronicle.Chart, st []seriesStyle, svgW float64) []legendKey {
	keys := make([]legendKey, len(c.Series))
	x, y := 8.0, 0.0
	for i, s := range c.Series {
		w := 24 + 6 + textW(s.Name) + 16
		if x > 8 && x+w > svgW-8 {
			x, y = 8, y+lineH+4
		}
		keys[i] = legendKey{x, y}
		x += w
	}
	return keys
}

// finish draws an image's legend (keys; none for a page's picture, whose
// legend is Legend's list) under the plot from y0, and closes the SVG.
func finish(b *strings.Builder, keys []legendKey, y0 float64, st []seriesStyle, c chronicle.Chart) string {
	for i, k := range keys {
		cy := y0 + k.y + lineH/2
		sty := st[i]
		fmt.Fprintf(b, "<g transform=\"translate(%.1f %.1f)\">%s</g><text x=\"%.1f\" y=\"%.1f\">%s</text>\n", k.x, cy-6, key(c, sty), k.x+30, cy+4, html.EscapeString(c.Series[i].Name))
	}
	if keys != nil {
		b.WriteString("</g>")
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// spread is the vertical offset of each series at each x where several
// series have the same value: they are drawn side by side.
func spread(c chronicle.Chart, idx map[int]int) []map[int]float64 {
	off := make([]map[int]float64, len(c.Series))
	group := map[[2]float64][]int{} // (x, y) -> the series there
	for si, s := range c.Series {
		off[si] = map[int]float64{}
		for _, pt := range s.Points {
			k := [2]float64{float64(pt.X), pt.Y}
			group[k] = append(group[k], si)
		}
	}
	for k, ss := range group {
		for j, si := range ss {
			off[si][int(k[0])] = (float64(j) - float64(len(ss)-1)/2) * 3
		}
	}
	return off
}

func outline(s seriesStyle) string {
	if s.outline {
		return " stroke=\"#444\" stroke-width=\"1\""
	}
	return ""
}

// marker draws one point of a line: its series' shape, centred on (x, y).
func marker(s seriesStyle, x, y float64, title string) string {
	attrs := fmt.Sprintf("class=\"mark\" fill=\"%s\"%s", s.colour, outline(s))
	t := "<title>" + title + "</title>"
	switch s.marker {
	case 1:
		return fmt.Sprintf("<rect %s x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"6\">%s</rect>\n", attrs, x-3, y-3, t)
	case 2:
		return fmt.Sprintf("<path %s d=\"M%.1f %.1fl3.5 6h-7z\">%s</path>\n", attrs, x, y-3.5, t)
	case 3:
		return fmt.Sprintf("<path %s d=\"M%.1f %.1fl3.5 3.5l-3.5 3.5l-3.5 -3.5z\">%s</path>\n", attrs, x, y-3.5, t)
	}
	return fmt.Sprintf("<circle %s cx=\"%.1f\" cy=\"%.1f\" r=\"3\">%s</circle>\n", attrs, x, y, t)
}

// Legend is a chart's legend as a list under the picture: it wraps to
// the page's width, and each name is whole.
func Legend(c chronicle.Chart, players []chronicle.Player) string {
	st := styles(c, players)
	var b strings.Builder
	b.WriteString("<ul class=\"legend\">\n")
	for si, s := range c.Series {
		fmt.Fprintf(&b, "<li><svg class=\"key\" width=\"24\" height=\"12\" viewBox=\"0 0 24 12\" aria-hidden=\"true\">%s</svg><span>%s</span></li>\n", key(c, st[si]), html.EscapeString(s.Name))
	}
	b.WriteString("</ul>\n")
	return b.String()
}

// key is a series' sample in a legend, 24 by 12 units: a bar's colour,
// or a line's colour, dash and marker.
func key(c chronicle.Chart, sty seriesStyle) string {
	if c.Kind == "bar" {
		return fmt.Sprintf("<rect x=\"7\" y=\"1\" width=\"10\" height=\"10\" fill=\"%s\"%s/>", sty.colour, outline(sty))
	}
	dash := ""
	if sty.dash != "" {
		dash = fmt.Sprintf(" stroke-dasharray=\"%s\"", sty.dash)
	}
	k := ""
	if sty.outline {
		k = fmt.Sprintf("<line x1=\"0\" x2=\"24\" y1=\"6\" y2=\"6\" stroke=\"#444\" stroke-width=\"4\"%s/>", dash)
	}
	k += fmt.Sprintf("<line x1=\"0\" x2=\"24\" y1=\"6\" y2=\"6\" stroke=\"%s\" stroke-width=\"2\"%s/>", sty.colour, dash)
	k += strings.Replace(marker(sty, 12, 6, ""), "class=\"mark\" ", "", 1)
	return strings.ReplaceAll(k, "<title></title>", "")
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
