package refereetest

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
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
	// Fumbles are answers this game's table may type by mistake (names
	// of its places, its pieces), tried with the general ones (Fumbles).
	Fumbles []string
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
	tb := NewTable(g.Game, g.Fumbles...)
	if g.ForksPerKey > 0 {
		tb.ForksPerKey = g.ForksPerKey
	}
	return tb.play(g)
}

// Play plays the scripted game g through the table (see Chaos), failing t
// on every problem found; what it asks counts toward the table's
// coverage.
func (tb *Table) Play(t testing.TB, g ChaosGame) ChaosReport {
	t.Helper()
	rep := tb.play(g)
	for _, p := range rep.Problems {
		t.Error(p)
	}
	return rep
}

func (tb *Table) play(g ChaosGame) ChaosReport {
	rep := ChaosReport{}
	problems := &problemList{}
	answers := g.Answers()
	var setup []asked
	sp := tb.wrap(problems, &setup, answers)
	s, env, err := g.Start(sp)
	if err == nil {
		// The steps wrap the prompters themselves.
		if env.Prompt == referee.Prompter(sp) {
			env.Prompt = answers
		}
		if env.Dice != nil && env.Dice.Prompt == referee.Prompter(sp) {
			env.Dice.Prompt = answers
		}
	}
	if err != nil {
		problems.add("%s: setup: %v", g.Name, err)
		rep.Problems = problems.list
		return rep
	}
	maxSteps := g.MaxSteps
	if maxSteps == 0 {
		maxSteps = 2000
	}
	for !s.Over && rep.Steps < maxSteps {
		_, err := tb.next(problems, s, env)
		rep.Steps++
		if err != nil {
			problems.add("%s: step %d: the scripted answers failed: %v", g.Name, rep.Steps, err)
			break
		}
	}
	rep.Final = s
	for _, e := range s.Log {
		tb.words(problems, fmt.Sprintf("a %s event", e.Type), e.Text)
	}
	// The fumbles and the forks must have changed nothing: the same
	// answers without them end in the same state with the same log.
	plain, penv, err := g.Start(g.Answers())
	if err == nil {
		for n := 0; !plain.Over && n < rep.Steps; n++ {
			if _, err = referee.Next(g.Game, plain, penv); err != nil {
				break
			}
		}
	}
	switch {
	case err != nil:
		problems.add("%s: the plain scripted run failed: %v", g.Name, err)
	case string(plain.State) != string(s.State) || plain.Step != s.Step:
		problems.add("%s: the fumbling table ended in another state than the plain scripted run (step %d, plain %d)", g.Name, s.Step, plain.Step)
	case logText(plain.Log) != logText(s.Log):
		problems.add("%s: the fumbling table's log differs from the plain scripted run's", g.Name)
	}
	rep.Asked, rep.Specs = tb.askedCopy()
	rep.Forks, rep.Passed, rep.Unsure = tb.Forks, tb.Passed, tb.Unsure
	rep.Problems = problems.list
	return rep
}

// problemList collects problems once each.
type problemList struct {
	seen map[string]bool
	list []string
}

func (p *problemList) add(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	if !p.seen[msg] {
		p.seen[msg] = true
		p.list = append(p.list, msg)
	}
}

// Table is a game's chaos table for a whole package of tests: its Next
// replaces referee.Next, so that every step any test runs is played as a
// fumbling table plays it (see Chaos), and what no test asked shows in
// Uncovered. It is safe for tests that run in parallel.
type Table struct {
	Game referee.Game
	// Fumbles are answers this game's table may type by mistake, tried
	// with the general ones (Fumbles).
	Fumbles []string
	// ForksPerKey caps the forks tried for each declared key (40).
	ForksPerKey int
	// Forks, Passed and Unsure count the forks tried, those that ended
	// well, and those the fork's player could not finish.
	Forks, Passed, Unsure int

	name     string
	specs    []referee.QuestionSpec
	declares bool
	mu       sync.Mutex
	asked    map[string]int // by key
	bySpec   map[string]int // by declaring spec ("" for none)
	forked   map[string]int // forks tried per spec key
	tried    map[string]bool
	said     map[string]bool // bad words reported
}

// NewTable returns the chaos table of game.
func NewTable(game referee.Game, fumbles ...string) *Table {
	tb := &Table{Game: game, Fumbles: fumbles, ForksPerKey: 40, name: game.Info().ID,
		asked: map[string]int{}, bySpec: map[string]int{}, forked: map[string]int{}, tried: map[string]bool{}, said: map[string]bool{}}
	if a, ok := game.(referee.Asker); ok {
		tb.specs, tb.declares = a.Questions(), true
	}
	return tb
}

