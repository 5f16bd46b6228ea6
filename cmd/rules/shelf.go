package rules

import (
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/rulesref"
)

// The rules reference searches the games list's rulebooks (games/all),
// read when it is first used: a test may plug a game into the list before.
func init() {
	rulesref.Shelve(func() []rulesref.Book { return rulesref.BooksOf(all.Games()) })
}
