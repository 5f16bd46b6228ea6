package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/rulesref"
)

// citeID matches a section id of a game of the list: <game-id>/<slug>.
var citeID = regexp.MustCompile(`^(` + strings.ReplaceAll(all.IDs(), ", ", "|") + `)/[a-z0-9][a-z0-9/-]*$`)

// TestEveryCitedSectionExists reads every Go string literal in the game and
// command code that looks like a section id and checks it against the
// rules index, so a ruling never cites a section a player cannot open.
func TestEveryCitedSectionExists(t *testing.T) {
	fset := token.NewFileSet()
	found := 0
	for _, dir := range []string{"../../games", "../../cmd", "../../referee"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !citeID.MatchString(s) {
					return true
				}
				found++
				if !rulesref.Exists(s) {
					t.Errorf("%s: cites %q, which is not a section (nearest: %v)", fset.Position(lit.Pos()), s, rulesref.Nearest(s, 3))
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found < 50 {
		t.Fatalf("found only %d cited section ids; the scan is broken", found)
	}
	t.Logf("%d cited section ids checked", found)
}
