package procedure

import (
	"strings"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// battleState is a small game in Phase 2 (or 5) with the NPCs given.
func battleState(phase int, wind int, queue []string, npcs ...NPC) *State {
	return &State{Round: 4, Phase: phase, Wind: wind, Queue: queue, NPCs: npcs, Treasure: TreasureGalleass,
		Players: []PlayerState{{Name: "Ann", Fleet: []string{"S", "B"}}, {Name: "Bob", Fleet: []string{"S", "B"}}},
		Opt:     Options{Advanced: map[string]bool{}, Variants: map[string]bool{}, Components: map[string]bool{}}}
}

// stepBattle runs one Next step of st with the answers (a list is a
// queue) and virtual dice from seq (0-based faces).
func stepBattle(t *testing.T, st *State, answers map[string]any, seq ...int) (*State, []referee.Event, error) {
	t.Helper()
	set, err := tables.New("", nil)
	require.NoError(t, err)
	p := referee.NewScripted()
	for k, v := range answers {
		switch x := v.(type) {
		case []string:
			for _, it := range x {
				p.Set(k, it, "test")
			}
		default:
			p.Set(k, v.(string), "test")
		}
	}
	d := checkDeclared(t, p)
	env := &referee.Env{Prompt: d, Tables: set, Dice: referee.WithRNG(&referee.Fixed{Seq: seq}, d)}
	s := &referee.Session{Name: "t", Game: GameID, Players: []referee.Player{{Name: "Ann"}, {Name: "Bob"}}}
	require.NoError(t, s.SaveState(st))
	evs, err := next(t, &Game{}, s, env)
	if err != nil {
		return nil, nil, err
	}
	return stateOf(t, s), evs, nil
}

func texts(evs []referee.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// "Pirate Ships will not attack Player Ships stopped at a Tavern, the Docks
// protected by a Fort (even foreign), or a Base." With one target left no
// die is rolled; the Pirate's fire defeats Bob's ship, his first: "When a
// player has a Player Ship defeated for the first time, their nation's
// government will send a support of 5 Silver Coins." An NPC victor gets nothing.
func TestPirateAttackSkipsProtectedShipAndDefeatsTheOther(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets":            "Ann,Bob",
		"misty.ship.Ann":                        "brig:cannons=2,sailors=2,at=tavern",
		"misty.ship.Bob":                        "sloop:cannons=2,sailors=2,gunner",
		"misty.player.Bob.stop-card":            "no",
		"misty.battle.pirate-1.Bob.attack.roll": "6,6,1,2",
	})
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "pirate-1 does not attack Ann's Brig: a Player Ship at a Tavern cannot be attacked")
	assert.Contains(t, out, "pirate-1 fires on Bob by Broadside Battle with 4 Cannons")
	assert.Contains(t, out, "Bob: remove 2 Cannons, 1 Sailor from Bob's Sloop's board")
	assert.Contains(t, out, "your first defeated Player Ship: your government sends 5 Silver Coins")
	assert.Contains(t, out, "receives nothing")
	assert.NotContains(t, out, "the die picks")
	assert.Equal(t, 1, got.player("Bob").Defeats)
	assert.Equal(t, 0, got.npc("pirate-1").Damage)
}

// "If an NPC has multiple targets, the player with the Priority Token rolls a
// regular dice to randomly determine which target is attacked." And "players
// can still play certain Action Cards that will stop an NPC attack".
func TestNPCTargetDieAndStopCard(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	_, evs, err := stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets": "Ann,Bob",
		"misty.ship.Ann":             "brig:cannons=2,sailors=2",
		"misty.ship.Bob":             "brig:cannons=2,sailors=2",
		"misty.player.Bob.stop-card": "yes",
	}, 4) // die 5 of 2 targets: faces 4-6 name the second (Bob)
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "pirate-1 has 2 targets (Ann, Bob): the die picks Bob")
	assert.Contains(t, out, "Bob plays an Action Card that stops the attack of pirate-1")
	assert.NotContains(t, out, "fires on")
}

