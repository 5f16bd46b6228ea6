package questsandcannons

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
)

// seat answers as a player at a terminal does: each wrong answer queued
// for a key is first typed and must be refused by the question itself
// (Normalize, which runs its Check: the terminal re-asks in place), then
// the right answer is given: the seat's own (as typed at the terminal:
// nothing is answered ahead, so lists offer what a terminal shows), else
// the script's. It records what each question offered.
type seat struct {
	*referee.Scripted
	t       *testing.T
	answers map[string][]string
	wrong   map[string][]string
	refused map[string][]string
	offered map[string][][]string
	asked   []referee.Question
}

func newSeat(t *testing.T, sp *referee.Scripted, answers, wrong map[string][]string) *seat {
	if answers == nil {
		answers = map[string][]string{}
	}
	return &seat{Scripted: sp, t: t, answers: answers, wrong: wrong, refused: map[string][]string{}, offered: map[string][][]string{}}
}

func (p *seat) Ask(q referee.Question) (string, error) {
	p.asked = append(p.asked, q)
	if err := referee.CheckDeclared(Game{}.Questions(), q); err != nil {
		p.t.Errorf("%v", err)
	}
	p.offered[q.Key] = append(p.offered[q.Key], q.Options)
	for _, w := range p.wrong[q.Key] {
		if _, err := q.Normalize(w); err != nil {
			p.refused[q.Key] = append(p.refused[q.Key], err.Error())
		} else {
			p.t.Errorf("%s: %q was accepted by the question, so only a later check could refuse it (and the step would be lost)", q.Key, w)
		}
	}
	delete(p.wrong, q.Key)
	if as := p.answers[q.Key]; len(as) > 0 {
		p.answers[q.Key] = as[1:]
		return q.Normalize(as[0])
	}
	return p.Scripted.Ask(q)
}

func (p *seat) askedKey(key string) bool {
	for _, q := range p.asked {
		if q.Key == key {
			return true
		}
	}
	return false
}

// seated is duo (Ann and Bob, Ann to play) with a seat prompter: preset
// answers are scripted (dice), answers typed; edit changes the state
// before Ann's first action.
func seated(t *testing.T, opts map[string]string, preset, answers, wrong map[string][]string, edit func(st *State)) (*harness, *seat) {
	t.Helper()
	h := duo(t, "porc", opts, preset)
	st := h.state()
	if edit != nil {
		edit(st)
	}
	require.NoError(t, h.s.SaveState(st))
	s := newSeat(t, h.p, answers, wrong)
	h.env.Prompt = s
	h.env.Dice = referee.WithRNG(&referee.Fixed{}, s)
	return h, s
}

// Issue 24: "impassible and rival-home are offered in the move lists;
// choosing either drops the whole Move". Only the spaces the ship can
// enter are offered, and one typed anyway is refused in place, at the
// first space and at the free move after a Treacherous Sea, so the Move
// and its Traveler roll are kept.
func TestMoveOffersOnlyEnterableSpacesAndKeepsTheMove(t *testing.T) {
	h, s := seated(t, nil, map[string][]string{"qc.move.traveler": {"5"}}, map[string][]string{
		"qc.action": {"move"}, "qc.move.sea": {"treacherous", "stop"}, "qc.move.free": {"calm"},
	}, map[string][]string{
		"qc.move.sea":  {SpaceImpassible, SpaceRivalHome, SpaceStormy, SpaceStop},
		"qc.move.free": {SpaceImpassible, SpaceRivalHome},
	}, func(st *State) { st.cur().SailsReady = 0 })
	evs := h.next()

	first := s.offered["qc.move.sea"][0]
	for _, k := range []string{SpaceImpassible, SpaceRivalHome, SpaceStormy, SpaceStop} {
		assert.NotContains(t, first, k, "1 space of movement, no Sail: %s cannot be entered first", k)
	}
	assert.Contains(t, first, SpaceTreacherous)
	free := s.offered["qc.move.free"][0]
	assert.NotContains(t, free, SpaceImpassible)
	assert.NotContains(t, free, SpaceRivalHome)
	assert.Equal(t, []string{"none", SpaceCalm, SpaceStormy, SpaceTreacherous, SpaceIsland, SpaceWorkshop, SpaceTrading, SpaceHome, SpaceOutpost}, free)
	assert.Equal(t, []string{SpaceStop}, s.offered["qc.move.sea"][1], "no movement left: only stop")
	require.Len(t, s.refused["qc.move.free"], 2)
	assert.Contains(t, s.refused["qc.move.free"][0], "qc.move.free")
	assert.Contains(t, s.refused["qc.move.sea"][0], "qc.move.sea")

	moves := eventsOf(evs, "move")
	require.Len(t, moves, 1, "the Move is kept")
	assert.Equal(t, []string{SpaceTreacherous, "calm (free)"}, moves[0].Data["path"])
	assert.Equal(t, SpaceCalm, h.player("Ann").Space)
}

