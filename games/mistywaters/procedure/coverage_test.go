package procedure

import (
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests that reach the situations asking the question keys no other test
// asks, each asserting what the rulebook makes of the answer.

// Tavern Cards, 'Dice Poker': "a player rolls 5 regular dice and then
// chooses any number (including 0) of dice to reroll once. The player
// sitting to the left of the player who drew the Tavern Card starts ...
// the player with the highest score wins." The entered roll and re-roll
// make the hand: Bob (left of Ann, who drew) re-rolls his 1 and 2 into two
// more 6s, Four Of A Kind (25 + 24 = 49), and beats Ann's Poker
// (30 + 15 = 45).
func TestDicePokerEnteredRollAndReroll(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann"})
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":     "0",
		"misty.player.Ann.attack":      "none",
		"misty.player.Ann.ports":       "tavern",
		"misty.player.Ann.tavern-card": "dice-poker",
		"misty.poker.Bob.roll":         "1,2,6,6,6",
		"misty.poker.Bob.reroll":       "1,2",
		"misty.poker.Bob.reroll-dice":  "6,4",
		"misty.poker.Ann.roll":         "1,2,3,4,5",
		"misty.poker.Ann.reroll":       "none",
	})
	tb.step()
	text := tb.text()
	assert.Less(t, tb.rec.index("misty.poker.Bob.roll"), tb.rec.index("misty.poker.Ann.roll"), "the player to the drawer's left rolls first")
	assert.Contains(t, text, "Dice Poker: Bob rolls 6, 4, 6, 6, 6: four of a kind, 49 points", "the re-rolled dice replace the 1 and the 2")
	assert.Contains(t, text, "Dice Poker: Ann rolls 1, 2, 3, 4, 5: poker, 45 points")
	assert.Contains(t, text, "Dice Poker: Bob wins")
}

