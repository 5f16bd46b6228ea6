package mistywaters

import (
	"slices"
	"testing"

	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/require"
)

// fcChoiceRef is fcChoice as it was written before fcMaskAt (a slice of
// indexes and a closure per subset): the reference fcMaskAt must match.
func fcChoiceRef(own, opp []int, ownBonus, oppBonus int, r DuelRules) []int {
	ot := r.Total(opp, oppBonus)
	var best []int
	bestScore, bestDen := -1, 1
	k := len(own)
	for mask := 1; mask < 1<<k; mask++ {
		var idx []int
		for i := 0; i < k; i++ {
			if mask&(1<<i) != 0 {
				idx = append(idx, i)
			}
		}
		score, den := 0, 1
		for range idx {
			den *= 6
		}
		trial := append([]int(nil), own...)
		var enum func(j int)
		enum = func(j int) {
			if j == len(idx) {
				t := r.Total(trial, ownBonus)
				if t > ot {
					score += 2
				} else if t == ot {
					score++
				}
				return
			}
			for v := 1; v <= 6; v++ {
				trial[idx[j]] = v
				enum(j + 1)
			}
		}
		enum(0)
		if best == nil || score*bestDen > bestScore*den || (score*bestDen == bestScore*den && len(idx) < len(best)) {
			best, bestScore, bestDen = idx, score, den
		}
	}
	return best
}

// xpCanHelpRef is xpCanHelp as it was written before xpCanHelpAt.
func xpCanHelpRef(own, opp []int, ownBonus, oppBonus int, r DuelRules) (int, bool) {
	li := 0
	for i, v := range own {
		if v < own[li] {
			li = i
		}
	}
	trial := append([]int(nil), own...)
	trial[li] = 6
	return li, r.Total(trial, ownBonus) >= r.Total(opp, oppBonus)
}

// rolls returns every ordered roll of 1 to n dice.
func rolls(n int) [][]int {
	var out [][]int
	var rec func(cur []int)
	rec = func(cur []int) {
		if len(cur) > 0 {
			out = append(out, append([]int(nil), cur...))
		}
		if len(cur) == n {
			return
		}
		for v := 1; v <= 6; v++ {
			rec(append(cur, v))
		}
	}
	rec(nil)
	return out
}

// The odds' re-roll stages see the opponent's dice only through their
// total (fcMaskAt, xpCanHelpAt): every own roll of 1 to 3 dice against
// every opponent roll of 1 or 2 dice, with and without the printed cap,
// with every Fencing Master bonus pair, gives the choice of the reference
// code, dice position for dice position.
func TestDuelChoicesSeeOnlyTheTotal(t *testing.T) {
	t.Parallel()
	all, opps := rolls(3), rolls(2)
	// unless exhaustive: every roll of 1 or 2 dice and of three equal
	// dice, and 40 other rolls of 3 dice drawn with a fixed seed
	var owns [][]int
	for _, i := range refereetest.Sample(len(all), 40, 3, func(i int) bool {
		o := all[i]
		return len(o) < 3 || o[0] == o[1] && o[1] == o[2]
	}) {
		owns = append(owns, all[i])
	}
	n := 0
	for _, cap6 := range []bool{false, true} {
		for ob := 0; ob <= 2; ob++ {
			for pb := 0; pb <= 2; pb++ {
				r := DuelRules{BonusA: ob, BonusD: pb, Cap6: cap6}
				for _, own := range owns {
					for _, opp := range opps {
						ot := r.Total(opp, pb)
						want := fcChoiceRef(own, opp, ob, pb, r)
						if got := fcChoice(own, opp, ob, pb, r); !slices.Equal(want, got) {
							t.Fatalf("fcChoice %v v %v (%+v): %v, want %v", own, opp, r, got, want)
						}
						mask := FCMaskAt(own, ot, ob, r)
						got := []int(nil)
						for i := range own {
							if mask&(1<<i) != 0 {
								got = append(got, i)
							}
						}
						if !slices.Equal(want, got) {
							t.Fatalf("fcMaskAt %v v %v (%+v): %v, want %v", own, opp, r, got, want)
						}
						wl, wok := xpCanHelpRef(own, opp, ob, pb, r)
						gl, gok := XPCanHelpAt(own, ot, ob, r)
						if gl != wl || gok != wok {
							t.Fatalf("xpCanHelpAt %v v %v (%+v): %d %v, want %d %v", own, opp, r, gl, gok, wl, wok)
						}
						gl, gok = xpCanHelp(own, opp, ob, pb, r)
						if gl != wl || gok != wok {
							t.Fatalf("xpCanHelp %v v %v (%+v): %d %v, want %d %v", own, opp, r, gl, gok, wl, wok)
						}
						n++
					}
				}
			}
		}
	}
	require.Equal(t, 2*3*3*len(owns)*(6+36), n)
	if refereetest.Exhaustive() {
		require.Equal(t, 2*3*3*(6+36+216)*(6+36), n)
	}
}
