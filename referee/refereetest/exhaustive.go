package refereetest

import (
	"math/rand/v2"
	"os"
	"sort"
	"testing"
)

// ExhaustiveEnv is the environment variable that turns the sampled test
// grids back into the exhaustive ones (BOSUN_EXHAUSTIVE=1 go test ./...),
// for a weekly or pre-release run (README, "Tests"). -short always samples.
const ExhaustiveEnv = "BOSUN_EXHAUSTIVE"

// Exhaustive reports whether the grids run in full: BOSUN_EXHAUSTIVE=1
// and not -short.
func Exhaustive() bool {
	return os.Getenv(ExhaustiveEnv) == "1" && !testing.Short()
}

// Sample is the indices 0..n-1 a grid checks: all of them when
// Exhaustive, otherwise the ones keep names (the boundary classes: the
// smallest and largest sizes, each option) and, beside them, k others
// drawn with the fixed seed, in ascending order. The same call samples the
// same indices on every run.
func Sample(n, k int, seed uint64, keep func(i int) bool) []int {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	if Exhaustive() || n <= k {
		return all
	}
	var out, rest []int
	for _, i := range all {
		if keep != nil && keep(i) {
			out = append(out, i)
		} else {
			rest = append(rest, i)
		}
	}
	r := rand.New(rand.NewPCG(seed, 0x6f646473))
	r.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
	out = append(out, rest[:min(k, len(rest))]...)
	sort.Ints(out)
	return out
}
