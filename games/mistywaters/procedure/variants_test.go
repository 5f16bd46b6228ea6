package procedure

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// newSetup starts a session with answers given by key.
func newSetup(t *testing.T, players []referee.Player, opts map[string]string, answers map[string]string) (*referee.Session, error) {
	t.Helper()
	set, err := tables.New("", nil)
	require.NoError(t, err)
	p := referee.NewScripted()
	for k, v := range answers {
		p.Set(k, v, "set")
	}
	return chaosTable.NewSession(t, &Game{}, "t", players, opts, 1, referee.Virtual, &referee.Env{Prompt: checkDeclared(t, p), Tables: set})
}

func logText(s *referee.Session) string {
	var b strings.Builder
	for _, e := range s.Log {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

var fourColours = []referee.Player{{Name: "Ann", Side: "red"}, {Name: "Bob", Side: "blue"}, {Name: "Cy", Side: "white"}, {Name: "Dan", Side: "orange"}}

// misty-waters/setup-and-gameplay: "Teammates share 1 Treasury between them which starts with 8 Silver
// Coins total (instead of 8 per player). Experience Tokens are not placed in
// the Treasury and is instead collected in separate pools for each player."
func TestTeamModeTreasuryIsShared(t *testing.T) {
	s, err := newSetup(t, fourColours, map[string]string{"variants": "team", "bases": "Ann:NE,Bob:NW,Cy:SW,Dan:SE"}, nil)
	require.NoError(t, err)
	log := logText(s)
	assert.Contains(t, log, "each team shares one Treasury with 8 Silver Coins")
	assert.NotContains(t, log, "Each player: a Treasury", "no per-player Treasury in Team Mode")
	assert.Contains(t, log, "Each player: ships S + C at their Base")
	// Outside Team Mode each player has a Treasury (misty-waters/step-6-player-components).
	s, err = newSetup(t, fourColours[:2], map[string]string{"bases": "Ann:NE,Bob:SW"}, nil)
	require.NoError(t, err)
	assert.Contains(t, logText(s), "Each player: a Treasury with 2 Experience Tokens and 8 Silver Coins")
}

// misty-waters/victory-2-island-conquest: "Exception: Victory cannot be obtained this way in 'Solo Mode' or
// 'Cooperative Mode'."
func TestSoloHasNoIslandConquest(t *testing.T) {
	s, err := newSetup(t, fourColours[:1], map[string]string{"bases": "Ann:W"}, nil)
	require.NoError(t, err)
	st := stateOf(t, s)
	assert.Equal(t, 0, st.conquestNeed())
	log := logText(s)
	assert.Contains(t, log, "Island Conquest does not apply (Solo Mode)")
	assert.NotContains(t, log, "needs 3 Captured Islands")
	view, err := (&Game{}).Status(s, nil)
	require.NoError(t, err)
	text := view.(Status).Text()
	assert.Contains(t, text, "no Island Conquest in Solo Mode")
	assert.NotContains(t, text, "streak")

	ps := players("Ann")
	tb := newTable(t, &State{Round: 3, Phase: PhaseReset, Wind: 5, Players: ps, Opt: baseOpts()}, map[string]any{
		"misty.player.Ann.captured": "3",
	})
	tb.step()
	var got []string
	for _, e := range tb.s.Log {
		if e.Type == "endgame" {
			got = append(got, e.Text)
		}
	}
	assert.Contains(t, got, "Step 2: end-game check: no Island Conquest in Solo Mode")
	for _, g := range got {
		assert.NotContains(t, g, "Island Conquest needs")
	}
}

// misty-waters/team-mode: "'Team Mode' can be combined with any number of 'Advanced
// Rules' ... Exception: 'Advanced Rules' can be used, but not Priority Token
// Negotiation."
func TestTeamModeAdvancedAllLeavesOutNegotiation(t *testing.T) {
	s, err := newSetup(t, fourColours, map[string]string{"variants": "team", "advanced": "all", "bases": "Ann:NE,Bob:NW,Cy:SW,Dan:SE"}, nil)
	require.NoError(t, err)
	st := stateOf(t, s)
	assert.False(t, st.Opt.Advanced["priority-negotiation"])
	for _, a := range advancedNames {
		if a != "priority-negotiation" {
			assert.True(t, st.Opt.Advanced[a], a)
		}
	}
	assert.Contains(t, logText(s), "advanced=all in Team Mode: every Advanced Rule but priority-negotiation")
	_, err = newSetup(t, fourColours, map[string]string{"variants": "team", "advanced": "temple,priority-negotiation"}, nil)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "not available in Team Mode")
	// Outside Team Mode advanced=all keeps it.
	s, err = newSetup(t, fourColours[:2], map[string]string{"advanced": "all", "bases": "Ann:NE,Bob:SW"}, nil)
	require.NoError(t, err)
	assert.True(t, stateOf(t, s).Opt.Advanced["priority-negotiation"])
}

// misty-waters/player-items: "24 cardboard Nation Flags, 1 set for each nation"; misty-waters/ships-miniatures-and-ship-boards, misty-waters/ship-types:
// the nations' colours are red, orange, blue and white; misty-waters/step-2-nations-and-bases: each player
// selects a Nation Flag.
func TestNationFlagColours(t *testing.T) {
	for _, bad := range [][]referee.Player{
		{{Name: "Ann", Side: "red"}, {Name: "Bob", Side: "red"}},
		{{Name: "Ann", Side: "purple"}, {Name: "Bob", Side: "blue"}},
		{{Name: "Ann", Side: "☃"}, {Name: "Bob", Side: "blue"}},
	} {
		_, err := newSetup(t, bad, map[string]string{"bases": "Ann:NE,Bob:SW"}, nil)
		require.Error(t, err, "%v", bad)
		assert.True(t, referee.IsUsage(err), "%v", bad)
		assert.Contains(t, err.Error(), "accepted: ")
	}
	s, err := newSetup(t, []referee.Player{{Name: "Ann", Side: "Red"}, {Name: "Bob", Side: "blue"}}, map[string]string{"bases": "Ann:NE,Bob:SW"}, nil)
	require.NoError(t, err)
	assert.Equal(t, "red", stateOf(t, s).player("Ann").Colour)

	// Asked at the table: a typo or a taken colour is refused by the
	// question's Check, so a terminal asks again.
	noSide := []referee.Player{{Name: "Ann"}, {Name: "Bob", Side: "blue"}}
	_, err = newSetup(t, noSide, map[string]string{"bases": "Ann:NE,Bob:SW"}, map[string]string{"misty.setup.flag.Ann": "blue"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "already Bob's")
	s, err = newSetup(t, noSide, map[string]string{"bases": "Ann:NE,Bob:SW"}, map[string]string{"misty.setup.flag.Ann": "White"})
	require.NoError(t, err)
	assert.Equal(t, "white", stateOf(t, s).player("Ann").Colour)
}

// misty-waters/red-water-lagoon: "The Red Water Lagoon is not considered At Sea": the tracked Galleass
// in the lagoon (or by the 'X') is a lagoon unit in battle, not At Sea.
func TestGalleassInLagoonIsNotAtSea(t *testing.T) {
	r := &step{st: &State{}}
	in := r.npcSide(&NPC{ID: "galleass", Kind: KindGalleass, Sailors: 10, Lagoon: true})
	assert.False(t, in.Unit.AtSeaNow())
	out := r.npcSide(&NPC{ID: "galleass", Kind: KindGalleass, Sailors: 10})
	assert.True(t, out.Unit.AtSeaNow())
}

// misty-waters/overboard: "Overboard: Each Player Ship At Sea immediately removes the number
// of Sailors/Officers or Cannons written next to the current Wind Force
// box." misty-waters/defeated-player-ships: "When the last Cannon is removed from a Player Ship's
// ship board, the Player Ship is defeated ... first time ... 5 Silver
// Coins ... second time, remove their matching Skull-Rock ... if a player
// ever removes their last Player Ship ... donating a new Sloop (S)."
func TestOverboardLastCannonDefeatsTheShip(t *testing.T) {
	ps := players("Ann", "Bob")
	ps[1].Fleet = []string{"S"}
	ps[1].Defeats = 1
	st := &State{Round: 3, Phase: PhaseWeather, Wind: 5, Treasure: TreasureX, Players: ps, Opt: baseOpts(), NPCs: []NPC{}}
	st.Weather.Middle = &Tile{Move: 6}
	st.Weather.Top = &Tile{Move: 1}
	st.Weather.Deck = []Tile{{Move: -1}}
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.11":              "-2",
		"misty.board.wind.overboard.11":          "1 cannons",
		"misty.board.wind.box.sea-giveth":        "9",
		"misty.board.wind.box.sheath-the-swords": "9",
		"misty.board.wind.box.hunker-down":       "12",
		"misty.weather.overboard-defeated":       "Ann-sloop,Bob",
	})
	tb.step()
	got := tb.state()
	assert.Equal(t, 11, got.Wind)
	assert.Equal(t, []string{"C"}, got.player("Ann").Fleet, "the Sloop is Lost")
	assert.Equal(t, 1, got.player("Ann").Defeats)
	assert.Empty(t, got.player("Bob").Fleet, "Bob's only ship is Lost")
	assert.Equal(t, 2, got.player("Bob").Defeats)
	text := tb.text()
	assert.Contains(t, text, "Ann: Ann's Sloop is Lost: remove the ship, its ship board and whatever is left aboard; your first defeated Player Ship: your government sends 5 Silver Coins")
	assert.Contains(t, text, "Bob: Bob's Sloop is Lost: remove the ship, its ship board and whatever is left aboard; your second defeated Player Ship: remove your Skull-Rock")
	assert.Contains(t, text, "Bob has no Player Ship left")
	assert.Contains(t, text, "your government donates a Sloop")
}

