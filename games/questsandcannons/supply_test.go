package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder collects the events a step emits.
type recorder struct{ ev []referee.Event }

func (r *recorder) env(p referee.Prompter) *referee.Env {
	return &referee.Env{Prompt: p, OnEmit: func(ev referee.Event) { r.ev = append(r.ev, ev) }}
}

// quests-and-cannons/components: "Cannon Tokens (24)", "Sail Tokens (18)". A new Sail or Cannon
// is a token from the supply (quests-and-cannons/2-prepare-the-decks "Place the Sail tokens, Cannon tokens
// ... in a space near the play area"), so the players' Sails together stay
// within 18 and their Cannons, with the Marauders', within 24.
func TestUpgradeTakesSailAndCannonTokensFromTheBox(t *testing.T) {
	st := &State{Players: []Player{
		{Name: "Ann", Sails: 2, MaxSails: 3, Cannons: 1, MaxCannons: 2, Cargo: 2, MaxCargo: 2},
		{Name: "Bob", Sails: 16, MaxSails: 16, Cannons: 15, MaxCannons: 15},
	}, Marauders: []Marauder{{ID: 1, Cannons: 4}, {ID: 2, Cannons: 4}}, Order: []int{0, 1}, Phase: PhaseActions}
	assert.Equal(t, 0, st.SupplyLeft("sails"))
	assert.Equal(t, 0, st.SupplyLeft("cannons"), "1 + 15 + 4 + 4 = 24 Cannon tokens out")
	err := upgradeRefusal(st, &st.Players[0], "sail")
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Ann's new sail would take 1 sails from the supply while the players already hold 18: the box holds Sail Tokens (18) (accepted: at most 0 more)")
	err = upgradeRefusal(st, &st.Players[0], "cannon")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the box holds Cannon Tokens (24)")
	st.Players[0].Space = SpaceWorkshop
	err = actionRefusal(st, "upgrade")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the supply has no Sail token")

	// One token back in the box: the upgrade is offered again (to a
	// player who can pay it).
	st.Players[1].Sails = 15
	st.Players[0].Res, st.Players[0].Coins = map[string]int{"canvas": 1, "metal": 1}, 3
	assert.NoError(t, upgradeRefusal(st, &st.Players[0], "sail"))
	assert.Error(t, upgradeRefusal(st, &st.Players[0], "cannon"))
}

// quests-and-cannons/reinforcement "that Marauder gains a Cannon, up to a maximum of 4": the Cannon is
// a Cannon token (quests-and-cannons/marauder-captains "Place the Cannon tokens over the Champion
// Abilities"); with none left in the box (quests-and-cannons/components) it gains none, and the
// event says why.
func TestReinforceWithNoCannonTokenLeft(t *testing.T) {
	st := &State{Round: 5, Mode: ModeCoop, Players: []Player{{Name: "Ann", Cannons: 14}},
		Marauders: []Marauder{{ID: 1, Cannons: 4}, {ID: 2, Cannons: 3}, {ID: 3, Cannons: 3, Sunk: true, Damage: 5}}}
	var r recorder
	s := &step{st: st, env: r.env(referee.NewScripted())}
	s.marauderRoundEnd()
	assert.Equal(t, []int{4, 3, 3}, []int{st.Marauders[0].Cannons, st.Marauders[1].Cannons, st.Marauders[2].Cannons}, "14 + 4 + 3 + 3 = 24: no token for either")
	assert.False(t, st.Marauders[2].Sunk)
	n := 0
	for _, e := range r.ev {
		if e.Type == "marauder-reinforce" && hasCite(e, CiteComponents) {
			assert.Contains(t, e.Text, "no Cannon token is left in the supply: the box holds Cannon Tokens (24)")
			n++
		}
	}
	assert.Equal(t, 2, n, "the two Marauders below 4 Cannons")

	// With one token back, the first Marauder below 4 takes it.
	st = &State{Round: 5, Mode: ModeCoop, Players: []Player{{Name: "Ann", Cannons: 13}},
		Marauders: []Marauder{{ID: 1, Cannons: 4}, {ID: 2, Cannons: 3}, {ID: 3, Cannons: 3}}}
	s = &step{st: st, env: (&recorder{}).env(referee.NewScripted())}
	s.marauderRoundEnd()
	assert.Equal(t, []int{4, 4, 3}, []int{st.Marauders[0].Cannons, st.Marauders[1].Cannons, st.Marauders[2].Cannons})
}

