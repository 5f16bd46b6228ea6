package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// war-for-atraxia/game-components "20 Resource Cards of 10 Denomination (10 each for OC and AlWood)",
// war-for-atraxia/game-components "55 Ammo Cards", and war-for-atraxia/collect-resources "For every 10 resources of OC or AlWood in
// a Clan Leader's supply, draw a value 10 resource card and continue
// tracking the rest via the resource tracker": what a clan collects is
// bounded by the cards the other clans leave in the box (exit 2, nothing
// changed); up to it is accepted.
func TestCollectBoundedByTheResourceCards(t *testing.T) {
	ans := map[string][]string{"wfa.turn.action": {"collect"}, "wfa.turn.continent": {"no"},
		"wfa.collect.oc": {"11"}, "wfa.collect.alwood": {"0"}, "wfa.collect.ammo": {"0"}}
	s, step := stepWith(t, nil, ans, func(st *State) {
		st.Clans[0].OC = 9
		st.Clans[1].OC = 95 // 9 value-10 cards
	})
	err := step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	// The range is the box's limit, refused in the question (re-asked
	// in place at a terminal), with the rule that sets it.
	assert.ErrorContains(t, err, "answer \"11\" for wfa.collect.oc")
	assert.ErrorContains(t, err, "accepted: a whole number from 0 to 10 (the box's value-10 OC cards the other clans leave: Xanthe can hold at most 19 OC, has 9)")
	assert.Equal(t, 9, state(t, s).Clans[0].OC, "nothing changed")

	ans["wfa.collect.oc"] = []string{"10"}
	s, step = stepWith(t, nil, ans, func(st *State) {
		st.Clans[0].OC = 9
		st.Clans[1].OC = 95
	})
	require.NoError(t, step())
	assert.Equal(t, 19, state(t, s).Clans[0].OC)

	ans["wfa.collect.oc"], ans["wfa.collect.ammo"] = []string{"0"}, []string{"10"}
	_, step = stepWith(t, nil, ans, func(st *State) {
		for _, c := range st.Clans {
			c.Ammo = nil
		}
		st.Clans[1].Ammo = make([]int, 54)
	})
	err = step()
	require.Error(t, err)
	assert.ErrorContains(t, err, `Xanthe would take 2 more Ammo cards, 56 held in all, but the box holds "55 Ammo Cards" (accepted: at most 1 more card)`)
}

// The one-shot convert takes one clan's resources: at most every card of a
// kind and a full tracker (109 OC or AlWood), and 55 Ammo cards of 5.
func TestCheckResourcesOneClan(t *testing.T) {
	assert.NoError(t, CheckResources("x: --", 109, 109, 275))
	err := CheckResources("atraxia convert: --", 110, 0, 0)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "atraxia convert: --oc 110 is more than a clan can hold")
	assert.ErrorContains(t, err, "(accepted: 0-109)")
	assert.Error(t, CheckResources("x: --", 0, 0, 276))
}

// war-for-atraxia/game-components "30 Magic Crystals", war-for-atraxia/game-setup one on each Apex Island under its Lost
// Expedition tile, war-for-atraxia/game-setup "Place 15 Magic Crystals on the Isle of Myth.
// Place the remaining Magic Crystals in a pile": a reward comes from the
// pile and stops at what is left, said in an event.
func TestCrystalRewardsStopAtTheBox(t *testing.T) {
	st, s := testTurn(t, nil)
	apex := 0
	for _, a := range st.Apex {
		if a.Tile > 0 && !a.Covered {
			apex++
		}
	}
	require.Greater(t, apex, 0)
	assert.Equal(t, 30-15-apex, st.CrystalPile(), "the pile at setup")
	st.Clans[1].Crystals = st.CrystalPile() - 1
	assert.Equal(t, 1, st.CrystalPile())
	var notes []string
	s.env.OnEmit = func(e referee.Event) {
		if e.Type == "supply" {
			notes = append(notes, e.Text)
		}
	}
	assert.Equal(t, 1, s.takeCrystals(st.Clans[0], 2, "winning the battle"))
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0], "Xanthe would gain 2 (winning the battle) but only 1 is left, the box holds 30 Magic Crystals")

	// crystal-supply=substitutes (and a save from before the option) pays in full.
	for _, o := range []string{"substitutes", ""} {
		st.Opts.Crystals = o
		assert.Equal(t, 2, s.takeCrystals(st.Clans[0], 2, "winning the battle"), o)
	}
}
