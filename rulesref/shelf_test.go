package rulesref

import (
	"os"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
)

// TestMain shelves the games list's rulebooks, as the commands do.
func TestMain(m *testing.M) {
	Shelve(func() []Book { return BooksOf(all.Games()) })
	os.Exit(m.Run())
}
