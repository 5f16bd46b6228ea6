package odds

// The Broadside odds by dice-class multinomials (before the volley was
// counted by effect states): the reference the fast code is checked against.

import (
	"fmt"
	"math/big"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
)

// counts of final dice by class: miss, hull, crew, disable.
type counts [4]int

type countsP struct {
	c counts
	p *big.Rat
}

func addCounts(a, b counts) counts {
	for i := range a {
		a[i] += b[i]
	}
	return a
}

type countsN struct {
	c counts
	n u128
}

// multinomialN lists every way n dice fall into the classes with face
// weights w: n!/(c0!c1!c2!c3!) * prod w^c, out of faces^n.
func multinomialN(n int, w [4]uint64) []countsN {
	var out []countsN
	for c0 := 0; c0 <= n; c0++ {
		for c1 := 0; c0+c1 <= n; c1++ {
			for c2 := 0; c0+c1+c2 <= n; c2++ {
				c := counts{c0, c1, c2, n - c0 - c1 - c2}
				x := u128{0, 1}
				for k := 0; k < 4; k++ {
					if c[k] > 0 && w[k] == 0 {
						x = u128{}
						break
					}
					for j := 0; j < c[k]; j++ {
						x = mul128(x, w[k])
					}
				}
				if x == (u128{}) {
					continue
				}
				// multinomial coefficient as a product of binomials
				left := n
				for k := 0; k < 4; k++ {
					x = mul128(x, refBinomN(left, c[k]))
					left -= c[k]
				}
				out = append(out, countsN{c, x})
			}
		}
	}
	return out
}

func refBinomN(n, k int) uint64 {
	r := uint64(1)
	for i := 1; i <= k; i++ {
		r = r * uint64(n-k+i) / uint64(i)
	}
	return r
}

func mergeN(in []countsN) []countsN {
	idx := map[counts]int{}
	var out []countsN
	for _, cp := range in {
		if i, ok := idx[cp.c]; ok {
			out[i].n.add(cp.n)
			continue
		}
		idx[cp.c] = len(out)
		out = append(out, cp)
	}
	return out
}

// volleyDist is the distribution of a volley's final dice by class after
// ricochets, First-Class Gunner and Experience Token re-rolls (bosun's
// default policy: re-roll the dice that do nothing). It counts exactly in
// 128-bit integers over one common denominator (first faces^n, times
// re-roll faces^n for a First-Class Gunner, times re-roll faces per token)
// and turns each count into a fraction once.
func refVolleyDist(shooter, target mw.Unit, n int, o mw.Options) []countsP {
	first, f1 := faceWeights(shooter, target, o, false)
	re, f2 := faceWeights(shooter, target, o, true)
	den := new(big.Int).Exp(new(big.Int).SetUint64(f1), big.NewInt(int64(n)), nil)
	avail := mw.CrewAvailable(target)
	useless := func(c counts) int {
		u := c[mw.ClsMiss]
		if ex := c[mw.ClsCrew] - avail; ex > 0 {
			u += ex
		}
		return u
	}
	dist := multinomialN(n, first)
	if shooter.Kind == mw.KindShip && shooter.Gunner == mw.FirstClass {
		var next []countsN
		for _, cp := range dist {
			u := useless(cp.c)
			base := cp.c
			base[mw.ClsMiss] = 0
			if base[mw.ClsCrew] > avail {
				base[mw.ClsCrew] = avail
			}
			// the dice kept count f2 each so that every branch is over f2^n
			scale := cp.n
			for j := u; j < n; j++ {
				scale = mul128(scale, f2)
			}
			if u == 0 {
				next = append(next, countsN{cp.c, scale})
				continue
			}
			for _, rp := range multinomialN(u, re) {
				x := scale
				// scale * rp.n: rp.n < f2^u fits 64 bits for u <= 24
				x = mul128(x, rp.n.lo)
				next = append(next, countsN{addCounts(base, rp.c), x})
			}
		}
		dist = mergeN(next)
		den.Mul(den, new(big.Int).Exp(new(big.Int).SetUint64(f2), big.NewInt(int64(n)), nil))
	}
	for k := 0; k < shooter.XPFor(0); k++ {
		var next []countsN
		for _, cp := range dist {
			if useless(cp.c) == 0 {
				next = append(next, countsN{cp.c, mul128(cp.n, f2)})
				continue
			}
			base := cp.c
			if base[mw.ClsMiss] > 0 {
				base[mw.ClsMiss]--
			} else {
				base[mw.ClsCrew]--
			}
			for cls := 0; cls < 4; cls++ {
				if re[cls] == 0 {
					continue
				}
				nc := base
				nc[cls]++
				next = append(next, countsN{nc, mul128(cp.n, re[cls])})
			}
		}
		dist = mergeN(next)
		den.Mul(den, new(big.Int).SetUint64(f2))
	}
	out := make([]countsP, len(dist))
	for i, cp := range dist {
		out[i] = countsP{cp.c, new(big.Rat).SetFrac(cp.n.big(), den)}
	}
	return out
}

