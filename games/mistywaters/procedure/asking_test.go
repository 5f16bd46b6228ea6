package procedure

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// probe wraps a prompter and, before each question is answered, lets the
// test look at it (and try answers on it, as a terminal would).
type probe struct {
	p     referee.Prompter
	asked map[string]int
	look  func(q referee.Question, n int)
}

func (p *probe) Ask(q referee.Question) (string, error) {
	if p.asked == nil {
		p.asked = map[string]int{}
	}
	p.asked[q.Key]++
	if p.look != nil {
		p.look(q, p.asked[q.Key])
	}
	return p.p.Ask(q)
}

// HasAnswer lets entered dice come from the answers (referee.Presetter).
func (p *probe) HasAnswer(key string) bool {
	if ps, ok := p.p.(referee.Presetter); ok {
		return ps.HasAnswer(key)
	}
	return false
}

// "each Player Ship and Fort may only choose to attack once per Phase 5":
// a ship that already attacked is refused in its own spec question (a
// terminal re-asks in place; the step and its battle dice go on), it is
// not bosun's default, and once every unit has attacked the attack
// question is not asked again.
func TestSecondAttackRefusesTheShipThatAttackedInItsQuestion(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"}, NPC{ID: "pirate-1", Kind: KindPirate}, NPC{ID: "pirate-2", Kind: KindPirate})
	tb := newTable(t, st, map[string]any{
		"misty.player.Ann.attack":                []string{"pirate-1", "pirate-2"},
		"misty.ship.Ann":                         []string{"brig:cannons=2,sailors=2", "sloop:cannons=1,sailors=1"},
		"misty.battle.Ann.pirate-1.attack.roll":  "1,1",
		"misty.battle.Ann.pirate-1.counter.roll": "1,1,1,1",
		"misty.battle.Ann.pirate-2.attack.roll":  "1",
		"misty.battle.Ann.pirate-2.counter.roll": "1,1,1,1",
		"misty.board.wind.speed.5":               "0",
		"misty.board.wind.box.sheath-the-swords": "9",
		"misty.player.Ann.ports":                 "none",
	})
	pr := &probe{p: tb.env.Prompt}
	refused := ""
	pr.look = func(q referee.Question, n int) {
		if q.Key == "misty.ship.Ann" && n == 2 {
			_, err := q.Normalize("brig:cannons=2,sailors=2")
			require.Error(t, err)
			refused = err.Error()
			assert.NotEqual(t, "brig:cannons=2,sailors=2", q.Default, "the ship that attacked is not the default")
		}
	}
	tb.env.Prompt = pr
	tb.step()
	assert.Contains(t, refused, "misty.ship.Ann")
	assert.Contains(t, refused, "Ann's Brig already attacked pirate-1 this turn")
	assert.Equal(t, 2, pr.asked["misty.player.Ann.attack"], "with both ships used the attack question is not asked again")
	assert.Contains(t, tb.text(), "Ann's Sloop attacks pirate-2 by Broadside Battle")
	assert.Contains(t, tb.text(), "every unit of yours that could attack has attacked this turn")
}

// With no target any unit of the player may attack, "Does a Player Ship
// attack?" is not asked; a Fort alone is offered only what a Fort may
// attack ("an opponent's Player Ship, a Pirate Ship, other NPC Ship, or
// Sea Monster"), never a Battery, another Fort or a Militia.
func TestAttackNotAskedWithoutATarget(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"})
	st.Players[1].Fleet = nil
	tb := newTable(t, st, map[string]any{
		"misty.board.wind.speed.5": "0",
		"misty.player.Ann.ports":   "none",
	})
	pr := &probe{p: tb.env.Prompt}
	tb.env.Prompt = pr
	tb.step()
	assert.Zero(t, pr.asked["misty.player.Ann.attack"])
	assert.Contains(t, tb.text(), "Ann: no target on the map that a unit of yours may attack")

	st = battleState(PhaseTurns, 5, []string{"Ann", "Bob"}, NPC{ID: "battery-1", Kind: KindBattery}, NPC{ID: "pirate-1", Kind: KindPirate})
	st.Players[0].Fleet = nil
	st.Players[0].Captured, st.Players[1].Captured = 1, 1
	st.Opt.Advanced["militia"] = true
	tb = newTable(t, st, map[string]any{
		"misty.board.wind.speed.5":  "0",
		"misty.player.Ann.attack":   "none",
		"misty.player.Ann.new-ship": "none",
	})
	tb.step()
	q, ok := tb.rec.question("misty.player.Ann.attack")
	require.True(t, ok)
	assert.Equal(t, []string{"none", "pirate-1", "Bob", "Bob-sloop", "Bob-brig"}, q.Options)
}

