package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Rules review (issue 8): each test quotes the rule sentence it checks.

// soloKerris sets up Kerris (starting, no Sails) and Ilsa with answers.
func soloKerris(t *testing.T, sails string, opts map[string]string, answers map[string][]string) *harness {
	t.Helper()
	p := referee.NewScripted()
	champ(p, "Kerris", "delf", "navigator", "4", sails, "1/2", "2/5")
	champ(p, "Ilsa", "porc", "quartermaster", "5", "2/3", "1/2", "3/5")
	p.Set("qc.setup.roll", "1,6", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	for k, v := range answers {
		for _, a := range v { // as in an answers file: a single answer repeats
			p.Set(k, a, "answers")
		}
	}
	h := newHarness(t, "Kerris,Ilsa", opts, p)
	require.Equal(t, "Kerris", h.state().cur().Name)
	h.next() // refresh
	return h
}

// "On your turn, you may spend an Action to Move your ship 1 space in any
// direction." "Each Sail used this way allows you to move an additional
// space as part of that Move action." Glossary: "Move (p. 12): An Action
// that moves your Ship from one space to another. Sails can increase the
// number of spaces you move". A Move is 1 space plus Sails; a second Action
// is a second Move, it does not pool with the first (option
// move-extend-actions=yes allows it).
func TestMoveIsOneSpacePlusSails(t *testing.T) {
	// "Stormy Seas count as two spaces; you'll need two spaces' worth of
	// movement to move onto a Stormy Sea tile." Without a Sail one Move
	// action cannot enter it.
	h := soloKerris(t, "0/2", nil, map[string][]string{"qc.action": {"move"}, "qc.move.sea": {"stormy", "stop"}})
	before := string(h.s.State)
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Stormy")
	assert.Equal(t, before, string(h.s.State))

	// Two calm spaces in one Move need a Sail; without one the Move is over
	// after its space and only "stop" is accepted.
	h = soloKerris(t, "0/2", nil, map[string][]string{"qc.action": {"move"}, "qc.move.sea": {"calm", "calm", "stop"}})
	err = h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "stop")

	// The option restores pooling: two Actions for the Stormy Sea.
	h = soloKerris(t, "0/2", map[string]string{"move-extend-actions": "yes"}, map[string][]string{"qc.action": {"move"}, "qc.move.sea": {"stormy", "stop"}})
	h.next()
	k := h.player("Kerris")
	assert.Equal(t, SpaceStormy, k.Space)
	assert.Equal(t, 1, k.Actions)

	// With a Sail the Stormy Sea is one Move action.
	h = soloKerris(t, "1/2", nil, map[string][]string{"qc.action": {"move"}, "qc.move.sea": {"stormy", "stop"}})
	h.next()
	k = h.player("Kerris")
	assert.Equal(t, SpaceStormy, k.Space)
	assert.Equal(t, 2, k.Actions)
	assert.Equal(t, 0, k.SailsReady)
}

// "When any player reaches the Prosperity Goal, the game will end at the end
// of the current round." (The End; also the Overview, Turns and Rounds and
// the Glossary.) The Cooperative Mode does not set this aside: "To defeat
// the Marauders and win the game, players must complete their personal
// Mission and reach the Prosperity Goal within 15 rounds." and "In addition
// to the usual Prosperity goal, each Champion has a Mission they must
// complete in order for their team to win." So the goal ends a co-op game at
// the end of that round, and the players win only with every Mission
// complete (option coop-goal-ends=no plays on to round 15 instead).
func TestCoopGoalEndsTheGameAtTheEndOfTheRound(t *testing.T) {
	start := func(opts map[string]string) *harness {
		p := referee.NewScripted()
		champ(p, "Ann", "porc", "navigator", "6", "2/3", "1/2", "2/3")
		p.Set("qc.setup.roll", "3", "answers")
		p.Preset["qc.action"] = []string{"adjust", "end", "end"}
		p.Preset["qc.adjust.what"] = []string{"+15 prosperity"}
		p.Preset["qc.marauder.1.reach"] = []string{"no"}
		p.Preset["qc.marauder.2.reach"] = []string{"no"}
		p.Preset["qc.marauder.3.reach"] = []string{"no"}
		if opts == nil {
			opts = map[string]string{}
		}
		opts["coop"] = "easy"
		h := newHarness(t, "Ann", opts, p)
		h.next() // refresh
		h.next() // +15 Prosperity: the goal
		h.next() // end of turn (at the Home Port)
		return h
	}
	h := start(nil)
	evs := h.next() // end of round 1
	st := h.state()
	require.NotNil(t, st.Result, "the game ends at the end of the round")
	assert.False(t, st.Result.Won, "the Research Mission is open")
	assert.Equal(t, 1, st.Round)
	assert.Contains(t, st.Result.Reason, "research 0/6")
	over := eventsOf(evs, "game-over")
	require.Len(t, over, 1)
	assert.True(t, hasCite(over[0], CiteTheEnd))

	h = start(map[string]string{"coop-goal-ends": "no"})
	h.next()
	st = h.state()
	assert.Nil(t, st.Result, "coop-goal-ends=no plays on")
	assert.Equal(t, 2, st.Round)
}

