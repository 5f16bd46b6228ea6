package odds

import (
	"math/big"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/require"
)

// batchVolleyCounts is volleyCounts as it was before the volleys were
// built die by die and shared between counterattacks: the first roll as a
// multinomial over the face classes, a First-Class Gunner's re-rolls in
// layers by the dice still to re-roll. It is the reference the prefix
// volleys must equal cell by cell.
func batchVolleyCounts(shooter, target mw.Unit, n int, o mw.Options) (*volleyGrid, *big.Int) {
	first, f1 := faceWeights(shooter, target, o, false)
	re, f2 := faceWeights(shooter, target, o, true)
	axis := func(cls mw.DieClass, max int) int {
		if first[cls] == 0 && re[cls] == 0 {
			return 1
		}
		return max + 1
	}
	avail := mw.CrewAvailable(target)
	if avail > n {
		avail = n
	}
	g := newVolleyGrid(n, axis(mw.ClsHull, n), axis(mw.ClsCrew, avail), axis(mw.ClsDisable, n))
	den := new(big.Int).Exp(new(big.Int).SetUint64(f1), big.NewInt(int64(n)), nil)
	gunnerMisses := shooter.Kind == mw.KindShip && shooter.Gunner == mw.FirstClass && o.GunnerMissesOnly

	// the first roll: n!/(miss! hull! crew! disable!) * prod weight^count
	upTo := func(cls mw.DieClass) int { // a class no first face reaches stays at 0
		if first[cls] == 0 {
			return 0
		}
		return n
	}
	for ch := 0; ch <= upTo(mw.ClsHull); ch++ {
		for cc := 0; cc <= upTo(mw.ClsCrew) && ch+cc <= n; cc++ {
			for cd := 0; cd <= upTo(mw.ClsDisable) && ch+cc+cd <= n; cd++ {
				cnt := [4]int{mw.ClsMiss: n - ch - cc - cd, mw.ClsHull: ch, mw.ClsCrew: cc, mw.ClsDisable: cd}
				x := wide{1}
				left := n
				for k := 0; k < 4; k++ {
					if cnt[k] > 0 && first[k] == 0 {
						x = wide{}
						break
					}
					for j := 0; j < cnt[k]; j++ {
						x.mul(first[k])
					}
					x.mul(binomN(left, cnt[k]))
					left -= cnt[k]
				}
				if x.isZero() {
					continue
				}
				if gunnerMisses {
					// The Gunner re-rolls the m misses once each; the
					// kept dice count f2 so every branch is over f2^n.
					m := n - ch - cc - cd
					for rh := 0; rh <= m; rh++ {
						for rc := 0; rh+rc <= m; rc++ {
							for rd := 0; rh+rc+rd <= m; rd++ {
								rc4 := [4]int{mw.ClsMiss: m - rh - rc - rd, mw.ClsHull: rh, mw.ClsCrew: rc, mw.ClsDisable: rd}
								y := x
								left := m
								for k := 0; k < 4 && !y.isZero(); k++ {
									if rc4[k] > 0 && re[k] == 0 {
										y = wide{}
										break
									}
									for j := 0; j < rc4[k]; j++ {
										y.mul(re[k])
									}
									y.mul(binomN(left, rc4[k]))
									left -= rc4[k]
								}
								if y.isZero() {
									continue
								}
								for j := m; j < n; j++ {
									y.mul(f2)
								}
								c := cc + rc
								if c > g.nc-1 {
									c = g.nc - 1
								}
								g.at(ch+rh, c, cd+rd).addMul(&y, 1)
							}
						}
					}
					continue
				}
				c := cc
				if c > g.nc-1 {
					c = g.nc - 1
				}
				g.at(ch, c, cd).addMul(&x, 1)
			}
		}
	}

	if gunnerMisses {
		den.Mul(den, new(big.Int).Exp(new(big.Int).SetUint64(f2), big.NewInt(int64(n)), nil))
	} else if shooter.Kind == mw.KindShip && shooter.Gunner == mw.FirstClass {
		// layer r holds the states with r dice still to re-roll: the
		// first roll's states with r dice that do nothing and those the
		// re-rolls of layer r+1 reach. A die kept counts f2 so that every
		// branch is over f2^n. Two grids hold the layer being re-rolled
		// and the next.
		// Layer r's states have h+c+d <= n-r: only those cells are
		// visited and cleared.
		fill := func(dst *volleyGrid, r int) {
			s := n - r // the first roll's states with r dice that do nothing
			for h := 0; h < g.nh && h <= s; h++ {
				for c := 0; c < g.nc && h+c <= s; c++ {
					d := s - h - c
					if d >= g.nd {
						continue
					}
					x := g.at(h, c, d)
					if x.isZero() {
						continue
					}
					y := *x
					for j := r; j < n; j++ {
						y.mul(f2)
					}
					dst.at(h, c, d).addMul(&y, 1)
				}
			}
		}
		cur, next := newVolleyGrid(n, g.nh, g.nc, g.nd), newVolleyGrid(n, g.nh, g.nc, g.nd)
		fill(cur, n)
		for r := n; r > 0; r-- {
			// next held layer r+1 (h+c+d <= n-r-1) or nothing; layer r-1
			// fills h+c+d <= n-r+1
			next.clearUpTo(n - r + 1)
			fill(next, r-1)
			cur.eachUpTo(n-r, func(h, c, d int, x *wide) { g.reroll(next, h, c, d, x, re) })
			cur, next = next, cur
		}
		g = cur
		den.Mul(den, new(big.Int).Exp(new(big.Int).SetUint64(f2), big.NewInt(int64(n)), nil))
	}
	var spare *volleyGrid // the grid a token's re-roll fills (reused)
	for k := 0; k < shooter.XPFor(0); k++ {
		next := spare
		if next == nil {
			next = newVolleyGrid(n, g.nh, g.nc, g.nd)
		} else {
			next.clearUpTo(n)
		}
		g.each(func(h, c, d int, x *wide) {
			if n-h-c-d == 0 {
				next.at(h, c, d).addMul(x, f2)
				return
			}
			g.reroll(next, h, c, d, x, re)
		})
		g, spare = next, g
		den.Mul(den, new(big.Int).SetUint64(f2))
	}
	return g, den
}