// Next runs one step as referee.Next does, with env's prompter (and the
// dice's) fumbled at every question, then tries each accepted fumble on a
// fork of the step; every problem found fails t.
func (tb *Table) Next(t testing.TB, s *referee.Session, env *referee.Env) ([]referee.Event, error) {
	t.Helper()
	problems := &problemList{}
	evs, err := tb.next(problems, s, env)
	for _, p := range problems.list {
		t.Error(p)
	}
	return evs, err
}

// Uncovered lists the declared keys no step of the table asked.
func (tb *Table) Uncovered() []string {
	_, by := tb.askedCopy()
	return Uncovered(tb.specs, ChaosReport{Specs: by})
}

// Summary says how much the table covered.
func (tb *Table) Summary() string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return fmt.Sprintf("%s chaos table: %d distinct keys asked, %d declared keys; %d forks tried (%d ended well, %d the fork's player could not finish)",
		tb.name, len(tb.asked), len(tb.specs), tb.Forks, tb.Passed, tb.Unsure)
}

// Main runs a package's tests (from TestMain) and, after a whole run that
// passed, fails when a declared question key was asked by no test.
func (tb *Table) Main(m *testing.M) int {
	code := m.Run()
	if f := flag.Lookup("test.run"); code != 0 || (f != nil && f.Value.String() != "") {
		return code
	}
	if !tb.declares {
		fmt.Fprintf(os.Stderr, "%s does not list its questions (referee.Asker)\n", tb.name)
		return 1
	}
	if un := tb.Uncovered(); len(un) > 0 {
		fmt.Fprintf(os.Stderr, "%s: %d declared question keys were asked by no test's chaos table (declare only what the game asks, and test it): %s\n", tb.name, len(un), strings.Join(un, ", "))
		return 1
	}
	if testing.Verbose() {
		fmt.Println(tb.Summary())
	}
	return code
}

func (tb *Table) askedCopy() (map[string]int, map[string]int) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	a, b := map[string]int{}, map[string]int{}
	for k, v := range tb.asked {
		a[k] = v
	}
	for k, v := range tb.bySpec {
		b[k] = v
	}
	return a, b
}

func (tb *Table) specOf(key string) string {
	if spec, ok := referee.FindSpec(tb.specs, key); ok {
		return spec.Key
	}
	return key
}

func (tb *Table) words(problems *problemList, where, text string) {
	for _, w := range BadWords(text) {
		tb.mu.Lock()
		said := tb.said[where+w]
		tb.said[where+w] = true
		tb.mu.Unlock()
		if !said {
			problems.add("%s: %s: %s, in %q", tb.name, where, w, text)
		}
	}
}

// wrap returns p fumbled, its questions checked and counted into step.
func (tb *Table) wrap(problems *problemList, step *[]asked, p referee.Prompter) *chaosPrompter {
	return &chaosPrompter{inner: p, extra: tb.Fumbles, step: step,
		onAsk: func(q referee.Question) {
			tb.words(problems, "the question "+tb.specOf(q.Key), q.Text)
			if q.Kind == referee.KindNumber && q.Min == q.Max {
				problems.add("%s: %s is asked with one possible value (%d): a number nobody can choose is not asked", tb.name, q.Key, q.Min)
			}
			tb.mu.Lock()
			tb.asked[q.Key]++
			if spec, ok := referee.FindSpec(tb.specs, q.Key); ok {
				tb.bySpec[spec.Key]++
			} else {
				tb.bySpec[""]++
			}
			tb.mu.Unlock()
			if tb.declares {
				if err := referee.CheckDeclared(tb.specs, q); err != nil {
					problems.add("%s: %v", tb.name, err)
				}
			}
		},
		onRefuse: func(q referee.Question, typed string, err error) {
			if !referee.IsUsage(err) {
				problems.add("%s: %s refuses %q with an error that is not bad input (exit 2): %v", tb.name, q.Key, typed, err)
			}
			// The answer typed is the fumble's words, not bosun's.
			msg := strings.ReplaceAll(err.Error(), strconv.Quote(typed), `"…"`)
			tb.words(problems, "the refusal of "+tb.specOf(q.Key), strings.Replace(msg, " ("+q.Text+")", "", 1))
		},
		onAccept: func(q referee.Question, typed, v string) {
			// What a question accepts is what it offers.
			bad := false
			switch q.Kind {
			case referee.KindChoose:
				bad = !contains(q.Options, v)
			case referee.KindNumber:
				n, err := strconv.Atoi(v)
				bad = err != nil || n < q.Min || n > q.Max
			case referee.KindConfirm:
				bad = v != "yes" && v != "no"
			}
			if bad {
				problems.add("%s: %s accepts %q as %q, which it does not offer (%s)", tb.name, q.Key, typed, v, q.Accepts())
			}
		}}
}

