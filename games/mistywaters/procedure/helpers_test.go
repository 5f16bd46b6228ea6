package procedure

import (
	"encoding/json"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/require"
)

// loadAnswers reads an answers file as --answers does.
func loadAnswers(t testing.TB, path string) *referee.Scripted {
	return refereetest.LoadAnswers(t, path)
}

// playResult is a whole scripted session.
type playResult struct {
	s      *referee.Session
	events []referee.Event
	err    error
}

// play sets up a session and runs Next until the game is over, maxSteps
// steps have run, or a step fails.
func play(t testing.TB, players []referee.Player, opts map[string]string, seed uint64, answers string, maxSteps int) playResult {
	t.Helper()
	p := loadAnswers(t, answers)
	set, err := tables.New("", nil)
	require.NoError(t, err)
	env := &referee.Env{Prompt: p, Tables: set}
	g := &Game{}
	s, err := chaosTable.NewSession(t, g, "t", players, opts, seed, referee.Virtual, env)
	if err != nil {
		return playResult{err: err}
	}
	env.Dice, err = referee.DiceFor(s, p)
	require.NoError(t, err)
	for i := 0; i < maxSteps && !s.Over; i++ {
		if _, err := next(t, g, s, env); err != nil {
			return playResult{s: s, events: s.Log, err: err}
		}
	}
	return playResult{s: s, events: s.Log}
}

func stateOf(t testing.TB, s *referee.Session) *State {
	t.Helper()
	var st State
	require.NoError(t, json.Unmarshal(s.State, &st))
	return &st
}

func eventsOf(evs []referee.Event, typ string) []referee.Event {
	var out []referee.Event
	for _, e := range evs {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}
