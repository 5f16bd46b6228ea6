package chronicle

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// SumDist is the exact distribution of the sum of n dice with the given
// faces (each face equally likely): the probability of each sum.
func SumDist(faces []int, n int) map[int]*big.Rat {
	dist := map[int]*big.Rat{0: big.NewRat(1, 1)}
	if len(faces) == 0 {
		return dist
	}
	each := big.NewRat(1, int64(len(faces)))
	for i := 0; i < n; i++ {
		next := map[int]*big.Rat{}
		for s, p := range dist {
			for _, f := range faces {
				q := new(big.Rat).Mul(p, each)
				if old, ok := next[s+f]; ok {
					old.Add(old, q)
				} else {
					next[s+f] = q
				}
			}
		}
		dist = next
	}
	return dist
}

// Percentile is the luck of a sum: the probability of a lower sum plus
// half the probability of the same sum (0.5 is an average roll).
func Percentile(dist map[int]*big.Rat, sum int) float64 {
	p := new(big.Rat)
	for s, q := range dist {
		switch {
		case s < sum:
			p.Add(p, q)
		case s == sum:
			p.Add(p, new(big.Rat).Mul(q, big.NewRat(1, 2)))
		}
	}
	f, _ := p.Float64()
	return f
}

// PAtLeast is P(sum >= k) as a float and an exact fraction.
func PAtLeast(dist map[int]*big.Rat, k int) (float64, string) {
	p := new(big.Rat)
	for s, q := range dist {
		if s >= k {
			p.Add(p, q)
		}
	}
	f, _ := p.Float64()
	return f, p.RatString()
}

// D6 is the faces of a plain six-sided die.
var D6 = []int{1, 2, 3, 4, 5, 6}

// Pct writes a probability as a percentage: "37.5%".
func Pct(p float64) string {
	s := fmt.Sprintf("%.1f", p*100)
	s = strings.TrimSuffix(s, ".0")
	return s + "%"
}

// Ordinal writes a percentile as "the 73rd percentile".
func Ordinal(p float64) string {
	return referee.Ordinal(int(p*100+0.5)) + " percentile"
}

// LuckWord says a percentile in words.
func LuckWord(p float64) string {
	switch {
	case p >= 0.9:
		return "far above the odds"
	case p >= 0.7:
		return "above the odds"
	case p > 0.3:
		return "about the odds"
	case p > 0.1:
		return "below the odds"
	default:
		return "far below the odds"
	}
}
