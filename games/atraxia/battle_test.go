package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Battle Example: "Myles moves his fleet of three ships into a location
// occupied by Xanthe's fleet ... The total number of ships on the location is
// 6". Xanthe defends with 15 fleet + 5 ammo - 4 (Myles's Power card) = 16;
// Myles attacks with 18 (three ships: three Destroyers) + 5 - 6 = 17 and
// wins; Xanthe's three ships retreat 1 home and 2 to the reserve; Myles
// gains 1 crystal.
func TestBattleExampleXantheMyles(t *testing.T) {
	v := DefaultValues()
	in := BattleInput{
		Attacker: Side{Clan: "rhino", Fleet: Fleet{Destroyer: 3}, Ammo: []int{5}, PowerCards: 1, PowerAgainst: -4},
		Defender: Side{Clan: "fox", Fleet: Fleet{Destroyer: 2, Frigate: 1}, Ammo: []int{2, 2, 1}, PowerCards: 1, PowerAgainst: -6},
	}
	res, err := Resolve(v, in)
	require.NoError(t, err)
	assert.Equal(t, 17, res.Attacker.Total)
	assert.Equal(t, 16, res.Defender.Total)
	assert.Equal(t, "attacker", res.Winner)
	assert.Equal(t, 1, res.Crystals)
	assert.Equal(t, 1, res.Retreat.Home.Ships())
	assert.Equal(t, 2, res.Retreat.Reserve.Ships())
	assert.Equal(t, "18 + 5 - 6 = 17", res.Attacker.Formula())
	assert.Equal(t, "15 + 5 - 4 = 16", res.Defender.Formula())
	assert.Equal(t, 6, in.Attacker.Fleet.Ships()+in.Defender.Fleet.Ships())
	assert.Equal(t, Fleet{Destroyer: 1}, res.Retreat.Home)
	assert.Equal(t, Fleet{Destroyer: 1, Frigate: 1}, res.Retreat.Reserve)
}

func TestPirateExamples(t *testing.T) {
	v := DefaultValues()
	// 22 + 5 = 27 against 15 + 2 + 3 - 4 = 16: the player wins.
	res, err := Resolve(v, BattleInput{Attacker: Side{Fleet: Fleet{Capital: 1, Destroyer: 2}, Ammo: []int{5}, PowerCards: 1, PowerAgainst: -4}, Pirate: true, PirateRolls: []int{2, 3}})
	require.NoError(t, err)
	assert.Equal(t, 27, res.Attacker.Total)
	assert.Equal(t, 16, res.Defender.Total)
	assert.Equal(t, "attacker", res.Winner)
	assert.Equal(t, 1, res.Crystals)
	// 22 against 15 + 6 + 6 = 27: the pirate wins; the fleet retreats.
	res, err = Resolve(v, BattleInput{Attacker: Side{Fleet: Fleet{Capital: 1, Destroyer: 2}}, Pirate: true, PirateRolls: []int{6, 6}})
	require.NoError(t, err)
	assert.Equal(t, 22, res.Attacker.Total)
	assert.Equal(t, 27, res.Defender.Total)
	assert.Equal(t, "defender", res.Winner)
	assert.Equal(t, Fleet{Capital: 1}, res.Retreat.Home)
	assert.Equal(t, Fleet{Destroyer: 2}, res.Retreat.Reserve)
}

func TestPirateOdds(t *testing.T) {
	v := DefaultValues()
	die := referee.D(6)
	cases := []struct {
		total, against int
		wins           int
		frac           string
	}{
		{27, 0, 36, "1"}, {26, 0, 35, "35/36"}, {17, 0, 1, "1/36"}, {16, 0, 0, "0"},
		{22, 0, 21, "7/12"}, {27, -4, 36, "1"}, {20, 0, 10, "5/18"},
	}
	for _, c := range cases {
		o := OddsVsPirate(v, die, c.total, c.against)
		assert.Equal(t, c.wins, o.Wins, "total %d", c.total)
		assert.Equal(t, c.frac, o.Fraction, "total %d", c.total)
		assert.Equal(t, 36, o.Outcome)
	}
}