// misty-waters/death-zone: the Death Zone "also applies when other ships or Sea Monsters are
// moving on their turns. They are immediately removed if they start, move
// through, or stop on an Adjacent Space to the Flying Dutchman*." A Player
// Ship moving next to it in Phase 5 is removed, with the defeat's
// consequences (default) or only Lost (dutchman-loss=lost). The question
// is asked for each ship's move (misty-waters/step-1-player-ship-movement "players complete movement with each
// Player Ship separately"): the Sloop's is answered no, the Caravel's yes.
func TestDutchmanTakesAShipInPhase5(t *testing.T) {
	for _, lostOnly := range []bool{false, true} {
		ps := players("Ann", "Bob")
		opt := baseOpts()
		opt.DutchmanLostOnly = lostOnly
		st := &State{Round: 11, Phase: PhaseTurns, Wind: 5, Treasure: TreasureX, Players: ps, Opt: opt,
			NPCs: []NPC{{ID: "dutchman", Kind: KindDutchman, Appeared: 10}}, Queue: []string{"Ann", "Bob"}}
		tb := newTable(t, st, map[string]any{
			"misty.board.wind.speed.5":           "0",
			"misty.player.Ann.sloop.deathzone":   "no",
			"misty.player.Ann.caravel.deathzone": "yes",
			"misty.player.Ann.dutchman-save":     "no",
			"misty.player.Ann.attack":            "none",
			"misty.player.Ann.ports":             "none",
			"misty.player.Ann.treasure":          "none",
		})
		tb.step()
		got := tb.state()
		assert.Equal(t, []string{"S"}, got.player("Ann").Fleet, "the Caravel is removed from the fleet")
		text := tb.text()
		assert.Contains(t, text, "Death Zone: Ann's Caravel is removed from the map (Lost)")
		if lostOnly {
			assert.Equal(t, 0, got.player("Ann").Defeats)
			assert.NotContains(t, text, "government sends")
		} else {
			assert.Equal(t, 1, got.player("Ann").Defeats)
			assert.Contains(t, text, "your first defeated Player Ship: your government sends 5 Silver Coins")
		}
	}
}

