package serve_test

import (
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil/cdptest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real bosun binary, built once for the tests that run it in another
// process (as cmd/benchmark builds the one it measures).
var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

// TestMain removes the binary the tests built once they have run.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// bosunBinary builds ./cmd/bosun into a temporary directory (once per
// test run) and returns its path.
func bosunBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			binErr = err
			return
		}
		if binDir, binErr = os.MkdirTemp("", "bosun-serve-test-"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "bosun")
		build := exec.Command(goTool, "build", "-o", binPath, "./cmd/bosun")
		build.Dir = repo
		out, err := build.CombinedOutput()
		if err != nil {
			binErr = err
			binPath = string(out)
		}
	})
	if binErr != nil {
		t.Fatalf("go build ./cmd/bosun: %v\n%s", binErr, binPath)
	}
	return binPath
}

// bosunProc runs the real binary in another process with the table's
// environment (BOSUN_DATA_DIR and the rest, set by newTable) and returns
// its exit code and output.
func bosunProc(t *testing.T, bin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut strings.Builder
	c := exec.Command(bin, args...)
	c.Stdout, c.Stderr = &out, &errOut
	err := c.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errOut.String()
	}
	require.NoError(t, err)
	return 0, out.String(), errOut.String()
}

// allLoopback fails the test for every URL the page asked for that is
// not on 127.0.0.1 (what DevTools saw the page request: no font, script
// or image from outside).
func allLoopback(t *testing.T, requests []string) {
	t.Helper()
	require.NotEmpty(t, requests, "DevTools saw the page's requests")
	for _, u := range requests {
		p, err := url.Parse(u)
		if assert.NoError(t, err, u) {
			assert.Equal(t, "127.0.0.1", p.Hostname(), "every request stays on the machine: %s", u)
		}
	}
}

