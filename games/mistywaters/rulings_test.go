package mistywaters

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// misty-waters/red-water-lagoon: "The Red Water Lagoon is not considered At Sea"; misty-waters/red-water-lagoon/weather-refuge: the Galleass
// in the lagoon is unaffected by Wind Force; misty-waters/step-4a-broadside-battle: "Conquistadors' Galleass
// | 0 Cannons." A Broadside on the Galleass by the 'X' in Rocky Seas has no
// counterattack because it has 0 Cannons, not because of Rocky Seas.
func TestGalleassByTheXHasNoCannons(t *testing.T) {
	o := Options{Boxes: FixedBoxes{"rocky-seas": 10, "sheath-the-swords": 9}, Wind: 10}
	for _, spec := range []string{"galleass:at=lagoon", "galleass", "freighter"} {
		att, err := ParseUnit("ship:cannons=2,sailors=2,owner=a,at=lagoon")
		require.NoError(t, err)
		def, err := ParseUnit(spec)
		require.NoError(t, err)
		v, err := CanAttack(att, def, Broadside, o)
		require.NoError(t, err, spec)
		assert.False(t, v.Counterattack, spec)
		assert.Contains(t, v.NoCounterWhy, "has 0 Cannons", spec)
		assert.NotContains(t, v.NoCounterWhy, "Rocky Seas", spec)
	}
}

// The tie-break itself: the first side rolled 2,1; the placing side lines
// up 1,1 with an extra 1. Behind duel 1 both duels tie (net 0, no own die
// lost); behind duel 2 it wins that duel and loses duel 1 (net 0, one own
// die lost, one opponent die taken). keep-own takes the first, take-more
// the second.
func TestPlacementTieBreak(t *testing.T) {
	keep := bestPlace("defender", []int{2, 1}, []int{1, 1}, []int{1}, "attacker", DuelRules{})
	more := bestPlace("defender", []int{2, 1}, []int{1, 1}, []int{1}, "attacker", DuelRules{TakeMore: true})
	assert.Equal(t, []int{0}, keep)
	assert.Equal(t, []int{1}, more)
}

// Issue #30, the Last Day Temple under Rocky Seas (misty-waters/last-day-temple: attacked
// by "a Player Ship ... at the Adjacent Space to the 'X' in the Red Water
// Lagoon"; misty-waters/red-water-lagoon: "The Red Water Lagoon is not considered At Sea"; misty-waters/rocky-seas:
// "Player Ships ... At Sea cannot perform Broadside Battles"): a spec that
// names no space is in the lagoon against the Temple (and only there), and
// the battle is allowed at 10 oB; at=sea keeps the ship At Sea, refused.
func TestTempleAttackerIsInTheLagoon(t *testing.T) {
	temple, err := ParseUnit("temple")
	require.NoError(t, err)
	pirate, err := ParseUnit("pirate")
	require.NoError(t, err)
	for _, c := range []struct {
		spec string
		def  Unit
		want Location
	}{
		{"ship:cannons=2,sailors=1,owner=a", temple, Lagoon},
		{"brig:owner=a", temple, Lagoon},
		{"ship:cannons=2,sailors=1,owner=a,at=sea", temple, AtSea},
		{"ship:cannons=2,sailors=1,owner=a,at=anchorage", temple, Anchorage},
		{"ship:cannons=2,sailors=1,owner=a,fort=b", temple, Docks},
		{"ship:cannons=2,sailors=1,owner=a", pirate, AtSea},
	} {
		u, err := ParseAttacker(c.spec, c.def)
		require.NoError(t, err, c.spec)
		assert.Equal(t, c.want, u.Location, c.spec)
	}
	o := Options{Advanced: true, Wind: 10, Boxes: FixedBoxes{"rocky-seas": 10, "sheath-the-swords": 9}}
	att, err := ParseAttacker("ship:cannons=2,sailors=1,owner=a", temple)
	require.NoError(t, err)
	v, err := CanAttack(att, temple, Broadside, o)
	require.NoError(t, err)
	assert.Contains(t, v.Cites, CiteRockySeas)
	att, err = ParseAttacker("ship:cannons=2,sailors=1,owner=a,at=sea", temple)
	require.NoError(t, err)
	_, err = CanAttack(att, temple, Broadside, o)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Rocky Seas (10 oB)")
	assert.Contains(t, err.Error(), "the Last Day Temple is attacked from the Adjacent Space to the 'X' in the Red Water Lagoon, which is not At Sea")
}

