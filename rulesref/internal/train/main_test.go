package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConvertRebuildsV10: the converter turns the raw batch v10 into
// exactly the entries of set v10 in devset.yaml (how it joined), and
// lists its off-topic questions apart.
func TestConvertRebuildsV10(t *testing.T) {
	var b strings.Builder
	require.NoError(t, convert(&b, "../../testdata/v10", "v10"))
	out := b.String()
	entries, off, ok := strings.Cut(out, "# 8 off-topic questions (for offtopic.yaml):\n")
	require.True(t, ok, out)
	dev, err := os.ReadFile("../../testdata/devset.yaml")
	require.NoError(t, err)
	start := strings.Index(string(dev), "- q: \"who goes first?\"\n")
	require.GreaterOrEqual(t, start, 0)
	end := strings.Index(string(dev), "\n  set: v11\n")
	require.Greater(t, end, start)
	// up to the first v11 entry
	end = strings.LastIndex(string(dev[:end]), "\n- q: ") + 1
	assert.Equal(t, string(dev[start:end]), entries)
	assert.Equal(t, 8, strings.Count(off, "#   expect: []"))
	assert.Contains(t, off, `# - q: "can you stack draw 4 cards in uno?"`)
}

// TestConvertRefuses: a snippet no section holds is an error naming the
// question; an empty directory is refused.
func TestConvertRefuses(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	err := convert(&b, dir, "vX")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no .yaml files")
	f := filepath.Join(dir, "a.yaml")
	require.NoError(t, os.WriteFile(f, []byte("- q: \"is this made up\"\n  expect: [\"No rulebook says this sentence at all.\"]\n"), 0o644))
	err = convert(&b, dir, "vX")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is this made up")
}

func TestRealGainAndWins(t *testing.T) {
	for _, c := range []struct {
		d    []int
		want bool
	}{
		{[]int{+1, +1, 0}, true},
		{[]int{+3, +1, -1}, true},
		{[]int{+6, +2, -2}, false}, // the third loses two
		{[]int{+5, 0, 0}, false},   // one batch only
		{[]int{0, 0, 0}, false},
	} {
		assert.Equalf(t, c.want, realGain(c.d), "%v", c.d)
	}
	zero := []int{0, 0, 0}
	// a real top-1 gain, top-3 -2 on one batch with a non-negative sum:
	// wins, not strictly
	assert.True(t, wins([]int{6, 2, 5}, []int{-2, 1, 3}, zero, zero, false))
	assert.False(t, wins([]int{6, 2, 5}, []int{-2, 1, 3}, zero, zero, true))
	// a real loss elsewhere, or a lower sum, and it does not win
	assert.False(t, wins([]int{6, 2, 5}, []int{-1, -1, 0}, zero, zero, false))
	assert.False(t, wins([]int{6, 2, 5}, zero, []int{-3, 0, 1}, zero, false))
	// no real gain
	assert.False(t, wins([]int{2, 0, 0}, []int{0, 1, 0}, zero, zero, false))
	assert.True(t, wins([]int{3, 0, 1}, zero, []int{1, -1, 1}, []int{-1, 1, 0}, true))
}

func TestParseGrid(t *testing.T) {
	g, err := parseGrid("0.1,0.3", "0,2", "1,3;0,0")
	require.NoError(t, err)
	require.Len(t, g, 8)
	assert.Equal(t, recipe{lambda: 0.1, prior: [2]float64{1, 3}, outW: 0}, g[0])
	assert.Equal(t, recipe{lambda: 0.3, prior: [2]float64{0, 0}, outW: 2}, g[7])
	for _, bad := range [][3]string{{"0", "1", "1,3"}, {"x", "1", "1,3"}, {"0.1", "-1", "1,3"}, {"0.1", "1", "1"}} {
		_, err := parseGrid(bad[0], bad[1], bad[2])
		assert.Errorf(t, err, "%v", bad)
	}
	r := recipe{lambda: 0.1, prior: [2]float64{1, 3}, outW: 2}
	assert.True(t, r.fitted("v1") && r.fitted("v11"))
	assert.Equal(t, 2.0, r.weight("v10"))
	assert.Equal(t, 1.0, r.weight("v8"))
	r.outW = 0
	assert.False(t, r.fitted("v9"))
	assert.Equal(t, "", floorKey("v1"))
	assert.Equal(t, "v10", floorKey("v10"))
}

// TestExpandRebuildsPlayers: the shipped players' questions are exactly
// what -expand writes from the dev set's outsider batches, each question
// sits under passages that hold one of its answering snippets, and a
// batch with no question is refused.
func TestExpandRebuildsPlayers(t *testing.T) {
	var b, e strings.Builder
	require.NoError(t, expand(&b, &e, "../../testdata/devset.yaml", []string{"v9", "v10", "v11", "v12", "v13", "v14", "v15"}))
	shipped, err := os.ReadFile("../../data/players.txt")
	require.NoError(t, err)
	assert.Equal(t, string(shipped), b.String(), "rulesref/data/players.txt is stale: go run ./rulesref/internal/train -expand v9,v10,v11,v12,v13,v14,v15 > rulesref/data/players.txt, then go generate ./rulesref/")
	assert.Contains(t, e.String(), " 0 questions left out")
	// a question of v10 under the passage of its answer, not elsewhere
	out := b.String()
	i := strings.Index(out, "\n= misty-waters/hand-limit #")
	require.GreaterOrEqual(t, i, 0)
	block, _, _ := strings.Cut(out[i+1:], "\n\n")
	assert.Contains(t, block, "hand limit")
	err = expand(&b, &e, "../../testdata/devset.yaml", []string{"v99"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "v99")
}
