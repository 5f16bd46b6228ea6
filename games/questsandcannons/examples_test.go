package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Valkyr's attack from "Sample Combat": 3 Ready Cannons, 4 Ammo dice, fires
// three and rolls 1, 3, 5 = 9 dots -> 2 damage to Quaeth, +1 Prosperity.
func TestSampleCombatValkyr(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Valkyr", "porc", "cannoneer", "5", "2/3", "3/3", "2/5")
	champ(p, "Quaeth", "delf", "quartermaster", "5", "2/3", "1/2", "3/5")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	p.Set("qc.setup.roll", "2,5", "answers") // Quaeth picks first, Valkyr last: Valkyr starts
	for _, a := range []string{"adjust", "move", "attack"} {
		p.Set("qc.action", a, "answers")
	}
	p.Set("qc.adjust.what", "-1 ammo", "answers") // she has 4 Ammo dice
	p.Set("qc.move.sea", "calm", "answers")
	p.Set("qc.move.sea", "stop", "answers")
	p.Set("qc.attack.target", "Quaeth", "answers")
	p.Set("qc.attack.cannons", "3", "answers")
	p.Set("qc.attack.ammo", "1,3,5", "answers")
	h := newHarness(t, "Valkyr,Quaeth", nil, p)
	st := h.state()
	require.Equal(t, "Valkyr", st.cur().Name, "the last to pick starts")
	h.next() // refresh
	v := h.player("Valkyr")
	require.Equal(t, 3, v.GunsReady)
	h.next() // 4 Ammo
	h.next() // move into Quaeth's space (first action)
	evs := h.next()
	atk := eventsOf(evs, "attack")
	require.Len(t, atk, 1)
	res := atk[0].Data["result"].(AttackResult)
	assert.Equal(t, 9, res.Dots)
	assert.Equal(t, 2, res.Damage)
	assert.True(t, hasCite(atk[0], CiteAttack))
	q := h.player("Quaeth")
	assert.Equal(t, 2, q.Damage, "Quaeth marks two Hearts")
	assert.Equal(t, 1, h.team("Valkyr").Prosperity, "+1 Prosperity for causing damage")
	v = h.player("Valkyr")
	assert.Equal(t, 1, v.Ammo, "spent Ammo is discarded")
	assert.Equal(t, 0, v.GunsReady)
	assert.Equal(t, 1, v.Actions, "move and attack cost one Action each")
	require.Len(t, eventsOf(evs, "prosperity"), 1)
}

func kerrisHarness(t *testing.T, traveler string, bonus bool, extra func(p *referee.Scripted)) *harness {
	p := referee.NewScripted()
	champ(p, "Kerris", "delf", "navigator", "4", "2/3", "1/2", "2/5")
	champ(p, "Quaeth", "porc", "quartermaster", "5", "2/3", "1/2", "3/5")
	p.Set("qc.setup.roll", "1,6", "answers") // Quaeth first, Kerris last: Kerris starts
	if bonus {
		p.Set("qc.action", "adjust", "answers")
		p.Set("qc.adjust.what", "+1 bonus", "answers") // a Traveler Bonus from a previous turn
	}
	p.Set("qc.action", "move", "answers")
	p.Set("qc.move.traveler", traveler, "answers")
	if extra != nil {
		extra(p)
	}
	h := newHarness(t, "Kerris,Quaeth", nil, p)
	h.next() // refresh
	if bonus {
		h.next()
	}
	return h
}

// Kerris's "Sample Movement": an Action into... a Sail for the Stormy Sea,
// another Sail into the Treacherous Sea, a 3 plus 1 Traveler Bonus = 4: a
// free move to the Trading Port, where she lands.
func TestSampleMovementKerris(t *testing.T) {
	h := kerrisHarness(t, "3", true, func(p *referee.Scripted) {
		for _, s := range []string{"stormy", "treacherous", "stop"} {
			p.Set("qc.move.sea", s, "answers")
		}
		p.Set("qc.move.bonus", "1", "answers")
		p.Set("qc.move.free", "trading", "answers")
	})
	evs := h.next()
	k := h.player("Kerris")
	assert.Equal(t, 2, k.Actions, "one Action for the Move")
	assert.Equal(t, 0, k.SailsReady, "two Sails spent")
	assert.Equal(t, 0, k.Bonus, "the Traveler Bonus is spent")
	assert.Equal(t, 0, k.Damage)
	assert.Equal(t, SpaceTrading, k.Space, "landed at the Trading Port")
	tr := eventsOf(evs, "treacherous")
	require.Len(t, tr, 1)
	r := tr[0].Data["result"].(TreacherousResult)
	assert.Equal(t, 4, r.Total)
	assert.True(t, r.Safe)
	mv := eventsOf(evs, "move")
	require.Len(t, mv, 1)
	assert.Equal(t, []string{"stormy", "treacherous", "trading (free)"}, mv[0].Data["path"])
	assert.Equal(t, 2, mv[0].Data["sails"])
	require.Len(t, eventsOf(evs, "land"), 1)
}

