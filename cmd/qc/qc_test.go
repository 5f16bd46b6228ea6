package qc

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func run(t *testing.T, f *cmdutil.Factory, args ...string) (string, error) {
	t.Helper()
	cmd := NewCmd(f)
	cmd.SetArgs(args)
	cmd.SetOut(f.IO.Out)
	cmd.SetErr(f.IO.ErrOut)
	cmd.SilenceUsage = true
	cmd.SilenceErrors = true
	err := cmd.Execute()
	return f.IO.Out.(*bytes.Buffer).String(), err
}

func factory(t *testing.T) *cmdutil.Factory {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	io := &cmdutil.IO{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}
	f := cmdutil.New(io)
	f.G.Seed, f.G.SeedSet = 7, true
	return f
}

func TestAttackValkyr(t *testing.T) {
	f := factory(t)
	out, err := run(t, f, "attack", "--cannons", "3", "--rolls", "1,3,5", "--faces", "1,2,3,4,5,6")
	require.NoError(t, err)
	assert.Contains(t, out, "rolled 1, 3, 5: 9 dots, 2 damage, +1 Prosperity")
	assert.Contains(t, out, "exact damage distribution for 3 Cannons")
}

func TestAttackJSONAndAskOnce(t *testing.T) {
	f := factory(t)
	f.G.JSON = true
	f.G.Set = []string{"tables.dice.ammo=1,2,3,4,5,6", "qc.attack.ammo=6,6"}
	out, err := run(t, f, "attack", "--cannons", "2", "--hearts-left", "3")
	require.NoError(t, err)
	var v AttackView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.NotNil(t, v.Result)
	assert.Equal(t, 3, v.Result.Damage)
	assert.Equal(t, []int{1, 2, 3, 4, 5, 6}, v.Faces)
	require.NotNil(t, v.PSink)
	assert.InDelta(t, 1.0/36, *v.PSink, 1e-12)
	// The faces were remembered in the overlay (the root flushes it when a
	// command succeeds): asked once.
	require.NoError(t, f.FlushTables())
	dir := f.ConfigDir()
	b, err := os.ReadFile(filepath.Join(dir, "tables.yaml"))
	require.NoError(t, err)
	assert.Contains(t, string(b), "ammo")
	f2 := factory(t)
	t.Setenv("XDG_CONFIG_HOME", filepath.Dir(dir))
	_, err = run(t, f2, "attack", "--cannons", "1", "--odds")
	require.NoError(t, err, "no question the second time")
}

func TestAttackNeedsFaces(t *testing.T) {
	f := factory(t)
	_, err := run(t, f, "attack", "--cannons", "2", "--odds")
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "tables.dice.ammo")
}

func TestAttackBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"attack", "--cannons", "0", "--faces", "1,2"},
		{"attack", "--cannons", "2", "--rolls", "1", "--faces", "1,2"},
		{"attack", "--cannons", "2", "--rolls", "1,7", "--faces", "1,2,3,4,5,6"},
		{"attack", "--cannons", "2", "--luck", "3", "--faces", "1,2"},
	} {
		_, err := run(t, factory(t), args...)
		require.Error(t, err, args)
		assert.True(t, referee.IsUsage(err), "%v: %v", args, err)
	}
}

func TestTreacherousKerris(t *testing.T) {
	f := factory(t)
	out, err := run(t, f, "treacherous", "--bonus", "1", "--roll", "3")
	require.NoError(t, err)
	assert.Contains(t, out, "Traveler Die 3 + 1 Traveler Bonus = 4: safe")
	assert.Contains(t, out, "2/3")
	out, err = run(t, factory(t), "treacherous", "--roll", "3")
	require.NoError(t, err)
	assert.Contains(t, out, "1 damage, the Move ends (no re-roll); Traveler Bonus now 1")
}

func TestSinkAndGoal(t *testing.T) {
	f := factory(t)
	f.G.JSON = true
	out, err := run(t, f, "sink", "--coins", "7", "--equipped", "2", "--by", "rival")
	require.NoError(t, err)
	assert.Contains(t, out, `"coins_lost": 4`)
	assert.Contains(t, out, `"rival_prosperity": 3`)
	out, err = run(t, factory(t), "sink", "--coins", "4", "--by", "teammate")
	require.NoError(t, err)
	assert.Contains(t, out, "-3 for the sunk team")
	_, err = run(t, factory(t), "sink", "--by", "pirate")
	assert.True(t, referee.IsUsage(err))
	out, err = run(t, factory(t), "goal", "--team-size", "2")
	require.NoError(t, err)
	assert.Contains(t, out, "20")
	_, err = run(t, factory(t), "goal", "--team-size", "4")
	assert.True(t, referee.IsUsage(err))
	out, err = run(t, factory(t), "prices")
	require.NoError(t, err)
	assert.Contains(t, out, "tables.qc-prices.sell-metal")
}

