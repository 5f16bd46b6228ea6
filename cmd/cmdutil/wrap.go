package cmdutil

import (
	"strings"

	"github.com/mattn/go-runewidth"
)

// Wrap breaks text into lines of at most width columns at word boundaries.
// A word longer than width is cut with an ellipsis rather than wrapped, so
// no line ever exceeds width. Runs of spaces collapse; line breaks in text
// are kept.
func Wrap(text string, width int) []string {
	if width < 1 {
		width = 1
	}
	var out []string
	for _, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		for i, w := range words {
			words[i] = Truncate(w, width)
		}
		out = append(out, strings.Split(WrapIndent(strings.Join(words, " "), width, ""), "\n")...)
	}
	return out
}

// Truncate shortens s to at most width columns, ending it with "…" when it
// was cut.
func Truncate(s string, width int) string {
	if width < 1 {
		return ""
	}
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, width, "…")
}

// Label is the short prompt label for a question key: its last dotted
// segment ("rs.smooth.card" → "card"), with the one before it when the last
// is a number or a single letter ("misty.board.wind.speed.5" → "speed.5"),
// or "answer" when the key has none, cut to max columns.
func Label(key string, max int) string {
	parts := strings.Split(strings.TrimSpace(key), ".")
	l := parts[len(parts)-1]
	if len(parts) > 1 && len(l) < 3 {
		l = parts[len(parts)-2] + "." + l
	}
	if strings.Trim(l, ".") == "" {
		l = "answer"
	}
	return Truncate(l, max)
}
