package serve_test

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
	"github.com/bosun-referee/bosun/cmd/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The page is opened in a real headless Chromium (cmd/cmdutil/cdptest), as
// cmd/report's browser test does.

// tab is one page open in the browser.
type tab struct {
	b      *cdptest.Browser
	target string
	s      string
	from   int // first browser event of this tab
}

func newTab(b *cdptest.Browser, width, height int, mobile bool) *tab {
	var target struct{ TargetID string }
	require.NoError(b.T, json.Unmarshal(b.Send("", "Target.createTarget", map[string]any{"url": "about:blank"}), &target))
	var att struct{ SessionID string }
	require.NoError(b.T, json.Unmarshal(b.Send("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &att))
	tb := &tab{b: b, target: target.TargetID, s: att.SessionID}
	tb.from = b.Mark()
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		b.Send(tb.s, m, nil)
	}
	tb.resize(width, height, mobile)
	return tb
}

func (tb *tab) resize(width, height int, mobile bool) {
	tb.b.Send(tb.s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
}

func (tb *tab) navigate(url string) {
	from := tb.b.Mark()
	tb.b.Send(tb.s, "Page.navigate", map[string]any{"url": url})
	tb.b.WaitEvent(tb.s, "Page.loadEventFired", from)
}

// eval returns the string an expression evaluates to.
func (tb *tab) eval(js string) string {
	var ev struct {
		Result struct {
			Value any
		}
		ExceptionDetails *struct{ Text string }
	}
	require.NoError(tb.b.T, json.Unmarshal(tb.b.Send(tb.s, "Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true}), &ev))
	if ev.ExceptionDetails != nil {
		tb.b.T.Fatalf("eval %s: %s", js, ev.ExceptionDetails.Text)
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
			tb.b.T.Fatalf("not within %v: %s", within, js)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (tb *tab) screenshot() []byte {
	var shot struct{ Data string }
	require.NoError(tb.b.T, json.Unmarshal(tb.b.Send(tb.s, "Page.captureScreenshot", map[string]any{"format": "png"}), &shot))
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	require.NoError(tb.b.T, err)
	return png
}

// seen returns the console errors and the URLs the tab asked for.
func (tb *tab) seen() (console, requests []string) { return tb.b.Seen(tb.s, tb.from) }

func (tb *tab) close() { tb.b.Send("", "Target.closeTarget", map[string]any{"targetId": tb.target}) }

// TestPageInBrowser opens the page of a Misty Waters session in headless
// Chromium: the round and the latest event are shown, a step saved by
// bosun next shows within a second without reloading, a cited section and
// a rules search open in place, nothing is asked of another host and no
// console error is logged; later in the game the battles (odds and
// luck) and the report's charts are on it, and screenshots at 360x740
// and 1920x1080 (kept as docs/serve-phone.png, serve-phone-battles.png,
// serve-tv.png and serve-tv-charts.png with -update) show no horizontal
// overflow. -short skips it.
func TestPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a real browser takes seconds")
	}
	bin := cdptest.FindChromium()
	if bin == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $BOSUN_CHROMIUM): install the Debian package chromium (apt-get install -y chromium) to check the page in a real browser")
	}
	br := cdptest.Start(t, bin)
	tb := newTable(t)
	name := tb.threePlayers()
	for range 3 {
		tb.next(name)
	}
	srv, hs := newServer(t, tb, name, nil)

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
	tab.resize(360, 740, true)
	time.Sleep(200 * time.Millisecond)
	assert.Equal(t, "true", tab.eval(`String(document.documentElement.scrollWidth <= window.innerWidth)`), "no horizontal overflow at 360")
	assert.Equal(t, "true", tab.eval(`String(document.querySelector("#events li").getBoundingClientRect().right <= 360)`), "events fit a phone")

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

	// later in the game, with battles and charts: a TV (1920x1080) and a
	// phone (360x740) show them, each battle's odds and luck, each chart
	// drawn, nothing wider than the screen
	tb.must("next", "--session", name, "--steps", "86", "--answers", threeAnswers)
	srv.Check() // the page is served as it is now (no event marked new)
	tab3 := tb.open(br, hs.URL+"/", 1920, 1080, false)
	tab3.waitFor(`document.getElementById("live").textContent === "live"`, 5*time.Second)
	assert.Equal(t, "3", tab3.eval(`String(document.querySelectorAll("#battles li[data-n]").length)`), "three battles by step 91 (steps 49, 83, 89)")
	assert.Contains(t, tab3.eval(`document.querySelector("#battles .b-odds").textContent`), "%", "the odds before the dice")
	assert.Contains(t, tab3.eval(`document.querySelector("#battles .b-luck").textContent`), "percentile", "the luck of the dice")
	tab3.waitFor(`document.querySelectorAll("#charts img").length >= 3 && [...document.querySelectorAll("#charts img")].every(i => i.complete && i.naturalWidth === 720)`, 5*time.Second)
	assert.Equal(t, "true", tab3.eval(`String(document.documentElement.scrollWidth <= window.innerWidth)`), "no horizontal overflow at 1920")
	tv := tab3.screenshot()
	tab3.eval(`document.getElementById("charts-h").scrollIntoView(); ""`)
	time.Sleep(100 * time.Millisecond)
	tvCharts := tab3.screenshot()
	tab3.eval(`window.scrollTo(0, 0); ""`)
	tab3.resize(360, 740, true)
	time.Sleep(300 * time.Millisecond)
	assert.Equal(t, "true", tab3.eval(`String(document.documentElement.scrollWidth <= window.innerWidth)`), "no horizontal overflow at 360")
	assert.Equal(t, "true", tab3.eval(`String([...document.querySelectorAll("#battles li, #charts img")].every(e => e.getBoundingClientRect().right <= 360))`), "battles and charts fit a phone")
	phone := tab3.screenshot()
	tab3.eval(`document.getElementById("battles-h").scrollIntoView(); ""`)
	time.Sleep(100 * time.Millisecond)
	phoneBattles := tab3.screenshot()
	console, requests = tab3.seen()
	assert.Empty(t, console, "console errors")
	for _, u := range requests {
		assert.True(t, strings.HasPrefix(u, hs.URL+"/"), "every request goes to the server itself: %s", u)
	}
	tab3.close()

	dir := t.TempDir()
	if *update {
		dir = filepath.Join(repo, "docs")
	}
	for n, png := range map[string][]byte{"serve-tv.png": tv, "serve-tv-charts.png": tvCharts, "serve-phone.png": phone, "serve-phone-battles.png": phoneBattles} {
		require.True(t, bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")), "%s is a PNG", n)
		assert.Greater(t, len(png), 10000, "%s is not blank", n)
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), png, 0o644))
	}
}

func (tb *table) open(br *cdptest.Browser, url string, width, height int, mobile bool) *tab {
	tab := newTab(br, width, height, mobile)
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
	bin := cdptest.FindChromium()
	if bin == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $BOSUN_CHROMIUM): install the Debian package chromium (apt-get install -y chromium) to check the page in a real browser")
	}
	br := cdptest.Start(t, bin)
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
	// a double tap answers once (the second is not sent, so no 409)
	tab.eval(`(function () { var b = [...document.querySelectorAll("#ask-choices button")].find(b => b.textContent === "0"); b.click(); b.click(); })(); ""`)
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
