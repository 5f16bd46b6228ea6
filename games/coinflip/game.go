package coinflip

import (
	"fmt"
	"strconv"

	"github.com/bosun-referee/bosun/referee"
)

// ID is the game's id.
const ID = "coin-flip"

// Game is the Coin Flip referee.
type Game struct{}

type state struct{ Flips, Score, Left int }

func (st state) Text() string {
	return fmt.Sprintf("%d of %d calls right, %d flips left", st.Score, st.Flips-st.Left, st.Left)
}

// Coin is the game's one named die.
var Coin = referee.DieInfo{Name: "coin", Title: "coin", Game: ID, Count: 1}

// Info says what the game is.
func (Game) Info() referee.GameInfo {
	return referee.GameInfo{ID: ID, Aliases: []string{"coin"}, Name: "Coin Flip", MinPlayers: 1, MaxPlayers: 1,
		Runs: "calls and flips", Rulebook: "coin-flip.txt"}
}

// Dice lists the coin.
func (Game) Dice() []referee.DieInfo { return []referee.DieInfo{Coin} }

// Setup reads the options and says how many flips the game lasts.
func (g Game) Setup(s *referee.Session, env *referee.Env) error {
	opt, err := referee.ParseOptions(ID, g.Options(), s.Options)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(opt["flips"])
	env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("%d flips to play", n), Cites: []string{"coin-flip/setup"}})
	return s.SaveState(state{Flips: n, Left: n})
}

// Next asks the player's call and flips the coin.
func (Game) Next(s *referee.Session, env *referee.Env) error {
	var st state
	if err := s.LoadState(&st); err != nil {
		return err
	}
	call, err := referee.Choose(env.Prompt, "coin.call", "heads or tails?", "heads", "heads", "tails")
	if err != nil {
		return err
	}
	die, err := referee.LoadDie(env.Tables, env.Prompt, Coin)
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
	env.Emit(referee.Event{Type: "flip", Text: fmt.Sprintf("%s called %s: %s", s.Players[0].Name, call, r.Label), Cites: []string{"coin-flip/flipping"}})
	return s.SaveState(st)
}

// Status shows the score so far.
func (Game) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	var st state
	return st, s.LoadState(&st)
}
