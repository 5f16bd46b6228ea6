package serve_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/bosun-referee/bosun/cmd/serve"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the screenshots under docs/")

const repo = "../.."

// hostile are player names a page must show as text, never as markup.
const (
	hostile = `<script>alert(1)</script>`
	quoted  = `Bob "Q" O'Neil`
)

// table is a data dir with sessions, driven by bosun in-process.
type table struct {
	t   testing.TB
	dir string
}

func newTable(t testing.TB) *table {
	dir := t.TempDir()
	t.Setenv("BOSUN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("BOSUN_SESSION", "")
	t.Setenv("NO_COLOR", "1")
	return &table{t: t, dir: dir}
}

func (tb *table) run(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	io := &cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, Cols: 100}
	f := cmdutil.New(io)
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs(args)
	code := root.Execute(cmd, f)
	return code, out.String(), errOut.String()
}

func (tb *table) must(args ...string) string {
	tb.t.Helper()
	code, out, errOut := tb.run(args...)
	require.Equal(tb.t, 0, code, "bosun %s\nstderr: %s", strings.Join(args, " "), errOut)
	return out
}

func (tb *table) store() *store.Store { return &store.Store{Dir: filepath.Join(tb.dir, "data")} }

// hostileSession is a Misty Waters session set up for players named as
// an attacker would.
func (tb *table) hostileSession() string {
	tb.must("new", "misty-waters", "--name", "evil", "--seed", "7", "--players", hostile+":red,"+quoted+":blue",
		"--option", "bases="+hostile+":NE,"+quoted+":SW")
	return "evil"
}

// threeAnswers is the scripted three-player game's answers file.
var threeAnswers = filepath.Join(repo, "games/mistywaters/procedure/testdata/three-players.yaml")

// threePlayers starts the scripted three-player Misty Waters game.
func (tb *table) threePlayers() string {
	tb.must("new", "misty-waters", "--name", "mw3", "--seed", "7", "--players", "Ann:red,Bob:blue,Cy:white", "--answers", threeAnswers)
	return "mw3"
}

func (tb *table) next(name string) {
	tb.t.Helper()
	tb.must("next", "--session", name, "--answers", threeAnswers)
}

// newServer serves a session of tb through httptest (loopback).
func newServer(t *testing.T, tb *table, name string, mod func(*serve.Config)) (*serve.Server, *httptest.Server) {
	lib := rulesref.Builtin()
	c := serve.Config{
		Store: tb.store(), Session: name, Loopback: true, Section: lib.Section,
		Search: func(game, q string) (string, string, error) {
			res := lib.Search(q, rulesref.SearchOptions{Games: []string{game}, Limit: 3})
			if len(res) == 0 {
				return "No ruling found.", "", nil
			}
			return res[0].ID + " " + res[0].Answer, res[0].ID, nil
		},
	}
	if mod != nil {
		mod(&c)
	}
	srv, err := serve.New(c)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	hs := httptest.NewServer(srv.Handler())
	go srv.Watch(ctx)
	t.Cleanup(func() { cancel(); hs.Close() })
	return srv, hs
}

