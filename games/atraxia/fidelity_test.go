package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests for issue 13 (items 13-21), each written from the rulebook lines
// the issue names.

// L117: "Place each board so that the northernmost island on each board is
// attached to an Apex Island of the central continent ... Player
// Continents should be spaced as evenly as possible, and not connect to
// one another." L146-147: "When crossing to another continent, dockable
// islands must be used." A move from one player continent to another is
// refused without teleporters at both ends, and accepted with them.
func TestNoCrossingBetweenPlayerContinents(t *testing.T) {
	for _, c := range []struct{ from, ships, to string }{
		{"fox-home", "C", "rhino-3"},
		{"fox-1", "G", "rhino-home"},
		{"fox-4", "G", "tiger-1"},
	} {
		s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {c.from}, "wfa.move.to": {c.to},
			"wfa.move.ships": {c.ships}, "wfa.move.to.holder": {"none"}, "wfa.move.to.capacity": {"9"}, "wfa.move.to.present": {"0"}}, func(st *State) {
			st.Clans[0].Capital = "fox-home"
		})
		err := step()
		require.Error(t, err, c)
		assert.True(t, referee.IsUsage(err))
		assert.ErrorContains(t, err, "not connect to one another", c)
		assert.Equal(t, 0, state(t, s).Actions, c)
	}
	// Between two of the clan's teleporters the move is accepted.
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"rhino-3"},
		"wfa.move.ships": {"C"}, "wfa.move.to.holder": {"none"}, "wfa.move.to.capacity": {"9"}, "wfa.move.to.present": {"0"}}, func(st *State) {
		st.Clans[0].Teleporters = []string{"fox-1", "rhino-3"}
	})
	require.NoError(t, step())
	assert.Equal(t, "rhino-3", state(t, s).Clans[0].Capital)
}
