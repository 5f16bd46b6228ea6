package questsandcannons

import (
	"sort"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/require"
)

// declared checks every question asked against the game's declarations
// (referee.CheckDeclared), then answers it from the script.
type declared struct {
	*referee.Scripted
	specs []referee.QuestionSpec
	bad   map[string]string // key -> why it does not follow its declaration
	asked map[string]bool
}

func (p *declared) Ask(q referee.Question) (string, error) {
	p.asked[q.Key] = true
	if err := referee.CheckDeclared(p.specs, q); err != nil {
		p.bad[q.Key] = err.Error()
	}
	return p.Scripted.Ask(q)
}

// playDeclared plays an answers file to the end with every question
// checked against Game{}.Questions().
func playDeclared(t *testing.T, file, players string, opts map[string]string, d *declared) {
	t.Helper()
	d.Scripted = refereetest.LoadAnswers(t, "testdata/"+file)
	set, err := tables.Load("")
	require.NoError(t, err)
	var ps []referee.Player
	for _, x := range strings.Split(players, ",") {
		n, side, _ := strings.Cut(x, ":")
		ps = append(ps, referee.Player{Name: n, Side: side})
	}
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{}, d), Prompt: d, Tables: set}
	s, err := referee.NewSession(Game{}, "t", ps, opts, 1, referee.Virtual, env)
	require.NoError(t, err)
	for i := 0; i < 500 && !s.Over; i++ {
		_, err := referee.Next(Game{}, s, env)
		require.NoError(t, err, "step %d", s.Step)
	}
	require.True(t, s.Over, "%s plays to the end", file)
}

// TestScriptedGamesAskOnlyDeclaredQuestions: every question the scripted
// games ask is declared by Questions, with its kind and its default.
func TestScriptedGamesAskOnlyDeclaredQuestions(t *testing.T) {
	d := &declared{specs: Game{}.Questions(), bad: map[string]string{}, asked: map[string]bool{}}
	playDeclared(t, "coop-easy.yaml", "Valkyr", map[string]string{"coop": "easy"}, d)
	playDeclared(t, "team-2v2.yaml", "Ann:Valkyr,Bob:Kerris,Cid:Quaeth,Dee:Ormund", map[string]string{"teams": "2"}, d)
	var keys []string
	for k := range d.bad {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("%s", d.bad[k])
	}
	if len(d.asked) < 10 {
		t.Errorf("only %d keys were asked", len(d.asked))
	}
}