// quests-and-cannons/sinking-a-marauder "Sinking a Marauder: If you sink a Marauder, gain Coins equal to
// that ship's Cannons": the Coins come from the supply (quests-and-cannons/components "Coins (61)");
// a short supply gives what is left and says so.
func TestAutomaticCoinsStopAtTheBox(t *testing.T) {
	st := &State{Mode: ModeCoop, Players: []Player{{Name: "Ann", Coins: 40}, {Name: "Bob", Coins: 19}},
		Marauders: []Marauder{{ID: 1, Cannons: 4, Damage: 4}}}
	var r recorder
	s := &step{st: st, env: r.env(referee.NewScripted())}
	s.damageMarauder(0, 1, 0)
	assert.True(t, st.Marauders[0].Sunk)
	assert.Equal(t, 42, st.Players[0].Coins, "61 - 59 = 2 Coins left of the 4")
	var short bool
	for _, e := range r.ev {
		if e.Type == "supply" {
			short = true
			assert.Contains(t, e.Text, "Ann would take 4 coins (for sinking a Marauder) but only 2 are left, the box holds Coins (61); Ann takes 2")
		}
	}
	assert.True(t, short)
}

// quests-and-cannons/components: the cards a landing, a solved Clue or a Trade draw come from
// decks that hold Quest Cards (50), Clue Cards (18) and Loot Cards (48); a
// discard pile is reshuffled (quests-and-cannons/empty-decks "If a deck of cards ever runs out"), so
// only when the players hold every card is there none to draw.
func TestDrawsStopWhenThePlayersHoldEveryCard(t *testing.T) {
	st := &State{Players: []Player{{Name: "Ann", Quests: 3, QuestsDone: 47, Clues: 2, Solved: 6, Delivered: 10, Loot: 40, Equipped: 2}}}
	assert.Equal(t, 0, st.SupplyLeft("quest"))
	assert.Equal(t, 0, st.SupplyLeft("clue"), "18 - 10 delivered - 8 held")
	assert.Equal(t, 6, st.SupplyLeft("loot"))
	err := supplyRefusal(st, "loot", 7, "a test")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the box holds Loot Cards (48) (accepted: at most 6 more)")
	err = supplyRefusal(st, "clue", 1, "a bought Clue")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Clue Cards (18), 10 of them delivered and returned to the box (accepted: at most 0 more)")
}

// quests-and-cannons/components "Resource Tokens (70)" and quests-and-cannons/gather "take any number of resources of that
// type from the supply": a Gather takes no more than the supply has left,
// the tokens discarded to make room going back to it first.
func TestGatherBoundedByResourceTokens(t *testing.T) {
	h := duo(t, "porc", nil, nil)
	st := h.state()
	ann, bob := &st.Players[0], &st.Players[1]
	ann.Space, ann.IslandRes, ann.Cargo = SpaceIsland, "metal", 3
	ann.Res = map[string]int{}
	bob.Res = map[string]int{"gems": 68} // 68 of 70 tokens out
	require.NoError(t, h.s.SaveState(st))
	h.set("qc.action", "gather")
	h.set("qc.gather.count", "3")
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Ann's Gather would take 3 resources from the supply while the players already hold 68: the box holds Resource Tokens (70) (accepted: at most 2 more)")
	assert.Equal(t, 0, h.player("Ann").Res["metal"], "nothing changed")

	// Ann carries 1 Spice, Bob 67 Gems: 2 tokens left. 3 Metal with the
	// Spice discarded take 2 net from the supply: accepted.
	st = h.state()
	st.Players[0].Res = map[string]int{"spice": 1}
	st.Players[1].Res = map[string]int{"gems": 67}
	require.NoError(t, h.s.SaveState(st))
	h.set("qc.action", "gather")
	h.set("qc.gather.count", "3")
	h.set("qc.gather.discard", "spice")
	h.next()
	assert.Equal(t, map[string]int{"metal": 3, "spice": 0}, h.player("Ann").Res)
}

