package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// duo sets up Ann (starting) and Bob, with the given answers preset.
func duo(t *testing.T, annNation string, opts map[string]string, answers map[string][]string) *harness {
	p := referee.NewScripted()
	champ(p, "Ann", annNation, "cannoneer", "4", "2/3", "1/2", "2/3")
	champ(p, "Bob", "porc", "navigator", "4", "2/3", "1/2", "2/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	for k, v := range answers {
		for _, a := range v { // as in an answers file: a single answer repeats
			p.Set(k, a, "answers")
		}
	}
	h := newHarness(t, "Ann,Bob", opts, p)
	require.Equal(t, "Ann", h.state().cur().Name)
	h.next() // refresh
	return h
}

func TestSetupRefusals(t *testing.T) {
	cases := []struct {
		name    string
		players string
		opts    map[string]string
		nations []string
		want    string
	}{
		{"co-op for four", "A,B,C,D", map[string]string{"coop": "easy"}, nil, "one, two or three players"},
		{"hard co-op with three", "A,B,C", map[string]string{"coop": "hard"}, nil, "not available in 3-player games"},
		{"four marauders with three", "A,B,C", map[string]string{"marauders": "4"}, nil, "not available in 3-player games"},
		{"one player competitive", "A", nil, nil, "coop=easy"},
		{"mixed-nation team", "A,B,C,D", map[string]string{"teams": "2"}, []string{"porc", "delf", "porc", "porc"}, "only have Champions from one nation"},
		{"uneven teams", "A,B,C,D", map[string]string{"teams": "A+B+C,D"}, nil, "same number of players"},
		{"teams of four", "A,B,C,D", map[string]string{"teams": "4"}, nil, "at least two equal teams"},
		{"unknown option", "A,B", map[string]string{"wind": "yes"}, nil, `unknown option "wind" for quests-and-cannons; accepted: ammo-overflow, coop,`},
		{"bad coop", "A,B", map[string]string{"coop": "medium"}, nil, "option coop=medium for quests-and-cannons: accepted: no, easy, hard"},
		{"co-op mixed nations", "A,B", map[string]string{"coop": "easy"}, []string{"porc", "delf"}, "one nation"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := referee.NewScripted()
			names := []string{"A", "B", "C", "D"}
			for i, n := range names {
				nat := "porc"
				if c.nations != nil && i < len(c.nations) {
					nat = c.nations[i]
				}
				champ(p, n, nat, "cannoneer", "4", "2/3", "1/2", "2/5")
			}
			p.Set("qc.setup.roll", "6,1,2,3", "answers")
			set, err := tables.New("", nil)
			require.NoError(t, err)
			var ps []referee.Player
			for _, n := range splitNames(c.players) {
				ps = append(ps, referee.Player{Name: n})
			}
			env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{}, p), Prompt: p, Tables: set}
			_, err = chaosTable.NewSession(t, Game{}, "t", ps, c.opts, 1, referee.Virtual, env)
			require.Error(t, err)
			assert.True(t, referee.IsUsage(err), err.Error())
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func splitNames(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ',' {
			out = append(out, cur)
			cur = ""
			continue
		}
		cur += string(r)
	}
	return append(out, cur)
}

func TestPickOrderTiesReroll(t *testing.T) {
	p := referee.NewScripted()
	for _, n := range []string{"A", "B", "C"} {
		champ(p, n, "porc", "cannoneer", "4", "2/3", "1/2", "2/5")
	}
	p.Set("qc.setup.roll", "6,2,6", "answers")
	p.Set("qc.setup.reroll", "3,5", "answers") // A and C re-roll: C wins
	h := newHarness(t, "A,B,C", nil, p)
	// C first, then counterclockwise: C, B, A; A picks last and starts.
	st := h.state()
	assert.Equal(t, []int{0, 1, 2}, st.Order)
	assert.Equal(t, 15, st.Teams[0].Goal)
}

