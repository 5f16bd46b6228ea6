package odds

import (
	"math/big"
	"slices"

	mw "github.com/bosun-referee/bosun/games/mistywaters"

	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/bosun-referee/bosun/referee"
)

// u128 is an unsigned 128-bit accumulator for exact counts.
type u128 struct{ hi, lo uint64 }

func (x *u128) addMul(a, b uint64) {
	h, l := bits.Mul64(a, b)
	var c uint64
	x.lo, c = bits.Add64(x.lo, l, 0)
	x.hi, _ = bits.Add64(x.hi, h, c)
}

// setBig sets z to x (z's words reused).
func (x u128) setBig(z *big.Int) {
	z.SetUint64(x.hi)
	z.Lsh(z, 64)
	if x.lo != 0 {
		var lo big.Int // on the stack: its word is copied in
		z.Add(z, lo.SetUint64(x.lo))
	}
}

func (x u128) big() *big.Int {
	v := new(big.Int).SetUint64(x.hi)
	v.Lsh(v, 64)
	return v.Add(v, new(big.Int).SetUint64(x.lo))
}

// mset is a sorted roll of n dice and how many ordered rolls give it.
type mset struct {
	dice []int
	w    uint64
}

var (
	msetMu   sync.Mutex
	msetMemo = map[int][]mset{}
)

func multisets(n int) []mset {
	msetMu.Lock()
	defer msetMu.Unlock()
	if m, ok := msetMemo[n]; ok {
		return m
	}
	var out []mset
	cur := make([]int, n)
	var rec func(i, min int)
	rec = func(i, min int) {
		if i == n {
			w := factorials[n].Uint64()
			run := 1
			for j := 1; j <= n; j++ {
				if j < n && cur[j] == cur[j-1] {
					run++
					continue
				}
				w /= factorials[run].Uint64()
				run = 1
			}
			out = append(out, mset{append([]int(nil), cur...), w})
			return
		}
		for v := min; v <= 6; v++ {
			cur[i] = v
			rec(i+1, v)
		}
	}
	rec(0, 1)
	msetMemo[n] = out
	return out
}

// roundOut is the result of one roll of a clash: attacker dice lost,
// defender dice lost, tied attacker dice, tied defender dice, duels the
// defender lost.
type roundOut [5]int

type roundKey struct{ nA, nD, xpA, xpD int }

type branch struct {
	// n counts the equally likely re-roll outcomes, scaled to a denominator
	// of 6^(dice in the duel + Experience Tokens used).
	n            uint64
	win          int8 // +1 attacker, -1 defender, 0 tie
	dUsed, aUsed int8 // at most 14 tokens a roll
}

type boardOdds struct {
	att, def   mw.Unit
	o          mw.Options
	rules      mw.DuelRules
	npcA, npcD bool
	fcA, fcD   bool
	rounds     map[roundKey]map[roundOut]*sixths
	eqBrs      map[[2]int]*eqTab // eqBranches
	stMu       sync.Mutex
	stages     map[int][]branch // the attacker's stages (astage)
	dstages    map[int][]dEnd   // the defender's stages (dstage)
	classTabs  map[[2]int]*classTab
	runTabs    [4]rowTab      // roundEqual's tables
	brSlab     []branch       // room for branch slices (branchSlice; under stMu)
	endSlab    []dEnd         // room for dEnd slices (dEndSlice; under stMu)
	endIdx     []map[dEnd]int // the defender's stages' tables of ends, by depth (under stMu)
	endDepth   int            // how many defender's stages are being walked
	bf         bfScratch      // one duel's branches for every budget (under stMu)
	seqCaches  []seqCache     // the class sequences of the rolls with re-rolls enumerated so far
	// pairsOnly makes the exact Boarding odds enumerate every pair of rolls
	// even for equal dice counts (tests compare the two methods).
	pairsOnly bool
	// minSplit is the cells from which roundEqual splits a phase between
	// two cores (minSplitCells; 0: every phase, even on one core, as tests
	// do).
	minSplit int
}

// dEndSlice is branchSlice for the defender's stage ends.
func (b *boardOdds) dEndSlice(n int) []dEnd {
	if n > len(b.endSlab) || b.endSlab == nil {
		b.endSlab = make([]dEnd, max(n, 1024))
	}
	s := b.endSlab[:0:n]
	b.endSlab = b.endSlab[n:]
	return s
}

// branchSlice returns an empty slice with room for exactly n branches,
// cut from a shared chunk: a duel's branches for each pair of budgets are
// kept for the whole battle, so they need not be allocated one by one.
// The caller holds b.stMu.
func (b *boardOdds) branchSlice(n int) []branch {
	if n > len(b.brSlab) || b.brSlab == nil {
		b.brSlab = make([]branch, max(n, 1024))
	}
	s := b.brSlab[:0:n]
	b.brSlab = b.brSlab[n:]
	return s
}

func newBoardOdds(att, def mw.Unit, o mw.Options) *boardOdds {
	b := &boardOdds{att: att, def: def, o: o, rules: mw.BoardingRules(att, def, o),
		npcA: att.IsNPC(), npcD: def.IsNPC(),
		rounds:    map[roundKey]map[roundOut]*sixths{},
		classTabs: map[[2]int]*classTab{},
		// grown as needed: a size hint allocates (and the process
		// faults in) tables a battle may not fill
		stages: map[int][]branch{}, dstages: map[int][]dEnd{},
		minSplit: minSplitCells}
	b.fcA = !b.npcA && mw.Fencing(att) == mw.FirstClass
	b.fcD = !b.npcD && mw.Fencing(def) == mw.FirstClass
	return b
}

func duelKey(du mw.Duel, dLeft, aLeft int) int {
	k := 0
	for i := 0; i < 2; i++ {
		k <<= 3
		if i < len(du.A) {
			k |= du.A[i]
		}
	}
	for i := 0; i < 2; i++ {
		k <<= 3
		if i < len(du.D) {
			k |= du.D[i]
		}
	}
	// an NPC's third die (npc-second-row=stack: 3 dice a side, always the
	// defender's) above the 12 bits of two dice a side
	if len(du.D) > 2 {
		k |= du.D[2] << 12
	}
	return (dLeft<<5|aLeft)<<15 | k
}

var pow6 = func() []uint64 {
	p := make([]uint64, 25)
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 6
	}
	return p
}()

// duelBudgets enumerates one duel's re-rolls: the defender's First-Class
// Fencing Master and Experience Tokens, then the attacker's (the policy of
// the resolver), for every pair of budgets up to xpD and xpA (dst, indexed
// dLeft*(xpA+1) + aLeft, kept for the battle). The stages are memoised for
// the whole battle (b.stages, b.dstages), so a long chain of Experience
// Token re-rolls is counted once.
func (b *boardOdds) duelBudgets(du mw.Duel, xpD, xpA int, dst [][]branch) {
	w := b.rules.Winner(du)
	b.stMu.Lock()
	defer b.stMu.Unlock()
	var plain []branch
	started := false
	for dl := 0; dl <= xpD; dl++ {
		for al := 0; al <= xpA; al++ {
			i := dl*(xpA+1) + al
			// a duel nobody re-rolls in (the loser has no First-Class
			// Fencing Master and no token left, or nobody loses)
			if (w != 1 || (!b.fcD && dl == 0)) && (w != -1 || (!b.fcA && al == 0)) {
				if plain == nil {
					plain = append(b.branchSlice(1), branch{win: int8(w), n: pow6[len(du.A)+len(du.D)]})
				}
				dst[i] = plain
				continue
			}
			if !started {
				b.bfStart(du, xpD, xpA)
				started = true
			}
			dense := b.bfCalc(dl, al)
			nz := 0
			for _, n := range dense {
				if n != 0 {
					nz++
				}
			}
			dst[i] = appendDense(b.branchSlice(nz), dense, dl, al)
		}
	}
}

