package odds

import (
	"math/big"
	"math/bits"
	"sort"
	"sync/atomic"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
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
func faceWeights(shooter, target mw.Unit, o mw.Options, reroll bool) (w [4]uint64, faces uint64) {
	rico := mw.Ricochets(shooter, target) && !(reroll && o.NoRicochetAfterReroll)
	faces = 6
	if rico {
		faces = 4
	}
	for v := 1; v <= 6; v++ {
		if rico && (v == 4 || v == 5) {
			continue
		}
		c := mw.Classify(v, target, o)
		if c == mw.ClsMonster {
			c = mw.ClsHull
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
	nw            int  // the words of a wide a count can use: every count is below 2^(64*nw)
	shared        bool // a volley prefix's grid: read only, never released
	cells         []wide
}

func newVolleyGrid(n, nh, nc, nd int) *volleyGrid {
	return &volleyGrid{n: n, nh: nh, nc: nc, nd: nd, nw: wideWords, cells: make([]wide, nh*nc*nd)}
}

// wordsFor is the words of a wide that hold every count up to den.
func wordsFor(den *big.Int) int {
	nw := (den.BitLen() + 63) / 64
	if nw < 1 {
		nw = 1
	}
	if nw > wideWords {
		panic("mistywaters: wide count overflow")
	}
	return nw
}

// addMulN is addMul over the low nw words of x and w (the higher ones
// zero, and the result below 2^(64*nw)): a volley's counts are below its
// denominator, often a few words short of a wide.
func (w *wide) addMulN(x *wide, k uint64, nw int) {
	ws, xs := w[:nw], x[:nw]
	var carry, c uint64
	for i := range xs {
		hi, lo := bits.Mul64(xs[i], k)
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		ws[i], c = bits.Add64(ws[i], lo, 0)
		carry = hi + c
	}
	if carry != 0 {
		panic("mistywaters: wide count overflow")
	}
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
	if w := re[mw.ClsMiss]; w > 0 {
		next.at(h, c, d).addMulN(x, w, next.nw)
	}
	if w := re[mw.ClsHull]; w > 0 {
		next.at(h+1, c, d).addMulN(x, w, next.nw)
	}
	if w := re[mw.ClsCrew]; w > 0 {
		c2 := c + 1
		if c2 >= g.nc {
			c2 = g.nc - 1
		}
		next.at(h, c2, d).addMulN(x, w, next.nw)
	}
	if w := re[mw.ClsDisable]; w > 0 {
		next.at(h, c, d+1).addMulN(x, w, next.nw)
	}
}

// volleyCounts is the distribution of a volley's effects after ricochets,
// First-Class Gunner and Experience Token re-rolls (bosun's default policy:
// re-roll the dice that do nothing): exact counts over one common
// denominator (first faces^n, times re-roll faces^n for a First-Class
// Gunner, times re-roll faces per token). The volley before the tokens
// comes from prefix (nil: a fresh one), the tokens' re-rolls then move
// one die that does nothing at a time to the class it lands in, so the
// work grows with the number of effect states (about n times the crew
// aboard) instead of the dice sequences.
func volleyCounts(shooter, target mw.Unit, n int, o mw.Options, prefixes *volleyCache) (*volleyGrid, *big.Int) {
	p := prefixes.get(shooter, target, o)
	base := p.grid(n)
	f2 := p.f2
	den := new(big.Int).Exp(new(big.Int).SetUint64(p.f1), big.NewInt(int64(n)), nil)
	if p.gunner != rerollNone {
		den.Mul(den, new(big.Int).Exp(new(big.Int).SetUint64(f2), big.NewInt(int64(n)), nil))
	}
	re := p.re
	g := base
	// every count, the tokens' re-rolls included, is below the final
	// denominator
	xp := shooter.XPFor(0)
	nw := wordsFor(new(big.Int).Mul(den, new(big.Int).Exp(new(big.Int).SetUint64(f2), big.NewInt(int64(xp)), nil)))
	if p.gunner == rerollUseless {
		// layer r holds the states with r dice still to re-roll: the
		// first roll's states with r dice that do nothing and those the
		// re-rolls of layer r+1 reach. A die kept counts f2 so that every
		// branch is over f2^n. Two grids hold the layer being re-rolled
		// and the next. Layer r's states have h+c+d <= n-r: only those
		// cells are visited and cleared.
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
		cur, next := prefixes.grid(n, g.nh, g.nc, g.nd, nw), prefixes.grid(n, g.nh, g.nc, g.nd, nw)
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
		prefixes.release(next)
	}
	if xp > 0 && g == base {
		g = prefixes.grid(n, base.nh, base.nc, base.nd, nw)
		copy(g.cells, base.cells)
	}
	// Each token re-rolls one die that does nothing, in place: a cell's
	// new count is its own (kept, or re-rolled to nothing) and those of
	// the cells one effect below it re-rolled into it, so the cells are
	// computed from the highest down, each before the cells it reads are
	// changed.
	full := g.nc - 1 // a Deck Crew Hit re-rolled here finds no crew
	for k := 0; k < xp; k++ {
		for h := min(g.nh-1, n); h >= 0; h-- {
			for c := min(g.nc-1, n-h); c >= 0; c-- {
				i := (h*g.nc + c) * g.nd
				for d := min(g.nd-1, n-h-c); d >= 0; d-- {
					var acc wide
					x := &g.cells[i+d]
					if n-h-c-d == 0 {
						acc.addMulN(x, f2, nw)
					} else {
						w := re[mw.ClsMiss]
						if c == full {
							w += re[mw.ClsCrew]
						}
						acc.addMulN(x, w, nw)
					}
					// the cells below have a die that does nothing
					if h > 0 && re[mw.ClsHull] > 0 {
						acc.addMulN(g.at(h-1, c, d), re[mw.ClsHull], nw)
					}
					if c > 0 && re[mw.ClsCrew] > 0 {
						acc.addMulN(g.at(h, c-1, d), re[mw.ClsCrew], nw)
					}
					if d > 0 && re[mw.ClsDisable] > 0 {
						acc.addMulN(g.at(h, c, d-1), re[mw.ClsDisable], nw)
					}
					*x = acc
				}
			}
		}
		den.Mul(den, new(big.Int).SetUint64(f2))
	}
	return g, den
}

// rerollMode is how a volley's dice are re-rolled before the tokens.
type rerollMode int

const (
	rerollNone    rerollMode = iota // no First-Class Gunner
	rerollUseless                   // the Gunner re-rolls every die that does nothing once
	rerollMisses                    // the Gunner re-rolls every miss once (--gunner-rerolls misses)
)

// volleyPrefix builds the volleys of one shooter's dice against one target
// before the tokens, die by die: a volley of n dice is a prefix of every
// larger one, so every counterattack of an exchange, whatever the Cannons
// it has left, reads its volley off one walk up to the largest. A die's
// first roll does not depend on the other dice, nor does a Gunner's
// re-roll of a miss (--gunner-rerolls misses): rolling and re-rolling one
// die at a time gives the counts of rolling every die and then re-rolling
// the misses (as many dice are re-rolled, each independently, and a Deck
// Crew Hit finds crew while fewer than the crew aboard were found either
// way). Whether a Deck Crew Hit of the first roll does nothing depends on
// the whole roll, so the default Gunner's re-rolls of every die that does
// nothing are made by volleyCounts on the first roll's counts.
type volleyPrefix struct {
	first, re [4]uint64     // face weights of a first roll and of a re-roll
	f1, f2    uint64        // their faces
	gunner    rerollMode    // the shooter's Gunner's re-rolls
	mode      rerollMode    // the re-rolls made die by die: the Gunner's but rerollUseless, done in volleyCounts
	avail     int           // the target's crew that Deck Crew Hits can find
	grids     []*volleyGrid // by dice: the volley before the tokens
}

type volleyKey struct {
	first, re [4]uint64
	f1, f2    uint64
	mode      rerollMode
	avail     int
}

// volleyCache holds the volley prefixes of one exchange, and the cells of
// grids done with, for the next volley's grids (fewer allocations). A nil
// cache shares nothing.
type volleyCache struct {
	prefixes map[volleyKey]*volleyPrefix
	free     [][]wide
	readOnly bool // prefixes is shared between workers: every prefix a volley reads is in it, walked far enough
}

func newVolleyCache() *volleyCache {
	return &volleyCache{prefixes: map[volleyKey]*volleyPrefix{}}
}

// grid is an empty grid, its cells reused if some are free.
func (vc *volleyCache) grid(n, nh, nc, nd, nw int) *volleyGrid {
	size := nh * nc * nd
	if vc != nil {
		for i := len(vc.free) - 1; i >= 0; i-- {
			if cells := vc.free[i]; cap(cells) >= size {
				vc.free[i] = vc.free[len(vc.free)-1]
				vc.free = vc.free[:len(vc.free)-1]
				cells = cells[:size]
				clear(cells)
				return &volleyGrid{n: n, nh: nh, nc: nc, nd: nd, nw: nw, cells: cells}
			}
		}
	}
	g := newVolleyGrid(n, nh, nc, nd)
	g.nw = nw
	return g
}

// release gives back the cells of a grid from grid, no longer read.
func (vc *volleyCache) release(g *volleyGrid) {
	if vc != nil && g != nil && !g.shared {
		vc.free = append(vc.free, g.cells)
	}
}

// get is the prefix of shooter's volleys at target (a fresh one with a
// nil cache).
func (vc *volleyCache) get(shooter, target mw.Unit, o mw.Options) *volleyPrefix {
	first, f1 := faceWeights(shooter, target, o, false)
	re, f2 := faceWeights(shooter, target, o, true)
	mode := rerollNone
	if shooter.Kind == mw.KindShip && shooter.Gunner == mw.FirstClass {
		mode = rerollUseless
		if o.GunnerMissesOnly {
			mode = rerollMisses
		}
	}
	k := volleyKey{first, re, f1, f2, mode, mw.CrewAvailable(target)}
	if vc != nil {
		if p, ok := vc.prefixes[k]; ok {
			return p
		}
		if vc.readOnly {
			panic("mistywaters: a worker's volley prefix was not walked before the workers started")
		}
	}
	p := &volleyPrefix{first: first, re: re, f1: f1, f2: f2, gunner: mode, mode: mode, avail: k.avail}
	if mode == rerollUseless {
		p.mode = rerollNone
	}
	g := p.newGrid(0)
	*g.at(0, 0, 0) = wide{1}
	g.shared = true
	p.grids = []*volleyGrid{g}
	if vc != nil {
		vc.prefixes[k] = p
	}
	return p
}

// newGrid is an empty grid for a volley of n dice: an axis whose class no
// face reaches has size 1, the crew axis stops at the crew aboard.
func (p *volleyPrefix) newGrid(n int) *volleyGrid {
	axis := func(cls mw.DieClass, max int) int {
		if p.first[cls] == 0 && p.re[cls] == 0 {
			return 1
		}
		return max + 1
	}
	avail := p.avail
	if avail > n {
		avail = n
	}
	return newVolleyGrid(n, axis(mw.ClsHull, n), axis(mw.ClsCrew, avail), axis(mw.ClsDisable, n))
}

// grid is the volley of n dice before the tokens (shared: read only).
func (p *volleyPrefix) grid(n int) *volleyGrid {
	for len(p.grids) <= n {
		g := p.step(p.grids[len(p.grids)-1])
		g.shared = true
		p.grids = append(p.grids, g)
	}
	return p.grids[n]
}

// step adds one die to the volley g: its first roll and, by the mode, the
// Gunner's re-roll of it. A die kept counts f2 under a Gunner so that
// every branch is over (f1*f2)^n.
func (p *volleyPrefix) step(g *volleyGrid) *volleyGrid {
	ng := p.newGrid(g.n + 1)
	ng.nw = wordsFor(new(big.Int).Exp(new(big.Int).SetUint64(p.f1*p.f2), big.NewInt(int64(ng.n)), nil))
	fst, re := p.first, p.re
	g.each(func(h, c, d int, x *wide) {
		full := c >= p.avail // a Deck Crew Hit finds no crew
		// the weights of the die's outcomes: no effect, a Hull Hit, a
		// Deck Crew Hit that finds crew, a Disable
		var stay, hull, crew, dis uint64
		switch p.mode {
		case rerollNone:
			stay, hull, crew, dis = fst[mw.ClsMiss], fst[mw.ClsHull], fst[mw.ClsCrew], fst[mw.ClsDisable]
			if full {
				stay, crew = stay+crew, 0
			}
		case rerollMisses:
			// a miss is re-rolled once; a Deck Crew Hit that finds no
			// crew is kept and does nothing
			u := fst[mw.ClsMiss]
			stay = u * re[mw.ClsMiss]
			if full {
				stay += fst[mw.ClsCrew]*p.f2 + u*re[mw.ClsCrew]
			} else {
				crew = fst[mw.ClsCrew]*p.f2 + u*re[mw.ClsCrew]
			}
			hull = fst[mw.ClsHull]*p.f2 + u*re[mw.ClsHull]
			dis = fst[mw.ClsDisable]*p.f2 + u*re[mw.ClsDisable]
		default:
			panic("mistywaters: a volley prefix re-rolls no die or the misses")
		}
		if stay > 0 {
			ng.at(h, c, d).addMulN(x, stay, ng.nw)
		}
		if hull > 0 {
			ng.at(h+1, c, d).addMulN(x, hull, ng.nw)
		}
		if crew > 0 {
			ng.at(h, c+1, d).addMulN(x, crew, ng.nw)
		}
		if dis > 0 {
			ng.at(h, c, d+1).addMulN(x, dis, ng.nw)
		}
	})
	return ng
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
type fireCache struct {
	cells map[uint32]*fireRes // by fireCell's packed number
	keys  map[mergeKey]int32  // numbers the merge keys of fireRes
}

// mergeKey is what makes two outcomes of a fire one: the damage's text
// and the target after.
type mergeKey struct {
	text   string
	target unitState
}

func newFireCache() *fireCache {
	return &fireCache{cells: map[uint32]*fireRes{}, keys: map[mergeKey]int32{}}
}

// fireCell packs a target (the exchange's defender 0 or attacker 1) and a
// volley's hull, crew and disable counts (each at most 51 dice) into one
// map key.
func fireCell(target, h, c, d int) uint32 {
	return uint32(target)<<24 | uint32(h)<<16 | uint32(c)<<8 | uint32(d)
}

type fireRes struct {
	target mw.Unit
	dmg    mw.Damage
	text   string // dmg.Text()
	kid    int32  // the number of its mergeKey in the fireCache
}

func fireDist(shooter, target mw.Unit, o mw.Options, cache *fireCache, vols *volleyCache, tid int) (out []fireOut, den *big.Int) {
	out, _, den = fireSums(shooter, target, o, cache, vols, tid)
	return out, den
}

// fireSums is fireDist with the counts also as wides (sums[i] is out[i].num).
func fireSums(shooter, target mw.Unit, o mw.Options, cache *fireCache, vols *volleyCache, tid int) (out []fireOut, sums []wide, den *big.Int) {
	if shooter.Kind == mw.KindMonster {
		t := target
		var dmg mw.Damage
		mw.ApplyMonsterDamage(shooter.Monster, &t, &dmg, o)
		return []fireOut{{fireRes: &fireRes{target: t, dmg: dmg, text: dmg.Text()}, num: big.NewInt(1)}}, []wide{{1}}, big.NewInt(1)
	}
	n, _ := shooter.BroadsideDice(target, o)
	g, den := volleyCounts(shooter, target, n, o, vols)
	var pos []int32 // by merge key number: its out, -1 none yet
	// sums: by out, the counts, summed as wide (they fit: each is at most den)
	g.each(func(h, c, d int, x *wide) {
		cell := fireCell(tid, h, c, d)
		r, ok := cache.cells[cell]
		if !ok {
			t := target
			// the effect does not depend on the misses
			vol := &mw.Volley{HullHits: h, CrewHits: c, Disables: d, Misses: n - h - c - d}
			mw.ApplyDice(vol, &t, o, nil)
			txt := vol.Damage.Text()
			r = &fireRes{target: t, dmg: vol.Damage, text: txt}
			k := mergeKey{txt, stateOf(t)}
			kid, ok := cache.keys[k]
			if !ok {
				kid = int32(len(cache.keys))
				cache.keys[k] = kid
			}
			r.kid = kid
			cache.cells[cell] = r
		}
		for int(r.kid) >= len(pos) {
			pos = append(pos, -1)
		}
		if i := pos[r.kid]; i >= 0 {
			sums[i].addMul(x, 1)
			return
		}
		pos[r.kid] = int32(len(out))
		out = append(out, fireOut{fireRes: r})
		sums = append(sums, *x)
	})
	vols.release(g)
	for i := range out {
		out[i].num = sums[i].big()
	}
	return out, sums, den
}

// fireK is what a side's fire depends on: the shooter's kind, dice,
// Gunner and tokens (not its Cannons or crew beyond the dice) and the
// target.
type fireK struct {
	kind    mw.Kind
	monster string
	dice    int
	gunner  mw.Rank
	xp      int
	target  unitState
}

func fireKey(shooter, target mw.Unit, o mw.Options) fireK {
	n, _ := shooter.BroadsideDice(target, o)
	return fireK{shooter.Kind, shooter.Monster, n, shooter.Gunner, shooter.XPFor(0), stateOf(target)}
}

// counter is the distribution of a counterattack (counts over den).
type counter struct {
	outs  []fireOut
	den   *big.Int
	scale *big.Int    // planBroadside's lcm / den: outs' counts are scaled by it
	top   *counterTop // for BroadsideOddsTop (nil: not asked)
}

// counterTop is what BroadsideOddsTop reads of a counterattack beside its
// outcomes, counted by the worker that counts the counterattack (in
// wides, before the counts are scaled to the exchange's denominator: the
// order and the sums scale with them).
type counterTop struct {
	// byLoss is the outcomes by the attacker's loss (its text): each the
	// outs with that loss, in the order of outs; the losses in the order
	// they first come, sorted by their summed count, highest first, as
	// sort.Slice sorts them
	byLoss   [][]int32
	defeated wide    // the count of the attacker's defeat
	exp      [4]wide // the sums of count times Cannons, Sailors, Officers and Markers lost
}

// cmpWide compares x and y as numbers: -1, 0 or +1.
func cmpWide(x, y *wide) int {
	for i := wideWords - 1; i >= 0; i-- {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func topOf(outs []fireOut, sums []wide) *counterTop {
	t := &counterTop{}
	byText := map[string]int{}
	var tot []wide
	for i, x := range outs {
		j, ok := byText[x.text]
		if !ok {
			j = len(t.byLoss)
			byText[x.text] = j
			t.byLoss = append(t.byLoss, nil)
			tot = append(tot, wide{})
		}
		t.byLoss[j] = append(t.byLoss[j], int32(i))
		tot[j].addMul(&sums[i], 1)
		if x.dmg.Defeated {
			t.defeated.addMul(&sums[i], 1)
		}
		for k, n := range [4]int{x.dmg.Cannons, x.dmg.Sailors, len(x.dmg.Officers), x.dmg.Markers} {
			if n != 0 {
				t.exp[k].addMul(&sums[i], uint64(n))
			}
		}
	}
	idx := make([]int32, len(t.byLoss))
	for i := range idx {
		idx[i] = int32(i)
	}
	sort.Slice(idx, func(i, j int) bool { return cmpWide(&tot[idx[i]], &tot[idx[j]]) > 0 })
	sorted := make([][]int32, len(idx))
	for i, k := range idx {
		sorted[i] = t.byLoss[k]
	}
	t.byLoss = sorted
	return t
}

// counterJob is a counterattack to count: the defender after an attack
// fires at the attacker.
type counterJob struct {
	c        *counter
	defAfter mw.Unit
}

// runCounters counts the counterattacks of jobs, on two cores (shareWork):
// most of a large exchange's work is its counterattacks' volleys, each
// independent of the others. The volley prefixes they read are walked
// first, here, to the largest volley each needs, so that the workers only
// read them; each worker has its own grids to reuse and its own cache of
// what a volley's effects do to the attacker (a counterattack's outcomes
// and their order do not depend on which worker counts it, nor on how
// many there are).
func runCounters(jobs []counterJob, att mw.Unit, o mw.Options, vols *volleyCache, top bool) {
	count := func(j counterJob, cache *fireCache, vols *volleyCache) {
		var sums []wide
		j.c.outs, sums, j.c.den = fireSums(j.defAfter, att, o, cache, vols, 1)
		if top {
			j.c.top = topOf(j.c.outs, sums)
		}
	}
	for _, j := range jobs {
		if j.defAfter.Kind != mw.KindMonster {
			n, _ := j.defAfter.BroadsideDice(att, o)
			vols.get(j.defAfter, att, o).grid(n)
		}
	}
	if len(jobs) <= 1 {
		cache := newFireCache()
		for _, j := range jobs {
			count(j, cache, vols)
		}
		return
	}
	var next atomic.Int64
	shareWork(func(int) {
		cache := newFireCache()
		mine := &volleyCache{prefixes: vols.prefixes, readOnly: true}
		for i := int(next.Add(1)) - 1; i < len(jobs); i = int(next.Add(1)) - 1 {
			count(jobs[i], cache, mine)
		}
	})
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
	memo     map[fireK]*counter
	lcm      *big.Int
	sa, sd   *dmgSide // the attacker's and the defender's damage texts
	none     int32    // the attacker's "no loss"
}

// planBroadside plans the exchange; top: with each counter's counterTop.
func planBroadside(att, def mw.Unit, o mw.Options, top bool) (*broadsidePlan, error) {
	for _, u := range []mw.Unit{att, def} {
		if err := u.Validate(nil); err != nil {
			return nil, err
		}
	}
	if err := mw.CheckBoxPair(att, def); err != nil {
		return nil, err
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
	cache, vols := newFireCache(), newVolleyCache()
	firsts, den1 := fireDist(att, def, o, cache, vols, 0)
	memo := map[fireK]*counter{}
	counters := make([]*counter, len(firsts)) // nil: no counterattack
	var jobs []counterJob
	for i, first := range firsts {
		if first.dmg.Defeated || !v.Counterattack {
			continue
		}
		defAfter := first.target
		if n, _ := defAfter.BroadsideDice(att, o); n == 0 && defAfter.Kind != mw.KindMonster {
			continue
		}
		k := fireKey(defAfter, att, o)
		c, ok := memo[k]
		if !ok {
			c = &counter{}
			memo[k] = c
			jobs = append(jobs, counterJob{c, defAfter})
		}
		counters[i] = c
	}
	runCounters(jobs, att, o, vols, top)
	// one common denominator: den1 times the lcm of the counters'
	lcm := big.NewInt(1)
	for _, c := range memo {
		g := new(big.Int).GCD(nil, nil, lcm, c.den)
		lcm.Mul(lcm, new(big.Int).Quo(c.den, g))
	}
	for _, c := range memo {
		scale := new(big.Int).Quo(lcm, c.den)
		c.scale = scale
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
	none := sa.id(mw.Damage{}.Text())
	for i := range firsts {
		firsts[i].id = sd.id(firsts[i].text)
	}
	return &broadsidePlan{od: od, firsts: firsts, den1: den1, counters: counters, memo: memo, lcm: lcm, sa: sa, sd: sd, none: none}, nil
}

// BroadsideOdds is the exact distribution of a whole Broadside exchange:
// the attack, then the counterattack with what the defender has left.
func BroadsideOdds(att, def mw.Unit, o mw.Options) (*Odds, error) {
	pl, err := planBroadside(att, def, o, false)
	if err != nil {
		return nil, err
	}
	sa, sd := pl.sa, pl.sd
	type pair struct{ a, d int32 }
	cells := map[pair]*countOutcome{}
	var outs []*countOutcome
	tmp := new(big.Int)
	add := func(toA mw.Damage, a int32, toD mw.Damage, d int32, x, y *big.Int) {
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
			add(mw.Damage{}, pl.none, first.dmg, first.id, first.num, pl.lcm)
			continue
		}
		for _, second := range pl.counters[i].outs {
			add(second.dmg, second.id, first.dmg, first.id, first.num, second.num)
		}
	}
	finishCounts(pl.od, outs, new(big.Int).Mul(pl.den1, pl.lcm))
	return pl.od, nil
}

// unitState is what of a unit a fire's outcome can change or depend on,
// a comparable key (a Sprintf of it cost a sixth of the worst exchange).
type unitState struct {
	kind                           mw.Kind
	cannons, sailors               int
	captain, gunner, fencingMaster mw.Rank
	damaged                        bool
	monster                        string
	xp                             int
}

func stateOf(u mw.Unit) unitState {
	return unitState{u.Kind, u.Cannons, u.Sailors, u.Captain, u.Gunner, u.FencingMaster, u.Damaged, u.Monster, u.XP}
}

func broadsidePolicy(att, def mw.Unit, o mw.Options) []string {
	p := []string{"every die is rolled (the maximum dice)"}
	if mw.Ricochets(att, def) {
		p = append(p, "4s and 5s ricochet until they show 1, 2, 3 or 6")
	}
	if att.Gunner == mw.FirstClass || def.Gunner == mw.FirstClass {
		if o.GunnerMissesOnly {
			p = append(p, "a First-Class Gunner re-rolls once every miss, keeping Deck Crew Hits beyond the target's crew (--gunner-rerolls misses)")
		} else {
			p = append(p, "a First-Class Gunner re-rolls once every die that does nothing: misses and Deck Crew Hits beyond the target's crew (--gunner-rerolls useless)")
		}
	}
	if att.XP > 0 || def.XP > 0 {
		p = append(p, "each declared Experience Token re-rolls one die that does nothing, while there is one")
	}
	p = append(p, "deck crew are removed in the order "+joinComma(o.DeckCrewOrder()))
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
