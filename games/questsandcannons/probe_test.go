package questsandcannons

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/require"
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
		if strings.HasPrefix(q.Key, "tables.") {
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

// probing plays steps and plays each one again for every other answer.
type probing struct {
	t       *testing.T
	covered map[string]bool
	forks   int
	lost    []string
	tables  *tables.Set
}

// step plays h's next step with rec recording it, then plays it again from
// a copy for every other answer of each of its questions.
func (pb *probing) step(label string, h *harness, rec *stepRecorder) {
	t := pb.t
	t.Helper()
	before := copySession(h.s)
	rec.asked = nil
	_, err := referee.Next(Game{}, h.s, h.env)
	require.NoError(t, err, "%s step %d", label, h.s.Step)
	for qi, aa := range rec.asked {
		pb.covered[aa.q.Key] = true
		if strings.HasPrefix(aa.q.Key, "tables.") {
			continue // board facts: their checks run in the question (AskText)
		}
		for j := 0; ; j++ {
			pb.forks++
			pr := &prober{before: rec.asked, k: qi, j: j, seen: rec.seen}
			env := &referee.Env{Prompt: pr, Tables: pb.tables, Dice: referee.NewDice(referee.Virtual, uint64(pb.forks), pr)}
			_, err := referee.Next(Game{}, copySession(before), env)
			for _, kv := range pr.path {
				key, _, _ := strings.Cut(kv, "=")
				pb.covered[key] = true
			}
			if pr.probe == "" {
				break // no j-th other answer
			}
			var noAnswer *referee.NoAnswerError
			if err == nil || errors.Is(err, errStandIn) || errors.As(err, &noAnswer) {
				continue
			}
			pb.lost = append(pb.lost, fmt.Sprintf("%s step %d: %s=%s was accepted, then the step ended with: %v (answers: %s)",
				label, before.Step+1, aa.q.Key, pr.probe, err, strings.Join(pr.path, " ")))
		}
	}
}

func TestNoAcceptedAnswerIsRefusedLaterInItsStep(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every step again for every answer")
	}
	forkTables, err := tables.Load("")
	require.NoError(t, err)
	pb := &probing{t: t, covered: map[string]bool{}, tables: forkTables}
	for _, g := range []struct{ file, players, opts string }{
		{"coop-easy.yaml", "Valkyr", "coop=easy"},
		{"team-2v2.yaml", "Ann:Valkyr,Bob:Kerris,Cid:Quaeth,Dee:Ormund", "teams=2"},
	} {
		k, v, _ := strings.Cut(g.opts, "=")
		sp := refereetest.LoadAnswers(t, "testdata/"+g.file)
		rec := &stepRecorder{Prompter: sp, seen: map[string]string{}}
		h := newHarness(t, g.players, map[string]string{k: v}, sp)
		h.env.Prompt = rec
		h.env.Dice = referee.WithRNG(&referee.Fixed{}, rec)
		for i := 0; i < 500 && !h.s.Over; i++ {
			pb.step(g.file, h, rec)
		}
	}
	probePorts(t, pb)
	for _, k := range sortedKeys(undeclared) {
		t.Errorf("%s", undeclared[k])
	}
	sort.Strings(pb.lost)
	for i, l := range pb.lost {
		if i == 20 {
			t.Errorf("... and %d more", len(pb.lost)-20)
			break
		}
		t.Error(l)
	}
	var missing []string
	for _, s := range (Game{}).Questions() {
		found := false
		for k := range pb.covered {
			found = found || s.Match(k)
		}
		if !found {
			missing = append(missing, s.Key)
		}
	}
	t.Logf("%d steps played again, %d question keys covered; declared but not reached: %s", pb.forks, len(pb.covered), strings.Join(missing, ", "))
}

