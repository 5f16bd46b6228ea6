package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/bosun-referee/bosun/"

// citeConst is a constant whose value is a section id, declared in the
// package in directory dir.
type citeConst struct {
	dir, name string
	pos       token.Position
}

// TestEveryCiteConstantIsUsed reads the games, the commands and the engine
// for the constants that hold a section id and fails on one that no code
// refers to: listing it in its package's AllCites (which only feeds the
// index check) is not a use, nor is a test naming it. A cite nothing
// cites is a rule nobody decides, or a leftover.
func TestEveryCiteConstantIsUsed(t *testing.T) {
	fset := token.NewFileSet()
	var decls []citeConst
	used := map[[2]string]bool{} // {dir, name}
	files := 0
	for _, root := range []string{"../../games", "../../cmd", "../../referee", "../../tables"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			files++
			dir := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../")))
			imports := map[string]string{} // local name -> directory in the module
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				if !strings.HasPrefix(p, modulePath) {
					continue
				}
				local := p[strings.LastIndex(p, "/")+1:]
				if im.Name != nil {
					local = im.Name.Name
				}
				imports[local] = strings.TrimPrefix(p, modulePath)
			}
			declared := map[*ast.Ident]bool{}
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, s := range g.Specs {
					v, ok := s.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, n := range v.Names {
						if g.Tok == token.VAR && n.Name == "AllCites" {
							// the index check's list: skip the whole spec
							declared[n] = true
							ast.Inspect(v, func(x ast.Node) bool {
								if id, ok := x.(*ast.Ident); ok {
									declared[id] = true
								}
								return true
							})
							continue
						}
						if g.Tok != token.CONST || i >= len(v.Values) {
							continue
						}
						lit, ok := v.Values[i].(*ast.BasicLit)
						if !ok || lit.Kind != token.STRING {
							continue
						}
						if s, err := strconv.Unquote(lit.Value); err == nil && citeID.MatchString(s) {
							declared[n] = true
							decls = append(decls, citeConst{dir, n.Name, fset.Position(n.Pos())})
						}
					}
				}
			}
			ast.Inspect(f, func(x ast.Node) bool {
				switch x := x.(type) {
				case *ast.SelectorExpr:
					if pkg, ok := x.X.(*ast.Ident); ok && imports[pkg.Name] != "" {
						used[[2]string{imports[pkg.Name], x.Sel.Name}] = true
						return false
					}
				case *ast.Ident:
					if !declared[x] {
						used[[2]string{dir, x.Name}] = true
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(decls) < 100 || files < 100 {
		t.Fatalf("found only %d cite constants in %d files; the scan is broken", len(decls), files)
	}
	var unused []string
	for _, c := range decls {
		if !used[[2]string{c.dir, c.name}] {
			unused = append(unused, c.pos.String()+": "+c.name)
		}
	}
	sort.Strings(unused)
	for _, u := range unused {
		t.Errorf("%s: a cite constant no code refers to; use it where the code decides its rule, or remove it", u)
	}
	t.Logf("%d cite constants, %d unused", len(decls), len(unused))
}
