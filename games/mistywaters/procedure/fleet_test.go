package procedure

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func pirates(ids ...string) []NPC {
	var out []NPC
	for _, id := range ids {
		out = append(out, NPC{ID: id, Kind: KindPirate, Appeared: 1})
	}
	return out
}

// 'Defeated Player Ships': "When the last Cannon is removed from a Player
// Ship's ship board, the Player Ship is defeated and may sink to the bottom
// of the sea where it is Lost." and 'Lost Player Ship from Broadside
// Battle': "the ship is Lost: Remove the Player Ship, any remaining
// components onboard after seizing, and the corresponding ship board."
// A Lost ship leaves the fleet: a later Pirate Ship of the same Phase 2
// cannot attack it again (the spec that names it is refused), the other
// ship can be attacked, and a player with no ship left is no target at all.
func TestLostShipLeavesTheFleetAndIsNotAttackedAgain(t *testing.T) {
	newState := func() *State {
		return &State{Round: 4, Phase: PhaseNPC, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(),
			Queue: []string{"attack:pirates"}, NPCs: pirates("pirate-2", "pirate-3", "pirate-4")}
	}
	base := map[string]any{
		"misty.board.wind.box.rocky-seas":       "10",
		"misty.npc.pirate-2.targets":            "Ann",
		"misty.player.Ann.stop-card":            "no",
		"misty.battle.pirate-2.Ann.attack.roll": "6,6,1,2",
		"misty.npc.pirate-4.targets":            "none",
	}
	with := func(extra map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}

	// The answers file repeats the Sloop for pirate-3: refused, naming the
	// loss and the ship still afloat.
	tb := newTable(t, newState(), with(map[string]any{
		"misty.ship.Ann":             "sloop:cannons=2,sailors=2",
		"misty.npc.pirate-3.targets": "Ann",
	}))
	err := tb.try()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `misty.ship.Ann="sloop:cannons=2,sailors=2": Ann's Sloop was Lost in Round IV (defeated by pirate-2 in a Broadside Battle)`)
	assert.Contains(t, err.Error(), "Ann's ships afloat: Caravel")

	// pirate-3 fires on the Caravel instead and sinks it too: the second
	// defeat removes the Skull-Rock; Ann has no ship left.
	tb = newTable(t, newState(), with(map[string]any{
		"misty.ship.Ann":                                []string{"sloop:cannons=2,sailors=2", "caravel:cannons=1,sailors=2"},
		"misty.npc.pirate-3.targets":                    "Ann-caravel",
		"misty.battle.pirate-3.Ann-caravel.attack.roll": "6,1,1,2",
	}))
	tb.step()
	got := tb.state()
	out := tb.text()
	assert.Contains(t, out, "Ann: Ann's Sloop is Lost")
	assert.Contains(t, out, "your first defeated Player Ship: your government sends 5 Silver Coins")
	assert.Contains(t, out, "Ann's Sloop leaves the fleet (defeated by pirate-2 in a Broadside Battle); ships afloat: Caravel")
	assert.Contains(t, out, "your second defeated Player Ship: remove your Skull-Rock")
	assert.Contains(t, out, "Ann has no Player Ship left")
	assert.Equal(t, 1, strings.Count(out, "remove your Skull-Rock"))
	assert.Empty(t, got.player("Ann").Fleet)
	assert.Equal(t, 2, got.player("Ann").Defeats)
	require.Len(t, got.player("Ann").Lost, 2)
	assert.True(t, got.player("Ann").Lost[0].Pending)

	// pirate-4 cannot be told to attack Ann: she has no ship to offer.
	tb = newTable(t, newState(), with(map[string]any{
		"misty.ship.Ann":                                []string{"sloop:cannons=2,sailors=2", "caravel:cannons=1,sailors=2"},
		"misty.npc.pirate-3.targets":                    "Ann-caravel",
		"misty.battle.pirate-3.Ann-caravel.attack.roll": "6,1,1,2",
		"misty.npc.pirate-4.targets":                    "Ann",
	}))
	err = tb.try()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `answer "Ann" for misty.npc.pirate-4.targets`)
	q, ok := tb.rec.question("misty.npc.pirate-4.targets")
	require.True(t, ok)
	assert.Equal(t, []string{"Bob", "Bob-sloop", "Bob-caravel", "none"}, q.Options, "no Ann, and no Forts without a Captured Island")
}

