package rulesref

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "how many players can play misty waters" is asked in words every
// section shares; the rulebook's own statement of the count comes first,
// and its sentence is the answer line (issue #28).
func TestPlayerCountQuestions(t *testing.T) {
	for q, want := range map[string]string{
		"how many players can play misty waters":      "Misty Waters is a 1 to 4 player strategy",
		"misty waters max players?":                   "Misty Waters is a 1 to 4 player strategy",
		"how many people can play quests and cannons": "Free for All (2 to 6 players)",
	} {
		rs := Search(q, SearchOptions{Limit: 3})
		require.NotEmpty(t, rs, q)
		assert.Contains(t, rs[0].Answer, want, q)
	}
	rs := Search("how many players", SearchOptions{Limit: 3, Games: []string{"misty-waters"}})
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Answer, "1 to 4 player", "the game searched is the game asked about")

	// a question about players and something else is left to the search
	rs = Search("how many players get a skull rock in misty waters", SearchOptions{Limit: 3})
	require.NotEmpty(t, rs)
	assert.Equal(t, "misty-waters/skull-curse", rs[0].ID)
	assert.False(t, asksPlayerCount("how many players get a skull rock"))
	assert.True(t, asksPlayerCount("what is the player count of misty waters"))
	// a question that goes on with its situation, in words no rulebook
	// knows, still gets the count
	rs = Search("how many ppl can play misty waters? weve got 5 tonite", SearchOptions{Limit: 3})
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Answer, "1 to 4 player")
	assert.False(t, asksPlayerCount("how many players get a skull rock? misty waters"))
	// no game known: nothing is lifted (four rulebooks, four answers)
	assert.False(t, asksPlayerCount("how many cannons can a player have"))
}
