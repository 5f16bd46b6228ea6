package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// A team that never gains Prosperity is still ranked and drawn: every team
// is announced at setup, and the chart reaches the round the game ended in.
func TestChronicleRanksATeamThatNeverScored(t *testing.T) {
	evs := []referee.Event{
		{Step: 0, Type: "setup", Text: "team Ann (delf): Prosperity Goal 15", Data: map[string]any{"team": "Ann", "goal": 15, "size": 1}},
		{Step: 0, Type: "setup", Text: "team Bob (porc): Prosperity Goal 15", Data: map[string]any{"team": "Bob", "goal": 15, "size": 1}},
		{Step: 1, Type: "turn", Data: map[string]any{"round": 1}},
		{Step: 1, Type: "prosperity", Data: map[string]any{"team": "Ann", "before": 0, "after": 4}},
		{Step: 2, Type: "round-end", Data: map[string]any{"round": 1}},
		{Step: 3, Type: "turn", Data: map[string]any{"round": 2}},
		{Step: 3, Type: "prosperity", Data: map[string]any{"team": "Ann", "before": 4, "after": 15}},
		{Step: 4, Type: "game-over", Text: "game over: Ann wins", Data: map[string]any{"result": map[string]any{"reason": "most Prosperity", "winners": []string{"Ann"}}, "round": 2}},
	}
	st := Game{}.Chronicle(&referee.Session{Game: "quests-and-cannons", Options: map[string]string{}}, evs)
	require.NotNil(t, st.Result)
	require.Len(t, st.Result.Ranks, 2)
	require.Equal(t, "Ann", st.Result.Ranks[0].Name)
	require.Equal(t, "Bob", st.Result.Ranks[1].Name)
	require.Equal(t, "0 Prosperity", st.Result.Ranks[1].Score)
	var found bool
	for _, c := range st.Charts {
		if c.ID != "prosperity" {
			continue
		}
		found = true
		require.Len(t, c.Series, 2)
		for _, s := range c.Series {
			require.Len(t, s.Points, 2, "%s: rounds 1 and 2", s.Name)
		}
	}
	require.True(t, found, "a Prosperity chart")
}

// "most Prosperity wins, ties by Coins" is a tie-break only when the
// leaders tied on Prosperity: a game won 15 to 1 has none (issue #29).
func TestChronicleTieBreakOnlyOnATie(t *testing.T) {
	game := func(annAfter, bobAfter int) []referee.Event {
		return []referee.Event{
			{Step: 0, Type: "setup", Text: "team Ann (delf): Prosperity Goal 15", Data: map[string]any{"team": "Ann", "goal": 15, "size": 1}},
			{Step: 0, Type: "setup", Text: "team Bob (porc): Prosperity Goal 15", Data: map[string]any{"team": "Bob", "goal": 15, "size": 1}},
			{Step: 1, Type: "turn", Data: map[string]any{"round": 1}},
			{Step: 1, Type: "prosperity", Data: map[string]any{"team": "Ann", "before": 0, "after": annAfter}},
			{Step: 1, Type: "prosperity", Data: map[string]any{"team": "Bob", "before": 0, "after": bobAfter}},
			{Step: 2, Type: "game-over", Text: "game over: Ann wins", Data: map[string]any{"result": map[string]any{"reason": "most Prosperity wins, ties by Coins: Ann 15 Prosperity, 3 Coins; Bob 1 Prosperity, 2 Coins", "winners": []string{"Ann"}}, "round": 1}},
		}
	}
	st := Game{}.Chronicle(&referee.Session{Game: "quests-and-cannons", Options: map[string]string{}}, game(15, 1))
	require.NotNil(t, st.Result)
	require.Empty(t, st.Result.TieBreaks, "15 to 1 is no tie")

	st = Game{}.Chronicle(&referee.Session{Game: "quests-and-cannons", Options: map[string]string{}}, game(15, 15))
	require.NotNil(t, st.Result)
	require.Len(t, st.Result.TieBreaks, 1, "15 to 15: the Coins decided")
}
