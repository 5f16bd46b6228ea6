package all_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryGameShipsItsRulebook: each game's folder holds the rulebook
// its GameInfo.Rulebook names, and the game hands that text (with the
// names a question calls it by) to the rules reference.
func TestEveryGameShipsItsRulebook(t *testing.T) {
	books := rulesref.BooksOf(all.Games())
	require.Len(t, books, len(all.Games()), "every game ships its rulebook (referee.Rulebooker)")
	names := map[string]string{}
	for i, g := range all.Games() {
		info := g.Info()
		b := books[i]
		assert.Equal(t, info.ID, b.Game)
		// the file is in the game's package folder or, for a game whose
		// referee is a sub-package (games/mistywaters/procedure), its parent
		typ := reflect.TypeOf(g)
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		dir := filepath.Join("..", "..", strings.TrimPrefix(typ.PkgPath(), "github.com/bosun-referee/bosun/"))
		text, err := os.ReadFile(filepath.Join(dir, info.Rulebook))
		if os.IsNotExist(err) {
			text, err = os.ReadFile(filepath.Join(dir, "..", info.Rulebook))
		}
		require.NoError(t, err, "%s: Info().Rulebook %q is not a file of the game's folder", info.ID, info.Rulebook)
		assert.Equal(t, string(text), b.Text, "%s: Rulebook().Text is not %s", info.ID, info.Rulebook)
		assert.NotEmpty(t, b.Names, info.ID)
		for _, n := range b.Names {
			assert.NotContains(t, names, n, "%s and %s are both named %q in a rules question", names[n], info.ID, n)
			names[n] = info.ID
		}
		for k := range b.Words {
			assert.Equal(t, strings.ToLower(k), k, "%s: search word keys are lowercase", info.ID)
		}
	}
}
