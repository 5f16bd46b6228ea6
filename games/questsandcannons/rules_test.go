package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestProsperityGoal(t *testing.T) {
	for size, want := range map[int]int{1: 15, 2: 20, 3: 25} {
		g, err := ProsperityGoal(size)
		require.NoError(t, err)
		assert.Equal(t, want, g)
	}
	_, err := ProsperityGoal(4)
	assert.True(t, referee.IsUsage(err))
}

func TestDamageFromDots(t *testing.T) {
	for dots, want := range map[int]int{0: 0, 3: 0, 4: 1, 7: 1, 8: 2, 9: 2, 12: 3, 15: 3, 16: 4} {
		assert.Equal(t, want, DamageFromDots(dots), "dots %d", dots)
	}
}

func TestResolveAttackLuck(t *testing.T) {
	r := ResolveAttack([]int{1, 3, 5}, 0)
	assert.Equal(t, AttackResult{Rolled: []int{1, 3, 5}, Dice: []int{1, 3, 5}, Dots: 9, Damage: 2, Gain: 1}, r)
	r = ResolveAttack([]int{1, 1}, 2) // Dwunny Luck: the second die becomes a 6
	assert.Equal(t, 7, r.Dots)
	assert.Equal(t, 1, r.Damage)
	r = ResolveAttack([]int{1, 2}, 0)
	assert.Equal(t, 0, r.Damage)
	assert.Equal(t, 0, r.Gain, "no damage, no Prosperity")
}

func TestDamageDistribution(t *testing.T) {
	d, err := DamageDistribution([]int{1, 2, 3, 4, 5, 6}, 2)
	require.NoError(t, err)
	got := map[int]string{}
	for _, o := range d.Outcomes {
		got[o.Damage] = o.Exact
		assert.Equal(t, "36", o.Of)
	}
	// sums 2-3: 3 ways; 4-7: 18; 8-11: 14; 12: 1.
	assert.Equal(t, map[int]string{0: "1/12", 1: "1/2", 2: "7/18", 3: "1/36"}, got)
	assert.Equal(t, "49/36", d.Mean)
	assert.InDelta(t, 11.0/12, d.AnyHit, 1e-12)

	d, err = DamageDistribution([]int{0, 1, 1, 2, 2, 3}, 1)
	require.NoError(t, err)
	require.Len(t, d.Outcomes, 1)
	assert.Equal(t, "1", d.Outcomes[0].Exact)
	assert.Equal(t, 0.0, d.AnyHit)

	d, err = DamageDistribution([]int{1, 2, 3, 4, 5, 6}, 0)
	require.NoError(t, err)
	assert.Equal(t, "1", d.Outcomes[0].Exact)

	_, err = DamageDistribution(nil, 2)
	assert.Error(t, err)
	_, err = DamageDistribution([]int{1}, 41)
	assert.True(t, referee.IsUsage(err))
}

func TestTreacherous(t *testing.T) {
	cases := []struct {
		roll, held, spent int
		luck              bool
		safe              bool
		bonus, dmg        int
	}{
		{3, 1, 1, false, true, 0, 0},  // Kerris: 3 + 1 = 4
		{3, 0, 0, false, false, 1, 1}, // fails: +1 Traveler Bonus
		{1, 2, 2, false, false, 1, 1}, // 1 + 2 = 3 still fails: 0 + 1
		{4, 0, 0, false, true, 0, 0},
		{6, 3, 0, false, true, 3, 0},
		{2, 0, 0, true, true, 0, 0}, // Dwunny Luck makes it a 6
	}
	for _, c := range cases {
		r, err := Treacherous(c.roll, c.held, c.spent, c.luck)
		require.NoError(t, err)
		assert.Equal(t, c.safe, r.Safe, "%+v", c)
		assert.Equal(t, c.bonus, r.NewBonus, "%+v", c)
		assert.Equal(t, c.dmg, r.Damage, "%+v", c)
	}
	_, err := Treacherous(3, 1, 2, false)
	assert.True(t, referee.IsUsage(err))
}

func TestMoveCost(t *testing.T) {
	for kind, want := range map[string]int{SpaceCalm: 1, SpaceIsland: 1, SpaceWorkshop: 1, SpaceTrading: 1, SpaceHome: 1, SpaceTreacherous: 1, SpaceStormy: 2} {
		c, ok := MoveCost(kind)
		assert.True(t, ok)
		assert.Equal(t, want, c, kind)
	}
	_, ok := MoveCost(SpaceImpassible)
	assert.False(t, ok)
	_, ok = MoveCost(SpaceRivalHome)
	assert.False(t, ok)
}

func TestSinkOutcome(t *testing.T) {
	r := SinkOutcome(7, 3, 2, 2, 4, map[string]int{"metal": 2}, SunkByRival)
	assert.Equal(t, 4, r.CoinsLost, "half of 7 rounded up")
	assert.Equal(t, 3, r.CoinsAfter)
	assert.Equal(t, 5, r.AmmoAfter)
	assert.Equal(t, 1, r.EquippedAfter)
	assert.Equal(t, 1, r.EquippedLost)
	assert.Equal(t, 2, r.SolvedCluesLost)
	assert.Equal(t, 3, r.RivalProsperity)
	assert.Equal(t, 4, r.RivalCoins)
	assert.Equal(t, 0, r.ProsperityChange)
	r = SinkOutcome(0, 9, 0, 0, 5, nil, SunkByMarauder)
	assert.Equal(t, 0, r.CoinsLost)
	assert.Equal(t, 0, r.ProsperityChange)
	assert.Equal(t, 0, r.RivalProsperity)
	r = SinkOutcome(4, 0, 0, 1, 5, nil, SunkOther)
	assert.Equal(t, 2, r.CoinsLost)
	assert.Equal(t, -3, r.ProsperityChange)
	assert.Equal(t, 1, r.EquippedAfter)
}

func TestPickAndTurnOrder(t *testing.T) {
	// Seats clockwise A B C D; B rolled highest: B, A, D, C pick; C starts.
	pick := PickOrder(4, 1)
	assert.Equal(t, []int{1, 0, 3, 2}, pick)
	assert.Equal(t, []int{2, 3, 0, 1}, TurnOrder(4, pick[3]))
	assert.Equal(t, []int{0}, PickOrder(1, 0))
}

func TestParseBundle(t *testing.T) {
	b, err := ParseBundle("2 coins, 1 metal, gem", false)
	require.NoError(t, err)
	assert.Equal(t, Bundle{"coins": 2, "metal": 1, "gems": 1}, b)
	b, err = ParseBundle("+2 coins, -1 loot, prosperity:3", true)
	require.NoError(t, err)
	assert.Equal(t, Bundle{"coins": 2, "loot": -1, "prosperity": 3}, b)
	b, err = ParseBundle("none", false)
	require.NoError(t, err)
	assert.Empty(t, b)
	_, err = ParseBundle("-1 coins", false)
	assert.True(t, referee.IsUsage(err))
	_, err = ParseBundle("2 dragons", false)
	assert.True(t, referee.IsUsage(err))
	assert.Equal(t, "2 coins, 1 metal", Bundle{"metal": 1, "coins": 2}.String())
}
