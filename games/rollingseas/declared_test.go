package rollingseas

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
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

// badWords are the shapes of words the table must never read: a count of
// one with a plural ("1 Coins", "1 Experience Tokens"), "a" before a vowel
// ("a island"), an empty list in brackets ("(removed )"), a refusal
// quoting the answer as what it has ("no" has "no").
var badWords = regexp.MustCompile(`(^|[^\d.,-])1 (Coins|Actions|Gold Pieces|Provisions|Story Points|Cannons|Ship Tokens|Experience Tokens|spaces|Adventure Cards|Bonus Renown ticks|Wind in Its Sails tokens)\b|\(s\)|\ba (island|outpost|Ancient|adventure|Adventure|Ambush|ambush)\b|\(\w+ \)|\(removed \)|"no" has "no"`)

func wordsOf(texts []string) []string {
	var out []string
	for _, t := range texts {
		if m := badWords.FindString(t); m != "" {
			out = append(out, fmt.Sprintf("%q in %q", m, t))
		}
	}
	return out
}

// TestScriptedGamesAskOnlyDeclaredQuestions: every question the scripted
// games ask is declared by Questions, with its kind and its default, and
// no question or event says a count in the wrong number.
func TestScriptedGamesAskOnlyDeclaredQuestions(t *testing.T) {
	d := &declared{specs: Game{}.Questions(), bad: map[string]string{}, asked: map[string]bool{}}
	for _, g := range games {
		d.Scripted = loadAnswers(t, filepath.Join("testdata", g.file+".yaml"))
		_, evs := play(t, g.players, g.options, d, newTables(t), 1)
		for _, e := range evs {
			d.texts = append(d.texts, e.Text)
		}
	}
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

// No golden log says a count in the wrong number.
func TestGoldensCountInWords(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no goldens: %v", err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wordsOf(strings.Split(string(raw), "\n")) {
			t.Errorf("%s: %s", f, w)
		}
	}
}
