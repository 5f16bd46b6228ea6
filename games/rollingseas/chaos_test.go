package rollingseas

import (
	"path/filepath"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
)

// chaosTable plays every step of the package's tests as a fumbling table
// (refereetest.Table): each question is fumbled, checked against
// Game.Questions and counted, and each accepted fumble is tried on a fork
// of its step, which must not end with an input error. TestMain fails
// when a declared key was asked by no test.
var chaosTable = refereetest.NewTable(Game{})

// next runs one step through the chaos table.
func next(t testing.TB, s *referee.Session, env *referee.Env) ([]referee.Event, error) {
	t.Helper()
	return chaosTable.Next(t, s, env)
}

func TestMain(m *testing.M) { chaosTable.Run(m) }

// TestChaosTable plays every scripted game through the chaos table; each
// must end as the plain scripted run does.
func TestChaosTable(t *testing.T) {
	for _, g := range games {
		rep := chaosTable.Play(t, refereetest.ChaosGame{
			Name:    g.file,
			Game:    Game{},
			Answers: func() *referee.Scripted { return loadAnswers(t, filepath.Join("testdata", g.file+".yaml")) },
			Start: func(p referee.Prompter) (*referee.Session, *referee.Env, error) {
				var ps []referee.Player
				for _, n := range g.players {
					ps = append(ps, referee.Player{Name: n})
				}
				env := &referee.Env{Prompt: p, Tables: newTables(t), Dice: referee.NewDice(referee.Virtual, 1, p)}
				s, err := referee.NewSession(Game{}, "t", ps, g.options, 1, referee.Virtual, env)
				return s, env, err
			},
			MaxSteps: 300,
		})
		if rep.Steps < 20 {
			t.Errorf("%s: only %d steps", g.file, rep.Steps)
		}
	}
	t.Log(chaosTable.Summary())
}
