package report_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil/cdptest"
	reportpkg "github.com/bosun-referee/bosun/cmd/report"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The HTML report is opened in a real headless Chromium
// (cmd/cmdutil/cdptest): one browser opens the four games' reports in turn.

// page is what the browser saw of one report.
type page struct {
	console  []string // console errors, exceptions and error log entries
	requests []string // every URL the page asked for beyond itself
	charts   []chartSeen
	title    string
	viewport float64 // the page's width in CSS pixels
	png      []byte
}

type chartSeen struct {
	ID    string  `json:"id"`
	SVG   bool    `json:"svg"`
	Marks int     `json:"marks"`
	Width float64 `json:"width"`
	Note  bool    `json:"note"`
	// Texts are the chart's labels and legend entries as the browser laid
	// them out: each one's four corners on the screen (a turned label is
	// a turned box) and the box it must stay inside (the picture, the
	// legend).
	Texts []textSeen `json:"texts"`
	Right float64    `json:"right"` // the chart's right edge
}

type textSeen struct {
	Text string        `json:"text"`
	Quad [4][2]float64 `json:"quad"`
	In   [4]float64    `json:"in"` // left, top, right, bottom
}

// measure is the script that reads every chart's texts: an SVG text's
// box in its own coordinates (getBBox) taken to the screen by its
// matrix (getScreenCTM, with its rotation), a legend entry's
// getBoundingClientRect.
const measure = `JSON.stringify({title: document.title, charts: [...document.querySelectorAll('.chart')].map(c => {
	// the picture shown (a chart has one for a screen and one for a phone)
	const svg = [...c.querySelectorAll('svg:not(.key)')].find(s => s.getBoundingClientRect().width > 0);
	const rect = r => [r.left, r.top, r.right, r.bottom];
	const texts = [];
	if (svg) {
		const box = rect(svg.getBoundingClientRect());
		for (const t of svg.querySelectorAll('text')) {
			const b = t.getBBox(), m = t.getScreenCTM();
			const q = [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]].map(([x, y]) => {
				const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; });
			texts.push({text: t.textContent, quad: q, in: box});
		}
	}
	const legend = c.querySelector('.legend');
	if (legend) {
		const box = rect(legend.getBoundingClientRect());
		for (const li of legend.querySelectorAll('li')) {
			const r = li.getBoundingClientRect();
			texts.push({text: li.textContent, quad: [[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]], in: box});
			const sp = li.querySelector('span');
			if (sp && sp.scrollWidth > sp.clientWidth + 1) texts.push({text: li.textContent + ' (cut)', quad: [[0,0],[0,0],[0,0],[0,0]], in: [1, 1, 1, 1]});
		}
	}
	return {id: c.id, svg: !!svg, marks: svg ? svg.querySelectorAll('.mark').length : 0,
		width: svg ? svg.getBoundingClientRect().width : 0, note: !!c.querySelector('.note'),
		texts: texts, right: c.getBoundingClientRect().right};
}), viewport: document.documentElement.clientWidth})`

// overlap reports whether two convex quadrilaterals overlap by more than
// half a pixel (separating axis test over both quads' edges).
func overlap(a, b [4][2]float64) bool {
	for _, q := range [][4][2]float64{a, b} {
		for i := range 4 {
			p, r := q[i], q[(i+1)%4]
			ax, ay := -(r[1] - p[1]), r[0]-p[0]
			l := math.Hypot(ax, ay)
			if l == 0 {
				continue
			}
			ax, ay = ax/l, ay/l
			lo1, hi1 := project(a, ax, ay)
			lo2, hi2 := project(b, ax, ay)
			if math.Min(hi1, hi2)-math.Max(lo1, lo2) <= 0.5 {
				return false
			}
		}
	}
	return true
}

