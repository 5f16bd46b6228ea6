package odds

import (
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
)

// Equal dice counts (the common n vs n roll, and the heaviest: 5 vs 5 in
// each clash of a 10-dice battle) need no second row: duel i always pairs
// the defender's i-th highest die with the attacker's i-th lowest. So the
// exact distribution is a dynamic programme over the positions of the two
// sorted rolls instead of an enumeration of every pair of rolls: the state
// is the current run of equal values on each side (value, positions it
// still covers), the duels won and lost so far and the Experience Tokens
// left. A sorted roll with runs c1, c2, ... stands for n!/(c1!c2!...)
// ordered rolls, counted exactly as a product of binomials C(n-i, c) when
// a run of length c starts at position i. Counts are exact 128-bit
// integers over the same denominator as roundDist's enumeration.
//
// The states are stored as rows: a row per run state and duels won and
// lost (rowKey), holding a dense array of counts by the tokens each side
// has left. A duel's re-roll branches then move whole rows to at most
// three other rows (won, lost, tied) instead of hashing every state and
// branch: the 7 XP a side 10 v 10 roll makes over a million such moves.

// mul128 multiplies a 128-bit count by a 64-bit factor (the product fits:
// every count here is below 6^34 < 2^89).
func mul128(x u128, b uint64) u128 {
	h, l := bits.Mul64(x.lo, b)
	return u128{x.hi*b + h, l}
}

func (x *u128) add(y u128) {
	var c uint64
	x.lo, c = bits.Add64(x.lo, y.lo, 0)
	x.hi += y.hi + c
}

// rowKey is a run-DP row: D value (7 = none yet), D run left, A value (0
// = none yet), A run left, duels the attacker won, duels the defender won
// (3 bits each: a roll has at most 5 dice a side in equal counts).
func rowKey(v, rD, u, rA, w, l int) uint32 {
	return uint32(v | rD<<3 | u<<6 | rA<<9 | w<<12 | l<<15)
}

func rowUnkey(k uint32) (v, rD, u, rA, w, l int) {
	x := int(k)
	return x & 7, x >> 3 & 7, x >> 6 & 7, x >> 9 & 7, x >> 12 & 7, x >> 15 & 7
}

// rowAt is a rowTab's lookup entry: the row of key key, valid in
// generation gen (an entry of another generation is free).
type rowAt struct {
	gen, key uint32
	at       int32
}

// rowTab holds the rows of one phase: row i has key keys[i] and its
// counts by the tokens each side has left in blocks, one per defender's
// tokens left dl (heads[i*nb+dl], -1 for a block all zero) of qa counts
// by the attacker's tokens left (cells[b*qa : (b+1)*qa] for block b):
// most blocks of a row stay zero (of a 7 XP a side 5 v 5 roll's rows, six
// in ten), so they take no memory. Rows are found by key in an
// open-addressing table cleared by generation, at most half full (48 KB
// for the 2,000 rows of the largest roll: a table indexed by every
// possible key took 500 KB, and a page fault for most of its pages). Every cell beyond the blocks
// in use is zero: the reader of a row clears its blocks (while they are
// in the cache), so a new block needs no clearing.
type rowTab struct {
	qa, nb int
	keys   []uint32
	heads  []int32
	cells  []u128
	zero   []u128
	gen    uint32
	slots  []rowAt // by a hash of the key, linear probing
}

func (t *rowTab) reset(qa, nb int) {
	if t.slots == nil {
		t.slots = make([]rowAt, 4096)
	}
	if len(t.zero) < qa {
		t.zero = make([]u128, qa)
	}
	if cap(t.cells) < 8192*qa {
		// room for the largest roll's blocks at once (a few thousand);
		// the pages not reached are never touched
		t.cells = make([]u128, 0, 8192*qa)
	}
	if cap(t.heads) < 4096*nb {
		// and rows (growing by copies touched twice the pages)
		t.keys = make([]uint32, 0, 4096)
		t.heads = make([]int32, 0, 4096*nb)
	}
	t.gen++
	t.qa, t.nb = qa, nb
	t.keys, t.heads, t.cells = t.keys[:0], t.heads[:0], t.cells[:0]
}

// row returns the index of the row with key k, adding it (all zero) when
// it is new.
func (t *rowTab) row(k uint32) int {
	m := uint32(len(t.slots) - 1)
	h := k * 0x9E3779B1 >> 16 & m
	for {
		sl := &t.slots[h]
		if sl.gen != t.gen {
			break
		}
		if sl.key == k {
			return int(sl.at)
		}
		h = (h + 1) & m
	}
	if 2*(len(t.keys)+1) > len(t.slots) {
		t.grow()
		return t.row(k)
	}
	i := len(t.keys)
	t.keys = append(t.keys, k)
	t.slots[h] = rowAt{t.gen, k, int32(i)}
	for d := 0; d < t.nb; d++ {
		t.heads = append(t.heads, -1)
	}
	return i
}

