package refereetest

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// The chaos table. A scripted game is played as a table that fumbles: at
// each question, before the scripted answer, values from outside and
// inside what is offered (wrong types, out of range, illegal choices,
// empty) are typed first. A value the question refuses is re-asked in
// place at a terminal, which is fine. A value it accepts is one a player
// could have chosen: the step is tried again on a fork of the session with
// that value (and an answer a player could give to every later question),
// and it must not end with an input error, since once a question has
// accepted an answer nothing later in the step may refuse it. The main
// run goes on with the scripted answers, so its result must be the
// scripted run's.

// ChaosGame is one scripted game to play.
type ChaosGame struct {
	Name string
	Game referee.Game
	// Start builds the session (running its setup) with p as the env's
	// prompter and the dice's. p wraps the scripted answers Start is given.
	Start func(p referee.Prompter) (*referee.Session, *referee.Env, error)
	// Answers returns the scripted answers, fresh at each call (the game
	// is also played once without fumbles, to compare).
	Answers func() *referee.Scripted
	// MaxSteps stops a game that does not end (0: 2,000).
	MaxSteps int
	// ForksPerKey caps the forks tried for each declared key (0: 40).
	ForksPerKey int
}

// ChaosReport is what a chaos game found.
type ChaosReport struct {
	Steps int
	// Asked counts the questions asked by key.
	Asked map[string]int
	// Specs counts the questions asked by the spec that declares them
	// ("" for none).
	Specs map[string]int
	// Forks counts the forks tried, Passed those that ended without an
	// error, and Unsure those the fork's player could not finish (a free
	// text question with no answer to copy).
	Forks, Passed, Unsure int
	// Problems lists each lost step, undeclared key, and default that
	// does not follow its declaration.
	Problems []string
	// Final is the session after the last step.
	Final *referee.Session
}

// errChaosUnsure is the fork player's "I cannot answer this".
var errChaosUnsure = errors.New("chaos: no answer to give")

// Chaos plays g as a fumbling table.
func Chaos(g ChaosGame) ChaosReport {
	rep := ChaosReport{Asked: map[string]int{}, Specs: map[string]int{}}
	var specs []referee.QuestionSpec
	asker, declares := g.Game.(referee.Asker)
	if declares {
		specs = asker.Questions()
	} else {
		rep.Problems = append(rep.Problems, g.Game.Info().ID+" does not list its questions (referee.Asker)")
	}
	seen := map[string]bool{}
	problem := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if !seen[msg] {
			seen[msg] = true
			rep.Problems = append(rep.Problems, msg)
		}
	}
	wordsSeen := map[string]bool{}
	words := func(where, text string) {
		for _, w := range BadWords(text) {
			if !wordsSeen[where+w] {
				wordsSeen[where+w] = true
				problem("%s: %s: %s, in %q", g.Name, where, w, text)
			}
		}
	}
	specOf := func(key string) string {
		if spec, ok := referee.FindSpec(specs, key); ok {
			return spec.Key
		}
		return key
	}
	cp := &chaosPrompter{Scripted: g.Answers(), fumble: true}
	cp.onAsk = func(q referee.Question, answer string) {
		words("the question "+specOf(q.Key), q.Text)
		rep.Asked[q.Key]++
		spec, ok := referee.FindSpec(specs, q.Key)
		if ok {
			rep.Specs[spec.Key]++
		} else {
			rep.Specs[""]++
		}
		if declares {
			if err := referee.CheckDeclared(specs, q); err != nil {
				problem("%s: %v", g.Name, err)
			}
		}
	}
	cp.onRefuse = func(q referee.Question, msg string) {
		words("the refusal of "+specOf(q.Key), strings.Replace(msg, " ("+q.Text+")", "", 1))
	}
	s, env, err := g.Start(cp)
	if err != nil {
		rep.Problems = append(rep.Problems, fmt.Sprintf("%s: setup: %v", g.Name, err))
		return rep
	}
	maxSteps := g.MaxSteps
	if maxSteps == 0 {
		maxSteps = 2000
	}
	perKey := g.ForksPerKey
	if perKey == 0 {
		perKey = 40
	}
	forked := map[string]int{} // forks tried per spec key
	tried := map[string]bool{} // spec key + value already forked
	for !s.Over && rep.Steps < maxSteps {
		pre := s.Fork()
		preDice, diceOK := env.Dice.Fork(nil)
		var preTables *tables.Set
		if env.Tables != nil {
			preTables = env.Tables.Fork()
		}
		cp.begin()
		_, err := referee.Next(g.Game, s, env)
		rep.Steps++
		asked := cp.end()
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("%s: step %d: the scripted answers failed: %v", g.Name, rep.Steps, err))
			break
		}
		if !diceOK {
			continue
		}
		for j, a := range asked {
			for _, v := range a.accepted {
				spec, _ := referee.FindSpec(specs, a.q.Key)
				id := spec.Key
				if id == "" {
					id = a.q.Key
				}
				if tried[id+"="+v] || forked[id] >= perKey {
					continue
				}
				tried[id+"="+v] = true
				forked[id]++
				rep.Forks++
				fp := &forkPlayer{main: asked, at: j, value: v}
				fs := pre.Fork()
				fd, _ := preDice.Fork(fp)
				fenv := &referee.Env{Dice: fd, Prompt: fp}
				if preTables != nil {
					fenv.Tables = preTables.Fork()
				}
				ferr := forkStep(g.Game, fs, fenv)
				switch {
				case errors.Is(ferr, errRanOut):
					rep.Unsure++
				case ferr == nil:
					rep.Passed++
				case isReask(ferr):
					// A terminal asks the earlier question again, keeping
					// the step (referee.Reask).
					rep.Passed++
				case errors.Is(ferr, errChaosUnsure):
					rep.Unsure++
				case fp.diverged:
					// The fork asked something else before reaching the
					// chosen question: nothing to judge.
					rep.Unsure++
				default:
					problem("%s: step %d: %s=%q was accepted, then the step failed: %v (answers: %s)", g.Name, rep.Steps, a.q.Key, v, ferr, fp.trail())
				}
			}
		}
	}
	rep.Final = s
	for _, e := range s.Log {
		words(fmt.Sprintf("a %s event", e.Type), e.Text)
	}
	// The fumbles and the forks must have changed nothing: the same
	// answers without them end in the same state with the same log.
	plain, penv, err := g.Start(&chaosPrompter{Scripted: g.Answers()})
	if err == nil {
		for n := 0; !plain.Over && n < rep.Steps; n++ {
			if _, err = referee.Next(g.Game, plain, penv); err != nil {
				break
			}
		}
	}
	switch {
	case err != nil:
		problem("%s: the plain scripted run failed: %v", g.Name, err)
	case string(plain.State) != string(s.State) || plain.Step != s.Step:
		problem("%s: the fumbling table ended in another state than the plain scripted run (step %d, plain %d)", g.Name, s.Step, plain.Step)
	case logText(plain.Log) != logText(s.Log):
		problem("%s: the fumbling table's log differs from the plain scripted run's", g.Name)
	}
	return rep
}

