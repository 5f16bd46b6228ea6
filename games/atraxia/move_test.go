package atraxia

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "Place each board so that the northernmost island on each board is
// attached to an Apex Island of the central continent", "Located on the
// southernmost island of the continent is the Home Base", and "When
// crossing to another continent, dockable islands must be used." A Move
// Ships from a Home Base (or the other non-dockable island) to an Apex
// Island, or back, is refused; "Once built, Clan Leaders can consider
// islands with their teleporters as adjacent" lets teleporters do it.
func TestHomeBaseDoesNotBorderTheApexIslands(t *testing.T) {
	move := func(from, to string) map[string][]string {
		return map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {from}, "wfa.move.to": {to}, "wfa.move.ships": {"C"},
			"wfa.move.to.capacity": {"5"}, "wfa.move.to.present": {"0"}, "wfa.move.to.holder": {"none"}}
	}
	for _, c := range []struct{ name, from, to, capital string }{
		{"home to apex", "tiger-home", "apex1", "tiger-home"},
		{"own south island to apex", "fox-south", "apex1", "fox-south"},
		{"apex to an enemy Home Base", "apex1", "tiger-home", "apex1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, step := stepWith(t, nil, move(c.from, c.to), func(st *State) {
				st.Clans[0].Capital = c.capital
				st.Apex[0].Pirate, st.Apex[0].Tile = false, 0
				st.Clans[0].ApexEntered = true
			})
			before := string(s.State)
			err := step()
			require.Error(t, err)
			assert.True(t, referee.IsUsage(err))
			assert.Contains(t, err.Error(), "is not a move to an adjacent location")
			assert.Contains(t, err.Error(), "When crossing to another continent, dockable islands must be used")
			assert.Contains(t, err.Error(), "teleporter+move")
			assert.Equal(t, before, string(s.State), "nothing is saved")
		})
	}
	// From the northernmost island it is a move.
	s, step := stepWith(t, map[string]string{"pirates": "yes"}, map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-1"}, "wfa.move.to": {"apex1"},
		"wfa.move.ships": {"C"}, "wfa.move.to.capacity": {"5"}, "wfa.move.to.present": {"0"}, "wfa.pirate.choice": {"hire"}}, func(st *State) {
		st.Clans[0].Capital, st.Clans[0].OC = "fox-1", 8
	})
	require.NoError(t, step())
	assert.Equal(t, "apex1", state(t, s).Clans[0].Capital)
	// From the Home Base with a teleporter on the Apex Island, it teleports.
	s, step = stepWith(t, map[string]string{"pirates": "yes"}, map[string][]string{"wfa.turn.action": {"teleporter+move"}, "wfa.teleporter.locations": {"fox-4,apex1"},
		"wfa.move.from": {"fox-home"}, "wfa.move.to": {"apex1"}, "wfa.move.ships": {"C"}, "wfa.move.to.capacity": {"5"}, "wfa.move.to.present": {"0"},
		"wfa.pirate.choice": {"hire"}}, func(st *State) { st.Clans[0].OC, st.Clans[0].AlWood = 8, 8 })
	require.NoError(t, step())
	st := state(t, s)
	assert.Equal(t, "apex1", st.Clans[0].Capital)
	assert.Equal(t, []string{"fox-4", "apex1"}, st.Clans[0].Teleporters)
}

// `bosun status` prints a view a player reads at a glance, and the JSON
// view keeps its fields.
func TestStatusTextAtTheTable(t *testing.T) {
	p := loadAnswers(t, "testdata/session-4p.yaml")
	seq := []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2}
	s, env := newSession(t, p, seq, "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", map[string]string{"pirates": "yes", "countdown": "marker"})
	// Round 1 and Round 2 up to Myles's block of fox-4.
	for i := 0; i < 13; i++ {
		_, err := next(t, s, env)
		require.NoError(t, err, "step %d", i+1)
	}
	v, err := Game{}.Status(s, env)
	require.NoError(t, err)
	txt := v.(StatusView).Text()
	for _, want := range []string{
		"Round 2; end-game countdown: the turn tracker is on 5",
		"Isle of Myth: held by Xanthe: Xanthe's fleet 1 capital (strength 10, upkeep 3 OC); upkeep paid 0 of 3 consecutive turns to win; 15 Magic Crystals left on it",
		"Apex Islands: apex1 (open), apex2 (open), apex3 (pirate), apex4 (pirate), apex5 (pirate), apex6 (pirate)",
		"Blocked:      fox-4, Xanthe's island, by Myles's privateer (hostages: 2 gunboats)",
		"  Xanthe (fox): OC 19, AlWood 5, Ammo 0, Power cards 0, Magic Crystals 1, fleet strength",
		"Capital Ship on isle, no privateer hired, teleporters fox-home (built in), fox-4, apex1, ability 1.0",
		"  Myles (rhino): OC 4, AlWood 0, Ammo 3 (cards 1+1+1)",
		"privateer on fox-4, teleporters rhino-home (built in), apex2, fox-4",
		"held hostage",
	} {
		assert.Contains(t, txt, want)
	}
	assert.NotContains(t, txt, "resource_cards")

	b, err := json.Marshal(v)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	assert.Equal(t, []string{"actions_left", "apex", "blocks", "clans", "countdown", "isle", "isle_crystals", "over", "round", "turn"}, keys)

	// At the end: the winner and the scores.
	for !s.Over {
		_, err := next(t, s, env)
		require.NoError(t, err)
	}
	v, err = Game{}.Status(s, env)
	require.NoError(t, err)
	txt = v.(StatusView).Text()
	assert.Contains(t, txt, "The game is over: Xanthe won")
	assert.Contains(t, txt, "  1. Xanthe (fox): 10 Magic Crystals")
	assert.NotContains(t, txt, "Turn:")
}
