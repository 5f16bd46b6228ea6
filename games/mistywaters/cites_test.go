package mistywaters

import (
	"testing"

	"github.com/bosun-referee/bosun/rulesref"
)

func TestCitesExist(t *testing.T) {
	for _, c := range AllCites {
		if !rulesref.Exists(c) {
			t.Errorf("%s: not a section id; nearest %v", c, rulesref.Nearest(c, 3))
		}
	}
}
