package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil/cmdtest"
	wfa "github.com/bosun-referee/bosun/games/atraxia"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBattleRunF(t *testing.T) {
	// The rulebook's Battle Example, as in TestBattleCommandExample.
	o, f, err := cmdtest.ParseOpts(t, NewCmdBattle, "--attacker", "DDD", "--attacker-ammo", "5", "--attacker-power-against", "-4",
		"--defender", "DDF", "--defender-ammo", "2,2,1", "--defender-power-against", "-6")
	require.NoError(t, err)
	assert.Equal(t, &BattleOptions{F: f,
		Attacker: SideFlags{Fleet: "DDD", Ammo: "5", PowerAgainst: -4},
		Defender: SideFlags{Fleet: "DDF", Ammo: "2,2,1", PowerAgainst: -6},
		Retreat:  string(wfa.RetreatWithinHalf),
	}, o, "the Capital Ship retreats within the half by default")

	o, _, err = cmdtest.ParseOpts(t, NewCmdBattle, "--attacker-strength", "20", "--attacker-power-cards", "2", "--attacker-power", "3", "--attacker-ability", "2",
		"--defender", "DFG", "--defender-ability", "1", "--home-base", "--retreat-capital", "extra")
	require.NoError(t, err)
	assert.Equal(t, SideFlags{Strength: 20, Power: 2, PowerOwn: 3, Ability: 2}, o.Attacker)
	assert.Equal(t, SideFlags{Fleet: "DFG", Ability: 1}, o.Defender)
	assert.True(t, o.HomeBase)
	assert.Equal(t, string(wfa.RetreatExtra), o.Retreat)

	o, _, err = cmdtest.ParseOpts(t, NewCmdBattle, "--attacker", "CDD", "--attacker-ammo", "5", "--pirate", "--pirate-rolls", "2,3")
	require.NoError(t, err)
	assert.True(t, o.Pirate)
	assert.Equal(t, "2,3", o.PirateRolls)
	assert.Equal(t, SideFlags{}, o.Defender)

	// A pirate's side is 15 + two pirate dice: no defender flag goes with it.
	for _, fl := range [][]string{{"--defender", "DD"}, {"--defender-strength", "3"}, {"--defender-ammo", "1"}, {"--defender-power-cards", "1"},
		{"--defender-power", "1"}, {"--defender-power-against", "-1"}, {"--defender-ability", "1"}, {"--home-base"}} {
		args := append([]string{"--attacker", "CDD", "--pirate"}, fl...)
		_, _, err := cmdtest.ParseOpts(t, NewCmdBattle, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
		assert.ErrorContains(t, err, "cannot go with --pirate")
	}
	for _, args := range [][]string{
		{"--attacker", "D", "--defender", "D", "--retreat-capital", "half"},
		{"--attacker", "D", "--defender", "D", "--pirate-rolls", "2,3"},
	} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdBattle, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
	_, _, err = cmdtest.ParseOpts(t, NewCmdBattle, "DDD")
	assert.Error(t, err, "no positional args")
}

func TestUpkeepRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdUpkeep, "--fleet", "CDDD")
	require.NoError(t, err)
	assert.Equal(t, &UpkeepOptions{F: f, Fleet: "CDDD"}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdUpkeep, "--strength", "34")
	require.NoError(t, err)
	assert.Equal(t, &UpkeepOptions{F: o.F, Strength: 34}, o)
	for _, args := range [][]string{{}, {"--fleet", "CD", "--strength", "10"}, {"--strength", "-3"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdUpkeep, args...)
		assert.True(t, referee.IsUsage(err), "%q: one of --fleet or --strength, a strength 0 or more: %v", args, err)
	}
}

func TestConvertRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdConvert, "--pay", "oc=2", "--oc", "5", "--alwood", "5")
	require.NoError(t, err)
	assert.Equal(t, &ConvertOptions{F: f, Into: "ammo", Pay: "oc=2", OC: 5, AlWood: 5, Left: 5}, o, "into Ammo, 5 conversions left by default")
	o, _, err = cmdtest.ParseOpts(t, NewCmdConvert, "--into", "alwood", "--pay", "oc=1,ammo=1", "--ammo", "2", "--left", "3")
	require.NoError(t, err)
	assert.Equal(t, &ConvertOptions{F: o.F, Into: "alwood", Pay: "oc=1,ammo=1", Ammo: 2, Left: 3}, o)
	_, _, err = cmdtest.ParseOpts(t, NewCmdConvert, "oc=2")
	assert.Error(t, err, "no positional args")
	// convert checks --left, --into and the counts after its runF call, in
	// the run itself: the refusals are checked through the real command.
	for _, args := range [][]string{
		{"convert", "--pay", "oc=1", "--oc", "1", "--left", "6"},
		{"convert", "--pay", "oc=1", "--oc", "1", "--into", "gold"},
		{"convert", "--pay", "oc=1", "--oc", "-1"},
	} {
		_, err := run(t, false, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
}
