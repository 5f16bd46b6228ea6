package procedure

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder is a Scripted prompter that remembers the order of the keys
// it was asked.
type recorder struct {
	p    *referee.Scripted
	keys []string
	qs   []referee.Question
}

func (r *recorder) Ask(q referee.Question) (string, error) {
	r.keys = append(r.keys, q.Key)
	r.qs = append(r.qs, q)
	return r.p.Ask(q)
}

// HasAnswer lets entered dice come from the answers (referee.Presetter).
func (r *recorder) HasAnswer(key string) bool { return r.p.HasAnswer(key) }

// question returns the first question asked with key.
func (r *recorder) question(key string) (referee.Question, bool) {
	for _, q := range r.qs {
		if q.Key == key {
			return q, true
		}
	}
	return referee.Question{}, false
}

func (r *recorder) index(key string) int {
	for i, k := range r.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// table is a session of st that steps with answers (a []string value is a
// queue) and virtual dice from seq (0-based faces).
type table struct {
	t   *testing.T
	s   *referee.Session
	env *referee.Env
	rec *recorder
	log []referee.Event
}

func newTable(t *testing.T, st *State, answers map[string]any, seq ...int) *table {
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
	rec := &recorder{p: p}
	d := checkDeclared(t, rec)
	env := &referee.Env{Prompt: d, Tables: set, Dice: referee.WithRNG(&referee.Fixed{Seq: seq}, d)}
	var players []referee.Player
	for _, pl := range st.Players {
		players = append(players, referee.Player{Name: pl.Name})
	}
	s := &referee.Session{Name: "t", Game: GameID, Players: players}
	require.NoError(t, s.SaveState(st))
	return &table{t: t, s: s, env: env, rec: rec}
}

func (tb *table) step() {
	tb.t.Helper()
	evs, err := next(tb.t, &Game{}, tb.s, tb.env)
	require.NoError(tb.t, err)
	tb.log = append(tb.log, evs...)
}

// try runs one step and returns its error (nothing is saved on error).
func (tb *table) try() error {
	tb.t.Helper()
	evs, err := next(tb.t, &Game{}, tb.s, tb.env)
	if err == nil {
		tb.log = append(tb.log, evs...)
	}
	return err
}

func (tb *table) state() *State { return stateOf(tb.t, tb.s) }

func (tb *table) text() string { return texts(tb.log) }

func players(names ...string) []PlayerState {
	var out []PlayerState
	for _, n := range names {
		out = append(out, PlayerState{Name: n, Fleet: []string{"S", "C"}})
	}
	return out
}

func baseOpts() Options {
	return Options{Advanced: map[string]bool{}, Variants: map[string]bool{}, Components: map[string]bool{}, SideRule: "top-right", SeaAdv: "one", FirstTile: "literal", ShortGalleass: "at-once"}
}

// Whirlpools: "A Crate or Raft on a Whirlpool is returned to the supply if a
// Pirate Ship, other NPC Ship, or Sea Monster passes through or stops at the
// space." and Phase 2: "NPC Ships include the Conquistadors' Caravels*,
// Conquistadors' Galleass, Silver Freighter*, Flying Dutchman*, and the
// Pirate Ships." The Flying Dutchman is an other NPC Ship: it too sweeps
// the Crate off its Whirlpool.
func TestFlyingDutchmanReturnsWhirlpoolCrate(t *testing.T) {
	st := &State{Round: 11, Phase: PhaseNPC, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(),
		Queue: []string{"move:dutchman"}, NPCs: []NPC{{ID: "dutchman", Kind: KindDutchman, Appeared: 10}}}
	st.Whirlpools[1] = "crate"
	tb := newTable(t, st, map[string]any{
		"misty.npc.dutchman.next":       "sea",
		"misty.npc.dutchman.victims":    "none",
		"misty.npc.dutchman.whirlpools": "2",
	})
	tb.step()
	assert.Contains(t, tb.text(), "dutchman picks up the crate on Whirlpool 2: it returns to the supply")
	assert.Equal(t, "", tb.state().Whirlpools[1])
	assert.False(t, tb.state().itemsAtSea())
}

// Phase 6, Step 2: "At the end of every Round, players will check to see if
// any end game condition has occurred" and "If a player loses control of a
// Captured Island, they can still qualify as long as they've gained control
// back of it or another island before Phase 6 in each Round." An island
// Bob re-Captures on his turn, after Ann's, must count at Phase 6: the
// Captured Islands are asked then, not at the end of each player's own turn.
func TestCapturedIslandsAreCountedAtTheResetPhase(t *testing.T) {
	ps := players("Ann", "Bob")
	ps[0].Captured, ps[0].Streak = 4, 1 // 2 players: 4 needed
	st := &State{Round: 3, Phase: PhaseTurns, Wind: 5, Treasure: TreasureGalleass, Galleass: true, Players: ps, Opt: baseOpts()}
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":  "0",
		"misty.player.Ann.attack":   "none",
		"misty.player.Bob.attack":   "none",
		"misty.player.Ann.ports":    "none",
		"misty.player.Bob.ports":    "none",
		"misty.player.Ann.captured": "3", // Bob re-Captured one of Ann's islands on his turn
		"misty.player.Bob.captured": "1",
		"misty.player.Ann.treasure": "none",
		"misty.player.Bob.treasure": "none",
	})
	tb.step() // Ann's turn
	tb.step() // Bob's turn
	require.Equal(t, PhaseReset, tb.state().Phase)
	assert.Equal(t, -1, tb.rec.index("misty.player.Ann.captured"), "asked before Bob re-Captured the island")
	tb.step() // Phase 6
	got := tb.state()
	assert.Greater(t, tb.rec.index("misty.player.Ann.captured"), tb.rec.index("misty.player.Bob.ports"))
	assert.Equal(t, 3, got.player("Ann").Captured)
	assert.Equal(t, 0, got.player("Ann").Streak, "Ann had fewer than 4 at the end of the Round")
	assert.Equal(t, PhaseWheel, got.Phase, "no Island Conquest")
	assert.Contains(t, tb.text(), "Ann now controls 3 Captured Islands (was 4)")
}