// Priority Token Negotiation (Advanced Rules): "After step 3, where a new
// player has received the Priority Token, that player may choose to
// Negotiate and give the Priority Token to another player ... The Priority
// Token cannot be traded in such a way that the same player has it for 2
// consecutive Rounds." Bob receives it from Ann and gives it to Cy; Ann,
// who held it this Round, is not offered.
func TestPriorityTokenNegotiationGivesTheToken(t *testing.T) {
	opt := baseOpts()
	opt.Advanced["priority-negotiation"] = true
	st := &State{Round: 3, Phase: PhaseReset, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob", "Cy"), Opt: opt}
	tb := newTable(t, st, map[string]any{
		"misty.player.Ann.captured": "0",
		"misty.player.Bob.captured": "0",
		"misty.player.Cy.captured":  "0",
		"misty.priority.trade":      "Cy",
	})
	tb.step()
	q, ok := tb.rec.question("misty.priority.trade")
	require.True(t, ok)
	assert.Equal(t, []string{"keep", "Cy"}, q.Options, "not the holder of the last Round (Ann), nor Bob himself")
	got := tb.state()
	assert.Equal(t, "Cy", got.priorityName())
	assert.Equal(t, 0, got.PrevPriority, "Ann held it this Round")
	assert.Equal(t, PhaseWheel, got.Phase)
	assert.Equal(t, 4, got.Round)
	assert.Contains(t, tb.text(), "Priority Token Negotiation: Cy now holds the Priority Token")
}

// Event Rounds: "The Event Card effect will either trigger immediately and
// ends this Phase 1 (immediate effect symbol), or continues until the next
// Event Card is drawn (continuing effect symbol)." A card bosun does not
// know by name is read out and its symbol asked: continuing keeps it in
// force, immediate does not.
func TestOtherEventCardTextAndSymbol(t *testing.T) {
	for _, cont := range []string{"yes", "no"} {
		st := &State{Round: 4, Phase: PhaseWheel, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(), Events: []string{"fog"}}
		tb := newTable(t, st, map[string]any{
			"misty.event.card":       "other",
			"misty.event.text":       "Trade Winds: every ship +1 speed",
			"misty.event.continuing": cont,
		})
		tb.step()
		ev := tb.state().Event
		require.NotNil(t, ev, cont)
		assert.Equal(t, "Trade Winds: every ship +1 speed", ev.Text)
		assert.Equal(t, cont == "yes", ev.Continuing, cont)
		if cont == "yes" {
			assert.Contains(t, tb.text(), `Event Card "Trade Winds: every ship +1 speed" (continuing until the next Event Card is drawn)`)
		} else {
			assert.Contains(t, tb.text(), `Event Card "Trade Winds: every ship +1 speed" (immediate: carry out its text)`)
		}
	}
}

// Viceroy Voting: "If there is a tie for most total Votes, all tied
// players have a final confrontation ... Each tied player with 1 or more
// tokens in their pool rolls 1 regular dice simultaneously. The player(s)
// with the lowest dice remove 1 token from their pool. If all dice are
// tied, no tokens are removed. Repeat until only 1 player has tokens
// remaining". Ann's pool of 2 against Bob's 1: a tie removes nothing, then
// Bob's lower die takes his only token and Ann is the Viceroy.
func TestViceroyTieFinalConfrontation(t *testing.T) {
	st := &State{Round: 20, Phase: PhaseVoting, Players: players("Ann", "Bob"), Opt: baseOpts(),
		Voting: &Voting{Step: 2, Sides: []VoteSide{{Name: "Ann", Members: []string{"Ann"}, Total: 12, Pool: 2}, {Name: "Bob", Members: []string{"Bob"}, Total: 12, Pool: 1}}}}
	tb := newTable(t, st, map[string]any{
		"misty.vote.confront.Ann": []string{"3", "5"},
		"misty.vote.confront.Bob": []string{"3", "2"},
	})
	tb.step()
	text := tb.text()
	assert.Contains(t, text, "Tie for most Votes: final confrontation with pools of Cannons and Sailors: Ann 2, Bob 1")
	assert.Contains(t, text, "confrontation: lowest die 2: Bob remove a token")
	assert.NotContains(t, text, "lowest die 3", "all dice tied: no token removed")
	assert.Contains(t, text, "Ann is the Viceroy of the Misty Waters")
	got := tb.state()
	assert.Equal(t, []string{"Ann"}, got.Winners)
	assert.Equal(t, PhaseOver, got.Phase)
}

// Setup, Step 1: the Priority Token goes to a player at random
// (priority=random), a die with a face per player; an entered roll of 2
// gives it to the second player.
func TestSetupRandomPriorityFromTheEnteredRoll(t *testing.T) {
	s, err := newSetup(t, fourColours, map[string]string{"priority": "random", "bases": "Ann:NE,Bob:NW,Cy:SW,Dan:SE"}, map[string]string{"misty.setup.priority": "2"})
	require.NoError(t, err)
	st := stateOf(t, s)
	assert.Equal(t, "Bob", st.priorityName())
	assert.Contains(t, logText(s), "Bob holds the Priority Token")
}

// Wind Force Effects, Overboard: "Each Player Ship At Sea immediately
// removes the number of ... Cannons written next to the current Wind Force
// box", and the Player Ship that loses its last Cannon is defeated. Bob,
// named bare with two ships, is asked which one; the Lost Caravel carried
// the Conquistadors' Treasure (Bob has his Sloop left, so that is asked
// too): "If the Conquistadors' Treasure has been removed from play whether
// by sinking ..., the game ends" at the end of the Round.
func TestOverboardAsksWhichShipAndWhetherItHadTheTreasure(t *testing.T) {
	for _, had := range []string{"yes", "no"} {
		st := &State{Round: 3, Phase: PhaseWeather, Wind: 5, Treasure: "player:Bob", Players: players("Ann", "Bob"), Opt: baseOpts(), NPCs: []NPC{}}
		st.Weather.Middle = &Tile{Move: 6}
		st.Weather.Top = &Tile{Move: 1}
		st.Weather.Deck = []Tile{{Move: -1}}
		tb := newTable(t, st, map[string]any{
			"misty.board.wind.speed.11":              "-2",
			"misty.board.wind.overboard.11":          "1 cannons",
			"misty.board.wind.box.sea-giveth":        "9",
			"misty.board.wind.box.sheath-the-swords": "9",
			"misty.board.wind.box.hunker-down":       "12",
			"misty.weather.overboard-defeated":       "Bob",
			"misty.weather.overboard-ship.Bob":       "caravel",
			"misty.player.Bob.lost-treasure":         had,
		})
		tb.step()
		q, ok := tb.rec.question("misty.weather.overboard-ship.Bob")
		require.True(t, ok)
		assert.Equal(t, []string{"sloop", "caravel"}, q.Options)
		got := tb.state()
		assert.Equal(t, []string{"S"}, got.player("Bob").Fleet, "the Caravel is Lost, the Sloop sails on")
		assert.Equal(t, []string{"S", "C"}, got.player("Ann").Fleet)
		assert.Equal(t, 1, got.player("Bob").Defeats)
		text := tb.text()
		assert.Contains(t, text, "Bob: Bob's Caravel is Lost")
		if had == "yes" {
			assert.Equal(t, TreasureRemoved, got.Treasure)
			assert.True(t, got.EndAfter)
			assert.Contains(t, text, "The Conquistadors' Treasure is removed from play (Bob's Caravel was Lost with it): the game ends at the end of this Round")
		} else {
			assert.Equal(t, "player:Bob", got.Treasure, "still aboard the Sloop")
			assert.False(t, got.EndAfter)
		}
	}
}

// Thar She Blows: "If a player has multiple Player Ships on At Sea spaces,
// they must pick which ship to assign the Sea Adventure Card before drawing
// their card", and a Sea Monster's "assigned Player Ship will suffer the
// damage described on the corresponding Sea Adventure Card". Ann assigns
// the card to her Caravel: the Megalodon attacks the Caravel, not the
// Sloop.
func TestSeaAdventureCardGoesToTheAssignedShip(t *testing.T) {
	st := phase3At(5)
	tb := newTable(t, st, map[string]any{
		"misty.weather.tile.move":                "0",
		"misty.weather.tile.effect":              "thar-she-blows",
		"misty.board.wind.speed.5":               "0",
		"misty.board.wind.box.sheath-the-swords": "9",
		"misty.board.wind.box.sea-giveth":        "9",
		"misty.board.wind.box.hunker-down":       "12",
		"misty.board.wind.overboard.5":           "0",
		"misty.player.Ann.at-sea":                "2",
		"misty.player.Ann.sea-adventure.ship":    "caravel",
		"misty.player.Ann.sea-adventure":         "megalodon",
		"misty.player.Ann.monster-placed":        "yes",
		"misty.board.monster.megalodon.range":    "3",
		"misty.player.Bob.at-sea":                "0",
		"misty.player.Ann.stop-card":             "no",
		"misty.ship.Ann":                         "caravel:cannons=2,sailors=2",
	}, 0, 0, 0, 0, 0, 0)
	tb.step()
	q, ok := tb.rec.question("misty.player.Ann.sea-adventure.ship")
	require.True(t, ok)
	assert.Equal(t, []string{"sloop", "caravel"}, q.Options)
	assert.Less(t, tb.rec.index("misty.player.Ann.sea-adventure.ship"), tb.rec.index("misty.player.Ann.sea-adventure"), "chosen before drawing")
	text := tb.text()
	assert.Contains(t, text, "Ann draws the megalodon (assigned to the Caravel): it attacks at once")
	assert.Contains(t, text, "megalodon attacks Ann's Caravel by Broadside Battle; attack: Megalodon removes 1 Cannon")
	assert.Contains(t, text, "Ann: remove 1 Cannon from Ann's Caravel's board (it now has 1 Cannon, 2 Sailors)")
	assert.NotContains(t, text, "Sloop")
	assert.NotNil(t, tb.state().npc("megalodon"), "placed next to the ship, it stays on the map")
}

// Acquiring the Galleass: "they can swap their own ship and launch the
// Conquistadors' Galleass themselves under their control. The original
// Player Ship must be abandoned as part of this swap", and the Galleass
// takes "the Conquistadors' Treasure token in its Cargo Hold". Ann, with
// two ships, is asked which she abandons: the Caravel goes, the Sloop
// stays, and the Galleass joins her fleet with the Treasure.
func TestAcquiringTheGalleassAbandonsTheNamedShip(t *testing.T) {
	st := &State{Round: 5, Phase: PhaseTurns, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(), Queue: []string{"Ann"}}
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":        "0",
		"misty.player.Ann.attack":         "none",
		"misty.player.Ann.ports":          "none",
		"misty.player.Ann.treasure":       "galleass",
		"misty.player.Ann.abandoned-ship": "caravel",
	})
	tb.step()
	q, ok := tb.rec.question("misty.player.Ann.abandoned-ship")
	require.True(t, ok)
	assert.Equal(t, []string{"sloop", "caravel"}, q.Options)
	got := tb.state()
	assert.ElementsMatch(t, []string{"S", "GA"}, got.player("Ann").Fleet, "the Caravel is abandoned")
	assert.Equal(t, []string{"S", "C"}, got.player("Bob").Fleet)
	assert.Equal(t, "player:Ann", got.Treasure)
	assert.True(t, got.Galleass)
	assert.Zero(t, got.player("Ann").Defeats, "an abandoned ship is not a defeated one")
	text := tb.text()
	assert.Contains(t, text, "Ann's Caravel leaves the fleet and the Conquistadors' Galleass joins it (abandoned to launch the Conquistadors' Galleass at the 'X'); ships afloat: Sloop, Conquistadors' Galleass")
	assert.NotContains(t, text, "Sloop, Caravel, Conquistadors' Galleass", "the original ship is removed first: the fleet never holds three")
	assert.Contains(t, text, "Ann abandons a ship and launches the Conquistadors' Galleass")
}

