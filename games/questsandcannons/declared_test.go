package questsandcannons

import (
	"fmt"
	"regexp"
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
	texts []string // every question's text, and the events'
}

func (p *declared) Ask(q referee.Question) (string, error) {
	p.asked[q.Key] = true
	p.texts = append(p.texts, q.Text)
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
	for _, e := range s.Live() {
		d.texts = append(d.texts, e.Text)
	}
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
	for _, w := range wordsOf(d.texts) {
		t.Errorf("words: %s", w)
	}
}

// badWords are the shapes of words the table must never read: a count of
// one with a plural ("1 Coins", "1 Actions"), "a" before a vowel ("on a
// island"), an empty list in brackets ("(removed )"), a refusal quoting
// the answer as what it has ("no" has "no").
var badWords = regexp.MustCompile(`(^|[^\d.,-])1 (Coins|Actions|Sails|Cannons|Resources|Cargo Slots|Hearts|Ammo dice|Clues|Quests|Loot cards|Experience Tokens|Spaces|spaces|Sail\(s\)|Action\(s\)|Coin\(s\))\b|\ba (island|outpost|impassible|Impassible|Ironside's)\b|\(\w+ \)|"no" has "no"|\b[Aa] [aeiou]\w* space`)

// wordsOf returns every bad shape found in texts.
func wordsOf(texts []string) []string {
	var out []string
	for _, t := range texts {
		if m := badWords.FindString(t); m != "" {
			out = append(out, fmt.Sprintf("%q in %q", m, t))
		}
	}
	return out
}
