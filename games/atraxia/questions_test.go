package atraxia

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// declaring wraps the scripted prompter of a test: every question asked is
// checked against Game.Questions (referee.CheckDeclared) and its key
// remembered, so every test of the package plays against the
// declarations, and TestMain can tell which declared keys no test asked.
type declaring struct {
	*referee.Scripted
	t   testing.TB
	mu  sync.Mutex
	bad map[string]string
}

func declare(t testing.TB, p *referee.Scripted) *declaring {
	d := &declaring{Scripted: p, t: t, bad: map[string]string{}}
	t.Cleanup(func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		if len(d.bad) > 0 {
			var keys []string
			for k := range d.bad {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var lines []string
			for _, k := range keys {
				lines = append(lines, d.bad[k])
			}
			t.Errorf("%d question key(s) asked without a matching declaration in Game.Questions:\n%s", len(keys), strings.Join(lines, "\n"))
		}
	})
	return d
}

var (
	askedMu sync.Mutex
	asked   = map[string]bool{}
)

// Ask implements referee.Prompter.
func (d *declaring) Ask(q referee.Question) (string, error) {
	askedMu.Lock()
	asked[q.Key] = true
	askedMu.Unlock()
	if err := referee.CheckDeclared(Game{}.Questions(), q); err != nil {
		d.mu.Lock()
		d.bad[q.Key] = err.Error()
		d.mu.Unlock()
	}
	return d.Scripted.Ask(q)
}

// TestMain fails when a declared question key was asked by no test of a
// whole run of the package: the list must be what the game asks.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if f := flag.Lookup("test.run"); code == 0 && (f == nil || f.Value.String() == "") {
		var unasked []string
		for _, s := range (Game{}).Questions() {
			found := false
			for k := range asked {
				if s.Match(k) {
					found = true
					break
				}
			}
			if !found {
				unasked = append(unasked, s.Key)
			}
		}
		if len(unasked) > 0 {
			fmt.Fprintf(os.Stderr, "declared question keys that no test asked (declare only what the game asks, and test it): %s\n", strings.Join(unasked, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

// Every question the scripted 4-player game asks is declared with its
// kind and default (issue 24: "Every question declares its default").
func TestQuestionsDeclared(t *testing.T) {
	specs := Game{}.Questions()
	seen := map[string]bool{}
	for _, s := range specs {
		assert.False(t, seen[s.Key], "%s declared twice", s.Key)
		seen[s.Key] = true
		assert.NotEmpty(t, s.Why, s.Key)
		assert.False(t, s.Default != "" && s.Varies != "", "%s: a fixed default or one that varies, not both", s.Key)
	}
	p := loadAnswers(t, "testdata/session-4p.yaml")
	d := &declaring{Scripted: p, t: t, bad: map[string]string{}}
	set := map[string]bool{}
	rec := &recording{Prompter: d, keys: set}
	s, env := newSessionWith(t, p, rec, []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2}, "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", map[string]string{"pirates": "yes", "countdown": "marker"})
	for steps := 0; !s.Over; steps++ {
		_, err := referee.Next(Game{}, s, env)
		require.NoError(t, err, "step %d", steps+1)
		require.Less(t, steps, 60)
	}
	var bad []string
	for _, e := range d.bad {
		bad = append(bad, e)
	}
	sort.Strings(bad)
	assert.Empty(t, bad, "undeclared or mismatched question keys:\n%s", strings.Join(bad, "\n"))
	t.Logf("the scripted game asked %d distinct question keys", len(set))
	assert.GreaterOrEqual(t, len(set), 30)
}

// "controlled the whole continent?" grants a third Active Action: Enter
// must say no (issue 24). At a terminal Enter is the empty answer.
func TestContinentDefaultIsNo(t *testing.T) {
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"collect"}, "wfa.collect.oc": {"1"}, "wfa.collect.alwood": {"1"}, "wfa.collect.ammo": {"0"}, "wfa.turn.continent": {""}}, func(st *State) {
		st.Actions = 1
	})
	require.NoError(t, step())
	assert.Equal(t, 2, state(t, s).Allowed, "Enter grants no third Active Action")
}

