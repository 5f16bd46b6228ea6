package questsandcannons

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// teamsToTheGoal plays a 2v2 game (turns Bob, Cid, Dee, Ann, as in
// testdata/team-2v2.yaml) whose first round is its last: each player's turn
// is one adjust (in that order) and the end of the turn.
func teamsToTheGoal(t *testing.T, adjust ...string) *State {
	t.Helper()
	p := referee.NewScripted()
	champ(p, "Valkyr", "delf", "cannoneer", "5", "2/3", "2/3", "2/5")
	champ(p, "Kerris", "delf", "navigator", "4", "3/4", "1/2", "2/4")
	champ(p, "Quaeth", "porc", "quartermaster", "4", "2/3", "1/2", "3/5")
	champ(p, "Ormund", "porc", "cannoneer", "5", "2/3", "2/3", "2/4")
	p.Set("qc.setup.roll", "6,2,3,1", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	for _, a := range adjust {
		p.Set("qc.action", "adjust", "answers")
		p.Set("qc.action", "end", "answers")
		p.Set("qc.adjust.what", a, "answers")
	}
	h := newHarness(t, "Ann:Valkyr,Bob:Kerris,Cid:Quaeth,Dee:Ormund", map[string]string{"teams": "2"}, p)
	for i := 0; !h.s.Over; i++ {
		require.Less(t, i, 20, "the game does not end with round 1")
		h.next()
	}
	st := h.state()
	require.NotNil(t, st.Result)
	require.Equal(t, 1, st.Round)
	return st
}

// The End (quests-and-cannons/prosperity-goal): "the player or team with the most prosperity is the
// winner! In the case of a tie, the player or team with the most Coins
// wins the game." A team's Coins are its players' together (Prosperity is
// the team's, quests-and-cannons/5-home-ports; Coins each player's, quests-and-cannons/4-prepare-your-ship, and "Teammates may
// give any number of their ... coins ... to each other", quests-and-cannons/exchanging-with-teammates): Ann+Bob
// hold 5 + 5 = 10 and win against Cid+Dee's 1 + 8 = 9, though Dee alone is
// the richest player.
func TestTeamTieByCoinsAddsTeammates(t *testing.T) {
	st := teamsToTheGoal(t, "+20 prosperity, +2 coins", "+20 prosperity, -2 coins", "+5 coins", "+2 coins")
	assert.Equal(t, []string{"Ann+Bob"}, st.Result.Winners)
	assert.Equal(t, "most Prosperity wins, ties by Coins: Ann+Bob 20 Prosperity, 10 Coins (Ann 5 + Bob 5); Cid+Dee 20 Prosperity, 9 Coins (Cid 1 + Dee 8); tied on Prosperity, the Coins decide (a team's Coins are its players' together)", st.Result.Reason)
}

// Tied on Prosperity and Coins: the rulebook gives no third tie-break, so
// both teams win, and the result says the win is shared and why.
func TestTeamsTiedOnProsperityAndCoinsShareTheWin(t *testing.T) {
	st := teamsToTheGoal(t, "+20 prosperity", "+20 prosperity", "+1 coins", "+1 coins")
	assert.Equal(t, []string{"Ann+Bob", "Cid+Dee"}, st.Result.Winners)
	assert.True(t, strings.HasSuffix(st.Result.Reason, "; tied on Prosperity and Coins, and the rulebook breaks the tie no further: Ann+Bob and Cid+Dee share the win"), st.Result.Reason)
	assert.Contains(t, st.Result.Reason, "Ann+Bob 20 Prosperity, 7 Coins (Ann 4 + Bob 3); Cid+Dee 20 Prosperity, 7 Coins (Cid 3 + Dee 4)")
}