// eqBranches is the branches of the 1 v 1 duels of the equal rolls with
// budgets xpA and xpD, by ((v*7+u)*(xpD+1)+dLeft)*(xpA+1)+aLeft (nil: not
// enumerated yet): shared by the battle's equal rolls with these budgets.
//
// It is made on first use: equalRolls makes those its workers use before
// they start (they only read b.eqBrs).
func (b *boardOdds) eqBranches(xpA, xpD int) *eqTab {
	k := [2]int{xpA, xpD}
	if t, ok := b.eqBrs[k]; ok {
		return t
	}
	t := &eqTab{brs: make([][]branch, 49*(xpD+1)*(xpA+1))}
	if b.eqBrs == nil {
		b.eqBrs = map[[2]int]*eqTab{}
	}
	b.eqBrs[k] = t
	return t
}

// eqTab is eqBranches' table and who fills it (eqDuels).
type eqTab struct {
	mu     sync.Mutex
	filled bool // every duel's branches enumerated
	brs    [][]branch
}

// The stages of a duel's re-rolls see the other side's dice only through
// their total (fcChoiceAt, xpCanHelpAt, the winner): the defender's stages
// are memoised on the attacker's total and the defender's dice, the
// attacker's on its dice and the defender's total and count, so duels
// with other dice of the same total share them, and the defender's ends
// are merged by the total they leave.

// aStageKey encodes an attacker's re-roll stage: its dice (3 bits each, 0
// for none), the defender's dice count and total, the stage, the tokens
// the attacker has left and the dice the Officers re-rolled so far.
func aStageKey(a []int, dn, dt, st, al, fc int) int {
	k := 0
	for i := 0; i < 2; i++ {
		k <<= 3
		if i < len(a) {
			k |= a[i]
		}
	}
	k = k<<2 | dn
	k = k<<5 | dt // up to 18: three dice (npc-second-row=stack)
	return (k<<3|st)<<9 | al<<3 | fc
}

// dStageKey encodes a defender's re-roll stage: the attacker's total, the
// defender's dice (3 bits each, 0 for none), the stage, the tokens the
// defender has left and the dice its Officer re-rolled so far.
func dStageKey(at int, d []int, st, dl, fc int) int {
	k := at
	for i := 0; i < 3; i++ { // three with npc-second-row=stack
		k <<= 3
		if i < len(d) {
			k |= d[i]
		}
	}
	return ((k<<3|st)<<6|dl)<<3 | fc
}

// maxStageTokens is the most tokens a side can have left in a duel's
// stages: a roll takes at most 14 Experience Tokens, both sides together.
const maxStageTokens = 14

// astage is the attacker's re-roll stages (st 2: its First-Class Fencing
// Master, 3: its Experience Tokens, 4: the end) of a duel whose attacker
// has dice a against dn defender's dice of total dt, with al tokens left
// and fc dice re-rolled by the Officers so far. The branches are memoised
// for the whole battle (b.stages); the caller holds b.stMu.
func (b *boardOdds) astage(a []int, dn, dt, st, al, fc int) []branch {
	key := aStageKey(a, dn, dt, st, al, fc)
	if r, ok := b.stages[key]; ok {
		return r
	}
	r := &b.rules
	var out []branch
	// a stage that re-rolls sums its branches densely by (winner, tokens
	// used): at most 3*(14+1) counts, on the stack
	var denseB [3 * (maxStageTokens + 1)]uint64
	var dense []uint64
	if al <= maxStageTokens {
		dense = denseB[:3*(al+1)]
	} else {
		dense = make([]uint64, 3*(al+1))
	}
	dens := false
	add := func(brs []branch, aU int) {
		dens = true
		for _, br := range brs {
			dense[(int(br.win)+1)*(al+1)+int(br.aUsed)+aU] += br.n
		}
	}
	lost := st < 4 && r.Total(a, r.BonusA) < dt
	switch st {
	case 2: // First-Class Fencing Master
		if !b.fcA || !lost {
			out = b.astage(a, dn, dt, 3, al, fc)
			break
		}
		mask := mw.FCMaskAt(a, dt, r.BonusA, *r)
		var trialB [2]int
		trial := scratchDice(&trialB, a)
		k := bits.OnesCount(uint(mask))
		for c := 0; c < int(pow6[k]); c++ {
			setFaces(trial, mask, c)
			// stages keep no dice slice (the memo holds branches only)
			add(b.astage(trial, dn, dt, 3, al, fc+k), 0)
		}
	case 3: // Experience Tokens
		li, ok := 0, false
		if al > 0 && lost {
			li, ok = mw.XPCanHelpAt(a, dt, r.BonusA, *r)
		}
		if !ok {
			out = b.astage(a, dn, dt, 4, al, fc)
			break
		}
		var noB [2]int
		no := scratchDice(&noB, a)
		for v := 1; v <= 6; v++ {
			no[li] = v
			add(b.astage(no, dn, dt, 3, al-1, fc), 1)
		}
	default:
		w := 0
		switch ta := r.Total(a, r.BonusA); {
		case ta > dt:
			w = 1
		case ta < dt:
			w = -1
		}
		// scale 6^-(fc + xp) to the denominator 6^(nd + xp).
		out = append(b.branchSlice(1), branch{win: int8(w), n: pow6[len(a)+dn-fc]})
	}
	if dens {
		nz := 0
		for _, n := range dense {
			if n != 0 {
				nz++
			}
		}
		out = b.branchSlice(nz)
		for i, n := range dense {
			if n != 0 {
				out = append(out, branch{win: int8(i/(al+1) - 1), aUsed: int8(i % (al + 1)), n: n})
			}
		}
	}
	b.stages[key] = out
	return out
}

// dstage is the defender's re-roll stages (st 0: its First-Class Fencing
// Master, 1: its Experience Tokens) of a duel whose defender has dice d
// against the attacker's total at, with dl tokens left and fc dice
// re-rolled by its Officer so far: where they end, by the total they
// leave. Memoised for the whole battle (b.dstages); the caller holds
// b.stMu.
func (b *boardOdds) dstage(at int, d []int, st, dl, fc int) []dEnd {
	key := dStageKey(at, d, st, dl, fc)
	if r, ok := b.dstages[key]; ok {
		return r
	}
	r := &b.rules
	// the stages being walked nest: each depth has its table of ends,
	// kept for the battle and cleared for the next stage at that depth (a
	// stage's table is not read after it returns)
	depth := b.endDepth
	b.endDepth++
	var out []dEnd
	var idx map[dEnd]int // taken by the first add (a stage that re-rolls)
	add := func(es []dEnd, dU int) {
		if idx == nil {
			for len(b.endIdx) <= depth {
				b.endIdx = append(b.endIdx, map[dEnd]int{})
			}
			idx = b.endIdx[depth]
			clear(idx)
			out = make([]dEnd, 0, 2*len(es))
		}
		for _, e := range es {
			k := dEnd{d: e.d, nd: e.nd, fc: e.fc, dU: e.dU + dU}
			if i, ok := idx[k]; ok {
				out[i].n += e.n
				continue
			}
			idx[k] = len(out)
			k.n = e.n
			out = append(out, k)
		}
	}
	dt := r.Total(d, r.BonusD)
	lost := dt < at
	switch st {
	case 0: // First-Class Fencing Master
		if !b.fcD || !lost {
			out = b.dstage(at, d, 1, dl, fc)
			break
		}
		mask := mw.FCMaskAt(d, at, r.BonusD, *r)
		var trialB [2]int
		trial := scratchDice(&trialB, d)
		k := bits.OnesCount(uint(mask))
		for c := 0; c < int(pow6[k]); c++ {
			setFaces(trial, mask, c)
			add(b.dstage(at, trial, 1, dl, fc+k), 0)
		}
	default: // Experience Tokens
		li, ok := 0, false
		if dl > 0 && lost {
			li, ok = mw.XPCanHelpAt(d, at, r.BonusD, *r)
		}
		if !ok {
			out = append(b.dEndSlice(1), dEnd{d: dt, nd: len(d), fc: fc, n: 1})
			break
		}
		var noB [2]int
		no := scratchDice(&noB, d)
		for v := 1; v <= 6; v++ {
			no[li] = v
			add(b.dstage(at, no, 1, dl-1, fc), 1)
		}
	}
	b.endDepth--
	b.dstages[key] = out
	return out
}