// Death Zone: the Flying Dutchman "removes from the map any Player Ships
// ... on Adjacent Spaces at any point during its movement", unless the
// player pays 3 Experience Tokens. Bob, named bare with two ships and not
// paying, is asked which ship it takes: his Caravel is removed (Lost) and,
// by default, counts as his first defeated Player Ship.
func TestDeathZoneAsksWhichShipOfAPlayer(t *testing.T) {
	st := &State{Round: 11, Phase: PhaseNPC, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(),
		Queue: []string{"move:dutchman"}, NPCs: []NPC{{ID: "dutchman", Kind: KindDutchman, Appeared: 10}}}
	tb := newTable(t, st, map[string]any{
		"misty.npc.dutchman.next":        "sea",
		"misty.npc.dutchman.victims":     "Bob",
		"misty.player.Bob.dutchman-save": "no",
		"misty.player.Bob.dutchman-ship": "caravel",
	})
	tb.step()
	q, ok := tb.rec.question("misty.player.Bob.dutchman-ship")
	require.True(t, ok)
	assert.Equal(t, []string{"sloop", "caravel"}, q.Options)
	got := tb.state()
	assert.Equal(t, []string{"S"}, got.player("Bob").Fleet)
	assert.Equal(t, []string{"S", "C"}, got.player("Ann").Fleet)
	assert.Equal(t, 1, got.player("Bob").Defeats)
	text := tb.text()
	assert.Contains(t, text, "Death Zone: Bob's Caravel is removed from the map (Lost)")
	assert.Contains(t, text, "your first defeated Player Ship: your government sends 5 Silver Coins")
}

