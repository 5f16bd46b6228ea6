package procedure

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
)

func TestUsualAnswersAreTheDefaults(t *testing.T) {
	ps := players("Ann", "Bob")
	ps[0].Captured = 2
	st := &State{Round: 3, Phase: PhaseTurns, Wind: 5, Treasure: TreasureGalleass, Galleass: true, Players: ps, Opt: baseOpts()}
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":  "0",
		"misty.player.Ann.attack":   "none",
		"misty.player.Bob.attack":   "none",
		"misty.player.Ann.ports":    "none",
		"misty.player.Bob.ports":    "none",
		"misty.player.Ann.captured": "2",
		"misty.player.Bob.captured": "1",
		"misty.player.Ann.treasure": "none",
		"misty.player.Bob.treasure": "none",
	})
	tb.step()
	tb.step()
	tb.step()
	for key, want := range map[string]string{
		"misty.player.Ann.captured": "2", // what bosun knows: Enter keeps it
		"misty.player.Bob.captured": "0",
		"misty.player.Ann.attack":   "none",
		"misty.player.Ann.ports":    "none",
	} {
		q, ok := tb.rec.question(key)
		require.True(t, ok, key)
		assert.Equal(t, want, q.Default, key)
		v, err := q.Normalize("")
		require.NoError(t, err, key)
		assert.Equal(t, want, v, "%s: Enter takes the default", key)
	}
	assert.Equal(t, 1, tb.state().player("Bob").Captured)
}

// enter answers like a player pressing Enter: the question's default.
type enter struct{}

func (enter) Ask(q referee.Question) (string, error) { return q.Normalize("") }

func TestShipSpecDefaultsToTheLastOneGiven(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	tb := newTable(t, st, map[string]any{
		"misty.npc.pirate-1.targets": "Ann",
		"misty.player.Ann.stop-card": "no",
	}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	tb.s.Log = append(tb.s.Log,
		referee.Event{Text: "an earlier battle", Answers: []referee.Answer{{Key: "misty.ship.Ann", Value: "brig:cannons=2,sailors=2", Source: "terminal"}}},
		referee.Event{Text: "an undone battle", Undone: true, Answers: []referee.Answer{{Key: "misty.ship.Ann", Value: "brig:cannons=1", Source: "terminal"}}})
	tb.rec.p.Fallback = enter{}
	tb.step()
	q, ok := tb.rec.question("misty.ship.Ann")
	require.True(t, ok)
	assert.Equal(t, "brig:cannons=2,sailors=2", q.Default, "the last live answer for the key is the default")
	assert.Contains(t, tb.rec.p.Record, referee.Answer{Key: "misty.ship.Ann", Value: "brig:cannons=2,sailors=2", Source: "terminal"}, "Enter repeated the spec")
}