// "However, if a player ever removes their last Player Ship and cannot
// afford to buy a new ship, their nation's government will bail them out
// by donating a new Sloop (S). ... During the action step of the player's
// next turn (e.g. Phase 5 - Player's Turn Phase), this new Player Ship can
// be placed at the player's starting Base." and "This will cause a player
// to miss a Round worth of Player Ship movement and attack regardless of
// when in a Round a ship is defeated."
func TestNoShipTurnPlacesTheNewSloop(t *testing.T) {
	ps := players("Ann", "Bob")
	ps[0].Fleet = nil
	ps[0].Defeats = 2
	ps[0].Lost = []LostShip{{Ship: "S", Round: 4, How: "defeated by pirate-2 in a Broadside Battle", Pending: true}}
	st := &State{Round: 4, Phase: PhaseTurns, Wind: 5, Treasure: TreasureGalleass, Players: ps, Opt: baseOpts(), Queue: []string{"Ann", "Bob"}}
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":  "0",
		"misty.player.Ann.new-ship": "sloop",
		"misty.player.Ann.ports":    "none",
	})
	tb.step()
	got := tb.state()
	assert.Contains(t, tb.text(), "Ann's turn: Ann has no Player Ship on the map, so no ship moves or attacks this turn")
	assert.Equal(t, -1, tb.rec.index("misty.player.Ann.attack"), "no ship and no Fort: no attack question")
	q, ok := tb.rec.question("misty.player.Ann.new-ship")
	require.True(t, ok)
	assert.Contains(t, q.Text, "the government's donated Sloop")
	assert.Equal(t, []string{"S"}, got.player("Ann").Fleet)
	assert.False(t, got.player("Ann").Lost[0].Pending, "after her action step a Sloop may be in play again")
	assert.Contains(t, tb.text(), "Ann's Sloop joins the fleet (placed at the Base in the action step); ships afloat: Sloop")
}

// "A player can only have at most 2 Player Ships in their fleet at any
// time, and each Player Ship must be different ship types." A ship bosun
// has not seen joins the fleet when there is room; with the fleet full the
// table says which ships are on the map, and the answer is checked.
func TestUnknownShipJoinsTheFleetOrTheTableSaysWhichShips(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	st.Players[0].Fleet = []string{"S"}
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets":      "Ann",
		"misty.ship.Ann":                  "galleon:cannons=3,sailors=3,at=tavern",
		"misty.board.wind.box.rocky-seas": "10",
	})
	require.NoError(t, err)
	assert.Contains(t, texts(evs), "Ann's Galleon joins the fleet (bosun had not seen it: a ship bought or taken over at the table); ships afloat: Sloop, Galleon")
	assert.Equal(t, []string{"S", "G"}, got.player("Ann").Fleet)

	for _, tc := range []struct{ fleet, err string }{
		{"sloop,sloop", "names the Sloop twice"},
		{"sloop,caravel", "including galleon"},
		{"sloop,brig,galleon", "1 to 2 different ship types"},
		{"banana", "not accepted"},
	} {
		st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
		_, _, err := stepBattle(t, st, map[string]any{
			"misty.npc.pirate-1.targets":      "Ann",
			"misty.ship.Ann":                  "galleon:cannons=3,sailors=3,at=tavern",
			"misty.player.Ann.fleet":          tc.fleet,
			"misty.board.wind.box.rocky-seas": "10",
		})
		require.Error(t, err, tc.fleet)
		assert.True(t, referee.IsUsage(err))
		assert.Contains(t, err.Error(), tc.err, tc.fleet)
	}
	st = battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	got, evs, err = stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets":      "Ann",
		"misty.ship.Ann":                  "galleon:cannons=3,sailors=3,at=tavern",
		"misty.player.Ann.fleet":          "brig,galleon",
		"misty.board.wind.box.rocky-seas": "10",
	})
	require.NoError(t, err)
	assert.Contains(t, texts(evs), "Ann's fleet is now Brig, Galleon (bosun had Sloop, Brig)")
	assert.Equal(t, []string{"B", "G"}, got.player("Ann").Fleet)
}

// "When a player has a Player Ship defeated for the second time, remove
// their matching Skull-Rock ... There are no further benefits for
// additional defeats."
func TestThirdDefeatHasNoFurtherBenefits(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	st.Players[1].Defeats = 2
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets":            "Bob",
		"misty.ship.Bob":                        "brig:cannons=1,sailors=2",
		"misty.player.Bob.stop-card":            "no",
		"misty.battle.pirate-1.Bob.attack.roll": "6,1,1,1",
		"misty.board.wind.box.rocky-seas":       "10",
	})
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "your third defeated Player Ship: there are no further benefits for additional defeats")
	assert.NotContains(t, out, "Skull-Rock")
	assert.NotContains(t, out, "government sends")
	assert.Equal(t, []string{"S"}, got.player("Bob").Fleet)
	assert.Equal(t, 3, got.player("Bob").Defeats)
}

// 'Unite into the Fleet': "If the opponent player has less than 2 Player
// Ships on the map (e.g. in their fleet), they can take over control of the
// defeated Player Ship and its corresponding ship board." The engine judges
// the choice by bosun's fleets, and the ship changes fleets.
func TestBoardingUniteIntoTheFleetMovesTheShip(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"})
	st.Players[0].Fleet = []string{"B"}
	st.Players[1].Fleet = []string{"S", "C"}
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.player.Ann.attack":                         []string{"Bob-sloop", "none"},
		"misty.player.Ann.attack-type":                    "boarding",
		"misty.ship.Bob":                                  "sloop:cannons=1,sailors=1,captain",
		"misty.ship.Ann":                                  "brig:cannons=2,sailors=2",
		"misty.battle.Ann.Bob-sloop.clash1.attacker.roll": "6,6,6,6",
		"misty.battle.Ann.Bob-sloop.clash1.defender.roll": "1,1",
		"misty.player.Ann.boarding-choice":                "unite-fleet",
		"misty.board.wind.speed.5":                        "0",
		"misty.board.wind.box.sheath-the-swords":          "9",
		"misty.player.Ann.ports":                          "none",
	})
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "Bob's Sloop leaves the fleet (taken into Ann's fleet after a Boarding Battle); ships afloat: Caravel")
	assert.Contains(t, out, "Ann's Sloop joins the fleet (united into the fleet after a Boarding Battle); ships afloat: Brig, Sloop")
	assert.Equal(t, []string{"B", "S"}, got.player("Ann").Fleet)
	assert.Equal(t, []string{"C"}, got.player("Bob").Fleet)
}

