package mistywaters

import (
	"fmt"
	"math/big"
)

var factorials = func() []*big.Int {
	f := make([]*big.Int, 40)
	f[0] = big.NewInt(1)
	for i := 1; i < len(f); i++ {
		f[i] = new(big.Int).Mul(f[i-1], big.NewInt(int64(i)))
	}
	return f
}()

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

// volleyGrid holds exact counts of a volley's dice by effect: h Hull Hits
// (also a Sea Monster's or a Battery's hits), c Deck Crew Hits that find
// crew (capped at the crew aboard: more do nothing), d Disables (2s
// against the Silver Freighter). The other n-h-c-d dice do nothing (misses
// and Deck Crew Hits beyond the crew): they are the ones re-rolled. An axis
// whose class no face can reach has size 1.
type volleyGrid struct {
	n, nh, nc, nd int
	cells         []wide
}

func newVolleyGrid(n, nh, nc, nd int) *volleyGrid {
	return &volleyGrid{n: n, nh: nh, nc: nc, nd: nd, cells: make([]wide, nh*nc*nd)}
}

func (g *volleyGrid) at(h, c, d int) *wide { return &g.cells[(h*g.nc+c)*g.nd+d] }

// each calls f for every non-zero cell. A volley of n dice has at most n
// effects (h+c+d <= n), so only those cells are visited.
func (g *volleyGrid) each(f func(h, c, d int, x *wide)) {
	g.eachUpTo(g.n, f)
}

// eachUpTo calls f for every non-zero cell with h+c+d <= s, in the order
// of each.
func (g *volleyGrid) eachUpTo(s int, f func(h, c, d int, x *wide)) {
	for h := 0; h < g.nh && h <= s; h++ {
		for c := 0; c < g.nc && h+c <= s; c++ {
			i := (h*g.nc + c) * g.nd
			for d := 0; d < g.nd && h+c+d <= s; d++ {
				if x := &g.cells[i+d]; !x.isZero() {
					f(h, c, d, x)
				}
			}
		}
	}
}

// clearUpTo zeroes the cells with h+c+d <= s (the others are left as
// they are).
func (g *volleyGrid) clearUpTo(s int) {
	for h := 0; h < g.nh && h <= s; h++ {
		for c := 0; c < g.nc && h+c <= s; c++ {
			i := (h*g.nc + c) * g.nd
			m := s - h - c + 1
			if m > g.nd {
				m = g.nd
			}
			clear(g.cells[i : i+m])
		}
	}
}

// reroll adds to next the outcomes of re-rolling one die that did nothing
// in the state (h, c, d) of weight x, with face weights re.
func (g *volleyGrid) reroll(next *volleyGrid, h, c, d int, x *wide, re [4]uint64) {
	if w := re[clsMiss]; w > 0 {
		next.at(h, c, d).addMul(x, w)
	}
	if w := re[clsHull]; w > 0 {
		next.at(h+1, c, d).addMul(x, w)
	}
	if w := re[clsCrew]; w > 0 {
		c2 := c + 1
		if c2 >= g.nc {
			c2 = g.nc - 1
		}
		next.at(h, c2, d).addMul(x, w)
	}
	if w := re[clsDisable]; w > 0 {
		next.at(h, c, d+1).addMul(x, w)
	}
}

