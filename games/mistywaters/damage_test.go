package mistywaters

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// One value of Damage is worded one way: the session's events use
// Removals, the battle and odds commands Text.
func TestDamageWording(t *testing.T) {
	cases := []struct {
		d        Damage
		removals string
		text     string
	}{
		{Damage{}, "", "no loss"},
		{Damage{Cannons: 1}, "1 Cannon", "1 Cannon"},
		{Damage{Cannons: 2, Sailors: 1, Officers: []string{"captain", "first mate"}}, "2 Cannons, 1 Sailor, the Captain, the First Mate", "2 Cannons, 1 Sailor, the Captain, the First Mate"},
		{Damage{Sailors: 3, Defeated: true}, "3 Sailors", "3 Sailors, defeated"},
		{Damage{Markers: 1}, "", "+1 Damage Marker"},
		{Damage{Markers: 2, Defeated: true}, "", "+2 Damage Markers, defeated"},
		{Damage{Disabled: true}, "", "disabled"},
	}
	for _, c := range cases {
		assert.Equal(t, c.removals, c.d.Removals(), "%+v", c.d)
		assert.Equal(t, c.text, c.d.Text(), "%+v", c.d)
	}
}