func get(t testing.TB, url string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	require.NoError(t, err)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

func post(t *testing.T, url, body string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

// TestPageEscapesNames: the page shows players named <script> and with
// quotes as text, in the HTML and in the JSON the page reads, under a
// policy that runs no inline script.
func TestPageEscapesNames(t *testing.T) {
	tb := newTable(t)
	name := tb.hostileSession()
	_, hs := newServer(t, tb, name, nil)
	resp, body := get(t, hs.URL+"/")
	require.Equal(t, 200, resp.StatusCode, body)
	assert.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"))
	csp := resp.Header.Get("Content-Security-Policy")
	assert.Contains(t, csp, "script-src 'self'")
	assert.NotContains(t, csp, "unsafe-inline")
	assert.NotContains(t, body, hostile, "the name is never markup")
	assert.Equal(t, 1, strings.Count(body, "<script"), "one script element, the page's own: %s", body)
	assert.Contains(t, body, `<script src="/app.js"></script>`)
	assert.Contains(t, body, `&lt;script&gt;alert(1)&lt;/script&gt;`)
	assert.Contains(t, body, `Bob &#34;Q&#34; O&#39;Neil`)
	assert.Contains(t, body, "Misty Waters")
	assert.Contains(t, body, `<dt>Round</dt><dd>I</dd>`, "the round is in the headline")
	assert.Contains(t, body, `data-id="misty-waters/step-1-priority-token"`, "an event's cite is shown")
	for _, ref := range regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		assert.True(t, strings.HasPrefix(ref[1], "/"), "the page loads only from itself: %s", ref[1])
	}

	resp, js := get(t, hs.URL+"/api/view")
	require.Equal(t, 200, resp.StatusCode)
	assert.NotContains(t, js, "<script>", "JSON escapes < and > too")
	var v serve.View
	require.NoError(t, json.Unmarshal([]byte(js), &v))
	assert.Equal(t, hostile, v.Players[0].Name)
	assert.Equal(t, quoted, v.Players[1].Name)
	assert.Equal(t, "misty-waters", v.Game)
	assert.NotEmpty(t, v.Events)
	assert.Contains(t, v.StatusText, hostile)

	for _, p := range []string{"/app.js", "/app.css", "/favicon.svg"} {
		resp, b := get(t, hs.URL+p)
		assert.Equal(t, 200, resp.StatusCode, p)
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		b = strings.ReplaceAll(b, `xmlns="http://www.w3.org/2000/svg"`, "") // a name, not a fetch
		assert.NotContains(t, b, "http://", "%s fetches nothing from outside", p)
		assert.NotContains(t, b, "https://", "%s fetches nothing from outside", p)
	}
	assert.NotContains(t, mustAsset(t, "app.js"), "innerHTML", "the script never parses text as HTML")
}

func mustAsset(t *testing.T, name string) string {
	b, err := os.ReadFile(filepath.Join("assets", name))
	require.NoError(t, err)
	return string(b)
}

// TestToken: with a token every route refuses a request without it, or
// with another, and serves one that has it (query or header).
func TestToken(t *testing.T) {
	tb := newTable(t)
	name := tb.hostileSession()
	const token = "0123456789abcdef0123456789abcdef"
	_, hs := newServer(t, tb, name, func(c *serve.Config) { c.Token, c.Loopback = token, false })
	for _, p := range []string{"/", "/app.js", "/app.css", "/api/view", "/api/events", "/api/section?id=misty-waters/rounds-and-phases", "/api/chart?id=luck", "/nosuch"} {
		resp, body := get(t, hs.URL+p)
		assert.Equal(t, 401, resp.StatusCode, "%s without the token", p)
		assert.NotContains(t, body, "alert", "%s tells nothing of the session", p)
		resp, _ = get(t, hs.URL+p+sep(p)+"t=0123456789abcdef0123456789abcdee")
		assert.Equal(t, 401, resp.StatusCode, "%s with a wrong token", p)
	}
	resp, _ := post(t, hs.URL+"/api/search", `{"q":"wind"}`)
	assert.Equal(t, 401, resp.StatusCode, "search without the token")

	resp, body := get(t, hs.URL+"/?t="+token)
	require.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, body, `<script src="/app.js?t=`+token+`"></script>`, "the page's own requests carry the token")
	assert.Contains(t, body, `href="/api/section?id=misty-waters%2Fstep-1-priority-token&amp;t=`+token+`"`)
	resp, _ = get(t, hs.URL+"/api/view", "X-Bosun-Token", token)
	assert.Equal(t, 200, resp.StatusCode, "the header carries it too")
	resp, _ = post(t, hs.URL+"/api/search", `{"q":"wind"}`, "X-Bosun-Token", token)
	assert.Equal(t, 200, resp.StatusCode)
}

func sep(p string) string {
	if strings.Contains(p, "?") {
		return "&"
	}
	return "?"
}