// Prompter returns p fumbled at every question, each question checked
// against the declarations and counted, for what a test asks outside a
// step (a session's setup); problems fail t. No fork is tried.
func (tb *Table) Prompter(t testing.TB, p referee.Prompter) referee.Prompter {
	problems := &problemList{}
	var step []asked
	t.Cleanup(func() {
		for _, msg := range problems.list {
			t.Error(msg)
		}
	})
	if cp, ok := p.(*chaosPrompter); ok {
		p = cp.inner
	}
	return tb.wrap(problems, &step, p)
}

// next is Next with its problems collected.
func (tb *Table) next(problems *problemList, s *referee.Session, env *referee.Env) ([]referee.Event, error) {
	if !tb.declares {
		problems.add("%s does not list its questions (referee.Asker)", tb.name)
	}
	pre := s.Fork()
	var preDice *referee.Dice
	diceOK := env.Dice != nil
	if env.Dice != nil {
		preDice, diceOK = env.Dice.Fork(nil)
	}
	var preTables *tables.Set
	if env.Tables != nil {
		preTables = env.Tables.Fork()
	}
	var step []asked
	wrap := func(p referee.Prompter) *chaosPrompter { return tb.wrap(problems, &step, p) }
	// A prompter already fumbled (Prompter, for the setup) is fumbled
	// once, here.
	unwrap := func(p referee.Prompter) referee.Prompter {
		if cp, ok := p.(*chaosPrompter); ok {
			return cp.inner
		}
		return p
	}
	prompt := env.Prompt
	env.Prompt = wrap(unwrap(prompt))
	var dicePrompt referee.Prompter
	if env.Dice != nil {
		dicePrompt = env.Dice.Prompt
		switch {
		case dicePrompt == prompt:
			env.Dice.Prompt = env.Prompt
		case dicePrompt != nil:
			env.Dice.Prompt = wrap(unwrap(dicePrompt))
		}
	}
	evs, err := referee.Next(tb.Game, s, env)
	env.Prompt = prompt
	if env.Dice != nil {
		env.Dice.Prompt = dicePrompt
	}
	if err != nil || !diceOK {
		return evs, err
	}
	for j, a := range step {
		for _, v := range a.accepted {
			id := tb.specOf(a.q.Key)
			tb.mu.Lock()
			skip := tb.tried[id+"="+v] || tb.forked[id] >= tb.ForksPerKey
			if !skip {
				tb.tried[id+"="+v] = true
				tb.forked[id]++
				tb.Forks++
			}
			tb.mu.Unlock()
			if skip {
				continue
			}
			fp := &forkPlayer{main: step, at: j, value: v}
			fs := pre.Fork()
			fd, _ := preDice.Fork(fp)
			fenv := &referee.Env{Dice: fd, Prompt: fp}
			if preTables != nil {
				fenv.Tables = preTables.Fork()
			}
			ferr := forkStep(tb.Game, fs, fenv)
			tb.mu.Lock()
			switch {
			case ferr == nil, isReask(ferr):
				// A Reask: a terminal asks the earlier question again,
				// keeping the step.
				tb.Passed++
			case errors.Is(ferr, errRanOut), errors.Is(ferr, errChaosUnsure), fp.diverged:
				// A fork the test's fixed dice cannot roll, a question the
				// fork's player cannot answer, or a fork that asked
				// something else before the chosen question: not judged.
				tb.Unsure++
			default:
				problems.add("%s: step %d: %s=%q was accepted, then the step failed: %v (answers: %s)", tb.name, pre.Step, a.q.Key, v, ferr, fp.trail())
			}
			tb.mu.Unlock()
		}
	}
	return evs, nil
}

func logText(evs []referee.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "%d %s %s\n", e.Step, e.Type, e.Text)
	}
	return b.String()
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

