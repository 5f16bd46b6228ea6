package referee_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// counter is a tiny game for engine tests: each step rolls a d6 when the
// option "roll" is on, and adds to a total.
type counter struct{}

type counterState struct {
	Total int `json:"total"`
	Steps int `json:"steps"`
}

func (counter) Info() referee.GameInfo {
	return referee.GameInfo{ID: "counter", MinPlayers: 1, MaxPlayers: 2}
}
func (counter) Setup(s *referee.Session, env *referee.Env) error {
	env.Emit(referee.Event{Type: "setup", Text: "set up"})
	return s.SaveState(counterState{})
}
func (counter) Next(s *referee.Session, env *referee.Env) error {
	var st counterState
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
func (counter) Dice() []referee.DieInfo { return nil }
func (counter) Options() []referee.OptionSpec {
	return []referee.OptionSpec{{Key: "roll", Values: []string{"yes", "no"}, Default: "no", Help: "roll a d6 each step"}}
}
func (counter) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	var st counterState
	return st, s.LoadState(&st)
}
func (st counterState) Text() string {
	return fmt.Sprintf("total %d after %d steps", st.Total, st.Steps)
}

func newCounter(t *testing.T, opts map[string]string, seed uint64) *referee.Session {
	env := &referee.Env{Prompt: referee.NewScripted()}
	s, err := referee.NewSession(counter{}, "t1", []referee.Player{{Name: "Ann"}}, opts, seed, referee.Virtual, env)
	require.NoError(t, err)
	return s
}

func step(t *testing.T, s *referee.Session, answers map[string]string) error {
	p := referee.NewScripted()
	for k, v := range answers {
		p.Set(k, v, "set")
	}
	d, err := referee.DiceFor(s, p)
	require.NoError(t, err)
	_, err = referee.Next(counter{}, s, &referee.Env{Dice: d, Prompt: p})
	return err
}

func TestNextAndUndo(t *testing.T) {
	s := newCounter(t, nil, 1)
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "2"}))
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "0"}))
	var st counterState
	require.NoError(t, s.LoadState(&st))
	assert.Equal(t, 4, st.Total)

	// A refused step changes nothing.
	before, _ := json.Marshal(s)
	err := step(t, s, map[string]string{"counter.bonus": "9"})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	after, _ := json.Marshal(s)
	assert.Equal(t, string(before), string(after))

	// Undo twice, any number of times, back to the start.
	_, err = referee.UndoStep(s, false)
	require.NoError(t, err)
	_, err = referee.UndoStep(s, false)
	require.NoError(t, err)
	require.NoError(t, s.LoadState(&st))
	assert.Equal(t, 0, st.Total)
	assert.Equal(t, 1, s.Step)
	_, err = referee.UndoStep(s, false)
	assert.True(t, referee.IsUsage(err), "nothing left to undo")
	// The log keeps the undone steps, flagged, plus the undo events.
	assert.Len(t, s.Log, 5)
	live := s.Live()
	require.Len(t, live, 3)
	assert.Equal(t, []string{"setup", "undo", "undo"}, []string{live[0].Type, live[1].Type, live[2].Type})
}

func TestUndoPastRevealedDiceNeedsForceAndIsLogged(t *testing.T) {
	s := newCounter(t, map[string]string{"roll": "yes"}, 9)
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "0"}))
	first := s.Log[len(s.Log)-1].Rolls
	require.Len(t, first, 1)
	_, err := referee.UndoStep(s, false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--force")
	ev, err := referee.UndoStep(s, true)
	require.NoError(t, err)
	assert.Equal(t, true, ev.Data["forced"])
	// Re-running the step rolls the same die again: no quiet re-roll.
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "0"}))
	again := s.Log[len(s.Log)-1].Rolls
	assert.Equal(t, first[0].Value, again[0].Value)
}

func TestReplayIsByteIdentical(t *testing.T) {
	run := func() []byte {
		s := newCounter(t, map[string]string{"roll": "yes"}, 1234)
		for _, b := range []string{"1", "2", "3"} {
			require.NoError(t, step(t, s, map[string]string{"counter.bonus": b}))
		}
		out, err := json.Marshal(s.Log)
		require.NoError(t, err)
		return out
	}
	assert.Equal(t, string(run()), string(run()))
}