// Bad input exits 2 (a usage error) naming what is accepted: a missing
// --cannons, faces that are not dots, a bad remembered-faces answer.
func TestAttackBadInputNamesAccepted(t *testing.T) {
	cases := []struct {
		args []string
		set  []string
		want string
	}{
		{[]string{"attack", "--faces", "1,2,3,4,5,6"}, nil, "--cannons N is required (1-9)"},
		{[]string{"attack", "--cannons", "2", "--faces", "x"}, nil, "e.g. 1,2,3,4,5,6"},
		{[]string{"attack", "--cannons", "2", "--odds"}, []string{"tables.dice.ammo=a,b"}, "whole number"},
		{[]string{"attack", "--cannons", "2", "--rolls", "1", "--faces", "1,2"}, nil, "one Ammo die per Cannon"},
		{[]string{"attack", "--cannons", "2", "--odds", "--luck", "1", "--faces", "1,2"}, nil, "--luck"},
	}
	for _, c := range cases {
		f := factory(t)
		f.G.Set = c.set
		_, err := run(t, f, c.args...)
		require.Error(t, err, c.args)
		assert.True(t, referee.IsUsage(err), "%v: %v", c.args, err)
		assert.Contains(t, err.Error(), c.want, c.args)
	}
}

// --json carries everything the text shows, including a 0% chance to sink.
func TestAttackJSONComplete(t *testing.T) {
	f := factory(t)
	f.G.JSON = true
	out, err := run(t, f, "attack", "--cannons", "1", "--odds", "--faces", "1,2,3,4,5,6", "--hearts-left", "5")
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Contains(t, m, "p_sink", "a 0 chance to sink is shown, so it is encoded")
	assert.Equal(t, 0.0, m["p_sink"])
	d := m["distribution"].(map[string]any)
	for _, k := range []string{"outcomes", "mean", "mean_float", "p_any_damage"} {
		assert.Contains(t, d, k)
	}
}

// "You may have up to 9 Ammo dice at a time" and each Cannon fired rolls
// one Ammo die, so no ship fires more than 9 Cannons; a Marauder "gains a
// Cannon, up to a maximum of 4"; and "You can't have more of a type of
// upgrade than what is stated on your Champion's max upgrade stat."
// Anything more exits 2 naming what is accepted.
func TestAttackCannonsBoundedByTheRules(t *testing.T) {
	cases := []struct {
		args []string
		set  []string
		want string
	}{
		{[]string{"attack", "--cannons", "10", "--odds", "--faces", "1,2,3,4,5,6"}, nil, `"You may have up to 9 Ammo dice at a time" (accepted: 1-9`},
		{[]string{"attack", "--cannons", "0", "--odds", "--faces", "1,2,3,4,5,6"}, nil, "accepted: 1-9"},
		{[]string{"attack", "--cannons", "5", "--marauder", "--odds", "--faces", "1,2,3,4,5,6"}, nil, `"up to a maximum of 4" (accepted: 1-4)`},
		{[]string{"attack", "--cannons", "4", "--champion", "VALKYR", "--odds", "--faces", "1,2,3,4,5,6"}, []string{"tables.qc-champions.Valkyr.cannons=2/3"}, "Valkyr's max Cannons is 3"},
		{[]string{"attack", "--cannons", "2", "--champion", "Valkyr", "--marauder", "--odds", "--faces", "1,2,3,4,5,6"}, nil, "give one"},
		{[]string{"attack", "--cannons", "2", "--odds", "--faces", "1,2,3,4,5,6", "--hearts-left", "13"}, nil, "(accepted: 1-12, the Hearts bosun takes from a Champion tile"},
		{[]string{"attack", "--cannons", "2", "--odds", "--faces", "1,2,3,4,5,6", "--hearts-left", "0"}, nil, "a ship whose Hearts are all marked has sunk"},
	}
	for _, c := range cases {
		f := factory(t)
		f.G.Set = c.set
		out, err := run(t, f, c.args...)
		require.Error(t, err, c.args)
		assert.True(t, referee.IsUsage(err), "%v: %v", c.args, err)
		assert.Contains(t, err.Error(), c.want, c.args)
		assert.Empty(t, out)
	}
	for _, args := range [][]string{
		{"attack", "--cannons", "9", "--odds", "--faces", "1,2,3,4,5,6"},
		{"attack", "--cannons", "4", "--marauder", "--odds", "--faces", "1,2,3,4,5,6"},
		{"attack", "--cannons", "3", "--champion", "valkyr", "--odds", "--faces", "1,2,3,4,5,6"},
	} {
		f := factory(t)
		f.G.Set = []string{"tables.qc-champions.valkyr.cannons=2/3"}
		_, err := run(t, f, args...)
		assert.NoError(t, err, args)
	}
}