// Plantations with a Militia (Advanced Rules): it "can only be attacked
// through a Boarding Battle with an opponent Player Ship at the connecting
// Docks", the attacker declaring in advance "which tokens will go to
// shore", and "If the attacker removes all Sailors from the Plantation
// with a Militia, they have defeated it. Do not remove the Plantation."
// "If the attacker fails to defeat the Plantation with a Militia, the
// attacker removes all of their Sailors, Cannons, and Fencing Master that
// participated in the Boarding Battle."
func TestMilitiaBoardingBattle(t *testing.T) {
	for _, tc := range []struct {
		name, att, def string
		want           []string
		militia, brig  string // the boards bosun keeps for the next battle ("" none)
	}{
		{"defeated", "6,6,6", "1,1", []string{
			"clash 1: attacker 6, 6, 6 vs defender 1, 1, attacker loses 0 dice, defender 2",
			"Bob: remove 2 Sailors from your Plantation's Militia; the Militia is defeated (the Plantation stays; the island can be re-Captured)"},
			"", "brig:cannons=2,sailors=2,at=docks"},
		{"holds", "1,1,1", "6,6", []string{
			"clash 1: attacker 1, 1, 1 vs defender 6, 6, attacker loses 3 dice, defender 0",
			"Ann: remove 1 Cannon, 2 Sailors from Ann's Brig's board (it now has 1 Cannon, 0 Sailors)",
			"the attacker failed to defeat the Militia and removes all Sailors, Cannons and the Fencing Master that participated"},
			"", "brig:cannons=1,sailors=0,at=docks"}, // the Militia lost nothing: no board kept (its next default is the spec given)
	} {
		st := battleState(PhaseTurns, 5, []string{"Ann"})
		st.Players[1].Captured = 1
		st.Opt.Advanced["militia"] = true
		tb := newTable(t, st, map[string]any{
			"misty.board.wind.speed.5":                          "0",
			"misty.player.Ann.attack":                           []string{"Bob-militia", "none"},
			"misty.ship.Ann":                                    "brig:cannons=2,sailors=2,at=docks,shore=2+1",
			"misty.militia.Bob":                                 "militia:sailors=2",
			"misty.battle.Ann.Bob-militia.clash1.attacker.roll": tc.att,
			"misty.battle.Ann.Bob-militia.clash1.defender.roll": tc.def,
			"misty.player.Ann.ports":                            "none",
		})
		tb.step()
		text := tb.text()
		assert.Contains(t, text, "Ann's Brig attacks Bob's Plantation with a Militia by Boarding Battle", tc.name)
		for _, w := range tc.want {
			assert.Contains(t, text, w, tc.name)
		}
		got := tb.state()
		assert.Equal(t, tc.militia, got.player("Bob").Boards["militia"], tc.name)
		assert.Equal(t, tc.brig, got.player("Ann").Boards["B"], tc.name)
		assert.Equal(t, []string{"S", "B"}, got.player("Ann").Fleet, "%s: a ship keeping a Cannon aboard is not defeated", tc.name)
	}
}

