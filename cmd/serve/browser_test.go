package serve_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The page is opened in a real headless Chromium, driven over the
// DevTools protocol on a pipe (--remote-debugging-pipe: fd 3 in, fd 4 out,
// messages ended by NUL), as cmd/report's browser test does, so the test
// needs no Go dependency and no debugging port.

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

// tab is one page open in the browser.
type tab struct {
	b      *browser
	target string
	s      string
	from   int // first browser event of this tab
}

func (b *browser) newTab(width, height int, mobile bool) *tab {
	var target struct{ TargetID string }
	require.NoError(b.t, json.Unmarshal(b.send("", "Target.createTarget", map[string]any{"url": "about:blank"}), &target))
	var att struct{ SessionID string }
	require.NoError(b.t, json.Unmarshal(b.send("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &att))
	tb := &tab{b: b, target: target.TargetID, s: att.SessionID}
	b.mu.Lock()
	tb.from = len(b.events)
	b.mu.Unlock()
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		b.send(tb.s, m, nil)
	}
	tb.resize(width, height, mobile)
	return tb
}

func (tb *tab) resize(width, height int, mobile bool) {
	tb.b.send(tb.s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
}

func (tb *tab) navigate(url string) {
	tb.b.mu.Lock()
	from := len(tb.b.events)
	tb.b.mu.Unlock()
	tb.b.send(tb.s, "Page.navigate", map[string]any{"url": url})
	tb.b.waitEvent(tb.s, "Page.loadEventFired", from)
}

// eval returns the string an expression evaluates to.
func (tb *tab) eval(js string) string {
	var ev struct {
		Result struct {
			Value any
		}
		ExceptionDetails *struct{ Text string }
	}
	require.NoError(tb.b.t, json.Unmarshal(tb.b.send(tb.s, "Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true}), &ev))
	if ev.ExceptionDetails != nil {
		tb.b.t.Fatalf("eval %s: %s", js, ev.ExceptionDetails.Text)
	}
	switch v := ev.Result.Value.(type) {
	case string:
		return v
	case nil:
		return ""
	default:
		out, _ := json.Marshal(v)
		return string(out)
	}
}

// waitFor polls a boolean expression every 20 ms until it holds and
// returns how long it took, failing after within.
func (tb *tab) waitFor(js string, within time.Duration) time.Duration {
	start := time.Now()
	for {
		if tb.eval("String(!!("+js+"))") == "true" {
			return time.Since(start)
		}
		if time.Since(start) > within {
			tb.b.t.Fatalf("not within %v: %s", within, js)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (tb *tab) screenshot() []byte {
	var shot struct{ Data string }
	require.NoError(tb.b.t, json.Unmarshal(tb.b.send(tb.s, "Page.captureScreenshot", map[string]any{"format": "png"}), &shot))
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	require.NoError(tb.b.t, err)
	return png
}

// seen returns the console errors and the URLs the tab asked for.
func (tb *tab) seen() (console, requests []string) {
	tb.b.mu.Lock()
	defer tb.b.mu.Unlock()
	for _, e := range tb.b.events[tb.from:] {
		if e.SessionID != tb.s {
			continue
		}
		switch e.Method {
		case "Runtime.consoleAPICalled":
			var p struct{ Type string }
			json.Unmarshal(e.Params, &p)
			if p.Type == "error" || p.Type == "warning" || p.Type == "assert" {
				console = append(console, "console."+p.Type+" "+string(e.Params))
			}
		case "Runtime.exceptionThrown":
			console = append(console, "exception: "+string(e.Params))
		case "Log.entryAdded":
			var p struct {
				Entry struct{ Level, Text, URL string }
			}
			json.Unmarshal(e.Params, &p)
			if p.Entry.Level == "error" || p.Entry.Level == "warning" {
				console = append(console, p.Entry.Level+": "+p.Entry.Text+" "+p.Entry.URL)
			}
		case "Network.requestWillBeSent":
			var p struct{ Request struct{ URL string } }
			json.Unmarshal(e.Params, &p)
			requests = append(requests, p.Request.URL)
		}
	}
	return console, requests
}

func (tb *tab) close() { tb.b.send("", "Target.closeTarget", map[string]any{"targetId": tb.target}) }

// TestPageInBrowser opens the page of a Misty Waters session in headless
// Chromium: the round and the latest event are shown, a step saved by
// bosun next shows within a second without reloading, a cited section and
// a rules search open in place, nothing is asked of another host and no
// console error is logged; screenshots at 360 and 1280 pixels wide (kept
// as docs/serve-phone.png and docs/serve-tv.png with -update) show no
// horizontal overflow. -short skips it.
func TestPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a real browser takes seconds")
	}
	bin := findChromium()
	if bin == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $BOSUN_CHROMIUM): install the Debian package chromium (apt-get install -y chromium) to check the page in a real browser")
	}
	br := startBrowser(t, bin)
	tb := newTable(t)
	name := tb.threePlayers()
	for range 3 {
		tb.next(name)
	}
	_, hs := newServer(t, tb, name, nil)

	tab := tb.open(br, hs.URL+"/", 1280, 800, false)
	assert.Contains(t, tab.eval(`document.getElementById("facts").textContent`), "Round", "the round is shown")
	assert.Equal(t, "4", tab.eval(`document.querySelector("#facts dd").textContent`), "the step is shown")
	last := tab.eval(`document.querySelector("#events li .text").textContent`)
	assert.NotEmpty(t, last, "an event is shown")
	tab.waitFor(`document.getElementById("live").textContent === "live"`, 5*time.Second)
	version := tab.eval(`document.body.dataset.version`)
	require.Equal(t, "false", tab.eval(`String(window.performance.getEntriesByType("navigation").length > 1)`))
	tab.eval(`window.notReloaded = true; ""`)

	// a step saved by another command shows without reloading, within a second
	start := time.Now()
	tb.next(name)
	tab.waitFor(`document.querySelector("#facts dd").textContent === "5"`, 1500*time.Millisecond)
	took := time.Since(start)
	assert.Less(t, took, time.Second, "the step reached the page in %v", took)
	t.Logf("step saved to page updated: %v", took)
	assert.Equal(t, "true", tab.eval(`String(window.notReloaded === true)`), "the page was not reloaded")
	assert.NotEqual(t, version, tab.eval(`document.body.dataset.version`))
	assert.NotEqual(t, last, tab.eval(`document.querySelector("#events li .text").textContent`), "the new step's event is on top")
	assert.Equal(t, "new", tab.eval(`document.querySelector("#events li").className`), "the new events are marked")

	// a cite opens its section in place
	tab.eval(`document.querySelector("a.cite").click(); ""`)
	tab.waitFor(`!document.getElementById("section").hidden && document.getElementById("section-text").textContent.length > 20`, 5*time.Second)
	// a rules search answers in place
	tab.eval(`document.getElementById("q").value = "what does the wind force do"; document.getElementById("search").requestSubmit(); ""`)
	tab.waitFor(`document.getElementById("answer").textContent.startsWith("misty-waters/")`, 5*time.Second)

	assert.Equal(t, "true", tab.eval(`String(document.documentElement.scrollWidth <= window.innerWidth)`), "no horizontal overflow at 1280")
	tv := tab.screenshot()
	tab.resize(360, 740, true)
	time.Sleep(200 * time.Millisecond)
	assert.Equal(t, "true", tab.eval(`String(document.documentElement.scrollWidth <= window.innerWidth)`), "no horizontal overflow at 360")
	assert.Equal(t, "true", tab.eval(`String(document.querySelector("#events li").getBoundingClientRect().right <= 360)`), "events fit a phone")
	phone := tab.screenshot()

	console, requests := tab.seen()
	assert.Empty(t, console, "console errors")
	for _, u := range requests {
		assert.True(t, strings.HasPrefix(u, hs.URL+"/"), "every request goes to the server itself: %s", u)
	}
	assert.NotEmpty(t, requests)
	tab.close()

	// with a token (--lan): the page's own requests, the live stream and
	// the search included, carry it
	const token = "00112233445566778899aabbccddeeff"
	_, hs2 := newServer(t, tb, name, func(c *serve.Config) { c.Token, c.Loopback = token, false })
	tab2 := tb.open(br, hs2.URL+"/?t="+token, 1280, 800, false)
	tab2.waitFor(`document.getElementById("live").textContent === "live"`, 5*time.Second)
	tab2.eval(`document.getElementById("q").value = "wind force"; document.getElementById("search").requestSubmit(); ""`)
	tab2.waitFor(`document.getElementById("answer").textContent.startsWith("misty-waters/")`, 5*time.Second)
	console, requests = tab2.seen()
	assert.Empty(t, console, "console errors with a token")
	for _, u := range requests {
		if !strings.HasPrefix(u, hs2.URL+"/api/search") { // the search sends it in a header
			assert.Contains(t, u, "t="+token, "every request carries the token: %s", u)
		}
	}
	tab2.close()

	dir := t.TempDir()
	if *update {
		dir = filepath.Join(repo, "docs")
	}
	for n, png := range map[string][]byte{"serve-tv.png": tv, "serve-phone.png": phone} {
		require.True(t, bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")), "%s is a PNG", n)
		assert.Greater(t, len(png), 10000, "%s is not blank", n)
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), png, 0o644))
	}
}

func (tb *table) open(br *browser, url string, width, height int, mobile bool) *tab {
	tab := br.newTab(width, height, mobile)
	tab.navigate(url)
	return tab
}

// TestAnswerInBrowser: with --answer the page runs a step from its
// button, shows the question with its values as buttons, and a tap on one
// answers it (the next question follows) with no
// console error; a screenshot at 360 px is kept as
// docs/serve-answer-phone.png with -update.
func TestAnswerInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a real browser takes seconds")
	}
	bin := findChromium()
	if bin == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $BOSUN_CHROMIUM): install the Debian package chromium (apt-get install -y chromium) to check the page in a real browser")
	}
	br := startBrowser(t, bin)
	tb := newTable(t)
	name := tb.hostileSession()
	url, _, _ := startServe(t, name, "--answer", "--addr", "127.0.0.1:0")
	tab := tb.open(br, url, 360, 740, true)
	tab.waitFor(`document.getElementById("live").textContent === "live"`, 5*time.Second)
	tab.waitFor(`!document.getElementById("next").hidden`, 2*time.Second)
	tab.eval(`document.getElementById("next").click(); ""`)
	tab.waitFor(`document.querySelectorAll("#ask-choices button").length === 7`, 5*time.Second)
	assert.Equal(t, `["-3","-2","-1","0","1","2","3"]`, tab.eval(`[...document.querySelectorAll("#ask-choices button")].map(b => b.textContent)`))
	assert.Contains(t, tab.eval(`document.getElementById("ask-text").textContent`), "Wind Force box 5")
	assert.Contains(t, tab.eval(`document.getElementById("ask-accepted").textContent`), "misty.board.wind.speed.5", "the key is shown")
	assert.Equal(t, "none", tab.eval(`getComputedStyle(document.getElementById("ask-form")).display`), "no text field where buttons hold every value")
	assert.Equal(t, "true", tab.eval(`String(document.documentElement.scrollWidth <= window.innerWidth)`), "no horizontal overflow at 360")
	phone := tab.screenshot()
	first := tab.eval(`document.getElementById("ask-text").textContent`)
	tab.eval(`[...document.querySelectorAll("#ask-choices button")].find(b => b.textContent === "0").click(); ""`)
	tab.waitFor(`document.getElementById("ask-text").textContent !== `+jsString(first), 3*time.Second)
	console, requests := tab.seen()
	assert.Empty(t, console, "console errors")
	for _, u := range requests {
		assert.True(t, strings.HasPrefix(u, url), "every request goes to the server itself: %s", u)
	}
	tab.close()
	dir := t.TempDir()
	if *update {
		dir = filepath.Join(repo, "docs")
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "serve-answer-phone.png"), phone, 0o644))
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
