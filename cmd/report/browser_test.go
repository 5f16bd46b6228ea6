package report_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil/cdptest"
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
	png      []byte
}

type chartSeen struct {
	ID    string  `json:"id"`
	SVG   bool    `json:"svg"`
	Marks int     `json:"marks"`
	Width float64 `json:"width"`
	Note  bool    `json:"note"`
}

func open(b *cdptest.Browser, path string) page {
	var target struct{ TargetID string }
	require.NoError(b.T, json.Unmarshal(b.Send("", "Target.createTarget", map[string]any{"url": "about:blank"}), &target))
	var att struct{ SessionID string }
	require.NoError(b.T, json.Unmarshal(b.Send("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &att))
	s := att.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		b.Send(s, m, nil)
	}
	b.Send(s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1000, "height": 1250, "deviceScaleFactor": 1, "mobile": false})
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
	js := `JSON.stringify({title: document.title, charts: [...document.querySelectorAll('.chart')].map(c => {
		const svg = c.querySelector('svg');
		return {id: c.id, svg: !!svg, marks: svg ? svg.querySelectorAll('.mark').length : 0,
			width: svg ? svg.getBoundingClientRect().width : 0, note: !!c.querySelector('.note')};
	})})`
	var ev struct{ Result struct{ Value string } }
	require.NoError(b.T, json.Unmarshal(b.Send(s, "Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true}), &ev))
	var seen struct {
		Title  string
		Charts []chartSeen
	}
	require.NoError(b.T, json.Unmarshal([]byte(ev.Result.Value), &seen), ev.Result.Value)
	pg.title, pg.charts = seen.Title, seen.Charts
	var shot struct{ Data string }
	require.NoError(b.T, json.Unmarshal(b.Send(s, "Page.captureScreenshot", map[string]any{"format": "png"}), &shot))
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	require.NoError(b.T, err)
	pg.png = png
	b.Send("", "Target.closeTarget", map[string]any{"targetId": target.TargetID})
	return pg
}

// TestHTMLInBrowser opens each game's HTML report in headless Chromium:
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
	tb := newTable(t)
	type report struct {
		g    scripted
		path string
		ch   chronicle.Chronicle
	}
	var reports []report
	for _, g := range games {
		if g.game == "" {
			continue
		}
		tb.play(g)
		path := filepath.Join(tb.dir, g.game+".html")
		tb.must("report", g.name, "-o", path)
		var ch chronicle.Chronicle
		require.NoError(t, json.Unmarshal([]byte(tb.must("report", g.name, "--json")), &ch))
		reports = append(reports, report{g, path, ch})
	}
	require.Len(t, reports, 4, "one report per game")
	for _, r := range reports {
		t.Run(r.g.game, func(t *testing.T) {
			br.T = t
			pg := open(br, r.path)
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
<script>console.error("boom"); nosuch();</script></body></html>`), 0o644))
		pg := open(br, bad)
		assert.True(t, strings.Contains(strings.Join(pg.console, "\n"), "boom"), "console error seen: %v", pg.console)
		assert.GreaterOrEqual(t, len(pg.console), 2, "the exception is seen too: %v", pg.console)
		assert.Contains(t, pg.requests, "http://127.0.0.1:9/x.png")
		require.Len(t, pg.charts, 1)
		assert.Zero(t, pg.charts[0].Marks)
	})
}