// Shortened Variant: "The Conquistadors' Galleass will appear and begin its
// escape when there are 4 Captured Islands in total on the map in addition
// to the start of Round XII." and "Like other NPC Ships, the Conquistadors'
// Galleass will not move in the Round that they first appear." bosun
// learns the 4th island at the Reset Phase of the Round it was captured:
// the Galleass appears then and sails from the next Round (option
// shortened-galleass=next-round places it at the start of the next Round).
func TestShortenedGalleassAppearsWhenFourIslandsAreCaptured(t *testing.T) {
	for _, tc := range []struct {
		when       string
		appearedAt int
		movesIn    int
	}{
		{"at-once", 4, 5},
		{"next-round", 5, 6},
	} {
		t.Run(tc.when, func(t *testing.T) {
			opt := baseOpts()
			opt.Variants["shortened"] = true
			opt.ShortGalleass = tc.when
			st := &State{Round: 4, Phase: PhaseReset, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob", "Cy"), Opt: opt}
			tb := newTable(t, st, map[string]any{
				"misty.player.Ann.captured": "2",
				"misty.player.Bob.captured": "1",
				"misty.player.Cy.captured":  "1",
			})
			tb.step() // Phase 6 of Round IV
			tb.step() // Phase 1 of Round V
			got := tb.state()
			g := got.npc("galleass")
			require.NotNil(t, g)
			assert.Equal(t, tc.appearedAt, g.Appeared)
			assert.Equal(t, TreasureGalleass, got.Treasure)
			assert.Contains(t, tb.text(), "Grand Finale (4 Captured Islands are on the map (Shortened Variant))")
			// The Galleass is in Phase 2's queue only from the Round after it appeared.
			for r := 5; r <= 6; r++ {
				got.Round = r
				tbr := &step{st: got}
				assert.Equal(t, r >= tc.movesIn, strings.Contains(strings.Join(tbr.npcQueue(), ","), "move:galleass"), "Round %d", r)
			}
		})
	}
}

// Direction Dice: "If both directions are available, the NPC will always
// choose the top-right direction." A Pirate Ship forced onto its top-left
// (NW) takes the top-right (NE) at the next space where both are open and
// its main direction (N) is still blocked; npc-side=continue keeps NW.
func TestDirectionDiceAlwaysTopRightByDefault(t *testing.T) {
	s, err := chaosTable.NewSession(t, &Game{}, "t", []referee.Player{{Name: "Ann", Side: "red"}, {Name: "Bob", Side: "blue"}}, map[string]string{"bases": "Ann:NE,Bob:SW"}, 1, referee.Virtual,
		&referee.Env{Prompt: referee.NewScripted(), Tables: mustTables(t)})
	require.NoError(t, err)
	assert.Equal(t, "top-right", stateOf(t, s).Opt.SideRule)
	for rule, want := range map[string]string{"top-right": "NW NE N", "continue": "NW NW N"} {
		opt := baseOpts()
		opt.SideRule = rule
		st := &State{Round: 3, Phase: PhaseNPC, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: opt,
			Queue: []string{"move:pirate-1"}, NPCs: []NPC{{ID: "pirate-1", Kind: KindPirate, Appeared: 1}}}
		tb := newTable(t, st, map[string]any{
			"misty.board.wind.speed.5":          "0",
			"misty.board.wind.box.rocky-seas":   "10",
			"misty.npc.pirate-1.contact":        "no",
			"misty.npc.pirate-1.open":           []string{"NW", "NW,NE", "N,NE", "none"},
			"misty.npc.pirate-1.final-occupied": "no",
		}, 0) // face 1: N>NW|NE
		tb.step()
		assert.Contains(t, tb.text(), "pirate-1 moves 3 spaces: "+want+" (no open direction)", rule)
	}
}

func mustTables(t *testing.T) *tables.Set {
	set, err := tables.New("", nil)
	require.NoError(t, err)
	return set
}

// Components: "Components denoted with a * are expansion or add-on
// components and may not be contained in your version" and Setup: "Steps
// denoted with a * use expansion or add-on components and can be skipped".
// Without the Flying Dutchman, the Silver Freighter or the Caravels their
// Event Cards are not in the deck, so they cannot be drawn.
func TestExpansionEventsNeedTheirComponents(t *testing.T) {
	st := &State{Round: 4, Phase: PhaseWheel, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(), Events: []string{"fog"}}
	assert.Equal(t, []string{"another-pirate-ship", "terror-from-the-deep", "fog", "other"}, st.eventNames())
	tb := newTable(t, st, map[string]any{"misty.event.card": "ghost-ship"})
	_, err := next(tb.t, &Game{}, tb.s, tb.env)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	all := baseOpts()
	for _, c := range componentNames {
		all.Components[c] = true
	}
	st.Opt = all
	st.Events = []string{"last-transport"}
	assert.Equal(t, []string{"another-pirate-ship", "expresso-tropical", "ghost-ship", "terror-from-the-deep", "fog", "other"}, st.eventNames(),
		"'The Last Transport' was drawn in Round II and returned to the box")
}

// `bosun status` prints the Status view's Text at the table: round and
// Wheel of Time position, phase, Priority Token, Wind Force box with its
// effects in force, the Event in force, the NPCs with their damage, the
// hourglasses and the Captured Island streaks.
func TestStatusText(t *testing.T) {
	ps := players("Ann", "Bob", "Cy")
	ps[0].Captured, ps[0].Streak, ps[0].Tavern, ps[0].Colour, ps[0].Base = 3, 1, 2, "red", "NE"
	ps[1].Foreign = 1
	ps[1].Fleet, ps[1].Defeats = []string{"C"}, 1
	ps[1].Lost = []LostShip{{Ship: "S", Round: 12, How: "defeated by pirate-2 in a Broadside Battle"}}
	ps[2].Fleet = nil
	st := &State{Round: 13, Phase: PhaseNPC, Priority: 0, Wind: 8, Treasure: TreasureGalleass, Players: ps, Opt: baseOpts(),
		Queue: []string{"move:galleass", "attack:batteries"},
		Event: &EventCard{Name: "fog", Continuing: true, Round: 10},
		NPCs: []NPC{{ID: "pirate-2", Kind: KindPirate, Damage: 1, Appeared: 1}, {ID: "galleass", Kind: KindGalleass, Sailors: 8, Appeared: 12, Lagoon: true},
			{ID: "battery-1", Kind: KindBattery, Appeared: 1}}}
	st.Whirlpools[1] = "crate"
	s := &referee.Session{Name: "t", Game: GameID, Players: []referee.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}}
	require.NoError(t, s.SaveState(st))
	v, err := (&Game{}).Status(s, &referee.Env{Tables: mustTables(t)})
	require.NoError(t, err)
	tv, ok := v.(interface{ Text() string })
	require.True(t, ok, "the status command prints Text() when the view has it")
	out := tv.Text()
	for _, want := range []string{
		"Round XIII (Wheel of Time I: harvest)",
		"Phase:          Phase 2: NPC Movement and Attack (next: galleass moves, Battery of Cannons attack)",
		"Priority Token: Ann",
		"Wind Force:     8 oB, speed modification not read yet; effects in force: It's Clearing Up, No Transshipments",
		"Event:          'fog' (continuing since Round X)",
		"Treasure:       aboard the Conquistadors' Galleass",
		"pirate-2     1 Damage Marker; Maximum Range 3, does not move this Round",
		"galleass     full strength; 8 Sailors; Maximum Range 3, moves this Round",
		"battery-1    full strength",
		"Whirlpools:     2: crate",
		"Players (Island Conquest: 3 Captured Islands at the end of two consecutive Rounds):",
		"Next step:      bosun next runs Phase 2: galleass moves",
		"Ann (red, NE Base): ships Sloop, Caravel; Captured Islands 3, streak 1 of 2; hourglass: tavern (next Round at the Tavern costs 2 Silver)",
		"Bob: ships Caravel; Captured Islands 0, streak 0 of 2; hourglass: foreign-port; ships defeated 1; lost: Sloop in Round XII (defeated by pirate-2 in a Broadside Battle)",
		"Cy: no Player Ship on the map; Captured Islands 0",
	} {
		assert.Contains(t, out, want)
	}
}

