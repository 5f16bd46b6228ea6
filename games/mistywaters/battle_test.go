package mistywaters

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustUnit(t *testing.T, spec string) Unit {
	t.Helper()
	u, err := ParseUnit(spec)
	require.NoError(t, err)
	return u
}

func entered(t *testing.T, att, def string) Roller {
	t.Helper()
	a, err := ParseEntered(att)
	require.NoError(t, err)
	d, err := ParseEntered(def)
	require.NoError(t, err)
	return SplitRoller{Attacker: &SideRoller{Rolls: a}, Defender: &SideRoller{Rolls: d}}
}

// Boarding Battle Example: a 'blue' ship with 3 Sailors and 2 Cannons
// attacks a 'green' ship with 1 Sailor and 3 Cannons.
func TestBoardingBattleExample(t *testing.T) {
	blue := mustUnit(t, "ship:sailors=3,cannons=2,owner=blue,name=blue")
	green := mustUnit(t, "ship:sailors=1,cannons=3,owner=green,name=green")
	a, d, _ := BoardingDice(blue, green)
	assert.Equal(t, 5, a, "the 'blue' ship rolls 5 regular dice")
	assert.Equal(t, 4, d, "the 'green' ship rolls 4 regular dice")
	o := Options{Placement: map[string][]int{"attacker": {1}, "attacker.1": {2}}}
	res, err := ResolveBoarding(BoardingInput{Attacker: blue, Defender: green, Options: o},
		entered(t, "1,2,3,4,5;1,3,4", "6,4,3,2;5,2"))
	require.NoError(t, err)
	r1 := res.Rounds[0]
	assert.Equal(t, "defender", r1.First, "green is the defender and has the fewest dice")
	assert.Equal(t, []int{1}, r1.Placement, "blue moves its 5 behind its 1")
	var winners []string
	for _, du := range r1.Duels {
		winners = append(winners, du.Winner)
	}
	assert.Equal(t, []string{"tie", "defender", "tie", "attacker"}, winners)
	assert.Equal(t, []int{1, 5}, r1.Duels[0].Attacker)
	assert.Equal(t, 1, r1.AttackerLost)
	assert.Equal(t, 1, r1.DefenderLost)
	assert.Equal(t, 3, r1.TiedAttacker)
	assert.Equal(t, 2, r1.TiedDefender)
	r2 := res.Rounds[1]
	assert.True(t, r2.Tie)
	assert.Equal(t, 1, r2.AttackerLost)
	assert.Equal(t, 1, r2.DefenderLost)
	// both ships remove a Sailor; green has none left and removes a Cannon.
	assert.Equal(t, 1, res.AttackerAfter.Sailors)
	assert.Equal(t, 2, res.AttackerAfter.Cannons)
	assert.Equal(t, 0, res.DefenderAfter.Sailors)
	assert.Equal(t, 2, res.DefenderAfter.Cannons)
	assert.Empty(t, res.Outcome.Defeated, "the Boarding Battle is over, and both ships remain")
	assert.Contains(t, res.Cites, CiteTies)
	// bosun's own proposal for the first roll puts the 5 behind the 2 (wins two duels).
	assert.Equal(t, []int{2}, r1.Proposal)
}

func TestLargeCrewExamples(t *testing.T) {
	assert.Equal(t, [][2]int{{3, 2}, {3, 2}}, Clashes(6, 4))
	assert.Equal(t, [][2]int{{3, 2}, {2, 1}}, Clashes(6, 3))
	assert.Equal(t, [][2]int{{5, 4}}, Clashes(5, 4))
	att := mustUnit(t, "ship:sailors=6,cannons=6")
	def := mustUnit(t, "ship:sailors=1,cannons=1")
	a, d, _ := BoardingDice(att, def)
	assert.Equal(t, 4, a, "the attacker cannot roll more than 4 regular dice")
	assert.Equal(t, 2, d)
	big := mustUnit(t, "ship:sailors=8,cannons=6")
	a, d, _ = BoardingDice(big, mustUnit(t, "galleass"))
	assert.Equal(t, 10, a)
	assert.Equal(t, 10, d)
}