// "An attacked Pirate Ship or other NPC Ship, gain a Damage Marker" and "NPC
// attacks follow the Broadside Battle steps, even Sea Monsters without
// Cannons, and therefore they risk being counterattacked." The Pirate's
// counterattack, now damaged with 3 Cannons (other players roll the maximum
// dice for an NPC), defeats
// the Kraken; "An NPC that defeats an opponent does not receive" rewards.
func TestSeaMonsterAttacksPirateAndIsCounterattacked(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:monsters"},
		NPC{ID: "pirate-1", Kind: KindPirate}, NPC{ID: "kraken", Kind: KindMonster, Monster: "kraken", Range: 3})
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.npc.kraken.targets":                  "pirate-1",
		"misty.battle.kraken.pirate-1.counter.roll": "2,3,6",
	})
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "pirate-1 takes a Damage Marker")
	assert.Contains(t, out, "kraken is defeated: remove it from the map")
	assert.Equal(t, 1, got.npc("pirate-1").Damage)
	assert.Nil(t, got.npc("kraken"))

	// A damaged Pirate Ship falls to the bite: defeated, no counterattack.
	st = battleState(PhaseNPC, 5, []string{"attack:monsters"},
		NPC{ID: "pirate-1", Kind: KindPirate, Damage: 1}, NPC{ID: "kraken", Kind: KindMonster, Monster: "kraken", Range: 3})
	got, evs, err = stepBattle(t, st, map[string]any{"misty.npc.kraken.targets": "pirate-1"})
	require.NoError(t, err)
	assert.Contains(t, texts(evs), "pirate-1 is defeated: remove it from the map")
	assert.Nil(t, got.npc("pirate-1"))
	assert.NotNil(t, got.npc("kraken"))
}

// "A Sea Monster will not attack Forts, Player Ships stopped at any non-At Sea
// space (e.g. Port, Shoal, Desert Island, Atoll, or Red Water Lagoon)".
func TestSeaMonsterSkipsShipInPort(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:monsters"}, NPC{ID: "megalodon", Kind: KindMonster, Monster: "megalodon", Range: 2})
	_, evs, err := stepBattle(t, st, map[string]any{
		"misty.npc.megalodon.targets": "Ann",
		"misty.ship.Ann":              "brig:cannons=2,sailors=2,at=anchorage",
	})
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "megalodon does not attack Ann's Brig: a Sea Monster cannot attack a Player Ship stopped at a non-At Sea space")
	assert.Contains(t, out, "megalodon has no target it may attack")
}

// Step 5: "Any Wind Force effects that do not allow ships to Broadside Battle
// are ignored, in the Red Water Lagoon." At 10 oB (Rocky Seas) the Battery
// fires and Ann's ship in the lagoon fires back; "If a Battery of Cannons
// ever receives any damage during a Broadside Battle, they are immediately
// defeated ... The opponent player receives 1 Experience Token."
func TestBatteryFiresInRockySeasAndFallsToTheCounterattack(t *testing.T) {
	st := battleState(PhaseNPC, 10, []string{"attack:batteries"}, NPC{ID: "battery-1", Kind: KindBattery})
	st.Players[0].Fleet = []string{"S", "G"}
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.npc.battery-1.targets":             "Ann",
		"misty.ship.Ann":                          "galleon:cannons=3,sailors=2,at=lagoon",
		"misty.player.Ann.stop-card":              "no",
		"misty.battle.battery-1.Ann.attack.roll":  "1,4",
		"misty.battle.battery-1.Ann.counter.roll": "5,6,2",
	})
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "Ann: remove 1 Sailor from Ann's Galleon's board")
	assert.Contains(t, out, "battery-1 is defeated: remove it from the map")
	assert.Contains(t, out, "Ann receives 1 Experience Token (defeating a Battery of Cannons)")
	assert.Nil(t, got.npc("battery-1"))
}

// Pirate Ships "will not attack any target if the effects of the Wind Force
// do not allow ships to Broadside Battle".
func TestPiratesHoldFireInRockySeas(t *testing.T) {
	st := battleState(PhaseNPC, 10, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	_, evs, err := stepBattle(t, st, nil)
	require.NoError(t, err)
	assert.Contains(t, texts(evs), "Pirate Ships do not attack: Rocky Seas")
}

// "If defeated during a Boarding Battle by a Player Ship, place the
// Conquistadors' Treasure token in their Cargo Hold. ... The opponent player
// receives 1 Experience Token."
func TestBoardingTheGalleassSeizesTheTreasure(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"}, NPC{ID: "galleass", Kind: KindGalleass, Sailors: 2, Treasure: true})
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.player.Ann.attack":                        []string{"galleass", "none"},
		"misty.player.Ann.attack-with":                   "ship",
		"misty.player.Ann.attack-type":                   "boarding",
		"misty.ship.Ann":                                 "brig:cannons=3,sailors=3",
		"misty.battle.Ann.galleass.clash1.attacker.roll": "6,6,5,5",
		"misty.battle.Ann.galleass.clash1.defender.roll": "1,2",
		"misty.board.wind.speed.5":                       "0",
		"misty.board.wind.box.sheath-the-swords":         "9",
		"misty.player.Ann.ports":                         "none",
		"misty.player.Ann.captured":                      "0",
		"misty.player.Ann.treasure":                      "kept",
	})
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "galleass is defeated: remove it from the map")
	assert.Contains(t, out, "Ann places the Conquistadors' Treasure in the Cargo Hold")
	assert.Contains(t, out, "Ann receives 1 Experience Token")
	assert.Equal(t, "player:Ann", got.Treasure)
	assert.False(t, got.EndAfter)

	// By Broadside the Galleass "sinks too fast ... This will trigger end game
	// at the end of the Round."
	st = battleState(PhaseTurns, 5, []string{"Ann", "Bob"}, NPC{ID: "galleass", Kind: KindGalleass, Sailors: 1, Treasure: true})
	got, evs, err = stepBattle(t, st, map[string]any{
		"misty.player.Ann.attack":                []string{"galleass", "none"},
		"misty.player.Ann.attack-with":           "ship",
		"misty.player.Ann.attack-type":           "broadside",
		"misty.ship.Ann":                         "brig:cannons=2,sailors=3",
		"misty.battle.Ann.galleass.attack.roll":  "1,6",
		"misty.board.wind.speed.5":               "0",
		"misty.board.wind.box.sheath-the-swords": "9",
		"misty.player.Ann.ports":                 "none",
		"misty.player.Ann.captured":              "0",
	})
	require.NoError(t, err)
	out = texts(evs)
	assert.Contains(t, out, "Ann receives 5 Silver Coins, 2 Experience Tokens")
	assert.Contains(t, out, "the game ends at the end of this Round")
	assert.Equal(t, TreasureRemoved, got.Treasure)
	assert.True(t, got.EndAfter)
}