// Without the Traveler Bonus the 3 fails: 1 damage, the Move ends, +1
// Traveler Bonus, and no re-roll (FAQ); she may move again with an Action.
func TestTreacherousFailNoReroll(t *testing.T) {
	h := kerrisHarness(t, "3", false, func(p *referee.Scripted) {
		for _, s := range []string{"stormy", "treacherous", "calm", "stop"} {
			p.Set("qc.move.sea", s, "answers")
		}
		p.Set("qc.action", "move", "answers")
	})
	evs := h.next()
	k := h.player("Kerris")
	assert.Equal(t, 1, k.Damage)
	assert.Equal(t, 1, k.Bonus)
	assert.Equal(t, SpaceTreacherous, k.Space)
	assert.Equal(t, 2, k.Actions)
	tr := eventsOf(evs, "treacherous")
	require.Len(t, tr, 1, "one roll only")
	assert.False(t, tr[0].Data["result"].(TreacherousResult).Safe)
	assert.Equal(t, "failed Treacherous Sea roll", eventsOf(evs, "move")[0].Data["ended"])
	// Continue by spending an Action normally: the next answers go to a new Move.
	h.next()
	k = h.player("Kerris")
	assert.Equal(t, SpaceCalm, k.Space)
	assert.Equal(t, 1, k.Actions)
}

// FAQ: Sails can't be used to start moving.
func TestSailsCannotStartMove(t *testing.T) {
	h := kerrisHarness(t, "6", false, func(p *referee.Scripted) {
		p.Set("qc.action", "move", "answers") // 3 Moves then a 4th
		p.Set("qc.move.sea", "calm", "answers")
		p.Set("qc.move.sea", "stop", "answers")
	})
	// Each Move: calm, stop; qc.action's last answer (move) repeats.
	h.p.Preset["qc.move.sea"] = []string{"calm", "stop", "calm", "stop", "calm", "stop"}
	h.p.Repeat["qc.action"] = true
	h.next()
	h.next()
	h.next()
	k := h.player("Kerris")
	require.Equal(t, 0, k.Actions)
	require.Equal(t, 2, k.SailsReady)
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Sails can't be used to start moving")
	var ue *referee.UsageError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, ue.Cites, CiteFAQ)
}

// FAQ: Delvish Mobility counts a Stormy Sea as two spaces: it takes all of
// its spaces, and Sails may extend it.
func TestDelvishMobilityStormyCountsTwo(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Kerris", "delf", "navigator", "4", "2/3", "1/2", "2/5")
	champ(p, "Ilsa", "porc", "quartermaster", "5", "2/3", "1/2", "3/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	p.Preset["qc.action"] = []string{"adjust", "mobility", "mobility"}
	p.Set("qc.adjust.what", "+2 loot", "answers")
	p.Preset["qc.move.sea"] = []string{"stormy", "stop", "calm", "stormy", "stop"}
	h := newHarness(t, "Kerris,Ilsa", nil, p)
	h.next()
	h.next()
	evs := h.next()
	k := h.player("Kerris")
	assert.Equal(t, 3, k.Actions, "Delvish Mobility costs no Action")
	assert.Equal(t, 2, k.SailsReady, "the Stormy Sea took both Mobility spaces")
	assert.Equal(t, 1, k.Loot)
	assert.Equal(t, 0, eventsOf(evs, "move")[0].Data["sails"])
	// Second use in the same turn is refused (once per turn).
	err := h.nextErr()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "already used Delvish Mobility")
}

