package referee_test

import (
	"encoding/json"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newCounter(t *testing.T, opts map[string]string, seed uint64) *referee.Session {
	env := &referee.Env{Prompt: referee.NewScripted()}
	s, err := referee.NewSession(refereetest.Counter{}, "t1", []referee.Player{{Name: "Ann"}}, opts, seed, referee.Virtual, env)
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
	_, err = referee.Next(refereetest.Counter{}, s, &referee.Env{Dice: d, Prompt: p})
	return err
}

func TestNextAndUndo(t *testing.T) {
	s := newCounter(t, nil, 1)
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "2"}))
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "0"}))
	var st refereetest.CounterState
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

// TestUndoableSaysWhatUndoWould: Undoable names the step an undo would
// restore and whether it revealed dice, changing nothing, and refuses as
// UndoStep does when nothing is left.
func TestUndoableSaysWhatUndoWould(t *testing.T) {
	s := newCounter(t, map[string]string{"roll": "yes"}, 9)
	_, _, err := referee.Undoable(s)
	assert.True(t, referee.IsUsage(err), "nothing to undo yet: %v", err)
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "0"}))
	before, _ := json.Marshal(s)
	n, revealed, err := referee.Undoable(s)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.True(t, revealed, "the step rolled a die")
	after, _ := json.Marshal(s)
	assert.Equal(t, string(before), string(after), "Undoable changes nothing")

	q := newCounter(t, nil, 9)
	require.NoError(t, step(t, q, map[string]string{"counter.bonus": "0"}))
	n, revealed, err = referee.Undoable(q)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.False(t, revealed, "no die rolled")
	_, err = referee.UndoStep(q, false)
	require.NoError(t, err)
	_, _, err = referee.Undoable(q)
	assert.True(t, referee.IsUsage(err))
}
