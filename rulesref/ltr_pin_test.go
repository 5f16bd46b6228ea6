package rulesref

import (
	"strings"
	"testing"
)

// TestPinOrderIsAlwaysAPermutation: whatever the pins (a hit pinned to
// itself, chains, pairs pinned both ways), the reranked order holds every
// candidate exactly once — a search must never crash or drop a hit.
func TestPinOrderIsAlwaysAPermutation(t *testing.T) {
	cases := []struct {
		pin   []int
		after []bool
	}{
		{[]int{0, -1, -1}, []bool{false, false, false}}, // pinned to itself
		{[]int{1, 0, -1}, []bool{false, true, false}},   // a pair pinned both ways
		{[]int{1, 2, 0}, []bool{true, true, true}},      // a chain
		{[]int{-1, 0, 0, 1}, []bool{false, true, false, true}},
		{[]int{5, -1}, []bool{false, false}}, // out of range
	}
	for i, c := range cases {
		order := make([]int, len(c.pin))
		for k := range order {
			order[k] = k
		}
		got := pinOrder(order, c.pin, c.after)
		if len(got) != len(order) {
			t.Fatalf("case %d: %d candidates in, %d out: %v", i, len(order), len(got), got)
		}
		seen := map[int]bool{}
		for _, o := range got {
			if seen[o] || o < 0 || o >= len(order) {
				t.Fatalf("case %d: not a permutation: %v", i, got)
			}
			seen[o] = true
		}
	}
}

// TestSearchNeverPanics asks dev questions, and each of them with one
// word left out, with several limits: a player's question must never crash
// bosun, whatever words it keeps. The normal run takes a fixed-seed sample
// of the growing dev set (two questions of every batch and game, the
// shortest and the longest question: sampleDev); BOSUN_EXHAUSTIVE=1 asks
// every question.
func TestSearchNeverPanics(t *testing.T) {
	t.Parallel()
	cs := sampleDev(loadDevSet(t), 2, 1)
	t.Logf("%d dev questions", len(cs))
	for _, c := range cs {
		words := strings.Fields(c.Q)
		qs := []string{c.Q}
		for i := range words {
			qs = append(qs, strings.Join(append(append([]string{}, words[:i]...), words[i+1:]...), " "))
		}
		for k, q := range qs {
			limits := []int{1, 3, 10}
			if k > 0 {
				// the question with one word dropped: the largest limit
				// only (the dev set grows; each search costs as much
				// whatever its limit)
				limits = limits[2:]
			}
			for _, limit := range limits {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("Search(%q, limit %d) panicked: %v", q, limit, r)
						}
					}()
					if res := Search(q, SearchOptions{Limit: limit}); len(res) > limit {
						t.Fatalf("Search(%q) returned %d results for limit %d", q, len(res), limit)
					}
				}()
			}
		}
	}
}