// probePorts plays the steps the scripted games do not reach: a
// Treacherous Sea with Dwunny Luck and Traveler Bonus, every Port
// Activity, equipping, Mend Ship, a full hold's Gather.
func probePorts(t *testing.T, pb *probing) {
	p := referee.NewScripted()
	champ(p, "Ann", "dwunny", "cannoneer", "4", "2/3", "2/3", "2/3")
	champ(p, "Bob", "dwunny", "navigator", "4", "2/3", "1/2", "2/5")
	champ(p, "Cid", "porc", "quartermaster", "4", "2/3", "1/2", "2/5")
	champ(p, "Dee", "porc", "cannoneer", "4", "2/3", "1/2", "2/5")
	p.Set("qc.setup.roll", "1,6,2,3", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	p.Set("tables.qc-prices.sell-metal", "2", "answers")
	rec := &stepRecorder{Prompter: p, seen: map[string]string{"tables.dice.ammo": "1,2,3,4,5,6", "tables.qc-prices.sell-metal": "2"}}
	h := newHarness(t, "Ann,Bob,Cid,Dee", map[string]string{"teams": "2"}, p)
	h.env.Prompt = rec
	h.env.Dice = referee.WithRNG(&referee.Fixed{}, rec)
	h.next() // refresh
	edit := func(f func(st *State)) {
		st := h.state()
		f(st)
		require.NoError(t, h.s.SaveState(st))
	}
	rich := func(st *State) {
		for i := range st.Players {
			q := &st.Players[i]
			q.Coins, q.Loot, q.Quests, q.Clues, q.Solved, q.Damage, q.Bonus = 12, 2, 1, 1, 2, 2, 2
			q.Res = map[string]int{"canvas": 1, "metal": 1}
			q.Actions, q.Cannons, q.GunsReady, q.MaxCannons, q.Ammo, q.Nation = 3, 2, 2, 3, 5, map[bool]string{true: "dwunny", false: "porc"}[q.Team == st.cur().Team]
			q.LuckUsed, q.MendUsed = false, false
		}
	}
	for _, sc := range []struct {
		space   string
		answers map[string]string
	}{
		{SpaceCalm, map[string]string{"qc.action": "move", "qc.move.sea": "treacherous", "qc.move.traveler": "2", "qc.move.luck": "no", "qc.move.bonus": "2", "qc.move.free": "calm"}},
		{SpaceCalm, map[string]string{"qc.action": "move", "qc.move.sea": "treacherous", "qc.move.traveler": "1", "qc.move.luck": "yes", "qc.move.free": "island", "qc.land.unexplored": "yes", "qc.land.resource": "metal"}},
		{SpaceWorkshop, map[string]string{"qc.action": "upgrade", "qc.upgrade.item": "sail"}},
		{SpaceWorkshop, map[string]string{"qc.action": "repair", "qc.repair.pay": "coins"}},
		{SpaceWorkshop, map[string]string{"qc.action": "sell", "qc.sell.item": "metal"}},
		{SpaceWorkshop, map[string]string{"qc.action": "ammo", "qc.ammo.coins": "2"}},
		{SpaceTrading, map[string]string{"qc.action": "trade", "qc.trade.item": "resource", "qc.trade.pay": "canvas,metal", "qc.trade.gain": "gems"}},
		{SpaceHome, map[string]string{"qc.action": "deliver", "qc.deliver.count": "2"}},
		{SpaceCalm, map[string]string{"qc.action": "equip", "qc.equip.cost": "2 coins"}},
		{SpaceCalm, map[string]string{"qc.action": "attack", "qc.attack.target": "ENEMY", "qc.attack.cannons": "2", "qc.attack.ammo": "3,4", "qc.attack.luck": "1"}},
		{SpaceIsland, map[string]string{"qc.action": "gather", "qc.gather.resource": "gems", "qc.gather.count": "2", "qc.gather.discard": "canvas,metal"}},
		{SpaceCalm, map[string]string{"qc.action": "exchange", "qc.exchange.with": "MATE", "qc.exchange.give": "1 coins", "qc.exchange.take": "none"}},
		{SpaceCalm, map[string]string{"qc.action": "damage", "qc.damage.target": "ENEMY", "qc.damage.amount": "1", "qc.damage.by": "other"}},
		{SpaceCalm, map[string]string{"qc.action": "adjust", "qc.adjust.what": "+1 coins"}},
		{SpaceCalm, map[string]string{"qc.action": "quest", "qc.quest.hard": "no", "qc.quest.deliver": "1 metal", "qc.quest.reward": "1 coins"}},
	} {
		var mate, enemy string
		edit(func(st *State) {
			rich(st)
			st.cur().Space, st.cur().IslandRes = sc.space, ""
			mate = st.Players[st.teammates(st.curIndex())[0]].Name
			for _, q := range st.Players {
				if q.Team != st.cur().Team && enemy == "" {
					enemy = q.Name
				}
			}
		})
		for k, v := range sc.answers {
			v = strings.NewReplacer("MATE", mate, "ENEMY", enemy).Replace(v)
			delete(p.Preset, k)
			p.Set(k, v, "answers")
		}
		pb.step("ports:"+sc.answers["qc.action"], h, rec)
	}
	// Mend Ship: a Porc, on his turn.
	var porc string
	edit(func(st *State) {
		rich(st)
		for st.cur().Nation != "porc" {
			st.Turn = (st.Turn + 1) % len(st.Order)
		}
		st.cur().Res = map[string]int{"gems": 1, "lumber": 1}
		porc = st.cur().Name
	})
	for k, v := range map[string]string{"qc.action": "mend", "qc.mend.pay": "gems", "qc.mend.ship": porc} {
		delete(p.Preset, k)
		p.Set(k, v, "answers")
	}
	pb.step("ports:mend", h, rec)
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