// Team Mode: "teammates ... opposite corner Bases". A pick is offered only
// the Bases that keep both teams opposite, so no pick is refused after it
// is made (which lost the whole setup), and a Base with no other choice
// left is not asked.
func TestTeamBasesOfferOnlyOppositeCorners(t *testing.T) {
	set, err := tables.New("", nil)
	require.NoError(t, err)
	sp := referee.NewScripted()
	sp.Set("misty.setup.base.Ann", "NE", "set")
	sp.Set("misty.setup.base.Bob", "NW", "set")
	pr := &probe{p: sp}
	var bobOpts []string
	pr.look = func(q referee.Question, _ int) {
		if q.Key == "misty.setup.base.Bob" {
			bobOpts = q.Options
		}
	}
	s, err := chaosTable.NewSession(t, &Game{}, "t", fourColours, map[string]string{"variants": "team"}, 1, referee.Virtual, &referee.Env{Prompt: pr, Tables: set})
	require.NoError(t, err)
	assert.Equal(t, []string{"NW", "SE"}, bobOpts, "SW is Cy's, opposite Ann")
	assert.Zero(t, pr.asked["misty.setup.base.Cy"])
	assert.Zero(t, pr.asked["misty.setup.base.Dan"])
	st := stateOf(t, s)
	assert.Equal(t, "SW", st.player("Cy").Base)
	assert.Equal(t, "SE", st.player("Dan").Base)
}

// A count with one possible value is not asked: with 3 Mines on the map
// from the players before, the next player has none to name.
func TestHarvestCountWithNothingLeftIsNotAsked(t *testing.T) {
	st := battleState(PhaseWheel, 5, nil)
	st.Round = 6
	st.Players[0].Captured, st.Players[1].Captured = 3, 2
	tb := newTable(t, st, map[string]any{
		"misty.harvest.Ann.mines": "3", "misty.harvest.Ann.plantations": "0", "misty.harvest.Ann.sold-crates": "0",
		"misty.harvest.Bob.plantations": "0",
	})
	pr := &probe{p: tb.env.Prompt}
	tb.env.Prompt = pr
	tb.step()
	assert.Zero(t, pr.asked["misty.harvest.Bob.mines"])
	assert.Equal(t, 1, pr.asked["misty.harvest.Bob.plantations"])
}

// Defaults reflect what bosun just applied: after a battle that left
// Ann's Brig with fewer Cannons and Sailors, the next spec question for it
// defaults to the board it has now, and never repeats the Experience
// Tokens declared ("All declared Experience Tokens must be returned to the
// supply whether they were used or not").
func TestShipSpecDefaultIsTheBoardAfterTheLastBattle(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate}, NPC{ID: "pirate-2", Kind: KindPirate})
	tb := newTable(t, st, map[string]any{
		"misty.npc.pirate-1.targets":                 "Ann-brig",
		"misty.npc.pirate-2.targets":                 "Ann-brig",
		"misty.player.Ann.stop-card":                 "no",
		"misty.ship.Ann":                             []string{"brig:cannons=3,sailors=3,gunner,xp=1", "brig:cannons=2,sailors=0,gunner"},
		"misty.battle.pirate-1.Ann-brig.attack.roll": "6,5,4,1",
		"misty.battle.pirate-2.Ann-brig.attack.roll": "1,1,1,1",
	}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	pr := &probe{p: tb.env.Prompt}
	var second referee.Question
	pr.look = func(q referee.Question, n int) {
		if q.Key == "misty.ship.Ann" && n == 2 {
			second = q
		}
	}
	tb.env.Prompt = pr
	tb.step()
	assert.Contains(t, tb.text(), "it now has 2 Cannons, 0 Sailors")
	assert.Equal(t, "brig:cannons=2,sailors=0,gunner", second.Default, "the board after the first battle, without its Experience Token")
	assert.Contains(t, tb.text(), "Ann: remove the Gunner from Ann's Brig's board")
	assert.Equal(t, "brig:cannons=2,sailors=0", tb.state().player("Ann").Boards["B"], "the Officer removed leaves the board")
}