// chaosPrompter fumbles each question, then answers it with its inner
// prompter. It forwards the prompters' optional interfaces (answers
// ahead, records, replays): where inner has none, its answers are those
// of a prompter that has none.
type chaosPrompter struct {
	inner    referee.Prompter
	extra    []string
	onAsk    func(referee.Question)
	onRefuse func(q referee.Question, typed string, err error)
	onAccept func(q referee.Question, typed, answer string)
	step     *[]asked
}

var (
	_ referee.AnswersAhead = (*chaosPrompter)(nil)
	_ referee.Recorder     = (*chaosPrompter)(nil)
	_ referee.Replayer     = (*chaosPrompter)(nil)
)

// Ask implements referee.Prompter.
func (c *chaosPrompter) Ask(q referee.Question) (string, error) {
	if c.onAsk != nil {
		c.onAsk(q) // asked, whatever the answer
	}
	a, err := c.inner.Ask(q)
	if err != nil {
		return "", err
	}
	rec := asked{q: q, answer: a}
	for _, v := range append(Fumbles(q), c.extra...) {
		n, err := q.Normalize(v)
		if err == nil && c.onAccept != nil {
			c.onAccept(q, v, n)
		}
		if err == nil && n != a && !contains(rec.accepted, n) {
			rec.accepted = append(rec.accepted, n)
		}
		if err != nil && c.onRefuse != nil {
			// The answer typed is the fumble's words, not bosun's.
			c.onRefuse(q, v, err)
		}
	}
	*c.step = append(*c.step, rec)
	return a, nil
}

// HasAnswer implements referee.Presetter.
func (c *chaosPrompter) HasAnswer(key string) bool {
	p, ok := c.inner.(referee.Presetter)
	return ok && p.HasAnswer(key)
}

// LinesAhead implements referee.AnswersAhead.
func (c *chaosPrompter) LinesAhead() bool {
	p, ok := c.inner.(referee.AnswersAhead)
	return ok && p.LinesAhead()
}

// PresetKeys implements referee.AnswersAhead.
func (c *chaosPrompter) PresetKeys() []string { return referee.PresetKeys(c.inner) }

// TakeRecord implements referee.Recorder.
func (c *chaosPrompter) TakeRecord() []referee.Answer {
	if r, ok := c.inner.(referee.Recorder); ok {
		return r.TakeRecord()
	}
	return nil
}

// Replay implements referee.Replayer.
func (c *chaosPrompter) Replay(answers []referee.Answer, re *referee.ReaskError) bool {
	r, ok := c.inner.(referee.Replayer)
	return ok && r.Replay(answers, re)
}

// EndReplay implements referee.Replayer.
func (c *chaosPrompter) EndReplay() {
	if r, ok := c.inner.(referee.Replayer); ok {
		r.EndReplay()
	}
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

// NewSession runs referee.NewSession with env's prompter (and the dice's)
// fumbled at every setup question, each checked against the declarations
// and counted; problems fail t. No fork is tried.
func (tb *Table) NewSession(t testing.TB, g referee.Game, name string, players []referee.Player, options map[string]string, seed uint64, mode referee.Mode, env *referee.Env) (*referee.Session, error) {
	t.Helper()
	prompt := env.Prompt
	if prompt != nil {
		env.Prompt = tb.Prompter(t, prompt)
	}
	var dicePrompt referee.Prompter
	if env.Dice != nil {
		dicePrompt = env.Dice.Prompt
		if dicePrompt == prompt {
			env.Dice.Prompt = env.Prompt
		} else if dicePrompt != nil {
			env.Dice.Prompt = tb.Prompter(t, dicePrompt)
		}
	}
	wrapped := env.Prompt
	s, err := referee.NewSession(g, name, players, options, seed, mode, env)
	env.Prompt = prompt
	if env.Dice != nil {
		// NewSession makes the dice with env's prompter when it has none.
		if env.Dice.Prompt == wrapped {
			env.Dice.Prompt = prompt
		} else if dicePrompt != nil {
			env.Dice.Prompt = dicePrompt
		}
	}
	return s, err
}

// Recorded lets referee.LastAnswer see the step's answers so far.
func (c *chaosPrompter) Recorded() []referee.Answer {
	if r, ok := c.inner.(interface{ Recorded() []referee.Answer }); ok {
		return r.Recorded()
	}
	return nil
}

// Run is a package's TestMain: it runs the tests and exits with Main's
// code.
func (tb *Table) Run(m *testing.M) {
	flag.Parse()
	os.Exit(tb.Main(m))
}