// Issue #30, NPC second-row dice (misty-waters/duel-arrangement: "they
// must choose where in a second row to place the remaining dice, behind
// any dice of their choice ... No more than 3 dice can be involved in any
// individual duel. - NPCs place second-row dice with the priority of
// highest behind lowest value"). A Pirate Ship (Advanced Rules: "0
// Sailors + 4 Cannons") rolls 5,5,5,1 against the attacker's 6,1; the
// attacker has fewer dice and arranges first, 6 then 1; the Pirate lines
// up 1 and 5 opposite and has two 5s left. Spread (the default): 6 v 1+5
// ties, 1 v 5+5 is lost; the tie is rolled again. Stack: 6 v 1+5+5 and
// 1 v 5, both lost, and the 1 Sailor 1 Cannon ship is defeated. The
// Galleass, with 4 Sailors against the same 2 dice, places alike.
func TestNPCSecondRowReadings(t *testing.T) {
	att := mustUnit(t, "ship:sailors=1,cannons=1,owner=a")
	for _, spec := range []string{"pirate", "galleass:sailors=4"} {
		def := mustUnit(t, spec)
		o := Options{Advanced: true}
		res, err := ResolveBoarding(BoardingInput{Attacker: att, Defender: def, Options: o}, entered(t, "6,1;6", "5,5,5,1;1,1"))
		require.NoError(t, err, spec)
		r1 := res.Rounds[0]
		assert.Equal(t, "attacker", r1.First, spec)
		assert.Equal(t, []int{1, 2}, r1.Placement, spec)
		assert.Equal(t, "spread", r1.NPCSecondRow, spec)
		assert.Contains(t, r1.PlacementBy, "npc-second-row=spread", spec)
		require.Len(t, r1.Duels, 2)
		assert.Equal(t, BoardDuel{Attacker: []int{6}, Defender: []int{1, 5}, AttackerTotal: 6, DefenderTotal: 6, Winner: "tie"}, r1.Duels[0], spec)
		assert.Equal(t, BoardDuel{Attacker: []int{1}, Defender: []int{5, 5}, AttackerTotal: 1, DefenderTotal: 10, Winner: "defender"}, r1.Duels[1], spec)
		require.Len(t, res.Rounds, 2, spec)
		assert.Equal(t, 2, res.Rounds[1].DefenderLost, "the tie re-roll: 6 v 1+1 (%s)", spec)
		assert.Equal(t, Damage{Sailors: 1}, res.ToAttacker, spec)
		assert.Empty(t, res.Outcome.Defeated, spec)

		o.NPCStackSecondRow = true
		res, err = ResolveBoarding(BoardingInput{Attacker: att, Defender: def, Options: o}, entered(t, "6,1", "5,5,5,1"))
		require.NoError(t, err, spec)
		r1 = res.Rounds[0]
		assert.Equal(t, []int{1, 1}, r1.Placement, spec)
		assert.Equal(t, "stack", r1.NPCSecondRow, spec)
		assert.Contains(t, r1.PlacementBy, "npc-second-row=stack", spec)
		require.Len(t, r1.Duels, 2)
		assert.Equal(t, BoardDuel{Attacker: []int{6}, Defender: []int{1, 5, 5}, AttackerTotal: 6, DefenderTotal: 11, Winner: "defender"}, r1.Duels[0], spec)
		assert.Equal(t, BoardDuel{Attacker: []int{1}, Defender: []int{5}, AttackerTotal: 1, DefenderTotal: 5, Winner: "defender"}, r1.Duels[1], spec)
		assert.Len(t, res.Rounds, 1, "no tie to roll again (%s)", spec)
		assert.True(t, res.ToAttacker.Defeated, "the attacker loses both duels, 2 dice: its Sailor and its last Cannon (%s)", spec)
	}
}
