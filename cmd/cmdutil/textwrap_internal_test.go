package cmdutil

import (
	"strings"
	"testing"
)

// A highlighted passage (bold and colour codes around words) is wrapped at
// its visible width, with the codes kept on their words; a line holding a
// cursor move is left alone.
func TestWrapTextCountsColourCodesAsNoColumns(t *testing.T) {
	hl := func(w string) string { return "\x1b[1;33m" + w + "\x1b[0m" }
	line := "   Each player rolls a die. The player with the highest " + hl("roll") + " chooses their " + hl("Champion") + " first. Then each other player chooses."
	got := WrapText(line, 40)
	lines := strings.Split(got, "\n")
	if len(lines) < 3 {
		t.Fatalf("not wrapped:\n%q", got)
	}
	for _, l := range lines {
		if w := displayWidth(l); w > 40 {
			t.Errorf("line %q is %d columns, wider than 40", l, w)
		}
		if !strings.HasPrefix(l, "   ") {
			t.Errorf("continuation %q lost the indentation", l)
		}
	}
	if stripSGR(strings.Join(strings.Fields(got), " ")) != stripSGR(strings.Join(strings.Fields(line), " ")) {
		t.Errorf("words changed:\n%q\n%q", got, line)
	}
	if !strings.Contains(got, hl("Champion")) || !strings.Contains(got, hl("roll")) {
		t.Errorf("highlight codes split from their words: %q", got)
	}
	move := "\x1b[2A" + strings.Repeat("word ", 20)
	if WrapText(move, 40) != move {
		t.Errorf("a line with a cursor move was rewrapped")
	}
}
