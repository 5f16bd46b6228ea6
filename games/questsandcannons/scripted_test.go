package questsandcannons

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playScript runs an answers file from testdata until the game is over.
func playScript(t *testing.T, file, players string, opts map[string]string) (*harness, []referee.Event) {
	t.Helper()
	p := refereetest.LoadAnswers(t, "testdata/"+file)
	h := newHarness(t, players, opts, p)
	for i := 0; i < 500 && !h.s.Over; i++ {
		if _, err := next(h.t, h.s, h.env); err != nil {
			st := h.state()
			t.Fatalf("step %d (round %d, %s, %s): %v", h.s.Step, st.Round, st.Phase, st.cur().Name, err)
		}
	}
	require.True(t, h.s.Over, "the game ends")
	return h, h.s.Live()
}

func dump(evs []referee.Event) string {
	var sb strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&sb, "%d %s: %s\n", e.Step, e.Type, e.Text)
	}
	return sb.String()
}

func TestScriptedCoopGameToRound15(t *testing.T) {
	h, evs := playScript(t, "coop-easy.yaml", "Valkyr", map[string]string{"coop": "easy"})
	st := h.state()
	if t.Failed() || testing.Verbose() {
		t.Log(dump(evs))
	}
	require.NotNil(t, st.Result)
	assert.True(t, st.Result.Won, st.Result.Reason)
	assert.Equal(t, 15, st.Round)
	assert.Equal(t, 15, st.Teams[0].Prosperity)
	v := st.Players[0]
	assert.Equal(t, []int{1, 2}, v.Sank, "Naval Mission: two unique Marauders")
	assert.Equal(t, 1, v.HardDone)
	assert.Equal(t, 1, v.Delivered)
	assert.Equal(t, 1, v.Sinkings)

	// Marauder attacks at the end of the player's turns.
	attacks := eventsOf(evs, "marauder-attack")
	require.Len(t, attacks, 5)
	assert.Equal(t, 1, attacks[0].Data["marauder"])
	assert.Equal(t, 2, attacks[0].Data["cannons"])
	// Reloads each round until the end (14 round ends before the last).
	assert.Len(t, eventsOf(evs, "marauder-reload"), 14)
	// Reinforcements: Marauder 1 (sunk, round 3), all three at rounds 5 and
	// 10, Marauder 2 (sunk, round 8).
	byRound := map[int][]int{}
	for _, e := range eventsOf(evs, "marauder-reinforce") {
		byRound[e.Data["round"].(int)] = append(byRound[e.Data["round"].(int)], e.Data["marauder"].(int))
		assert.True(t, hasCite(e, CiteReinforcement))
	}
	assert.Equal(t, map[int][]int{3: {1}, 5: {1, 2, 3}, 8: {2}, 10: {1, 2, 3}}, byRound)
	for _, m := range st.Marauders {
		assert.Equal(t, 4, m.Cannons, "marauder %d at the maximum of 4 Cannons", m.ID)
	}
	assert.Equal(t, 0, st.Marauders[0].Damage)
	// Sunk by a Marauder: no Prosperity change.
	sinks := eventsOf(evs, "sink")
	require.Len(t, sinks, 1)
	assert.Equal(t, SunkByMarauder, sinks[0].Data["outcome"].(SinkResult).Cause)
	// Mission tracking in the sinking events.
	ms := eventsOf(evs, "marauder-sunk")
	require.Len(t, ms, 2)
	assert.Equal(t, 2, ms[1].Data["unique_sunk"])
	assert.True(t, hasCite(ms[1], CiteNavalMission))
	// Every event cites the rulebook.
	for _, e := range evs {
		if e.Type != "dice" {
			assert.NotEmpty(t, e.Cites, "%s: %s", e.Type, e.Text)
		}
	}
	over := eventsOf(evs, "game-over")
	require.Len(t, over, 1)
	assert.Contains(t, over[0].Text, "the players win")
}

func TestScriptedTeamGameToGoal(t *testing.T) {
	h, evs := playScript(t, "team-2v2.yaml", "Ann:Valkyr,Bob:Kerris,Cid:Quaeth,Dee:Ormund", map[string]string{"teams": "2"})
	st := h.state()
	if t.Failed() || testing.Verbose() {
		t.Log(dump(evs))
	}
	require.NotNil(t, st.Result)
	assert.Equal(t, []string{"Ann+Bob"}, st.Result.Winners)
	assert.Equal(t, 3, st.Round)
	assert.Equal(t, 20, st.Teams[0].Prosperity)
	assert.Equal(t, 1, st.Teams[1].Prosperity)
	assert.Equal(t, 20, st.Teams[0].Goal)
	goal := eventsOf(evs, "goal")
	require.Len(t, goal, 1)
	// The round is finished after the goal: Cid, Dee and Ann still play round 3.
	var after []string
	seen := false
	for _, e := range evs {
		if e.Type == "goal" {
			seen = true
		}
		if seen && e.Type == "turn" {
			after = append(after, e.Data["player"].(string))
		}
	}
	assert.Equal(t, []string{"Cid", "Dee", "Ann"}, after)
	// Cid was sunk by a rival: Ann took his Coins.
	sinks := eventsOf(evs, "sink")
	require.Len(t, sinks, 1)
	assert.Equal(t, "Ann", sinks[0].Data["by"])
	ann, bob := st.Players[0], st.Players[1]
	assert.Equal(t, 3, ann.Coins, "3 + 2 of Cid's Coins - 2 given to Bob")
	assert.Equal(t, 8, bob.Coins)
	assert.Equal(t, 1, ann.Ammo)
}