// Extended Variant (misty-waters/extended-variant) with 2 players: "All standard Misty Waters
// rules are used ... Game End: The game only ends when a player has control
// of 3 or more Captured Islands for two consecutive Rounds or after 24
// Rounds", and Island Conquest (misty-waters/victory-2-island-conquest): "Exception: 4 or more Captured
// Islands are required for victory in a game of two player". bosun keeps
// the standard exception (4) and extended-two-player=3 takes the variant's
// line as written. The option is refused where it would change nothing.
func TestExtendedVariantTwoPlayerConquest(t *testing.T) {
	two := map[string]string{"variants": "extended", "bases": "Ann:NE,Bob:SW"}
	s, err := newSetup(t, fourColours[:2], two, nil)
	require.NoError(t, err)
	assert.Equal(t, 4, stateOf(t, s).conquestNeed())
	assert.Contains(t, logText(s), "Island Conquest needs 4 Captured Islands")

	three := map[string]string{"variants": "extended", "bases": "Ann:NE,Bob:SW", "extended-two-player": "3"}
	s, err = newSetup(t, fourColours[:2], three, nil)
	require.NoError(t, err)
	st := stateOf(t, s)
	assert.Equal(t, 3, st.conquestNeed())
	assert.Contains(t, logText(s), "Island Conquest needs 3 Captured Islands")

	// Two consecutive Reset Phases with 3 Captured Islands win under the
	// variant's line, and only extend the streak of nobody under the
	// exception.
	reset := func(opt Options, streak int) *table {
		ps := players("Ann", "Bob")
		ps[0].Streak = streak
		tb := newTable(t, &State{Round: 9, Phase: PhaseReset, Wind: 5, Players: ps, Opt: opt}, map[string]any{
			"misty.player.Ann.captured": "3", "misty.player.Bob.captured": "1",
		})
		tb.step()
		return tb
	}
	opt := baseOpts()
	opt.Variants["extended"], opt.Rounds = true, 24
	tb := reset(opt, 1)
	assert.Contains(t, tb.text(), "Island Conquest needs 4 for two consecutive Rounds")
	assert.Equal(t, 0, tb.state().player("Ann").Streak)
	assert.Empty(t, tb.state().Winners)
	opt.ExtendedThree = true
	tb = reset(opt, 1)
	assert.Contains(t, tb.text(), "Island Conquest: Ann controlled 3 or more Captured Islands at the end of two consecutive Rounds and wins")
	assert.Equal(t, []string{"Ann"}, tb.state().Winners)

	for _, bad := range []struct {
		players []referee.Player
		opts    map[string]string
	}{
		{fourColours[:2], map[string]string{"bases": "Ann:NE,Bob:SW", "extended-two-player": "3"}},
		{fourColours[:3], map[string]string{"variants": "extended", "extended-two-player": "3"}},
	} {
		_, err := newSetup(t, bad.players, bad.opts, nil)
		require.Error(t, err)
		assert.True(t, referee.IsUsage(err))
		assert.Contains(t, err.Error(), "extended-two-player=3 changes only an Extended Variant game of 2 players")
	}
}

