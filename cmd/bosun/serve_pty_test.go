package main

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// lanURL is the URL bosun serve --lan prints, with its token.
var lanURL = regexp.MustCompile(`^  http://127\.0\.0\.1:\d+/\?t=[0-9a-f]{32}$`)

// TestPTYServeLAN: on an 80x24 terminal, bosun serve --lan --answer leaves
// its QR code whole on the screen with the URL it holds right under it,
// no row wider than the terminal; Ctrl-C stops it cleanly.
func TestPTYServeLAN(t *testing.T) {
	g := newPTYGame(t)
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "bases=Ann:NE,Bob:SW", "--seed", "3", "--name", "tv")
	tm := g.term("serve", "tv", "--lan", "--answer", "--addr", "127.0.0.1:0")
	s := tm.WaitUntil("the URL under the QR code", func(s string) bool {
		for _, l := range strings.Split(s, "\n") {
			if lanURL.MatchString(l) {
				return true
			}
		}
		return false
	})
	rows := strings.Split(s, "\n")
	at := -1
	for i, l := range rows {
		if lanURL.MatchString(l) {
			at = i
		}
		if w := utf8.RuneCountInString(l); w > 80 {
			t.Errorf("row %d is %d columns wide: %q", i, w, l)
		}
	}
	// the code: 21 rows of blocks above the URL (quiet zone included),
	// its top row on the screen
	qr := 0
	for i := at - 1; i >= 0 && strings.ContainsAny(rows[i], "█▀▄"); i-- {
		qr++
	}
	if qr < 15 || at-qr < 0 {
		t.Fatalf("the QR code is not whole above the URL (%d rows of it):\n%s", qr, s)
	}
	if strings.Trim(rows[at-qr], "█") != "" && !strings.HasPrefix(rows[at-qr], "████") {
		t.Errorf("the code's top row is cut: %q", rows[at-qr])
	}
	t.Logf("QR code %d rows, URL on row %d of 24", qr, at+1)
	tm.Type(KeyCtrlC)
	if code := tm.Exit(); code != 0 {
		t.Fatalf("Ctrl-C: exit %d:\n%s", code, tm.Screen())
	}
	tm.WaitFor("Stopped.")
}
