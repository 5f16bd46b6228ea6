package misty

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// Every numeric value the Misty Waters one-shots take, just beyond its
// limit: exit 2 and the limit named (docs/component-limits.md lists each
// with its rule line).
func TestEveryNumericFlagRefusedBeyondItsLimit(t *testing.T) {
	for _, c := range []struct {
		args string
		want string
	}{
		{"odds --attacker ship:cannons=51 --defender pirate", "at most 50 (Components: 50 Cannon tokens)"},
		{"broadside --attacker ship:sailors=51,cannons=1 --defender pirate", "at most 50 (Components: 50 Sailor tokens)"},
		{"broadside --attacker ship:cannons=3,xp=41 --defender pirate", "at most 40 (Components: 40 Experience Tokens)"},
		{"broadside --attacker ship:cannons=3 --defender pirate --wind 13", "Wind Force (1-12 oB)"},
		{"broadside --attacker ship:cannons=30,sailors=2,owner=a --defender ship:cannons=21,sailors=2,owner=b", "51 Cannons together, more than the box holds: at most 50 between them"},
		{"boarding --attacker ship:cannons=2,sailors=30,owner=a --defender ship:cannons=2,sailors=21,owner=b", "51 Sailors together"},
		{"broadside --attacker ship:cannons=3 --defender pirate --dice 7,1,1", "not a face of a d6 (1-6)"},
	} {
		_, err := run(t, false, strings.Fields(c.args)...)
		if !referee.IsUsage(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("misty %s: got %v, want exit 2 naming %q", c.args, err, c.want)
		}
	}
}