// The Last Day Temple under Rocky Seas (misty-waters/last-day-temple, misty-waters/red-water-lagoon, misty-waters/rocky-seas): the
// Temple is attacked from "the Adjacent Space to the 'X' in the Red Water
// Lagoon", "The Red Water Lagoon is not considered At Sea", and Rocky Seas
// stops "Player Ships ... At Sea" only. At 10 oB a ship's spec with no at=
// is in the lagoon and opens the walls; at=sea is refused in the spec's own
// question with Rocky Seas cited; a remembered at= is not the default.
func TestTempleAttackedFromTheLagoonInRockySeas(t *testing.T) {
	st := battleState(PhaseTurns, 10, []string{"Ann", "Bob"})
	st.Temple = true
	st.Opt.Advanced["temple"] = true
	st.Players[0].Boards = map[string]string{"B": "brig:cannons=2,sailors=2,at=sea"}
	tb := newTable(t, st, map[string]any{
		"misty.player.Ann.attack":                []string{"temple", "none"},
		"misty.ship.Ann":                         "brig:cannons=2,sailors=2",
		"misty.battle.Ann.temple.attack.roll":    "6,1",
		"misty.board.wind.speed.10":              "0",
		"misty.board.wind.box.sheath-the-swords": "9",
		"misty.player.Ann.ports":                 "none",
	})
	// The Brig's last battle was At Sea (refused here as it stands).
	tb.s.Log = append(tb.s.Log, referee.Event{Answers: []referee.Answer{{Key: "misty.ship.Ann", Value: "brig:cannons=3,sailors=2,at=sea", Source: "test"}}})
	pr := &probe{p: tb.env.Prompt}
	var text, def string
	var refused error
	pr.look = func(q referee.Question, n int) {
		if q.Key == "misty.ship.Ann" {
			text, def = q.Text, q.Default
			_, refused = q.Normalize("brig:cannons=2,sailors=2,at=sea")
			_, err := q.Normalize("brig:cannons=2,sailors=2,at=lagoon")
			assert.NoError(t, err)
		}
	}
	tb.env.Prompt = pr
	tb.step()
	assert.Contains(t, tb.text(), "Ann's Brig attacks Last Day Temple by Broadside Battle")
	assert.Contains(t, tb.text(), "The Last Day Temple takes a Damage Marker")
	assert.Equal(t, 1, tb.state().TempleDamage)
	require.Error(t, refused, "at=sea is At Sea: Rocky Seas refuses it")
	assert.Contains(t, refused.Error(), "Rocky Seas (10 oB)")
	assert.Contains(t, refused.Error(), "the Last Day Temple is attacked from the Adjacent Space to the 'X' in the Red Water Lagoon")
	var ue *referee.UsageError
	require.ErrorAs(t, refused, &ue)
	assert.Contains(t, ue.Cites, citeRockySeas)
	assert.Contains(t, text, "attacks the Last Day Temple from the Adjacent Space to the 'X' in the Red Water Lagoon (not At Sea)")
	assert.Equal(t, "brig:cannons=2,sailors=2", def)
}