// A scripted answer the rules forbid is a usage error (exit 2) naming the
// key, and the step changes nothing.
func TestScriptedFreeMoveOntoImpassibleIsRefusedNamingTheKey(t *testing.T) {
	h, _ := seated(t, nil, map[string][]string{
		"qc.action": {"move"}, "qc.move.sea": {"treacherous"}, "qc.move.traveler": {"5"}, "qc.move.free": {SpaceImpassible},
	}, nil, nil, nil)
	before := h.player("Ann")
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "qc.move.free")
	assert.Contains(t, err.Error(), "can't move onto Impassible Sea spaces", "the rule that forbids it")
	assert.Equal(t, before.Space, h.player("Ann").Space)
	assert.Equal(t, before.Actions, h.player("Ann").Actions)
}

// Repair, Upgrade and Trade are offered only when they can be paid, and
// their item lists only what can be paid: choosing one no longer ends
// the step with "costs 3 Coins".
func TestPortActivitiesOfferOnlyWhatCanBePaid(t *testing.T) {
	h, s := seated(t, nil, nil, map[string][]string{"qc.action": {"repair"}, "qc.repair.pay": {"canvas"}},
		map[string][]string{"qc.repair.pay": {"coins", "metal"}}, func(st *State) {
			p := st.cur()
			p.Space, p.Damage, p.Coins = SpaceWorkshop, 1, 2
		})
	st := h.state()
	st.prices = nil
	assert.NotContains(t, OfferedActions(st), "repair", "2 Coins and no Resource cannot pay a Repair")
	assert.NotContains(t, OfferedActions(st), "upgrade", "nor an Upgrade")
	p := st.cur()
	p.Res["canvas"] = 1
	require.NoError(t, h.s.SaveState(st))
	assert.Contains(t, OfferedActions(st), "repair")
	assert.NotContains(t, OfferedActions(st), "upgrade", "1 Canvas and 2 Coins is not a Sail")
	h.next()
	assert.Equal(t, []string{"canvas"}, s.offered["qc.repair.pay"][0])
	require.Len(t, s.refused["qc.repair.pay"], 2)
	assert.Contains(t, repairRefusal(h.state(), &st.Players[0], "coins").Error(), "Repair costs 3 Coins; Ann has 2")
	a := h.player("Ann")
	assert.Equal(t, 0, a.Damage)
	assert.Equal(t, 2, a.Coins)
	assert.Equal(t, 0, a.Res["canvas"])

	// At a Trading Port with 1 Gem and 3 Coins only a Loot card can be
	// bought.
	h, s = seated(t, nil, nil, map[string][]string{"qc.action": {"trade"}, "qc.trade.item": {"loot"}},
		map[string][]string{"qc.trade.item": {"clue", "resource"}}, func(st *State) {
			p := st.cur()
			p.Space, p.Coins, p.Res["gems"] = SpaceTrading, 3, 1
		})
	h.next()
	assert.Equal(t, []string{"loot"}, s.offered["qc.trade.item"][0])
	assert.Len(t, s.refused["qc.trade.item"], 2)
	a = h.player("Ann")
	assert.Equal(t, 1, a.Loot)
	assert.Equal(t, 0, a.Coins)
	st = h.state()
	st.cur().Res["gems"] = 0
	assert.NotContains(t, OfferedActions(st), "trade", "nothing can be bought")
}