// quests-and-cannons/currencies: "You may have up to 9 Ammo dice at a time." quests-and-cannons/equipping-loot-cards: "Ships have
// only two Equip slots." quests-and-cannons/components: the box holds Coins (61), Clue Cards
// (18) and Hull Damage Tokens (30). A sinking ship holds no more than
// that: anything beyond exits 2 naming the limit and its rule; the limit
// itself is accepted.
func TestSinkCountsBoundedByTheRules(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--ammo", "12"}, `--ammo 12 is more than a ship can hold: "You may have up to 9 Ammo dice at a time." (accepted: 0-9)`},
		{[]string{"--equipped", "3"}, `"Ships have only two Equip slots." (accepted: 0-2)`},
		{[]string{"--coins", "62"}, `"Coins (61)" (accepted: 0-61)`},
		{[]string{"--solved", "19"}, `"Clue Cards (18)" (accepted: 0-18)`},
		{[]string{"--damage", "31"}, `"Hull Damage Tokens (30)" (accepted: 0-30)`},
		{[]string{"--ammo", "-1"}, "--ammo -1 must not be negative (accepted: 0-9)"},
	} {
		out, err := run(t, factory(t), append([]string{"sink"}, c.args...)...)
		require.Error(t, err, c.args)
		assert.True(t, referee.IsUsage(err), "%v: %v", c.args, err)
		assert.Contains(t, err.Error(), c.want)
		assert.Empty(t, out)
	}
	f := factory(t)
	f.G.JSON = true
	out, err := run(t, f, "sink", "--ammo", "9", "--coins", "61", "--solved", "18", "--damage", "30", "--equipped", "2")
	require.NoError(t, err)
	assert.Contains(t, out, `"ammo_lost": 9`)
	assert.Contains(t, out, `"coins_lost": 31`)
}

// quests-and-cannons/prosperity and quests-and-cannons/prosperity-goal: the Prosperity Goal is 15, 20 or 25 for one, two
// or three players on a team. --team-size 0 is a team of no players, not
// "every size": it exits 2 like 4 does; omitting the flag lists all three.
func TestGoalTeamSizeZeroIsAValue(t *testing.T) {
	for _, n := range []string{"0", "4"} {
		out, err := run(t, factory(t), "goal", "--team-size", n)
		require.Error(t, err, n)
		assert.True(t, referee.IsUsage(err), "%s: %v", n, err)
		assert.Contains(t, err.Error(), "a team has 1 to 3 players")
		assert.Contains(t, err.Error(), "accepted: 1-3")
		assert.Empty(t, out)
	}
	f := factory(t)
	f.G.JSON = true
	out, err := run(t, f, "goal")
	require.NoError(t, err)
	var rows []GoalRow
	require.NoError(t, json.Unmarshal([]byte(out), &rows))
	assert.Equal(t, []GoalRow{{1, 15, qcgCiteGoal}, {2, 20, qcgCiteGoal}, {3, 25, qcgCiteGoal}}, rows)
}

const qcgCiteGoal = "quests-and-cannons/prosperity-goal"

// quests-and-cannons/traveler-bonus: "You may spend all or part of your Traveler Bonus whenever you roll
// the Traveler Die"; quests-and-cannons/sample-movement: Kerris rolls a 3 and spends her one point. By
// default qc treacherous spends the least that succeeds after the roll,
// and --spend N spends exactly N.
func TestTreacherousSpendsTheLeastThatSucceeds(t *testing.T) {
	f := factory(t)
	f.G.JSON = true
	f.G.Set = []string{"tables.dice.traveler=1,2,3,4,5,6"}
	out, err := run(t, f, "treacherous", "--bonus", "3", "--roll", "2")
	require.NoError(t, err)
	var v TreacherousView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.NotNil(t, v.Result)
	assert.Equal(t, 2, v.Result.Bonus, "2 + 2 = 4: two points are enough")
	assert.Equal(t, 1, v.Result.NewBonus, "one point kept")
	assert.True(t, v.Result.Safe)
	assert.Equal(t, SpendLeast, v.SpendRule)
	require.NotNil(t, v.Spend)
	assert.Equal(t, 2, *v.Spend)
	assert.Equal(t, "1", v.SafeExact, "with 3 to spend after the roll every face passes")

	// A roll that passes alone spends nothing; one that fails even with the
	// whole Bonus spends nothing and gains a point.
	out, err = run(t, factory(t), "treacherous", "--bonus", "3", "--roll", "5")
	require.NoError(t, err)
	assert.Contains(t, out, "Traveler Die 5 = 5: safe, a free move to any adjacent space; Traveler Bonus left 3")
	out, err = run(t, factory(t), "treacherous", "--bonus", "1", "--roll", "2")
	require.NoError(t, err)
	assert.Contains(t, out, "Traveler Die 2 = 2: 1 damage, the Move ends (no re-roll); Traveler Bonus now 2")

	// --spend keeps its meaning: exactly that much.
	out, err = run(t, factory(t), "treacherous", "--bonus", "3", "--spend", "3", "--roll", "2")
	require.NoError(t, err)
	assert.Contains(t, out, "Traveler Die 2 + 3 Traveler Bonus = 5: safe, a free move to any adjacent space; Traveler Bonus left 0")
	assert.Contains(t, out, "chance to pass with 3 Traveler Bonus spent: 1 (100.0%)")
}

