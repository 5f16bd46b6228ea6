package procedure

import (
	"github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
)

// Rulebook is the Misty Waters rulebook (games/mistywaters/misty-waters.txt)
// and the names a rules question calls the game by.
func (g *Game) Rulebook() referee.Rulebook {
	return referee.Rulebook{Text: mistywaters.RulebookText, Names: []string{"misty waters", "misty", "mw"}}
}