func TestThreeCannonsTwoSailors(t *testing.T) {
	u := mustUnit(t, "ship:cannons=3,sailors=2")
	n, _ := u.BroadsideDice(mustUnit(t, "pirate"), Options{})
	assert.Equal(t, 3, n, "it would roll 3 regular dice in a Broadside Battle")
	b, _ := u.BoardingTokens()
	assert.Equal(t, 5, b, "it would roll 5 regular dice for a Boarding Battle")
	u.Gunner = Basic
	n, _ = u.BroadsideDice(mustUnit(t, "pirate"), Options{})
	assert.Equal(t, 4, n, "+1 for Gunner for Broadside Battles")
}

func TestNPCPlacesHighestBehindLowest(t *testing.T) {
	first, fd, front, extras := arrangeFront([]int{3, 5}, []int{1, 6, 2, 4})
	assert.Equal(t, "attacker", first)
	assert.Equal(t, []int{5, 3}, fd)
	assert.Equal(t, []int{1, 2}, front)
	assert.Equal(t, []int{6, 4}, extras)
	ar := build(first, fd, front, extras, npcPlace(extras, false))
	assert.Equal(t, []int{1, 6}, ar.duels[0].D)
	assert.Equal(t, []int{2, 4}, ar.duels[1].D)
}

func TestBroadsideRicochetAgainstDamagedPirate(t *testing.T) {
	att := mustUnit(t, "ship:cannons=3,sailors=2,gunner,owner=ann")
	def := mustUnit(t, "pirate:damaged")
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: def}, entered(t, "6,4,4,1+5,2,6", ""))
	require.NoError(t, err)
	assert.Equal(t, []int{6, 4, 4, 1}, res.Attack.Rolled)
	assert.Equal(t, []int{6, 2, 6, 1}, res.Attack.Final)
	assert.Equal(t, 2, res.Attack.HullHits)
	assert.True(t, res.Attack.Damage.Defeated)
	assert.Nil(t, res.Counter)
	require.Len(t, res.Outcome.Rewards, 1)
	assert.Equal(t, 5, res.Outcome.Rewards[0].Silver)
	assert.Equal(t, 2, res.Outcome.Rewards[0].XP)
	assert.Equal(t, "Pirate Ship", res.Outcome.Rewards[0].Trophy)
}

func TestFortCapAndNoRicochet(t *testing.T) {
	att := mustUnit(t, "ship:type=brig,cannons=4,sailors=2,owner=ann")
	fort := mustUnit(t, "fort:owner=bob")
	// two 6s: only 1 Damage Marker; 4s are misses against land.
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: fort}, entered(t, "6,6,4,5", "6,1,2"))
	require.NoError(t, err)
	assert.Equal(t, 1, res.Attack.Damage.Markers)
	assert.False(t, res.Attack.Damage.Defeated)
	require.NotNil(t, res.Counter)
	assert.Equal(t, 3, res.Counter.Dice, "a damaged Fort acts as if it has 3 Cannons")
	assert.Equal(t, 3, res.AttackerAfter.Cannons)
	assert.Equal(t, 1, res.AttackerAfter.Sailors)
	// three 6s defeat a full-strength Fort.
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: fort}, entered(t, "6,6,6,1", ""))
	require.NoError(t, err)
	assert.True(t, res.Attack.Damage.Defeated)
	assert.Equal(t, 2, res.Outcome.Rewards[0].XP)
}

func TestBadInput(t *testing.T) {
	_, err := ParseEntered("6,7")
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	_, err = ParseEntered("0")
	assert.True(t, referee.IsUsage(err))
	att := mustUnit(t, "ship:cannons=3,sailors=2")
	_, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: mustUnit(t, "pirate")}, entered(t, "1,2,3,6,6", ""))
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "at most 3 dice")
	_, err = CanAttack(att, mustUnit(t, "fort:owner=bob"), Boarding, Options{})
	require.Error(t, err)
	var ue *referee.UsageError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, ue.Cites, CiteBattleType)
	assert.Contains(t, err.Error(), "fortified")
	err = mustUnit(t, "fort:gunner").Validate(nil)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
}
