package main

import (
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/rulesref"
)

// The rules reference searches the games list's rulebooks (games/all).
func init() {
	rulesref.Shelve(func() []rulesref.Book { return rulesref.BooksOf(all.Games()) })
}
