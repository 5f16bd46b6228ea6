package procedure

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// declared wraps a prompter and checks every question asked against the
// game's declarations (referee.CheckDeclared): a key no spec declares, a
// kind or a fixed default that differs from its spec.
type declared struct {
	p     referee.Prompter
	specs []referee.QuestionSpec
	mu    sync.Mutex
	bad   map[string]string // key -> why
	seen  map[string]bool
}

func newDeclared(p referee.Prompter) *declared {
	return &declared{p: p, specs: (&Game{}).Questions(), bad: map[string]string{}, seen: map[string]bool{}}
}

func (d *declared) Ask(q referee.Question) (string, error) {
	d.mu.Lock()
	d.seen[q.Key] = true
	if err := referee.CheckDeclared(d.specs, q); err != nil {
		d.bad[q.Key] = err.Error()
	}
	d.mu.Unlock()
	return d.p.Ask(q)
}

// HasAnswer lets entered dice come from the answers (referee.Presetter).
func (d *declared) HasAnswer(key string) bool {
	if ps, ok := d.p.(referee.Presetter); ok {
		return ps.HasAnswer(key)
	}
	return false
}

// TakeRecord passes the answers on to the events (referee.Recorder).
func (d *declared) TakeRecord() []referee.Answer {
	if r, ok := d.p.(referee.Recorder); ok {
		return r.TakeRecord()
	}
	return nil
}

// Recorded lets referee.Sticky see the answers of the step.
func (d *declared) Recorded() []referee.Answer {
	if r, ok := d.p.(interface{ Recorded() []referee.Answer }); ok {
		return r.Recorded()
	}
	return nil
}

func (d *declared) failures() []string {
	var out []string
	for k, why := range d.bad {
		out = append(out, k+": "+why)
	}
	sort.Strings(out)
	return out
}

// checkDeclared wraps a test's prompter: at the end of the test, every
// question it asked must have been declared.
func checkDeclared(t testing.TB, p referee.Prompter) *declared {
	d := newDeclared(p)
	t.Cleanup(func() {
		if f := d.failures(); len(f) > 0 {
			t.Errorf("%d question keys asked without a matching declaration:\n%s", len(f), strings.Join(f, "\n"))
		}
	})
	return d
}

// playDeclared plays a scripted game as play does, every question checked
// against the declarations.
func playDeclared(t *testing.T, players []referee.Player, opts map[string]string, seed uint64, answers string, maxSteps int) (*declared, playResult) {
	t.Helper()
	p := newDeclared(loadAnswers(t, answers))
	set, err := tables.Load("")
	require.NoError(t, err)
	env := &referee.Env{Prompt: p, Tables: set}
	g := &Game{}
	s, err := referee.NewSession(g, "t", players, opts, seed, referee.Virtual, env)
	require.NoError(t, err)
	env.Dice, err = referee.DiceFor(s, p)
	require.NoError(t, err)
	for i := 0; i < maxSteps && !s.Over; i++ {
		if _, err := referee.Next(g, s, env); err != nil {
			return p, playResult{s: s, events: s.Log, err: err}
		}
	}
	return p, playResult{s: s, events: s.Log}
}

// Every question the scripted games ask is declared, with its kind and
// its default (issue #24: Enter never makes a ruling the table did not
// choose). The games play exactly as without the check.
func TestScriptedGamesAskOnlyDeclaredQuestions(t *testing.T) {
	for _, c := range []struct {
		name    string
		players []referee.Player
		opts    map[string]string
		seed    uint64
		answers string
		steps   int
	}{
		{"three-players", three, nil, 7, "testdata/three-players.yaml", 500},
		{"two-players", three[:2], map[string]string{"components": "none"}, 3, "testdata/two-players.yaml", 300},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, r := playDeclared(t, c.players, c.opts, c.seed, c.answers, c.steps)
			require.NoError(t, r.err)
			assert.True(t, r.s.Over)
			if f := d.failures(); len(f) > 0 {
				t.Errorf("%d question keys asked without a matching declaration:\n%s", len(f), strings.Join(f, "\n"))
			}
			t.Logf("%d distinct keys asked", len(d.seen))
		})
	}
}

// The declarations themselves: no key declared twice, each says why, and
// a fixed default of a yes/no question is yes or no.
func TestQuestionSpecsAreWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range (&Game{}).Questions() {
		assert.False(t, seen[s.Key], "%s declared twice", s.Key)
		seen[s.Key] = true
		assert.NotEmpty(t, strings.TrimSpace(s.Why), s.Key)
		assert.True(t, strings.HasPrefix(s.Key, "misty.") || strings.HasPrefix(s.Key, "tables.dice."), s.Key)
		if s.Kind == referee.KindConfirm && s.Default != "" {
			assert.Contains(t, []string{"yes", "no"}, s.Default, s.Key)
		}
		assert.False(t, s.Default != "" && s.Varies != "", fmt.Sprintf("%s: a fixed default or one that varies, not both", s.Key))
	}
	var g referee.Game = &Game{}
	_, ok := g.(referee.Asker)
	assert.True(t, ok, "the game lists its questions")
}

