package rollingseas

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"path/filepath"
)

// The property of issue 24's "chaos table", for this game: once a
// question's answer is accepted, nothing later in the step refuses it. The
// scripted games are played; before each step the session is copied, and
// the step is played again from the copy once for every other answer each
// of its questions accepts (every option offered, yes and no, a number's
// bounds and default), the questions before it answered as the script did
// and those after it by a stand-in player (the default, else the first
// answer the question accepts). Such a step may end for want of an answer
// (the stand-in found none), never with a refusal.

// askedAnswer is one question of a step and the answer it was given.
type askedAnswer struct {
	q referee.Question
	a string
}

// stepRecorder records the questions of a step and their answers.
type stepRecorder struct {
	referee.Prompter
	asked []askedAnswer
	seen  map[string]string // every tables.* answer given in the game
}

func (r *stepRecorder) Ask(q referee.Question) (string, error) {
	a, err := r.Prompter.Ask(q)
	if err == nil {
		r.asked = append(r.asked, askedAnswer{q, a})
		if boardFact(q.Key) {
			r.seen[q.Key] = a
		}
	}
	return a, err
}

func (r *stepRecorder) HasAnswer(key string) bool {
	ps, ok := r.Prompter.(referee.Presetter)
	return ok && ps.HasAnswer(key)
}

// declaredSpecs are the game's declarations; undeclared collects the
// questions the probes asked that do not follow them.
var (
	declaredSpecs = Game{}.Questions()
	undeclared    = map[string]string{}
)

// errStandIn is a question the stand-in player cannot answer.
var errStandIn = errors.New("probe: the stand-in player has no answer")

// prober replays a step: the recorded answers up to question k, the j-th
// other answer question k accepts (probes, read when it is asked: the
// offer and the checks are those of the state then), then a stand-in.
type prober struct {
	before []askedAnswer
	k, j   int
	probe  string // the answer tried at k ("" when k has no j-th)
	seen   map[string]string
	n      int
	path   []string // key=answer of every question asked
}

// HasAnswer enters the dice the script entered before question k.
func (p *prober) HasAnswer(key string) bool {
	return p.n < p.k && p.before[p.n].q.Key == key
}

func (p *prober) Ask(q referee.Question) (string, error) {
	if err := referee.CheckDeclared(declaredSpecs, q); err != nil {
		undeclared[q.Key] = err.Error()
	}
	i := p.n
	p.n++
	if p.n > 300 {
		return "", errStandIn
	}
	answer := func(a string) (string, error) {
		v, err := q.Normalize(a)
		if err == nil {
			p.path = append(p.path, q.Key+"="+v)
		}
		return v, err
	}
	switch {
	case i < p.k:
		if q.Key != p.before[i].q.Key {
			return "", fmt.Errorf("probe: question %d is %s, the script's was %s", i, q.Key, p.before[i].q.Key)
		}
		return answer(p.before[i].a)
	case i == p.k:
		ps := probes(q, p.before[i].a)
		if p.j >= len(ps) {
			return "", errStandIn
		}
		p.probe = ps[p.j]
		return answer(p.probe)
	}
	if v, ok := p.seen[q.Key]; ok {
		return answer(v)
	}
	for _, c := range standIn(q) {
		if v, err := q.Normalize(c); err == nil {
			p.path = append(p.path, q.Key+"="+v)
			return v, nil
		}
	}
	return "", errStandIn
}

// standIn is what a stand-in player tries at q, in order.
func standIn(q referee.Question) []string {
	var out []string
	if q.Default != "" {
		out = append(out, q.Default)
	}
	switch q.Kind {
	case referee.KindChoose:
		out = append(out, q.Options...)
	case referee.KindConfirm:
		out = append(out, "no", "yes")
	case referee.KindNumber:
		for n := q.Min; n <= q.Max && n <= q.Min+20; n++ {
			out = append(out, strconv.Itoa(n))
		}
	case referee.KindList:
		if q.Count > 0 && len(q.Options) > 0 {
			var items []string
			for i := 0; i < q.Count; i++ {
				items = append(items, q.Options[i%len(q.Options)])
			}
			out = append(out, strings.Join(items, ","))
		}
		out = append(out, "none")
	default:
		out = append(out, "none", "1", "1,1", "1,1,1", "2/3")
	}
	return out
}

