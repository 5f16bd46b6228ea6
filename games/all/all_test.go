package all_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// coinFlip is the smallest game bosun could referee, written as a new
// game would be (docs/adding-a-game.md): each step the player calls a
// coin, bosun flips it, and after the number of flips the "flips" option
// says, the score is final.
type coinFlip struct{}

type coinState struct {
	Flips int `json:"flips"`
	Score int `json:"score"`
	Left  int `json:"left"`
}

func (st coinState) Text() string {
	return fmt.Sprintf("%d of %d calls right, %d flips left", st.Score, st.Flips-st.Left, st.Left)
}

var coinDie = referee.DieInfo{Name: "coin", Title: "coin", Game: "coin-flip", Count: 1}

func (coinFlip) Info() referee.GameInfo {
	return referee.GameInfo{ID: "coin-flip", Aliases: []string{"coin"}, Name: "Coin Flip", MinPlayers: 1, MaxPlayers: 1, Runs: "calls and flips"}
}
func (coinFlip) Dice() []referee.DieInfo { return []referee.DieInfo{coinDie} }
func (coinFlip) Options() []referee.OptionSpec {
	return []referee.OptionSpec{{Key: "flips", Kind: referee.OptionNumber, Min: 1, Max: 9, Default: "3", Help: "how many flips the game lasts"}}
}
func (g coinFlip) Setup(s *referee.Session, env *referee.Env) error {
	opt, err := referee.ParseOptions(g.Info().ID, g.Options(), s.Options)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(opt["flips"])
	env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("%d flips to play", n)})
	return s.SaveState(coinState{Flips: n, Left: n})
}
func (coinFlip) Next(s *referee.Session, env *referee.Env) error {
	var st coinState
	if err := s.LoadState(&st); err != nil {
		return err
	}
	call, err := referee.Choose(env.Prompt, "coin.call", "heads or tails?", "heads", "tails")
	if err != nil {
		return err
	}
	die, err := referee.LoadDie(env.Tables, env.Prompt, coinDie)
	if err != nil {
		return err
	}
	r, err := env.Dice.Roll("coin.flip", die)
	if err != nil {
		return err
	}
	st.Left--
	if r.Label == call {
		st.Score++
	}
	s.Over = st.Left == 0
	env.Emit(referee.Event{Type: "flip", Text: fmt.Sprintf("%s called %s: %s", s.Players[0].Name, call, r.Label)})
	return s.SaveState(st)
}
func (coinFlip) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	var st coinState
	return st, s.LoadState(&st)
}

func TestAnExampleGamePlugsIntoTheEngine(t *testing.T) {
	games := append(all.Games(), coinFlip{})
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
	require.Len(t, games, 4)
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
	assert.Contains(t, err.Error(), "accepted: misty-waters, rolling-seas, war-for-atraxia, quests-and-cannons (or an alias: mw, rs, atraxia, qc, ...)")
}