// scratchDice copies dice into buf when they fit (a duel side holds at
// most two: no allocation), else into a new slice, for a stage to change.
func scratchDice(buf *[2]int, dice []int) []int {
	if len(dice) > len(buf) {
		return append([]int(nil), dice...)
	}
	return buf[:copy(buf[:], dice)]
}

// setFaces gives the dice at the positions of mask the faces numbered c
// (base 6, the first position lowest): c from 0 to 6^k-1 walks every
// re-roll of those k dice.
func setFaces(trial []int, mask, c int) {
	for i := range trial {
		if mask&(1<<i) != 0 {
			trial[i] = c%6 + 1
			c /= 6
		}
	}
}

// bfScratch is the scratch of one duel's branches for every pair of
// budgets (bfStart, bfCalc), kept for the battle and used under b.stMu.
type bfScratch struct {
	du       mw.Duel
	at, maxA int
	ends     [][]dEnd // by the defender's budget: its stages' ends (nil: not walked yet)
	gen      uint32
	endAt    [1 << 10]bfRow // by an end's total (to 18), count and Officer's re-rolls
	rows     [][]branch     // an end's row r, attacker's budget al: rows[r*(maxA+1)+al]
	nrows    int
	dense    []uint64
}

type bfRow struct {
	gen uint32
	row int32
}

// bfStart sets up the branches of duel du for budgets up to maxD and maxA
// (the caller holds b.stMu).
func (b *boardOdds) bfStart(du mw.Duel, maxD, maxA int) {
	f := &b.bf
	f.du, f.maxA = du, maxA
	f.at = b.rules.Total(du.A, b.rules.BonusA)
	f.ends = f.ends[:0]
	for i := 0; i <= maxD; i++ {
		f.ends = append(f.ends, nil)
	}
	f.gen++
	f.rows, f.nrows = f.rows[:0], 0
	if size := 3 * (maxD + 1) * (maxA + 1); cap(f.dense) < size {
		f.dense = make([]uint64, size)
	}
}

// bfCalc returns the branches of bfStart's duel with dLeft and aLeft
// tokens left as dense counts by (winner, defender's tokens used,
// attacker's tokens used), valid until the next call (the caller holds
// b.stMu).
//
// The defender's stages come first and do not depend on the attacker's
// tokens: they are walked once per defender's budget, to the totals they
// leave (dstage), and each such end meets the attacker's stages with the
// attacker's budget. The sums are those of walking every stage with both
// budgets. The defender's ends of a budget, and the attacker's stages of
// an end (the same total after the defender's re-rolls, whatever tokens
// these cost) and budget, are looked up once per duel instead of in the
// battle's memo maps for each pair.
func (b *boardOdds) bfCalc(dLeft, aLeft int) []uint64 {
	f := &b.bf
	dense := f.dense[:3*(dLeft+1)*(aLeft+1)]
	clear(dense)
	es := f.ends[dLeft]
	if es == nil {
		es = b.dstage(f.at, f.du.D, 0, dLeft, 0)
		f.ends[dLeft] = es
	}
	qa := f.maxA + 1
	for _, e := range es {
		sl := &f.endAt[(e.d<<2|e.nd)<<3|e.fc]
		if sl.gen != f.gen {
			*sl = bfRow{f.gen, int32(f.nrows)}
			f.nrows++
			for i := 0; i < qa; i++ {
				f.rows = append(f.rows, nil)
			}
		}
		cell := &f.rows[int(sl.row)*qa+aLeft]
		brs := *cell
		if brs == nil {
			brs = b.astage(f.du.A, e.nd, e.d, 2, aLeft, e.fc)
			*cell = brs
		}
		for _, br := range brs {
			dense[((int(br.win)+1)*(dLeft+1)+e.dU)*(aLeft+1)+int(br.aUsed)] += e.n * br.n
		}
	}
	return dense
}

// appendDense appends bfCalc's counts as branches, in the order (winner,
// defender's tokens, attacker's tokens).
func appendDense(out []branch, dense []uint64, dLeft, aLeft int) []branch {
	for i, n := range dense {
		if n != 0 {
			aU := i % (aLeft + 1)
			dU := i / (aLeft + 1) % (dLeft + 1)
			out = append(out, branch{win: int8(i/((aLeft+1)*(dLeft+1)) - 1), dUsed: int8(dU), aUsed: int8(aU), n: n})
		}
	}
	return out
}

// dEnd is where the defender's re-roll stages of a duel end: the total of
// its dice, their count nd, the dice its Officer re-rolled so far, the
// tokens it used and how many re-roll outcomes lead there.
type dEnd struct {
	d, nd, fc, dU int
	n             uint64
}

// stacks reports whether the side placing after first is an NPC that
// stacks its second-row dice (npc-second-row=stack: two behind a die).
func (b *boardOdds) stacks(first string) bool {
	npc := b.npcA
	if first == "attacker" {
		npc = b.npcD
	}
	return npc && b.o.NPCStackSecondRow
}

// placeIn is place writing into dst (no allocation per roll): the same
// placements as npcPlace and bestPlace.
func (b *boardOdds) placeIn(dst *[5]int, first string, fd, front, extras []int) []int {
	k := len(extras)
	if k == 0 {
		return nil
	}
	npc := b.npcA
	if first == "attacker" {
		npc = b.npcD
	}
	if npc {
		for j := 0; j < k; j++ {
			dst[j] = mw.NPCDuel(j, b.o.NPCStackSecondRow)
		}
		return dst[:k]
	}
	if k == 1 {
		dst[0] = placeOne(first, fd, front, extras[0], &b.rules)
		return dst[:1]
	}
	mw.BestPlaceInto(dst, first, fd, front, extras, b.rules)
	return dst[:k]
}

// placeOne is bestPlaceInto for a single extra die (the usual 5 v 4): the
// net and own losses of each placement are those of all single dice with
// one duel's changed, so each is found in one step, not by summing every
// duel again; the same placement (tried in the same order, kept on the
// same comparisons).
func placeOne(first string, fd, front []int, extra int, r *mw.DuelRules) int {
	fb, ob := r.BonusD, r.BonusA // first side's bonus, placing side's bonus
	if first == "attacker" {
		fb, ob = r.BonusA, r.BonusD
	}
	n := len(fd)
	var sNet, sOwn, pNet, pOwn [5]int
	baseNet, baseOwn := 0, 0
	for i := 0; i < n; i++ {
		ft := r.Total1(fd[i], fb)
		switch st := r.Total1(front[i], ob); {
		case st > ft:
			sNet[i] = 1
		case st < ft:
			sNet[i], sOwn[i] = -1, 1
		}
		switch pt := r.Total2(front[i], extra, ob); {
		case pt > ft:
			pNet[i] = 1
		case pt < ft:
			pNet[i], pOwn[i] = -2, 2
		}
		baseNet += sNet[i]
		baseOwn += sOwn[i]
	}
	best, bestNet, bestOwn := 0, -1<<30, 1<<30
	for i := 0; i < n; i++ {
		net := baseNet - sNet[i] + pNet[i]
		own := baseOwn - sOwn[i] + pOwn[i]
		tie := own < bestOwn
		if r.TakeMore {
			tie = own > bestOwn
		}
		if net > bestNet || (net == bestNet && tie) {
			best, bestNet, bestOwn = i, net, own
		}
	}
	return best
}

