package report_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The HTML report is opened in a real headless Chromium, driven over the
// DevTools protocol on a pipe (--remote-debugging-pipe: fd 3 in, fd 4 out,
// messages ended by NUL), so the test needs no Go dependency and no port.
// One browser opens the four games' reports in turn.

// findChromium returns the Chromium (or Chrome) binary, "" when none.
func findChromium() string {
	if p := os.Getenv("BOSUN_CHROMIUM"); p != "" {
		return p
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

type cdpMsg struct {
	ID        int                       `json:"id,omitempty"`
	Method    string                    `json:"method,omitempty"`
	Params    json.RawMessage           `json:"params,omitempty"`
	Result    json.RawMessage           `json:"result,omitempty"`
	Error     *struct{ Message string } `json:"error,omitempty"`
	SessionID string                    `json:"sessionId,omitempty"`
}

type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	w       *os.File
	mu      sync.Mutex
	next    int
	waiting map[int]chan cdpMsg
	events  []cdpMsg
	evCh    chan struct{}
	stderr  bytes.Buffer
}

func startBrowser(t *testing.T, bin string) *browser {
	inR, inW, err := os.Pipe() // we write, Chromium reads (its fd 3)
	require.NoError(t, err)
	outR, outW, err := os.Pipe() // Chromium writes (its fd 4), we read
	require.NoError(t, err)
	b := &browser{t: t, w: inW, waiting: map[int]chan cdpMsg{}, evCh: make(chan struct{}, 1)}
	b.cmd = exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--disable-default-apps", "--mute-audio", "--hide-scrollbars",
		"--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	b.cmd.ExtraFiles = []*os.File{inR, outW}
	b.cmd.Stderr = &b.stderr
	require.NoError(t, b.cmd.Start())
	inR.Close()
	outW.Close()
	go b.read(outR)
	t.Cleanup(func() {
		b.send("", "Browser.close", nil)
		done := make(chan struct{})
		go func() { b.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			b.cmd.Process.Kill()
			<-done
		}
		inW.Close()
	})
	return b
}

func (b *browser) read(r *os.File) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m cdpMsg
		if json.Unmarshal(line[:len(line)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch, ok := b.waiting[m.ID]; ok {
				delete(b.waiting, m.ID)
				ch <- m
			}
		} else {
			b.events = append(b.events, m)
			select {
			case b.evCh <- struct{}{}:
			default:
			}
		}
		b.mu.Unlock()
	}
}

// send sends a command and returns its reply, failing the test on an error.
func (b *browser) send(session, method string, params any) json.RawMessage {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan cdpMsg, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	raw, _ := json.Marshal(msg)
	if _, err := b.w.Write(append(raw, 0)); err != nil {
		if method == "Browser.close" {
			return nil
		}
		b.t.Fatalf("cdp %s: %v (chromium stderr: %s)", method, err, b.stderr.String())
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			b.t.Fatalf("cdp %s: %s", method, m.Error.Message)
		}
		return m.Result
	case <-time.After(30 * time.Second):
		if method == "Browser.close" {
			return nil
		}
		b.t.Fatalf("cdp %s: no reply in 30s (chromium stderr: %s)", method, b.stderr.String())
	}
	return nil
}

// waitEvent waits for an event of a session and returns it.
func (b *browser) waitEvent(session, method string, from int) (int, cdpMsg) {
	deadline := time.After(30 * time.Second)
	for {
		b.mu.Lock()
		for i := from; i < len(b.events); i++ {
			if b.events[i].Method == method && b.events[i].SessionID == session {
				m := b.events[i]
				b.mu.Unlock()
				return i, m
			}
		}
		b.mu.Unlock()
		select {
		case <-b.evCh:
		case <-deadline:
			b.t.Fatalf("cdp: no %s in 30s", method)
		}
	}
}

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