func TestClanAbilityUpgrade(t *testing.T) {
	// Xanthe's ability 1.0 gives +2 Strength; after the upgrade (one Magic
	// Crystal) 2.0 gives +4.
	v := DefaultValues()
	base := BattleInput{Attacker: Side{Fleet: Fleet{Destroyer: 2}}, Defender: Side{Fleet: Fleet{Destroyer: 2, Gunboat: 1}}}
	one := base
	one.Attacker.Ability = 2
	r1, err := Resolve(v, one)
	require.NoError(t, err)
	assert.Equal(t, 14, r1.Attacker.Total)
	assert.Equal(t, "attacker", r1.Winner) // 14 beats 13; without the ability 12 loses
	r0, err := Resolve(v, base)
	require.NoError(t, err)
	assert.Equal(t, "defender", r0.Winner)
	two := base
	two.Attacker.Ability = 4
	r2, err := Resolve(v, two)
	require.NoError(t, err)
	assert.Equal(t, 16, r2.Attacker.Total)

	st, tt := testTurn(t, map[string][]string{})
	c := st.Clans[0]
	c.Crystals = 1
	require.NoError(t, tt.upgrade(c))
	assert.Equal(t, 2, c.Ability)
	assert.Equal(t, 0, c.Crystals)
	err = tt.upgrade(c)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
}

func TestResourceConversionExample(t *testing.T) {
	// Pays 2 OC to gain 2 Ammo, or 1 AlWood and 1 OC to gain 2 Ammo.
	c := &Clan{Player: "X", OC: 5, AlWood: 5}
	n, err := Convert(c, "ammo", map[string]int{"oc": 2}, 5)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, 3, c.OC)
	assert.Equal(t, 2, c.AmmoTotal())
	c = &Clan{Player: "X", OC: 5, AlWood: 5}
	n, err = Convert(c, "ammo", map[string]int{"oc": 1, "alwood": 1}, 5)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, 4, c.OC)
	assert.Equal(t, 4, c.AlWood)
	assert.Equal(t, []int{2}, c.Ammo)
	// Limits: 5 per turn, not into the island's own resource, affordable.
	_, err = Convert(c, "ammo", map[string]int{"oc": 4}, 3)
	assert.ErrorContains(t, err, "exceeds the limit")
	_, err = Convert(c, "oc", map[string]int{"oc": 1}, 5)
	assert.ErrorContains(t, err, "only other resources")
	_, err = Convert(c, "ammo", map[string]int{"alwood": 5}, 5)
	assert.ErrorContains(t, err, "cannot pay")
}

