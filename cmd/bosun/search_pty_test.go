package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hinshun/vt10x"
	"github.com/mattn/go-runewidth"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// `bosun rules search` at an 80x24 colour terminal: the answer is on the
// first screen, and every line of the passage, its matched words
// highlighted, takes one row of the screen (the terminal wraps none of
// them, so no word is cut at the edge). Before the wrapper counted colour
// codes as taking no columns, highlighted lines were left unwrapped and
// the terminal cut "Champ|ion" in two.
func TestPTYRulesSearchFitsTheScreen(t *testing.T) {
	g := newPTYGame(t)
	tm := g.term("rules", "search", "--game", "qc", "who chooses their champion first")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("rules search exited %d:\n%s", code, tm.Screen())
	}
	raw := strings.ReplaceAll(tm.Raw(), "\r\n", "\n")
	if !strings.Contains(raw, "\x1b[1;33m") {
		t.Fatalf("no highlighted words: the test needs colour on\n%q", raw)
	}
	lines := strings.Split(strings.TrimRight(sgr.ReplaceAllString(raw, ""), "\n"), "\n")
	tall := vt10x.New(vt10x.WithSize(80, 200))
	if _, err := tall.Write([]byte(tm.Raw())); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(tall.String(), "\n")
	if len(lines) < 10 {
		t.Fatalf("want the answer and its passage, got %d lines:\n%s", len(lines), raw)
	}
	for i, l := range lines {
		if w := runewidth.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, w, l)
		}
		if i >= len(rows) || strings.TrimRight(rows[i], " \x00") != strings.TrimRight(l, " ") {
			t.Fatalf("line %d is not row %d of the screen (wrapped by the terminal):\nline %q\nrow  %q", i+1, i+1, l, rows[i])
		}
	}
	first := strings.Join(rows[:24], "\n")
	for _, want := range []string{"quests-and-cannons/3-pick-champions", "The player with the highest roll chooses their Champion first."} {
		if !strings.Contains(first, want) {
			t.Errorf("first screen lacks %q:\n%s", want, first)
		}
	}
	if !strings.Contains(strings.Join(lines, "\n"), "   Each player rolls a die. The player with the highest roll chooses their\n   Champion first.") {
		t.Errorf("the highlighted passage line is not wrapped at a word with its indentation:\n%s", strings.Join(lines, "\n"))
	}
}