type recording struct {
	referee.Prompter
	keys map[string]bool
	qs   []referee.Question
}

func (r *recording) Ask(q referee.Question) (string, error) {
	r.keys[q.Key] = true
	r.qs = append(r.qs, q)
	return r.Prompter.Ask(q)
}

// badWords are the shapes issue 24 found in bosun's words: a count of one
// with a plural noun, a count with "(s)", a resource shouted, an empty
// list in parentheses, "a" before a vowel sound.
var badWords = regexp.MustCompile(`(^|[^\d.,-])1 [A-Za-z]{2,}(s|\(s\))\b|\d \w+\(s\)|ALWOOD|\(\s*\)|\((removed|none) \)|\b[Aa] (island|Apex|Isle|OC|AlWood|Ammo|ammo|action|Active|extra|empty)\b`)

// The scripted game's questions and events say counts in the right
// number and read as English (issue 24, "Words").
func TestScriptedGameWords(t *testing.T) {
	p := loadAnswers(t, "testdata/session-4p.yaml")
	rec := &recording{Prompter: declare(t, p), keys: map[string]bool{}}
	s, env := newSessionWith(t, p, rec, []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2}, "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", map[string]string{"pirates": "yes", "countdown": "marker"})
	var texts []string
	for steps := 0; !s.Over && steps < 60; steps++ {
		evs, err := referee.Next(Game{}, s, env)
		require.NoError(t, err)
		for _, e := range evs {
			texts = append(texts, e.Type+": "+e.Text)
		}
	}
	for _, q := range rec.qs {
		texts = append(texts, q.Key+": "+q.Text)
	}
	for _, tx := range texts {
		assert.False(t, badWords.MatchString(tx), "%q in %s", badWords.FindString(tx), tx)
	}
}

// chaos tries wrong and other answers on every question (its Normalize
// with its Check, as a terminal does before the answer it takes) before
// the scripted answer.
type chaos struct {
	referee.Prompter
	keys  map[string]bool
	tried int
}

var chaosAnswers = []string{"", " ", "zzz", "-1", "0", "1", "999999", "yes", "no", "none", "C", "CDDDDDDG", "P", "apex9", "isle", "fox-home",
	"squirrel-1", "lion-home", "oc=99", "5,5,5,5,5,5,5,5,5,5,5", "1,1", "hire", "fight", "self", "end", "upgrade"}

func (c *chaos) Ask(q referee.Question) (string, error) {
	c.keys[q.Key] = true
	tries := append(append([]string(nil), chaosAnswers...), q.Options...)
	for _, a := range tries {
		_, _ = q.Normalize(a)
		c.tried++
	}
	return c.Prompter.Ask(q)
}

// The chaos table: trying wrong answers (wrong types, out of range,
// illegal choices, empty) and every offered one at each question of the
// scripted game before its scripted answer changes nothing: every step
// goes on and the game ends as the scripted one does (the checks are
// pure). It reports the keys it covered.
func TestChaosTable(t *testing.T) {
	run := func(wrap func(referee.Prompter) referee.Prompter) (*referee.Session, []string) {
		p := loadAnswers(t, "testdata/session-4p.yaml")
		s, env := newSessionWith(t, p, wrap(declare(t, p)), []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2}, "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", map[string]string{"pirates": "yes", "countdown": "marker"})
		var texts []string
		for steps := 0; !s.Over && steps < 60; steps++ {
			evs, err := referee.Next(Game{}, s, env)
			require.NoError(t, err, "step %d: no step ends with an input error", steps+1)
			for _, e := range evs {
				texts = append(texts, e.Text)
			}
		}
		return s, texts
	}
	plain, plainTexts := run(func(p referee.Prompter) referee.Prompter { return p })
	ch := &chaos{keys: map[string]bool{}}
	wild, wildTexts := run(func(p referee.Prompter) referee.Prompter { ch.Prompter = p; return ch })
	assert.JSONEq(t, string(plain.State), string(wild.State), "the same game")
	assert.Equal(t, plainTexts, wildTexts)
	t.Logf("chaos table: %d answers tried at %d distinct question keys", ch.tried, len(ch.keys))
}
