package refereetest

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// Counter is a tiny game for the engine's and the store's tests: each step rolls a d6 when the
// option "roll" is on, and adds to a total.
type Counter struct{}

// CounterState is Counter's game state.
type CounterState struct {
	Total int `json:"total"`
	Steps int `json:"steps"`
}

func (Counter) Info() referee.GameInfo {
	return referee.GameInfo{ID: "counter", MinPlayers: 1, MaxPlayers: 2}
}
func (Counter) Setup(s *referee.Session, env *referee.Env) error {
	env.Emit(referee.Event{Type: "setup", Text: "set up"})
	return s.SaveState(CounterState{})
}
func (Counter) Next(s *referee.Session, env *referee.Env) error {
	var st CounterState
	if err := s.LoadState(&st); err != nil {
		return err
	}
	add := 1
	if s.Option("roll", "") == "yes" {
		r, err := env.Dice.Roll("counter.roll", referee.D(6))
		if err != nil {
			return err
		}
		add = r.Value
	}
	n, err := referee.Number(env.Prompt, "counter.bonus", "bonus", 0, 5)
	if err != nil {
		return err
	}
	st.Total += add + n
	st.Steps++
	if st.Steps == 3 {
		s.Over = true
	}
	env.Emit(referee.Event{Type: "add", Text: fmt.Sprintf("total %d", st.Total), Cites: []string{"test/add"}})
	return s.SaveState(st)
}
func (Counter) Dice() []referee.DieInfo { return nil }
func (Counter) Options() []referee.OptionSpec {
	return []referee.OptionSpec{{Key: "roll", Values: []string{"yes", "no"}, Default: "no", Help: "roll a d6 each step"}}
}
func (Counter) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	var st CounterState
	return st, s.LoadState(&st)
}

// Text is the state for people.
func (st CounterState) Text() string {
	return fmt.Sprintf("total %d after %d steps", st.Total, st.Steps)
}