// grow doubles the lookup table, its rows kept.
func (t *rowTab) grow() {
	t.slots = make([]rowAt, 2*len(t.slots))
	m := uint32(len(t.slots) - 1)
	for i, k := range t.keys {
		h := k * 0x9E3779B1 >> 16 & m
		for t.slots[h].gen == t.gen {
			h = (h + 1) & m
		}
		t.slots[h] = rowAt{t.gen, k, int32(i)}
	}
}

// block returns the index of row i's block for dl, adding it (all zero)
// when it is new. Cells are reached through the index, since adding a
// block may move them.
func (t *rowTab) block(i, dl int) int {
	h := &t.heads[i*t.nb+dl]
	if *h < 0 {
		n := len(t.cells)
		if cap(t.cells)-n >= t.qa {
			// already zero: roundEqual clears each block once it has read it
			t.cells = t.cells[:n+t.qa]
		} else {
			t.cells = append(t.cells, t.zero[:t.qa]...)
		}
		*h = int32(n / t.qa)
	}
	return int(*h)
}

func (x u128) isZero() bool { return x.hi|x.lo == 0 }

var binom = func() [11][11]uint64 {
	var c [11][11]uint64
	for n := 0; n <= 10; n++ {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

// roundEqual is roundDist's count table for n vs n dice with re-rolls:
// encoded roundOut | tokens used <<21 -> count over 6^(4n + used).
//
// A large roll is counted on two cores, phase by phase: each phase keeps
// part of a row's key (a new defender run keeps the attacker's run and
// the duels won and lost, a new attacker run the defender's run and the
// duels, a duel both runs), so the rows are cut in chunks by a hash of
// that part: different chunks reach different rows, each worker writes
// the chunks it takes to a table of its own, and the next phase reads
// both. The counts are the same sums however the rows are shared.
//
// tabs are its tables (b.runTabs but for equalRolls' second worker).
func (b *boardOdds) roundEqual(n, xpA, xpD int, tabs *[4]rowTab) map[int]u128 {
	brs := b.eqDuels(xpA, xpD)
	// branches returns the branches of defender's die v against
	// attacker's die u by budget, dLeft*(xpA+1)+aLeft
	branches := func(v, u int) [][]branch {
		at := (v*7 + u) * (xpD + 1) * (xpA + 1)
		return brs[at : at+(xpD+1)*(xpA+1)]
	}
	qa, nb := xpA+1, xpD+1
	// addRow adds src's row j times f to dst's row k
	addRow := func(dst *rowTab, k uint32, src *rowTab, j int, f uint64) {
		di := dst.row(k)
		for d, sb := range src.heads[j*nb:][:nb] {
			if sb < 0 {
				continue
			}
			dc := dst.cells[dst.block(di, d)*qa:][:qa]
			if f == 1 { // a row passed on as it is
				for a, x := range src.cells[int(sb)*qa:][:qa] {
					dc[a].add(x)
				}
				continue
			}
			for a, x := range src.cells[int(sb)*qa:][:qa] {
				if !x.isZero() {
					dc[a].add(mul128(x, f))
				}
			}
		}
	}
	// clearRow zeroes src's row j once read
	clearRow := func(src *rowTab, j int) {
		for _, sb := range src.heads[j*nb:][:nb] {
			if sb >= 0 {
				clear(src.cells[int(sb)*qa:][:qa])
			}
		}
	}
	var left int // the positions left, in the phase being run
	// a new defender run (values strictly lower, highest first)
	defRun := func(dst, src *rowTab, j int, k uint32) {
		v, rD, u, rA, w, l := rowUnkey(k)
		if rD > 0 {
			addRow(dst, k, src, j, 1)
		} else {
			for v2 := 1; v2 < v; v2++ {
				// a run of 1s must cover the positions left: no
				// value is lower (a shorter one leads nowhere)
				c := 1
				if v2 == 1 {
					c = left
				}
				for ; c <= left; c++ {
					addRow(dst, rowKey(v2, c, u, rA, w, l), src, j, binom[left][c])
				}
			}
		}
		clearRow(src, j)
	}
	// a new attacker run (values strictly higher, lowest first)
	attRun := func(dst, src *rowTab, j int, k uint32) {
		v, rD, u, rA, w, l := rowUnkey(k)
		if rA > 0 {
			addRow(dst, k, src, j, 1)
		} else {
			for u2 := u + 1; u2 <= 6; u2++ {
				// and a run of 6s the attacker's positions left
				c := 1
				if u2 == 6 {
					c = left
				}
				for ; c <= left; c++ {
					addRow(dst, rowKey(v, rD, u2, c, w, l), src, j, binom[left][c])
				}
			}
		}
		clearRow(src, j)
	}
	// the duel at the position: defender die v against attacker die u
	duel := func(dst, src *rowTab, j int, k uint32) {
		v, rD, u, rA, w, l := rowUnkey(k)
		// rows for a defender win, a tie, an attacker win (made when
		// first reached)
		to := [3]int{-1, -1, -1}
		// the first cell of each of those rows' blocks by the
		// defender's tokens left (-1: not looked up yet), at hand
		// instead of the rows' heads for every branch
		at := noBlocks
		bu := branches(v, u)
		for dl, sb := range src.heads[j*nb:][:nb] {
			if sb < 0 {
				continue
			}
			cells := src.cells[int(sb)*qa:][:qa]
			for al, x := range cells {
				if x.isZero() {
					continue
				}
				for _, br := range bu[dl*qa+al] {
					wi := int(br.win) + 1
					d2 := dl - int(br.dUsed)
					c := &at[wi][d2]
					if *c < 0 {
						if to[wi] < 0 {
							w2, l2 := w, l
							switch br.win {
							case 1:
								w2++
							case -1:
								l2++
							}
							to[wi] = dst.row(rowKey(v, rD-1, u, rA-1, w2, l2))
						}
						*c = int32(dst.block(to[wi], d2) * qa)
					}
					dst.cells[int(*c)+al-int(br.aUsed)].add(mul128(x, br.n))
				}
			}
			clear(cells)
		}
	}
	split := runtime.GOMAXPROCS(0) > 1 || b.minSplit == 0
	// the tables are kept for the battle's other rolls: a phase reads a
	// pair and fills the other (the second of each only when split)
	in := [2]*rowTab{&tabs[0], &tabs[1]}
	out := [2]*rowTab{&tabs[2], &tabs[3]}
	// phase runs f on the rows of in into out and swaps them; keep is the
	// part of a key that f keeps
	var chunks [splitChunks][]int32 // a phase's rows by chunk: table<<30 | row
	phase := func(keep uint32, f func(dst, src *rowTab, j int, k uint32)) {
		out[0].reset(qa, nb)
		out[1].reset(qa, nb)
		if !split || len(in[0].cells)+len(in[1].cells) < b.minSplit {
			for _, src := range in {
				for j, k := range src.keys {
					f(out[0], src, j, k)
				}
			}
			in, out = out, in
			return
		}
		for c := range chunks {
			chunks[c] = chunks[c][:0]
		}
		for t, src := range in {
			for j, k := range src.keys {
				c := (k & keep) * 0x9E3779B1 >> (32 - splitChunkBits)
				chunks[c] = append(chunks[c], int32(t<<30|j))
			}
		}
		run := func(w, c int) {
			for _, r := range chunks[c] {
				src := in[r>>30]
				j := int(r & (1<<30 - 1))
				f(out[w], src, j, src.keys[j])
			}
		}
		if b.minSplit == 0 {
			// tests: half the chunks each, both tables filled
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				for c := 1; c < splitChunks; c += 2 {
					run(1, c)
				}
			}()
			for c := 0; c < splitChunks; c += 2 {
				run(0, c)
			}
			wg.Wait()
		} else {
			var next atomic.Int32
			shareWork(func(w int) {
				for c := int(next.Add(1)) - 1; c < splitChunks; c = int(next.Add(1)) - 1 {
					run(w, c)
				}
			})
		}
		in, out = out, in
	}
	in[0].reset(qa, nb)
	in[1].reset(qa, nb)
	in[0].cells[in[0].block(in[0].row(rowKey(7, 0, 0, 0, 0, 0)), xpD)*qa+xpA] = u128{0, 1}
	const (
		runD  = 1<<6 - 1         // v, rD of a rowKey
		runA  = (1<<6 - 1) << 6  // u, rA
		duels = (1<<6 - 1) << 12 // w, l
	)
	for i := 0; i < n; i++ {
		left = n - i
		phase(runA|duels, defRun)
		phase(runD|duels, attRun)
		phase(runD|runA, duel)
	}
	res := map[int]u128{}
	for _, cur := range in {
		for j, k := range cur.keys {
			_, _, _, _, w, l := rowUnkey(k)
			t := n - w - l
			for dl, sb := range cur.heads[j*nb:][:nb] {
				if sb < 0 {
					continue
				}
				for al, x := range cur.cells[int(sb)*qa:][:qa] {
					if x.isZero() {
						continue
					}
					k := encOut(roundOut{l, w, t, t, w}) | ((xpD-dl)+(xpA-al))<<21
					y := res[k]
					y.add(x)
					res[k] = y
				}
			}
		}
		clear(cur.cells)
	}
	return res
}

// eqDuels is eqBranches(xpA, xpD) with every duel's branches enumerated,
// so that roundEqual's workers only read them (every pair of faces meets
// in any n v n): the first caller enumerates them, under the table's
// lock, while another worker may enumerate another table's (the stages
// they share are under b.stMu).
func (b *boardOdds) eqDuels(xpA, xpD int) [][]branch {
	t := b.eqBranches(xpA, xpD)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.filled {
		return t.brs
	}
	t.filled = true
	brs := t.brs
	for v := 1; v <= 6; v++ {
		for u := 1; u <= 6; u++ {
			at := (v*7 + u) * (xpD + 1) * (xpA + 1)
			if bu := brs[at : at+(xpD+1)*(xpA+1)]; bu[0] == nil {
				// every budget of the duel at once (its stages set up once)
				b.duelBudgets(mw.Duel{A: []int{u}, D: []int{v}}, xpD, xpA, bu)
			}
		}
	}
	return brs
}

// equalRolls counts beforehand the rolls of the clashes that roundEqual
// counts: on two cores, the first clash's n v n roll (the largest: 5 v 5
// in a 10-dice battle) first and the others (its tie re-rolls t v t, the
// second clash's) beside it, by whichever worker is free (shareWork),
// each worker with its own tables, from the enumeration of the duels'
// branches on (eqDuels).
func (b *boardOdds) equalRolls(clashes [][2]int) {
	if runtime.GOMAXPROCS(0) < 2 {
		return
	}
	var keys []roundKey
	for ci, c := range clashes {
		n := c[0]
		if c[1] != n {
			continue
		}
		for _, k := range []roundKey{{n, n, b.att.XPFor(ci * 2), b.def.XPFor(ci * 2)}} {
			if b.equalRuns(k) && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
		for t := n; t >= 1; t-- {
			k := roundKey{t, t, b.att.XPFor(ci*2 + 1), b.def.XPFor(ci*2 + 1)}
			if b.equalRuns(k) && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	if len(keys) < 2 {
		return
	}
	for _, k := range keys {
		b.eqBranches(k.xpA, k.xpD) // made here, filled by the workers
	}
	counts := make([]map[int]u128, len(keys))
	var next atomic.Int32
	var side [4]rowTab
	shareWork(func(w int) {
		tabs := &b.runTabs
		if w == 1 {
			tabs = &side
		}
		for i := int(next.Add(1)) - 1; i < len(keys); i = int(next.Add(1)) - 1 {
			k := keys[i]
			counts[i] = b.roundEqual(k.nA, k.xpA, k.xpD, tabs)
		}
	})
	for i, k := range keys {
		b.storeRound(k, counts[i])
	}
}

// A phase split between two workers is cut in splitChunks chunks by a
// hash of the part of the keys it keeps, taken by whichever worker is
// free (shareWork).
const (
	splitChunkBits = 3
	splitChunks    = 1 << splitChunkBits
)

// shareWork runs work(0) here and, with more than one core, work(1) on
// another goroutine, the two taking their items from a counter of their
// own (work returns when none is left). A helper that has not started
// when work(0) returns is called off: on a busy machine (the helper
// waiting for a core) this goroutine waits at most for the item the
// helper is working on, never for the helper to be scheduled.
func shareWork(work func(worker int)) {
	if runtime.GOMAXPROCS(0) < 2 {
		work(0)
		return
	}
	var state atomic.Int32 // 0: not started, 1: working, 2: called off
	done := make(chan struct{})
	go func() {
		if !state.CompareAndSwap(0, 1) {
			return
		}
		defer close(done)
		work(1)
	}()
	work(0)
	if state.CompareAndSwap(0, 2) {
		return
	}
	<-done
}

// noBlocks is a duel's table of its rows' blocks with none looked up
// (a side has at most 14 tokens a roll: 15 budgets).
var noBlocks = func() (t [3][15]int32) {
	for i := range t {
		for j := range t[i] {
			t[i][j] = -1
		}
	}
	return t
}()

// minSplitCells is the size of a phase's tables (their cells in use)
// from which roundEqual runs the phase on two cores (boardOdds.minSplit;
// tests split every phase): below it, handing half the rows to another
// core costs more than it saves.
const minSplitCells = 4096