func logText(evs []referee.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "%d %s %s\n", e.Step, e.Type, e.Text)
	}
	return b.String()
}

// CheckChaos plays runs of game as a fumbling table and fails t on every
// problem found and on every declared key no run asked.
func CheckChaos(t testing.TB, game referee.Game, runs ...ChaosGame) []ChaosReport {
	t.Helper()
	var reps []ChaosReport
	asked := map[string]bool{}
	forks, passed, unsure := 0, 0, 0
	for _, g := range runs {
		rep := Chaos(g)
		for _, p := range rep.Problems {
			t.Error(p)
		}
		for k := range rep.Asked {
			asked[k] = true
		}
		forks, passed, unsure = forks+rep.Forks, passed+rep.Passed, unsure+rep.Unsure
		reps = append(reps, rep)
	}
	var specs []referee.QuestionSpec
	if a, ok := game.(referee.Asker); ok {
		specs = a.Questions()
	}
	un := Uncovered(specs, reps...)
	t.Logf("%s chaos table: %d distinct keys asked, %d of %d declared keys covered; %d forks tried (%d ended well, %d the fork's player could not finish)",
		game.Info().ID, len(asked), len(specs)-len(un), len(specs), forks, passed, unsure)
	if len(un) > 0 {
		t.Errorf("%s: %d declared question keys are never asked by the chaos games (add a scripted game that reaches them): %s", game.Info().ID, len(un), strings.Join(un, ", "))
	}
	return reps
}

// Uncovered lists the declared keys no question of reports asked.
func Uncovered(specs []referee.QuestionSpec, reports ...ChaosReport) []string {
	var out []string
	for _, s := range specs {
		n := 0
		for _, r := range reports {
			n += r.Specs[s.Key]
		}
		if n == 0 {
			out = append(out, s.Key)
		}
	}
	sort.Strings(out)
	return out
}

// asked is one question of the main run: what it was, what the script
// answered, and the fumbled values it accepted.
type asked struct {
	q        referee.Question
	answer   string
	accepted []string
}

// chaosPrompter fumbles each question, then answers it from the script.
type chaosPrompter struct {
	*referee.Scripted
	fumble   bool
	onAsk    func(referee.Question, string)
	onRefuse func(referee.Question, string)
	step     []asked
}

func (c *chaosPrompter) begin()       { c.step = nil }
func (c *chaosPrompter) end() []asked { s := c.step; c.step = nil; return s }

