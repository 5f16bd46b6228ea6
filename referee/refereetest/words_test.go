package refereetest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBadWordsFindTheShapesPlayersSaw(t *testing.T) {
	for _, bad := range []string{
		"Bob receives 1 Coins", "it costs 1 Actions", "return 1 Experience Tokens", "on a island", "(removed )",
		"`no` has `no`", "2 ALWOOD", "Xanthe has 1 cards left", "a Ambush card",
		"1 Magic Crystals", "1 Captured Islands", "the Pirate Ship lost 1 dice: 1 Damage Markers", "he has 1 ports", "3 crystal(s)",
		"OC 13 (1 card(s) of 10)", "1 Pirate Ships are on the board", "after 1 steps", "1 more cards", "Xanthe plays 1 Ammo cards",
	} {
		assert.NotEmpty(t, BadWords(bad), bad)
	}
	for _, good := range []string{
		"Bob receives 1 Coin", "11 Coins", "value-1 Ammo cards", "3.1 cards", "on an island", "(removed pirate-1)",
		"`no` has `none`", "2 AlWood", "Rolling Seas", "1 Cannon, 0 Sailors", "a unit", "+1 Sailors",
		"1 Magic Crystal", "1 or more players", "1 of 3 players", "1 to 3 players",
	} {
		assert.Empty(t, BadWords(good), good)
	}
}

func TestBadWordsLeaveLabelledNumbers(t *testing.T) {
	for _, good := range []string{"Turn 1 dice: Wind SW", "the 7 Level 1 cards form his deck", "Whirlpool 1 Cannons"} {
		assert.Empty(t, BadWords(good), good)
	}
}

func TestBadTemplateTriesEachCountAsOne(t *testing.T) {
	for _, bad := range []string{"%s has %d crystal(s)", "he has %d Magic Crystals", "(%d of %d rolls)", "%d Gold Pieces"} {
		assert.NotEmpty(t, BadTemplate(bad), bad)
	}
	for _, good := range []string{"%s has %s", "Turn %d dice", "ability %d.0", "OC %d", "%d%% of %s", "Cannons %d/%d Ready"} {
		assert.Empty(t, BadTemplate(good), good)
	}
}
