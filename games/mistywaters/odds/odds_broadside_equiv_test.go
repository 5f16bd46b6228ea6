package odds

import (
	"encoding/json"
	"fmt"
	"math/big"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/require"
)

// TestBroadsideOddsEqualReference checks the Broadside odds counted by
// effect states against the reference (dice-class multinomials) on a grid
// of shooters, targets and options: every outcome, fraction and
// expectation must be identical.
func TestBroadsideOddsEqualReference(t *testing.T) {
	t.Parallel()
	var shooters []string
	for _, c := range []int{1, 2, 4, 7} {
		for _, s := range []int{0, 1, 3} {
			for _, off := range []string{"", ",gunner", ",fc-gunner", ",fc-gunner,captain,fencing", ",gunner,xp=2"} {
				for _, xp := range []string{"", ",xp=1", ",xp=3"} {
					if xp != "" && off == ",gunner,xp=2" {
						continue
					}
					shooters = append(shooters, fmt.Sprintf("ship:cannons=%d,sailors=%d%s%s,owner=a", c, s, off, xp))
				}
			}
		}
	}
	targets := []string{
		"ship:cannons=3,sailors=2,fc-gunner,xp=1,owner=b",
		"ship:cannons=5,sailors=0,gunner,captain,owner=b",
		"ship:cannons=1,sailors=4,owner=b",
		"ship:cannons=6,sailors=6,fc-gunner,fencing,xp=2,owner=b",
		"fort:owner=b", "fort:damaged,owner=b", "pirate", "pirate:damaged", "caravel-npc",
		"galleass", "galleass:sailors=3", "freighter", "battery", "temple",
		"kraken", "hydra", "sea-serpent", "leviathan",
	}
	opts := []mw.Options{{}, {NoRicochetAfterReroll: true}, {CrewOrder: []string{"gunner", "captain", "fencing", "sailor"}}, {SerpentNoGunner: true}}
	type triple struct{ a, d, oi int }
	var grid []triple
	n := 0
	for ai := range shooters {
		for di := range targets {
			for oi := range opts {
				if oi > 0 && (n%3 != 0) {
					n++
					continue // the options on every third pair keep the grid quick
				}
				n++
				grid = append(grid, triple{ai, di, oi})
			}
		}
	}
	// unless exhaustive: every target under every option once, the
	// smallest and largest shooters against every target, and 150 others
	// drawn with a fixed seed
	seen := map[[2]int]bool{}
	keep := func(i int) bool {
		g := grid[i]
		if k := [2]int{g.d, g.oi}; !seen[k] {
			seen[k] = true
			return true
		}
		return g.oi == 0 && (g.a == 0 || g.a == len(shooters)-1)
	}
	idx := refereetest.Sample(len(grid), 150, 1, keep)
	compared := 0
	for _, i := range idx {
		a, d, oi := shooters[grid[i].a], targets[grid[i].d], grid[i].oi
		att, def, o := mustUnit(t, a), mustUnit(t, d), opts[grid[i].oi]
		want, werr := refBroadsideOdds(att, def, o)
		got, gerr := BroadsideOdds(att, def, o)
		if werr != nil {
			require.Error(t, gerr, "%s v %s", a, d)
			require.Equal(t, werr.Error(), gerr.Error())
			continue
		}
		require.NoError(t, gerr, "%s v %s", a, d)
		wj, err := json.Marshal(want)
		require.NoError(t, err)
		gj, err := json.Marshal(got)
		require.NoError(t, err)
		require.Equal(t, string(wj), string(gj), "%s v %s (options %d)", a, d, oi)
		require.Equal(t, 0, got.Total().Cmp(big.NewRat(1, 1)), "total probability")
		compared++
	}
	require.Greater(t, compared, len(idx)*2/3, "most pairs can battle")
	if refereetest.Exhaustive() {
		require.Greater(t, compared, 1000, "most pairs can battle")
	}
	t.Logf("%d odds compared (%d of %d pairs tried)", compared, len(idx), n)
}