type stateP struct {
	shooter, target mw.Unit
	dmg             mw.Damage
	p               *big.Rat
}

// fireDist is the distribution of one side's fire: the target after it and
// the damage done.
func refFireDist(shooter, target mw.Unit, o mw.Options) []stateP {
	if shooter.Kind == mw.KindMonster {
		t := target
		var dmg mw.Damage
		mw.ApplyMonsterDamage(shooter.Monster, &t, &dmg, o)
		return []stateP{{shooter, t, dmg, big.NewRat(1, 1)}}
	}
	n, _ := shooter.BroadsideDice(target, o)
	var out []stateP
	for _, cp := range refVolleyDist(shooter, target, n, o) {
		t := target
		vol := &mw.Volley{HullHits: cp.c[mw.ClsHull], CrewHits: cp.c[mw.ClsCrew], Disables: cp.c[mw.ClsDisable], Misses: cp.c[mw.ClsMiss]}
		mw.ApplyDice(vol, &t, o, nil)
		out = append(out, stateP{shooter, t, vol.Damage, cp.p})
	}
	return out
}

// refBroadsideOdds is the Broadside odds as computed before the volley
// was counted by effect classes (kept as the test-only reference the new
// code must equal exactly). It is the exact distribution of a whole Broadside exchange:
// the attack, then the counterattack with what the defender has left.
func refBroadsideOdds(att, def mw.Unit, o mw.Options) (*Odds, error) {
	for _, u := range []mw.Unit{att, def} {
		if err := u.Validate(nil); err != nil {
			return nil, err
		}
	}
	v, err := mw.CanAttack(att, def, mw.Broadside, o)
	if err != nil {
		return nil, err
	}
	od := &Odds{Type: mw.Broadside, Attacker: att, Defender: def, Cites: mw.Uniq(v.Cites, []string{mw.CiteBroadside, mw.CiteDiceResult, mw.CiteCounterattack, mw.CiteBroadsideRerolls})}
	od.Policy = broadsidePolicy(att, def, o)
	if !v.Counterattack {
		od.Notes = append(od.Notes, "no counterattack: "+v.NoCounterWhy)
	}
	acc := newAccum()
	memo := map[string][]stateP{}
	counter := func(d, a mw.Unit) []stateP {
		k := refStateKey(d) + "|" + refStateKey(a)
		if r, ok := memo[k]; ok {
			return r
		}
		r := refFireDist(d, a, o)
		memo[k] = r
		return r
	}
	for _, first := range refFireDist(att, def, o) {
		if first.dmg.Defeated || !v.Counterattack {
			acc.add(mw.Damage{}, first.dmg, first.p)
			continue
		}
		defAfter := first.target
		if n, _ := defAfter.BroadsideDice(att, o); n == 0 && defAfter.Kind != mw.KindMonster {
			acc.add(mw.Damage{}, first.dmg, first.p)
			continue
		}
		for _, second := range counter(defAfter, att) {
			acc.add(second.dmg, first.dmg, new(big.Rat).Mul(first.p, second.p))
		}
	}
	acc.finish(od)
	return od, nil
}

func refStateKey(u mw.Unit) string {
	return fmt.Sprintf("%s/%d/%d/%d/%d/%d/%v/%s/%d", u.Kind, u.Cannons, u.Sailors, u.Captain, u.Gunner, u.FencingMaster, u.Damaged, u.Monster, u.XP)
}