func TestBattleEdges(t *testing.T) {
	v := DefaultValues()
	cases := []struct {
		name      string
		in        BattleInput
		winner    string
		att, def  int
		crystals  int
		wantErr   string
		home, res int
	}{
		{name: "tie goes to the attacker", in: BattleInput{Attacker: Side{Fleet: Fleet{Frigate: 1}}, Defender: Side{Fleet: Fleet{Gunboat: 3}}}, winner: "attacker", att: 3, def: 3, crystals: 1, home: 1, res: 2},
		{name: "home base +10", in: BattleInput{Attacker: Side{Fleet: Fleet{Destroyer: 3}}, Defender: Side{Fleet: Fleet{Destroyer: 1, Gunboat: 3}}, HomeBase: true}, winner: "defender", att: 18, def: 19, crystals: 1, home: 1, res: 2},
		{name: "capital defeated gives 2", in: BattleInput{Attacker: Side{Fleet: Fleet{Destroyer: 3}}, Defender: Side{Fleet: Fleet{Capital: 1, Gunboat: 2}}}, winner: "attacker", att: 18, def: 12, crystals: 2, home: 1, res: 2},
		{name: "privateer defends with 15", in: BattleInput{Attacker: Side{Fleet: Fleet{Destroyer: 2}}, Defender: Side{Fleet: Fleet{Privateer: 1}}}, winner: "defender", att: 12, def: 15, crystals: 1, home: 1, res: 1},
		{name: "privateer cannot attack", in: BattleInput{Attacker: Side{Fleet: Fleet{Privateer: 1, Gunboat: 1}}, Defender: Side{Fleet: Fleet{Gunboat: 1}}}, wantErr: "attacking fleet"},
		{name: "11 ammo cards", in: BattleInput{Attacker: Side{Fleet: Fleet{Gunboat: 1}, Ammo: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}, Defender: Side{Fleet: Fleet{Gunboat: 1}}}, wantErr: "at most 10"},
		{name: "3 power cards", in: BattleInput{Attacker: Side{Fleet: Fleet{Gunboat: 1}, PowerCards: 3}, Defender: Side{Fleet: Fleet{Gunboat: 1}}}, wantErr: "at most 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Resolve(v, c.in)
			if c.wantErr != "" {
				require.Error(t, err)
				assert.True(t, referee.IsUsage(err))
				assert.ErrorContains(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			if c.in.HomeBase {
				c.def = v.FleetStrength(c.in.Defender.Fleet, true) + 10
			}
			assert.Equal(t, c.winner, res.Winner)
			assert.Equal(t, c.att, res.Attacker.Total)
			assert.Equal(t, c.def, res.Defender.Total)
			assert.Equal(t, c.crystals, res.Crystals)
			assert.Equal(t, c.home, res.Retreat.Home.Ships())
			assert.Equal(t, c.res, res.Retreat.Reserve.Ships())
		})
	}
}

func TestRetreat(t *testing.T) {
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1}}, RetreatOf(Fleet{Capital: 1}, RetreatWithinHalf))
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1}, Reserve: Fleet{Gunboat: 1}}, RetreatOf(Fleet{Capital: 1, Gunboat: 1}, RetreatWithinHalf))
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1}, Reserve: Fleet{Gunboat: 1}}, RetreatOf(Fleet{Capital: 1, Gunboat: 1}, RetreatExtra))
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1, Destroyer: 1}, Reserve: Fleet{Frigate: 1, Gunboat: 1}}, RetreatOf(Fleet{Capital: 1, Destroyer: 1, Frigate: 1, Gunboat: 1}, RetreatWithinHalf))
	assert.Equal(t, Retreat{Reserve: Fleet{Gunboat: 1}}, RetreatOf(Fleet{Gunboat: 1}, RetreatWithinHalf))
	r, err := RetreatChoice(Fleet{Destroyer: 2, Frigate: 1}, Fleet{Frigate: 1}, RetreatWithinHalf)
	require.NoError(t, err)
	assert.Equal(t, Fleet{Destroyer: 2}, r.Reserve)
	_, err = RetreatChoice(Fleet{Destroyer: 2, Frigate: 1}, Fleet{Frigate: 1, Destroyer: 1}, RetreatWithinHalf)
	assert.Error(t, err)
}

func TestUpkeepTable(t *testing.T) {
	set, err := tables.New("", nil)
	require.NoError(t, err)
	v, err := LoadValues(set)
	require.NoError(t, err)
	assert.Equal(t, DefaultValues(), v)
	for s, oc := range map[int]int{9: 0, 10: 3, 19: 3, 20: 5, 29: 5, 30: 7, 40: 9, 49: 9, 50: 11, 90: 11} {
		assert.Equal(t, oc, v.Upkeep(s), "strength %d", s)
	}
}

func TestParseFleet(t *testing.T) {
	for in, want := range map[string]Fleet{
		"capital=1,destroyer=2": {Capital: 1, Destroyer: 2},
		"CDDG":                  {Capital: 1, Destroyer: 2, Gunboat: 1},
		"2 destroyer 1 frigate": {Destroyer: 2, Frigate: 1},
		"3g, 1f":                {Gunboat: 3, Frigate: 1},
		"none":                  {},
		"p":                     {Privateer: 1},
	} {
		f, err := ParseFleet(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, f, in)
	}
	_, err := ParseFleet("3x")
	assert.Error(t, err)
}

// TestCitesAreSections checks every cited id against the rules index
// built from the rulebook bosun embeds.
func TestCitesAreSections(t *testing.T) {
	require.NotEmpty(t, AllCites)
	for _, c := range AllCites {
		assert.True(t, rulesref.Exists(c), "cite %s is not a section of the rulebook", c)
	}
}
