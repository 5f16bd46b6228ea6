package coinflip

import (
	_ "embed"

	"github.com/bosun-referee/bosun/referee"
)

// rulebookText is the Coin Flip rulebook (Info().Rulebook names this file).
//
//go:embed coin-flip.txt
var rulebookText string

// Rulebook is the Coin Flip rulebook, the names a rules question calls
// the game by, and its table talk.
func (Game) Rulebook() referee.Rulebook {
	return referee.Rulebook{Text: rulebookText, Names: []string{"coin flip", "coinflip"}, Words: map[string]string{
		"toss":  "flip coin",
		"guess": "call",
	}}
}
