package all_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee/refereetest"
)

// TestGoldenOutputsReadRight scans every golden file and end-to-end
// script of the repository for words no player should read ("1 Coins",
// "on a island", "(removed )"): the scripted games' own output is scanned
// by their chaos tables (refereetest.CheckChaos).
func TestGoldenOutputsReadRight(t *testing.T) {
	root := filepath.Join("..", "..")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.Contains(path, "testdata") {
			return nil
		}
		switch filepath.Ext(path) {
		case ".golden", ".txtar", ".md", ".txt", ".html":
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		for i, line := range strings.Split(string(b), "\n") {
			if filepath.Ext(path) == ".txtar" && strings.HasPrefix(line, "#") {
				continue // a script's comment, which may quote what it forbids
			}
			for _, w := range refereetest.BadWords(line) {
				t.Errorf("%s:%d: %s", path, i+1, w)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("only %d golden files found under %s", n, root)
	}
	t.Logf("%d golden files and scripts scanned", n)
}

// TestTemplatesSayCountsInWords scans every format string of the games and
// the commands for a count whose noun is written by hand: "%d Cannons" or
// "%d crystal(s)" prints "1 Cannons" or "(s)" to a player when the count
// is 1; referee.Count says the noun in the right number for every n. Each
// %d is tried as 1, so a label ("Turn %d", "Cannons %d/%d") passes.
func TestTemplatesSayCountsInWords(t *testing.T) {
	root := filepath.Join("..", "..")
	n := 0
	for _, dir := range []string{"games", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			n++
			ast.Inspect(f, func(nd ast.Node) bool {
				lit, ok := nd.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				for _, w := range refereetest.BadTemplate(s) {
					t.Errorf("%s: %s, in %q: say the count with referee.Count", fset.Position(lit.Pos()), w, s)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 100 {
		t.Fatalf("only %d Go files scanned under %s", n, root)
	}
}