// --odds rolls nothing, so a --roll (or Dwunny Luck) with it is refused
// instead of silently ignored.
func TestTreacherousOddsRefusesARoll(t *testing.T) {
	for _, args := range [][]string{{"--odds", "--roll", "3"}, {"--odds", "--luck"}} {
		out, err := run(t, factory(t), append([]string{"treacherous"}, args...)...)
		require.Error(t, err, args)
		assert.True(t, referee.IsUsage(err), "%v: %v", args, err)
		assert.Contains(t, err.Error(), "drop --odds")
		assert.Empty(t, out)
	}
}

// quests-and-cannons/the-sea "add 1 to your Traveler Bonus", quests-and-cannons/traveler-bonus "spend all or part of your
// Traveler Bonus": the rulebook sets no maximum, and quests-and-cannons/components "Traveler Bonus
// Trackers (6)" gives no track length. --bonus is bounded by bosun's own
// 20 (qcg.MaxTravelerBonus) and the message says it is not a rule; 20 is
// accepted and resolves.
func TestTreacherousBonusBoundIsBosuns(t *testing.T) {
	_, err := run(t, factory(t), "treacherous", "--bonus", "21", "--roll", "2")
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "--bonus 21 is out of range (accepted: 0-20; the rulebook sets no maximum, 20 is bosun's bound against typos)")
	out, err := run(t, factory(t), "treacherous", "--bonus", "20", "--roll", "1")
	require.NoError(t, err)
	assert.Contains(t, out, "Traveler Bonus left 17")
}

// Every numeric flag of the Quests & Cannons one-shots, just beyond its
// limit: exit 2 and the limit named (docs/component-limits.md lists each
// with its rule line).
func TestEveryNumericFlagRefusedBeyondItsLimit(t *testing.T) {
	for _, c := range []struct {
		args string
		want string
	}{
		{"attack --cannons 10 --rolls 1", `"You may have up to 9 Ammo dice at a time" (accepted: 1-9`},
		{"attack --cannons 0 --rolls 1", "at least 1 Cannon fires"},
		{"attack --cannons 5 --marauder --rolls 1,2,3,4,5", `"up to a maximum of 4" (accepted: 1-4)`},
		{"attack --cannons 2 --rolls 1,2 --luck 3", "--luck 3 names no die (1-2)"},
		{"attack --cannons 2 --rolls 1,2 --hearts-left 13", "accepted: 1-12"},
		{"attack --cannons 2 --rolls 1,2 --hearts-left 0", "has sunk"},
		{"attack --cannons 2 --rolls 1,2 --faces 1,2,21", "dots 0-20"},
		{"treacherous --bonus 21 --roll 1", "accepted: 0-20; the rulebook sets no maximum"},
		{"treacherous --bonus 2 --spend 3 --roll 1", "between 0 and --bonus 2"},
		{"sink --coins 62", `"Coins (61)" (accepted: 0-61)`},
		{"sink --ammo 10", `"You may have up to 9 Ammo dice at a time." (accepted: 0-9)`},
		{"sink --solved 19", `"Clue Cards (18)" (accepted: 0-18)`},
		{"sink --equipped 3", `"Ships have only two Equip slots." (accepted: 0-2)`},
		{"sink --damage 31", `"Hull Damage Tokens (30)" (accepted: 0-30)`},
		{"goal --team-size 4", "accepted: 1-3"},
		{"goal --team-size 0", "accepted: 1-3"},
	} {
		f := factory(t)
		f.G.Set = []string{"tables.dice.ammo=1,2,3,4,5,6", "tables.dice.traveler=1,2,3,4,5,6"}
		_, err := run(t, f, strings.Fields(c.args)...)
		if !referee.IsUsage(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("qc %s: got %v, want exit 2 naming %q", c.args, err, c.want)
		}
	}
}