// Enter takes the usual answer, never one that changes the board: a
// Pirate Ship moved with Enter at every question is not in contact, finds
// its main direction open and its final space free, and moves its whole
// range; the defender who presses Enter plays no Action Card.
func TestEnterTakesTheUsualAnswer(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"move:pirate-1"}, NPC{ID: "pirate-1", Kind: KindPirate})
	st.Round = 3 // a Pirate Movement Round
	tb := newTable(t, st, map[string]any{"misty.board.wind.speed.5": "0"}, 0)
	tb.rec.p.Fallback = enter{}
	tb.step()
	assert.Contains(t, tb.text(), "pirate-1 moves 4 spaces", tb.text())
	for _, k := range []string{"misty.npc.pirate-1.contact", "misty.npc.pirate-1.final-occupied"} {
		q, ok := tb.rec.question(k)
		require.True(t, ok, k)
		assert.Equal(t, "no", q.Default, k)
	}

	st = battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	tb = newTable(t, st, map[string]any{
		"misty.npc.pirate-1.targets": "Ann-sloop",
		"misty.ship.Ann":             "sloop:cannons=1,sailors=1",
	}, 0, 0, 0, 0, 0, 0, 0, 0)
	tb.rec.p.Fallback = enter{}
	tb.step()
	assert.NotContains(t, tb.text(), "plays an Action Card that stops the attack")
	assert.Contains(t, tb.text(), "pirate-1 attacks Ann's Sloop by Broadside Battle")
}

// A session reads the Wind Force boxes from the same table as the battle
// commands: at 9 oB Rocky Seas is not in force (it starts at 10 oB), and
// when tables.yaml puts it at 9 oB the ship At Sea is refused a Broadside
// in its own spec question.
func TestSessionRockySeasFollowsTheOneTable(t *testing.T) {
	answers := map[string]any{
		"misty.player.Ann.attack":                []string{"pirate-1", "none"},
		"misty.ship.Ann":                         "brig:cannons=2,sailors=2",
		"misty.battle.Ann.pirate-1.attack.roll":  "1,1",
		"misty.battle.Ann.pirate-1.counter.roll": "1,1,1,1",
		"misty.board.wind.speed.9":               "0",
		"misty.board.wind.box.sheath-the-swords": "12",
		"misty.player.Ann.ports":                 "none",
	}
	st := battleState(PhaseTurns, 9, []string{"Ann", "Bob"}, NPC{ID: "pirate-1", Kind: KindPirate})
	tb := newTable(t, st, answers)
	tb.step()
	assert.Contains(t, tb.text(), "Ann's Brig attacks pirate-1 by Broadside Battle")

	tb = newTable(t, st, answers)
	require.NoError(t, tb.env.Tables.Remember("mwp-wind-force", "box.rocky-seas", 9, "test"))
	err := tb.try()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `misty.ship.Ann="brig:cannons=2,sailors=2": Rocky Seas (9 oB)`)
}

