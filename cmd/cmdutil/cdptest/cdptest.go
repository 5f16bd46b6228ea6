// Package cdptest drives a real headless Chromium over the DevTools
// protocol on a pipe (--remote-debugging-pipe: fd 3 in, fd 4 out, messages
// ended by NUL), for the browser tests of the HTML report (cmd/report) and
// the table screen (cmd/serve): no Go dependency and no debugging port.
package cdptest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// FindChromium returns the Chromium (or Chrome) binary ($BOSUN_CHROMIUM
// first), "" when there is none.
func FindChromium() string {
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

// Msg is one DevTools protocol message: a reply (ID) or an event (Method).
type Msg struct {
	ID        int                       `json:"id,omitempty"`
	Method    string                    `json:"method,omitempty"`
	Params    json.RawMessage           `json:"params,omitempty"`
	Result    json.RawMessage           `json:"result,omitempty"`
	Error     *struct{ Message string } `json:"error,omitempty"`
	SessionID string                    `json:"sessionId,omitempty"`
}

// Browser is a headless Chromium driven over --remote-debugging-pipe.
type Browser struct {
	T       *testing.T
	cmd     *exec.Cmd
	w       *os.File
	mu      sync.Mutex
	next    int
	waiting map[int]chan Msg
	events  []Msg
	evCh    chan struct{}
	stderr  bytes.Buffer
}

// Start starts Chromium bin; it is closed when the test ends.
func Start(t *testing.T, bin string) *Browser {
	inR, inW, err := os.Pipe() // we write, Chromium reads (its fd 3)
	require.NoError(t, err)
	outR, outW, err := os.Pipe() // Chromium writes (its fd 4), we read
	require.NoError(t, err)
	b := &Browser{T: t, w: inW, waiting: map[int]chan Msg{}, evCh: make(chan struct{}, 1)}
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
		b.Send("", "Browser.close", nil)
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

func (b *Browser) read(r *os.File) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m Msg
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

// Send sends a command and returns its reply, failing the test on an error.
func (b *Browser) Send(session, method string, params any) json.RawMessage {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan Msg, 1)
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
		b.T.Fatalf("cdp %s: %v (chromium stderr: %s)", method, err, b.stderr.String())
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			b.T.Fatalf("cdp %s: %s", method, m.Error.Message)
		}
		return m.Result
	case <-time.After(30 * time.Second):
		if method == "Browser.close" {
			return nil
		}
		b.T.Fatalf("cdp %s: no reply in 30s (chromium stderr: %s)", method, b.stderr.String())
	}
	return nil
}

// WaitEvent waits for an event of a session, from the from-th event on,
// and returns its index and the event.
func (b *Browser) WaitEvent(session, method string, from int) (int, Msg) {
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
			b.T.Fatalf("cdp: no %s in 30s", method)
		}
	}
}

// Mark is the number of events so far: pass it to WaitEvent or Seen to
// look only at what comes after.
func (b *Browser) Mark() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.events)
}

// Seen returns the console errors and warnings and the URLs a session
// asked for, from the from-th event on.
func (b *Browser) Seen(session string, from int) (console, requests []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.events[from:] {
		if e.SessionID != session {
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
