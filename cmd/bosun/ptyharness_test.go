package main

import (
	"errors"

	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/hinshun/vt10x"
)

// Keys that tests type at a terminal.
const (
	KeyEnter = "\r"
	KeyCtrlC = "\x03"
	KeyCtrlD = "\x04"
	KeyDown  = "\x1b[B"
	KeyUp    = "\x1b[A"
	KeyBack  = "\x7f"
)

// Term is the bosun binary running on a pseudo-terminal, its output fed to
// a screen emulator: tests type key by key and read the screen as a player
// would. Every wait has a timeout that fails the test with the screen.
type Term struct {
	t      testing.TB
	cmd    *exec.Cmd
	pty    *os.File
	vt     vt10x.Terminal
	mu     sync.Mutex
	raw    strings.Builder // everything the program wrote
	done   chan struct{}
	err    error
	Keys   int           // keys typed so far
	Delay  time.Duration // pause after each key
	Wait   time.Duration // how long WaitFor waits
	exited bool
}

// StartTerm runs bosun with args on a cols×rows pseudo-terminal, in dir,
// with env added to the test's environment.
func StartTerm(t testing.TB, cols, rows int, dir string, env []string, args ...string) *Term {
	t.Helper()
	bin := bosunBin(t)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "NO_COLOR=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	cmd.Env = append(cmd.Env, "TERM=xterm")
	cmd.Env = append(cmd.Env, env...)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)})
	if err != nil {
		t.Fatalf("starting bosun on a pty: %v", err)
	}
	tm := &Term{t: t, cmd: cmd, pty: f, vt: vt10x.New(vt10x.WithSize(cols, rows)), done: make(chan struct{}),
		Delay: 3 * time.Millisecond, Wait: 15 * time.Second}
	go tm.read()
	t.Cleanup(func() {
		if !tm.exited {
			_ = cmd.Process.Kill()
			<-tm.done
		}
		f.Close()
	})
	return tm
}

// bosunBin is the binary under test: $BOSUN_PTY_BIN when set (to measure
// another build), else the bosun that TestMain puts on PATH.
func bosunBin(t testing.TB) string {
	t.Helper()
	if b := os.Getenv("BOSUN_PTY_BIN"); b != "" {
		return b
	}
	bin, err := exec.LookPath("bosun")
	if err != nil {
		t.Fatalf("bosun is not on PATH (TestMain sets it up): %v", err)
	}
	return bin
}

// Quiet waits until the program has written nothing for d (or exited) and
// returns the screen and whether it exited. It returns sooner, once the
// output has been still for settleQuiet, when the program is seen waiting
// for a key (waitingForKey: every thread asleep, one reading the
// terminal) with nothing left unread on the terminal: it has drawn all it
// draws before the next key.
func (tm *Term) Quiet(d time.Duration) (string, bool) {
	tm.t.Helper()
	deadline := time.Now().Add(tm.Wait)
	last, since := -1, time.Now()
	for {
		select {
		case <-tm.done:
			return tm.Screen(), true
		case <-time.After(5 * time.Millisecond):
		}
		n := len(tm.Raw())
		if n != last {
			last, since = n, time.Now()
		} else if time.Since(since) >= d {
			return tm.Screen(), false
		} else if time.Since(since) >= settleQuiet && tm.waitingForKey() && len(tm.Raw()) == n {
			return tm.Screen(), false
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("bosun did not settle within %v; screen:\n%s", tm.Wait, tm.Screen())
		}
	}
}

func (tm *Term) read() {
	buf := make([]byte, 4096)
	var rest []byte
	for {
		n, err := tm.pty.Read(buf)
		if n > 0 {
			b := append(rest, buf[:n]...)
			tm.mu.Lock()
			tm.raw.Write(buf[:n])
			w, _ := tm.vt.Write(b)
			tm.mu.Unlock()
			rest = append([]byte(nil), b[w:]...)
		}
		if err != nil {
			break
		}
	}
	tm.err = tm.cmd.Wait()
	close(tm.done)
}

// Screen returns the screen's rows, trailing spaces trimmed.
func (tm *Term) Screen() string {
	tm.mu.Lock()
	s := tm.vt.String()
	tm.mu.Unlock()
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \x00")
	}
	return strings.Join(lines, "\n")
}

// Raw returns everything the program wrote so far (escapes included).
func (tm *Term) Raw() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.raw.String()
}

// Type types s key by key (each rune, or each escape sequence passed whole
// as one of the Key constants, is one key).
func (tm *Term) Type(keys ...string) {
	tm.t.Helper()
	for _, s := range keys {
		if strings.HasPrefix(s, "\x1b") {
			tm.key(s)
			continue
		}
		for _, r := range s {
			tm.key(string(r))
		}
	}
}

func (tm *Term) key(k string) {
	tm.t.Helper()
	if _, err := tm.pty.Write([]byte(k)); err != nil {
		tm.t.Fatalf("typing %q: %v\nscreen:\n%s", k, err, tm.Screen())
	}
	tm.Keys++
	time.Sleep(tm.Delay)
}

// WaitFor waits until the screen shows text and returns the screen.
func (tm *Term) WaitFor(text string) string {
	tm.t.Helper()
	return tm.WaitUntil("the screen to show "+strconvQuote(text), func(s string) bool { return strings.Contains(s, text) })
}

// WaitForOutput waits until everything bosun wrote so far holds text, on
// the screen or already scrolled off it (a line followed by a long list
// may leave the 24 rows before a busy machine polls the screen).
func (tm *Term) WaitForOutput(text string) {
	tm.t.Helper()
	tm.WaitUntil("the output to hold "+strconvQuote(text), func(string) bool { return strings.Contains(tm.Raw(), text) })
}

// WaitUntil waits until ok(screen) holds.
func (tm *Term) WaitUntil(what string, ok func(screen string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(tm.Wait)
	for {
		s := tm.Screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out after %v waiting for %s; screen:\n%s", tm.Wait, what, s)
		}
		select {
		case <-tm.done:
			// The program ended: its output is complete.
			s = tm.Screen()
			if ok(s) {
				return s
			}
			tm.t.Fatalf("bosun exited (%v) while waiting for %s; screen:\n%s", tm.err, what, s)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Exit waits for the program to end and returns its exit code.
func (tm *Term) Exit() int {
	tm.t.Helper()
	select {
	case <-tm.done:
	case <-time.After(tm.Wait):
		tm.t.Fatalf("bosun did not exit within %v; screen:\n%s", tm.Wait, tm.Screen())
	}
	tm.exited = true
	var ee *exec.ExitError
	if errors.As(tm.err, &ee) {
		return ee.ExitCode()
	}
	if tm.err != nil {
		tm.t.Fatalf("waiting for bosun: %v", tm.err)
	}
	return 0
}

// Count returns how many times text appears on the screen.
func Count(screen, text string) int { return strings.Count(screen, text) }

func strconvQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// settleQuiet is how long the output must be still before Quiet trusts
// waitingForKey.
const settleQuiet = 40 * time.Millisecond
