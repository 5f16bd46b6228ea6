package odds

import (
	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/rulesref"
)

// The tests check cites against the game's own rulebook.
func init() {
	rulesref.Shelve(func() []rulesref.Book {
		return []rulesref.Book{{Game: "misty-waters", Rulebook: referee.Rulebook{Text: mw.RulebookText}}}
	})
}