func TestActionRefusals(t *testing.T) {
	cases := []struct {
		name    string
		answers map[string][]string
		want    string
	}{
		{"impassible", map[string][]string{"qc.action": {"move"}, "qc.move.sea": {"impassible"}}, "Impassible"},
		{"rival home port", map[string][]string{"qc.action": {"move"}, "qc.move.sea": {"rival-home"}}, "only players from a team"},
		{"stop before moving", map[string][]string{"qc.action": {"move"}, "qc.move.sea": {"stop"}}, "at least one space"},
		{"gather off an island", map[string][]string{"qc.action": {"gather"}}, "Risen Island"},
		{"attack in a safe harbor", map[string][]string{"qc.action": {"attack"}}, "Workshop and Home Ports"},
		{"upgrade at a Home Port", map[string][]string{"qc.action": {"upgrade"}}, "workshop"},
		{"trade at a Home Port", map[string][]string{"qc.action": {"trade"}}, "trading"},
		{"repair without damage", map[string][]string{"qc.action": {"repair"}}, "no damage"},
		{"deliver without solved clues", map[string][]string{"qc.action": {"deliver"}}, "no solved Clue"},
		{"quest without a quest card", map[string][]string{"qc.action": {"quest"}}, "no Quest card"},
		{"mobility for a porc", map[string][]string{"qc.action": {"mobility"}}, "Delf"},
		{"exchange without teammates", map[string][]string{"qc.action": {"exchange"}}, "no teammate"},
		{"mend without damage", map[string][]string{"qc.action": {"mend"}, "qc.mend.pay": {"gems"}}, "carries no gems"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := duo(t, "porc", nil, c.answers)
			before := string(h.s.State)
			err := h.nextErr()
			require.Error(t, err)
			assert.True(t, referee.IsUsage(err), err.Error())
			assert.Contains(t, err.Error(), c.want)
			assert.Equal(t, before, string(h.s.State), "nothing changes")
		})
	}
}

func TestPortActivities(t *testing.T) {
	h := duo(t, "porc", nil, map[string][]string{
		"qc.action":                   {"adjust", "move", "upgrade", "upgrade", "ammo", "sell", "sell", "end"},
		"qc.adjust.what":              {"+2 metal, +6 coins, -1 ammo"},
		"qc.move.sea":                 {"workshop", "stop"},
		"qc.upgrade.item":             {"cannon"},
		"qc.ammo.coins":               {"3"},
		"qc.sell.item":                {"metal", "clue"},
		"tables.qc-prices.sell-metal": {"2"},
	})
	h.next() // adjust: Ann has 2 metal, 9 coins
	h.next() // to the Workshop Port
	h.next() // cannon: 1 Metal + 3 Coins
	a := h.player("Ann")
	assert.Equal(t, 2, a.Cannons)
	assert.Equal(t, 2, a.GunsReady, "a new Cannon arrives Ready")
	assert.Equal(t, 6, a.Coins)
	assert.Equal(t, 1, a.Res["metal"])
	err := h.nextErr() // a second Cannon is past the max of 2
	require.Error(t, err)
	assert.Contains(t, err.Error(), "max")
	h.next() // Ammo: 4 + 3*2 = 10, capped at 9
	a = h.player("Ann")
	assert.Equal(t, 9, a.Ammo)
	assert.Equal(t, 3, a.Coins)
	h.next() // sell a Metal: its price is asked once
	assert.Equal(t, 5, h.player("Ann").Coins)
	v, ok := h.env.Tables.Lookup("qc-prices", "sell-metal")
	require.True(t, ok)
	assert.Equal(t, "2", v.Value)
	h.next() // sell the unsolved Clue: 3 Coins
	a = h.player("Ann")
	assert.Equal(t, 8, a.Coins)
	assert.Equal(t, 0, a.Clues)
}

func TestHandLimitAtEndOfTurn(t *testing.T) {
	h := duo(t, "porc", nil, map[string][]string{
		"qc.action":      {"adjust", "end"},
		"qc.adjust.what": {"+4 loot, +1 quest, +3 clue"},
	})
	h.next()
	evs := h.next()
	a := h.player("Ann")
	assert.Equal(t, 3, a.Loot)
	assert.Equal(t, 1, a.Quests)
	assert.Equal(t, 3, a.Clues)
	hl := eventsOf(evs, "hand-limit")
	require.Len(t, hl, 1)
	assert.Equal(t, []string{"1 Loot", "1 Clue"}, hl[0].Data["discards"])
	assert.True(t, hasCite(hl[0], CiteHand))
	assert.Equal(t, "Bob", h.state().cur().Name)
}

func TestDwunnyLuckOnAttack(t *testing.T) {
	h := duo(t, "dwunny", nil, map[string][]string{
		"qc.action":         {"adjust", "move", "attack", "attack"},
		"qc.adjust.what":    {"+1 loot"},
		"qc.move.sea":       {"calm", "stop"},
		"qc.attack.target":  {"Bob"},
		"qc.attack.cannons": {"1"},
		"qc.attack.ammo":    {"1"},
		"qc.attack.luck":    {"1"},
	})
	h.next()
	h.next()
	evs := h.next()
	atk := eventsOf(evs, "attack")
	require.Len(t, atk, 1)
	res := atk[0].Data["result"].(AttackResult)
	assert.Equal(t, []int{6}, res.Dice, "Dwunny Luck turns the 1 into a 6")
	assert.Equal(t, 1, res.Damage)
	assert.True(t, hasCite(atk[0], CiteChampionAbility))
	a := h.player("Ann")
	assert.Equal(t, 0, a.Loot, "a Loot card discarded")
	assert.True(t, a.LuckUsed)
	assert.Equal(t, 1, h.player("Bob").Damage)
	assert.Equal(t, 1, h.team("Ann").Prosperity)
	err := h.nextErr()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no Ready Cannon")
}