// oneShotRoller is the roller of the battle commands (bosun misty
// broadside|boarding, cmd/misty rollers): each side's --dice first (none
// here), then referee.Dice, which asks physical dice of the prompter under
// the engine's own keys, misty.broadside.* and misty.boarding.*; the
// prompter is checked against the declarations.
func oneShotRoller(t *testing.T, answers map[string]string) mw.Roller {
	p := referee.NewScripted()
	for k, v := range answers {
		p.Set(k, v, "set")
	}
	base := mw.RefereeRoller{D: referee.NewDice(referee.Physical, 1, checkDeclared(t, p))}
	return mw.SplitRoller{Attacker: &mw.SideRoller{Then: base}, Defender: &mw.SideRoller{Then: base}}
}

func unit(t *testing.T, spec string) mw.Unit {
	t.Helper()
	u, err := mw.ParseUnit(spec)
	require.NoError(t, err)
	return u
}

// Broadside Battle Dice Result: "6 - Hull Hit! Remove 1 Cannon for a
// Player Ship", "4 or 5 - Ricochet! ... each die is rerolled until a
// result other than 4 or 5 is rolled", "1 - Deck Crew Hit! Remove 1 deck
// crew", "2 or 3 - Miss!", then "the defender now counterattacks in the
// same manner". The physical dice entered under the engine's keys: the
// attack 6,5 with the 5 ricocheting to 1, the counterattack a 2.
func TestOneShotBroadsideAsksItsDiceByKey(t *testing.T) {
	r := oneShotRoller(t, map[string]string{
		"misty.broadside.attack.roll":     "6,5",
		"misty.broadside.attack.ricochet": "1",
		"misty.broadside.counter.roll":    "2",
	})
	res, err := mw.ResolveBroadside(mw.BroadsideInput{Attacker: unit(t, "brig:cannons=2,sailors=2,owner=ann"), Defender: unit(t, "sloop:cannons=2,sailors=2,owner=bob")}, r)
	require.NoError(t, err)
	assert.Equal(t, []int{6, 5}, res.Attack.Rolled)
	assert.Equal(t, []int{6, 1}, res.Attack.Final, "the 5 ricocheted to a 1")
	assert.Equal(t, mw.Damage{Cannons: 1, Sailors: 1}, res.Attack.Damage)
	assert.Equal(t, 1, res.DefenderAfter.Cannons)
	assert.Equal(t, 1, res.DefenderAfter.Sailors)
	require.NotNil(t, res.Counter, "the defender counterattacks")
	assert.Equal(t, 1, res.Counter.Dice, "with the one Cannon it has left")
	assert.Equal(t, []int{2}, res.Counter.Final)
	assert.Equal(t, mw.Damage{}, res.Counter.Damage, "a 2 is a miss")
	assert.Empty(t, res.Outcome.Defeated)
}

