package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
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

// A co-op game the players lose: "To defeat the Marauders and win the
// game, players must complete their personal Mission and reach the
// Prosperity Goal within 15 rounds." The Marauders are the winner and
// ranked first; the team second with how far it got (the report said "No
// winner" and "the Marauders win" in one line and ranked Ann+Bob first
// with an empty detail).
func TestChronicleCoopLossTheMaraudersWin(t *testing.T) {
	s := &referee.Session{Game: "quests-and-cannons", Options: map[string]string{"coop": "easy"}}
	require.NoError(t, s.SaveState(&State{Mode: ModeCoop, Players: []Player{{Name: "Ann"}, {Name: "Bob"}}}))
	reason := "round 15 is over and the Marauders win: the Prosperity Goal was not reached; open Missions: Bob naval 1/2"
	evs := []referee.Event{
		{Step: 0, Type: "setup", Text: "team Ann+Bob (porc): Prosperity Goal 12", Data: map[string]any{"team": "Ann+Bob", "goal": 12, "size": 2}},
		{Step: 1, Type: "turn", Data: map[string]any{"round": 15}},
		{Step: 1, Type: "prosperity", Data: map[string]any{"team": "Ann+Bob", "before": 0, "after": 9}},
		{Step: 2, Type: "game-over", Text: "game over: " + reason, Data: map[string]any{"result": map[string]any{"reason": reason, "won": false}, "round": 15}},
	}
	st := Game{}.Chronicle(s, evs)
	require.NotNil(t, st.Result)
	require.Equal(t, []string{Marauders}, st.Result.Winners)
	require.Equal(t, "to win, the players must complete their Missions and reach the Prosperity Goal within 15 rounds; round 15 is over: the Prosperity Goal was not reached; open Missions: Bob naval 1/2", st.Result.Why)
	require.Equal(t, []chronicle.Rank{
		{Place: 1, Name: Marauders, Score: "won", Detail: "the players did not complete every Mission and reach the Prosperity Goal"},
		{Place: 2, Name: "Ann+Bob", Score: "9 Prosperity", Detail: "Prosperity Goal 12 not reached; open Missions: Bob naval 1/2"},
	}, st.Result.Ranks)
	require.Empty(t, st.Result.TieBreaks)
}