type volleyCell struct {
	h, c, d int
	x       wide
}

func volleyCells(g *volleyGrid) []volleyCell {
	var out []volleyCell
	g.each(func(h, c, d int, x *wide) { out = append(out, volleyCell{h, c, d, *x}) })
	return out
}

// TestVolleyPrefixEqualBatch checks the die-by-die volleys, shared between
// volleys of different dice, against the batch computation cell by cell
// and denominator by denominator, for every re-roll policy, ricochets,
// Disables and crews smaller and larger than the dice.
func TestVolleyPrefixEqualBatch(t *testing.T) {
	t.Parallel()
	shooters := []string{
		"ship:cannons=3,sailors=1,owner=a",
		"ship:cannons=3,sailors=1,gunner,xp=2,owner=a",
		"ship:cannons=3,sailors=1,fc-gunner,owner=a",
		"ship:cannons=3,sailors=1,fc-gunner,xp=5,owner=a",
		"ship:cannons=3,sailors=2,fc-gunner,captain,fc-fencing,xp=20,owner=a",
		"fort:owner=a",
		"pirate",
	}
	targets := []string{
		"ship:cannons=2,sailors=0,owner=b",
		"ship:cannons=2,sailors=3,owner=b",
		"ship:cannons=15,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=b",
		"sloop:owner=b",
		"galleass",
		"freighter",
		"fort:owner=b",
		"battery",
		"pirate",
	}
	opts := []mw.Options{{}, {GunnerMissesOnly: true}, {NoRicochetAfterReroll: true}, {GunnerMissesOnly: true, NoRicochetAfterReroll: true}}
	const maxN = 30
	// unless exhaustive: each shooter and each target under each option,
	// the largest pair under all, and 40 others drawn with a fixed seed
	nt, no := len(targets), len(opts)
	seen := map[[2]int]bool{}
	keep := func(i int) bool {
		si, ti, oi := i/(nt*no), i/no%nt, i%no
		k1, k2 := [2]int{0, si*no + oi}, [2]int{1, ti*no + oi}
		fresh := !seen[k1] || !seen[k2]
		seen[k1], seen[k2] = true, true
		return fresh || si == 4 && ti == 2
	}
	checked := 0
	for _, i := range refereetest.Sample(len(shooters)*nt*no, 40, 2, keep) {
		ss, ts, oi := shooters[i/(nt*no)], targets[i/no%nt], i%no
		o := opts[oi]
		s, err := mw.ParseUnit(ss)
		require.NoError(t, err, ss)
		tg, err := mw.ParseUnit(ts)
		require.NoError(t, err, ts)
		shared := newVolleyCache()
		// descending, so that the smaller volleys are read off a walk made for a larger one
		for n := maxN; n >= 0; n -= 3 {
			want, wden := batchVolleyCounts(s, tg, n, o)
			for _, vc := range []*volleyCache{nil, shared} {
				got, gden := volleyCounts(s, tg, n, o, vc)
				name := ss + " at " + ts
				require.Equal(t, [3]int{want.nh, want.nc, want.nd}, [3]int{got.nh, got.nc, got.nd}, "%s options %d n %d: grid", name, oi, n)
				require.Equal(t, wden.String(), gden.String(), "%s options %d n %d: denominator", name, oi, n)
				require.Equal(t, volleyCells(want), volleyCells(got), "%s options %d n %d: counts", name, oi, n)
				checked++
			}
		}
	}
	require.Greater(t, checked, 1000)
	// the shared walk is never changed by a volley's tokens
	s, _ := mw.ParseUnit("ship:cannons=3,sailors=1,fc-gunner,xp=5,owner=a")
	tg, _ := mw.ParseUnit("ship:cannons=2,sailors=3,owner=b")
	vc := newVolleyCache()
	for i := 0; i < 3; i++ {
		got, gden := volleyCounts(s, tg, 12, mw.Options{}, vc)
		want, wden := batchVolleyCounts(s, tg, 12, mw.Options{})
		require.Equal(t, volleyCells(want), volleyCells(got))
		require.Equal(t, 0, wden.Cmp(gden))
	}
}