// Step 3: "all Sea Monsters present on the map will move" (the wait of
// "All NPC Ships do not move in the Round they first appear" names NPC
// Ships): a Sea Monster placed by 'Terror from the Deep' in Phase 1 moves
// in that Round's Phase 2; monster-first-round=wait holds it back.
func TestSeaMonsterFirstRound(t *testing.T) {
	st := &State{Round: 4, Phase: PhaseNPC, Wind: 5, Players: players("Ann", "Bob"), Opt: baseOpts(),
		NPCs: []NPC{{ID: "megalodon", Kind: KindMonster, Monster: "megalodon", Range: 2, Appeared: 4}}}
	assert.Contains(t, (&step{st: st}).npcQueue(), "move:megalodon")
	st.Opt.MonsterWait = true
	assert.NotContains(t, (&step{st: st}).npcQueue(), "move:megalodon")
	st.Round = 5
	assert.Contains(t, (&step{st: st}).npcQueue(), "move:megalodon")
}

// 'Dice Poker': "| General | 5 identical dice |" has no score; bosun's
// assumed 35 + the sum comes from table mwp-tavern, so a table can set the
// value its card prints.
func TestDicePokerGeneralFromTable(t *testing.T) {
	set := mustTables(t)
	row, ok := set.Lookup("mwp-tavern", "dice-poker.general")
	require.True(t, ok)
	assert.Equal(t, GeneralBonus, row.Value)
	h, s := PokerScoreWith([]int{2, 2, 2, 2, 2}, 40)
	assert.Equal(t, "general", h)
	assert.Equal(t, 50, s)
}

// The question where an NPC's arrow leads names only the answers its list
// offers: "lagoon" is a Caravel's, "fork" the Galleass's grey arrows'
// (the text listed all four to every NPC, so a Flying Dutchman's player
// read of a fork the list did not have).
func TestArrowQuestionNamesOnlyWhatItOffers(t *testing.T) {
	st := &State{Round: 11, Phase: PhaseNPC, Wind: 5, Treasure: TreasureX, Players: players("Ann", "Bob"), Opt: baseOpts(),
		Queue: []string{"move:dutchman"}, NPCs: []NPC{{ID: "dutchman", Kind: KindDutchman, Appeared: 10}}}
	tb := newTable(t, st, map[string]any{
		"misty.npc.dutchman.next":       "sea",
		"misty.npc.dutchman.victims":    "none",
		"misty.npc.dutchman.whirlpools": "none",
	})
	tb.step()
	q, ok := tb.rec.question("misty.npc.dutchman.next")
	require.True(t, ok)
	assert.Equal(t, []string{"sea", "passage"}, q.Options)
	assert.Contains(t, q.Text, "sea (the next space), passage (it enters the North-South Passage)")
	assert.NotContains(t, q.Text, "fork")
	assert.NotContains(t, q.Text, "lagoon")
}
