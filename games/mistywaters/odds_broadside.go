package mistywaters

import (
	"fmt"
	"math/big"
)

// counts of final dice by class: miss, hull, crew, disable.
type counts [4]int

type countsP struct {
	c counts
	p *big.Rat
}

var factorials = func() []*big.Int {
	f := make([]*big.Int, 40)
	f[0] = big.NewInt(1)
	for i := 1; i < len(f); i++ {
		f[i] = new(big.Int).Mul(f[i-1], big.NewInt(int64(i)))
	}
	return f
}()

func addCounts(a, b counts) counts {
	for i := range a {
		a[i] += b[i]
	}
	return a
}

// faceWeights is the number of faces of each die class against target,
// out of faces: with a ricochet a 4 or 5 is rolled again until it is not,
// so the die is uniform on {1, 2, 3, 6} (4 faces); else 6 faces. reroll
// says the die comes from a Gunner/XP re-roll.
func faceWeights(shooter, target Unit, o Options, reroll bool) (w [4]uint64, faces uint64) {
	rico := ricochets(shooter, target) && !(reroll && o.NoRicochetAfterReroll)
	faces = 6
	if rico {
		faces = 4
	}
	for v := 1; v <= 6; v++ {
		if rico && (v == 4 || v == 5) {
			continue
		}
		c := classify(v, target, o)
		if c == clsMonster {
			c = clsHull
		}
		w[c]++
	}
	return w, faces
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
					x = mul128(x, binomN(left, c[k]))
					left -= c[k]
				}
				out = append(out, countsN{c, x})
			}
		}
	}
	return out
}

func binomN(n, k int) uint64 {
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
func volleyDist(shooter, target Unit, n int, o Options) []countsP {
	first, f1 := faceWeights(shooter, target, o, false)
	re, f2 := faceWeights(shooter, target, o, true)
	den := new(big.Int).Exp(new(big.Int).SetUint64(f1), big.NewInt(int64(n)), nil)
	avail := crewAvailable(target)
	useless := func(c counts) int {
		u := c[clsMiss]
		if ex := c[clsCrew] - avail; ex > 0 {
			u += ex
		}
		return u
	}
	dist := multinomialN(n, first)
	if shooter.Kind == KindShip && shooter.Gunner == FirstClass {
		var next []countsN
		for _, cp := range dist {
			u := useless(cp.c)
			base := cp.c
			base[clsMiss] = 0
			if base[clsCrew] > avail {
				base[clsCrew] = avail
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
			if base[clsMiss] > 0 {
				base[clsMiss]--
			} else {
				base[clsCrew]--
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
	shooter, target Unit
	dmg             Damage
	p               *big.Rat
}

// fireDist is the distribution of one side's fire: the target after it and
// the damage done.
func fireDist(shooter, target Unit, o Options) []stateP {
	if shooter.Kind == KindMonster {
		t := target
		var dmg Damage
		applyMonsterDamage(shooter.Monster, &t, &dmg, o)
		return []stateP{{shooter, t, dmg, big.NewRat(1, 1)}}
	}
	n, _ := shooter.BroadsideDice(target, o)
	var out []stateP
	for _, cp := range volleyDist(shooter, target, n, o) {
		t := target
		vol := &Volley{HullHits: cp.c[clsHull], CrewHits: cp.c[clsCrew], Disables: cp.c[clsDisable], Misses: cp.c[clsMiss]}
		applyDice(vol, &t, o, nil)
		out = append(out, stateP{shooter, t, vol.Damage, cp.p})
	}
	return out
}

// BroadsideOdds is the exact distribution of a whole Broadside exchange:
// the attack, then the counterattack with what the defender has left.
func BroadsideOdds(att, def Unit, o Options) (*Odds, error) {
	for _, u := range []Unit{att, def} {
		if err := u.Validate(nil); err != nil {
			return nil, err
		}
	}
	v, err := CanAttack(att, def, Broadside, o)
	if err != nil {
		return nil, err
	}
	od := &Odds{Type: Broadside, Attacker: att, Defender: def, Cites: uniq(v.Cites, []string{CiteBroadside, CiteDiceResult, CiteCounterattack, CiteBroadsideRerolls})}
	od.Policy = broadsidePolicy(att, def, o)
	if !v.Counterattack {
		od.Notes = append(od.Notes, "no counterattack: "+v.NoCounterWhy)
	}
	acc := newAccum()
	memo := map[string][]stateP{}
	counter := func(d, a Unit) []stateP {
		k := stateKey(d) + "|" + stateKey(a)
		if r, ok := memo[k]; ok {
			return r
		}
		r := fireDist(d, a, o)
		memo[k] = r
		return r
	}
	for _, first := range fireDist(att, def, o) {
		if first.dmg.Defeated || !v.Counterattack {
			acc.add(Damage{}, first.dmg, first.p)
			continue
		}
		defAfter := first.target
		if n, _ := defAfter.BroadsideDice(att, o); n == 0 && defAfter.Kind != KindMonster {
			acc.add(Damage{}, first.dmg, first.p)
			continue
		}
		for _, second := range counter(defAfter, att) {
			acc.add(second.dmg, first.dmg, new(big.Rat).Mul(first.p, second.p))
		}
	}
	acc.finish(od)
	return od, nil
}

func stateKey(u Unit) string {
	return fmt.Sprintf("%s/%d/%d/%d/%d/%d/%v/%s/%d", u.Kind, u.Cannons, u.Sailors, u.Captain, u.Gunner, u.FencingMaster, u.Damaged, u.Monster, u.XP)
}

func broadsidePolicy(att, def Unit, o Options) []string {
	p := []string{"every die is rolled (the maximum dice)"}
	if ricochets(att, def) {
		p = append(p, "4s and 5s ricochet until they show 1, 2, 3 or 6")
	}
	if att.Gunner == FirstClass || def.Gunner == FirstClass {
		p = append(p, "a First-Class Gunner re-rolls once every die that does nothing")
	}
	if att.XP > 0 || def.XP > 0 {
		p = append(p, "each declared Experience Token re-rolls one die that does nothing, while there is one")
	}
	p = append(p, "deck crew are removed in the order "+joinComma(o.crewOrder()))
	return p
}

func joinComma(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
