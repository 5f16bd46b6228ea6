package rollingseas

import (
	_ "embed"

	"github.com/bosun-referee/bosun/referee"
)

// rulebookText is the Rolling Seas rulebook, unchanged (Info().Rulebook
// names this file).
//
//go:embed rolling-seas.txt
var rulebookText string

// Rulebook is the Rolling Seas rulebook, the names a rules question calls
// the game by, and its table talk: the automa's captain by name.
func (Game) Rulebook() referee.Rulebook {
	return referee.Rulebook{Text: rulebookText, Names: []string{"rolling seas"}, Words: map[string]string{
		"the captain": "captain ironside",
		"ironside":    "captain ironside",
		"asher":       "captain ironside",
	}}
}
