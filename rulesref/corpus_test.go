package rulesref

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// An added manual's section ids are <game>/<manual>/<slug>, and adding
// its book does not allocate once per section (they share one buffer).
func TestAddBookManualIDs(t *testing.T) {
	b := parseBook("misty-waters", rulebookText("quests-and-cannons"))
	b.User, b.Title = true, "Empires Expansion Rules"
	require.Greater(t, len(b.Secs), 50)
	c := &corpus{Secs: make([]entry, 0, len(b.Secs))}
	c.addBook(b)
	require.Len(t, c.Secs, len(b.Secs))
	for i, s := range b.Secs {
		require.Equal(t, "misty-waters/empires-expansion-rules"+strings.TrimPrefix(s.ID, "misty-waters"), c.Secs[i].ID)
	}
	allocs := testing.AllocsPerRun(5, func() {
		c := &corpus{Secs: make([]entry, 0, len(b.Secs))}
		c.addBook(b)
	})
	require.Less(t, allocs, float64(len(b.Secs))/4, "%d sections", len(b.Secs))
}
