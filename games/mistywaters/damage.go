package mistywaters

import (
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Removals says what a player removes from the board for d: "1 Cannon,
// 2 Sailors, the Captain", or "" for nothing. Every text that words a
// Damage (the session's events, the battle and odds commands) is built
// from Removals and Text, so one value reads the same everywhere.
func (d Damage) Removals() string {
	var parts []string
	if d.Cannons > 0 {
		parts = append(parts, count(d.Cannons, "Cannon"))
	}
	if d.Sailors > 0 {
		parts = append(parts, count(d.Sailors, "Sailor"))
	}
	for _, o := range d.Officers {
		parts = append(parts, "the "+titleWords(o))
	}
	return strings.Join(parts, ", ")
}

// Text is the whole of d in one line: the removals, the Damage Markers
// added, disabled and defeated ("1 Cannon, +1 Damage Marker, defeated"),
// or "no loss".
func (d Damage) Text() string {
	var parts []string
	if r := d.Removals(); r != "" {
		parts = append(parts, r)
	}
	if d.Markers > 0 {
		parts = append(parts, "+"+count(d.Markers, "Damage Marker"))
	}
	if d.Disabled {
		parts = append(parts, "disabled")
	}
	if d.Defeated {
		parts = append(parts, "defeated")
	}
	if len(parts) == 0 {
		return "no loss"
	}
	return strings.Join(parts, ", ")
}

// count says n of a thing in words (referee.Count: "1 Cannon", "2 Cannons").
func count(n int, what string) string { return referee.Count(n, what) }

func titleWords(s string) string {
	w := strings.Fields(s)
	for i := range w {
		w[i] = strings.ToUpper(w[i][:1]) + w[i][1:]
	}
	return strings.Join(w, " ")
}
