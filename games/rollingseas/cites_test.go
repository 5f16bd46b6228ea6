package rollingseas

import (
	"testing"

	"github.com/bosun-referee/bosun/rulesref"
)

// Every cited id names a section of the rulebook index.
func TestCitesExist(t *testing.T) {
	l := rulesref.Builtin()
	for _, c := range AllCites {
		if _, ok := l.Section(c); !ok {
			t.Errorf("%s is not a rulebook section; nearest %v", c, l.Nearest(c, 3))
		}
	}
}