func encOut(o roundOut) int {
	return o[0] | o[1]<<4 | o[2]<<8 | o[3]<<12 | o[4]<<16
}

func decOut(k int) roundOut {
	return roundOut{k & 15, k >> 4 & 15, k >> 8 & 15, k >> 12 & 15, k >> 16 & 15}
}

// outcome deltas on the encoded roundOut (fields are 4 bits each).
func outDelta(du mw.Duel, w int) int {
	return outDeltaN(len(du.A), len(du.D), w)
}

// outDeltaN is outDelta for a duel of na attacker's and nd defender's dice.
func outDeltaN(na, nd, w int) int {
	switch w {
	case 1:
		return nd<<4 | 1<<16
	case -1:
		return na
	}
	return na<<8 | nd<<12
}

// roundWorker enumerates a share of the rolls with its own caches.
type roundWorker struct {
	b      *boardOdds
	acc    accTab
	buf    [10]int
	duelsB [5]mw.Duel
	pairsB [5][3]int // a duel's front die and second-row dice (arrange)
	placeB [5]int    // the extras' placement (arrange)
	codesB [5]int    // the duels' codes, duelKey(du, 0, 0) (arrange)
	// the duel classes (shared by the rolls with the same budgets) and
	// the class sequences of this roll's pairs (run)
	ct      *classTab
	seqs    map[uint64]int
	seqList []seqRoll
	mu      *sync.Mutex // classing, when ct is shared with other workers
	local   []int32     // by duel code: its class + 1, as ct.classes (with mu)
	bud     budScratch  // class's branches of a duel
	ends    [][]dEnd    // class's defender's ends of a duel by budget
}

func (w *roundWorker) add(k int, x, n uint64) { w.acc.at(k).addMul(x, n) }

// counts returns the table's counts as a map.
func (t *accTab) counts() map[int]u128 {
	out := make(map[int]u128, t.n)
	for i, full := range t.full {
		if full {
			out[t.keys[i]] = t.vals[i]
		}
	}
	return out
}

// accTab is an open-addressing table of exact counts by encoded outcome.
type accTab struct {
	keys []int
	vals []u128
	full []bool
	n    int
}

func (t *accTab) at(k int) *u128 {
	if t.n*2 >= len(t.keys) {
		t.grow()
	}
	m := len(t.keys) - 1
	i := int(uint64(k)*0x9E3779B97F4A7C15>>40) & m
	for {
		if !t.full[i] {
			t.full[i], t.keys[i] = true, k
			t.n++
			return &t.vals[i]
		}
		if t.keys[i] == k {
			return &t.vals[i]
		}
		i = (i + 1) & m
	}
}

func (t *accTab) grow() {
	old := *t
	size := 1024
	if len(old.keys) > 0 {
		size = 2 * len(old.keys)
	}
	*t = accTab{keys: make([]int, size), vals: make([]u128, size), full: make([]bool, size)}
	for i, f := range old.full {
		if f {
			*t.at(old.keys[i]) = old.vals[i]
		}
	}
}

// arrange arranges two ascending rolls without allocating, with the same
// rules and placement policy as the resolver.
func (w *roundWorker) arrange(A, D []int) []mw.Duel {
	b := w.b
	first := "defender"
	f, o := D, A
	if len(A) < len(D) {
		first, f, o = "attacker", A, D
	}
	n := len(f)
	fd := w.buf[0:n]
	for i := 0; i < n; i++ {
		fd[i] = f[n-1-i]
	}
	front := o[:n]
	k := len(o) - n
	extras := w.buf[5 : 5+k]
	for j := 0; j < k; j++ {
		extras[j] = o[len(o)-1-j]
	}
	var place []int
	if k > 0 {
		place = b.placeIn(&w.placeB, first, fd, front, extras)
	}
	stack := b.stacks(first)
	for i := 0; i < n; i++ {
		du := &w.duelsB[i]
		fs := f[n-1-i : n-i]
		os := o[i : i+1]
		for j, p := range place {
			if p == i {
				// in the worker's buffer, not a new slice per duel: a
				// roll's duels are read before the next roll is arranged
				pr := &w.pairsB[i]
				if len(os) == 1 || !stack {
					pr[0], pr[1] = o[i], extras[j]
					os = pr[:2]
				} else {
					pr[2] = extras[j] // npc-second-row=stack
					os = pr[:3]
				}
			}
		}
		// the duel's code (duelKey) as it is built
		oc := os[0] << 3
		if len(os) >= 2 {
			oc |= os[1]
		}
		if first == "attacker" {
			du.A, du.D = fs, os
			w.codesB[i] = fs[0]<<9 | oc
			if len(os) == 3 { // stacked: only an NPC defender
				w.codesB[i] |= os[2] << 12
			}
		} else {
			du.A, du.D = os, fs
			w.codesB[i] = oc<<6 | fs[0]<<3
		}
	}
	return w.duelsB[:n]
}

// arrangeCodes is arrange giving the duels' codes only (duelKey(du, 0,
// 0), in w.codesB): the duels themselves are made only for a code not
// classed yet.
func (w *roundWorker) arrangeCodes(A, D []int) []int {
	attFirst := len(A) < len(D)
	first := "defender"
	f, o := D, A
	if attFirst {
		first, f, o = "attacker", A, D
	}
	n := len(f)
	k := len(o) - n
	var ex, ex2 [5]int // the extra dice behind each duel (0: none)
	if k > 0 {
		fd := w.buf[0:n]
		for i := 0; i < n; i++ {
			fd[i] = f[n-1-i]
		}
		extras := w.buf[5 : 5+k]
		for j := 0; j < k; j++ {
			extras[j] = o[len(o)-1-j]
		}
		for j, p := range w.b.placeIn(&w.placeB, first, fd, o[:n], extras) {
			if ex[p] == 0 || !w.b.stacks(first) {
				ex[p] = extras[j]
			} else {
				ex2[p] = extras[j] // npc-second-row=stack
			}
		}
	}
	for i := 0; i < n; i++ {
		oc := o[i]<<3 | ex[i]
		if attFirst {
			w.codesB[i] = ex2[i]<<12 | f[n-1-i]<<9 | oc
		} else {
			w.codesB[i] = oc<<6 | f[n-1-i]<<3
		}
	}
	return w.codesB[:n]
}

// duelOfCode is the duel of a duelKey code (dice 1-6, 0 for none), its
// dice in buf (no allocation).
func duelOfCode(k int, buf *[4]int) mw.Duel {
	d := buf[:0]
	for _, v := range [2]int{k >> 9 & 7, k >> 6 & 7} {
		if v != 0 {
			d = append(d, v)
		}
	}
	na := len(d)
	for _, v := range [3]int{k >> 3 & 7, k & 7, k >> 12 & 7} {
		if v != 0 {
			d = append(d, v)
		}
	}
	return mw.Duel{A: d[:na:na], D: d[na:]}
}

