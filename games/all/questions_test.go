package all_test

import (
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
)

// TestEveryGameDeclaresItsQuestions: each game lists the questions it can
// ask with a default policy for each (its chaos table checks every
// question asked against the list).
func TestEveryGameDeclaresItsQuestions(t *testing.T) {
	kinds := map[referee.Kind]bool{referee.KindChoose: true, referee.KindNumber: true, referee.KindConfirm: true, referee.KindText: true, referee.KindList: true}
	for _, g := range all.Games() {
		id := g.Info().ID
		a, ok := g.(referee.Asker)
		if !assert.True(t, ok, "%s does not list its questions (referee.Asker)", id) {
			continue
		}
		specs := a.Questions()
		assert.NotEmpty(t, specs, id)
		seen := map[string]bool{}
		for _, s := range specs {
			assert.False(t, seen[s.Key], "%s declares %s twice", id, s.Key)
			seen[s.Key] = true
			assert.True(t, kinds[s.Kind], "%s: %s has kind %q", id, s.Key, s.Kind)
			assert.NotEmpty(t, s.Why, "%s: %s does not say why", id, s.Key)
			if s.Kind == referee.KindConfirm && s.Varies == "" {
				assert.Contains(t, []string{"yes", "no", referee.NoDefault}, s.Default, "%s: %s", id, s.Key)
			}
		}
	}
}
