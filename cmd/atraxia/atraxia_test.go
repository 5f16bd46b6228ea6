package atraxia

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	wfa "github.com/bosun-referee/bosun/games/atraxia"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func run(t *testing.T, jsonOut bool, args ...string) (string, error) {
	t.Helper()
	out := &bytes.Buffer{}
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: out, ErrOut: out})
	f.G.JSON = jsonOut
	f.V.Set("tables", t.TempDir()+"/tables.yaml")
	cmd := NewCmd(f)
	cmd.SetArgs(args)
	cmd.SetOut(out)
	err := cmd.Execute()
	return out.String(), err
}

// "Myles moves his fleet of three ships into a location occupied by
// Xanthe's fleet" (18 = three Destroyers) ... "Her final total combat power
// is 16." ... "His final total combat power is 17."
func TestBattleCommandExample(t *testing.T) {
	out, err := run(t, true, "battle", "--attacker", "DDD", "--attacker-ammo", "5", "--attacker-power-against", "-4",
		"--defender", "DDF", "--defender-ammo", "2,2,1", "--defender-power-against", "-6")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, "attacker", v.Result.Winner)
	assert.Equal(t, 17, v.Result.Attacker.Total)
	assert.Equal(t, 16, v.Result.Defender.Total)
	assert.Equal(t, 1, v.Result.Retreat.Home.Ships())
	assert.Equal(t, wfa.Fleet{Destroyer: 1}, v.Result.Retreat.Home)
	assert.Equal(t, 1, v.Result.Crystals)
	assert.NotEmpty(t, v.Result.Effects)
	out, err = run(t, false, "battle", "--attacker", "DDD", "--defender", "DDF", "--home-base")
	require.NoError(t, err)
	assert.Contains(t, out, "winner: defender")
}

func TestBattleCommandPirate(t *testing.T) {
	out, err := run(t, true, "battle", "--attacker", "CDD", "--pirate")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, "7/12", v.Odds.Fraction)
	assert.Nil(t, v.Result)
	out, err = run(t, true, "battle", "--attacker", "CDD", "--attacker-ammo", "5", "--attacker-power-against", "-4", "--pirate", "--pirate-rolls", "2,3")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, 27, v.Result.Attacker.Total)
	assert.Equal(t, 16, v.Result.Defender.Total)
	assert.Equal(t, "1", v.Odds.Fraction)
	out, err = run(t, false, "battle", "--attacker", "CDD", "--pirate", "--pirate-rolls", "6,6")
	require.NoError(t, err)
	assert.Contains(t, out, "winner: pirate")
	_, err = run(t, false, "battle", "--attacker", "CDD", "--pirate", "--pirate-rolls", "7,1")
	assert.True(t, referee.IsUsage(err))
	_, err = run(t, false, "battle", "--attacker", "P", "--defender", "G")
	assert.True(t, referee.IsUsage(err))
}

func TestUpkeepAndConvert(t *testing.T) {
	out, err := run(t, false, "upkeep", "--fleet", "CDDD")
	require.NoError(t, err)
	assert.Contains(t, out, "fleet strength 28 on the Isle of Myth: upkeep 5 OC")
	out, err = run(t, true, "convert", "--into", "ammo", "--pay", "oc=1,alwood=1", "--oc", "5", "--alwood", "5")
	require.NoError(t, err)
	var v ConvertView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, 2, v.Gain)
	_, err = run(t, false, "convert", "--into", "ammo", "--pay", "oc=6", "--oc", "9")
	assert.True(t, referee.IsUsage(err))
	// The words the session accepts for a payment are accepted here too.
	out, err = run(t, true, "convert", "--into", "ammunition", "--pay", "ocean-crystal=1,wood=1", "--oc", "5", "--alwood", "5")
	require.NoError(t, err)
	v = ConvertView{}
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, map[string]int{"oc": 1, "alwood": 1}, v.Pay)
	assert.Equal(t, "ammo", v.Into)
	assert.Equal(t, 2, v.Gain)
	_, err = run(t, false, "convert", "--into", "ammo", "--pay", "gold=1", "--oc", "9")
	assert.ErrorContains(t, err, `"gold=1" is not a payment`)
	_, err = run(t, false, "convert", "--into", "ammo", "--pay", "none", "--oc", "9")
	assert.ErrorContains(t, err, "--pay is required")
	_, err = run(t, false, "convert", "--into", "ammo", "--pay", "oc=1", "--oc", "9", "--left", "-1")
	assert.ErrorContains(t, err, "0 to 5")
	_, err = run(t, false, "convert", "--into", "gold", "--pay", "oc=1", "--oc", "9")
	assert.ErrorContains(t, err, "accepted oc, alwood, ammo")
	_, err = run(t, false, "upkeep", "--strength", "-3")
	assert.ErrorContains(t, err, "0 or more")
}

