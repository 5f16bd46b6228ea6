package rulesref

import (
	"math/rand"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// sortHits orders by score, best first, ties by doc, and each hit keeps
// its own fields (it sorts keys, then places the hits).
func TestSortHits(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(25))
	for _, n := range []int{0, 1, 2, 13, 500, 3000} {
		hits := make([]hit, n)
		for i, d := range r.Perm(n) {
			// few distinct scores: many ties
			hits[i] = hit{doc: int32(d), sec: 7 * d, score: float64(r.Intn(9)) / 4, cover: float64(d) / 3, pin: d}
		}
		want := make([]hit, n)
		copy(want, hits)
		sort.SliceStable(want, func(a, b int) bool {
			if want[a].score != want[b].score {
				return want[a].score > want[b].score
			}
			return want[a].doc < want[b].doc
		})
		sortHits(hits)
		require.Equal(t, want, hits, "%d hits", n)
	}
}
