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
// reruns cmd/gendocs and fails on a stale doc).
func TestGuidesListEveryQuestionDefault(t *testing.T) {
	for _, g := range all.Games() {
		name := all.Docs[g.Info().ID]
		require.NotEmpty(t, name, g.Info().ID)
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", name))
		require.NoError(t, err)
		doc, ok := all.WithQuestionsTable(string(b), g)
		require.True(t, ok, "%s has no questions table markers", name)
		assert.Equal(t, string(b), doc, "%s: the questions table is stale: run go run ./cmd/gendocs -docs docs", name)
	}
}