// Step 4B: Boarding Battle: both sides "roll as many regular dice as they
// have Sailors and Cannons"; "For any dice where the duel was a tie,
// repeat the previous step"; the loser of a duel removes "1 Sailor for
// each dice removed. If they have no more Sailors to remove, they remove a
// Cannon instead", and a Player Ship that loses its last Cannon is
// defeated. Entered under the engine's keys: both duels of the first roll
// tie at 2, the re-roll of the tied dice 6,6 against 1,1 takes the Sloop's
// Sailor and then its Cannon.
func TestOneShotBoardingAsksItsDiceByKey(t *testing.T) {
	r := oneShotRoller(t, map[string]string{
		"misty.boarding.clash1.attacker.roll":     "2,2",
		"misty.boarding.clash1.defender.roll":     "2,2",
		"misty.boarding.clash1.tie.attacker.roll": "6,6",
		"misty.boarding.clash1.tie.defender.roll": "1,1",
	})
	res, err := mw.ResolveBoarding(mw.BoardingInput{Attacker: unit(t, "brig:cannons=1,sailors=1,owner=ann"), Defender: unit(t, "sloop:cannons=1,sailors=1,owner=bob")}, r)
	require.NoError(t, err)
	assert.Equal(t, 2, res.AttackerDice)
	assert.Equal(t, 2, res.DefenderDice)
	require.Len(t, res.Rounds, 2, "the first roll and the re-roll of its ties")
	assert.Equal(t, mw.Damage{}, res.ToAttacker)
	assert.Equal(t, 1, res.ToDefender.Sailors)
	assert.Equal(t, 1, res.ToDefender.Cannons, "no Sailor left: a Cannon instead")
	assert.True(t, res.ToDefender.Defeated)
	assert.Equal(t, []string{"defender"}, res.Outcome.Defeated)
	assert.Equal(t, [2]int{}, res.Unresolved)
}
