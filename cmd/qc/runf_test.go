package qc

import (
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil/cmdtest"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAttackRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdAttack, "--cannons", "3", "--rolls", "1,3,5", "--faces", "1,2,3,4,5,6")
	require.NoError(t, err)
	assert.Equal(t, &AttackOptions{F: f, Cannons: 3, Rolls: "1,3,5", Faces: "1,2,3,4,5,6"}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdAttack, "-n", "4", "--marauder", "--odds", "--hearts-left", "3")
	require.NoError(t, err)
	assert.Equal(t, &AttackOptions{F: o.F, Cannons: 4, Marauder: true, Odds: true, HeartsLeft: 3}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdAttack, "-n", "9", "--luck", "9", "--champion", "Valkyr")
	require.NoError(t, err)
	assert.Equal(t, &AttackOptions{F: o.F, Cannons: 9, Luck: 9, Champion: "Valkyr"}, o, "9 Ammo dice at most; --luck names die 1-9")

	for _, c := range []struct {
		args []string
		why  string
	}{
		{[]string{}, "--cannons is required"},
		{[]string{"--cannons", "0"}, "at least 1 Cannon"},
		{[]string{"--cannons", "10"}, "up to 9 Ammo dice"},
		{[]string{"--cannons", "5", "--marauder"}, "a Marauder has at most 4 Cannons"},
		{[]string{"--cannons", "2", "--marauder", "--champion", "Valkyr"}, "two different ships"},
		{[]string{"--cannons", "2", "--odds", "--rolls", "1,2"}, "--odds rolls nothing"},
		{[]string{"--cannons", "2", "--luck", "3"}, "--luck names a die"},
		{[]string{"--cannons", "2", "--luck", "-1"}, "--luck names a die"},
		{[]string{"--cannons", "2", "--odds", "--luck", "1"}, "Dwunny Luck needs a roll"},
		{[]string{"--cannons", "2", "--hearts-left", "-1"}, "Hearts 1 or more"},
		{[]string{"--cannons", "2", "--hearts-left", "13"}, "Hearts 1-12"},
		{[]string{"--cannons", "2", "--hearts-left", "0"}, "0 unmarked Hearts: sunk already"},
	} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdAttack, c.args...)
		assert.True(t, referee.IsUsage(err), "%s: %q: %v", c.why, c.args, err)
	}
	_, _, err = cmdtest.ParseOpts(t, NewCmdAttack, "--cannons", "2", "extra")
	assert.Error(t, err, "no positional args")
}

func TestTreacherousRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdTreacherous, "--bonus", "2")
	require.NoError(t, err)
	assert.Equal(t, &TreacherousOptions{F: f, Bonus: 2}, o, "without --spend the least that succeeds is spent after the roll")
	o, _, err = cmdtest.ParseOpts(t, NewCmdTreacherous, "--bonus", "2", "--spend", "0", "--roll", "3", "--luck")
	require.NoError(t, err)
	assert.Equal(t, &TreacherousOptions{F: o.F, Bonus: 2, Spend: 0, SpendSet: true, Roll: "3", Luck: true}, o, "an explicit --spend 0 is kept")
	o, _, err = cmdtest.ParseOpts(t, NewCmdTreacherous, "--odds")
	require.NoError(t, err)
	assert.Equal(t, &TreacherousOptions{F: o.F, Odds: true}, o)
	for _, args := range [][]string{{"--bonus", "-1"}, {"--bonus", "21"}, {"--bonus", "1", "--spend", "2"}, {"--spend", "-1"}, {"--odds", "--roll", "3"}, {"--odds", "--luck"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdTreacherous, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
}

func TestSinkRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdSink)
	require.NoError(t, err)
	assert.Equal(t, &SinkOptions{F: f, By: "other"}, o, "sunk by anything else by default")
	o, _, err = cmdtest.ParseOpts(t, NewCmdSink, "--coins", "7", "--ammo", "3", "--solved", "1", "--equipped", "2", "--damage", "4", "--by", "rival")
	require.NoError(t, err)
	assert.Equal(t, &SinkOptions{F: o.F, Coins: 7, Ammo: 3, Solved: 1, Equipped: 2, Damage: 4, By: "rival"}, o)
	for _, by := range []string{"rival", "marauder", "self", "teammate", "other"} {
		o, _, err := cmdtest.ParseOpts(t, NewCmdSink, "--by", by)
		require.NoError(t, err, by)
		assert.Equal(t, by, o.By)
	}
	for _, args := range [][]string{{"--by", "kraken"}, {"--by", "Rival"}, {"--coins", "-1"}, {"--ammo", "-1"}, {"--solved", "-1"}, {"--damage", "-1"}, {"--equipped", "-1"}, {"--equipped", "3"}, {"--ammo", "10"}, {"--coins", "62"}, {"--solved", "19"}, {"--damage", "31"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdSink, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
}

func TestGoalAndPricesRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdGoal)
	require.NoError(t, err)
	assert.Equal(t, &GoalOptions{F: f}, o, "every team size when --team-size is omitted")
	o, _, err = cmdtest.ParseOpts(t, NewCmdGoal, "--team-size", "2")
	require.NoError(t, err)
	assert.Equal(t, 2, o.TeamSize)
	// A given --team-size is a value, 0 included: outside 1-3 it is
	// refused while parsing, before runF.
	for _, n := range []string{"0", "4", "-1"} {
		_, _, err = cmdtest.ParseOpts(t, NewCmdGoal, "--team-size", n)
		assert.True(t, referee.IsUsage(err), "--team-size %s: %v", n, err)
	}
	_, _, err = cmdtest.ParseOpts(t, NewCmdGoal, "2")
	assert.Error(t, err, "no positional args")

	p, f, err := cmdtest.ParseOpts(t, NewCmdPrices)
	require.NoError(t, err)
	assert.Equal(t, &PricesOptions{F: f}, p, "prices has no inputs: its options are only the factory")
	_, _, err = cmdtest.ParseOpts(t, NewCmdPrices, "workshop")
	assert.Error(t, err, "no positional args")
}
