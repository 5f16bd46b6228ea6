package procedure

import (
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/rulesref"
)

// Every section id the procedure cites is a section of the rulebook index.
func TestCitesExist(t *testing.T) {
	for _, c := range AllCites {
		if !rulesref.Exists(c) {
			t.Errorf("%s: not a section id; nearest %v", c, rulesref.Nearest(c, 3))
		}
	}
}

// A section id the battle engine declares is not declared again here: the
// procedure refers to the engine's constant instead.
func TestCitesNotRedeclared(t *testing.T) {
	engine := map[string]bool{}
	for _, c := range mw.AllCites {
		engine[c] = true
	}
	seen := map[string]bool{}
	for _, c := range AllCites {
		if engine[c] {
			t.Errorf("%s is declared by the battle engine (mistywaters.AllCites); refer to its constant", c)
		}
		if seen[c] {
			t.Errorf("%s is listed twice in AllCites", c)
		}
		seen[c] = true
	}
}
