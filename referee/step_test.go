package referee_test

import (
	"errors"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type phased struct {
	Phase string `json:"phase"`
	N     int    `json:"n"`
}

func loadPhased(s *referee.Session) (*phased, error) {
	st := &phased{}
	return st, s.LoadState(st)
}

func stepPhased(s *referee.Session, fail bool) error {
	return referee.Step(s, loadPhased, func(st *phased) error {
		return referee.Phases[string]{
			"a": func() error { st.N++; st.Phase = "b"; return nil },
			"b": func() error {
				st.N += 10
				if fail {
					return errors.New("no answer")
				}
				st.Phase = "over"
				return nil
			},
		}.Run(st.Phase, referee.Usagef("the game is over"))
	})
}

func TestStepRunsThePhaseAndSavesOnlyOnSuccess(t *testing.T) {
	s := &referee.Session{Name: "t"}
	require.NoError(t, s.SaveState(phased{Phase: "a"}))

	require.NoError(t, stepPhased(s, false))
	assert.JSONEq(t, `{"phase":"b","n":1}`, string(s.State))

	err := stepPhased(s, true)
	require.EqualError(t, err, "no answer")
	assert.JSONEq(t, `{"phase":"b","n":1}`, string(s.State), "a failed step saves nothing")

	require.NoError(t, stepPhased(s, false))
	assert.JSONEq(t, `{"phase":"over","n":11}`, string(s.State))

	err = stepPhased(s, false)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "the game is over")
}