// quests-and-cannons/components and quests-and-cannons/4-prepare-your-ship "Add Sails and Cannons as shown on your Champion's
// starting ship stats": the starting stats together take tokens from the
// box, so tiles read as needing more than 18 Sails are refused at setup.
func TestSetupStartingStatsWithinTheTokens(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "4", "9/9", "1/2", "2/3")
	champ(p, "Bob", "porc", "navigator", "4", "10/10", "1/2", "2/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	err := newSessionErr(t, "Ann,Bob", nil, p)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "take 19 Sail tokens, but the box holds Sail Tokens (18) (accepted: at most 18")
}

// quests-and-cannons/components "Ammo Dice (54)" with quests-and-cannons/currencies "You may have up to 9 Ammo dice at a
// time" for at most 6 ships (quests-and-cannons/components "Wooden Player Ships (6)"): the Ammo dice
// never run out, so no Ammo purchase or sinking's "take 5 Ammo" is short.
func TestAmmoDiceNeverRunOut(t *testing.T) {
	assert.Equal(t, BoxAmmoDice, 6*MaxAmmo)
}

// The Traveler Bonus a card adds in a session has the bound of qc
// treacherous --bonus (MaxTravelerBonus, bosun's own: the rulebook sets
// none, quests-and-cannons/the-sea, quests-and-cannons/traveler-bonus, quests-and-cannons/traveler-bonus-p-12).
func TestSessionTravelerBonusBound(t *testing.T) {
	h := duo(t, "porc", nil, map[string][]string{
		"qc.action":      {"adjust", "adjust"},
		"qc.adjust.what": {"+21 bonus", "+20 bonus"},
	})
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "a Traveler Bonus of 21 (accepted: at most 20; the rulebook sets no maximum")
	h.next()
	assert.Equal(t, 20, h.player("Ann").Bonus)
}

// supply=substitutes: the rulebook does not say what happens when the
// supply runs out; with substitutes nothing is refused or cut short.
func TestSupplySubstitutes(t *testing.T) {
	st := &State{Rulings: Rulings{Substitutes: true}, Players: []Player{{Name: "Ann", Coins: 61, Sails: 18, Quests: 50}}}
	assert.NoError(t, supplyRefusal(st, "sails", 1, "a test"))
	assert.NoError(t, checkSupply(st, 0, Bundle{"coins": 5, "quest": 1}, "a test"))
	s := &step{st: st, env: (&recorder{}).env(referee.NewScripted())}
	assert.Equal(t, 3, s.takeSupply(0, "coins", 3, "a test"))
	opt, err := referee.ParseOptions(ID, optionSpecs, map[string]string{"supply": "substitutes"})
	require.NoError(t, err)
	assert.True(t, parseRulings(opt).Substitutes)
	opt, err = referee.ParseOptions(ID, optionSpecs, nil)
	require.NoError(t, err)
	assert.False(t, parseRulings(opt).Substitutes, "box is the default")
}

// Counts a session asks whose bound is what the player holds (quests-and-cannons/delivering-clues "deliver
// a solved Clue") or bosun's own (a card's damage, 1-12: the most Hearts
// bosun takes from a tile, quests-and-cannons/heart-p-16): one past it is refused with exit 2
// naming the accepted range, and nothing changes.
func TestSessionCountsBeyondWhatIsHeld(t *testing.T) {
	h := duo(t, "porc", nil, map[string][]string{
		"qc.action":        {"deliver", "damage"},
		"qc.deliver.count": {"3"},
		"qc.damage.target": {"Bob"},
		"qc.damage.amount": {"13"},
	})
	st := h.state()
	st.Players[0].Solved = 2
	require.NoError(t, h.s.SaveState(st))
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "qc.deliver.count")
	assert.Contains(t, err.Error(), "accepted: a whole number from 1 to 2")
	assert.Equal(t, 2, h.player("Ann").Solved, "nothing delivered")
	err = h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "qc.damage.amount")
	assert.Contains(t, err.Error(), "accepted: a whole number from 1 to 12")
	assert.Equal(t, 0, h.player("Bob").Damage)
}
