package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/mattn/go-runewidth"
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
.legend{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;list-style:none;padding:0;margin:.3rem 0 0;font-size:.85rem}.legend li{display:flex;align-items:center;gap:.35rem;min-width:0;overflow-wrap:anywhere}.key{flex:none}
.chart-narrow{display:none}@media (max-width:32rem){.chart-wide{display:none}.chart-narrow{display:block}}
code{font-size:.85rem}.status{padding:.4rem .7rem;background:#f5f0e1;border-left:4px solid #c9a227}`

// HTML writes the chronicle as one self-contained HTML page.
func HTML(w io.Writer, ch *chronicle.Chronicle) error {
	return walk(&htmlWriter{out: out{w: w}, players: ch.Players}, ch)
}

// htmlWriter is the HTML writer.
type htmlWriter struct {
	out
	players []chronicle.Player // whose own colours the charts draw
}

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
		h.f("%s%s%s", SVG(c, h.players), svgAt(c, h.players, narrowW), legendHTML(c, h.players))
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
			col = palette[next%len(palette)]
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

// SVG draws a chart for a screen (wideW units): lines with markers, or
// grouped bars, with axes, grid and x labels (the legend is the page's,
// under it: see legendHTML). Every drawn value is an element of class
// "mark". No label is cut: a label too wide for its slot is turned, and
// the margins grow to hold it.
func SVG(c chronicle.Chart, players []chronicle.Player) string {
	return svgAt(c, players, wideW)
}

// svgAt draws the chart svgW units wide (class chart-wide or chart-narrow).
func svgAt(c chronicle.Chart, players []chronicle.Player, svgW float64) string {
	const right = 12
	plotH := 214.0
	class := "chart-wide"
	if svgW < wideW {
		plotH, class = 180, "chart-narrow"
	}
	xs, labels := xAxis(c)
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
		ticks = math.Max(ticks, textW(num(v)))
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
	pw := svgW - left - right
	y := func(v float64) float64 { return top + plotH - (v-lo)/(hi-lo)*plotH }
	xc := func(i int) float64 { return left + slot*(float64(i)+0.5) }
	var b strings.Builder
	e := html.EscapeString
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" viewBox=\"0 0 %g %.0f\" width=\"100%%\" role=\"img\" aria-label=\"%s\">\n", class, svgW, H, e(c.Title))
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(&b, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", left, left+pw, y(v), y(v))
		fmt.Fprintf(&b, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left-6, y(v)+4, num(v))
	}
	fmt.Fprintf(&b, "<line class=\"axis\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", left, left+pw, y(math.Max(lo, 0)), y(math.Max(lo, 0)))
	fmt.Fprintf(&b, "<line class=\"axis\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.0f\"/>\n", left, left, top, top+plotH)
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
				fmt.Fprintf(&b, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s><title>%s, %s: %s</title></rect>\n", x0, y0, math.Max(bw-1, 1), h, sty.colour, outline(sty), e(s.Name), e(labels[idx[pt.X]]), num(pt.Y))
			}
		}
		b.WriteString("</svg>\n")
		return b.String()
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
			b.WriteString(marker(sty, xc(idx[pt.X]), y(pt.Y)+off[si][pt.X], fmt.Sprintf("%s, %s: %s", e(s.Name), e(labels[idx[pt.X]]), num(pt.Y))))
		}
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

// legendHTML is a chart's legend as a list under the picture: it wraps to
// the page's width, and each name is whole.
func legendHTML(c chronicle.Chart, players []chronicle.Player) string {
	st := styles(c, players)
	var b strings.Builder
	b.WriteString("<ul class=\"legend\">\n")
	for si, s := range c.Series {
		sty := st[si]
		var key string
		if c.Kind == "bar" {
			key = fmt.Sprintf("<rect x=\"7\" y=\"1\" width=\"10\" height=\"10\" fill=\"%s\"%s/>", sty.colour, outline(sty))
		} else {
			dash := ""
			if sty.dash != "" {
				dash = fmt.Sprintf(" stroke-dasharray=\"%s\"", sty.dash)
			}
			if sty.outline {
				key = fmt.Sprintf("<line x1=\"0\" x2=\"24\" y1=\"6\" y2=\"6\" stroke=\"#444\" stroke-width=\"4\"%s/>", dash)
			}
			key += fmt.Sprintf("<line x1=\"0\" x2=\"24\" y1=\"6\" y2=\"6\" stroke=\"%s\" stroke-width=\"2\"%s/>", sty.colour, dash)
			key += strings.Replace(marker(sty, 12, 6, ""), "class=\"mark\" ", "", 1)
		}
		fmt.Fprintf(&b, "<li><svg class=\"key\" width=\"24\" height=\"12\" viewBox=\"0 0 24 12\" aria-hidden=\"true\">%s</svg><span>%s</span></li>\n", strings.ReplaceAll(key, "<title></title>", ""), html.EscapeString(s.Name))
	}
	b.WriteString("</ul>\n")
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
