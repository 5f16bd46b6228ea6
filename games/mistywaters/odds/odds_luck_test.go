package odds

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/require"
)

// checkLuck compares BroadsideLuck with BroadsideOdds and its Percentile
// for one pair: the defeat chances and the percentile of every score the
// exchange can reach, of the scores between and of scores beyond both
// ends must be the same fractions (exact text and float). It returns the
// number of scores compared (0: both refused the pair alike).
func checkLuck(t *testing.T, a, d string, o mw.Options) int {
	t.Helper()
	att, def := mustUnit(t, a), mustUnit(t, d)
	full, ferr := BroadsideOdds(att, def, o)
	pl, perr := planBroadside(att, def, o, false)
	if ferr != nil {
		require.Error(t, perr, "%s v %s", a, d)
		_, lerr := BroadsideLuck(att, def, o, mw.Damage{}, mw.Damage{})
		require.Equal(t, ferr.Error(), fmt.Sprint(lerr), "%s v %s: the same refusal", a, d)
		return 0
	}
	require.NoError(t, perr, "%s v %s", a, d)
	seen := map[int]bool{}
	var scores []int
	for _, oc := range full.Outcomes {
		if !seen[oc.Score] {
			seen[oc.Score] = true
			scores = append(scores, oc.Score)
		}
	}
	sort.Ints(scores)
	lo, hi := scores[0], scores[len(scores)-1]
	// every reached score, the gaps between them, and beyond both ends
	var all []int
	for s := lo - 3; s <= hi+3; s++ {
		all = append(all, s)
	}
	if len(all) > 400 { // large exchanges: the reached scores and both ends
		all = append(append([]int{lo - 1, lo - 150}, scores...), hi+1, hi+150)
		// unless exhaustive: both ends, the lowest and highest reached and
		// 60 reached scores drawn with a fixed seed
		var sampled []int
		for _, i := range refereetest.Sample(len(all), 60, uint64(len(all)), func(i int) bool { return i < 3 || i >= len(all)-3 }) {
			sampled = append(sampled, all[i])
		}
		all = sampled
	}
	// the reference: Odds.Percentile's sum over the outcomes, each
	// outcome's fraction read once (Percentile itself for a few scores)
	byScore := map[int]*big.Rat{}
	for _, oc := range full.Outcomes {
		if byScore[oc.Score] == nil {
			byScore[oc.Score] = new(big.Rat)
		}
		byScore[oc.Score].Add(byScore[oc.Score], oc.P.Rat())
	}
	// below[k]: the sum over the reached scores under scores[k] (each
	// score's sum added once, in order: the same fractions as summing the
	// outcomes below s for every s)
	below := make([]*big.Rat, len(scores)+1)
	below[0] = new(big.Rat)
	for k, v := range scores {
		below[k+1] = new(big.Rat).Add(below[k], byScore[v])
	}
	for i, s := range all {
		k := sort.SearchInts(scores, s) // scores[:k] are below s
		want := new(big.Rat).Set(below[k])
		if k < len(scores) && scores[k] == s {
			want.Add(want, new(big.Rat).Mul(byScore[s], big.NewRat(1, 2)))
		}
		got := pl.luck(s)
		sameProb(t, NewProb(want), got.Percentile, "%s v %s, score %d", a, d, s)
		// Odds.Percentile sums every outcome: every 50th score, or unless
		// exhaustive the first, middle and last
		if i%50 == 0 && (refereetest.Exhaustive() || i == 0) || !refereetest.Exhaustive() && (i == len(all)/2 || i == len(all)-1) {
			// a result of Score s as the battle commands pass it
			toA, toD := mw.Damage{}, mw.Damage{Sailors: s}
			if s < 0 {
				toA, toD = mw.Damage{Sailors: -s}, mw.Damage{}
			}
			sameProb(t, full.Percentile(toA, toD), got.Percentile, "%s v %s, score %d", a, d, s)
		}
		sameProb(t, full.AttackerDefeated, got.AttackerDefeated, "%s v %s: the attacker defeated", a, d)
		sameProb(t, full.DefenderDefeated, got.DefenderDefeated, "%s v %s: the defender defeated", a, d)
	}
	// and through the public call, with outcomes' own damages
	for i, oc := range full.Outcomes {
		// every 7th of the first outcomes and the last, or unless
		// exhaustive the first and the last
		if i%7 != 0 && i != len(full.Outcomes)-1 || !refereetest.Exhaustive() && i != 0 && i != len(full.Outcomes)-1 {
			continue
		}
		l, err := BroadsideLuck(att, def, o, oc.Attacker, oc.Defender)
		require.NoError(t, err)
		want := full.Percentile(oc.Attacker, oc.Defender)
		sameProb(t, want, l.Percentile, "%s v %s, %s", a, d, oc.Label)
		if i > 20 {
			break
		}
	}
	return len(all)
}