// TestLoopbackHost: on loopback without a token, a request naming
// another host (a site rebinding its name to 127.0.0.1) is refused.
func TestLoopbackHost(t *testing.T) {
	tb := newTable(t)
	_, hs := newServer(t, tb, tb.hostileSession(), nil)
	for host, want := range map[string]int{"evil.example:8737": 421, "192.168.1.2:8737": 421, "localhost:8737": 200, "127.0.0.1": 200, "[::1]:8737": 200} {
		req, _ := http.NewRequest("GET", hs.URL+"/api/view", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode, host)
	}
}

// TestRequestLimits: bodies over the limit, cross-origin POSTs, bad
// questions, bad section ids and other methods are refused.
func TestRequestLimits(t *testing.T) {
	tb := newTable(t)
	_, hs := newServer(t, tb, tb.hostileSession(), nil)
	big := `{"q":"` + strings.Repeat("a", serve.MaxBody) + `"}`
	resp, _ := post(t, hs.URL+"/api/search", big)
	assert.Equal(t, 413, resp.StatusCode, "declared length over the limit")
	// the same body without a declared length (chunked) stops at the limit
	req, _ := http.NewRequest("POST", hs.URL+"/api/search", io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	r2, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	r2.Body.Close()
	assert.Equal(t, 413, r2.StatusCode, "chunked body over the limit")

	resp, _ = post(t, hs.URL+"/api/search", `{"q":"wind"}`, "Origin", "http://evil.example")
	assert.Equal(t, 403, resp.StatusCode, "cross-origin POST")
	resp, _ = post(t, hs.URL+"/api/search", `{"q":"wind"}`, "Sec-Fetch-Site", "cross-site")
	assert.Equal(t, 403, resp.StatusCode, "cross-site POST")
	resp, body := post(t, hs.URL+"/api/search", `{"q":"what does the wind force do"}`, "Sec-Fetch-Site", "same-origin", "Origin", hs.URL)
	require.Equal(t, 200, resp.StatusCode, body)
	var res serve.SearchResult
	require.NoError(t, json.Unmarshal([]byte(body), &res))
	assert.True(t, strings.HasPrefix(res.Answer, "misty-waters/"), "the session's game is searched: %+v", res)
	assert.Contains(t, res.Text, res.Answer)

	resp, _ = post(t, hs.URL+"/api/search", `not json`)
	assert.Equal(t, 400, resp.StatusCode)
	resp, _ = post(t, hs.URL+"/api/search", `{"q":"   "}`)
	assert.Equal(t, 400, resp.StatusCode)
	resp, _ = post(t, hs.URL+"/api/search", `{"q":"`+strings.Repeat("b", serve.MaxQuery+1)+`"}`)
	assert.Equal(t, 400, resp.StatusCode, "question over 500 characters")

	resp, body = get(t, hs.URL+"/api/section?id=misty-waters/rounds-and-phases")
	require.Equal(t, 200, resp.StatusCode, body)
	var sec serve.SectionView
	require.NoError(t, json.Unmarshal([]byte(body), &sec))
	assert.Equal(t, "misty-waters/rounds-and-phases", sec.ID)
	assert.NotEmpty(t, sec.Text)
	assert.Contains(t, sec.Path, "Rounds")
	resp, _ = get(t, hs.URL+"/api/section?id=../../etc/passwd")
	assert.Equal(t, 404, resp.StatusCode, "an id is looked up, never opened")
	resp, _ = get(t, hs.URL+"/api/section")
	assert.Equal(t, 400, resp.StatusCode)
	resp, _ = get(t, hs.URL+"/api/section?id="+strings.Repeat("x", serve.MaxID+1))
	assert.Equal(t, 400, resp.StatusCode)

	resp, _ = post(t, hs.URL+"/", `{}`)
	assert.Equal(t, 405, resp.StatusCode, "a viewer changes nothing")
	resp, _ = post(t, hs.URL+"/api/view", `{}`)
	assert.Equal(t, 405, resp.StatusCode)
	resp, _ = get(t, hs.URL+"/api/search")
	assert.Equal(t, 405, resp.StatusCode)
	resp, _ = get(t, hs.URL+"/sessions/evil.json")
	assert.Equal(t, 404, resp.StatusCode, "no path names a file")
}

// stream is one live page: the views it received.
type stream struct {
	resp  *http.Response
	views chan serve.View
}

func openStream(t *testing.T, url string) *stream {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	s := &stream{resp: resp, views: make(chan serve.View, 64)}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		return s
	}
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	go func() {
		defer close(s.views)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "view":
				var v serve.View
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &v) == nil {
					s.views <- v
				}
			}
		}
	}()
	t.Cleanup(func() { resp.Body.Close() })
	return s
}

