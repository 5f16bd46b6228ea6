package refereetest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBadWordsFindTheShapesPlayersSaw(t *testing.T) {
	for _, bad := range []string{
		"Bob receives 1 Coins", "it costs 1 Actions", "return 1 Experience Tokens", "on a island", "(removed )",
		"`no` has `no`", "2 ALWOOD", "Xanthe has 1 cards left", "a Ambush card",
	} {
		assert.NotEmpty(t, BadWords(bad), bad)
	}
	for _, good := range []string{
		"Bob receives 1 Coin", "11 Coins", "value-1 Ammo cards", "3.1 cards", "on an island", "(removed pirate-1)",
		"`no` has `none`", "2 AlWood", "Rolling Seas", "1 Cannon, 0 Sailors", "a unit", "+1 Sailors",
	} {
		assert.Empty(t, BadWords(good), good)
	}
}

func TestBadWordsLeaveLabelledNumbers(t *testing.T) {
	for _, good := range []string{"Turn 1 dice: Wind SW", "the 7 Level 1 cards form his deck", "Whirlpool 1 Cannons"} {
		assert.Empty(t, BadWords(good), good)
	}
}