func (b *browser) open(path string) page {
	var target struct{ TargetID string }
	require.NoError(b.t, json.Unmarshal(b.send("", "Target.createTarget", map[string]any{"url": "about:blank"}), &target))
	var att struct{ SessionID string }
	require.NoError(b.t, json.Unmarshal(b.send("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &att))
	s := att.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		b.send(s, m, nil)
	}
	b.send(s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1000, "height": 1250, "deviceScaleFactor": 1, "mobile": false})
	b.mu.Lock()
	from := len(b.events)
	b.mu.Unlock()
	url := "file://" + path
	b.send(s, "Page.navigate", map[string]any{"url": url})
	b.waitEvent(s, "Page.loadEventFired", from)
	time.Sleep(200 * time.Millisecond) // late console messages
	var pg page
	b.mu.Lock()
	for _, e := range b.events[from:] {
		if e.SessionID != s {
			continue
		}
		switch e.Method {
		case "Runtime.consoleAPICalled":
			var p struct {
				Type string
				Args []struct{ Value any }
			}
			json.Unmarshal(e.Params, &p)
			if p.Type == "error" || p.Type == "warning" || p.Type == "assert" {
				pg.console = append(pg.console, fmt.Sprintf("console.%s %v", p.Type, p.Args))
			}
		case "Runtime.exceptionThrown":
			pg.console = append(pg.console, "exception: "+string(e.Params))
		case "Log.entryAdded":
			var p struct {
				Entry struct{ Level, Text, URL string }
			}
			json.Unmarshal(e.Params, &p)
			if p.Entry.Level == "error" || p.Entry.Level == "warning" {
				pg.console = append(pg.console, p.Entry.Level+": "+p.Entry.Text+" "+p.Entry.URL)
			}
		case "Network.requestWillBeSent":
			var p struct{ Request struct{ URL string } }
			json.Unmarshal(e.Params, &p)
			if p.Request.URL != url {
				pg.requests = append(pg.requests, p.Request.URL)
			}
		}
	}
	b.mu.Unlock()
	js := `JSON.stringify({title: document.title, charts: [...document.querySelectorAll('.chart')].map(c => {
		const svg = c.querySelector('svg');
		return {id: c.id, svg: !!svg, marks: svg ? svg.querySelectorAll('.mark').length : 0,
			width: svg ? svg.getBoundingClientRect().width : 0, note: !!c.querySelector('.note')};
	})})`
	var ev struct{ Result struct{ Value string } }
	require.NoError(b.t, json.Unmarshal(b.send(s, "Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true}), &ev))
	var seen struct {
		Title  string
		Charts []chartSeen
	}
	require.NoError(b.t, json.Unmarshal([]byte(ev.Result.Value), &seen), ev.Result.Value)
	pg.title, pg.charts = seen.Title, seen.Charts
	var shot struct{ Data string }
	require.NoError(b.t, json.Unmarshal(b.send(s, "Page.captureScreenshot", map[string]any{"format": "png"}), &shot))
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	require.NoError(b.t, err)
	pg.png = png
	b.send("", "Target.closeTarget", map[string]any{"targetId": target.TargetID})
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
	bin := findChromium()
	if bin == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $BOSUN_CHROMIUM): install the Debian package chromium (apt-get install -y chromium) to check the HTML report in a real browser")
	}
	br := startBrowser(t, bin)
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
			br.t = t
			pg := br.open(r.path)
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
		br.t = t
		bad := filepath.Join(t.TempDir(), "bad.html")
		require.NoError(t, os.WriteFile(bad, []byte(`<!DOCTYPE html><html><head><title>bad</title></head><body>
<div class="chart" id="chart-x"><svg></svg></div><img src="http://127.0.0.1:9/x.png">
<script>console.error("boom"); nosuch();</script></body></html>`), 0o644))
		pg := br.open(bad)
		assert.True(t, strings.Contains(strings.Join(pg.console, "\n"), "boom"), "console error seen: %v", pg.console)
		assert.GreaterOrEqual(t, len(pg.console), 2, "the exception is seen too: %v", pg.console)
		assert.Contains(t, pg.requests, "http://127.0.0.1:9/x.png")
		require.Len(t, pg.charts, 1)
		assert.Zero(t, pg.charts[0].Marks)
	})
}
