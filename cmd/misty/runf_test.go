package misty

import (
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil/cmdtest"
	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBroadsideRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdBroadside, "--attacker", "ship:cannons=3,sailors=2,gunner", "--defender", "pirate:damaged", "--dice", "6,4,4,1+2,6")
	require.NoError(t, err)
	assert.Equal(t, &BattleOptions{F: f, Type: mw.Broadside, Attacker: "ship:cannons=3,sailors=2,gunner", Defender: "pirate:damaged",
		Dice: diceFlag{entered: "6,4,4,1+2,6"}}, o, "entered dice are kept as typed; the mode stays the default")
	assert.Equal(t, "virtual", o.Dice.String())

	o, _, err = cmdtest.ParseOpts(t, NewCmdBroadside, "-a", "sloop", "-d", "fort:owner=bob", "--dice", "Physical", "--defender-dice", "6,6;1",
		"--why", "--reroll", "attacker.gunner=2,3", "--reroll", "defender.xp=1")
	require.NoError(t, err)
	assert.Equal(t, diceFlag{mode: "physical"}, o.Dice, "--dice physical is the dice mode, in any case")
	assert.Equal(t, "6,6;1", o.DefenderDice)
	assert.True(t, o.Why)
	assert.Equal(t, []string{"attacker.gunner=2,3", "defender.xp=1"}, o.Rerolls, "--reroll repeats and keeps its commas")

	o, _, err = cmdtest.ParseOpts(t, NewCmdBroadside, "-a", "ship", "-d", "kraken", "--advanced", "--simplified", "--no-errata", "--team-mode", "--wind", "7",
		"--crew-order", "gunner,sailor", "--serpent-no-gunner", "--no-ricochet-after-reroll", "--pirate-counts-duels", "--sheath-attacker-only",
		"--serpent-npc-no-sailors", "--bail-out-before-support")
	require.NoError(t, err)
	assert.Equal(t, RuleFlags{Advanced: true, Simplified: true, NoErrata: true, TeamMode: true, Wind: 7, CrewOrder: "gunner,sailor",
		SerpentNoGunner: true, NoRicochetAfterReroll: true, PirateCountsDuels: true, SheathAttackerOnly: true, SerpentNPCNoSailors: true,
		BailOutBeforeSupport: true}, o.Rules)

	for _, args := range [][]string{{"-a", "ship", "-d", "pirate", "--place", "1"}, {"-a", "ship", "-d", "pirate", "extra"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdBroadside, args...)
		assert.Error(t, err, "%q: broadside has no --place and no positional args", args)
	}
}

func TestBoardingRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdBoarding, "-a", "ship:sailors=3,cannons=2,name=blue,owner=b", "-d", "ship:sailors=1,cannons=3,name=green,owner=g",
		"--dice", "1,2,3,4,5;1,3,4", "--defender-dice", "6,4,3,2;5,2", "--place", "1;2", "--defender-place", "2")
	require.NoError(t, err)
	assert.Equal(t, &BattleOptions{F: f, Type: mw.Boarding, Attacker: "ship:sailors=3,cannons=2,name=blue,owner=b", Defender: "ship:sailors=1,cannons=3,name=green,owner=g",
		Dice: diceFlag{entered: "1,2,3,4,5;1,3,4"}, DefenderDice: "6,4,3,2;5,2", Place: "1;2", DefPlace: "2"}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdBoarding, "-a", "ship", "-d", "galleass", "--dice", "virtual")
	require.NoError(t, err)
	assert.Equal(t, diceFlag{mode: "virtual"}, o.Dice)
	assert.Empty(t, o.Place, "bosun's best placement by default")
}

func TestOddsRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdOdds, "-a", "brig:cannons=4,sailors=4,fc-fencing", "-d", "galleass")
	require.NoError(t, err)
	assert.Equal(t, &OddsOptions{F: f, Attacker: "brig:cannons=4,sailors=4,fc-fencing", Defender: "galleass"}, o, "every legal battle type by default")
	for _, typ := range []string{"broadside", "boarding", "both"} {
		o, _, err := cmdtest.ParseOpts(t, NewCmdOdds, "-a", "ship", "-d", "pirate", "-t", typ, "--all", "--wind", "3")
		require.NoError(t, err, typ)
		assert.Equal(t, typ, o.Type)
		assert.True(t, o.All)
		assert.Equal(t, 3, o.Rules.Wind)
	}
	_, _, err = cmdtest.ParseOpts(t, NewCmdOdds, "-a", "ship", "-d", "pirate", "--type", "ramming")
	assert.True(t, referee.IsUsage(err), "%v", err)
	assert.ErrorContains(t, err, "not broadside, boarding or both")
	_, _, err = cmdtest.ParseOpts(t, NewCmdOdds, "-a", "ship", "-d", "pirate", "--dice", "6")
	assert.Error(t, err, "odds rolls nothing: no --dice")
}
