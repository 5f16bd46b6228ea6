package all_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each game's guide carries its questions table as generated (CI also
// reruns cmd/gendocs and fails on a stale doc, or on a shipped game with
// no guide). A game with no guide (the plugged-in example) has no table;
// every shipped game has one.
func TestGuidesListEveryQuestionDefault(t *testing.T) {
	guides := 0
	for _, g := range all.Games() {
		name := g.Info().Guide
		if name == "" {
			continue
		}
		guides++
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", name))
		require.NoError(t, err)
		doc, ok := all.WithQuestionsTable(string(b), g)
		require.True(t, ok, "%s has no questions table markers", name)
		assert.Equal(t, string(b), doc, "%s: the questions table is stale: run go run ./cmd/gendocs -docs docs", name)
	}
	assert.Equal(t, len(all.Games())-1, guides, "a shipped game has no guide (GameInfo.Guide); only the plugged-in coin flip may lack one")
}
