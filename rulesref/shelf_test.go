package rulesref

import (
	"os"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
)

// TestMain shelves the games list's rulebooks, as the commands do.
func TestMain(m *testing.M) {
	Shelve(func() []Book { return BooksOf(all.Games()) })
	os.Exit(m.Run())
}

// TestShelfMergesEachGamesWords: the games' names and table talk join the
// shared table talk; a phrase two sources expand differently is refused.
func TestShelfMergesEachGamesWords(t *testing.T) {
	a := Book{Game: "a-game", Rulebook: referee.Rulebook{Names: []string{"A Game", "ag"}, Words: map[string]string{"toss": "flip coin", "boat": "ship"}}}
	games, aliases, syn, err := stocked([]Book{a})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || games[0] != "a-game" {
		t.Errorf("games = %v", games)
	}
	if len(aliases) != 2 || strings.Join(aliases[0].words, " ") != "a game" || aliases[1].game != "a-game" {
		t.Errorf("aliases = %v", aliases)
	}
	if syn["toss"] != "flip coin" || syn["sword fight"] != tableTalk["sword fight"] || len(syn) != len(tableTalk)+1 {
		t.Errorf("toss = %q, sword fight = %q, %d words for %d shared", syn["toss"], syn["sword fight"], len(syn), len(tableTalk))
	}
	b := Book{Game: "b-game", Rulebook: referee.Rulebook{Words: map[string]string{"toss": "throw"}}}
	if _, _, _, err := stocked([]Book{a, b}); err == nil || !strings.Contains(err.Error(), `b-game's search word "toss" stands for "throw", but a-game has it for "flip coin"`) {
		t.Errorf("a clash between games: %v", err)
	}
	c := Book{Game: "c-game", Rulebook: referee.Rulebook{Words: map[string]string{"boat": "raft"}}}
	if _, _, _, err := stocked([]Book{c}); err == nil || !strings.Contains(err.Error(), "the shared table talk") {
		t.Errorf("a clash with the shared table talk: %v", err)
	}
}
