package rulesref

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/bosun-referee/bosun/referee"
)

// Book is one game's rulebook on the shelf: its game id, its text and how
// players talk about it (see referee.Rulebook). The rulebooks are the
// games list's (games/all): rulesref names no game.
type Book struct {
	Game string
	referee.Rulebook
}

// BooksOf returns the rulebooks of the games that ship one
// (referee.Rulebooker), in the list's order.
func BooksOf(gs referee.Games) []Book {
	var out []Book
	for _, g := range gs {
		if rb, ok := g.(referee.Rulebooker); ok {
			out = append(out, Book{Game: g.Info().ID, Rulebook: rb.Rulebook()})
		}
	}
	return out
}

var (
	shelfMu    sync.Mutex
	shelfFrom  func() []Book
	shelfOnce  sync.Once
	shelfBooks []Book
)

// Shelve says where the rulebooks come from: books is called once, when
// the rules reference is first used (so that a test can still plug a game
// into the list before). The commands shelve the games list's rulebooks
// (cmd/rules); a program or test that searches without them panics.
func Shelve(books func() []Book) {
	shelfMu.Lock()
	defer shelfMu.Unlock()
	shelfFrom = books
}

// shelf loads the shelved rulebooks once: Games, their texts, the games'
// names (gameAliases) and their table talk merged into synonyms.
func shelf() []Book {
	shelfOnce.Do(func() {
		shelfMu.Lock()
		from := shelfFrom
		shelfMu.Unlock()
		if from == nil {
			panic("rulesref: no rulebooks shelved: call rulesref.Shelve with the games list's (rulesref.BooksOf(all.Games()))")
		}
		shelfBooks = from()
		stock(shelfBooks)
	})
	return shelfBooks
}

// stock fills Games, gameAliases and synonyms from books.
func stock(books []Book) {
	var err error
	Games, gameAliases, synonyms, err = stocked(books)
	if err != nil {
		panic(err)
	}
}

// stocked returns the games of books, their names and the table talk:
// tableTalk with each game's Words. A phrase two games (or a game and the
// shared table talk) expand differently is a mistake in a game's Words.
func stocked(books []Book) ([]string, []gameAlias, map[string]string, error) {
	var games []string
	var aliases []gameAlias
	syn := make(map[string]string, len(tableTalk))
	owner := map[string]string{}
	for k, v := range tableTalk {
		syn[k] = v
		owner[k] = "the shared table talk"
	}
	for _, b := range books {
		games = append(games, b.Game)
		for _, n := range b.Names {
			aliases = append(aliases, gameAlias{strings.Fields(strings.ToLower(n)), b.Game})
		}
		for k, v := range b.Words {
			if old, ok := syn[k]; ok && old != v {
				return nil, nil, nil, fmt.Errorf("rulesref: %s's search word %q stands for %q, but %s has it for %q", b.Game, k, v, owner[k], old)
			}
			syn[k] = v
			owner[k] = b.Game
		}
	}
	return games, aliases, syn, nil
}

// Games lists the shelved rulebooks' games, in the list's order (set when
// the shelf is loaded: GameIDs loads it).
var Games []string

// GameIDs returns the ids of the games whose rulebooks are shelved.
func GameIDs() []string {
	shelf()
	return Games
}

func rulebookText(game string) string {
	for _, b := range shelf() {
		if b.Game == game {
			return b.Text
		}
	}
	panic("rulesref: no rulebook " + game + " on the shelf")
}

// commonWords are common spoken English words (data/common-words.txt),
// sorted, one a line, after '#' comment lines.
//
//go:embed data/common-words.txt
var commonWordsText string

var commonList = sync.OnceValue(func() []string {
	var out []string
	for _, l := range strings.Split(commonWordsText, "\n") {
		if l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
})

// commonWord reports whether w is a common English word: such a word is
// never taken for a misspelled rulebook word ("slow" is not "show").
func commonWord(w string) bool {
	commonList := commonList()
	i := sort.SearchStrings(commonList, w)
	return i < len(commonList) && commonList[i] == w
}