func TestWinnersTieByCoins(t *testing.T) {
	st := &State{Teams: []Team{{Name: "A", Members: []int{0}, Prosperity: 15}, {Name: "B", Members: []int{1}, Prosperity: 15}, {Name: "C", Members: []int{2}, Prosperity: 9}},
		Players: []Player{{Coins: 2}, {Coins: 5}, {Coins: 40}}}
	r := Winners(st)
	assert.Equal(t, []string{"B"}, r.Winners)
	st.Players[0].Coins = 5
	assert.Equal(t, []string{"A", "B"}, Winners(st).Winners)
}

// Marauder Ships in Multiplayer: Cannons always Ready, no Missions, and no
// attack right after a Reinforce.
func TestMarauderVariant(t *testing.T) {
	h := duo(t, "porc", map[string]string{"marauders": "3"}, map[string][]string{
		"qc.action":           {"move", "end", "end", "attack", "end", "end", "end"},
		"qc.move.sea":         {"calm", "stop"},
		"qc.marauder.1.reach": {"yes", "yes", "yes"},
		"qc.marauder.1.ammo":  {"1,1", "1,1"},
		"qc.marauder.2.reach": {"no"},
		"qc.marauder.3.reach": {"no"},
		"qc.attack.target":    {"marauder-1"},
		"qc.attack.cannons":   {"1"},
		"qc.attack.ammo":      {"6"},
	})
	st := h.state()
	require.True(t, st.Variant)
	require.Len(t, st.Marauders, 3)
	h.next() // Ann moves to a calm sea
	evs := h.next()
	atk := eventsOf(evs, "marauder-attack")
	require.Len(t, atk, 1)
	assert.True(t, hasCite(atk[0], CiteMultiMarauders))
	assert.Equal(t, 2, h.state().Marauders[0].Ready, "always Ready")
	h.next() // Bob's turn
	h.next() // Bob ends (at his Home Port: safe)
	h.next() // round end: no reload in the variant, nobody sunk
	st = h.state()
	assert.Equal(t, 2, st.Round)
	assert.Empty(t, View(st).Missions, "no Missions")
}

func TestCoopSinkingMarauderPaysCannonsAndReinforces(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "6", "2/3", "4/4", "2/3")
	p.Set("qc.setup.roll", "3", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	p.Preset["qc.action"] = []string{"move", "attack", "end"}
	p.Preset["qc.move.sea"] = []string{"calm", "stop"}
	p.Preset["qc.attack.target"] = []string{"marauder-2"}
	p.Preset["qc.attack.cannons"] = []string{"4"}
	p.Preset["qc.attack.ammo"] = []string{"5,5,5,5"}
	p.Preset["qc.marauder.1.reach"] = []string{"no"}
	p.Preset["qc.marauder.3.reach"] = []string{"no"}
	h := newHarness(t, "Ann", map[string]string{"coop": "easy"}, p)
	h.next()
	h.next()
	evs := h.next()
	ms := eventsOf(evs, "marauder-sunk")
	require.Len(t, ms, 1)
	a := h.player("Ann")
	assert.Equal(t, 3+2, a.Coins, "Coins equal to its 2 Cannons")
	assert.Equal(t, []int{2}, a.Sank)
	assert.Equal(t, 1, h.team("Ann").Prosperity)
	h.next() // end: Marauders 1 and 3 asked, 2 is sunk
	evs = h.next()
	re := eventsOf(evs, "marauder-reinforce")
	require.Len(t, re, 1)
	m := h.state().Marauders[1]
	assert.False(t, m.Sunk)
	assert.Equal(t, 3, m.Cannons)
	assert.Equal(t, 0, m.Damage)
	assert.Equal(t, 3, m.Ready)
}

func TestCoopLossAtRound15(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "navigator", "6", "2/3", "1/2", "2/3")
	p.Set("qc.setup.roll", "3", "answers")
	p.Set("qc.action", "end", "answers") // every turn
	h := newHarness(t, "Ann", map[string]string{"coop": "hard"}, p)
	require.Len(t, h.state().Marauders, 4)
	for i := 0; i < 200 && !h.s.Over; i++ {
		h.next()
	}
	st := h.state()
	require.NotNil(t, st.Result)
	assert.False(t, st.Result.Won)
	assert.Equal(t, 15, st.Round)
	assert.Contains(t, st.Result.Reason, "research 0/6")
	var all []int
	for _, e := range eventsOf(h.s.Log, "marauder-reinforce") {
		all = append(all, e.Data["round"].(int))
	}
	assert.Equal(t, []int{5, 5, 5, 5, 10, 10, 10, 10}, all)
	err := h.nextErr()
	assert.True(t, referee.IsUsage(err), "the session is over")
}
