package questsandcannons

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
)

// quests-and-cannons/cooperative-mode: "players must complete their personal Mission and reach the
// Prosperity Goal within 15 rounds. Use an unused character's Home Port
// marker to keep track of how many rounds you have played." The co-op
// status and each turn say which of the 15 rounds it is; a competitive game
// has no round limit and says only "round N".
func TestCoopStatusCountsTheRoundsOf15(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "navigator", "6", "2/3", "1/2", "2/3")
	p.Set("qc.setup.roll", "3", "answers")
	p.Set("qc.action", "end", "answers")
	p.Set("qc.marauder.1.reach", "no", "answers")
	p.Set("qc.marauder.2.reach", "no", "answers")
	p.Set("qc.marauder.3.reach", "no", "answers")
	h := newHarness(t, "Ann", map[string]string{"coop": "easy"}, p)
	v := View(h.state())
	assert.Equal(t, CoopRounds, v.Rounds)
	assert.Contains(t, v.Text(), "round 1 of 15, ")
	evs := h.next()
	turn := eventsOf(evs, "turn")
	require.Len(t, turn, 1)
	assert.Contains(t, turn[0].Text, "round 1 of 15, Ann's turn")
	h.next()       // end
	evs = h.next() // round end
	re := eventsOf(evs, "round-end")
	require.Len(t, re, 1)
	assert.Equal(t, "round 1 of 15 is over", re[0].Text)
	assert.True(t, hasCite(re[0], CiteCoop))
	assert.Contains(t, View(h.state()).Text(), "round 2 of 15, ")

	h2 := duo(t, "porc", nil, map[string][]string{})
	v = View(h2.state())
	assert.Zero(t, v.Rounds, "no round limit in a competitive game")
	assert.Contains(t, v.Text(), "round 1, ")
	assert.NotContains(t, v.Text(), " of 15")
}

// quests-and-cannons/moving: "At the end of your turn, if you're within range of a Marauder
// ship, that ship moves to your space and attacks!" When none is, the end
// of the turn says so and why, instead of ending in silence.
func TestEndOfTurnSaysNoMarauderIsInRange(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "6", "2/3", "4/4", "2/3")
	p.Set("qc.setup.roll", "3", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	p.Preset["qc.action"] = []string{"move", "end", "move", "end"}
	p.Preset["qc.move.sea"] = []string{"calm", "stop", "calm", "stop"}
	p.Preset["qc.marauder.1.reach"] = []string{"no", "yes"}
	p.Preset["qc.marauder.1.ammo"] = []string{"1,1"}
	p.Preset["qc.marauder.2.reach"] = []string{"no", "no"}
	p.Preset["qc.marauder.3.reach"] = []string{"no", "no"}
	h := newHarness(t, "Ann", map[string]string{"coop": "easy"}, p)
	h.next() // refresh
	h.next() // move to a calm sea
	evs := h.next()
	var none []referee.Event
	for _, e := range eventsOf(evs, "marauder") {
		if e.Data["in_range"] == 0 {
			none = append(none, e)
		}
	}
	require.Len(t, none, 1, "one line for the whole end of the turn")
	assert.Equal(t, "no Marauder is in range of Ann: none moves or attacks at the end of the turn (Marauder 1 cannot reach it in 2 spaces; Marauder 2 cannot reach it in 2 spaces; Marauder 3 cannot reach it in 2 spaces)", none[0].Text)
	assert.True(t, hasCite(none[0], CiteMarauderMoving))
	assert.Empty(t, eventsOf(evs, "marauder-attack"))

	h.next() // round end
	h.next() // refresh
	h.next() // move
	evs = h.next()
	require.Len(t, eventsOf(evs, "marauder-attack"), 1)
	for _, e := range eventsOf(evs, "marauder") {
		assert.NotContains(t, e.Text, "no Marauder is in range", "a Marauder attacked")
	}
}

// In a safe harbor the end of the turn says that instead (one line).
func TestEndOfTurnInSafeHarborSaysOnlyThat(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "6", "2/3", "4/4", "2/3")
	p.Set("qc.setup.roll", "3", "answers")
	p.Set("qc.action", "end", "answers")
	h := newHarness(t, "Ann", map[string]string{"coop": "easy"}, p)
	h.next()
	evs := h.next()
	ms := eventsOf(evs, "marauder")
	require.Len(t, ms, 1)
	assert.Contains(t, ms[0].Text, "safe harbor")
}

// quests-and-cannons/components: the box holds Coins (61), Clue Cards (18), Loot Cards (48) and
// Quest Cards (50); quests-and-cannons/delivering-clues: a delivered Clue is returned to the box. What a
// card or a Quest gives comes from that supply: an answer that would have
// the players hold more is refused (exit 2) naming the component, and the
// state is unchanged; up to the limit is accepted.
func TestSupplyGainsBoundedByTheBox(t *testing.T) {
	h := duo(t, "porc", nil, map[string][]string{
		"qc.action":        {"adjust", "adjust", "adjust", "adjust", "adjust", "quest"},
		"qc.adjust.what":   {"+56 coins", "+55 coins", "+17 clue", "+16 clue", "+1 quest"},
		"qc.quest.hard":    {"no"},
		"qc.quest.deliver": {"none"},
		"qc.quest.reward":  {"4 coins"},
	})
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err), "%v", err)
	assert.Contains(t, err.Error(), "the box holds Coins (61) (accepted: at most 55 more)")
	assert.Equal(t, 3, h.player("Ann").Coins, "nothing changed")
	h.next()
	assert.Equal(t, 58, h.player("Ann").Coins, "6 + 55 = 61 Coins held: the whole box")

	err = h.nextErr()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the box holds Clue Cards (18) (accepted: at most 16 more)")
	h.next()
	assert.Equal(t, 17, h.player("Ann").Clues)

	h.next() // +1 quest
	err = h.nextErr()
	require.Error(t, err, "no Coin is left in the box for the reward")
	assert.Contains(t, err.Error(), "the Quest reward (4 coins)")
	assert.Contains(t, err.Error(), "Coins (61)")
	assert.Equal(t, 1, h.player("Ann").Quests, "the Quest is still in hand")
}

// Delivered Clues go back to the box, out of the game: they lower the
// number of Clue cards the players can hold.
func TestDeliveredCluesLeaveTheBox(t *testing.T) {
	st := &State{Players: []Player{{Name: "Ann", Clues: 3, Solved: 2, Delivered: 10}, {Name: "Bob", Clues: 1}}}
	assert.NoError(t, checkSupply(st, 0, Bundle{"clue": 2}, "a card"))
	err := checkSupply(st, 0, Bundle{"clue": 3}, "a card")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "10 of them delivered and returned to the box (accepted: at most 2 more)")
	assert.NoError(t, checkSupply(st, 0, Bundle{"clue": -3, "loot": 48}, "a card"), "a loss never breaks a limit; 48 Loot is the box")
	assert.Error(t, checkSupply(st, 0, Bundle{"loot": 49}, "a card"))
	assert.Error(t, checkSupply(st, 0, Bundle{"quest": 51}, "a card"))
}
