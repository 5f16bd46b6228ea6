package mistywaters

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Rules review (issue 4): each test quotes the sentence it checks.

// "However, if a player ever removes their last Player Ship and cannot
// afford to buy a new ship, their nation's government will bail them out by
// donating a new Sloop (S)." After a Boarding win by a Player Ship the
// loser's ship is sunk, united into the victor's fleet, swapped or kept as
// a prize: in every case it is gone from the loser's fleet.
func TestBailOutAfterBoarding(t *testing.T) {
	att := mustUnit(t, "ship:sailors=3,cannons=3,owner=ann,fleet=1")
	def := mustUnit(t, "sloop:sailors=0,cannons=1,owner=bob,fleet=1,treasury=1,defeats=1")
	res, err := ResolveBoarding(BoardingInput{Attacker: att, Defender: def}, entered(t, "6,6", "1"))
	require.NoError(t, err)
	require.True(t, res.ToDefender.Defeated)
	require.NotNil(t, res.Outcome.PlayerDefeat)
	assert.False(t, res.Outcome.PlayerDefeat.Lost, "a ship defeated by boarding is not necessarily Lost")
	assert.Contains(t, res.Outcome.PlayerDefeat.BailOut, "donates a new Sloop")
}

// "When a player has a Player Ship defeated for the first time, their
// nation's government will send a support of 5 Silver Coins." With 4 Silver
// Coins and that support the player can afford a Sloop (8): no bail-out
// (Options.BailOutBeforeSupport judges without the support).
func TestBailOutCountsTheFirstDefeatSupport(t *testing.T) {
	att := mustUnit(t, "ship:cannons=3,sailors=1,owner=ann")
	def := mustUnit(t, "sloop:cannons=1,sailors=0,owner=bob,fleet=1,treasury=4")
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: def}, entered(t, "6,2,3", ""))
	require.NoError(t, err)
	require.NotNil(t, res.Outcome.PlayerDefeat)
	assert.Equal(t, 5, res.Outcome.PlayerDefeat.Silver)
	assert.Empty(t, res.Outcome.PlayerDefeat.BailOut, "4 + 5 Silver Coins buy a Sloop")
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: def, Options: Options{BailOutBeforeSupport: true}}, entered(t, "6,2,3", ""))
	require.NoError(t, err)
	assert.NotEmpty(t, res.Outcome.PlayerDefeat.BailOut)
	// a second defeat brings no support: 7 Silver Coins cannot buy a Sloop.
	def.PriorDefeats, def.Treasury = 1, 7
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: def}, entered(t, "6,2,3", ""))
	require.NoError(t, err)
	assert.NotEmpty(t, res.Outcome.PlayerDefeat.BailOut)
}

// "Action Cards played before Pirate boarding (advanced rules): Cards that
// allow you to shoot at the crew ... are not applicable against pirates
// before the clash." The note belongs to Boarding only.
func TestPirateCardNoteOnlyInBoarding(t *testing.T) {
	att := mustUnit(t, "ship:cannons=3,sailors=3,owner=ann")
	pir := mustUnit(t, "pirate")
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: pir}, entered(t, "2,2,2", "2,2,2,2"))
	require.NoError(t, err)
	for _, s := range res.Steps {
		assert.NotContains(t, s.Text, "Grapeshot")
	}
	bres, err := ResolveBoarding(BoardingInput{Attacker: att, Defender: pir, Options: Options{Advanced: true}}, entered(t, "6,6,6;6,6,6", "1,1;1,1"))
	require.NoError(t, err)
	found := false
	for _, s := range bres.Steps {
		found = found || strings.Contains(s.Text, "Grapeshot")
	}
	assert.True(t, found)
}

// "It is treated as a regular Player Ship ... except" (Acquiring the
// Galleass) and "Sheath the Swords: Player Ships At Sea cannot perform
// Boarding Battles": a player's Galleass At Sea cannot be boarded either
// (bosun's reading for a defender At Sea; option sheath-attacker-only).
func TestSheathTheSwordsPlayerGalleass(t *testing.T) {
	att := mustUnit(t, "ship:cannons=3,sailors=3,owner=ann,at=anchorage")
	gal := mustUnit(t, "galleass:owner=bob")
	o := Options{Wind: 8, Boxes: FixedBoxes{"sheath-the-swords": 8, "rocky-seas": 10}}
	_, err := CanAttack(att, gal, Boarding, o)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Sheath the Swords")
	o.SheathAttackerOnly = true
	_, err = CanAttack(att, gal, Boarding, o)
	assert.NoError(t, err)
}

// "Exception: The Sea Serpent Sea Monster forces opponent to roll as many
// regular dice as they have Sailors instead of Cannons." A Pirate Ship has
// "0 Sailors + 4 Cannons": bosun keeps its fixed dice by default; the
// literal reading (option serpent-npc-no-sailors) leaves it no dice.
func TestSeaSerpentAgainstNPCs(t *testing.T) {
	pir := mustUnit(t, "pirate")
	serp := mustUnit(t, "sea-serpent")
	n, _ := pir.BroadsideDice(serp, Options{})
	assert.Equal(t, 4, n)
	n, _ = pir.BroadsideDice(serp, Options{SerpentNPCNoSailors: true})
	assert.Equal(t, 0, n)
	ship := mustUnit(t, "ship:cannons=4,sailors=1,gunner,owner=a")
	n, _ = ship.BroadsideDice(serp, Options{})
	assert.Equal(t, 2, n, "1 Sailor + 1 for the Gunner")
}
