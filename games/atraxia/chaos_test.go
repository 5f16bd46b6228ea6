package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
)

// TestChaosTable plays the scripted game as a table that fumbles every
// question (refereetest.Chaos): no accepted answer may lose its step, and
// the game ends as the plain scripted run does. Every other test of the
// package runs its steps through the same table (next), and TestMain
// fails when a declared key was asked by none of them.
func TestChaosTable(t *testing.T) {
	players := []referee.Player{{Name: "Xanthe", Side: "fox"}, {Name: "Myles", Side: "rhino"}, {Name: "Ann", Side: "tiger"}, {Name: "Bob", Side: "ape"}}
	rep := chaosTable.Play(t, refereetest.ChaosGame{
		Name:    "session-4p",
		Game:    Game{},
		Answers: func() *referee.Scripted { return loadAnswers(t, "testdata/session-4p.yaml") },
		Start: func(p referee.Prompter) (*referee.Session, *referee.Env, error) {
			set, err := tables.New("", nil)
			if err != nil {
				return nil, nil, err
			}
			env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{Seq: []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2}}, p), Prompt: p, Tables: set}
			s, err := referee.NewSession(Game{}, "t", players, map[string]string{"pirates": "yes", "countdown": "marker"}, 1, referee.Virtual, env)
			return s, env, err
		},
		MaxSteps: 60,
	})
	t.Logf("%d steps, %d distinct keys; %s", rep.Steps, len(rep.Asked), chaosTable.Summary())
}