// "You may have up to 9 Ammo dice at a time." Teammates "may give any number
// of their ... ammo" but not past the receiver's 9: the exchange is refused
// rather than losing dice.
func TestExchangeAmmoUpToNine(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "4", "2/3", "1/2", "2/5")
	champ(p, "Bob", "porc", "navigator", "4", "2/3", "1/2", "2/5")
	champ(p, "Cid", "delf", "cannoneer", "4", "2/3", "1/2", "2/5")
	champ(p, "Dee", "delf", "navigator", "4", "2/3", "1/2", "2/5")
	p.Set("qc.setup.roll", "1,6,2,3", "answers") // Bob first: Bob, Ann, Dee, Cid; Cid starts
	h := newHarness(t, "Ann,Bob,Cid,Dee", map[string]string{"teams": "2"}, p)
	require.Equal(t, "Cid", h.state().cur().Name)
	h.next()
	h.set("qc.action", "exchange", "exchange")
	h.set("qc.exchange.with", "Dee")
	h.set("qc.exchange.give", "5 ammo", "4 ammo")
	h.set("qc.exchange.take", "none")
	before := string(h.s.State)
	err := h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "9 Ammo")
	assert.Equal(t, before, string(h.s.State))
	h.next()
	assert.Equal(t, 1, h.player("Cid").Ammo)
	assert.Equal(t, 9, h.player("Dee").Ammo)
}

// Setup limits: "Free for All (2 to 6 players)" and six ships; each Champion
// tile is one Champion ("Champion Tiles (12)"); "Have teammates sit next to
// each other around the table."; co-op: "Each Champion on a team has a
// different Mission they must complete" (Glossary, Mission).
func TestSetupLimits(t *testing.T) {
	cases := []struct {
		name    string
		players string
		opts    map[string]string
		roles   map[string]string
		want    string
	}{
		{"seven players", "A,B,C,D,E,F,G", nil, nil, "6 players"},
		{"one Champion twice", "A:Valkyr,B:Valkyr", nil, nil, "Valkyr"},
		{"teammates apart", "A,B,C,D", map[string]string{"teams": "A+C,B+D"}, nil, "sit next to each other"},
		{"co-op same Mission", "A,B", map[string]string{"coop": "easy"}, map[string]string{"A": "cannoneer", "B": "cannoneer"}, "different Mission"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := referee.NewScripted()
			roles := []string{"cannoneer", "navigator", "quartermaster"}
			for i, n := range []string{"A", "B", "C", "D", "E", "F", "G", "Valkyr"} {
				r := roles[i%3]
				if c.roles[n] != "" {
					r = c.roles[n]
				}
				champ(p, n, "porc", r, "4", "2/3", "1/2", "2/5")
			}
			p.Set("qc.setup.roll", "6,1,2,3,4,5,5"[:2*len(splitNames(c.players))-1], "answers")
			err := newSessionErr(t, c.players, c.opts, p)
			require.Error(t, err)
			assert.True(t, referee.IsUsage(err), err.Error())
			assert.Contains(t, err.Error(), c.want)
		})
	}
	// Teammates next to each other, the last and the first seat included.
	p := referee.NewScripted()
	for _, n := range []string{"A", "B", "C", "D"} {
		champ(p, n, "porc", "cannoneer", "4", "2/3", "1/2", "2/5")
	}
	p.Set("qc.setup.roll", "6,1,2,3", "answers")
	require.NoError(t, newSessionErr(t, "A,B,C,D", map[string]string{"teams": "D+A,B+C"}, p))
}

// "Roll an Ammo die from your stock for each Cannon you spent. Count the
// number of dots that appear." The faces (dots) are asked once
// (tables.dice.ammo); an answer that is not a list of whole numbers of dots
// is refused (exit 2, naming what is accepted) and not remembered.
func TestAmmoDieFacesAreDots(t *testing.T) {
	for _, bad := range []string{"a,b,c", "1,-2,3", ""} {
		p := referee.NewScripted()
		p.Set("tables.dice.ammo", bad, "answers")
		set, err := tables.New("", nil)
		require.NoError(t, err)
		env := &referee.Env{Prompt: p, Tables: set}
		_, err = AmmoDie(env)
		require.Error(t, err, bad)
		assert.True(t, referee.IsUsage(err), bad)
		assert.Contains(t, err.Error(), "whole number", bad)
		r, _ := set.Lookup("dice", "ammo")
		assert.False(t, r.Known(), "a refused answer is not remembered")
	}
	p := referee.NewScripted()
	p.Set("tables.dice.ammo", "0,1,1,2,2,3", "answers")
	set, err := tables.New("", nil)
	require.NoError(t, err)
	env := &referee.Env{Prompt: p, Tables: set}
	d, err := AmmoDie(env)
	require.NoError(t, err)
	assert.Len(t, d.Faces, 6)
	r, _ := set.Lookup("dice", "ammo")
	assert.True(t, r.Known())
}

// Options with a fixed set of values refuse others (exit 2) and name them.
func TestOptionValuesRefused(t *testing.T) {
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"tiles": "sideways"}, "option tiles=sideways for quests-and-cannons: accepted: random, placed"},
		{map[string]string{"layout": "moon"}, "intro"},
		{map[string]string{"coop-goal-ends": "maybe"}, "yes or no"},
		{map[string]string{"move-extend-actions": "2"}, "yes or no"},
	} {
		p := referee.NewScripted()
		champ(p, "A", "porc", "cannoneer", "4", "2/3", "1/2", "2/5")
		champ(p, "B", "porc", "navigator", "4", "2/3", "1/2", "2/5")
		p.Set("qc.setup.roll", "6,1", "answers")
		err := newSessionErr(t, "A,B", c.opts, p)
		require.Error(t, err, c.opts)
		assert.True(t, referee.IsUsage(err))
		assert.Contains(t, err.Error(), c.want)
	}
}