func (s *stream) next(t *testing.T, within time.Duration) serve.View {
	t.Helper()
	select {
	case v, ok := <-s.views:
		require.True(t, ok, "stream ended")
		return v
	case <-time.After(within):
		t.Fatalf("no view within %v", within)
	}
	return serve.View{}
}

// TestConnectionLimit: one live page more than the limit is refused with
// 503; once a page goes, another may join.
func TestConnectionLimit(t *testing.T) {
	tb := newTable(t)
	srv, hs := newServer(t, tb, tb.hostileSession(), func(c *serve.Config) { c.MaxClients = 3 })
	var open []*stream
	for range 3 {
		s := openStream(t, hs.URL+"/api/events")
		require.Equal(t, 200, s.resp.StatusCode)
		s.next(t, time.Second) // the current view at once
		open = append(open, s)
	}
	assert.Equal(t, 3, srv.Clients())
	s := openStream(t, hs.URL+"/api/events")
	assert.Equal(t, 503, s.resp.StatusCode, "over the limit")
	assert.Equal(t, "5", s.resp.Header.Get("Retry-After"))
	resp, _ := get(t, hs.URL+"/api/view")
	assert.Equal(t, 200, resp.StatusCode, "the other routes still answer")

	open[0].resp.Body.Close()
	require.Eventually(t, func() bool { return srv.Clients() == 2 }, 2*time.Second, 10*time.Millisecond, "a closed page leaves")
	s = openStream(t, hs.URL+"/api/events")
	assert.Equal(t, 200, s.resp.StatusCode, "room again")
}

// TestLiveUpdate: a step saved by another command (bosun next, through
// the store, as another process would) reaches every open page within a
// second; while nothing changes the server reads nothing.
func TestLiveUpdate(t *testing.T) {
	tb := newTable(t)
	name := tb.threePlayers()
	srv, hs := newServer(t, tb, name, nil)
	pages := []*stream{openStream(t, hs.URL+"/api/events"), openStream(t, hs.URL+"/api/events")}
	var first serve.View
	for _, p := range pages {
		first = p.next(t, time.Second)
	}
	assert.Equal(t, 1, first.Step)

	// nothing changed: a look at the save finds it the same and reads nothing
	for range 20 {
		assert.False(t, srv.Check(), "no change, no read")
	}
	time.Sleep(600 * time.Millisecond)
	select {
	case v := <-pages[0].views:
		t.Fatalf("a view pushed with nothing saved: %+v", v)
	default:
	}

	for step := 2; step <= 4; step++ {
		start := time.Now()
		tb.next(name)
		for i, p := range pages {
			v := p.next(t, time.Second)
			assert.Less(t, time.Since(start), time.Second, "page %d sees step %d within a second", i, step)
			assert.Equal(t, step, v.Step)
			assert.Greater(t, v.Version, first.Version)
			assert.Greater(t, v.Total, first.Total, "new events")
		}
	}
	// the view the pages got is the one a fresh page is served
	_, js := get(t, hs.URL+"/api/view")
	var now serve.View
	require.NoError(t, json.Unmarshal([]byte(js), &now))
	assert.Equal(t, 4, now.Step)

	// an undo is a change too
	tb.must("undo", "--session", name)
	v := pages[0].next(t, time.Second)
	assert.Equal(t, 3, v.Step)
}

