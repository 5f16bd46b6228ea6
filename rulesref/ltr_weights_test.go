package rulesref

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// TestLTRWeights: the shipped weights match the features (else the
// reranker would be off without a word).
func TestLTRWeights(t *testing.T) {
	require.Len(t, ltrWeights, nFeat, "rulesref/ltr_weights.go is stale: refit with go run ./rulesref/internal/train -write")
	require.Len(t, featNames, nFeat)
	for i, n := range featNames {
		require.NotEmptyf(t, n, "feature %d has no name", i)
	}
	// the reranker keeps a pinned rule next to its entry
	assert.Equal(t, []int{0, 2, 1, 3}, pinOrder([]int{0, 1, 2, 3}, []int{-1, 2, -1, -1}, []bool{false, true, false, false}))
	assert.Equal(t, []int{3, 1, 0, 2}, pinOrder([]int{3, 0, 1, 2}, []int{-1, 3, -1, -1}, []bool{false, true, false, false}))
	assert.Equal(t, []int{0, 1, 3, 2}, pinOrder([]int{0, 1, 2, 3}, []int{-1, 3, -1, -1}, []bool{false, false, false, false}))
}

// TestTrainCandidates: the training tool's data (rulesref/internal/train)
// holds, for nearly every dev question, a candidate that answers it, each
// with one value per feature, and leaves the search as it found it.
func TestTrainCandidates(t *testing.T) {
	b, err := os.ReadFile("testdata/devset.yaml")
	require.NoError(t, err)
	var qs []TrainQuestion
	require.NoError(t, yaml.Unmarshal(b, &qs))
	require.GreaterOrEqual(t, len(qs), 90)
	got := TrainCandidates(qs, 10)
	require.Len(t, got, len(qs))
	answered := 0
	for k, q := range got {
		assert.Equal(t, qs[k].Q, q.Q)
		assert.LessOrEqual(t, len(q.X), 10, "pool 10: at most 10 candidates")
		for _, field := range [][]int{{len(q.Rel)}, {len(q.IDs)}, {len(q.Pin)}, {len(q.After)}} {
			require.Equal(t, len(q.X), field[0], "one entry per candidate")
		}
		for _, x := range q.X {
			require.Len(t, x, len(TrainFeatures()))
		}
		for _, r := range q.Rel {
			if r {
				answered++
				break
			}
		}
	}
	assert.Greater(t, float64(answered)/float64(len(qs)), 0.95, "candidates hold an answer for most dev questions")
	assert.True(t, ltrOn, "the reranker is switched back on")
	assert.Equal(t, 30, rerankTop, "rerankTop is restored")
	assert.Equal(t, ltrWeights, TrainShippedWeights())
}
