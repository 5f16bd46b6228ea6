package odds

import (
	"math/big"
	"math/bits"
)

// wideWords is the width of a wide count: 6 words (384 bits) hold the
// largest Broadside denominator, 6^(51+51+40) < 2^368 (51 dice: 50 Cannons
// and a Gunner; a First-Class Gunner's re-roll of every die; 40
// Experience Tokens).
const wideWords = 6

// wide is an unsigned fixed-width integer for exact counts: only adds and
// multiplications by small factors are needed, so it stays off the heap.
type wide [wideWords]uint64

// addMul adds x*k to w (k a small factor; the result must fit).
func (w *wide) addMul(x *wide, k uint64) {
	var carry, c uint64
	for i := 0; i < wideWords; i++ {
		hi, lo := bits.Mul64(x[i], k)
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		w[i], c = bits.Add64(w[i], lo, 0)
		carry = hi + c
	}
	if carry != 0 {
		panic("mistywaters: wide count overflow")
	}
}

// mul multiplies w by a small factor in place.
func (w *wide) mul(k uint64) {
	var carry uint64
	for i := 0; i < wideWords; i++ {
		hi, lo := bits.Mul64(w[i], k)
		var c uint64
		w[i], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	if carry != 0 {
		panic("mistywaters: wide count overflow")
	}
}

func (w *wide) isZero() bool {
	for _, x := range w {
		if x != 0 {
			return false
		}
	}
	return true
}

func (w *wide) big() *big.Int {
	if bits.UintSize == 64 {
		words := make([]big.Word, wideWords)
		for i, x := range w {
			words[i] = big.Word(x)
		}
		return new(big.Int).SetBits(words) // SetBits drops the leading zeros
	}
	v := new(big.Int)
	for i := wideWords - 1; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}