// A target named NAME-TYPE must be described as that ship.
func TestNamedShipMustMatchItsSpec(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	_, _, err := stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets":      "Ann-brig",
		"misty.ship.Ann":                  "sloop:cannons=2,sailors=2",
		"misty.board.wind.box.rocky-seas": "10",
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "describes Ann's Sloop, but the target named is Ann's Brig")

	// One ship cannot be named twice in one target list: Ann-brig is
	// described first, and a spec of the Brig for Ann is refused in its own
	// question (exit 2 naming misty.ship.Ann; re-asked at a terminal).
	_, _, err = stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets":      "Ann,Ann-brig",
		"misty.ship.Ann":                  "brig:cannons=2,sailors=2",
		"misty.board.wind.box.rocky-seas": "10",
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `misty.ship.Ann="brig:cannons=2,sailors=2": Ann's Brig is already a target of pirate-1 (named Ann-brig)`)
	// A list naming a player more often than they may have ships is
	// refused in the list's own question.
	_, _, err = stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets": "Ann,Ann,Ann-sloop",
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "misty.npc.pirate-1.targets names Ann's ships 3 times, but a player has at most 2 Player Ships")
}

// Death Zone: "Players can pay 3 Experience Tokens to save their Player Ship
// for 1 Round"; otherwise the Flying Dutchman removes it and it leaves the
// fleet.
func TestDeathZoneTakesTheNamedShip(t *testing.T) {
	st := &State{Round: 11, Phase: PhaseNPC, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(),
		Queue: []string{"move:dutchman"}, NPCs: []NPC{{ID: "dutchman", Kind: KindDutchman, Appeared: 10}}}
	tb := newTable(t, st, map[string]any{
		"misty.npc.dutchman.next":        "sea",
		"misty.npc.dutchman.victims":     "Ann-sloop",
		"misty.player.Ann.dutchman-save": "no",
	})
	tb.step()
	assert.Contains(t, tb.text(), "Death Zone: Ann's Sloop is removed from the map (Lost)")
	assert.Equal(t, []string{"C"}, tb.state().player("Ann").Fleet)
	q, _ := tb.rec.question("misty.npc.dutchman.victims")
	assert.Contains(t, q.Options, "Bob-caravel")
}

// The four decisions after a Boarding Battle won over a Player Ship move
// the ship between fleets: 'Seize and Sink' ("After seizing, the Player
// Ship is Lost"), 'Swap Ships' ("take over control of the defeated Player
// Ship ... and cause their original Player Ship and corresponding ship
// board to be removed") and a 'Prize Ship' (ruling: apart from the fleet
// unless prize-ship=fleet).
func TestBoardingChoicesMoveShipsBetweenFleets(t *testing.T) {
	for _, tc := range []struct {
		choice   string
		prize    bool
		ann, bob []string
	}{
		{"seize-and-sink", false, []string{"B"}, []string{"C"}},
		{"swap-ships", false, []string{"S"}, []string{"C"}},
		{"prize-ship", false, []string{"B"}, []string{"C"}},
		{"prize-ship", true, []string{"B", "S"}, []string{"C"}},
	} {
		st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"})
		st.Players[0].Fleet = []string{"B"}
		st.Players[1].Fleet = []string{"S", "C"}
		st.Opt.PrizeFleet = tc.prize
		got, _, err := stepBattle(t, st, map[string]any{
			"misty.player.Ann.attack":                         []string{"Bob-sloop", "none"},
			"misty.player.Ann.attack-type":                    "boarding",
			"misty.ship.Bob":                                  "sloop:cannons=1,sailors=1,captain",
			"misty.ship.Ann":                                  "brig:cannons=2,sailors=2",
			"misty.battle.Ann.Bob-sloop.clash1.attacker.roll": "6,6,6,6",
			"misty.battle.Ann.Bob-sloop.clash1.defender.roll": "1,1",
			"misty.player.Ann.boarding-choice":                tc.choice,
			"misty.board.wind.speed.5":                        "0",
			"misty.board.wind.box.sheath-the-swords":          "9",
			"misty.player.Ann.ports":                          "none",
		})
		require.NoError(t, err, tc.choice)
		assert.Equal(t, tc.ann, got.player("Ann").Fleet, tc.choice)
		assert.Equal(t, tc.bob, got.player("Bob").Fleet, tc.choice)
	}
}
