package procedure

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// phase3At is Phase 3 with entered Weather Tiles at wind box.
func phase3At(box int) *State {
	st := &State{Round: 5, Phase: PhaseWeather, Wind: box, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts()}
	st.Weather.Entered, st.Weather.Started = true, true
	return st
}

var phase3Answers = map[string]any{
	"misty.weather.tile.move":                "1",
	"misty.weather.tile.effect":              "none",
	"misty.board.wind.speed.11":              "-2",
	"misty.board.wind.box.sheath-the-swords": "9",
	"misty.board.wind.box.sea-giveth":        "9",
	"misty.board.wind.box.hunker-down":       "12",
}

func answers(base map[string]any, extra map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// Wind Force Effects, Overboard: "If the Weather Marker is moved to a wind
// strength of 10 oB on the Wind Force, all Player Ships that are At Sea
// will immediately remove a Sailor or an Officer". The removal next to
// each box is a board value asked once: a bad answer is refused with the
// accepted format before it is remembered, a good one is remembered, and a
// bad value already in the tables names the row to correct.
func TestOverboardAnswerIsCheckedBeforeItIsRemembered(t *testing.T) {
	tb := newTable(t, phase3At(10), answers(phase3Answers, map[string]any{"misty.board.wind.overboard.11": "banana"}))
	err := tb.try()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `answer "banana" for misty.board.wind.overboard.11`)
	assert.Contains(t, err.Error(), "accepted: 0 (no removal), 'N crew' (Sailors or Officers), 'N cannons', or both as 'N crew, N cannons', N from 1 to 5")
	_, remembered := tb.env.Tables.Lookup("mwp-wind-force", "overboard.11")
	row, _ := tb.env.Tables.Lookup("mwp-wind-force", "overboard.11")
	assert.True(t, remembered)
	assert.False(t, row.Known(), "the refused answer is not remembered")
	q, ok := tb.rec.question("misty.board.wind.overboard.11")
	require.True(t, ok)
	assert.Equal(t, overboardAccepted, q.Accepts(), "the prompt names the format, not 'any text'")

	tb = newTable(t, phase3At(10), answers(phase3Answers, map[string]any{"misty.board.wind.overboard.11": "1 crew"}))
	tb.step()
	assert.Contains(t, tb.text(), "Overboard: each Player Ship At Sea removes 1 Sailor/Officer now")
	row, _ = tb.env.Tables.Lookup("mwp-wind-force", "overboard.11")
	assert.Equal(t, "1 crew", row.Value)

	// A bad value an older bosun remembered is reported with its row.
	tb = newTable(t, phase3At(10), phase3Answers)
	require.NoError(t, tb.env.Tables.Remember("mwp-wind-force", "overboard.11", "banana", "test"))
	err = tb.try()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `table mwp-wind-force, row overboard.11 holds "banana"`)
	assert.Contains(t, err.Error(), "tables.yaml")
	assert.Contains(t, err.Error(), "misty.board.wind.overboard.11")
}

// Every board value asked once says what it accepts and is checked.
func TestBoardValuesNameTheirFormat(t *testing.T) {
	tb := newTable(t, phase3At(10), answers(phase3Answers, map[string]any{"misty.board.wind.overboard.11": "0"}))
	tb.step()
	for _, key := range []string{"misty.board.wind.speed.11", "misty.board.wind.box.sea-giveth", "misty.board.wind.overboard.11"} {
		q, ok := tb.rec.question(key)
		require.True(t, ok, key)
		assert.NotEqual(t, "any text", q.Accepts(), key)
	}
	q, _ := tb.rec.question("misty.board.wind.speed.11")
	assert.Equal(t, "a whole number from -3 to 3", q.Accepts())

	tb = newTable(t, phase3At(10), answers(phase3Answers, map[string]any{"misty.board.wind.overboard.11": "0"}))
	require.NoError(t, tb.env.Tables.Remember("mwp-wind-force", "speed.11", "-7", "test"))
	err := tb.try()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `row speed.11 holds "-7", which is not accepted (not from -3 to 3)`)
}

// Errata, Page 22 (Event Cards): "If placing the Pirate Ship would cause
// the total number of them on the board to exceed the number of players,
// shuffle the card back into the deck and draw another Action Card." The
// redrawn card cannot be 'Another Pirate Ship!' (it would be shuffled back
// again), so an answers file that repeats it is refused at once with the
// key, the accepted cards and the errata's reason, never "after 30 draws".
func TestAnotherPirateShipAtTheCapIsRedrawn(t *testing.T) {
	newState := func() *State {
		return &State{Round: 4, Phase: PhaseWheel, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob", "Cy"), Opt: baseOpts(),
			NPCs: pirates("pirate-1", "pirate-2", "pirate-3", "pirate-4"), NextPirate: 5}
	}
	tb := newTable(t, newState(), map[string]any{"misty.event.card": "another-pirate-ship"})
	err := tb.try()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	msg := err.Error()
	assert.Contains(t, msg, `answer "another-pirate-ship" for misty.event.card`)
	assert.Contains(t, msg, "'Another Pirate Ship!' cannot be placed: 4 Pirate Ships are on the board and the errata allows no more than the number of players (3)")
	assert.Contains(t, msg, "accepted: one of: terror-from-the-deep, fog, other")
	assert.NotContains(t, msg, "30 draws")

	tb = newTable(t, newState(), map[string]any{"misty.event.card": []string{"another-pirate-ship", "fog"}})
	tb.step()
	got := tb.state()
	assert.Contains(t, tb.text(), "shuffle the card back into the deck and draw another")
	assert.Equal(t, "fog", got.Event.Name)
	assert.Equal(t, 4, got.count(KindPirate))

	// Below the cap the card places a Pirate Ship.
	st := newState()
	st.NPCs = pirates("pirate-1", "pirate-2")
	tb = newTable(t, st, map[string]any{
		"misty.event.card":                 "another-pirate-ship",
		"misty.event.pirate.space":         "N",
		"misty.board.blackship.N.occupied": "no",
		"misty.board.wind.speed.5":         "0",
		"misty.board.wind.box.rocky-seas":  "10",
		"misty.npc.pirate-5.contact":       "yes",
	}, 0)
	tb.step()
	assert.NotNil(t, tb.state().npc("pirate-5"))
}