func TestDelvishMobilityThenStormyNeedsSail(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Kerris", "delf", "navigator", "4", "2/3", "1/2", "2/5")
	champ(p, "Ilsa", "porc", "quartermaster", "5", "2/3", "1/2", "3/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	p.Preset["qc.action"] = []string{"adjust", "mobility"}
	p.Set("qc.adjust.what", "+1 loot", "answers")
	p.Preset["qc.move.sea"] = []string{"calm", "stormy", "stop"}
	h := newHarness(t, "Kerris,Ilsa", nil, p)
	h.next()
	h.next()
	h.next()
	k := h.player("Kerris")
	assert.Equal(t, 3, k.Actions)
	assert.Equal(t, 1, k.SailsReady, "1 Mobility space left + 1 Sail for the Stormy Sea")
	assert.Equal(t, SpaceStormy, k.Space)
}

// FAQ: sinking to one's own effect, or a teammate's, loses 3 Prosperity; a
// rival's effect gives the rival 3 Prosperity and the Coins; a Marauder's
// nothing.
func TestSinkingProsperityFAQ(t *testing.T) {
	cases := []struct {
		name         string
		by           string
		wantOwn      int
		wantRival    int
		wantByCoins  int
		wantSunkCoin int
	}{
		{"own Song of Daring", "Ann", 2, 0, 3, 1},
		{"teammate's Tome of Retribution", "Bob", 2, 0, 3, 1},
		{"rival's Loot card", "Cid", 5, 3, 5, 1},
		{"a Marauder", "marauder", 5, 0, 3, 1},
		{"anything else", "other", 2, 0, 3, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := referee.NewScripted()
			champ(p, "Ann", "dwunny", "cannoneer", "4", "2/3", "1/2", "2/5")
			champ(p, "Bob", "dwunny", "navigator", "4", "2/3", "1/2", "2/5")
			champ(p, "Cid", "porc", "cannoneer", "4", "2/3", "1/2", "2/5")
			champ(p, "Dee", "porc", "navigator", "4", "2/3", "1/2", "2/5")
			p.Set("qc.setup.roll", "1,2,6,3", "answers") // Cid first; ccw: Cid, Bob, Ann, Dee -> Dee starts
			p.Preset["qc.action"] = []string{"adjust", "damage"}
			p.Set("qc.adjust.what", "+5 prosperity, +2 coins", "answers") // Dee's team... overwritten below
			h := newHarness(t, "Ann,Bob,Cid,Dee", map[string]string{"teams": "2"}, p)
			st := h.state()
			require.Equal(t, "Dee", st.cur().Name)
			// Give Ann's team 5 Prosperity directly.
			st.Teams[0].Prosperity = 5
			require.NoError(t, h.s.SaveState(st))
			p.Preset["qc.adjust.what"] = []string{"+0 coins"}
			p.Set("qc.damage.target", "Ann", "answers")
			p.Set("qc.damage.amount", "4", "answers")
			p.Set("qc.damage.by", c.by, "answers")
			h.next()
			h.next()
			evs := h.next()
			sinkEv := eventsOf(evs, "sink")
			require.Len(t, sinkEv, 1)
			assert.True(t, hasCite(sinkEv[0], CiteFAQ))
			a := h.player("Ann")
			assert.Equal(t, c.wantSunkCoin, a.Coins, "half the Coins rounded up discarded")
			assert.Equal(t, 5, a.Ammo)
			assert.Equal(t, 0, a.Damage)
			assert.Equal(t, SpaceHome, a.Space)
			assert.Equal(t, c.wantOwn, h.team("Ann").Prosperity)
			assert.Equal(t, c.wantRival, h.team("Cid").Prosperity)
			assert.Equal(t, c.wantByCoins, h.player("Cid").Coins)
		})
	}
}

// quests-and-cannons/traveler-bonus: "You may spend all or part of your Traveler Bonus whenever you roll
// the Traveler Die to add that much to your roll." quests-and-cannons/sample-movement: Kerris rolls a 3
// and spends her one point to make it 4. The spend follows the roll: the
// least that reaches 4, nothing when the roll passes or when even the whole
// Bonus would not reach 4.
func TestLeastBonusToPass(t *testing.T) {
	for _, c := range []struct {
		roll, held int
		luck       bool
		want       int
	}{
		{3, 1, false, 1}, // Kerris
		{2, 3, false, 2}, // part of the Bonus: one point kept
		{1, 3, false, 3}, // all of it
		{1, 2, false, 0}, // 1+2 = 3 fails anyway: spend nothing
		{4, 5, false, 0}, // passes alone
		{6, 0, false, 0},
		{1, 3, true, 0}, // Dwunny Luck made it a 6
	} {
		assert.Equal(t, c.want, LeastBonusToPass(c.roll, c.held, c.luck), "%+v", c)
	}
}

// At the table the qc.move.bonus question defaults to the least Bonus that
// succeeds: an empty answer (Enter) spends 2 of 3 on a roll of 2 and keeps 1.
func TestTreacherousBonusDefaultsToLeast(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Kerris", "delf", "navigator", "4", "2/3", "1/2", "2/5")
	champ(p, "Quaeth", "porc", "quartermaster", "5", "2/3", "1/2", "3/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	p.Set("qc.action", "adjust", "answers")
	p.Set("qc.adjust.what", "+3 bonus", "answers")
	p.Set("qc.action", "move", "answers")
	p.Set("qc.move.traveler", "2", "answers")
	for _, s := range []string{"treacherous", "stop"} {
		p.Set("qc.move.sea", s, "answers")
	}
	p.Set("qc.move.bonus", "", "answers")
	p.Set("qc.move.free", "none", "answers")
	h := newHarness(t, "Kerris,Quaeth", nil, p)
	h.next() // refresh
	h.next() // +3 bonus
	evs := h.next()
	tr := eventsOf(evs, "treacherous")
	require.Len(t, tr, 1)
	r := tr[0].Data["result"].(TreacherousResult)
	assert.Equal(t, 2, r.Bonus)
	assert.True(t, r.Safe)
	assert.Equal(t, 1, h.player("Kerris").Bonus, "one point kept")
}
