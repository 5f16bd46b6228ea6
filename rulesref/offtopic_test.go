package rulesref

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// TestOffTopic: questions none of the rulebooks answers get "no ruling"
// (testdata/offtopic.yaml), including those where a third of the words
// are unknown and the rest meet a passage only in passing; a short
// question with an unknown typo still gets its answer.
func TestOffTopic(t *testing.T) {
	b, err := os.ReadFile("testdata/offtopic.yaml")
	require.NoError(t, err)
	var cs []struct {
		Q      string   `yaml:"q"`
		Expect []string `yaml:"expect"`
	}
	require.NoError(t, yaml.Unmarshal(b, &cs))
	require.GreaterOrEqual(t, len(cs), 20)
	none := 0
	for _, c := range cs {
		require.Empty(t, c.Expect, c.Q)
		if len(Search(c.Q, SearchOptions{Limit: 3})) == 0 {
			none++
		}
	}
	// The floor was the share measured when batch v10's eight off-topic
	// questions joined (22 of 28), raised to 24 of 28 by the unknown word
	// after "in"/"of" (pq.elsewhere), then the share measured when batch
	// v11's ten joined (29 of 38), then v12's ten (8 of 10 measured
	// untouched: 37 of 48), then v13's (7 of 10: 44 of 58), then v14's
	// (5 of 10: 49 of 68); the signs of elsewhere.go (another game named,
	// real sailing, a game to play), written from these questions, answer
	// none of the 68 (a training figure: the fresh batch after them is the
	// measure, docs/rules-search.md); then v15's 10 + 32 varied ones (10
	// and 17 untouched) and the product sign (an app, buying parts, who
	// made it): 106 of 110; then v16's 10 + 32 (10 and 25 untouched):
	// 141 of 152; then 148 of 152 (issue #28's first signs), 150 of 152
	// with the age, brand, value-for-money and "a game like this" signs;
	// raise it as the engine improves.
	assert.GreaterOrEqual(t, float64(none)/float64(len(cs)), 0.986, "%d of %d off-topic questions get no ruling", none, len(cs))
	for _, q := range []string{"who won the world cup in 2018", "how does bitcoin mining work", "what time does the pharmacy close"} {
		assert.Empty(t, Search(q, SearchOptions{Limit: 3}), q)
	}
	// a game or place the rulebooks do not know, named after "in" or
	// "of", with a game given too; a short typo of a stop word there is
	// no name, nor is a common English word ("in theory")
	assert.Empty(t, Search("can you stack draw 4 cards in uno?", SearchOptions{Limit: 3}))
	assert.Empty(t, Search("can you stack draw 4 cards in uno?", SearchOptions{Limit: 3, Games: []string{"misty-waters"}}))
	assert.NotEmpty(t, Search("how much do i pay to stay in teh tavern", SearchOptions{Limit: 3}))
	assert.NotEmpty(t, Search("in theory can i win with one ship", SearchOptions{Limit: 3}))
	rs := Search("amo price at port", SearchOptions{Limit: 3, Games: []string{"quests-and-cannons"}})
	require.NotEmpty(t, rs)
}

// TestOffTopicBatches: the off-topic questions of the batch folders
// (v16's off*.yaml, v17-v21's "game: none" entries) get "no ruling". The
// floor is the count measured after issue #28's fourth pass (the product
// and its upkeep, who the game suits, other games): 4 of v16-v19's are
// still answered (two strategy questions, "dice battles in risk",
// skipping the negotiation to keep friends happy), and 6 of v20's, the
// fresh batch written after that pass (docs/rules-search.md, "v20");
// then 4 of v20's with the uncovered share (the fifth pass: awards and
// a missing die get no ruling).
func TestOffTopicBatches(t *testing.T) {
	var files []string
	for _, pat := range []string{"testdata/v16/off*.yaml", "testdata/v1[7-9]/batch*.yaml", "testdata/v2[0-1]/batch*.yaml"} {
		fs, err := filepath.Glob(pat)
		require.NoError(t, err)
		files = append(files, fs...)
	}
	n, none := 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var cs []struct {
			Q    string `yaml:"q"`
			Game string `yaml:"game"`
		}
		require.NoError(t, yaml.Unmarshal(b, &cs), f)
		for _, c := range cs {
			if c.Game != "none" {
				continue
			}
			n++
			if rs := Search(c.Q, SearchOptions{Limit: 3}); len(rs) == 0 {
				none++
			} else {
				t.Logf("answered: %q (%s)", c.Q, strings.TrimSpace(rs[0].ID))
			}
		}
	}
	require.Equal(t, 182, n, "off-topic questions in the batch folders")
	// v21, written after the fifth pass: 7 of its 30 answered untouched
	assert.GreaterOrEqual(t, none, n-8-7, "%d of %d off-topic questions get no ruling", none, n)
}
