package mistywaters

import (
	"fmt"
	"math/big"
	"sync"
)

// classDist is the probability of each die class (index by dieClass:
// miss, hull/monster hit, crew, disable).
type classDist [5]*big.Rat

// faceDist is the distribution of a final die against target. With a
// ricochet a 4 or 5 is rolled again until it is not, so the die is uniform
// on {1, 2, 3, 6}; reroll says the die comes from a Gunner/XP re-roll.
func faceDist(shooter, target Unit, o Options, reroll bool) classDist {
	var cd classDist
	for i := range cd {
		cd[i] = new(big.Rat)
	}
	rico := ricochets(shooter, target) && !(reroll && o.NoRicochetAfterReroll)
	faces := 6
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
		cd[c].Add(cd[c], big.NewRat(1, int64(faces)))
	}
	return cd
}

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

type mnKey struct {
	n  int
	cd string
}

var (
	mnMu   sync.Mutex
	mnMemo = map[mnKey][]countsP{}
)

// multinomial lists every way n dice fall into the classes of cd (shared,
// read-only results).
func multinomial(n int, cd classDist) []countsP {
	k := mnKey{n, cd[0].String() + "|" + cd[1].String() + "|" + cd[2].String() + "|" + cd[3].String()}
	mnMu.Lock()
	defer mnMu.Unlock()
	if r, ok := mnMemo[k]; ok {
		return r
	}
	r := multinomialCalc(n, cd)
	mnMemo[k] = r
	return r
}

func multinomialCalc(n int, cd classDist) []countsP {
	var out []countsP
	var c counts
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 3 {
			c[3] = left
			p := new(big.Rat).SetInt(factorials[n])
			for k := 0; k < 4; k++ {
				p.Quo(p, new(big.Rat).SetInt(factorials[c[k]]))
				for j := 0; j < c[k]; j++ {
					p.Mul(p, cd[k])
				}
			}
			if p.Sign() != 0 {
				out = append(out, countsP{c, p})
			}
			return
		}
		for k := 0; k <= left; k++ {
			c[i] = k
			rec(i+1, left-k)
		}
	}
	rec(0, n)
	return out
}

func addCounts(a, b counts) counts {
	for i := range a {
		a[i] += b[i]
	}
	return a
}

// volleyDist is the distribution of a volley's final dice by class after
// ricochets, First-Class Gunner and Experience Token re-rolls (bosun's
// default policy: re-roll the dice that do nothing).
func volleyDist(shooter, target Unit, n int, o Options) []countsP {
	first := faceDist(shooter, target, o, false)
	re := faceDist(shooter, target, o, true)
	avail := crewAvailable(target)
	useless := func(c counts) int {
		u := c[clsMiss]
		if ex := c[clsCrew] - avail; ex > 0 {
			u += ex
		}
		return u
	}
	dist := copyDist(multinomial(n, first))
	if shooter.Kind == KindShip && shooter.Gunner == FirstClass {
		var next []countsP
		for _, cp := range dist {
			u := useless(cp.c)
			if u == 0 {
				next = append(next, cp)
				continue
			}
			base := cp.c
			base[clsMiss] = 0
			if base[clsCrew] > avail {
				base[clsCrew] = avail
			}
			for _, rp := range multinomial(u, re) {
				next = append(next, countsP{addCounts(base, rp.c), new(big.Rat).Mul(cp.p, rp.p)})
			}
		}
		dist = merge(next)
	}
	for k := 0; k < shooter.XPFor(0); k++ {
		var next []countsP
		for _, cp := range dist {
			if useless(cp.c) == 0 {
				next = append(next, cp)
				continue
			}
			base := cp.c
			if base[clsMiss] > 0 {
				base[clsMiss]--
			} else {
				base[clsCrew]--
			}
			for cls := 0; cls < 4; cls++ {
				if re[cls].Sign() == 0 {
					continue
				}
				nc := base
				nc[cls]++
				next = append(next, countsP{nc, new(big.Rat).Mul(cp.p, re[cls])})
			}
		}
		dist = merge(next)
	}
	return dist
}

func copyDist(in []countsP) []countsP {
	out := make([]countsP, len(in))
	for i, cp := range in {
		out[i] = countsP{cp.c, new(big.Rat).Set(cp.p)}
	}
	return out
}

func merge(in []countsP) []countsP {
	idx := map[counts]int{}
	var out []countsP
	for _, cp := range in {
		if i, ok := idx[cp.c]; ok {
			out[i].p.Add(out[i].p, cp.p)
			continue
		}
		idx[cp.c] = len(out)
		out = append(out, countsP{cp.c, new(big.Rat).Set(cp.p)})
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