// An exchange, an equip cost, a Quest reward and an adjustment were
// refused after their answers (the bundle limits); they are refused by
// their questions now, and the right answer after goes on.
func TestBundleAnswersAreCheckedInTheirQuestions(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "4", "2/3", "1/2", "2/3")
	champ(p, "Bob", "porc", "navigator", "4", "2/3", "1/2", "2/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	s := newSeat(t, p, map[string][]string{"qc.action": {"exchange"}, "qc.exchange.with": {"Bob"}, "qc.exchange.give": {"2 coins"}, "qc.exchange.take": {"1 ammo"}}, map[string][]string{
		"qc.exchange.give": {"9 coins", "5 ammo"}, // Ann has 3 Coins; Bob has 5 Ammo and may have 9
		"qc.exchange.take": {"6 ammo", "1 metal"}, // Bob has 5 Ammo and no Metal
	})
	h := newHarness(t, "Ann,Bob", map[string]string{"coop": "easy"}, p)
	h.env.Prompt = s
	h.next() // refresh
	h.next()
	assert.Len(t, s.refused["qc.exchange.give"], 2)
	assert.Len(t, s.refused["qc.exchange.take"], 2)
	assert.Contains(t, s.refused["qc.exchange.give"][1], "give at most 4")
	assert.Equal(t, 1, h.player("Ann").Coins)
	assert.Equal(t, 6, h.player("Ann").Ammo)

	h, s = seated(t, nil, nil, map[string][]string{
		"qc.action": {"equip", "adjust", "quest"}, "qc.equip.cost": {"2 coins"}, "qc.adjust.what": {"+1 coins"},
		"qc.quest.hard": {"no"}, "qc.quest.deliver": {"none"}, "qc.quest.reward": {"2 metal"},
	}, map[string][]string{
		"qc.equip.cost":   {"4 coins", "1 metal"},
		"qc.adjust.what":  {"-5 coins", "+2 loot, -3 ammo, -9 ammo"},
		"qc.quest.reward": {"3 metal"}, // 2 Cargo Slots
	}, func(st *State) {
		p := st.cur()
		p.Loot, p.Quests = 1, 1
	})
	h.next()
	h.next()
	h.next()
	for _, k := range []string{"qc.equip.cost", "qc.adjust.what", "qc.quest.reward"} {
		assert.NotEmpty(t, s.refused[k], k)
	}
	assert.Contains(t, s.refused["qc.quest.reward"][0], "Ann has 2 Cargo Slots; the Quest reward would make 3 Resources")
	a := h.player("Ann")
	assert.Equal(t, 1, a.Equipped)
	assert.Equal(t, 2, a.Coins, "3 - 2 + 1")
	assert.Equal(t, 2, a.Res["metal"])
}

// Enter at "can Marauder N reach you?" made it attack. It takes no now:
// a Marauder attacks only when the table says it is in range.
func TestEnterAtMarauderReachIsNo(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "6", "2/3", "4/4", "2/3")
	p.Set("qc.setup.roll", "3", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	p.Preset["qc.action"] = []string{"move", "end"}
	p.Preset["qc.move.sea"] = []string{"calm", "stop"}
	enter := &enterPrompter{answers: map[string][]string{}}
	p.Fallback = enter
	h := newHarness(t, "Ann", map[string]string{"coop": "easy"}, p)
	h.next()
	h.next()
	evs := h.next()
	reach := 0
	for _, q := range enter.asked {
		if strings.HasSuffix(q.Key, ".reach") {
			reach++
			assert.Equal(t, "no", q.Default, q.Key)
		}
	}
	assert.Equal(t, 3, reach, "each of the three Marauders is asked")
	assert.Empty(t, eventsOf(evs, "marauder-attack"), "Enter makes no Marauder attack")
	assert.Equal(t, 0, h.player("Ann").Damage)
}

// A number with one possible value is not asked; the number of Cannons to
// fire takes all by default.
func TestAttackCannonsAskedOnlyWithAChoice(t *testing.T) {
	h, s := seated(t, nil, map[string][]string{"qc.attack.ammo": {"4"}}, map[string][]string{"qc.action": {"attack"}, "qc.attack.target": {"Bob"}},
		nil, func(st *State) { st.cur().Space = SpaceCalm })
	h.next()
	assert.False(t, s.askedKey("qc.attack.cannons"), "1 Ready Cannon: nothing to ask")
	assert.Equal(t, 1, h.player("Bob").Damage)

	h, s = seated(t, nil, map[string][]string{"qc.attack.ammo": {"4,4"}}, map[string][]string{"qc.action": {"attack"}, "qc.attack.target": {"Bob"}, "qc.attack.cannons": {""}},
		nil, func(st *State) {
			p := st.cur()
			p.Space, p.Cannons, p.GunsReady = SpaceCalm, 2, 2
		})
	h.next()
	require.True(t, s.askedKey("qc.attack.cannons"))
	assert.Equal(t, 2, h.player("Bob").Damage, "Enter fired both Cannons")
}