func (w *roundWorker) run(as []mset, nD, xpA, xpD int, simple bool) {
	b := w.b
	for _, ma := range as {
		for _, md := range multisets(nD) {
			x := ma.w * md.w
			if simple {
				duels := w.arrange(ma.dice, md.dice)
				o := 0
				for _, du := range duels {
					o += outDelta(du, b.rules.Winner(du))
				}
				w.add(o, x, 1)
				continue
			}
			// rolls whose duels re-roll alike are one programme: sum
			// their weights by the sequence of duel classes
			codes := w.arrangeCodes(ma.dice, md.dice)
			key := uint64(0)
			for _, code := range codes {
				key = key<<12 | uint64(w.sharedClass(code))
			}
			i, ok := w.seqs[key]
			if !ok {
				i = len(w.seqList)
				w.seqs[key] = i
				sr := seqRoll{n: len(codes)}
				copy(sr.codes[:], codes)
				w.seqList = append(w.seqList, sr)
			}
			w.seqList[i].x += x
		}
	}
}

// sharedClass is class when the duel classes are shared by workers (mu
// set): a class is made under mu and kept in the worker's own table.
// Classes are numbered in the order the workers make them, which changes
// only the order dpSeqs sums the sequences in.
func (w *roundWorker) sharedClass(code int) int {
	if w.mu == nil {
		return w.class(code)
	}
	if c := w.local[code]; c > 0 {
		return int(c - 1)
	}
	w.mu.Lock()
	c := w.class(code)
	w.mu.Unlock()
	w.local[code] = int32(c + 1)
	return c
}

// seqCache is the class sequences of the rolls of nA v nD dice classed
// with budgets xpA and xpD. A duel's branches with dLeft and aLeft tokens
// left do not depend on the largest budgets asked for, so two duels of the
// same class with these budgets have the same branches with any smaller
// ones: the sequences serve a roll of the same dice with fewer tokens (a
// tie roll after a clash roll of the same size) without enumerating its
// rolls again.
type seqCache struct {
	nA, nD, xpA, xpD int
	ct               *classTab
	seqList          []seqRoll
}

// seqRoll is the rolls of one class sequence: a representative's duels
// (duelKey codes) and the rolls' summed weight.
type seqRoll struct {
	codes [5]int
	n     int
	x     uint64
}

// class numbers a duel (code: duelKey(du, 0, 0)) by what the roll's
// programme sees of it: its dice on each side and its re-roll branches for
// every pair of token budgets. Two duels with the same class change the programme's states alike, so
// two rolls whose duels have the same classes in order have the same
// outcome counts.
func (w *roundWorker) class(code int) int {
	ct := w.ct
	xpA, xpD := ct.xpA, ct.xpD // the table's budgets (at least the roll's)
	if c := ct.classes[code]; c > 0 {
		return int(c - 1)
	}
	var dice [4]int
	du := duelOfCode(code, &dice)
	// A duel's branches are those of its attacker's dice against the ends
	// of its defender's stages for each budget (bfCalc), with the winner
	// on the dice as rolled deciding who re-rolls at all: duels alike in
	// these (most often a defender losing with one die, whatever it is:
	// its First-Class Fencing Master re-rolls it) are one class, found
	// without enumerating their branches again.
	b := w.b
	wn := b.rules.Winner(du)
	b.stMu.Lock()
	ends := w.ends[:0]
	ph := mix64(uint64(code>>6)<<2 | uint64(wn+1))
	at := b.rules.Total(du.A, b.rules.BonusA)
	for dl := 0; dl <= xpD; dl++ {
		es := b.dstage(at, du.D, 0, dl, 0)
		ends = append(ends, es)
		ph = mix64(ph ^ uint64(len(es)))
		for _, e := range es {
			ph = mix64(ph ^ uint64(e.d|e.nd<<4|e.fc<<6|e.dU<<9))
			ph = mix64(ph ^ e.n)
		}
	}
	b.stMu.Unlock()
	w.ends = ends
	for _, pc := range ct.pre[ph] {
		if pc.a == code>>6 && pc.w == wn && slices.EqualFunc(pc.ends, ends, slices.Equal) {
			ct.classes[code] = pc.class + 1
			return int(pc.class)
		}
	}
	c := w.classOf(du, code, xpA, xpD)
	ct.pre[ph] = append(ct.pre[ph], preClass{a: code >> 6, w: wn, ends: slices.Clone(ends), class: int32(c)})
	return c
}

// preClass is a duel's attacker's dice (its code's high bits), winner on
// the dice as rolled and its defender's ends by budget: two duels alike in
// these have the same branches.
type preClass struct {
	a, w  int
	ends  [][]dEnd
	class int32
}

// classOf classes a duel by its branches for every budget.
func (w *roundWorker) classOf(du mw.Duel, code, xpA, xpD int) int {
	ct := w.ct
	bud := w.b.allBudgets(du, xpD, xpA, &w.bud)
	// the branches are hashed, and compared in full with the classes of
	// the same hash: a class is its dice counts and branches by budget
	sc := &w.bud
	h := mix64(uint64(len(du.A))<<8 | uint64(len(du.D)))
	for _, o := range sc.offs {
		h = mix64(h ^ uint64(o))
	}
	for _, br := range sc.flat {
		h = mix64(h ^ br.n)
		h = mix64(h ^ (uint64(uint8(br.win))<<16 | uint64(uint8(br.dUsed))<<8 | uint64(uint8(br.aUsed))))
	}
	for _, c := range ct.byHash[h] {
		k := &ct.keys[c]
		if k.na == len(du.A) && k.nd == len(du.D) && slices.Equal(k.offs, sc.offs) && slices.Equal(k.flat, sc.flat) {
			ct.classes[code] = c + 1
			return int(c)
		}
	}
	// a new class keeps its branches (the scratch's are overwritten by the
	// next duel); a duel of a known class keeps none
	c := int32(len(ct.keys))
	k := classKey{na: len(du.A), nd: len(du.D), flat: slices.Clone(sc.flat), offs: slices.Clone(sc.offs)}
	keep := make([][]branch, len(bud))
	for i := range keep {
		keep[i] = k.flat[k.offs[i]:k.offs[i+1]:k.offs[i+1]]
	}
	ct.keys = append(ct.keys, k)
	ct.brs = append(ct.brs, keep)
	ct.byHash[h] = append(ct.byHash[h], c)
	ct.classes[code] = c + 1
	return int(c)
}

// mix64 is a 64-bit finaliser (splitmix64's): a hash step.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// classKey is what makes a duel class: the dice counts on each side and
// the branches of every budget (flat, cut at offs).
type classKey struct {
	na, nd int
	flat   []branch
	offs   []int
}

// classTab is the duel classes of a battle's rolls with the same token
// budgets (the clash and tie rolls of every size share them).
type classTab struct {
	classes []int32            // by duel code: its class + 1 (0: not classed yet)
	keys    []classKey         // by class
	byHash  map[uint64][]int32 // the classes with a hash of their key
	pre     map[uint64][]preClass
	brs     [][][]branch // by class: the branches by budget
	xpA     int          // the budgets: brs[c][dLeft*(xpA+1)+aLeft]
	xpD     int
}

