package atraxia

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
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

func TestBattleCommandExample(t *testing.T) {
	out, err := run(t, true, "battle", "--attacker", "DDFF", "--attacker-ammo", "5", "--attacker-power-against", "-4",
		"--defender", "DDF", "--defender-ammo", "2,2,1", "--defender-power-against", "-6")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, "attacker", v.Result.Winner)
	assert.Equal(t, 17, v.Result.Attacker.Total)
	assert.Equal(t, 16, v.Result.Defender.Total)
	assert.Equal(t, 1, v.Result.Retreat.Home.Ships())
	out, err = run(t, false, "battle", "--attacker", "DDFF", "--defender", "DDF", "--home-base")
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
}
