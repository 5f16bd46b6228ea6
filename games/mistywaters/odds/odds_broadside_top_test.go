package odds

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/stretchr/testify/require"
)

// checkTop compares BroadsideOddsTop with BroadsideOdds for one pair: the
// k outcomes a stable sort by probability of the whole distribution puts
// first (the chart's rows), the exact rest, the defeat chances and the
// expected losses must be the same fractions.
func checkTop(t *testing.T, a, d string, o mw.Options, ks ...int) bool {
	t.Helper()
	att, def := mustUnit(t, a), mustUnit(t, d)
	full, ferr := BroadsideOdds(att, def, o)
	for _, k := range ks {
		top, terr := BroadsideOddsTop(att, def, o, k)
		if ferr != nil {
			require.Error(t, terr, "%s v %s", a, d)
			require.Equal(t, ferr.Error(), terr.Error())
			return false
		}
		require.NoError(t, terr, "%s v %s", a, d)
		outs := append([]OddsOutcome(nil), full.Outcomes...)
		sort.SliceStable(outs, func(i, j int) bool { return outs[i].P.Float > outs[j].P.Float })
		want := outs
		rest := new(big.Rat)
		if len(outs) > k {
			want = outs[:k]
			for _, x := range outs[k:] {
				rest.Add(rest, x.P.Rat())
			}
		}
		wj, err := json.Marshal(want)
		require.NoError(t, err)
		gj, err := json.Marshal(top.Outcomes)
		require.NoError(t, err)
		require.Equal(t, string(wj), string(gj), "%s v %s, k=%d: the likeliest outcomes", a, d, k)
		if len(outs) > k {
			require.NotNil(t, top.Rest, "%s v %s, k=%d", a, d, k)
			require.Equal(t, NewProb(rest).Exact, top.Rest.Exact, "%s v %s, k=%d: the rest", a, d, k)
			require.Equal(t, NewProb(rest).Float, top.Rest.Float, "%s v %s, k=%d: the rest", a, d, k)
		} else {
			require.Nil(t, top.Rest, "%s v %s, k=%d: nothing left", a, d, k)
		}
		// everything else is BroadsideOdds' odds
		f2, t2 := *full, *top
		f2.Outcomes, t2.Outcomes, t2.Rest = nil, nil, nil
		fj, err := json.Marshal(f2)
		require.NoError(t, err)
		tj, err := json.Marshal(t2)
		require.NoError(t, err)
		require.Equal(t, string(fj), string(tj), "%s v %s, k=%d: defeat chances and expected losses", a, d, k)
	}
	return true
}

// gridShooters and gridTargets are the Player Ships and targets the fast
// Broadside paths are checked on against the whole distribution.
var (
	gridShooters = []string{
		"ship:cannons=1,sailors=0,owner=a",
		"ship:cannons=3,sailors=2,gunner,owner=a",
		"ship:cannons=5,sailors=1,fc-gunner,xp=2,owner=a",
		"ship:cannons=8,sailors=0,fc-gunner,fencing,captain,xp=3,owner=a",
		"ship:cannons=12,sailors=3,gunner,xp=4,owner=a",
	}
	gridTargets = []string{
		"pirate", "pirate:damaged", "fort:owner=b", "galleass", "freighter", "kraken", "sea-serpent",
		"ship:cannons=2,sailors=1,gunner,owner=b",
		"ship:cannons=6,sailors=2,fc-gunner,fc-fencing,captain,xp=2,owner=b",
		"ship:cannons=9,sailors=0,fc-gunner,xp=5,owner=b",
	}
)

// TestBroadsideOddsTopEqualFull checks the chart's fast path against the
// whole distribution on a grid: small and large volleys, Gunners, First-
// Class Gunners, Experience Tokens, Fencing Masters and Captains (crew
// removed in order), crews smaller than the hits, NPC targets and Sea
// Monsters, and the rule switches.
func TestBroadsideOddsTopEqualFull(t *testing.T) {
	t.Parallel()
	shooters := gridShooters
	targets := gridTargets
	opts := []mw.Options{{}, {GunnerMissesOnly: true}, {NoRicochetAfterReroll: true}, {CrewOrder: []string{"gunner", "captain", "fencing", "sailor"}}}
	compared := 0
	for i, a := range shooters {
		for j, d := range targets {
			o := opts[(i+j)%len(opts)]
			if checkTop(t, a, d, o, 1, 5, 12, 100000) {
				compared++
			}
		}
	}
	require.Greater(t, compared, 35)
	// the largest: tens of thousands of outcomes, most of them tied in
	// pairs (the hull and crew faces are as likely)
	for _, c := range []struct{ a, d string }{
		{"ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=a", "ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=b"},
		{"ship:cannons=20,sailors=2,fc-gunner,captain,xp=6,owner=a", "ship:cannons=18,sailors=10,gunner,fencing,xp=4,owner=b"},
		{"ship:cannons=40,sailors=3,fc-gunner,xp=15,owner=a", "fort:owner=b"},
	} {
		require.True(t, checkTop(t, c.a, c.d, mw.Options{}, 12))
	}
	require.True(t, checkTop(t, "ship:cannons=14,sailors=9,fc-gunner,xp=3,owner=a", "ship:cannons=14,sailors=9,fc-gunner,xp=3,owner=b", mw.Options{GunnerMissesOnly: true}, 3, 12, 40))
	t.Logf("%d pairs compared", compared)
}

func TestBroadsideOddsTopRefusesAsFull(t *testing.T) {
	for _, c := range []struct{ a, d string }{
		{"ship:cannons=30,sailors=25,owner=a", "ship:cannons=25,sailors=0,owner=b"},
		{"ship:cannons=2,owner=a", "ship:cannons=2,owner=a"}, // the same owner
	} {
		att, def := mustUnit(t, c.a), mustUnit(t, c.d)
		_, ferr := BroadsideOdds(att, def, mw.Options{})
		_, terr := BroadsideOddsTop(att, def, mw.Options{}, 12)
		require.Error(t, ferr, "%s v %s", c.a, c.d)
		require.Equal(t, fmt.Sprint(ferr), fmt.Sprint(terr))
	}
}
