package procedure

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
