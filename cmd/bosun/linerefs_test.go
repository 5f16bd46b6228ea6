package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/rulesref"
)

// A rulebook is cited by section id, never by line: line numbers drift
// when a rulebook changes and nothing checks them. lineRefAnywhere are the
// forms a rulebook line takes in any file ("L1510", "L14-L40",
// "rolling-seas.txt:318", "rulebook line 480"); lineRefGame adds "line 318"
// and "lines 383-389" in the files of a game (its package, its command,
// the docs), where no other kind of numbered line is meant. A one-digit
// line ("line 2: empty key" of an answers file) is not a rulebook's.
var (
	lineRefAnywhere = regexp.MustCompile(`\bL\d{2,4}(?:-L?\d{1,4})?\b|\b(?:misty-waters|rolling-seas|war-for-atraxia|quests-and-cannons)\.txt:\d|\brulebook(?:'s)? lines? \d`)
	lineRefGame     = regexp.MustCompile(`\b[Ll]ines? \d{2,4}\b`)
)

// gameFile reports whether path (relative to the module root) belongs to
// one game or documents the games.
func gameFile(path string) bool {
	for _, p := range []string{"games/", "cmd/misty/", "cmd/rolling/", "cmd/atraxia/", "cmd/qc/", "docs/"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// lineRefFiles walks the module's Go files and docs (testdata aside) and
// calls f with each one's path relative to the module root and its text.
func lineRefFiles(t *testing.T, f func(path, text string)) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, "../../"))
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || (strings.HasPrefix(name, ".") && path != "../..") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") && !(strings.HasSuffix(rel, ".md") && (strings.HasPrefix(rel, "docs/") || !strings.Contains(rel, "/"))) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		f(rel, string(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func lineRefs(path, text string) []string {
	var out []string
	for i, l := range strings.Split(text, "\n") {
		ms := lineRefAnywhere.FindAllString(l, -1)
		if gameFile(path) {
			ms = append(ms, lineRefGame.FindAllString(l, -1)...)
		}
		for _, m := range ms {
			out = append(out, path+":"+strconv.Itoa(i+1)+": "+m)
		}
	}
	return out
}

// TestNoRulebookLineNumbers fails when a rulebook is referred to by line
// number in Go code, comments or the docs: name the section id instead
// (bosun rules search finds it; keep a quote of the rulebook's text).
func TestNoRulebookLineNumbers(t *testing.T) {
	n := lineRefFiles(t, func(path, text string) {
		if path == "cmd/bosun/linerefs_test.go" {
			return // the patterns' own examples
		}
		for _, r := range lineRefs(path, text) {
			t.Errorf("%s: a rulebook line number; cite the section id instead", r)
		}
	})
	if n < 300 {
		t.Fatalf("read only %d files; the walk is broken", n)
	}
}

// TestLineRefPatterns pins what the patterns catch and what they leave.
func TestLineRefPatterns(t *testing.T) {
	for _, tc := range []struct {
		path, text string
		refs       int
	}{
		{"games/mistywaters/x.go", `// L1510: "Teammates share 1 Treasury"`, 1},
		{"docs/component-limits.md", "| L14-L40, L182 |", 2},
		{"cmd/misty/x_test.go", "// 4 Cannons (misty-waters.txt:1182)", 1},
		{"cmd/rolling/x.go", "// (rulebook line 318)", 2},
		{"games/rollingseas/x.go", `"purchasing the seventh Cannon", line 318`, 1},
		{"docs/rolling-seas.md", "(lines 385-389)", 1},
		{"cmd/rolling/x.go", "// Line 99: the Ship Board tracks", 1},
		// not a rulebook's line
		{"referee/answers_test.go", `"line 2: empty key"`, 0},
		{"cmd/root/x.go", "// the log's line 12 is kept", 0},
		{"games/rollingseas/x.go", `"line 2 is longer than the limit"`, 0},
		{"rulesref/x.go", "// with L2 penalty 0.1", 0},
		{"games/mistywaters/x.go", "// rolling-seas/end-of-game: the seventh Cannon", 0},
		{"cmd/report/x.go", "// draw the lines 3 cells apart; CL100 or L2", 0},
	} {
		if got := lineRefs(tc.path, tc.text); len(got) != tc.refs {
			t.Errorf("%s %q: %d line references %v, want %d", tc.path, tc.text, len(got), got, tc.refs)
		}
	}
}

// sectionRef is a section id as comments and docs write it.
var sectionRef = regexp.MustCompile(`(?:^|[^\w/.-])((?:misty-waters|rolling-seas|war-for-atraxia|quests-and-cannons)/[a-z0-9][a-z0-9/-]*[a-z0-9])`)

// TestCommentCitesExist checks the section ids that comments and the docs
// name (where a line number used to be), as TestEveryCitedSectionExists
// checks the code's: a comment cites a section a reader can open (the
// string literals of tests name unknown ids on purpose; their comments
// are checked).
func TestCommentCitesExist(t *testing.T) {
	fset := token.NewFileSet()
	found := 0
	check := func(where, text string) {
		for _, m := range sectionRef.FindAllStringSubmatch(text, -1) {
			found++
			if !rulesref.Exists(m[1]) {
				t.Errorf("%s: names %q, which is not a section (nearest: %v)", where, m[1], rulesref.Nearest(m[1], 3))
			}
		}
	}
	lineRefFiles(t, func(path, text string) {
		switch {
		case strings.HasSuffix(path, ".md"):
			if path == "docs/rules-search.md" || strings.HasPrefix(path, "docs/reference/") {
				return // the id syntax with made-up ids; the help's added-manual ids
			}
			for i, l := range strings.Split(text, "\n") {
				check(path+":"+strconv.Itoa(i+1), l)
			}
		default:
			f, err := parser.ParseFile(fset, path, text, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range f.Comments {
				check(fset.Position(g.Pos()).String(), g.Text())
			}
		}
	})
	if found < 100 {
		t.Fatalf("found only %d section ids in comments and docs; the scan is broken", found)
	}
	t.Logf("%d section ids in comments and docs checked", found)
}
