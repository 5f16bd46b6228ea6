package rulesref

import (
	"os"
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
