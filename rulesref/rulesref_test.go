package rulesref

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

type devCase struct {
	Q   string   `yaml:"q"`
	IDs []string `yaml:"ids"`
}

func loadDevSet(t testing.TB) []devCase {
	b, err := os.ReadFile("testdata/devset.yaml")
	require.NoError(t, err)
	var cs []devCase
	require.NoError(t, yaml.Unmarshal(b, &cs))
	return cs
}

// Floors of the development set; raise them as the engine improves, never
// lower them.
const (
	devTop1Floor = 0.685
	devTop3Floor = 0.897
)

func TestDevSet(t *testing.T) {
	cs := loadDevSet(t)
	require.GreaterOrEqual(t, len(cs), 90)
	games := map[string]int{}
	top1, top3 := 0, 0
	for _, c := range cs {
		for _, id := range c.IDs {
			require.Truef(t, Exists(id), "devset: %q names unknown section %s", c.Q, id)
			games[strings.SplitN(id, "/", 2)[0]]++
		}
		rs := Search(c.Q, SearchOptions{Limit: 3})
		rank := -1
		for k, r := range rs {
			for _, id := range c.IDs {
				if r.ID == id {
					rank = k
				}
			}
			if rank >= 0 {
				break
			}
		}
		if rank == 0 {
			top1++
		}
		if rank >= 0 {
			top3++
		} else if testing.Verbose() {
			var got []string
			for _, r := range rs {
				got = append(got, r.ID)
			}
			t.Logf("miss: %q want %v got %v", c.Q, c.IDs, got)
		}
	}
	assert.Len(t, games, 4, "every game has questions")
	p1 := float64(top1) / float64(len(cs))
	p3 := float64(top3) / float64(len(cs))
	t.Logf("dev set: %d questions, top-1 %.1f%%, top-3 %.1f%%", len(cs), 100*p1, 100*p3)
	assert.GreaterOrEqual(t, p1, devTop1Floor)
	assert.GreaterOrEqual(t, p3, devTop3Floor)
}