// classTab returns the duel classes for rolls with budgets xpA and xpD:
// those of a battle's roll with as many tokens or more a side if there is
// one (a duel's branches with given tokens left do not depend on the
// largest budgets, so classes with larger budgets serve smaller ones: a
// tie roll after a clash roll with more tokens classes few duels anew).
func (b *boardOdds) classTab(xpA, xpD int) *classTab {
	var best *classTab
	for k, ct := range b.classTabs {
		if k[0] >= xpA && k[1] >= xpD && (best == nil || (k[0]+1)*(k[1]+1) < (best.xpA+1)*(best.xpD+1)) {
			best = ct // the smallest such
		}
	}
	if best != nil {
		return best
	}
	codes := 1 << 12 // duelKey codes: two dice a side
	if b.o.NPCStackSecondRow {
		codes = 1 << 15 // and an NPC's third die
	}
	ct := &classTab{classes: make([]int32, codes), byHash: map[uint64][]int32{}, pre: map[uint64][]preClass{}, xpA: xpA, xpD: xpD}
	b.classTabs[[2]int{xpA, xpD}] = ct
	return ct
}

// budScratch is allBudgets' result: the branches of every budget in one
// array (flat), cut by hdr; a worker's, overwritten by the next duel.
type budScratch struct {
	flat []branch
	offs []int
	hdr  [][]branch
}

// allBudgets is duelBudgets for every pair of budgets up to xpD and xpA,
// indexed dLeft*(xpA+1) + aLeft, in sc (valid until sc's next use).
func (b *boardOdds) allBudgets(du mw.Duel, xpD, xpA int, sc *budScratch) [][]branch {
	w := b.rules.Winner(du)
	b.stMu.Lock()
	defer b.stMu.Unlock()
	flat, offs := sc.flat[:0], sc.offs[:0]
	started := false
	for dl := 0; dl <= xpD; dl++ {
		for al := 0; al <= xpA; al++ {
			offs = append(offs, len(flat))
			if (w != 1 || (!b.fcD && dl == 0)) && (w != -1 || (!b.fcA && al == 0)) {
				// nobody re-rolls: one branch
				flat = append(flat, branch{win: int8(w), n: pow6[len(du.A)+len(du.D)]})
				continue
			}
			if !started {
				b.bfStart(du, xpD, xpA)
				started = true
			}
			flat = appendDense(flat, b.bfCalc(dl, al), dl, al)
		}
	}
	offs = append(offs, len(flat))
	hdr := sc.hdr[:0]
	for i := 0; i+1 < len(offs); i++ {
		hdr = append(hdr, flat[offs[i]:offs[i+1]:offs[i+1]])
	}
	sc.flat, sc.offs, sc.hdr = flat, offs, hdr
	return hdr
}

// dpRows is the states of a duel-by-duel programme: a row per encoded
// outcome so far, holding a dense array of counts by the tokens each side
// has left (index dLeft*(xpA+1) + aLeft). A duel's re-roll branches move
// each count to one of at most three rows (won, tied, lost), found once
// per row, instead of hashing every state and branch.
type dpRows struct {
	keys  []int
	cells []u128
	qs    int
}

func (r *dpRows) reset(qs int) {
	r.keys, r.cells, r.qs = r.keys[:0], r.cells[:0], qs
}

// row returns the index of the row with outcome k, adding it (all zero).
func (r *dpRows) row(k int) int {
	for i, x := range r.keys {
		if x == k {
			return i
		}
	}
	r.keys = append(r.keys, k)
	n := len(r.cells)
	if cap(r.cells)-n < r.qs {
		// room for twice the rows (a slice of zeros appended was a
		// second allocation per row)
		r.cells = slices.Grow(r.cells, max(n, 16*r.qs))
	}
	r.cells = r.cells[:n+r.qs]
	clear(r.cells[n:])
	return len(r.keys) - 1
}

// dpSeqs runs the duels of w.seqList's class sequences with the tokens
// each side declared, adding each outcome and tokens used to the worker's
// counts. The programme is linear in its counts, so each sequence starts
// from its weight (its rolls' orderings) and the sequences that end alike
// are summed before their common duels: a sequence's first duel runs on
// its own, its last one once for every sequence ending in that class.
// Sorted by the reversed sequence, the sequences sharing the duels from
// position j on are contiguous, and the programme is a walk of that tree
// (most work is on the last duels, whose states are the largest).
func (w *roundWorker) dpSeqs(xpA, xpD int) {
	if len(w.seqList) == 0 {
		return
	}
	ct := w.ct
	n := w.seqList[0].n
	type clsSeq struct {
		cls [5]int32
		x   uint64
	}
	seqs := make([]clsSeq, len(w.seqList))
	for i, sr := range w.seqList {
		for j := 0; j < n; j++ {
			seqs[i].cls[j] = ct.classes[sr.codes[j]] - 1
		}
		seqs[i].x = sr.x
	}
	slices.SortFunc(seqs, func(a, b clsSeq) int {
		for j := n - 1; j >= 0; j-- {
			if a.cls[j] != b.cls[j] {
				return int(a.cls[j]) - int(b.cls[j])
			}
		}
		return 0
	})
	qa := xpA + 1
	qs := (xpD + 1) * qa
	sqa := ct.xpA + 1 // the class's branches are by its table's budgets
	levels := make([]dpRows, n+1)
	// agg adds to levels[j] the states after j duels of the sequences
	// lo..hi (which share their duels from position j on)
	var agg func(j, lo, hi int)
	agg = func(j, lo, hi int) {
		dst := &levels[j]
		if j == 0 {
			x := uint64(0)
			for _, sq := range seqs[lo:hi] {
				x += sq.x
			}
			dst.cells[dst.row(0)*qs+xpD*qa+xpA].add(u128{0, x})
			return
		}
		for a := lo; a < hi; {
			c := seqs[a].cls[j-1]
			b := a + 1
			for b < hi && seqs[b].cls[j-1] == c {
				b++
			}
			src := &levels[j-1]
			src.reset(qs)
			agg(j-1, a, b)
			// duel j (class c) on the states of a..b
			bud, k := ct.brs[c], &ct.keys[c]
			var deltas [3]int
			for wi := -1; wi <= 1; wi++ {
				deltas[wi+1] = outDeltaN(k.na, k.nd, wi)
			}
			for r, key := range src.keys {
				to := [3]int{-1, -1, -1}
				for q, x := range src.cells[r*qs:][:qs] {
					if x.isZero() {
						continue
					}
					dl, al := q/qa, q%qa
					for _, br := range bud[dl*sqa+al] {
						wi := int(br.win) + 1
						if to[wi] < 0 {
							to[wi] = dst.row(key + deltas[wi])
						}
						dst.cells[to[wi]*qs+(dl-int(br.dUsed))*qa+al-int(br.aUsed)].add(mul128(x, br.n))
					}
				}
			}
			a = b
		}
	}
	root := &levels[n]
	root.reset(qs)
	agg(n, 0, len(seqs))
	for r, k := range root.keys {
		for q, x := range root.cells[r*qs:][:qs] {
			if x.isZero() {
				continue
			}
			dl, al := q/qa, q%qa
			used := (xpD - dl) + (xpA - al)
			w.acc.at(k | used<<21).add(x)
		}
	}
}

// sixths is an exact probability num/6^exp: sums and products of a
// battle's rolls stay whole numbers, with no reduction (a gcd) per step.
type sixths struct {
	num big.Int
	exp int
}

var (
	pow6Mu  sync.Mutex
	pow6Big []*big.Int
)

// pow6Of returns 6^e (shared: never modified).
func pow6Of(e int) *big.Int {
	pow6Mu.Lock()
	defer pow6Mu.Unlock()
	for len(pow6Big) <= e {
		if len(pow6Big) == 0 {
			pow6Big = append(pow6Big, big.NewInt(1))
			continue
		}
		pow6Big = append(pow6Big, new(big.Int).Mul(pow6Big[len(pow6Big)-1], big.NewInt(6)))
	}
	return pow6Big[e]
}

