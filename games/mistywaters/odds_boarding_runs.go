package mistywaters

import "math/bits"

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

// rowSlots is the number of distinct rowKeys: v 1-7, runs 0-5, u 0-6,
// duels won and lost 0-5 (a sixth of the 18-bit key space, so the lookup
// table of a phase is 500 KB, not 2 MB in two arrays, and the pages it
// touches are fewer).
const rowSlots = 7 * 6 * 7 * 6 * 6 * 6

// rowSlot numbers a rowKey densely in [0, rowSlots).
func rowSlot(k uint32) int {
	v, rD, u, rA, w, l := rowUnkey(k)
	return ((((((v-1)*6+rD)*7+u)*6+rA)*6+w)*6 + l)
}

// rowAt is a rowTab's lookup entry: the row of a key, valid in generation gen.
type rowAt struct {
	gen uint32
	at  int32
}

// rowTab holds the rows of one phase: row i has key keys[i] and the counts
// cells[i*qs : (i+1)*qs], indexed by dl*(xpA+1) + al. Rows are found by
// key through a direct table (by rowSlot) cleared by generation. Every cell beyond the
// rows in use is zero: the reader of a row clears it (while it is in the
// cache), so a new row needs no clearing.
type rowTab struct {
	qs    int
	keys  []uint32
	cells []u128
	zero  []u128
	gen   uint32
	slots []rowAt // by rowSlot
}

func (t *rowTab) reset(qs int) {
	if t.slots == nil {
		t.slots = make([]rowAt, rowSlots)
	}
	if len(t.zero) < qs {
		t.zero = make([]u128, qs)
		// room for the largest roll's rows at once (a few thousand)
		t.cells = make([]u128, 0, 4096*qs)
	}
	t.gen++
	t.qs = qs
	t.keys, t.cells = t.keys[:0], t.cells[:0]
}

// row returns the index of the row with key k, adding it (all zero) when
// it is new. Cells are reached through the index, since adding a row may
// move them.
func (t *rowTab) row(k uint32) int {
	sl := &t.slots[rowSlot(k)]
	if sl.gen == t.gen {
		return int(sl.at)
	}
	i := len(t.keys)
	t.keys = append(t.keys, k)
	*sl = rowAt{t.gen, int32(i)}
	if n := len(t.cells); cap(t.cells)-n >= t.qs {
		// already zero: roundEqual clears each row once it has read it
		t.cells = t.cells[:n+t.qs]
	} else {
		t.cells = append(t.cells, t.zero[:t.qs]...)
	}
	return i
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
func (b *boardOdds) roundEqual(n, xpA, xpD int) map[int]u128 {
	brs := b.eqBranches(xpA, xpD)
	branches := func(v, u, dl, al int) []branch {
		at := (v*7 + u) * (xpD + 1) * (xpA + 1)
		if brs[at] == nil {
			// every budget of the duel at once (its stages set up once)
			b.duelBudgets(duel{a: []int{u}, d: []int{v}}, xpD, xpA, brs[at:at+(xpD+1)*(xpA+1)])
		}
		return brs[at+dl*(xpA+1)+al]
	}
	qa := xpA + 1
	qs := (xpD + 1) * qa
	// the two tables are kept for the battle's other rolls; each phase
	// reads one and fills the other
	cur, nxt := &b.runTabs[0], &b.runTabs[1]
	cur.reset(qs)
	cur.cells[cur.row(rowKey(7, 0, 0, 0, 0, 0))*qs+xpD*qa+xpA] = u128{0, 1}
	// addRow adds src times f to dst's row k
	addRow := func(dst *rowTab, k uint32, src []u128, f uint64) {
		d := dst.cells[dst.row(k)*qs:][:qs]
		for q, x := range src {
			if !x.isZero() {
				d[q].add(mul128(x, f))
			}
		}
	}
	for i := 0; i < n; i++ {
		left := n - i
		// a new defender run (values strictly lower, highest first)
		nxt.reset(qs)
		for j, k := range cur.keys {
			src := cur.cells[j*qs:][:qs]
			v, rD, u, rA, w, l := rowUnkey(k)
			if rD > 0 {
				addRow(nxt, k, src, 1)
			} else {
				for v2 := 1; v2 < v; v2++ {
					// a run of 1s must cover the positions left: no
					// value is lower (a shorter one leads nowhere)
					c := 1
					if v2 == 1 {
						c = left
					}
					for ; c <= left; c++ {
						addRow(nxt, rowKey(v2, c, u, rA, w, l), src, binom[left][c])
					}
				}
			}
			clear(src)
		}
		// a new attacker run (values strictly higher, lowest first)
		cur.reset(qs)
		for j, k := range nxt.keys {
			src := nxt.cells[j*qs:][:qs]
			v, rD, u, rA, w, l := rowUnkey(k)
			if rA > 0 {
				addRow(cur, k, src, 1)
			} else {
				for u2 := u + 1; u2 <= 6; u2++ {
					// and a run of 6s the attacker's positions left
					c := 1
					if u2 == 6 {
						c = left
					}
					for ; c <= left; c++ {
						addRow(cur, rowKey(v, rD, u2, c, w, l), src, binom[left][c])
					}
				}
			}
			clear(src)
		}
		// the duel at position i: defender die v against attacker die u
		nxt.reset(qs)
		for j, k := range cur.keys {
			src := cur.cells[j*qs:][:qs]
			v, rD, u, rA, w, l := rowUnkey(k)
			// rows for a defender win, a tie, an attacker win (made when
			// first reached)
			to := [3]int{-1, -1, -1}
			for q, x := range src {
				if x.isZero() {
					continue
				}
				dl, al := q/qa, q%qa
				for _, br := range branches(v, u, dl, al) {
					wi := int(br.win) + 1
					if to[wi] < 0 {
						w2, l2 := w, l
						switch br.win {
						case 1:
							w2++
						case -1:
							l2++
						}
						to[wi] = nxt.row(rowKey(v, rD-1, u, rA-1, w2, l2))
					}
					nxt.cells[to[wi]*qs+(dl-int(br.dUsed))*qa+al-int(br.aUsed)].add(mul128(x, br.n))
				}
			}
			clear(src)
		}
		cur, nxt = nxt, cur
	}
	out := map[int]u128{}
	for j, k := range cur.keys {
		_, _, _, _, w, l := rowUnkey(k)
		t := n - w - l
		for q, x := range cur.cells[j*qs:][:qs] {
			if x.isZero() {
				continue
			}
			dl, al := q/qa, q%qa
			k := encOut(roundOut{l, w, t, t, w}) | ((xpD-dl)+(xpA-al))<<21
			y := out[k]
			y.add(x)
			out[k] = y
		}
	}
	clear(cur.cells)
	return out
}