// "If the battle location was an opponent's Home Base, immediately acquire
// all Magic Crystals and resources of that opponent." / "If the battle
// results in the Clan Leader losing control of their Home Base, they are
// eliminated from the game." --json carries every consequence.
func TestBattleCommandHomeBaseAndRetreat(t *testing.T) {
	out, err := run(t, true, "battle", "--attacker-strength", "35", "--defender", "CDD", "--home-base", "--retreat-capital", "extra")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, "attacker", v.Result.Winner)
	assert.Equal(t, 35, v.Result.Attacker.Total)
	assert.Equal(t, 32, v.Result.Defender.Total) // 22 + 10 for the Home Base
	assert.Equal(t, 2, v.Result.Crystals)        // the defeated fleet had a Capital Ship
	assert.True(t, v.Result.HomeBaseFalls)
	// The defender's Home Base fell: it is eliminated, and nothing
	// retreats to the Home Base it lost (issue 24).
	assert.Empty(t, v.Result.Retreat.Home)
	assert.Empty(t, v.Result.Retreat.Reserve)
	assert.Contains(t, v.Cites, wfa.CiteGameEnd)
	out, err = run(t, false, "battle", "--attacker-strength", "35", "--defender", "CDD", "--home-base")
	require.NoError(t, err)
	assert.NotContains(t, out, "to the Home Base")
	assert.NotContains(t, out, "to its Home Base")
	assert.Contains(t, out, "the defender has lost its Home Base and is eliminated from the game: no retreat")
	// A Home Base held: the beaten attacker retreats to its own.
	out, err = run(t, false, "battle", "--attacker", "DDD", "--defender", "CDD", "--home-base")
	require.NoError(t, err)
	assert.Contains(t, out, "winner: defender")
	assert.Contains(t, out, "retreat: 1 destroyer to the Home Base, 2 destroyers to the reserve")
}

// "rolls the black pirate die twice, and adds the combined value of the two
// dice rolls to its default fleet power of 15": the odds count the 36
// outcomes exactly; ties go to the attacker.
func TestBattleCommandPirateOddsExact(t *testing.T) {
	out, err := run(t, true, "battle", "--attacker-strength", "20", "--pirate")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, "5/18", v.Odds.Fraction) // pirate 17, 18, 19, 20: 1+2+3+4 of 36
	assert.Equal(t, 10, v.Odds.Wins)
	assert.Equal(t, 36, v.Odds.Outcome)
	ways := 0
	for _, p := range v.Odds.Pirate {
		ways += p.Ways
		assert.Equal(t, p.Total <= 20, p.Attacker)
	}
	assert.Equal(t, 36, ways)
	assert.Equal(t, 27, v.Odds.Pirate[len(v.Odds.Pirate)-1].Total)
	// A Power card of -4 on the pirate: 13..23 against 20.
	out, err = run(t, true, "battle", "--attacker-strength", "20", "--attacker-power-against", "-4", "--pirate")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, "5/6", v.Odds.Fraction) // rolls summing to 9 or less: 30 of 36
}

// Bad input exits 2 and names what is accepted.
func TestBattleCommandBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--attacker", "CDD", "--pirate", "--defender-power-against", "-3"}, "accepted with --pirate"},
		{[]string{"--attacker", "CDD", "--pirate", "--home-base"}, "--home-base cannot go with --pirate"},
		{[]string{"--attacker-strength", "-4", "--defender", "G"}, "0 or more"},
		{[]string{"--attacker", "CDD", "--defender", "G", "--retreat-capital", "half"}, "accepted: within-half, extra"},
		{[]string{"--attacker", "CDD"}, "the defender needs a fleet"},
		{[]string{"--attacker", "XYZ", "--defender", "G"}, "one letter per ship"},
		{[]string{"--attacker", "G", "--defender", "G", "--attacker-ammo", "3"}, "1, 2 or 5"},
		{[]string{"--attacker", "G", "--defender", "G", "--attacker-power-cards", "3"}, "at most 2"},
		{[]string{"--attacker", "CDD", "--pirate", "--pirate-rolls", "7,1"}, "1-6"},
		{[]string{"--attacker", "CDD", "--pirate", "--pirate-rolls", "3"}, "two rolls"},
	} {
		_, err := run(t, false, append([]string{"battle"}, c.args...)...)
		require.Error(t, err, c.args)
		assert.True(t, referee.IsUsage(err), "%v: %v", c.args, err)
		assert.ErrorContains(t, err, c.want, c.args)
	}
}

// The chance to beat a pirate reads as a percentage with its reduced
// fraction, always, and the rolls counted: "a Clan Leader rolls the black
// pirate die twice, and adds the combined value of the two dice rolls to its
// default fleet power of 15", and "In the event of a tie, the attacker is
// victorious."
func TestPirateChanceText(t *testing.T) {
	out, err := run(t, false, "battle", "--attacker", "CDD", "--attacker-ammo", "5", "--pirate")
	require.NoError(t, err)
	assert.Contains(t, out, "chance to win: certain (36 of 36 rolls)\n")
	out, err = run(t, false, "battle", "--attacker", "CD", "--attacker-ammo", "5", "--pirate")
	require.NoError(t, err)
	assert.Contains(t, out, "chance to win: 41.7% = 5/12 (15 of 36 rolls)\n") // 21 beats or ties 17-21
	out, err = run(t, false, "battle", "--attacker", "G", "--pirate")
	require.NoError(t, err)
	assert.Contains(t, out, "chance to win: none (0 of 36 rolls)\n")
	// 26 against 15+2d6 loses only to 6+6: 35 of 36, already in lowest
	// terms, still shows its fraction.
	out, err = run(t, false, "battle", "--attacker", "CDD", "--attacker-ammo", "2,2", "--pirate")
	require.NoError(t, err)
	assert.Contains(t, out, "chance to win: 97.2% = 35/36 (35 of 36 rolls)\n")
	assert.True(t, len(out) > 0 && out[len(out)-1] == '\n', "the output ends with a newline")
}