// probes are the other answers q accepts that the probe tries.
func probes(q referee.Question, given string) []string {
	var cands []string
	switch q.Kind {
	case referee.KindChoose:
		cands = q.Options
	case referee.KindConfirm:
		cands = []string{"yes", "no"}
	case referee.KindNumber:
		cands = []string{strconv.Itoa(q.Min), strconv.Itoa(q.Max), strconv.Itoa((q.Min + q.Max) / 2)}
	case referee.KindText, referee.KindList:
		cands = []string{"none", "no"}
	}
	if q.Default != "" {
		cands = append(cands, q.Default)
	}
	var out []string
	seen := map[string]bool{given: true}
	for _, c := range cands {
		v, err := q.Normalize(c)
		if err != nil || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
	}
	return out
}

// copySession is s as it stands, for a step played again.
func copySession(s *referee.Session) *referee.Session {
	cp := *s
	cp.State = append([]byte(nil), s.State...)
	cp.RNG = append([]byte(nil), s.RNG...)
	cp.Log, cp.Undo = nil, nil
	return &cp
}

// boardFact reports whether key asks a value printed on a component
// (remembered in the tables): not probed, answered in a replay as the
// script did.
func boardFact(key string) bool {
	if strings.HasPrefix(key, "tables.") || strings.HasPrefix(key, "rs.board.") {
		return true
	}
	return strings.HasPrefix(key, "rs.ironside.card.") && key != "rs.ironside.card.number"
}

// The property of issue 24's "chaos table" for Rolling Seas (see the
// Quests & Cannons test of the same name): no step of the eight scripted
// games, played again for every other answer each of its questions
// accepts, ends with a refusal.
func TestNoAcceptedAnswerIsRefusedLaterInItsStep(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every step again for every answer")
	}
	covered := map[string]bool{}
	forks := 0
	var lost []string
	for _, g := range games {
		sp := loadAnswers(t, filepath.Join("testdata", g.file+".yaml"))
		rec := &stepRecorder{Prompter: sp, seen: map[string]string{}}
		set := newTables(t)
		var ps []referee.Player
		for _, n := range g.players {
			ps = append(ps, referee.Player{Name: n})
		}
		env := &referee.Env{Prompt: rec, Tables: set, Dice: referee.NewDice(referee.Virtual, 1, rec)}
		s, err := referee.NewSession(Game{}, "t", ps, g.options, 1, referee.Virtual, env)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 200 && !s.Over; i++ {
			before := copySession(s)
			rec.asked = nil
			d, err := referee.DiceFor(s, rec)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := referee.Next(Game{}, s, &referee.Env{Prompt: rec, Tables: set, Dice: d}); err != nil {
				t.Fatalf("%s step %d: %v", g.file, s.Step, err)
			}
			for qi, aa := range rec.asked {
				covered[aa.q.Key] = true
				if boardFact(aa.q.Key) {
					continue
				}
				for j := 0; ; j++ {
					forks++
					pr := &prober{before: rec.asked, k: qi, j: j, seen: rec.seen}
					cp := copySession(before)
					d, err := referee.DiceFor(cp, pr)
					if err != nil {
						t.Fatal(err)
					}
					_, err = referee.Next(Game{}, cp, &referee.Env{Prompt: pr, Tables: newTables(t), Dice: d})
					for _, kv := range pr.path {
						key, _, _ := strings.Cut(kv, "=")
						covered[key] = true
					}
					if pr.probe == "" {
						break // no j-th other answer
					}
					var noAnswer *referee.NoAnswerError
					if err == nil || errors.Is(err, errStandIn) || errors.As(err, &noAnswer) {
						continue
					}
					lost = append(lost, fmt.Sprintf("%s step %d: %s=%s was accepted, then the step ended with: %v (answers: %s)",
						g.file, before.Step+1, aa.q.Key, pr.probe, err, strings.Join(pr.path, " ")))
				}
			}
		}
	}
	sort.Strings(lost)
	for i, l := range lost {
		if i == 20 {
			t.Errorf("... and %d more", len(lost)-20)
			break
		}
		t.Error(l)
	}
	for _, k := range sortedKeys(undeclared) {
		t.Errorf("%s", undeclared[k])
	}
	var missing []string
	for _, s := range (Game{}).Questions() {
		found := false
		for k := range covered {
			found = found || s.Match(k)
		}
		if !found {
			missing = append(missing, s.Key)
		}
	}
	t.Logf("%d steps played again, %d question keys covered; declared but not reached: %s", forks, len(covered), strings.Join(missing, ", "))
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