// "no" is accepted where "none" is meant: a bundle answer (an exchange,
// a Quest's delivery, an equip cost) of no is nothing.
func TestBundleNoIsNone(t *testing.T) {
	b, err := ParseBundle("no", false)
	require.NoError(t, err)
	assert.Empty(t, b)
	b, err = ParseBundle(" No ", true)
	require.NoError(t, err)
	assert.Empty(t, b)
}

// The action menu's counts are in words: "1 Action", "1 Cannon", "on an
// island space".
func TestActionMenuWords(t *testing.T) {
	h, s := seated(t, nil, map[string][]string{"qc.marauder.1.reach": {"no"}}, map[string][]string{"qc.action": {"end"}}, nil, func(st *State) {
		p := st.cur()
		p.Actions, p.SailsReady, p.GunsReady, p.Space = 1, 1, 1, SpaceIsland
	})
	h.next()
	require.NotEmpty(t, s.asked)
	assert.Equal(t, "Ann (1 Action, 1 Sail and 1 Cannon Ready, on an island space): what next?", s.asked[0].Text)
	assert.Empty(t, refereetest.BadWords(s.asked[0].Text))
}

// A gift no answer to qc.exchange.take could make fit (more Resources than
// the teammate's Cargo Slots) is refused by qc.exchange.give itself, so the
// take question is never one that refuses every answer; one the teammate
// makes room for is accepted.
func TestExchangeGiftPastTheHoldIsRefusedAtGive(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "4", "2/3", "1/2", "2/3")
	champ(p, "Bob", "porc", "navigator", "4", "2/3", "1/2", "2/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	s := newSeat(t, p, map[string][]string{"qc.action": {"exchange"}, "qc.exchange.with": {"Bob"}, "qc.exchange.give": {"2 metal"}, "qc.exchange.take": {"2 lumber"}},
		map[string][]string{"qc.exchange.give": {"3 metal"}, "qc.exchange.take": {"none", "1 lumber"}})
	h := newHarness(t, "Ann,Bob", map[string]string{"coop": "easy"}, p)
	h.env.Prompt = s
	h.next() // refresh
	st := h.state()
	st.Players[0].Res["metal"], st.Players[0].Cargo = 3, 3
	st.Players[1].Res["lumber"] = 2
	require.NoError(t, h.s.SaveState(st))
	h.next()
	require.Len(t, s.refused["qc.exchange.give"], 1)
	assert.Contains(t, s.refused["qc.exchange.give"][0], "Bob has 2 Cargo Slots: give at most 2 Resources")
	assert.Len(t, s.refused["qc.exchange.take"], 2, "Bob's hold cannot take 2 metal without giving 2 Resources back")
	assert.Equal(t, 2, h.player("Bob").Res["metal"])
	assert.Equal(t, 2, h.player("Ann").Res["lumber"])
}

// "Each team may only have Champions from one nation": a teammate's
// Champion of another nation is refused in its own nation question,
// before the rest of its tile is typed (found at the table: setup failed
// only after all twelve tile values, and kept none of them).
func TestTeamNationRefusedInTheNationQuestion(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Valkyr", "dwunny", "cannoneer", "4", "2/3", "2/3", "2/3")
	p.Set("tables.qc-champions.kerris.nation", "delf", "answers")
	set, err := tables.New("", nil)
	require.NoError(t, err)
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{}, p), Prompt: p, Tables: set}
	_, err = chaosTable.NewSession(t, Game{}, "t", []referee.Player{{Name: "Valkyr"}, {Name: "Kerris"}}, map[string]string{"coop": "easy"}, 1, referee.Virtual, env)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "tables.qc-champions.kerris.nation", "the nation question is named")
	assert.Contains(t, err.Error(), "Kerris's teammate Valkyr plays Valkyr, a dwunny Champion, so Kerris cannot play Kerris, a delf Champion")
	for _, k := range []string{"role", "hearts", "sails", "cannons", "cargo"} {
		assert.False(t, p.HasAnswer("tables.qc-champions.kerris."+k) && len(p.Record) > 0 && lastKey(p.Record) == "tables.qc-champions.kerris."+k, k)
	}
	assert.Equal(t, "tables.qc-champions.valkyr.cargo", lastKey(p.Record), "nothing of Kerris's tile is asked after its nation")
}

func lastKey(r []referee.Answer) string {
	if len(r) == 0 {
		return ""
	}
	return r[len(r)-1].Key
}