// TestBrowserWithOtherProcesses: the page open in headless Chromium while
// the real bosun binary runs in other processes. A bosun next run
// beside a read-only server shows its new event on the page within a
// second of its save; with --answer a question answered by taps on the
// page makes a step that a bosun log process then shows, with the page's
// answer. No console error, and DevTools saw no request leave
// 127.0.0.1. -short skips it.
func TestBrowserWithOtherProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a real browser and a build take seconds")
	}
	chromium := cdptest.FindChromium()
	if chromium == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $BOSUN_CHROMIUM): install the Debian package chromium (apt-get install -y chromium) to check the page in a real browser")
	}
	bin := bosunBinary(t)
	br := cdptest.Start(t, chromium)
	tb := newTable(t)

	// 1. read-only: bosun next in another process
	name := tb.threePlayers()
	_, hs := newServer(t, tb, name, nil)
	tab := tb.open(br, hs.URL+"/", 1280, 800, false)
	tab.waitFor(`document.getElementById("live").textContent === "live"`, 5*time.Second)
	require.Equal(t, "1", tab.eval(`document.querySelector("#facts dd").textContent`))
	before := tab.eval(`document.querySelectorAll("#events li[data-seq]").length`)
	tab.eval(`window.notReloaded = true; ""`)
	code, out, errOut := bosunProc(t, bin, "next", "--session", name, "--answers", threeAnswers)
	saved := time.Now()
	require.Equal(t, 0, code, "bosun next: %s%s", out, errOut)
	require.Contains(t, out, "Step 1:")
	tab.waitFor(`document.querySelector("#facts dd").textContent === "2"`, 2*time.Second)
	took := time.Since(saved)
	assert.Less(t, took, time.Second, "the next's step reached the page in %v", took)
	t.Logf("bosun next (another process) exited; the page showed its step %v later", took)
	assert.Equal(t, "new", tab.eval(`document.querySelector("#events li").className`), "the new event is marked")
	assert.NotEqual(t, before, tab.eval(`document.querySelectorAll("#events li[data-seq]").length`), "the step's events are listed")
	assert.Equal(t, "true", tab.eval(`String(window.notReloaded === true)`), "not reloaded")
	console, requests := tab.seen()
	assert.Empty(t, console, "console errors")
	allLoopback(t, requests)
	tab.close()

	// 2. --answer: a step answered from the page, then bosun log in another process
	// (a fresh data and config dir: the board values the first game
	// remembered would not be asked)
	tb = newTable(t)
	evil := tb.hostileSession()
	srvURL, _, stop := startServe(t, evil, "--answer", "--addr", "127.0.0.1:0")
	tab = tb.open(br, srvURL, 360, 740, true)
	tab.waitFor(`document.getElementById("live").textContent === "live"`, 5*time.Second)
	tab.waitFor(`!document.getElementById("next").hidden`, 2*time.Second)
	tab.eval(`document.getElementById("next").click(); ""`)
	tab.waitFor(`document.querySelectorAll("#ask-choices button").length === 7`, 5*time.Second)
	require.Contains(t, tab.eval(`document.getElementById("ask-accepted").textContent`), "misty.board.wind.speed.5")
	// the wind speed of box 5 is 2 (the tap), the rest of the step's
	// questions take their usual answers (a tap on the outlined button,
	// or the field filled with the default)
	// (each asking answered once: window.answered is the one tapped last,
	// set with the tap, before the next asking can be shown)
	tab.eval(`window.answered = document.getElementById("ask").dataset.asking; [...document.querySelectorAll("#ask-choices button")].find(b => b.textContent === "2").click(); ""`)
	deadline := time.Now().Add(20 * time.Second)
	for {
		state := tab.eval(`(function () {
			if (document.querySelector("#facts dd").textContent === "2") return "done";
			var asking = document.getElementById("ask").dataset.asking;
			if (!asking || asking === window.answered) return "wait";
			window.answered = asking;
			var d = document.querySelector("#ask-choices button.default") || document.querySelector("#ask-choices button");
			if (d) { d.click(); return "tapped"; }
			document.getElementById("ask-form").requestSubmit(); return "typed";
		})()`)
		if state == "done" {
			break
		}
		require.True(t, time.Now().Before(deadline), "the step did not end from the page (%s): %s", state, tab.eval(`document.getElementById("ask").textContent`))
		time.Sleep(50 * time.Millisecond)
	}
	assert.Empty(t, tab.eval(`document.getElementById("step-error").textContent`))
	code, out, errOut = bosunProc(t, bin, "log", "--session", evil)
	require.Equal(t, 0, code, "bosun log while the server holds the session: %s", errOut)
	assert.Regexp(t, `(?m)^\d+\t1\tturn\t`, out, "the step answered from the page is in bosun log:\n%s", out)
	code, out, errOut = bosunProc(t, bin, "log", "--session", evil, "--json")
	require.Equal(t, 0, code, errOut)
	var evs []struct {
		Step    int
		Answers []struct{ Key, Value string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &evs))
	var answer string
	for _, e := range evs {
		for _, a := range e.Answers {
			if e.Step == 1 && a.Key == "misty.board.wind.speed.5" {
				answer = a.Value
			}
		}
	}
	assert.Equal(t, "2", answer, "the tapped answer is the log's")
	code, _, errOut = bosunProc(t, bin, "next", "--session", evil)
	assert.Equal(t, 3, code, "the server holds the session: %s", errOut)

	// undo from the page, as bosun undo: a step that revealed dice is
	// undone only when asked again (logged as forced)
	tab.waitFor(`!document.getElementById("undo").hidden`, 2*time.Second)
	assert.Contains(t, tab.eval(`document.getElementById("undo").textContent`), "Undo step 1")
	revealed := strings.Contains(tab.eval(`document.getElementById("undo").textContent`), "revealed")
	t.Logf("the step to undo revealed dice: %v", revealed)
	tab.eval(`document.getElementById("undo").click(); ""`)
	if revealed {
		tab.waitFor(`!document.getElementById("undo-force").hidden`, 3*time.Second)
		assert.Contains(t, tab.eval(`document.getElementById("step-error").textContent`), "undo it anyway? The undo is logged.")
		tab.eval(`document.getElementById("undo-force").click(); ""`)
	}
	tab.waitFor(`document.querySelector("#facts dd").textContent === "1"`, 3*time.Second)
	assert.Regexp(t, `^step 1 undone`, tab.eval(`document.querySelector("#events li .text").textContent`), "the undo is the newest event")
	code, out, errOut = bosunProc(t, bin, "status", "--session", evil, "--json")
	require.Equal(t, 0, code, errOut)
	var st struct{ Step int }
	require.NoError(t, json.Unmarshal([]byte(out), &st))
	assert.Equal(t, 1, st.Step, "bosun status agrees with the page: the step is undone")

	console, requests = tab.seen()
	assert.Empty(t, console, "console errors")
	allLoopback(t, requests)
	tab.close()
	code, _ = stop()
	assert.Equal(t, 0, code)

	// 3. a step that revealed dice: the page asks again before a forced
	// undo, which the log then shows as forced
	tb = newTable(t)
	name = tb.threePlayers()
	srv, _ := newServer(t, tb, name, nil)
	for n := 0; n < 40; n++ {
		tb.next(name)
		srv.Check()
		if v, _ := srv.View(); v.Undo != nil && v.Undo.Revealed {
			break
		}
	}
	v, _ := srv.View()
	require.True(t, v.Undo != nil && v.Undo.Revealed, "a step of the scripted game rolls dice")
	at := v.Step
	srvURL, _, stop = startServe(t, name, "--answer", "--addr", "127.0.0.1:0")
	tab = tb.open(br, srvURL, 360, 740, true)
	tab.waitFor(`!document.getElementById("undo").hidden`, 5*time.Second)
	assert.Contains(t, tab.eval(`document.getElementById("undo").textContent`), "(it revealed dice or a card)")
	tab.eval(`document.getElementById("undo").click(); ""`)
	tab.waitFor(`!document.getElementById("undo-force").hidden`, 3*time.Second)
	assert.Contains(t, tab.eval(`document.getElementById("step-error").textContent`), "undo it anyway? The undo is logged.")
	assert.Equal(t, strconv.Itoa(at), tab.eval(`document.querySelector("#facts dd").textContent`), "not undone before it is confirmed")
	tab.eval(`document.getElementById("undo-force").click(); ""`)
	tab.waitFor(`document.querySelector("#facts dd").textContent === "`+strconv.Itoa(at-1)+`"`, 3*time.Second)
	code, out, errOut = bosunProc(t, bin, "log", "--session", name)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "undone with --force although it had revealed dice or a card", "the forced undo is logged")
	console, requests = tab.seen()
	assert.Empty(t, console, "console errors")
	allLoopback(t, requests)
	tab.close()
	code, _ = stop()
	assert.Equal(t, 0, code)
}