// syncBuffer is a bytes.Buffer safe to read while the command writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs bosun serve in-process until the test ends and returns
// the first URL it printed and its output.
func startServe(t *testing.T, args ...string) (string, *syncBuffer, func() (int, string)) {
	out, errOut := &syncBuffer{}, &syncBuffer{}
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: out, ErrOut: errOut, Cols: 100})
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs(append([]string{"serve"}, args...))
	ctx, cancel := context.WithCancel(context.Background())
	cmd.SetContext(ctx)
	done := make(chan int, 1)
	go func() { done <- root.Execute(cmd, f) }()
	re := regexp.MustCompile(`http://\S+`)
	var url string
	require.Eventually(t, func() bool {
		url = re.FindString(out.String())
		return url != "" || len(done) > 0
	}, 10*time.Second, 10*time.Millisecond, "serve prints its URL (stderr: %s)", errOut.String())
	require.NotEmpty(t, url, "stderr: %s", errOut.String())
	stopped := false
	stop := func() (int, string) {
		stopped = true
		cancel()
		select {
		case code := <-done:
			return code, out.String()
		case <-time.After(5 * time.Second):
			t.Fatal("serve did not stop within 5s of its context ending")
		}
		return 0, ""
	}
	t.Cleanup(func() {
		if !stopped {
			stop()
		}
	})
	return url, out, stop
}

// TestCommandLAN: bosun serve --lan prints a URL with a 128-bit token and
// its QR code, refuses requests without the token, and stops cleanly.
func TestCommandLAN(t *testing.T) {
	tb := newTable(t)
	tb.hostileSession()
	url, out, stop := startServe(t, "evil", "--lan", "--addr", "127.0.0.1:0")
	m := regexp.MustCompile(`^http://127\.0\.0\.1:\d+/\?t=([0-9a-f]{32})$`).FindStringSubmatch(url)
	require.NotNil(t, m, "URL with a token of 32 hex digits: %s", url)
	base := strings.TrimSuffix(url, "?t="+m[1])
	resp, _ := get(t, base)
	assert.Equal(t, 401, resp.StatusCode)
	// served, so everything before serving is printed
	assert.Contains(t, out.String(), "█", "a QR code is drawn")
	assert.Contains(t, out.String(), "Serving session evil")
	resp, body := get(t, url)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, body, "&lt;script&gt;")
	// a live page open when it stops does not keep it running
	s := openStream(t, strings.Replace(url, "/?", "/api/events?", 1))
	s.next(t, time.Second)
	code, text := stop()
	assert.Equal(t, 0, code)
	assert.Contains(t, text, "Stopped.")

	// two servers get two tokens
	url2, _, _ := startServe(t, "evil", "--lan", "--addr", "127.0.0.1:0")
	assert.NotEqual(t, m[1], regexp.MustCompile(`t=(\w+)`).FindStringSubmatch(url2)[1])
}

// TestCommandLoopback: without --lan the URL has no token, the default
// address is 127.0.0.1, and an address other devices reach is refused.
func TestCommandLoopback(t *testing.T) {
	tb := newTable(t)
	tb.hostileSession()
	url, out, _ := startServe(t, "evil", "--addr", "localhost:0")
	assert.Regexp(t, `^http://127\.0\.0\.1:\d+/$`, url)
	resp, _ := get(t, url+"api/view")
	assert.Equal(t, 200, resp.StatusCode)
	assert.NotContains(t, out.String(), "█", "no QR code on loopback")

	for _, row := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--addr", "0.0.0.0:8737"}, 2, "is not a loopback address; without --lan"},
		{[]string{"serve", "--addr", "192.168.1.10:8737"}, 2, "is not a loopback address"},
		{[]string{"serve", "--addr", "8737"}, 2, "expected HOST:PORT"},
		{[]string{"serve", "--addr", "127.0.0.1:99999"}, 2, "not a number from 0 to 65535"},
		{[]string{"serve", "nosuch"}, 2, `no session named "nosuch"`},
		{[]string{"serve", "../x"}, 2, ""},
		{[]string{"serve", "a", "b"}, 2, "accepts at most 1 arg"},
	} {
		code, _, errOut := tb.run(row.args...)
		assert.Equal(t, row.code, code, "%v: %s", row.args, errOut)
		assert.Contains(t, errOut, row.msg, "%v", row.args)
	}
}