// volleyCounts is the distribution of a volley's effects after ricochets,
// First-Class Gunner and Experience Token re-rolls (bosun's default policy:
// re-roll the dice that do nothing): exact counts over one common
// denominator (first faces^n, times re-roll faces^n for a First-Class
// Gunner, times re-roll faces per token). The first roll is a multinomial
// over the face classes; each re-roll moves one die that does nothing to
// the class it lands in, so the work grows with the number of effect
// states (about n times the crew aboard) instead of the dice sequences.
func volleyCounts(shooter, target Unit, n int, o Options) (*volleyGrid, *big.Int) {
	first, f1 := faceWeights(shooter, target, o, false)
	re, f2 := faceWeights(shooter, target, o, true)
	axis := func(cls dieClass, max int) int {
		if first[cls] == 0 && re[cls] == 0 {
			return 1
		}
		return max + 1
	}
	avail := crewAvailable(target)
	if avail > n {
		avail = n
	}
	g := newVolleyGrid(n, axis(clsHull, n), axis(clsCrew, avail), axis(clsDisable, n))
	den := new(big.Int).Exp(new(big.Int).SetUint64(f1), big.NewInt(int64(n)), nil)
	gunnerMisses := shooter.Kind == KindShip && shooter.Gunner == FirstClass && o.GunnerMissesOnly

	// the first roll: n!/(miss! hull! crew! disable!) * prod weight^count
	upTo := func(cls dieClass) int { // a class no first face reaches stays at 0
		if first[cls] == 0 {
			return 0
		}
		return n
	}
	for ch := 0; ch <= upTo(clsHull); ch++ {
		for cc := 0; cc <= upTo(clsCrew) && ch+cc <= n; cc++ {
			for cd := 0; cd <= upTo(clsDisable) && ch+cc+cd <= n; cd++ {
				cnt := [4]int{clsMiss: n - ch - cc - cd, clsHull: ch, clsCrew: cc, clsDisable: cd}
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
								rc4 := [4]int{clsMiss: m - rh - rc - rd, clsHull: rh, clsCrew: rc, clsDisable: rd}
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
	} else if shooter.Kind == KindShip && shooter.Gunner == FirstClass {
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

// binomN is n choose k for n < 64 (a volley has at most 51 dice: 50
// Cannons or Sailors and a Gunner; every C(63, k) fits 64 bits).
func binomN(n, k int) uint64 { return binomTable[n][k] }

var binomTable = func() [][]uint64 {
	t := make([][]uint64, 64)
	for n := range t {
		t[n] = make([]uint64, n+1)
		t[n][0], t[n][n] = 1, 1
		for k := 1; k < n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// fireOut is one outcome of a side's fire: the target after it, the damage
// done and its count over the fire's denominator.
type fireOut struct {
	*fireRes       // the target after, the damage and its text (shared)
	id       int32 // text's number among one side's damages (BroadsideOdds)
	num      *big.Int
}

// fireDist is the distribution of one side's fire, outcomes with the same
// damage merged: counts over den.
// A fireCache remembers what a volley's effect counts do to a target: every
// counterattack of an exchange fires at the same attacker, so each (hull,
// crew, disable) cell is applied to it once, not once per counterattack.
type fireCache map[fireCell]*fireRes

type fireCell struct {
	target  int // which target: the exchange's defender (0) or attacker (1)
	h, c, d int
}

type fireRes struct {
	target Unit
	dmg    Damage
	text   string // dmg.Text()
	key    string // text and the target after, the merge key
}

func fireDist(shooter, target Unit, o Options, cache fireCache, tid int) (out []fireOut, den *big.Int) {
	if shooter.Kind == KindMonster {
		t := target
		var dmg Damage
		applyMonsterDamage(shooter.Monster, &t, &dmg, o)
		return []fireOut{{fireRes: &fireRes{target: t, dmg: dmg, text: dmg.Text()}, num: big.NewInt(1)}}, big.NewInt(1)
	}
	n, _ := shooter.BroadsideDice(target, o)
	g, den := volleyCounts(shooter, target, n, o)
	idx := map[string]int{}
	var sums []wide // by out: the counts, summed as wide (they fit: each is at most den)
	g.each(func(h, c, d int, x *wide) {
		cell := fireCell{tid, h, c, d}
		r, ok := cache[cell]
		if !ok {
			t := target
			// the effect does not depend on the misses
			vol := &Volley{HullHits: h, CrewHits: c, Disables: d, Misses: n - h - c - d}
			applyDice(vol, &t, o, nil)
			txt := vol.Damage.Text()
			r = &fireRes{target: t, dmg: vol.Damage, text: txt, key: txt + "|" + stateKey(t)}
			cache[cell] = r
		}
		if i, ok := idx[r.key]; ok {
			sums[i].addMul(x, 1)
			return
		}
		idx[r.key] = len(out)
		out = append(out, fireOut{fireRes: r})
		sums = append(sums, *x)
	})
	for i := range out {
		out[i].num = sums[i].big()
	}
	return out, den
}

// fireKey is what a side's fire depends on: the shooter's kind, dice,
// Gunner and tokens (not its Cannons or crew beyond the dice) and the
// target.
func fireKey(shooter, target Unit, o Options) string {
	n, _ := shooter.BroadsideDice(target, o)
	return fmt.Sprintf("%s/%s/%d/%d/%d|%s", shooter.Kind, shooter.Monster, n, shooter.Gunner, shooter.XPFor(0), stateKey(target))
}

// counter is the distribution of a counterattack (counts over den).
type counter struct {
	outs []fireOut
	den  *big.Int
}

// dmgSide numbers one side's damage texts, so that outcomes are summed
// under small keys and each label is written once.
type dmgSide struct {
	ids   map[string]int32
	texts []string
}

func (s *dmgSide) id(text string) int32 {
	i, ok := s.ids[text]
	if !ok {
		i = int32(len(s.texts))
		s.ids[text] = i
		s.texts = append(s.texts, text)
	}
	return i
}

// broadsidePlan is a Broadside exchange before its joint distribution is
// built: the attack's outcomes over den1 and, for each, the counterattack
// it leaves (nil: none), every counter's counts scaled to lcm. An
// outcome of the exchange is a pair (attacker's loss, defender's loss) of
// count first.num * second.num over den1 * lcm.
type broadsidePlan struct {
	od       *Odds
	firsts   []fireOut
	den1     *big.Int
	counters []*counter // by first; nil: no counterattack
	memo     map[string]*counter
	lcm      *big.Int
	sa, sd   *dmgSide // the attacker's and the defender's damage texts
	none     int32    // the attacker's "no loss"
}

func planBroadside(att, def Unit, o Options) (*broadsidePlan, error) {
	for _, u := range []Unit{att, def} {
		if err := u.Validate(nil); err != nil {
			return nil, err
		}
	}
	if err := CheckBoxPair(att, def); err != nil {
		return nil, err
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
	cache := fireCache{}
	firsts, den1 := fireDist(att, def, o, cache, 0)
	memo := map[string]*counter{}
	counters := make([]*counter, len(firsts)) // nil: no counterattack
	for i, first := range firsts {
		if first.dmg.Defeated || !v.Counterattack {
			continue
		}
		defAfter := first.target
		if n, _ := defAfter.BroadsideDice(att, o); n == 0 && defAfter.Kind != KindMonster {
			continue
		}
		k := fireKey(defAfter, att, o)
		c, ok := memo[k]
		if !ok {
			outs, den := fireDist(defAfter, att, o, cache, 1)
			c = &counter{outs, den}
			memo[k] = c
		}
		counters[i] = c
	}
	// one common denominator: den1 times the lcm of the counters'
	lcm := big.NewInt(1)
	for _, c := range memo {
		g := new(big.Int).GCD(nil, nil, lcm, c.den)
		lcm.Mul(lcm, new(big.Int).Quo(c.den, g))
	}
	for _, c := range memo {
		scale := new(big.Int).Quo(lcm, c.den)
		for i := range c.outs {
			c.outs[i].num = new(big.Int).Mul(c.outs[i].num, scale)
		}
	}
	sa, sd := &dmgSide{ids: map[string]int32{}}, &dmgSide{ids: map[string]int32{}}
	for _, c := range memo {
		for i := range c.outs {
			c.outs[i].id = sa.id(c.outs[i].text)
		}
	}
	none := sa.id(Damage{}.Text())
	for i := range firsts {
		firsts[i].id = sd.id(firsts[i].text)
	}
	return &broadsidePlan{od: od, firsts: firsts, den1: den1, counters: counters, memo: memo, lcm: lcm, sa: sa, sd: sd, none: none}, nil
}

// BroadsideOdds is the exact distribution of a whole Broadside exchange:
// the attack, then the counterattack with what the defender has left.
func BroadsideOdds(att, def Unit, o Options) (*Odds, error) {
	pl, err := planBroadside(att, def, o)
	if err != nil {
		return nil, err
	}
	sa, sd := pl.sa, pl.sd
	type pair struct{ a, d int32 }
	cells := map[pair]*countOutcome{}
	var outs []*countOutcome
	tmp := new(big.Int)
	add := func(toA Damage, a int32, toD Damage, d int32, x, y *big.Int) {
		k := pair{a, d}
		ce, ok := cells[k]
		if !ok {
			ce = &countOutcome{label: "attacker " + sa.texts[a] + "; defender " + sd.texts[d], toA: toA, toD: toD, num: new(big.Int)}
			cells[k] = ce
			outs = append(outs, ce)
		}
		ce.num.Add(ce.num, tmp.Mul(x, y))
	}
	for i, first := range pl.firsts {
		if pl.counters[i] == nil {
			add(Damage{}, pl.none, first.dmg, first.id, first.num, pl.lcm)
			continue
		}
		for _, second := range pl.counters[i].outs {
			add(second.dmg, second.id, first.dmg, first.id, first.num, second.num)
		}
	}
	finishCounts(pl.od, outs, new(big.Int).Mul(pl.den1, pl.lcm))
	return pl.od, nil
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
		if o.GunnerMissesOnly {
			p = append(p, "a First-Class Gunner re-rolls once every miss, keeping Deck Crew Hits beyond the target's crew (--gunner-rerolls misses)")
		} else {
			p = append(p, "a First-Class Gunner re-rolls once every die that does nothing: misses and Deck Crew Hits beyond the target's crew (--gunner-rerolls useless)")
		}
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