// The target die's question says which faces pick which target before
// the roll (an entered roll), and so does the event after it; three
// targets split the die in pairs, four leave 5-6 to roll again.
func TestTargetDieSaysItsFacesBeforeTheRoll(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	tb := newTable(t, st, map[string]any{
		"misty.npc.pirate-1.targets": "Ann,Bob",
		"misty.ship.Ann":             "brig:cannons=2,sailors=2",
		"misty.ship.Bob":             "brig:cannons=2,sailors=2",
		"misty.npc.pirate-1.target":  "5",
		"misty.player.Bob.stop-card": "yes",
	})
	tb.step()
	q, ok := tb.rec.question("misty.npc.pirate-1.target")
	require.True(t, ok)
	assert.Contains(t, q.Text, "(1-3: Ann, 4-6: Bob)")
	assert.Contains(t, tb.text(), "the die picks Bob (1-3: Ann, 4-6: Bob)")
	assert.Equal(t, "1-2: a, 3-4: b, 5-6: c", faceMap([]string{"a", "b", "c"}))
	assert.Equal(t, "1: a, 2: b, 3: c, 4: d, 5-6: roll again", faceMap([]string{"a", "b", "c", "d"}))
	assert.Equal(t, "1: a, 2: b, 3: c, 4: d, 5: e, 6: roll again", faceMap([]string{"a", "b", "c", "d", "e"}))
}

// "All declared Experience Tokens must be returned to the supply whether
// they were used or not": bosun says so after a battle in which a player
// declared some, in the right number.
func TestDeclaredExperienceTokensAreReturned(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	tb := newTable(t, st, map[string]any{
		"misty.npc.pirate-1.targets":                 "Ann-brig",
		"misty.player.Ann.stop-card":                 "no",
		"misty.ship.Ann":                             "brig:cannons=2,sailors=2,xp=1",
		"misty.battle.pirate-1.Ann-brig.attack.roll": "1,1,1,1",
	}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	tb.step()
	assert.Contains(t, tb.text(), "Ann: return the 1 Experience Token declared to the supply, whether it was used or not")
}

// A later answer that makes an earlier one impossible re-asks the earlier
// question: Bob's ship turns out to be at a Tavern ("a Player Ship at a
// Tavern cannot be attacked"), so Ann's target is asked again without
// Bob, and the step goes on (no refusal after her ship's spec).
func TestTargetShownUnattackableIsAskedAgain(t *testing.T) {
	st := battleState(PhaseTurns, 5, []string{"Ann", "Bob"})
	tb := newTable(t, st, map[string]any{
		"misty.player.Ann.attack":  []string{"Bob", "none"},
		"misty.ship.Bob":           "brig:cannons=2,sailors=2,at=tavern",
		"misty.board.wind.speed.5": "0",
		"misty.player.Ann.ports":   "none",
	})
	pr := &probe{p: tb.env.Prompt}
	var second referee.Question
	pr.look = func(q referee.Question, n int) {
		if q.Key == "misty.player.Ann.attack" && n == 2 {
			second = q
		}
	}
	tb.env.Prompt = pr
	tb.step()
	assert.Contains(t, tb.text(), "Ann: Bob's Brig cannot be attacked by a unit of yours (a Player Ship at a Tavern cannot be attacked); choose another target, or none")
	assert.Equal(t, 2, pr.asked["misty.player.Ann.attack"])
	assert.NotContains(t, second.Options, "Bob")
	assert.NotContains(t, second.Options, "Bob-brig", "nor the same ship by its type")
	assert.Contains(t, second.Options, "Bob-sloop")
	assert.Zero(t, pr.asked["misty.ship.Ann"], "Ann's own ship is not asked for an attack that cannot happen")
}

// A Fort that took a Damage Marker in one battle defaults to fort:damaged
// in the next.
func TestFortSpecDefaultIsDamagedAfterAMarker(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate}, NPC{ID: "pirate-2", Kind: KindPirate})
	st.Players[0].Captured = 1
	tb := newTable(t, st, map[string]any{
		"misty.npc.pirate-1.targets":                 "Ann-fort",
		"misty.npc.pirate-2.targets":                 "Ann-fort",
		"misty.player.Ann.stop-card":                 "no",
		"misty.fort.Ann":                             []string{"fort", "fort:damaged"},
		"misty.battle.pirate-1.Ann-fort.attack.roll": "6,1,1,1",
		"misty.battle.pirate-2.Ann-fort.attack.roll": "1,1,1,1",
	}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	pr := &probe{p: tb.env.Prompt}
	var second referee.Question
	pr.look = func(q referee.Question, n int) {
		if q.Key == "misty.fort.Ann" && n == 2 {
			second = q
		}
	}
	tb.env.Prompt = pr
	tb.step()
	require.Contains(t, tb.text(), "Ann: your Fort takes a Damage Marker", tb.text())
	assert.Equal(t, "fort:damaged", second.Default)
}

