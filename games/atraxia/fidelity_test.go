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

// L298: "Using a teleporter, a Clan Leader can use a "Move Ship" action to
// move their privateer to any dockable island controlled by their opponent
// to block the island." L190: "Once built, Clan Leaders can consider
// islands with their teleporters as adjacent". A privateer blocks only
// between two of its clan's teleporters, not by sailing to an adjacent
// island.
func TestPrivateerBlocksOnlyByTeleporter(t *testing.T) {
	ans := blockAnswers("wait")
	ans["wfa.turn.action"] = []string{"move"}
	ans["wfa.move.from"], ans["wfa.move.to"] = []string{"apex1"}, []string{"fox-1"}
	s, step := stepWith(t, nil, ans, func(st *State) {
		mylesWithPrivateer(st)
		st.Clans[1].Privateer = "apex1"
		st.Clans[1].Teleporters = []string{"rhino-1", "fox-3"}
		st.Apex[0].Tile = 0
	})
	err := step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "no teleporter on apex1")
	assert.Empty(t, state(t, s).Blocks)
	// With a teleporter at each end it blocks.
	s, step = stepWith(t, nil, ans, func(st *State) {
		mylesWithPrivateer(st)
		st.Clans[1].Privateer = "apex1"
		st.Clans[1].Teleporters = []string{"apex1", "fox-1"}
		st.Apex[0].Tile = 0
	})
	require.NoError(t, step())
	require.Len(t, state(t, s).Blocks, 1)
	assert.Equal(t, "fox-1", state(t, s).Blocks[0].Island)
}

// L129: "Gather 1 Capital Ship, 6 Gunboats, 5 Frigates, and 5 Destroyers";
// L276: "Each Apex Island surrounding the Isle of Myth is guarded by one
// pirate ship". No clan's ships leave a pirate-held Apex Island, and the
// fleet bosun keeps on the Isle never exceeds the clan's ships.
func TestIsleFleetWithinTheClansShips(t *testing.T) {
	pirates := map[string]string{"pirates": "yes"}
	ans := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"apex2"}, "wfa.move.to": {"isle"}, "wfa.move.ships": {"GG"}}
	s, step := stepWith(t, pirates, ans, func(st *State) { st.Clans[0].ApexEntered = true })
	err := step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "no clan's ships are on apex2 (held by the pirates)")
	assert.Empty(t, state(t, s).Isle.Fleet)

	// Three Gunboats on the board, all on the Isle already: two more are refused.
	ans["wfa.move.from"] = []string{"apex1"}
	s, step = stepWith(t, pirates, ans, func(st *State) {
		st.Apex[0].Pirate = false
		st.Isle.Clan, st.Isle.Fleet = "fox", Fleet{Gunboat: 3}
	})
	err = step()
	require.Error(t, err)
	assert.ErrorContains(t, err, "would exceed Xanthe's ships on the board")
	assert.Equal(t, Fleet{Gunboat: 3}, state(t, s).Isle.Fleet)

	// One Gunboat on the Isle: two more join it.
	s, step = stepWith(t, pirates, ans, func(st *State) {
		st.Apex[0].Pirate = false
		st.Isle.Clan, st.Isle.Fleet = "fox", Fleet{Gunboat: 1}
	})
	require.NoError(t, step())
	assert.Equal(t, Fleet{Gunboat: 3}, state(t, s).Isle.Fleet)
}

// L207: "Opposing fleets cannot exist in the same location. Whenever a Clan
// Leader's fleet moves into a location already occupied by another Clan
// Leader's fleet, a battle is triggered." With L303-304 ("The privateer can
// be part of a defending fleet ... adds 15"): moving onto a Home Base held
// only by its owner's privateer is a battle (15 + 10 for the Home Base),
// not a quiet move with both sides staying.
func TestHomeBaseHeldByItsPrivateerIsABattle(t *testing.T) {
	ans := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"rhino-4"}, "wfa.move.to": {"rhino-home"}, "wfa.move.ships": {"C"},
		"wfa.move.to.holder": {"none"}, "wfa.move.to.capacity": {"9"}, "wfa.move.to.present": {"1"},
		"wfa.battle.defender.fleet": {"none"}, "wfa.battle.defender.reinforce": {"none"},
		"wfa.battle.attacker.ammo": {"none"}, "wfa.battle.attacker.ability": {"0"}, "wfa.battle.defender.ammo": {"none"}, "wfa.battle.defender.ability": {"0"}}
	s, step := stepWith(t, map[string]string{"pirates": "yes"}, ans, func(st *State) {
		st.Clans[0].Capital = "rhino-4"
		st.Clans[1].Capital, st.Clans[1].Privateer = "rhino-1", "rhino-home"
	})
	require.NoError(t, step())
	st := state(t, s)
	// Xanthe 10 against the privateer 15 + Home Base 10: Myles keeps it.
	assert.Equal(t, "fox-home", st.Clans[0].Capital, "the beaten Capital Ship goes home")
	assert.Equal(t, 2, st.Clans[1].Crystals, "beating a fleet with a Capital Ship gives 2")
	assert.Equal(t, "rhino-home", st.Clans[1].Privateer)
	assert.False(t, st.Clans[1].Eliminated)
	var found bool
	for _, e := range s.Log {
		if e.Type == "battle" {
			found = true
			assert.Contains(t, e.Text, "Myles: 15 + 10 = 25")
		}
	}
	assert.True(t, found, "a battle is fought")
}