func project(q [4][2]float64, ax, ay float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range q {
		v := p[0]*ax + p[1]*ay
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// laidOut lists what is wrong with one chart's texts: one overlapping
// another, one outside its box (cut), the chart wider than the viewport.
func laidOut(c chartSeen, viewport float64) []string {
	var bad []string
	if c.Right > viewport+0.5 {
		bad = append(bad, fmt.Sprintf("%s: wider than the page (%.0f > %.0f)", c.ID, c.Right, viewport))
	}
	for i, a := range c.Texts {
		for _, p := range a.Quad {
			if p[0] < a.In[0]-0.5 || p[0] > a.In[2]+0.5 || p[1] < a.In[1]-0.5 || p[1] > a.In[3]+0.5 {
				bad = append(bad, fmt.Sprintf("%s: %q is cut: corner %.1f outside %.1f", c.ID, a.Text, p, a.In))
				break
			}
		}
		for _, b := range c.Texts[i+1:] {
			if overlap(a.Quad, b.Quad) {
				bad = append(bad, fmt.Sprintf("%s: %q overlaps %q", c.ID, a.Text, b.Text))
			}
		}
	}
	return bad
}

func open(b *cdptest.Browser, path string, width int) page {
	var target struct{ TargetID string }
	require.NoError(b.T, json.Unmarshal(b.Send("", "Target.createTarget", map[string]any{"url": "about:blank"}), &target))
	var att struct{ SessionID string }
	require.NoError(b.T, json.Unmarshal(b.Send("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &att))
	s := att.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		b.Send(s, m, nil)
	}
	b.Send(s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": 1250, "deviceScaleFactor": 1, "mobile": width < 600})
	from := b.Mark()
	url := "file://" + path
	b.Send(s, "Page.navigate", map[string]any{"url": url})
	b.WaitEvent(s, "Page.loadEventFired", from)
	time.Sleep(200 * time.Millisecond) // late console messages
	var pg page
	console, requests := b.Seen(s, from)
	pg.console = console
	for _, r := range requests {
		if r != url {
			pg.requests = append(pg.requests, r)
		}
	}
	var ev struct{ Result struct{ Value string } }
	require.NoError(b.T, json.Unmarshal(b.Send(s, "Runtime.evaluate", map[string]any{"expression": measure, "returnByValue": true}), &ev))
	var seen struct {
		Title    string
		Charts   []chartSeen
		Viewport float64
	}
	require.NoError(b.T, json.Unmarshal([]byte(ev.Result.Value), &seen), ev.Result.Value)
	pg.title, pg.charts, pg.viewport = seen.Title, seen.Charts, seen.Viewport
	var shot struct{ Data string }
	require.NoError(b.T, json.Unmarshal(b.Send(s, "Page.captureScreenshot", map[string]any{"format": "png"}), &shot))
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	require.NoError(b.T, err)
	pg.png = png
	b.Send("", "Target.closeTarget", map[string]any{"targetId": target.TargetID})
	return pg
}

// TestHTMLInBrowser opens every scripted game's HTML report in headless
// Chromium at 360 and 1280 px wide (no label or legend entry overlaps
// another or is cut), and each game's one report at 1000 px:
// it loads with no console error and no network request, every chart of
// the chronicle is there as an SVG with marks, and a screenshot is taken
// (kept under docs/report-<game>.png with -update). The browser starts
// while the games are played. -short skips it (go test ./... without it,
// as CI runs, opens them).
func TestHTMLInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a real browser opening the four reports takes seconds")
	}
	bin := cdptest.FindChromium()
	if bin == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $BOSUN_CHROMIUM): install the Debian package chromium (apt-get install -y chromium) to check the HTML report in a real browser")
	}
	br := cdptest.Start(t, bin)
	type report struct {
		g    scripted
		path string
		ch   chronicle.Chronicle
	}
	var reports []report
	shots := 0
	for _, g := range games {
		if g.game != "" {
			shots++
		}
		if g.game == "" {
			// the others' pages are written from their golden chronicles
			// (TestScriptedGames keeps them those of the games played)
			ch := chronicleOf(t, g.name)
			var buf bytes.Buffer
			require.NoError(t, reportpkg.Write(&buf, ch, reportpkg.FormatHTML, 80))
			path := filepath.Join(t.TempDir(), g.name+".html")
			require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
			reports = append(reports, report{g, path, *ch})
			continue
		}
		tb := newTable(t) // a table of its own: the games' board values differ
		tb.play(g)
		path := filepath.Join(tb.dir, g.name+".html")
		tb.must("report", g.name, "-o", path)
		var ch chronicle.Chronicle
		require.NoError(t, json.Unmarshal([]byte(tb.must("report", g.name, "--json")), &ch))
		reports = append(reports, report{g, path, ch})
	}
	require.Equal(t, 4, shots, "one screenshot per game")
	for _, r := range reports {
		t.Run(r.g.name, func(t *testing.T) {
			br.T = t
			// At a phone's width and a wide screen's, no label or legend
			// entry overlaps another and none is cut.
			for _, w := range []int{360, 1280} {
				t.Run(fmt.Sprint(w), func(t *testing.T) {
					br.T = t
					pg := open(br, r.path, w)
					require.Len(t, pg.charts, len(r.ch.Charts))
					for _, c := range pg.charts {
						if c.SVG {
							assert.NotEmpty(t, c.Texts, "%s: labels measured", c.ID)
						}
						assert.Empty(t, laidOut(c, pg.viewport), "at %d px", w)
					}
				})
			}
			br.T = t
			if r.g.game == "" {
				return // the layout of every scripted game's report; the rest for one per game
			}
			pg := open(br, r.path, 1000)
			assert.Empty(t, pg.console, "console errors")
			assert.Empty(t, pg.requests, "network requests")
			assert.Equal(t, r.ch.Title, pg.title)
			require.Len(t, pg.charts, len(r.ch.Charts), "every chart of the chronicle is on the page")
			for i, c := range r.ch.Charts {
				seen := pg.charts[i]
				assert.Equal(t, "chart-"+c.ID, seen.ID)
				if c.Empty() {
					assert.True(t, seen.Note, "%s: an empty chart says why", c.ID)
					continue
				}
				points := 0
				for _, s := range c.Series {
					points += len(s.Points)
				}
				assert.True(t, seen.SVG, c.ID)
				assert.GreaterOrEqual(t, seen.Marks, points, "%s: a mark per point at least", c.ID)
				assert.Greater(t, seen.Width, 300.0, "%s is drawn at a readable width", c.ID)
			}
			require.True(t, bytes.HasPrefix(pg.png, []byte("\x89PNG\r\n\x1a\n")), "screenshot is a PNG")
			assert.Greater(t, len(pg.png), 10000, "screenshot is not blank")
			dir := t.TempDir()
			if *update {
				dir = filepath.Join(repo, "docs")
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, "report-"+r.g.game+".png"), pg.png, 0o644))
		})
	}
	// The checks above can fail: a page with a script error, a console
	// error and a fetch from the network is caught by each.
	t.Run("bad page", func(t *testing.T) {
		br.T = t
		bad := filepath.Join(t.TempDir(), "bad.html")
		require.NoError(t, os.WriteFile(bad, []byte(`<!DOCTYPE html><html><head><title>bad</title></head><body>
<div class="chart" id="chart-x"><svg></svg></div><img src="http://127.0.0.1:9/x.png">
<div class="chart" id="chart-y"><svg viewBox="0 0 200 50" width="200"><text x="10" y="20">Captain Ironside</text><text x="30" y="24">overlaps</text><text x="150" y="40">cut at the edge</text></svg></div>
<script>console.error("boom"); nosuch();</script></body></html>`), 0o644))
		pg := open(br, bad, 1000)
		assert.True(t, strings.Contains(strings.Join(pg.console, "\n"), "boom"), "console error seen: %v", pg.console)
		assert.GreaterOrEqual(t, len(pg.console), 2, "the exception is seen too: %v", pg.console)
		assert.Contains(t, pg.requests, "http://127.0.0.1:9/x.png")
		require.Len(t, pg.charts, 2)
		assert.Zero(t, pg.charts[0].Marks)
		wrong := strings.Join(laidOut(pg.charts[1], pg.viewport), "\n")
		assert.Contains(t, wrong, `"Captain Ironside" overlaps "overlaps"`)
		assert.Contains(t, wrong, `"cut at the edge" is cut`)
		assert.NotContains(t, wrong, `"Captain Ironside" is cut`)
	})
}
