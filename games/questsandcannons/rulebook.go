package questsandcannons

import (
	_ "embed"

	"github.com/bosun-referee/bosun/referee"
)

// rulebookText is the Quests and Cannons rulebook, unchanged
// (Info().Rulebook names this file).
//
//go:embed quests-and-cannons.txt
var rulebookText string

// Rulebook is the Quests and Cannons rulebook and the names a rules
// question calls the game by.
func (Game) Rulebook() referee.Rulebook {
	return referee.Rulebook{Text: rulebookText, Names: []string{"quests and cannons", "quests cannons", "q c", "qc", "qnc"}}
}