// annBoardsBob: Ann's Brig boards Bob's Sloop (one Sailor and his
// Captain) and wins the one clash, 6,6,6,6 against 1,1, then seizes and
// sinks it.
func annBoardsBob() map[string]any {
	return map[string]any{
		"misty.player.Ann.attack":                   []string{"Bob", "none"},
		"misty.player.Ann.attack-with":              "ship",
		"misty.player.Ann.attack-type":              "boarding",
		"misty.ship.Bob":                            "sloop:cannons=1,sailors=1,captain",
		"misty.ship.Ann":                            "brig:cannons=2,sailors=2",
		"misty.battle.Ann.Bob.clash1.attacker.roll": "6,6,6,6",
		"misty.battle.Ann.Bob.clash1.defender.roll": "1,1",
		"misty.player.Ann.boarding-choice":          "seize-and-sink",
		"misty.board.wind.speed.5":                  "0",
		"misty.board.wind.box.sheath-the-swords":    "9",
		"misty.player.Ann.ports":                    "none",
		"misty.player.Ann.captured":                 "0",
	}
}

// Player against player: "the opponent player chooses 1 of 4 decisions as to
// what to do with the defeated Player Ship", and "When a player has a Player
// Ship defeated for the second time, remove their matching Skull-Rock".
func TestPlayerBoardsPlayerSecondDefeat(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"})
	st.Players[1].Defeats = 1
	got, evs, err := stepBattle(t, st, annBoardsBob())
	require.NoError(t, err)
	out := texts(evs)
	assert.Contains(t, out, "all its Officers are removed")
	assert.Contains(t, out, "your second defeated Player Ship: remove your Skull-Rock")
	assert.Contains(t, out, "Ann chooses seize-and-sink")
	assert.Equal(t, 2, got.player("Bob").Defeats)
}

// A declared attack the rules forbid is refused with the rule (exit 2):
// Rocky Seas, "all Player Ships that are At Sea will not be able to perform
// Broadside Battles", and a Pirate Ship cannot be boarded without the
// Advanced Rule.
func TestPlayerAttackRefusedByTheRules(t *testing.T) {
	st := battleState(PhaseTurns, 10, []string{"Ann", "Bob"}, NPC{ID: "pirate-1", Kind: KindPirate})
	_, _, err := stepBattle(t, st, map[string]any{
		"misty.player.Ann.attack":      "pirate-1",
		"misty.player.Ann.attack-with": "ship",
		"misty.ship.Ann":               "brig:cannons=2,sailors=2",
		"misty.board.wind.speed.10":    "-1",
	})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Rocky Seas")

	// A Fort is land-based: Rocky Seas does not stop it (Ann controls a
	// Captured Island, where "Build Forts ... on a Captured Island").
	st = battleState(PhaseTurns, 10, []string{"Ann", "Bob"}, NPC{ID: "pirate-1", Kind: KindPirate})
	st.Players[0].Captured = 1
	got, evs, err := stepBattle(t, st, map[string]any{
		"misty.player.Ann.attack":               []string{"pirate-1", "none"},
		"misty.player.Ann.attack-with":          "fort",
		"misty.fort.Ann":                        "fort",
		"misty.battle.Ann.pirate-1.attack.roll": "6,2,3,4",
		"misty.board.wind.speed.10":             "-1",
		"misty.player.Ann.ports":                "none",
		"misty.player.Ann.captured":             "0",
	})
	require.NoError(t, err)
	assert.Contains(t, texts(evs), "pirate-1 takes a Damage Marker")
	assert.Equal(t, 1, got.npc("pirate-1").Damage)
}

