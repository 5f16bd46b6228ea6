package rulesref

import (
	"strings"
	"testing"
)

// TestLowerTitleIsToLower: the buffered lowercasing of addBook gives what
// strings.ToLower gives, for every shipped title and for titles whose
// non-ASCII letters lower to ASCII (the Kelvin sign) or change length.
func TestLowerTitleIsToLower(t *testing.T) {
	titles := []string{"", "Quick Reference", "TURN SUMMARY", "components", "Sample Game", "\u212Aelvin Tavern", "İstanbul Example", "Dice Poker ’Aged Falcon’"}
	for _, e := range builtin().Secs {
		titles = append(titles, e.Title)
	}
	var buf []byte
	for _, title := range titles {
		var got string
		got, buf = lowerTitle(title, buf)
		if want := strings.ToLower(title); got != want {
			t.Errorf("lowerTitle(%q) = %q, want %q", title, got, want)
		}
	}
}

// TestChildrenInOrder: each section's children are the sections whose
// parent it is, in order (addBook carves them from one array).
func TestChildrenInOrder(t *testing.T) {
	c := builtin()
	want := make([][]int, len(c.Secs))
	for i, e := range c.Secs {
		if e.Parent >= 0 {
			want[e.Parent] = append(want[e.Parent], i)
		}
	}
	n := 0
	for i, e := range c.Secs {
		if len(e.Children) != len(want[i]) {
			t.Fatalf("section %s: %d children, want %d", e.ID, len(e.Children), len(want[i]))
		}
		for k := range want[i] {
			if e.Children[k] != want[i][k] {
				t.Fatalf("section %s: children %v, want %v", e.ID, e.Children, want[i])
			}
		}
		n += len(e.Children)
	}
	if n == 0 {
		t.Fatal("no section has children")
	}
}