// Ask implements referee.Prompter.
func (c *chaosPrompter) Ask(q referee.Question) (string, error) {
	a, err := c.Scripted.Ask(q)
	if err != nil {
		return "", err
	}
	rec := asked{q: q, answer: a}
	if !c.fumble {
		return a, nil
	}
	for _, v := range Fumbles(q) {
		n, err := q.Normalize(v)
		if err == nil && n != a && !contains(rec.accepted, n) {
			rec.accepted = append(rec.accepted, n)
		}
		if err != nil && c.onRefuse != nil {
			c.onRefuse(q, err.Error())
		}
	}
	if c.onAsk != nil {
		c.onAsk(q, a)
	}
	c.step = append(c.step, rec)
	return a, nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// Fumbles are the answers a fumbling table types at q: empty, the wrong
// type, out of range, not an option, and each value on offer.
func Fumbles(q referee.Question) []string {
	out := []string{"", " ", "zzz", "-1", "0", "1", "99", "yes", "no", "none", "1,2", "6,6,6,6,6,6,6,6,6,6,6,6"}
	switch q.Kind {
	case referee.KindChoose:
		out = append(out, q.Options...)
		out = append(out, strconv.Itoa(len(q.Options)+1))
	case referee.KindNumber:
		out = append(out, strconv.Itoa(q.Min-1), strconv.Itoa(q.Min), strconv.Itoa(q.Max), strconv.Itoa(q.Max+1), "1.5")
		if q.Max-q.Min < 12 {
			for n := q.Min; n <= q.Max; n++ {
				out = append(out, strconv.Itoa(n))
			}
		}
	case referee.KindList:
		out = append(out, q.Options...)
		if len(q.Options) > 1 {
			out = append(out, q.Options[0]+","+q.Options[1], q.Options[0]+","+q.Options[0])
		}
	case referee.KindText:
		out = append(out, q.Choices...)
	}
	return out
}

// forkPlayer answers a fork of a step: the main run's answers up to the
// chosen question, the chosen value there, then what a player would
// answer: the script's answer for that key if it is still accepted, else
// the default, else the first value on offer that is accepted.
type forkPlayer struct {
	main     []asked
	at       int
	value    string
	n        int
	diverged bool
	given    []string
}

func (f *forkPlayer) trail() string { return strings.Join(f.given, " ") }

// HasAnswer makes the fork's entered dice entered too (referee.Presetter):
// a roll the script entered is replayed, not rolled.
func (f *forkPlayer) HasAnswer(key string) bool {
	for _, a := range f.main {
		if a.q.Key == key {
			return true
		}
	}
	return false
}

// Ask implements referee.Prompter.
func (f *forkPlayer) Ask(q referee.Question) (string, error) {
	i := f.n
	f.n++
	give := func(v string) (string, error) {
		f.given = append(f.given, q.Key+"="+v)
		return v, nil
	}
	if i < f.at {
		if f.main[i].q.Key != q.Key {
			f.diverged = true
			return "", errChaosUnsure
		}
		return give(f.main[i].answer)
	}
	if i == f.at {
		if f.main[i].q.Key != q.Key {
			f.diverged = true
			return "", errChaosUnsure
		}
		return give(f.value)
	}
	tries := []string{}
	for _, a := range f.main[min(f.at+1, len(f.main)):] {
		if a.q.Key == q.Key {
			tries = append(tries, a.answer)
			break
		}
	}
	tries = append(tries, "")
	switch q.Kind {
	case referee.KindConfirm:
		tries = append(tries, "no", "yes")
	case referee.KindChoose:
		tries = append(tries, "none")
		tries = append(tries, q.Options...)
	case referee.KindNumber:
		for n := q.Min; n <= q.Max && n < q.Min+50; n++ {
			tries = append(tries, strconv.Itoa(n))
		}
	case referee.KindList:
		tries = append(tries, "none")
		tries = append(tries, q.Options...)
	case referee.KindText:
		tries = append(tries, q.Choices...)
	}
	for _, t := range tries {
		if v, err := q.Normalize(t); err == nil {
			return give(v)
		}
	}
	return "", errChaosUnsure
}

func isReask(err error) bool {
	_, ok := referee.AsReask(err)
	return ok
}

// errRanOut is a fork that rolled more than a test's fixed dice hold.
var errRanOut = errors.New("chaos: the fixed dice ran out")

// forkStep runs one step of a fork. A fork may take a path the script
// never took and roll dice a fixed test sequence does not hold
// (referee.Fixed panics): that fork is not judged. Any other panic is a
// failure of the step.
func forkStep(g referee.Game, s *referee.Session, env *referee.Env) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if msg, ok := r.(string); ok && strings.HasPrefix(msg, "referee.Fixed:") {
				err = errRanOut
				return
			}
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	_, err = referee.Next(g, s, env)
	return err
}
