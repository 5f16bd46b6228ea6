package report

import (
	"html"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/chronicle/chartsvg"
)

// The HTML report is one file with nothing to fetch: inline CSS, the
// charts as inline SVG drawn by referee/chronicle/chartsvg (a plotting
// library would add start-up time and size to every bosun command for a
// few polylines and bars), no scripts and no fonts beyond the reader's
// own.

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
		h.f("%s%s%s", chartsvg.SVG(c, h.players), chartsvg.Narrow(c, h.players), chartsvg.Legend(c, h.players))
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