// badWords are the shapes of wrong counts and empty lists in bosun's
// text (issue #24): "1 Coins", "1 Experience Tokens", "(removed )",
// "Island(s)", "a island".
var badWords = []*regexp.Regexp{
	regexp.MustCompile(`(^|[^\w.,-])1 (Coins|Silver Coins|Experience Tokens|Actions|Cannons|Sailors|Officers|spaces|dice|Crates|Barrels|Damage Markers|re-rolls|Hull Hits|Deck Crew Hits|misses|Votes|Captured Islands|Islands|parsecs|Rounds|Pirate Ships|targets|routes|Mines|Plantations|Tokens)\b`),
	regexp.MustCompile(`\(s\)`),
	regexp.MustCompile(`\(\s*(removed)?\s*\)`),
	regexp.MustCompile(`\ba (island|Island|Experience|Action|Officer|Anchorage|Atoll|Event)\b`),
	regexp.MustCompile(`\b0 (Cannon|Sailor|Officer|Experience Token|Silver Coin|Coin|space|Crate|Barrel)\b`),
}

func badShapes(text string) []string {
	var out []string
	for _, re := range badWords {
		if m := re.FindString(text); m != "" {
			out = append(out, fmt.Sprintf("%q in %q", m, text))
		}
	}
	return out
}

// Every text the scripted games print counts in the right number and
// never shows an empty list.
func TestScriptedGamesWordsReadRight(t *testing.T) {
	for _, c := range []struct {
		players []referee.Player
		opts    map[string]string
		seed    uint64
		answers string
		steps   int
	}{
		{three, nil, 7, "testdata/three-players.yaml", 500},
		{three[:2], map[string]string{"components": "none"}, 3, "testdata/two-players.yaml", 300},
	} {
		_, r := playDeclared(t, c.players, c.opts, c.seed, c.answers, c.steps)
		require.NoError(t, r.err)
		var bad []string
		for _, e := range r.events {
			bad = append(bad, badShapes(e.Text)...)
		}
		assert.Empty(t, bad, c.answers)
	}
	assert.NotEmpty(t, badShapes("Ann receives 1 Coins"), "the scan finds what it looks for")
	assert.NotEmpty(t, badShapes("removes 3 ships (removed )"))
}

// chaos answers every question as a careless table would before the
// scripted answer: empty, wrong types, out of range, a choice not
// offered, every option offered, garbage specs. A refusal must leave the
// step as it was (checks are pure), and a value a question accepts must be
// one it offers.
type chaos struct {
	t    *testing.T
	p    referee.Prompter
	keys map[string]bool
}

func (c *chaos) Ask(q referee.Question) (string, error) {
	c.keys[q.Key] = true
	tries := []string{"", " ", "zzz", "-1", "999", "0", "1", "none,none", "pirate-9", "Nobody", "ship:cannons=99", "brig:cannons=-1", "yes", "no", "1,2,3,4,5,6,7"}
	tries = append(tries, q.Options...)
	tries = append(tries, q.Choices...)
	for _, raw := range tries {
		v, err := q.Normalize(raw)
		if err != nil {
			assert.True(c.t, referee.IsUsage(err), "%s: %q refused with a non-usage error: %v", q.Key, raw, err)
			continue
		}
		switch q.Kind {
		case referee.KindChoose:
			assert.Contains(c.t, q.Options, v, "%s: %q accepted as %q, not an option", q.Key, raw, v)
		case referee.KindNumber:
			n := 0
			_, _ = fmt.Sscan(v, &n)
			assert.True(c.t, n >= q.Min && n <= q.Max, "%s: %q accepted as %q, out of %d..%d", q.Key, raw, v, q.Min, q.Max)
		}
	}
	return c.p.Ask(q)
}

func (c *chaos) HasAnswer(key string) bool {
	if ps, ok := c.p.(referee.Presetter); ok {
		return ps.HasAnswer(key)
	}
	return false
}

func (c *chaos) TakeRecord() []referee.Answer {
	if r, ok := c.p.(referee.Recorder); ok {
		return r.TakeRecord()
	}
	return nil
}

func (c *chaos) Recorded() []referee.Answer {
	if r, ok := c.p.(interface{ Recorded() []referee.Answer }); ok {
		return r.Recorded()
	}
	return nil
}

// A chaos table plays the scripted games: every careless answer is refused
// in its question or is a legal value, and the games end exactly as
// without them (no check changes the step, no step is lost).
func TestChaosTablePlaysTheScriptedGames(t *testing.T) {
	for _, c := range []struct {
		players []referee.Player
		opts    map[string]string
		seed    uint64
		answers string
		steps   int
	}{
		{three, nil, 7, "testdata/three-players.yaml", 500},
		{three[:2], map[string]string{"components": "none"}, 3, "testdata/two-players.yaml", 300},
	} {
		want := play(t, c.players, c.opts, c.seed, c.answers, c.steps)
		require.NoError(t, want.err)

		ch := &chaos{t: t, p: loadAnswers(t, c.answers), keys: map[string]bool{}}
		set, err := tables.Load("")
		require.NoError(t, err)
		env := &referee.Env{Prompt: ch, Tables: set}
		g := &Game{}
		s, err := referee.NewSession(g, "t", c.players, c.opts, c.seed, referee.Virtual, env)
		require.NoError(t, err)
		env.Dice, err = referee.DiceFor(s, ch)
		require.NoError(t, err)
		for i := 0; i < c.steps && !s.Over; i++ {
			_, err := referee.Next(g, s, env)
			require.NoError(t, err, "step %d", i+1)
		}
		assert.Equal(t, string(want.s.State), string(s.State), c.answers)
		assert.Equal(t, texts(want.events), texts(s.Log), c.answers)
		t.Logf("%s: %d distinct keys answered carelessly first", c.answers, len(ch.keys))
	}
}
