package procedure

import (
	"testing"

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
