package rulesref

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTopOnlyIsTheFullSearchsFirst: a search with TopOnly gives the
// first result a full search gives (game, id, score), or none when it
// gives none, with no game preferred and with each game preferred, as
// bosun rules search compares the session's game with every game before
// it shows one of them. Every dev-set question is asked (a sample of
// them unless the run is exhaustive, with every game preferred in turn).
func TestTopOnlyIsTheFullSearchsFirst(t *testing.T) {
	cases := loadDevSet(t)
	prefs := append([]string{""}, Games...)
	n := 0
	for i, c := range cases {
		if !exhaustive() && i%7 != 0 {
			continue
		}
		pref := prefs[i%len(prefs)]
		full := Search(c.Q, SearchOptions{Limit: 3, Prefer: pref})
		top := Search(c.Q, SearchOptions{Limit: 3, Prefer: pref, TopOnly: true})
		if len(full) == 0 {
			require.Empty(t, top, "%q (prefer %q): no ruling both ways", c.Q, pref)
			continue
		}
		require.Len(t, top, 1, "%q (prefer %q)", c.Q, pref)
		require.Equal(t, [3]any{full[0].Game, full[0].ID, full[0].Score}, [3]any{top[0].Game, top[0].ID, top[0].Score}, "%q (prefer %q)", c.Q, pref)
		require.Empty(t, top[0].Text+top[0].Answer, "no passage is made")
		n++
	}
	require.Greater(t, n, 100, "questions compared")
}
