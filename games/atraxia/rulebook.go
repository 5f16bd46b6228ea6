package atraxia

import (
	_ "embed"

	"github.com/bosun-referee/bosun/referee"
)

// rulebookText is the War for Atraxia rulebook, unchanged (Info().Rulebook
// names this file).
//
//go:embed war-for-atraxia.txt
var rulebookText string

// Rulebook is the War for Atraxia rulebook, the names a rules question
// calls the game by, and its table talk for its own components.
func (Game) Rulebook() referee.Rulebook {
	return referee.Rulebook{Text: rulebookText, Names: []string{"war for atraxia", "atraxia", "wfa"}, Words: map[string]string{
		"teleport": "teleporter",
		"crystal":  "magic crystal",
		"crystals": "magic crystals",
		"wood":     "alwood aluminium lumber",
	}}
}
