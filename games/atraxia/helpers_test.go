package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/require"
)

func testTurn(t *testing.T, answers map[string][]string) (*State, *step) {
	t.Helper()
	p := referee.NewScripted()
	for k, vs := range answers {
		for _, v := range vs {
			p.Set(k, v, "answers")
		}
	}
	set, err := tables.New("", nil)
	require.NoError(t, err)
	d := declare(t, p)
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{Seq: make([]int, 50)}, d), Prompt: d, Tables: set}
	s, err := referee.NewSession(Game{}, "t", []referee.Player{{Name: "Xanthe", Side: "fox"}, {Name: "Myles", Side: "rhino"}, {Name: "Ann", Side: "tiger"}}, nil, 1, referee.Virtual, env)
	require.NoError(t, err)
	st, err := load(s)
	require.NoError(t, err)
	return st, &step{st: st, v: DefaultValues(), env: env, p: d}
}
