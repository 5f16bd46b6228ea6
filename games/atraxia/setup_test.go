package atraxia

import (
	"fmt"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// setupText starts a game of n clans with opts and returns the setup
// event's text and the state.
func setupText(t *testing.T, n int, opts map[string]string) (string, *State) {
	t.Helper()
	set, err := tables.New("", nil)
	require.NoError(t, err)
	p := &referee.Scripted{}
	var text string
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{Seq: []int{0, 0, 0, 0, 0, 0, 0}}, p), Prompt: p, Tables: set,
		OnEmit: func(e referee.Event) {
			if e.Type == "setup" {
				text = e.Text
			}
		}}
	var ps []referee.Player
	for i := 0; i < n; i++ {
		ps = append(ps, referee.Player{Name: fmt.Sprintf("P%d", i+1), Side: Clans[i]})
	}
	s, err := chaosTable.NewSession(t, Game{}, "t", ps, opts, 1, referee.Virtual, env)
	require.NoError(t, err)
	require.NotEmpty(t, text, "no setup event")
	return text, state(t, s)
}

// Game Setup D (war-for-atraxia/game-setup): "Shuffle the 8 Lost Expedition tiles and randomly
// place one tile, Magic Crystal side up on each Apex Island. Then place 1
// Magic Crystal on each. Return the 2 unused tiles to the box." and the
// NOTE (war-for-atraxia/game-setup): "IN A 5 PLAYER GAME, ONE APEX ISLAND REMAINS COVERED
// THROUGHOUT THE GAME. DURING SETUP, PLACE A RED TILE OVER IT. THERE ARE
// NO MAGIC CRYSTALS ON THIS ISLAND." With 5 clans 5 tiles go out and 3 go
// back: the instruction to the table says so and matches the state (issue
// 30: it said "on each Apex Island ... 2 tiles unused").
func TestSetupLostExpeditionTilesFiveClans(t *testing.T) {
	text, st := setupText(t, 5, map[string]string{"covered-apex": "3"})
	placed := 0
	for _, a := range st.Apex {
		if a.Covered {
			assert.Equal(t, "apex3", a.Name)
			assert.Zero(t, a.Tile, "no tile under the red tile")
			continue
		}
		assert.NotZero(t, a.Tile, a.Name)
		placed++
	}
	assert.Equal(t, 5, placed)
	assert.Len(t, st.Unused, 3)
	assert.Contains(t, text, "one Lost Expedition tile on each of the 5 uncovered Apex Islands with 1 Magic Crystal on it, none on apex3 (red tile); 3 tiles unused, back in the box")
	assert.NotContains(t, text, "2 tiles unused")
	assert.Equal(t, 30-15-5, st.CrystalPile(), "no Magic Crystal on the covered island")

	for _, n := range []int{3, 4, 6} {
		text, st := setupText(t, n, nil)
		assert.Len(t, st.Unused, 2, "%d clans", n)
		assert.Contains(t, text, "one Lost Expedition tile on each Apex Island with 1 Magic Crystal on it; 2 tiles unused, back in the box", "%d clans", n)
	}
}

// The Rise of Pirates (war-for-atraxia/setup): "place one of the Pirate tokens, Pirate side
// up, on each Apex Island. (If playing with 5 players, do not add a Pirate
// token to the covered island.)"
func TestSetupPiratesFiveClans(t *testing.T) {
	text, st := setupText(t, 5, map[string]string{"pirates": "yes"})
	pirates := 0
	for _, a := range st.Apex {
		if a.Pirate {
			pirates++
		}
		assert.False(t, a.Covered && a.Pirate, a.Name)
	}
	assert.Equal(t, 5, pirates)
	assert.Contains(t, text, "one Pirate token, pirate side up, on each of the 5 uncovered Apex Islands, none on apex6 (red tile)")
}