// sameProb requires the same exact fraction and float.
func sameProb(t *testing.T, want, got Prob, msg string, args ...any) {
	t.Helper()
	require.Equal(t, want.Exact, got.Exact, append([]any{msg}, args...)...)
	require.Equal(t, want.Float, got.Float, append([]any{msg}, args...)...)
}

// TestBroadsideLuckEqualFull checks the luck percentile's fast path
// against the whole distribution on a grid: Gunners, First-Class Gunners,
// Experience Tokens, Captains and Fencing Masters in the crew order, crews
// smaller than the hits, NPCs, Forts and Sea Monsters on either side (no
// counterattack, fixed dice), the rule switches, and large exchanges.
func TestBroadsideLuckEqualFull(t *testing.T) {
	t.Parallel()
	// the NPCs, a Fort and a Sea Monster shoot too (no counterattack)
	shooters := append(slices.Clip(gridShooters), "pirate", "fort:owner=a", "kraken")
	targets := gridTargets
	opts := []mw.Options{{}, {GunnerMissesOnly: true}, {NoRicochetAfterReroll: true}, {CrewOrder: []string{"gunner", "captain", "fencing", "sailor"}}, {Advanced: true}}
	pairs, scores := 0, 0
	for i, a := range shooters {
		for j, d := range targets {
			o := opts[(i+j)%len(opts)]
			if n := checkLuck(t, a, d, o); n > 0 {
				pairs++
				scores += n
			}
		}
	}
	require.Greater(t, pairs, 40)
	for _, c := range []struct {
		a, d string
		o    mw.Options
	}{
		{"ship:cannons=25,sailors=25,fc-gunner,owner=a", "ship:cannons=25,sailors=25,fc-gunner,owner=b", mw.Options{}},
		{"ship:cannons=15,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=a", "ship:cannons=35,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=b", mw.Options{}},
		{"ship:cannons=20,sailors=2,fc-gunner,captain,xp=6,owner=a", "ship:cannons=18,sailors=10,gunner,fencing,xp=4,owner=b", mw.Options{CrewOrder: []string{"captain", "sailor", "fencing", "gunner"}}},
		{"ship:cannons=14,sailors=9,fc-gunner,xp=3,owner=a", "ship:cannons=14,sailors=9,fc-gunner,xp=3,owner=b", mw.Options{GunnerMissesOnly: true}},
		{"ship:cannons=40,sailors=3,fc-gunner,xp=15,owner=a", "fort:owner=b", mw.Options{}},
	} {
		n := checkLuck(t, c.a, c.d, c.o)
		require.Greater(t, n, 0, "%s v %s", c.a, c.d)
		scores += n
	}
	t.Logf("%d pairs, %d scores compared", pairs, scores)
}

// TestBattleLuckBoarding checks the Boarding path and the refusals: the
// same fractions as BoardingOdds and its Percentile, the same errors.
func TestBattleLuckBoarding(t *testing.T) {
	for _, c := range []struct{ a, d string }{
		{"ship:sailors=3,cannons=2,fencing,owner=a", "ship:sailors=2,cannons=1,fc-fencing,xp=1,owner=b"},
		{"ship:sailors=5,cannons=5,fc-fencing,xp=3,owner=a", "galleass"},
	} {
		att, def := mustUnit(t, c.a), mustUnit(t, c.d)
		full, err := BoardingOdds(att, def, mw.Options{})
		require.NoError(t, err)
		for _, oc := range full.Outcomes {
			l, err := BattleLuck(mw.Boarding, att, def, mw.Options{}, oc.Attacker, oc.Defender)
			require.NoError(t, err)
			sameProb(t, full.Percentile(oc.Attacker, oc.Defender), l.Percentile, "%s v %s, %s", c.a, c.d, oc.Label)
			sameProb(t, full.AttackerDefeated, l.AttackerDefeated, "%s v %s", c.a, c.d)
			sameProb(t, full.DefenderDefeated, l.DefenderDefeated, "%s v %s", c.a, c.d)
		}
	}
	att, def := mustUnit(t, "ship:cannons=2,owner=a"), mustUnit(t, "fort:owner=b")
	_, ferr := BoardingOdds(att, def, mw.Options{})
	_, lerr := BattleLuck(mw.Boarding, att, def, mw.Options{}, mw.Damage{}, mw.Damage{})
	require.Error(t, ferr)
	require.Equal(t, ferr.Error(), fmt.Sprint(lerr))
	_, err := BattleLuck(mw.BattleType("duel"), att, def, mw.Options{}, mw.Damage{}, mw.Damage{})
	require.ErrorContains(t, err, "Broadside or Boarding")
}