// addScaled adds num/6^exp to s; tmp (nil: one is made) is scratch.
func (s *sixths) addScaled(num *big.Int, exp int, tmp *big.Int) {
	switch {
	case exp > s.exp:
		s.num.Mul(&s.num, pow6Of(exp-s.exp))
		s.exp = exp
		s.num.Add(&s.num, num)
	case exp < s.exp:
		if tmp == nil {
			tmp = new(big.Int)
		}
		s.num.Add(&s.num, tmp.Mul(num, pow6Of(s.exp-exp)))
	default:
		s.num.Add(&s.num, num)
	}
}

func (s *sixths) rat() *big.Rat { return new(big.Rat).SetFrac(&s.num, pow6Of(s.exp)) }

// roundDist is the exact distribution of one roll of nA against nD dice.
func (b *boardOdds) roundDist(nA, nD, xpA, xpD int) map[roundOut]*big.Rat {
	out := map[roundOut]*big.Rat{}
	for o, p := range b.roundSixths(nA, nD, xpA, xpD) {
		out[o] = p.rat()
	}
	return out
}

// roundSixths is roundDist as counts over powers of 6.
func (b *boardOdds) roundSixths(nA, nD, xpA, xpD int) map[roundOut]*sixths {
	key := roundKey{nA, nD, xpA, xpD}
	if r, ok := b.rounds[key]; ok {
		return r
	}
	simple := b.simple(xpA, xpD)
	var counts map[int]u128
	if b.equalRuns(key) {
		counts = b.roundEqual(nA, xpA, xpD, &b.runTabs)
	} else {
		counts = b.roundPairs(nA, nD, xpA, xpD, simple)
	}
	return b.storeRound(key, counts)
}

// simple says a roll with these tokens has no re-roll.
func (b *boardOdds) simple(xpA, xpD int) bool {
	return !b.fcA && !b.fcD && xpA == 0 && xpD == 0
}

// equalRuns says roundSixths counts the roll k by roundEqual.
func (b *boardOdds) equalRuns(k roundKey) bool {
	return k.nA == k.nD && k.nA <= 5 && !b.simple(k.xpA, k.xpD) && !b.pairsOnly // rowKey: 3 bits a count
}

// storeRound keeps a roll's count table in b.rounds as counts over
// powers of 6.
func (b *boardOdds) storeRound(key roundKey, counts map[int]u128) map[roundOut]*sixths {
	nA, nD := key.nA, key.nD
	simple := b.simple(key.xpA, key.xpD)
	out := map[roundOut]*sixths{}
	var cb, scaled big.Int // scratch
	for k, c := range counts {
		used := k >> 21
		exp := nA + nD
		if !simple {
			exp = 2*(nA+nD) + used
		}
		o := decOut(k & (1<<20 - 1))
		c.setBig(&cb)
		if p, ok := out[o]; ok {
			p.addScaled(&cb, exp, &scaled)
		} else {
			p = &sixths{exp: exp}
			p.num.Set(&cb)
			out[o] = p
		}
	}
	b.rounds[key] = out
	return out
}

// roundPairs enumerates every pair of sorted rolls (weighted by their
// orderings) in parallel: encoded roundOut | tokens used <<21 -> count.
func (b *boardOdds) roundPairs(nA, nD, xpA, xpD int, simple bool) map[int]u128 {
	if !simple {
		for _, sc := range b.seqCaches {
			if sc.nA == nA && sc.nD == nD && sc.xpA >= xpA && sc.xpD >= xpD {
				w := &roundWorker{b: b, ct: sc.ct, seqList: sc.seqList}
				w.dpSeqs(xpA, xpD)
				return w.acc.counts()
			}
		}
	}
	as := multisets(nA)
	multisets(nD)
	workers := min(runtime.GOMAXPROCS(0), 2)
	if len(as)*len(multisets(nD)) < 2000 || workers < 1 {
		workers = 1
	}
	// the attacker's rolls are taken a few at a time by whichever worker
	// is free (shareWork); with re-rolls the workers class the duels in
	// one table (each duel once, under mu) and sum the rolls by their
	// sequence of classes, the sequences then merged and counted by one
	// programme
	var mu sync.Mutex
	ws := make([]*roundWorker, workers)
	for i := range ws {
		ws[i] = &roundWorker{b: b, seqs: map[uint64]int{}}
		if !simple {
			ws[i].ct = b.classTab(xpA, xpD)
			if workers > 1 {
				ws[i].mu, ws[i].local = &mu, make([]int32, len(ws[i].ct.classes))
			}
		}
	}
	const chunk = 4 // attacker's rolls
	if workers == 1 {
		ws[0].run(as, nD, xpA, xpD, simple)
	} else {
		var next atomic.Int32
		shareWork(func(wi int) {
			for c := int(next.Add(1)) - 1; c*chunk < len(as); c = int(next.Add(1)) - 1 {
				ws[wi].run(as[c*chunk:min((c+1)*chunk, len(as))], nD, xpA, xpD, simple)
			}
		})
	}
	if !simple {
		w0 := ws[0]
		for _, w := range ws[1:] {
			for key, i := range w.seqs {
				if j, ok := w0.seqs[key]; ok {
					w0.seqList[j].x += w.seqList[i].x
					continue
				}
				w0.seqs[key] = len(w0.seqList)
				w0.seqList = append(w0.seqList, w.seqList[i])
			}
		}
		w0.dpSeqs(xpA, xpD)
		b.seqCaches = append(b.seqCaches, seqCache{nA, nD, xpA, xpD, w0.ct, w0.seqList})
		return w0.acc.counts()
	}
	if workers == 1 {
		return ws[0].acc.counts()
	}
	acc := map[int]u128{}
	for _, w := range ws {
		for i, full := range w.acc.full {
			if !full {
				continue
			}
			x := acc[w.acc.keys[i]]
			x.add(w.acc.vals[i])
			acc[w.acc.keys[i]] = x
		}
	}
	return acc
}

// battleState is the running total of a Boarding Battle.
type battleState struct {
	lostA, lostD, pirate, unresA, unresD int
	stopped                              bool
}

func defeatAt(u mw.Unit) int {
	switch u.Kind {
	case mw.KindShip:
		if u.ShoreSet {
			return 1 << 30
		}
		return u.Sailors + u.Cannons
	case mw.KindGalleass, mw.KindMilitia:
		return u.Sailors
	}
	return 1 << 30
}

func (b *boardOdds) apply(s battleState, o roundOut, tieRound bool) battleState {
	s.lostA += o[0]
	if b.def.Kind == mw.KindPirate {
		if b.o.PirateCountsDuels {
			s.pirate += o[4]
		} else {
			s.pirate += o[1]
		}
	} else {
		s.lostD += o[1]
	}
	if tieRound {
		s.unresA += o[2]
		s.unresD += o[3]
	}
	if s.lostA >= defeatAt(b.att) || s.lostD >= defeatAt(b.def) {
		s.stopped = true
	}
	return s
}