// "There are 6 large Main Islands": when the players before have counted
// all six, the last player's count can only be 0 and is not asked.
func TestCapturedCountWithNoIslandLeftIsNotAsked(t *testing.T) {
	st := &State{Round: 3, Phase: PhaseReset, Players: players("Ann", "Bob", "Cy"), Opt: baseOpts()}
	st.Players[2].Captured = 1
	tb := newTable(t, st, map[string]any{"misty.player.Ann.captured": "4", "misty.player.Bob.captured": "2"})
	pr := &probe{p: tb.env.Prompt}
	tb.env.Prompt = pr
	tb.step()
	assert.Zero(t, pr.asked["misty.player.Cy.captured"])
	assert.Equal(t, 0, tb.state().player("Cy").Captured)
	assert.Contains(t, tb.text(), "Cy now controls 0 Captured Islands (was 1)")
}

// Whirlpools: "If a Whirlpool is occupied by any Player Ship, Pirate
// Ships, other NPC Ships, or Sea Monsters, or other object": the question
// names them all, and Enter says it is free.
func TestWhirlpoolOccupiedNamesEveryObject(t *testing.T) {
	st := phase3At(5)
	tb := newTable(t, st, map[string]any{
		"misty.weather.tile.move":                "0",
		"misty.weather.tile.effect":              "ship-debris",
		"misty.board.wind.speed.5":               "0",
		"misty.board.wind.box.sheath-the-swords": "9",
		"misty.board.wind.box.sea-giveth":        "9",
		"misty.board.wind.box.hunker-down":       "12",
		"misty.board.wind.overboard.5":           "0",
	}, 2)
	tb.rec.p.Fallback = enter{}
	tb.step()
	q, ok := tb.rec.question("misty.board.whirlpool.3.occupied")
	require.True(t, ok)
	assert.Contains(t, q.Text, "Player Ship, Pirate Ship, other NPC Ship, Sea Monster, or other object")
	assert.Equal(t, "no", q.Default)
	assert.Contains(t, tb.text(), "place a crate from the supply on Whirlpool 3")
}

// A ship Lost in a battle is never the default of its owner's next spec:
// Enter would bring it back into the fleet ("joins the fleet", with the
// board it had before it sank). The one ship afloat, as bosun left it, is
// the default instead.
func TestShipSpecDefaultIsNeverALostShip(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	ann := st.player("Ann")
	ann.Fleet = []string{"C"} // the Sloop was Lost in an earlier Round
	ann.Boards = map[string]string{"S": "sloop:cannons=2,sailors=1", "C": "caravel:cannons=2,sailors=2"}
	tb := newTable(t, st, map[string]any{
		"misty.npc.pirate-1.targets":            "Ann",
		"misty.player.Ann.stop-card":            "no",
		"misty.ship.Ann":                        "caravel:cannons=2,sailors=2",
		"misty.battle.pirate-1.Ann.attack.roll": "1,1,1,1",
	}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	// The spec given last, in the battle that sank the Sloop.
	tb.s.Log = append(tb.s.Log, referee.Event{Seq: 1, Step: 0, Type: "battle", Text: "Ann's Sloop is Lost",
		Answers: []referee.Answer{{Key: "misty.ship.Ann", Value: "sloop:cannons=2,sailors=1", Source: "terminal"}}})
	pr := &probe{p: tb.env.Prompt}
	var spec referee.Question
	pr.look = func(q referee.Question, n int) {
		if q.Key == "misty.ship.Ann" {
			spec = q
		}
	}
	tb.env.Prompt = pr
	tb.step()
	require.Equal(t, "misty.ship.Ann", spec.Key, tb.text())
	assert.Equal(t, "caravel:cannons=2,sailors=2", spec.Default, "the ship afloat, not the Lost Sloop")
	assert.NotContains(t, tb.text(), "joins the fleet")
}