// npc-second-row (Duel Arrangement: "NPCs place second-row dice with the
// priority of highest behind lowest value"; "No more than 3 dice can be
// involved in any individual duel"): the Galleass's 5,5,5,1 against a
// ship's 6,1 is 6 v 1+5 (tie) and 1 v 5+5 by default, 6 v 1+5+5 and 1 v 5
// with npc-second-row=stack; the battle line names the reading.
func TestNPCSecondRowOption(t *testing.T) {
	s, err := newSetup(t, fourColours[:2], map[string]string{"bases": "Ann:NE,Bob:SW", "npc-second-row": "stack"}, nil)
	require.NoError(t, err)
	assert.True(t, stateOf(t, s).Opt.NPCStack)
	_, err = newSetup(t, fourColours[:2], map[string]string{"bases": "Ann:NE,Bob:SW", "npc-second-row": "pile"}, nil)
	require.Error(t, err)

	board := func(stack bool, ties ...string) (*State, string) {
		st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"}, NPC{ID: "galleass", Kind: KindGalleass, Sailors: 4, Treasure: true})
		st.Opt.NPCStack = stack
		answers := map[string]any{
			"misty.player.Ann.attack":                        []string{"galleass", "none"},
			"misty.player.Ann.attack-with":                   "ship",
			"misty.player.Ann.attack-type":                   "boarding",
			"misty.ship.Ann":                                 "brig:cannons=1,sailors=1",
			"misty.battle.Ann.galleass.clash1.attacker.roll": "6,1",
			"misty.battle.Ann.galleass.clash1.defender.roll": "5,5,5,1",
			"misty.board.wind.speed.5":                       "0",
			"misty.board.wind.box.sheath-the-swords":         "9",
			"misty.player.Ann.ports":                         "none",
			"misty.player.Ann.captured":                      "0",
			"misty.player.Ann.new-ship":                      "none",
		}
		if len(ties) == 2 {
			answers["misty.battle.Ann.galleass.clash1.tie.attacker.roll"] = ties[0]
			answers["misty.battle.Ann.galleass.clash1.tie.defender.roll"] = ties[1]
		}
		got, evs, err := stepBattle(t, st, answers)
		require.NoError(t, err)
		return got, texts(evs)
	}
	got, out := board(false, "6", "1,1")
	assert.Contains(t, out, "(the NPC's second-row dice behind duels 1,2, npc-second-row=spread), attacker loses 1 die, defender 0")
	assert.Equal(t, 2, got.npc("galleass").Sailors, "the tie re-roll 6 v 1+1 costs the Galleass 2 Sailors")
	_, out = board(true)
	assert.Contains(t, out, "(the NPC's second-row dice behind duels 1,1, npc-second-row=stack), attacker loses 2 dice, defender 0")
	assert.Contains(t, out, "Ann's Brig is Lost")
}