// BenchmarkCheck measures a look at the save while nothing changed (a
// stat) and a look after it changed (the session read, its status and
// the latest events built) on the scripted three-player game played to
// its end.
func BenchmarkCheck(b *testing.B) {
	tb := newTable(b)
	name := tb.threePlayers()
	tb.must("next", "--session", name, "--to-end", "--answers", threeAnswers)
	srv, err := serve.New(serve.Config{Store: tb.store(), Session: name})
	require.NoError(b, err)
	path := tb.store().Path(name)
	b.Run("idle", func(b *testing.B) {
		for b.Loop() {
			if srv.Check() {
				b.Fatal("changed")
			}
		}
	})
	b.Run("changed", func(b *testing.B) {
		at := time.Now()
		for b.Loop() {
			at = at.Add(time.Second)
			require.NoError(b, os.Chtimes(path, at, at))
			if !srv.Check() {
				b.Fatal("unchanged")
			}
		}
	})
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	_, js := get(b, hs.URL+"/api/view")
	b.Logf("the view a page receives on each change: %d bytes", len(js))
}

func viewOf(t *testing.T, url string) serve.View {
	t.Helper()
	resp, js := get(t, url)
	require.Equal(t, 200, resp.StatusCode, js)
	var v serve.View
	require.NoError(t, json.Unmarshal([]byte(js), &v))
	return v
}

