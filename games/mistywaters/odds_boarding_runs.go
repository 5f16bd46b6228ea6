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

// tab128 is an open-addressing table of 128-bit counts by uint32 state,
// cleared by generation.
type tab128 struct {
	keys  []uint32
	vals  []u128
	stamp []uint32
	gen   uint32
	used  []int
}

func (t *tab128) reset() {
	if t.keys == nil {
		t.alloc(1 << 12)
	}
	t.gen++
	t.used = t.used[:0]
}

func (t *tab128) alloc(n int) {
	t.keys, t.vals, t.stamp = make([]uint32, n), make([]u128, n), make([]uint32, n)
	t.gen = 1
	t.used = t.used[:0]
}

func (t *tab128) add(k uint32, v u128) {
	if len(t.used)*2 >= len(t.keys) {
		old := t.entries(nil)
		t.alloc(2 * len(t.keys))
		for _, e := range old {
			t.add(e.k, e.v)
		}
	}
	m := len(t.keys) - 1
	i := int(uint64(k)*0x9E3779B97F4A7C15>>40) & m
	for {
		if t.stamp[i] != t.gen {
			t.stamp[i], t.keys[i], t.vals[i] = t.gen, k, v
			t.used = append(t.used, i)
			return
		}
		if t.keys[i] == k {
			t.vals[i].add(v)
			return
		}
		i = (i + 1) & m
	}
}

type entry128 struct {
	k uint32
	v u128
}

func (t *tab128) entries(dst []entry128) []entry128 {
	for _, i := range t.used {
		dst = append(dst, entry128{t.keys[i], t.vals[i]})
	}
	return dst
}

// run-DP state: D value (7 = none yet), D run left, A value (0 = none
// yet), A run left, duels the attacker won, duels the defender won,
// defender tokens left, attacker tokens left.
func runKey(v, rD, u, rA, w, l, dl, al int) uint32 {
	return uint32(v | rD<<3 | u<<6 | rA<<9 | w<<12 | l<<15 | dl<<18 | al<<23)
}

func runUnkey(k uint32) (v, rD, u, rA, w, l, dl, al int) {
	x := int(k)
	return x & 7, x >> 3 & 7, x >> 6 & 7, x >> 9 & 7, x >> 12 & 7, x >> 15 & 7, x >> 18 & 31, x >> 23 & 31
}

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
	brs := make([][]branch, 49*(xpD+1)*(xpA+1))
	branches := func(v, u, dl, al int) []branch {
		i := ((v*7+u)*(xpD+1)+dl)*(xpA+1) + al
		if br := brs[i]; br != nil {
			return br
		}
		br := b.duelBranches(duel{a: []int{u}, d: []int{v}}, dl, al)
		brs[i] = br
		return br
	}
	var cur, nxt tab128
	var list []entry128
	cur.reset()
	cur.add(runKey(7, 0, 0, 0, 0, 0, xpD, xpA), u128{0, 1})
	for i := 0; i < n; i++ {
		left := n - i
		// a new defender run (values strictly lower, highest first)
		list = cur.entries(list[:0])
		nxt.reset()
		for _, e := range list {
			v, rD, u, rA, w, l, dl, al := runUnkey(e.k)
			if rD > 0 {
				nxt.add(e.k, e.v)
				continue
			}
			for v2 := 1; v2 < v; v2++ {
				for c := 1; c <= left; c++ {
					nxt.add(runKey(v2, c, u, rA, w, l, dl, al), mul128(e.v, binom[left][c]))
				}
			}
		}
		// a new attacker run (values strictly higher, lowest first)
		list = nxt.entries(list[:0])
		cur.reset()
		for _, e := range list {
			v, rD, u, rA, w, l, dl, al := runUnkey(e.k)
			if rA > 0 {
				cur.add(e.k, e.v)
				continue
			}
			for u2 := u + 1; u2 <= 6; u2++ {
				for c := 1; c <= left; c++ {
					cur.add(runKey(v, rD, u2, c, w, l, dl, al), mul128(e.v, binom[left][c]))
				}
			}
		}
		// the duel at position i: defender die v against attacker die u
		list = cur.entries(list[:0])
		nxt.reset()
		for _, e := range list {
			v, rD, u, rA, w, l, dl, al := runUnkey(e.k)
			for _, br := range branches(v, u, dl, al) {
				w2, l2 := w, l
				switch br.win {
				case 1:
					w2++
				case -1:
					l2++
				}
				nxt.add(runKey(v, rD-1, u, rA-1, w2, l2, dl-br.dUsed, al-br.aUsed), mul128(e.v, br.n))
			}
		}
		cur, nxt = nxt, cur
	}
	out := map[int]u128{}
	for _, e := range cur.entries(list[:0]) {
		_, _, _, _, w, l, dl, al := runUnkey(e.k)
		t := n - w - l
		k := encOut(roundOut{l, w, t, t, w}) | ((xpD-dl)+(xpA-al))<<21
		x := out[k]
		x.add(e.v)
		out[k] = x
	}
	return out
}
