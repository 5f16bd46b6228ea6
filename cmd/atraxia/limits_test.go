package atraxia

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 13 item 21: "Gather 1 Capital Ship, 6 Gunboats, 5 Frigates, and 5
// Destroyers" (war-for-atraxia/player-setup; war-for-atraxia/player-components) and "EACH CLAN LEADER MAY ONLY HAVE ONE ACTIVE
// PRIVATEER ALLY" (war-for-atraxia/scenario-b-hire-the-pirate-as-a-privateer): a fleet beyond the components, or a strength no
// clan can reach, is refused with exit 2 naming the limit.
func TestOneShotsRefuseImpossibleFleets(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"battle", "--attacker-strength", "9223372036854775807", "--attacker-ammo", "5", "--defender", "C"}, "at most 61"},
		{[]string{"battle", "--attacker", "C", "--defender-strength", "77"}, "at most 76"},
		{[]string{"battle", "--attacker", "CC", "--defender", "D"}, "at most 1"},
		{[]string{"battle", "--attacker", "destroyer=6", "--defender", "D"}, "at most 5"},
		{[]string{"battle", "--attacker", "7g", "--defender", "D"}, "at most 6"},
		{[]string{"battle", "--attacker", "C", "--defender", "PP"}, "at most 1"},
		{[]string{"battle", "--attacker", "C", "--attacker-ability", "9223372036854775807", "--defender", "D"}, "-99 to 99"},
		{[]string{"upkeep", "--fleet", "destroyer=2000000000000000000"}, "at most 5"},
		{[]string{"upkeep", "--strength", "62"}, "at most 61"},
		{[]string{"upkeep", "--fleet", "CP"}, "privateer"},
	} {
		_, err := run(t, false, c.args...)
		require.Error(t, err, c.args)
		assert.True(t, referee.IsUsage(err), "%v: exit 2 expected, got %v", c.args, err)
		assert.Contains(t, err.Error(), c.want, c.args)
	}
	// The limits themselves are accepted: the whole clan attacking (61)
	// against its whole fleet with the privateer defending (76).
	out, err := run(t, false, "battle", "--attacker", "C,5D,5F,6G", "--defender", "C,5D,5F,6G,P")
	require.NoError(t, err)
	assert.Contains(t, out, "winner: defender")
	out, err = run(t, false, "upkeep", "--strength", "61")
	require.NoError(t, err)
	assert.Contains(t, out, "upkeep 11 OC")
}

// war-for-atraxia/game-end: "when any fleet containing a Capital Ship enters the Isle of Myth
// for the first time, the game will end after 5 more rounds ... Once the
// marker reaches number 1, that signals the last round".
func TestCountdownCommand(t *testing.T) {
	out, err := run(t, true, "countdown", "--entry-round", "3")
	require.NoError(t, err)
	var v CountdownView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, 8, v.Last, "rounds 4 to 8 are the 5 more rounds")
	require.Len(t, v.Rounds, 6)
	assert.Equal(t, 5, v.Rounds[1].Marker)
	assert.Equal(t, 1, v.Rounds[5].Marker)
	assert.True(t, v.Rounds[5].Last)
	out, err = run(t, false, "countdown", "--entry-round", "3", "--countdown", "marker")
	require.NoError(t, err)
	assert.Contains(t, out, "round 7: turn tracker on 1 (the last round")
	for _, args := range [][]string{{"countdown"}, {"countdown", "--entry-round", "-1"}, {"countdown", "--entry-round", "9223372036854775807"},
		{"countdown", "--entry-round", "2", "--countdown", "five"}} {
		_, err := run(t, false, args...)
		require.Error(t, err, args)
		assert.True(t, referee.IsUsage(err), args)
	}
}

// Every numeric flag of the War for Atraxia one-shots not covered above,
// just beyond its limit: exit 2 and the limit named
// (docs/component-limits.md lists each with its rule line).
func TestEveryNumericFlagRefusedBeyondItsLimit(t *testing.T) {
	for _, c := range []struct {
		args string
		want string
	}{
		{"battle --attacker C --defender G --attacker-power 100 --attacker-power-cards 1", "bosun accepts -99 to 99"},
		{"battle --attacker C --defender G --defender-power-against -100 --defender-power-cards 1", "bosun accepts -99 to 99"},
		{"battle --attacker C --defender G --attacker-power-cards 3", "at most 2 per battle"},
		{"battle --attacker C --defender G --attacker-ammo 5,5,5,5,5,5,5,5,5,5,5", "at most 10 per battle"},
		{"battle --attacker C --defender G --attacker-ammo 9", "Ammo cards are worth 1, 2 or 5"},
		{"battle --attacker C --pirate --pirate-rolls 7,1", "(1-6)"},
		{"convert --into ammo --pay oc=1 --oc 9 --left 6", "a maximum of 5 resources per turn"},
		{"convert --into ammo --pay oc=6 --oc 9", "5 per action, 5 per turn"},
		{"convert --into ammo --pay oc=1 --oc 110", "(accepted: 0-109)"},
		{"convert --into oc --pay alwood=1 --alwood 110", "(accepted: 0-109)"},
		{"convert --into oc --pay ammo=1 --ammo 276", "(accepted: 0-275)"},
		{"countdown --entry-round 1000", "1 to 999"},
	} {
		_, err := run(t, false, strings.Fields(c.args)...)
		require.Error(t, err, c.args)
		assert.True(t, referee.IsUsage(err), "%v: exit 2 expected, got %v", c.args, err)
		assert.Contains(t, err.Error(), c.want, c.args)
	}
}

// Issue 13 item 22: a calculator taking a signed number accepts a negative
// one. The battle's Power card effects and ability bonus are signed (war-for-atraxia/defender:
// "her power is reduced by 4 because of the Power card that Myles
// played"); each takes -N as a value, separate or after '='.
func TestBattleSignedEffectsTakeNegativeValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"battle", "--attacker", "C", "--defender", "G", "--attacker-power-cards", "1", "--attacker-power", "-2"}, "attacker\t10 - 2 = 8"},
		{[]string{"battle", "--attacker", "C", "--defender", "G", "--attacker-power-cards", "1", "--attacker-power=-2"}, "attacker\t10 - 2 = 8"},
		{[]string{"battle", "--attacker", "C", "--defender", "G", "--attacker-power-cards", "1", "--attacker-power-against", "-4"}, "defender\t1 - 4 = -3"},
		{[]string{"battle", "--attacker", "G", "--defender", "G", "--defender-ability", "-1"}, "defender\t1 - 1 = 0"},
	} {
		out, err := run(t, false, c.args...)
		require.NoError(t, err, c.args)
		assert.Contains(t, out, c.want, c.args)
	}
}
