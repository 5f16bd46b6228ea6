package procedure

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
)

// chaosTable plays every step of the package's tests as a fumbling table
// (refereetest.Table): each question is fumbled, checked against
// Game.Questions and counted, and each accepted fumble is tried on a fork
// of its step, which must not end with an input error. TestMain fails
// when a declared key was asked by no test.
var chaosTable = refereetest.NewTable(&Game{},
	// Names and specs a table may type by mistake.
	"none,none", "pirate-9", "Nobody", "ship:cannons=99", "brig:cannons=-1", "1,2,3,4,5,6,7", "Ann,Ann", "Bob-brig,Bob-brig", "galleass", "kraken")

// next runs one step through the chaos table.
func next(t testing.TB, g referee.Game, s *referee.Session, env *referee.Env) ([]referee.Event, error) {
	t.Helper()
	return chaosTable.Next(t, s, env)
}

// checkDeclared fumbles the questions a test asks outside a step (the
// setup), each checked against the declarations.
func checkDeclared(t testing.TB, p referee.Prompter) referee.Prompter {
	return chaosTable.Prompter(t, p)
}

func TestMain(m *testing.M) { chaosTable.Run(m) }

// TestChaosTable plays the scripted games through the chaos table; each
// must end as the plain scripted run does.
func TestChaosTable(t *testing.T) {
	game := func(name string, players []referee.Player, opts map[string]string, seed uint64, answers string, maxSteps int) refereetest.ChaosGame {
		return refereetest.ChaosGame{
			Name:    name,
			Game:    &Game{},
			Answers: func() *referee.Scripted { return loadAnswers(t, answers) },
			Start: func(p referee.Prompter) (*referee.Session, *referee.Env, error) {
				set, err := tables.New("", nil)
				if err != nil {
					return nil, nil, err
				}
				env := &referee.Env{Prompt: p, Tables: set}
				s, err := referee.NewSession(&Game{}, "t", players, opts, seed, referee.Virtual, env)
				if err != nil {
					return nil, nil, err
				}
				env.Dice, err = referee.DiceFor(s, p)
				return s, env, err
			},
			MaxSteps: maxSteps,
		}
	}
	chaosTable.Play(t, game("three-players", three, nil, 7, "testdata/three-players.yaml", 500))
	chaosTable.Play(t, game("two-players", three[:2], map[string]string{"components": "none"}, 3, "testdata/two-players.yaml", 300))
	t.Log(chaosTable.Summary())
}
