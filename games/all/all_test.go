package all_test

import (
	"fmt"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnExampleGamePlugsIntoTheEngine plays the plugged-in example game
// (games/coinflip, see plug_test.go) through referee.NewSession (setup),
// referee.Next and Status.
func TestAnExampleGamePlugsIntoTheEngine(t *testing.T) {
	games := all.Games()
	g, err := games.Resolve("COIN")
	require.NoError(t, err)
	assert.Equal(t, "coin-flip", g.Info().ID)
	assert.Contains(t, referee.DieNames(games.Dice()), "coin")

	// Setup: the game checks its options with the shared grammar...
	env := &referee.Env{Prompt: referee.NewScripted()}
	_, err = referee.NewSession(g, "c0", []referee.Player{{Name: "Ann"}}, map[string]string{"flips": "10"}, 3, referee.Virtual, env)
	require.Error(t, err)
	assert.Equal(t, "option flips=10 for coin-flip: accepted: a whole number from 1 to 9", err.Error())

	// ...reads them and emits the setup event.
	s, err := referee.NewSession(g, "c1", []referee.Player{{Name: "Ann"}}, map[string]string{"flips": "1"}, 3, referee.Virtual, env)
	require.NoError(t, err)
	require.Len(t, s.Log, 1)
	assert.Equal(t, "1 flips to play", s.Log[0].Text)

	// Next: the player's call is asked, the coin's faces are asked once
	// (no dice table here), the flip is rolled with the session's seed.
	p := refereetest.NewPrompter(t).Expect("coin.call", "heads").Expect("tables.dice.coin", "heads,tails")
	d, err := referee.DiceFor(s, p)
	require.NoError(t, err)
	evs, err := referee.Next(g, s, &referee.Env{Dice: d, Prompt: p})
	require.NoError(t, err)
	p.Verify()
	require.Len(t, evs, 1)
	require.Len(t, evs[0].Rolls, 1)
	flip := evs[0].Rolls[0].Label
	assert.Contains(t, []string{"heads", "tails"}, flip)
	assert.Equal(t, "Ann called heads: "+flip, evs[0].Text)
	assert.True(t, s.Over, "one flip was the whole game")

	// Status: the declared view prints itself.
	v, err := g.Status(s, &referee.Env{})
	require.NoError(t, err)
	right := 0
	if flip == "heads" {
		right = 1
	}
	assert.Equal(t, fmt.Sprintf("%d of 1 calls right, 0 flips left", right), v.Text())
}

func TestTheGamesDescribeThemselves(t *testing.T) {
	games := all.Games()
	require.Len(t, games, 5, "the four games bosun ships and the plugged-in example")
	seen := map[string]string{}
	for _, g := range games {
		info := g.Info()
		assert.NotEmpty(t, info.Name, info.ID)
		assert.NotEmpty(t, info.Rulebook, info.ID)
		assert.LessOrEqual(t, 1, info.MinPlayers, info.ID)
		assert.LessOrEqual(t, info.MinPlayers, info.MaxPlayers, info.ID)
		for _, name := range append([]string{info.ID}, info.Aliases...) {
			assert.NotContains(t, seen, name, "%s and %s both answer to %q", seen[name], info.ID, name)
			seen[name] = info.ID
			id, err := all.ResolveID(name)
			require.NoError(t, err)
			assert.Equal(t, info.ID, id)
		}
		for _, d := range g.Dice() {
			assert.Equal(t, info.ID, d.Game, d.Name)
			assert.Positive(t, d.Count, d.Name)
		}
	}
	_, err := all.ResolveID("chess")
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "accepted: misty-waters, rolling-seas, war-for-atraxia, quests-and-cannons, coin-flip (or an alias: mw, rs, atraxia, qc, coin, ...)")
}