// TestCommandAnswer: bosun serve --answer holds the session (a terminal
// next exits 3), runs a step from the page, shows its question, re-asks a
// refused answer with the reason, lets one of two pages answering at once
// win and tells the other, and saves the step as bosun next would.
func TestCommandAnswer(t *testing.T) {
	tb := newTable(t)
	name := tb.hostileSession()
	url, out, stop := startServe(t, name, "--answer", "--addr", "127.0.0.1:0")
	view := url + "api/view"
	v := viewOf(t, view)
	assert.True(t, v.Answering)
	assert.Nil(t, v.Question)
	assert.Contains(t, out.String(), "answered from the page")

	code, _, errOut := tb.run("next", "--session", name, "--set", "misty.board.wind.speed.5=0")
	assert.Equal(t, 3, code, "one writer at a time: %s", errOut)

	resp, _ := post(t, url+"api/next", `{}`, "Origin", "http://evil.example")
	assert.Equal(t, 403, resp.StatusCode, "cross-origin next")
	resp, body := post(t, url+"api/next", `{}`)
	require.Equal(t, 200, resp.StatusCode, body)
	resp, _ = post(t, url+"api/next", `{}`)
	assert.Equal(t, 409, resp.StatusCode, "one step at a time")

	require.Eventually(t, func() bool { v = viewOf(t, view); return v.Question != nil }, 5*time.Second, 20*time.Millisecond)
	q := v.Question
	assert.Equal(t, "misty.board.wind.speed.5", q.Key)
	assert.Equal(t, "number", q.Kind)
	assert.Equal(t, -3, q.Min)
	assert.Equal(t, 3, q.Max)

	resp, _ = post(t, url+"api/answer", fmt.Sprintf(`{"id":%d,"value":"0"}`, q.ID), "Sec-Fetch-Site", "cross-site")
	assert.Equal(t, 403, resp.StatusCode, "cross-site answer")
	resp, body = post(t, url+"api/answer", fmt.Sprintf(`{"id":%d,"value":"9"}`, q.ID))
	assert.Equal(t, 422, resp.StatusCode, body)
	assert.Contains(t, body, "-3 to 3", "the reason names what is accepted")
	v = viewOf(t, view)
	require.NotNil(t, v.Question, "asked again in place")
	assert.Equal(t, q.Key, v.Question.Key)
	assert.Contains(t, v.Question.Reason, "-3 to 3")
	assert.NotEqual(t, q.ID, v.Question.ID)
	resp, _ = post(t, url+"api/answer", fmt.Sprintf(`{"id":%d,"value":"0"}`, q.ID))
	assert.Equal(t, 409, resp.StatusCode, "an answer to the refused asking is stale")

	// two pages answer the same asking at once: one wins, the other is told
	q = v.Question
	codes := make(chan int, 2)
	for _, val := range []string{"0", "1"} {
		go func() {
			resp, _ := post(t, url+"api/answer", fmt.Sprintf(`{"id":%d,"value":"%s"}`, q.ID, val))
			codes <- resp.StatusCode
		}()
	}
	got := []int{<-codes, <-codes}
	assert.ElementsMatch(t, []int{200, 409}, got)

	// the rest of the step's questions answered with their defaults
	for i := 0; i < 60; i++ {
		v = viewOf(t, view)
		if !v.Running && v.Question == nil {
			break
		}
		if v.Question == nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		val := anyAnswer(v.Question)
		post(t, url+"api/answer", fmt.Sprintf(`{"id":%d,"value":%q}`, v.Question.ID, val))
	}
	require.Eventually(t, func() bool { v = viewOf(t, view); return !v.Running && v.Step == 2 }, 5*time.Second, 20*time.Millisecond, "the step is saved: %+v", v.StepError)
	assert.Empty(t, v.StepError)

	code, _ = stop()
	assert.Equal(t, 0, code)
	// the step is the session's, as bosun next would have saved it
	logged := tb.must("log", "--session", name, "--json")
	var evs []map[string]any
	require.NoError(t, json.Unmarshal([]byte(logged), &evs))
	var answered bool
	for _, e := range evs {
		if e["step"] == float64(1) {
			as, _ := e["answers"].([]any)
			for _, a := range as {
				if a.(map[string]any)["key"] == "misty.board.wind.speed.5" {
					answered = true
				}
			}
		}
	}
	assert.True(t, answered, "the page's answer is in the log")
	// the lock is released once the server stops
	code, _, errOut = tb.run("status", "--session", name)
	assert.Equal(t, 0, code, errOut)
}

// TestCommandAnswerStopMidStep: stopping the server while a step waits
// for an answer saves nothing of the step and lets the session go.
func TestCommandAnswerStopMidStep(t *testing.T) {
	tb := newTable(t)
	name := tb.hostileSession()
	url, _, stop := startServe(t, name, "--answer", "--addr", "127.0.0.1:0")
	resp, body := post(t, url+"api/next", `{}`)
	require.Equal(t, 200, resp.StatusCode, body)
	require.Eventually(t, func() bool { return viewOf(t, url+"api/view").Question != nil }, 5*time.Second, 20*time.Millisecond)
	code, _ := stop()
	assert.Equal(t, 0, code)
	var st struct{ Step int }
	require.NoError(t, json.Unmarshal([]byte(tb.must("status", "--session", name, "--json")), &st))
	assert.Equal(t, 1, st.Step, "nothing of the canceled step saved")
	// the lock is let go: a next runs (and stops at its first question
	// without an answer, exit 2, not 3)
	code, _, errOut := tb.run("next", "--session", name)
	assert.Equal(t, 2, code, errOut)
	assert.Contains(t, errOut, "no answer for misty.board.wind.speed.5")
}

// anyAnswer is an answer q accepts: its default, else its first option,
// else (a number) its least value.
func anyAnswer(q *serve.QuestionView) string {
	switch {
	case q.Default != "":
		return q.Default
	case len(q.Options) > 0:
		return q.Options[0]
	case q.Kind == "number":
		return fmt.Sprint(q.Min)
	}
	return ""
}