// BoardingOdds is the exact distribution of a whole Boarding Battle: both
// clashes, each with its tie re-roll, with bosun's placement and re-roll
// policies (docs/misty-battles.md).
func BoardingOdds(att, def mw.Unit, o mw.Options) (*Odds, error) {
	if err := mw.BoardingPrecheck(att, def); err != nil {
		return nil, err
	}
	if err := mw.CheckBoxPair(att, def); err != nil {
		return nil, err
	}
	v, err := mw.CanAttack(att, def, mw.Boarding, o)
	if err != nil {
		return nil, err
	}
	od := &Odds{Type: mw.Boarding, Attacker: att, Defender: def, Cites: mw.Uniq(v.Cites, []string{mw.CiteBoarding, mw.CiteLargeCrew, mw.CiteDuelArrangement, mw.CiteDuelResults, mw.CiteTies, mw.CiteErrata})}
	od.Policy = []string{
		"the side with extra dice places them: " + mw.NPCPolicyText(att, def, o) + "; a player by bosun's best placement (most opponent dice lost minus own dice lost on the dice as rolled; " + placeTieText(o) + ")",
		"a First-Class Fencing Master re-rolls, in each duel its side is losing, the dice that give the best chance to win (a tie counting half)",
		"Experience Tokens are spent duel by duel in arrangement order on the lowest own die of a duel being lost, while a re-roll could still save it",
	}
	a, d, why := mw.BoardingDice(att, def)
	od.Notes = append(od.Notes, why...)
	if a == 0 || d == 0 {
		return nil, mw.NoDiceError(why)
	}
	for i := 0; i < 4; i++ {
		if att.XPFor(i)+def.XPFor(i) > 14 {
			return nil, referee.Usagef("mistywaters: exact Boarding odds take at most 14 Experience Tokens per roll (both sides together), not %d", att.XPFor(i)+def.XPFor(i))
		}
	}
	b := newBoardOdds(att, def, o)
	if !o.Simplified {
		b.equalRolls(mw.Clashes(a, d))
	}
	var final map[battleState]*big.Rat
	if o.Simplified {
		od.Cites = append(od.Cites, mw.CiteSimplified)
		final = b.simplified(a, d)
	} else {
		// the running states are counted over powers of 6 (no gcd at each
		// sum) and become fractions once, at the end
		states := map[battleState]*sixths{{}: {num: *big.NewInt(1)}}
		// scratch numbers: a product, a product scaled (put copies what
		// it keeps)
		tmp, pp, scaled := new(big.Int), new(big.Int), new(big.Int)
		for ci, c := range mw.Clashes(a, d) {
			next := map[battleState]*sixths{}
			put := func(s battleState, num *big.Int, exp int) {
				if cur, ok := next[s]; ok {
					cur.addScaled(num, exp, scaled)
				} else {
					p := &sixths{exp: exp}
					p.num.Set(num)
					next[s] = p
				}
			}
			for s, p := range states {
				if s.stopped {
					put(s, &p.num, p.exp)
					continue
				}
				for ro, p1 := range b.roundSixths(c[0], c[1], att.XPFor(ci*2), def.XPFor(ci*2)) {
					s1 := b.apply(s, ro, false)
					pp.Mul(&p.num, &p1.num)
					ppExp := p.exp + p1.exp
					if s1.stopped || (ro[2] == 0 && ro[3] == 0) {
						put(s1, pp, ppExp)
						continue
					}
					for ro2, p2 := range b.roundSixths(ro[2], ro[3], att.XPFor(ci*2+1), def.XPFor(ci*2+1)) {
						put(b.apply(s1, ro2, true), tmp.Mul(pp, &p2.num), ppExp+p2.exp)
					}
				}
			}
			states = next
		}
		// the states are summed by outcome over powers of 6 and each
		// outcome made a fraction once (a gcd per outcome, not per state)
		type labelled struct {
			toA, toD mw.Damage
			p        *sixths
		}
		// the end of a battle depends on the dice each side lost only
		// (finalDamage): the states are summed by those first
		type lost struct{ a, d, pirate int }
		byLost := map[lost]*sixths{}
		for s, p := range states {
			k := lost{s.lostA, s.lostD, s.pirate}
			if g, ok := byLost[k]; ok {
				g.addScaled(&p.num, p.exp, scaled)
				continue
			}
			byLost[k] = p
		}
		byLabel := map[string]*labelled{}
		for k, p := range byLost {
			toA, toD := b.finalDamage(battleState{lostA: k.a, lostD: k.d, pirate: k.pirate})
			l := outcomeLabel(toA, toD)
			if g, ok := byLabel[l]; ok {
				g.p.addScaled(&p.num, p.exp, scaled)
				continue
			}
			byLabel[l] = &labelled{toA, toD, p}
		}
		// over one power of 6: the sums stay whole numbers and each is
		// made a fraction once (finishCounts: accum.finish's fractions
		// without a gcd per addition)
		e := 0
		for _, g := range byLabel {
			e = max(e, g.p.exp)
		}
		outs := make([]*countOutcome, 0, len(byLabel))
		for l, g := range byLabel {
			num := new(big.Int).Mul(&g.p.num, pow6Of(e-g.p.exp))
			outs = append(outs, &countOutcome{label: l, toA: g.toA, toD: g.toD, num: num})
		}
		finishCounts(od, outs, pow6Of(e))
		return od, nil
	}
	acc := newAccum()
	for s, p := range final {
		toA, toD := b.finalDamage(s)
		acc.add(toA, toD, p)
	}
	acc.finish(od)
	return od, nil
}

// finalDamage turns the dice each side lost into the end of the battle.
func (b *boardOdds) finalDamage(s battleState) (mw.Damage, mw.Damage) {
	return mw.EndBoarding(b.att, b.def, b.o, s.lostA, s.lostD, s.pirate)
}

// simplified: the 'Simplified Variant' one-die duels in sequence.
func (b *boardOdds) simplified(a, d int) map[battleState]*big.Rat {
	win, lose := 0, 0
	for x := 1; x <= 6; x++ {
		for y := 1; y <= 6; y++ {
			switch b.rules.Winner(mw.Duel{A: []int{x}, D: []int{y}}) {
			case 1:
				win++
			case -1:
				lose++
			}
		}
	}
	pW, pL := big.NewRat(int64(win), 36), big.NewRat(int64(lose), 36)
	pT := big.NewRat(int64(36-win-lose), 36)
	type st struct{ a, d, lostA, lostD int }
	cur := map[st]*big.Rat{{a, d, 0, 0}: big.NewRat(1, 1)}
	final := map[battleState]*big.Rat{}
	put := func(m map[st]*big.Rat, s st, p *big.Rat) {
		if c, ok := m[s]; ok {
			c.Add(c, p)
		} else {
			m[s] = new(big.Rat).Set(p)
		}
	}
	n := max(a, d)
	for k := 0; k < n; k++ {
		next := map[st]*big.Rat{}
		for s, p := range cur {
			if s.a == 0 || s.d == 0 {
				put(next, s, p)
				continue
			}
			put(next, st{s.a, s.d - 1, s.lostA, s.lostD + 1}, new(big.Rat).Mul(p, pW))
			put(next, st{s.a - 1, s.d, s.lostA + 1, s.lostD}, new(big.Rat).Mul(p, pL))
			put(next, s, new(big.Rat).Mul(p, pT))
		}
		cur = next
	}
	for s, p := range cur {
		bst := battleState{lostA: s.lostA, lostD: s.lostD}
		if b.def.Kind == mw.KindPirate {
			bst.lostD, bst.pirate = 0, s.lostD
		}
		if c, ok := final[bst]; ok {
			c.Add(c, p)
		} else {
			final[bst] = new(big.Rat).Set(p)
		}
	}
	return final
}

// placeTieText says which of two placements with the same net dice bosun
// proposes (--place-tie).
func placeTieText(o mw.Options) string {
	if o.PlaceTakeMore {
		return "of two with the same net, the one costing the opponent more dice (--place-tie take-more)"
	}
	return "of two with the same net, the one losing fewer of one's own dice (--place-tie keep-own)"
}
