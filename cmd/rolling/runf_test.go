package rolling

import (
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil/cmdtest"
	rs "github.com/bosun-referee/bosun/games/rollingseas"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCostRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdCost, "--wind", "NE", "--path", "E:current2,ne:Perils,NE")
	require.NoError(t, err)
	assert.Equal(t, &CostOptions{F: f, PathRaw: "E:current2,ne:Perils,NE", In: rs.SailInput{
		Wind: "NE", FreeMP: 3, MonsterStrength: 1, PirateStrength: 1, Provisions: -1,
		Path: []rs.PathStep{{Dir: "E", Encounter: rs.EncCurrent, Spaces: 2}, {Dir: "NE", Encounter: rs.EncPerils}, {Dir: "NE"}},
	}}, o, "the path is parsed; the starting Ship's 3 MP, Strengths 1 and no Provisions check by default")
	assert.False(t, o.MPSet)

	o, _, err = cmdtest.ParseOpts(t, NewCmdCost, "--wind", "S", "--path", "S", "--mp", "5", "--cannons", "2", "--monster", "3", "--pirates", "2",
		"--provisions", "4", "--wind-in-sails", "1", "--wind-in-sails-end", "2")
	require.NoError(t, err)
	assert.True(t, o.MPSet, "--mp given")
	assert.Equal(t, rs.SailInput{Wind: "S", Path: []rs.PathStep{{Dir: "S"}}, FreeMP: 5, WindInSails: 1, WindInSailsEnd: 2,
		Cannons: 2, MonsterStrength: 3, PirateStrength: 2, Provisions: 4}, o.In)

	o, _, err = cmdtest.ParseOpts(t, NewCmdCost, "--wind", "S", "--path", "S", "--ship", "2")
	require.NoError(t, err)
	assert.Equal(t, 2, o.Ship)
	assert.False(t, o.MPSet)

	for _, args := range [][]string{
		{"--wind", "S", "--path", "S", "--ship", "2", "--mp", "4"}, // --mp or --ship
		{"--wind", "S", "--path", "S", "--ship", "4"},              // Ships 1-3
		{"--wind", "S", "--path", "S:kraken"},                      // unknown encounter
		{"--wind", "S", "--path", "UP"},                            // not a direction
	} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdCost, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
	for _, args := range [][]string{{"--path", "S"}, {"--wind", "S"}, {"--wind", "S", "--path", "S", "extra"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdCost, args...)
		assert.Error(t, err, "%q: --wind and --path are required, no positional args", args)
	}
}

func TestPiratesRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdPirates)
	require.NoError(t, err)
	assert.Equal(t, &PiratesOptions{F: f, Cannons: 0, Strength: 1, Max: 7, Provisions: -1}, o, "Strength 1 and the seventh Cannon by default")
	o, _, err = cmdtest.ParseOpts(t, NewCmdPirates, "--cannons", "3", "--strength", "2", "--max-cannons", "6", "--provisions", "5")
	require.NoError(t, err)
	assert.Equal(t, &PiratesOptions{F: o.F, Cannons: 3, Strength: 2, Max: 6, Provisions: 5}, o)
	_, _, err = cmdtest.ParseOpts(t, NewCmdPirates, "3")
	assert.Error(t, err, "no positional args")
}

func TestAmbushRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdAmbush)
	require.NoError(t, err)
	assert.Equal(t, &AmbushOptions{F: f, Attacker: "attacker", Defender: "defender", LoserProvisions: -1, LoserOption: 1, Unpayable: "more"}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdAmbush, "--attacker", "Sara", "--defender", "Alma", "--attacker-cannons", "2", "--defender-cannons", "3",
		"--loser-provisions", "0", "--loser-gold", "1", "--loser-option", "2", "--unpayable", "choose")
	require.NoError(t, err)
	assert.Equal(t, &AmbushOptions{F: o.F, Attacker: "Sara", Defender: "Alma", AttCannons: 2, DefCannons: 3, LoserProvisions: 0, LoserGold: 1, LoserOption: 2, Unpayable: "choose"}, o)
	for _, args := range [][]string{
		{"--attacker-cannons", "-1"}, {"--defender-cannons", "-2"}, {"--loser-option", "3"}, {"--loser-option", "0"},
		{"--unpayable", "less"}, {"--loser-provisions", "-2"}, {"--loser-gold", "-1"},
	} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdAmbush, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
}

func TestExploreRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdExplore, "--die", "2")
	require.NoError(t, err)
	assert.Equal(t, &ExploreOptions{F: f, Die: 2}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdExplore, "--die", "6", "--monolith", "3", "--turn", "16", "--reward", "1=gold", "--reward", "6=cannon,gold:2")
	require.NoError(t, err)
	assert.Equal(t, &ExploreOptions{F: o.F, Die: 6, Monolith: 3, Turn: 16, Rewards: []string{"1=gold", "6=cannon,gold:2"}}, o, "--reward repeats and keeps its commas")
	for _, args := range [][]string{{}, {"--die", "0"}, {"--die", "7"}, {"--die", "1", "--monolith", "4"}, {"--die", "1", "--monolith", "-1"}, {"--die", "1", "--turn", "-1"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdExplore, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
}

func TestRankRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdRank, "162")
	require.NoError(t, err)
	assert.Equal(t, &RankOptions{F: f, Renown: 162}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdRank, "--", "-3")
	require.NoError(t, err)
	assert.Equal(t, -3, o.Renown)
	_, _, err = cmdtest.ParseOpts(t, NewCmdRank, "lots")
	assert.True(t, referee.IsUsage(err), "%v", err)
	for _, args := range [][]string{{}, {"1", "2"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdRank, args...)
		assert.Error(t, err, "%q: exactly one RENOWN", args)
	}
}

func TestPortRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdPort)
	require.NoError(t, err)
	assert.Equal(t, &PortOptions{F: f, In: rs.PortInput{Ship: 1, NewPort: true}}, o, "the first Ship at a new Port by default")
	o, _, err = cmdtest.ParseOpts(t, NewCmdPort, "--story", "12", "--ship", "2", "--gold", "9", "--provisions", "1", "--cannons", "3",
		"--new-port=false", "--upgrade", "1", "--fill", "--buy-cannons", "2", "--cannon-price", "4=4", "--cannon-price", "5=4")
	require.NoError(t, err)
	assert.Equal(t, &PortOptions{F: o.F, In: rs.PortInput{Story: 12, Ship: 2, Gold: 9, Provisions: 1, Cannons: 3, NewPort: false, Upgrades: 1, Fill: true, BuyCannons: 2},
		Prices: []string{"4=4", "5=4"}}, o)
	_, _, err = cmdtest.ParseOpts(t, NewCmdPort, "harbour")
	assert.Error(t, err, "no positional args")
}
