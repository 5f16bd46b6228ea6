package odds

import (
	"math/big"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/stretchr/testify/require"
)

// TestUnitCountsBoundedByComponents: the box holds 50 Cannon tokens, 50
// Sailor tokens and 40 Experience Tokens (Components); a unit spec beyond
// them is bad input (exit 2) naming the bound, before any odds are counted.
func TestUnitCountsBoundedByComponents(t *testing.T) {
	for _, c := range []string{mw.CiteComponentsCrew, mw.CiteComponentsMisc} {
		require.True(t, rulesref.Exists(c), "%s is a section id", c)
	}
	ok := []string{"ship:cannons=50,sailors=50,xp=40,owner=a", "ship:cannons=1,xp=20/20,owner=a"}
	for _, s := range ok {
		require.NoError(t, mustUnit(t, s).Validate(nil), s)
	}
	bad := map[string]string{
		"ship:cannons=51,owner=a":          "at most 50 (Components: 50 Cannon tokens)",
		"ship:cannons=2,sailors=51":        "at most 50 (Components: 50 Sailor tokens)",
		"ship:cannons=2,xp=41":             "41 Experience Tokens is more than the box holds: at most 40",
		"ship:cannons=2,xp=20/21,owner=a":  "41 Experience Tokens",
		"galleass:sailors=60":              "60 Sailors",
		"ship:cannons=60,sailors=1,gunner": "60 Cannons",
	}
	def := mustUnit(t, "pirate")
	for s, want := range bad {
		u := mustUnit(t, s)
		err := u.Validate(nil)
		require.Error(t, err, s)
		require.True(t, referee.IsUsage(err), "%s: bad input exits 2", s)
		require.Contains(t, err.Error(), want, s)
		_, err = BroadsideOdds(u, def, mw.Options{})
		require.ErrorContains(t, err, want, s)
	}
}

// TestBroadsideOddsAtTheLargestSize: 50 Cannons and a First-Class Gunner
// with 40 Experience Tokens (51 dice, re-rolls beyond 64-bit counts) still
// give a complete exact distribution against a Fort, and two Player Ships
// sharing the box's tokens (25 Cannons, 20 Experience Tokens each) too.
func TestBroadsideOddsAtTheLargestSize(t *testing.T) {
	att := mustUnit(t, "ship:cannons=50,sailors=3,fc-gunner,xp=40,owner=a")
	pairs := [][2]string{
		{"ship:cannons=50,sailors=3,fc-gunner,xp=40,owner=a", "fort:owner=b"},
		{"ship:cannons=25,sailors=3,fc-gunner,xp=20,owner=a", "ship:cannons=25,sailors=2,fc-gunner,xp=20,owner=b"},
	}
	for _, p := range pairs {
		d := p[1]
		od, err := BroadsideOdds(mustUnit(t, p[0]), mustUnit(t, d), mw.Options{})
		require.NoError(t, err, d)
		require.Equal(t, 0, od.Total().Cmp(big.NewRat(1, 1)), "%s: probabilities add up to 1", d)
	}
	// against a Fort every 6 counts: 51 dice re-rolled until they are not
	// misses almost surely leave it defeated
	od, err := BroadsideOdds(att, mustUnit(t, "fort:owner=b"), mw.Options{})
	require.NoError(t, err)
	require.Greater(t, od.DefenderDefeated.Float, 0.999)
}
