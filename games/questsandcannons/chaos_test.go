package questsandcannons

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/require"
)

// chaosTable plays every step of the package's tests as a fumbling table
// (refereetest.Table): each question is fumbled, checked against
// Game.Questions and counted, and each accepted fumble is tried on a fork
// of its step, which must not end with an input error. TestMain fails
// when a declared key was asked by no test.
var chaosTable = refereetest.NewTable(Game{}, "impassible", "rival-home", "no", "1 coins", "99 coins", "stop")

// next runs one step through the chaos table.
func next(t testing.TB, s *referee.Session, env *referee.Env) ([]referee.Event, error) {
	t.Helper()
	return chaosTable.Next(t, s, env)
}

func TestMain(m *testing.M) { chaosTable.Run(m) }

// TestChaosTable plays the scripted games through the chaos table; each
// must end as the plain scripted run does.
func TestChaosTable(t *testing.T) {
	game := func(file, players string, opts map[string]string) refereetest.ChaosGame {
		return refereetest.ChaosGame{
			Name:    file,
			Game:    Game{},
			Answers: func() *referee.Scripted { return refereetest.LoadAnswers(t, "testdata/"+file) },
			Start: func(p referee.Prompter) (*referee.Session, *referee.Env, error) {
				set, err := tables.New("", nil)
				if err != nil {
					return nil, nil, err
				}
				var ps []referee.Player
				for _, x := range strings.Split(players, ",") {
					n, side, _ := strings.Cut(x, ":")
					ps = append(ps, referee.Player{Name: n, Side: side})
				}
				env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{}, p), Prompt: p, Tables: set}
				s, err := referee.NewSession(Game{}, "t", ps, opts, 1, referee.Virtual, env)
				return s, env, err
			},
			MaxSteps: 500,
		}
	}
	chaosTable.Play(t, game("coop-easy.yaml", "Valkyr", map[string]string{"coop": "easy"}))
	chaosTable.Play(t, game("team-2v2.yaml", "Ann:Valkyr,Bob:Kerris,Cid:Quaeth,Dee:Ormund", map[string]string{"teams": "2"}))
	t.Log(chaosTable.Summary())
}

// The steps the scripted games do not reach, played through the chaos
// table (every answer the questions accept tried on a fork of the step): a
// Treacherous Sea with Dwunny Luck and Traveler Bonus, every Port
// Activity, equipping, Mend Ship, a full hold's Gather.
func TestPortActivitiesAtTheChaosTable(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "dwunny", "cannoneer", "4", "2/3", "2/3", "2/3")
	champ(p, "Bob", "dwunny", "navigator", "4", "2/3", "1/2", "2/5")
	champ(p, "Cid", "porc", "quartermaster", "4", "2/3", "1/2", "2/5")
	champ(p, "Dee", "porc", "cannoneer", "4", "2/3", "1/2", "2/5")
	p.Set("qc.setup.roll", "1,6,2,3", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	p.Set("tables.qc-prices.sell-metal", "2", "answers")
	h := newHarness(t, "Ann,Bob,Cid,Dee", map[string]string{"teams": "2"}, p)
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
		h.next()
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
	h.next()
}
