package misty

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func run(t *testing.T, jsonOut bool, args ...string) (string, error) {
	t.Helper()
	out := &bytes.Buffer{}
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: out, ErrOut: out})
	f.G.JSON = jsonOut
	f.G.Seed, f.G.SeedSet = 7, true
	f.V.Set("tables", t.TempDir()+"/tables.yaml")
	cmd := NewCmd(f)
	cmd.SetArgs(args)
	cmd.SetOut(out)
	cmd.SetErr(out)
	err := cmd.Execute()
	return out.String(), err
}

func TestBroadsideCommand(t *testing.T) {
	out, err := run(t, true, "broadside", "--attacker", "ship:cannons=3,sailors=2,gunner,owner=ann", "--defender", "pirate:damaged", "--dice", "6,4,4,1+2,6")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.NotNil(t, v.Broadside)
	assert.Equal(t, []int{6, 2, 6, 1}, v.Broadside.Attack.Final)
	assert.True(t, v.Broadside.Attack.Damage.Defeated)
	assert.Contains(t, v.Cites, mw.CiteDefeatedPirates)
	require.NotNil(t, v.Luck)
	assert.NotEmpty(t, v.Luck.Exact)

	out, err = run(t, false, "broadside", "-a", "fort:owner=bob", "-d", "brig:cannons=4,sailors=3,owner=ann", "--why")
	require.NoError(t, err)
	assert.Contains(t, out, "Broadside Battle: Fort")
	assert.Contains(t, out, "rule: ")
	assert.Contains(t, out, "cites: ")
}

func TestBoardingCommandExample(t *testing.T) {
	out, err := run(t, true, "boarding", "-a", "ship:sailors=3,cannons=2,name=blue,owner=b", "-d", "ship:sailors=1,cannons=3,name=green,owner=g",
		"--dice", "1,2,3,4,5;1,3,4", "--defender-dice", "6,4,3,2;5,2", "--place", "1;2")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	b := v.Boarding
	require.NotNil(t, b)
	assert.Equal(t, 1, b.AttackerAfter.Sailors)
	assert.Equal(t, 2, b.DefenderAfter.Cannons)
	assert.Equal(t, 0, b.DefenderAfter.Sailors)
	assert.Empty(t, b.Outcome.Defeated)
}

func TestOddsCommand(t *testing.T) {
	out, err := run(t, true, "odds", "-a", "ship:cannons=3,sailors=2,gunner", "-d", "pirate:damaged")
	require.NoError(t, err)
	var v OddsView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.NotNil(t, v.Broadside)
	assert.Equal(t, "175/256", v.Broadside.DefenderDefeated.Exact, "1 - (3/4)^4: at least one 6 among 4 ricocheting dice")
	assert.InDelta(t, 175.0/256, v.Broadside.DefenderDefeated.Float, 1e-12)
	assert.Nil(t, v.Boarding)
	assert.NotEmpty(t, v.BoardingRefused)

	out, err = run(t, false, "odds", "-a", "ship:cannons=3,sailors=3,owner=a", "-d", "galleass:sailors=4")
	require.NoError(t, err)
	assert.Contains(t, out, "fire: defender defeated")
	assert.Contains(t, out, "P(defender defeated)")
	assert.Contains(t, out, "#")
}

func TestBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"broadside", "-a", "ship:cannons=2", "-d", "pirate", "--dice", "6,7"},
		{"broadside", "-a", "ship:cannons=2", "-d", "pirate", "--dice", "0,1"},
		{"broadside", "-a", "ship:cannons=2,sailors=1", "-d", "pirate", "--dice", "6,6,6"},
		{"boarding", "-a", "ship:cannons=2,sailors=2", "-d", "fort:owner=b"},
		{"broadside", "-a", "fort:gunner,owner=b", "-d", "ship:cannons=2"},
		{"boarding", "-a", "ship:cannons=1,sailors=1", "-d", "ship:cannons=1,sailors=1,owner=b", "--dice", "1,2,3"},
		{"odds", "-a", "ship:cannons=2", "-d", "fort:owner=b", "-t", "boarding"},
		{"broadside", "-a", "ship:cannons=2", "-d", "pirate", "--dice", "2,3;4"},
	} {
		_, err := run(t, false, args...)
		require.Error(t, err, args)
		assert.True(t, referee.IsUsage(err), "%v: %v", args, err)
		var ue *referee.UsageError
		if assert.ErrorAs(t, err, &ue, args) {
			assert.NotEmpty(t, ue.Cites, "%v: the refusal names a section", args)
		}
	}
}

func TestDiceFlagModes(t *testing.T) {
	var d diceFlag
	require.NoError(t, d.Set("physical"))
	assert.Equal(t, "physical", d.String())
	require.NoError(t, d.Set("6,5"))
	assert.Equal(t, "physical", d.String(), "entered dice keep the mode the global check sees")
	assert.Equal(t, "6,5", d.entered)
}