// Player Attacks: "A player may attack with each of their Player Ships or
// Forts that are in an Adjacent Space to an opponent's Player Ship, Pirate
// Ship, other NPC Ship, opponent's Fort, Sea Monster, or Battery of
// Cannons." Forts are built "on a Captured Island if their Nation Flag is
// on it", so in Round I nobody's Fort is offered and the attack-with
// question is not asked; an opponent who has played their turn this Round
// may have Captured and built one, so theirs is offered afterwards.
func TestAttackChoicesOfferOnlyWhatCanExist(t *testing.T) {
	st := &State{Round: 1, Phase: PhaseTurns, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob", "Cy"), Opt: baseOpts(),
		NPCs: pirates("pirate-1")}
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":  "0",
		"misty.player.Ann.attack":   "none",
		"misty.player.Bob.attack":   "none",
		"misty.player.Ann.ports":    "none",
		"misty.player.Bob.ports":    "none",
		"misty.player.Ann.treasure": "none",
		"misty.player.Bob.treasure": "none",
	})
	tb.step() // Ann
	q, ok := tb.rec.question("misty.player.Ann.attack")
	require.True(t, ok)
	assert.Equal(t, []string{"none", "pirate-1", "Bob", "Bob-sloop", "Bob-caravel", "Cy", "Cy-sloop", "Cy-caravel"}, q.Options)
	tb.step() // Bob
	q, _ = tb.rec.question("misty.player.Bob.attack")
	assert.Contains(t, q.Options, "Ann-fort")
	assert.NotContains(t, q.Options, "Cy-fort")

	// A player with a Captured Island may have a Fort: it is offered, and
	// the attack-with question is asked for a target a Fort can fire on.
	st = &State{Round: 3, Phase: PhaseTurns, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(), NPCs: pirates("pirate-1")}
	st.Players[0].Captured, st.Players[1].Captured = 1, 1
	tb = newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":               "0",
		"misty.player.Ann.attack":                []string{"pirate-1", "none"},
		"misty.player.Ann.attack-with":           "fort",
		"misty.fort.Ann":                         "fort",
		"misty.battle.Ann.pirate-1.attack.roll":  "1,1,1,1",
		"misty.battle.Ann.pirate-1.counter.roll": "1,1,1,1",
		"misty.player.Ann.ports":                 "none",
		"misty.player.Ann.treasure":              "none",
	})
	tb.step()
	q, _ = tb.rec.question("misty.player.Ann.attack")
	assert.Contains(t, q.Options, "Bob-fort")
	assert.GreaterOrEqual(t, tb.rec.index("misty.player.Ann.attack-with"), 0)
}

// "An attack is not mandatory, and each Player Ship and Fort may only
// choose to attack once per Phase 5 (Player's Turn Phase)."
func TestEachShipAttacksOncePerTurn(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"}, NPC{ID: "pirate-1", Kind: KindPirate}, NPC{ID: "pirate-2", Kind: KindPirate})
	_, _, err := stepBattle(t, st, map[string]any{
		"misty.player.Ann.attack":                []string{"pirate-1", "pirate-2"},
		"misty.ship.Ann":                         "brig:cannons=2,sailors=2",
		"misty.battle.Ann.pirate-1.attack.roll":  "1,1",
		"misty.battle.Ann.pirate-1.counter.roll": "1,1,1,1",
		"misty.board.wind.speed.5":               "0",
		"misty.board.wind.box.sheath-the-swords": "9",
	})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Ann's Brig already attacked pirate-1 this turn: each Player Ship and Fort may only choose to attack once per Phase 5")
}

// Thar She Blows asks each player with a ship how many are At Sea, up to
// the fleet size ("A player can only have at most 2 Player Ships"); a
// player with no ship on the map is not asked.
func TestTharSheBlowsAsksOnlyPlayersWithShips(t *testing.T) {
	st := phase3At(5)
	st.Players[1].Fleet = nil
	tb := newTable(t, st, map[string]any{
		"misty.weather.tile.move":                "0",
		"misty.weather.tile.effect":              "thar-she-blows",
		"misty.board.wind.speed.5":               "0",
		"misty.board.wind.box.sheath-the-swords": "9",
		"misty.board.wind.box.sea-giveth":        "9",
		"misty.board.wind.box.hunker-down":       "12",
		"misty.board.wind.overboard.5":           "0",
		"misty.player.Ann.at-sea":                "0",
	})
	tb.step()
	q, ok := tb.rec.question("misty.player.Ann.at-sea")
	require.True(t, ok)
	assert.Equal(t, 2, q.Max)
	assert.Equal(t, -1, tb.rec.index("misty.player.Bob.at-sea"))
}