func TestKeyedRollerPrefixesEngineKeys(t *testing.T) {
	var keys []string
	k := KeyedRoller{Prefix: "misty.battle.pirate-1.Ann", R: rollerFunc(func(key string, n int) ([]int, error) {
		keys = append(keys, key)
		return make([]int, n), nil
	})}
	_, _ = k.Roll("misty.broadside.counter.ricochet", 1)
	_, _ = k.Roll("misty.boarding.clash2.tie.defender.roll", 2)
	assert.Equal(t, []string{"misty.battle.pirate-1.Ann.counter.ricochet", "misty.battle.pirate-1.Ann.clash2.tie.defender.roll"}, keys)
	var _ mw.Roller = k
}

type rollerFunc func(string, int) ([]int, error)

func (f rollerFunc) Roll(k string, n int) ([]int, error) { return f(k, n) }

// Simplified Variant: "Recruiting: First-Class Officers are not used." A
// ship described with one is refused (exit 2) naming the rule.
func TestSimplifiedVariantRefusesFirstClassOfficers(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	st.Opt.Variants["simplified"] = true
	_, _, err := stepBattle(t, st, map[string]any{
		"misty.npc.pirate-1.targets": "Ann",
		"misty.ship.Ann":             "brig:cannons=2,sailors=2,gunner=fc",
	})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "First-Class Officers are not used in the Simplified Variant")
}

// Harvest Rounds: "Each island is limited to 1 token of each type of
// infrastructure and also each type of infrastructure is limited to 3 tokens
// for the entire map": with 1 Captured Island a player has at most 1 Mine.
func TestHarvestMinesAtMostOnePerCapturedIsland(t *testing.T) {
	st := battleState(PhaseWheel, 5, nil)
	st.Round = 6
	st.Players[0].Captured = 1
	_, _, err := stepBattle(t, st, map[string]any{
		"misty.harvest.Ann.mines": "2",
	})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `Ann has 1 Captured Island and "Each island is limited to 1 token of each type of infrastructure": at most 1 Mine (accepted: 0-1)`)
}

// A Player Ship's loss cites the rule that dealt it: the duels of a
// Boarding Battle ("remove 1 Sailor for each dice removed") and the Lost
// Player Ship from Boarding Battle section, the Sea Adventure Card of a
// Sea Monster (it rolls no dice); never the Broadside dice rule (the
// report cited misty-waters/broadside-battle-dice-result for both).
func TestPlayerShipLossCitesTheRuleThatDealtIt(t *testing.T) {
	broadside := []string{mw.CiteDiceResult, mw.CiteLostBroadside, mw.CiteBroadside, mw.CiteBroadsideRerolls}
	after := func(evs []referee.Event, first string) []referee.Event {
		for i, e := range evs {
			if strings.Contains(e.Text, first) {
				return evs[i:]
			}
		}
		t.Fatalf("no event %q in\n%s", first, texts(evs))
		return nil
	}
	cited := func(evs []referee.Event, text string) []string {
		for _, e := range evs {
			if strings.Contains(e.Text, text) {
				return e.Cites
			}
		}
		t.Fatalf("no event %q in\n%s", text, texts(evs))
		return nil
	}

	// Ann boards Bob: Bob loses a duel (a Sailor), then his Sloop.
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"})
	_, evs, err := stepBattle(t, st, annBoardsBob())
	require.NoError(t, err)
	battle := after(evs, "by Boarding Battle")
	assert.Contains(t, cited(battle, "Bob: remove"), mw.CiteDuelResults)
	assert.Contains(t, cited(battle, "all its Officers are removed"), mw.CiteLostBoarding)
	for _, e := range battle {
		for _, c := range broadside {
			assert.NotContains(t, e.Cites, c, "a Boarding Battle's event cites a Broadside rule: %s", e.Text)
		}
	}

	// The Kraken bites Ann's Brig at sea: its card deals the loss.
	st = battleState(PhaseNPC, 5, []string{"attack:monsters"}, NPC{ID: "kraken", Kind: KindMonster, Monster: "kraken", Range: 3})
	_, evs, err = stepBattle(t, st, map[string]any{
		"misty.npc.kraken.targets":             "Ann",
		"misty.ship.Ann":                       "brig:cannons=3,sailors=3",
		"misty.battle.kraken.Ann.counter.roll": "2,3",
		"misty.player.Ann.stop-card":           "no",
	})
	require.NoError(t, err)
	got := cited(after(evs, "kraken attacks"), "Ann: remove")
	assert.Contains(t, got, mw.CiteMonsterAttack)
	assert.NotContains(t, got, mw.CiteDiceResult)
}
