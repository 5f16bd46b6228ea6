package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests for issue 13 (items 13-21), each written from the rulebook lines
// the issue names.

// war-for-atraxia/game-setup: "Place each board so that the northernmost island on each board is
// attached to an Apex Island of the central continent ... Player
// Continents should be spaced as evenly as possible, and not connect to
// one another." war-for-atraxia/dockable-and-non-dockable-islands: "When crossing to another continent, dockable
// islands must be used." A move from one player continent to another is
// refused without teleporters at both ends, and accepted with them.
func TestNoCrossingBetweenPlayerContinents(t *testing.T) {
	for _, c := range []struct{ from, ships, to string }{
		{"fox-home", "C", "rhino-3"},
		{"fox-1", "G", "rhino-home"},
		{"fox-4", "G", "tiger-1"},
	} {
		s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {c.from}, "wfa.move.to": {c.to},
			"wfa.move.ships": {c.ships}, "wfa.move.to.holder": {"none"}, "wfa.move.to.capacity": {"9"}, "wfa.move.to.present": {"0"}}, func(st *State) {
			st.Clans[0].Capital = "fox-home"
		})
		err := step()
		require.Error(t, err, c)
		assert.True(t, referee.IsUsage(err))
		assert.ErrorContains(t, err, "not connect to one another", c)
		assert.Equal(t, 0, state(t, s).Actions, c)
	}
	// Between two of the clan's teleporters the move is accepted.
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"rhino-3"},
		"wfa.move.ships": {"C"}, "wfa.move.to.holder": {"none"}, "wfa.move.to.capacity": {"9"}, "wfa.move.to.present": {"0"}}, func(st *State) {
		st.Clans[0].Teleporters = []string{"fox-1", "rhino-3"}
	})
	require.NoError(t, step())
	assert.Equal(t, "rhino-3", state(t, s).Clans[0].Capital)
}

// war-for-atraxia/privateer-rules: "Using a teleporter, a Clan Leader can use a "Move Ship" action to
// move their privateer to any dockable island controlled by their opponent
// to block the island." war-for-atraxia/build-deploy-teleporter: "Once built, Clan Leaders can consider
// islands with their teleporters as adjacent". A privateer blocks only
// between two of its clan's teleporters, not by sailing to an adjacent
// island.
func TestPrivateerBlocksOnlyByTeleporter(t *testing.T) {
	ans := blockAnswers("wait")
	ans["wfa.turn.action"] = []string{"move"}
	ans["wfa.move.from"], ans["wfa.move.to"] = []string{"apex1"}, []string{"fox-1"}
	s, step := stepWith(t, nil, ans, func(st *State) {
		mylesWithPrivateer(st)
		st.Clans[1].Privateer = "apex1"
		st.Clans[1].Teleporters = []string{"rhino-1", "fox-3"}
		st.Apex[0].Tile = 0
	})
	err := step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "no teleporter on apex1")
	assert.Empty(t, state(t, s).Blocks)
	// With a teleporter at each end it blocks.
	s, step = stepWith(t, nil, ans, func(st *State) {
		mylesWithPrivateer(st)
		st.Clans[1].Privateer = "apex1"
		st.Clans[1].Teleporters = []string{"apex1", "fox-1"}
		st.Apex[0].Tile = 0
	})
	require.NoError(t, step())
	require.Len(t, state(t, s).Blocks, 1)
	assert.Equal(t, "fox-1", state(t, s).Blocks[0].Island)
}

// war-for-atraxia/player-setup: "Gather 1 Capital Ship, 6 Gunboats, 5 Frigates, and 5 Destroyers";
// war-for-atraxia/the-rise-of-pirates-mini-expansion/gameplay: "Each Apex Island surrounding the Isle of Myth is guarded by one
// pirate ship". No clan's ships leave a pirate-held Apex Island, and the
// fleet bosun keeps on the Isle never exceeds the clan's ships.
func TestIsleFleetWithinTheClansShips(t *testing.T) {
	pirates := map[string]string{"pirates": "yes"}
	ans := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"apex2"}, "wfa.move.to": {"isle"}, "wfa.move.ships": {"GG"}}
	s, step := stepWith(t, pirates, ans, func(st *State) { st.Clans[0].ApexEntered = true })
	err := step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "no clan's ships are on apex2 (held by the pirates)")
	assert.Empty(t, state(t, s).Isle.Fleet)

	// Three Gunboats on the board, all on the Isle already: two more are refused.
	ans["wfa.move.from"] = []string{"apex1"}
	s, step = stepWith(t, pirates, ans, func(st *State) {
		st.Apex[0].Pirate = false
		st.Isle.Clan, st.Isle.Fleet = "fox", Fleet{Gunboat: 3}
	})
	err = step()
	require.Error(t, err)
	assert.ErrorContains(t, err, "would exceed Xanthe's ships on the board")
	assert.Equal(t, Fleet{Gunboat: 3}, state(t, s).Isle.Fleet)

	// One Gunboat on the Isle: two more join it.
	s, step = stepWith(t, pirates, ans, func(st *State) {
		st.Apex[0].Pirate = false
		st.Isle.Clan, st.Isle.Fleet = "fox", Fleet{Gunboat: 1}
	})
	require.NoError(t, step())
	assert.Equal(t, Fleet{Gunboat: 3}, state(t, s).Isle.Fleet)
}

// war-for-atraxia/rules-of-warfare: "Opposing fleets cannot exist in the same location. Whenever a Clan
// Leader's fleet moves into a location already occupied by another Clan
// Leader's fleet, a battle is triggered." With war-for-atraxia/privateer-rules ("The privateer can
// be part of a defending fleet ... adds 15"): moving onto a Home Base held
// only by its owner's privateer is a battle (15 + 10 for the Home Base),
// not a quiet move with both sides staying.
func TestHomeBaseHeldByItsPrivateerIsABattle(t *testing.T) {
	ans := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"rhino-4"}, "wfa.move.to": {"rhino-home"}, "wfa.move.ships": {"C"},
		"wfa.move.to.holder": {"none"}, "wfa.move.to.capacity": {"9"}, "wfa.move.to.present": {"1"},
		"wfa.battle.defender.fleet": {"none"}, "wfa.battle.defender.reinforce": {"none"},
		"wfa.battle.attacker.ammo": {"none"}, "wfa.battle.attacker.ability": {"0"}, "wfa.battle.defender.ammo": {"none"}, "wfa.battle.defender.ability": {"0"}}
	s, step := stepWith(t, map[string]string{"pirates": "yes"}, ans, func(st *State) {
		st.Clans[0].Capital = "rhino-4"
		st.Clans[1].Capital, st.Clans[1].Privateer = "rhino-1", "rhino-home"
	})
	require.NoError(t, step())
	st := state(t, s)
	// Xanthe 10 against the privateer 15 + Home Base 10: Myles keeps it.
	assert.Equal(t, "fox-home", st.Clans[0].Capital, "the beaten Capital Ship goes home")
	assert.Equal(t, 2, st.Clans[1].Crystals, "beating a fleet with a Capital Ship gives 2")
	assert.Equal(t, "rhino-home", st.Clans[1].Privateer)
	assert.False(t, st.Clans[1].Eliminated)
	var found bool
	for _, e := range s.Log {
		if e.Type == "battle" {
			found = true
			assert.Contains(t, e.Text, "Myles: 15 + 10 = 25")
		}
	}
	assert.True(t, found, "a battle is fought")
}

// war-for-atraxia/upkeep-cost: "If they cannot pay the full upkeep cost, they must move their
// entire fleet to the nearest island they control." war-for-atraxia/fleet-capacity-of-the-region: "Once the
// capacity is full, additional ships can not enter the island for any
// reason". The forced move goes to an island with room for the fleet.
func TestForcedUpkeepMoveKeepsCapacity(t *testing.T) {
	st, tt := testTurn(t, map[string][]string{"wfa.isle.upkeep.to": {"apex1", "fox-1"},
		"wfa.isle.upkeep.to.capacity": {"4", "6"}, "wfa.isle.upkeep.to.present": {"2", "1"}})
	x := st.Clans[0]
	x.Capital, x.OC, x.Reserve = "isle", 0, Fleet{Destroyer: 3, Frigate: 4, Gunboat: 3}
	st.Isle = Isle{Clan: "fox", Fleet: Fleet{Capital: 1, Destroyer: 2}, Holder: "fox", Entered: true}
	st.Apex[0].Tile = 0 // explored: Xanthe's ships hold it
	paid, err := tt.upkeep(x, false)
	require.NoError(t, err)
	assert.False(t, paid)
	assert.Equal(t, "fox-1", x.Capital, "apex1 (2 of 4 taken) has no room for 3 ships")
	assert.Empty(t, st.Isle.Fleet)
}

// war-for-atraxia/combat-the-privateer: "Combat involving the privateer follows the normal rules of
// warfare (see pg 17) ... In addition to the normal resolution of combat,
// including gaining rewards and retreat" with war-for-atraxia/loser, the loser "Destroys
// teleporter (if present)": a beaten privateer costs its clan's teleporter
// on that island, and a beaten blocked clan its own.
func TestPrivateerBattleLoserLosesTeleporter(t *testing.T) {
	for _, c := range []struct {
		ammo     []int
		play     string
		myles    []string
		xanthe   []string
		blockers int
	}{
		{[]int{5, 5, 5}, "5,5,5", []string{"fox-3"}, []string{"fox-1", "fox-4"}, 0},
		{nil, "", []string{"fox-4", "fox-3"}, []string{"fox-1"}, 1},
	} {
		ans := blockAnswers("fight")
		ans["wfa.turn.action"] = []string{"move"}
		if c.play != "" {
			ans["wfa.battle.attacker.ammo"] = []string{c.play}
		}
		ans["wfa.battle.attacker.ability"], ans["wfa.battle.defender.ammo"], ans["wfa.battle.defender.ability"] = []string{"0"}, []string{"none"}, []string{"0"}
		s, step := stepWith(t, map[string]string{"pirates": "yes"}, ans, func(st *State) {
			mylesWithPrivateer(st)
			st.Clans[0].Ammo, st.Clans[0].Teleporters = c.ammo, []string{"fox-1", "fox-4"}
		})
		require.NoError(t, step())
		st := state(t, s)
		assert.Equal(t, c.myles, st.Clans[1].Teleporters)
		assert.Equal(t, c.xanthe, st.Clans[0].Teleporters)
		assert.Len(t, st.Blocks, c.blockers)
	}
}

// Ruling (pirate-teleporter). war-for-atraxia/if-the-clan-leader-is-defeated: "If the Clan Leader is Defeated:
// The Clan Leader retreats. Half of the ships ... The Capital Ship is always
// sent to the Home Base. The pirate ship retains control of the Apex
// Island." names no teleporter (kept, the default); the loser of war-for-atraxia/loser "Destroys
// teleporter (if present)" applies with pirate-teleporter=destroyed.
func TestPirateDefeatTeleporterReadings(t *testing.T) {
	for opt, want := range map[string][]string{"": {"fox-4", "apex1"}, "kept": {"fox-4", "apex1"}, "destroyed": {"fox-4"}} {
		opts := map[string]string{"pirates": "yes"}
		if opt != "" {
			opts["pirate-teleporter"] = opt
		}
		ans := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-1"}, "wfa.move.to": {"apex1"}, "wfa.move.ships": {"C"},
			"wfa.move.to.capacity": {"5"}, "wfa.move.to.present": {"0"}, "wfa.pirate.choice": {"fight"},
			"wfa.battle.attacker.ammo": {"none"}, "wfa.battle.attacker.ability": {"0"}}
		s, step := stepWith(t, opts, ans, func(st *State) {
			st.Clans[0].Capital, st.Clans[0].Teleporters = "fox-1", []string{"fox-4", "apex1"}
		})
		require.NoError(t, step(), opt)
		st := state(t, s)
		assert.True(t, st.Apex[0].Pirate, "the pirate wins (10 against 15 + two rolls)")
		assert.Equal(t, "fox-home", st.Clans[0].Capital)
		assert.Equal(t, want, st.Clans[0].Teleporters, opt)
	}
}

// Ruling (countdown). war-for-atraxia/objective: "Once this occurs, the game ends after 5 more
// rounds." war-for-atraxia/game-end: "the game will end after 5 more rounds". The default
// plays five rounds after the entry round; countdown=marker plays four.
func TestCountdownDefaultIsFiveMoreRounds(t *testing.T) {
	o, err := ParseOptions(nil)
	require.NoError(t, err)
	assert.Equal(t, "after-entry", o.Countdown)
	assert.Equal(t, "kept", o.PirateTele)
	assert.Equal(t, 7, LastRound(DefaultValues(), 2, o.Countdown), "entry in round 2: rounds 3-7 follow")
	assert.Equal(t, 6, LastRound(DefaultValues(), 2, "marker"))
}

// war-for-atraxia/upgrade-clan-leader-s-ability: "Clan Leaders can perform this action at any point during their
// turn, as a free action." war-for-atraxia/player-actions: "On each turn, a Clan Leader may perform
// any two Active Actions." After the last Active Action an upgrade still
// follows; another Active Action is refused; the turn ends when the player
// says so, or by itself once no free action is left.
func TestFreeActionAfterTheLastActiveAction(t *testing.T) {
	ans := map[string][]string{"wfa.turn.action": {"collect", "upgrade", "buy"}, "wfa.turn.continent": {"no"},
		"wfa.collect.oc": {"1"}, "wfa.collect.alwood": {"1"}, "wfa.collect.ammo": {"0"}}
	s, step := stepWith(t, nil, ans, func(st *State) {
		st.Actions, st.Clans[0].Crystals = 1, 1
	})
	require.NoError(t, step())
	st := state(t, s)
	assert.Equal(t, 0, st.Turn, "Xanthe may still upgrade: her turn goes on")
	assert.Equal(t, 2, st.Actions)
	require.NoError(t, step())
	st = state(t, s)
	assert.Equal(t, 2, st.Clans[0].Ability)
	assert.Equal(t, 1, st.Turn, "no free action left: the turn ends by itself")

	// With the upgrade open, a third Active Action is refused and end ends the turn.
	ans["wfa.turn.action"] = []string{"collect", "buy", "end"}
	s, step = stepWith(t, nil, ans, func(st *State) {
		st.Actions, st.Clans[0].Crystals = 1, 1
	})
	require.NoError(t, step())
	err := step()
	require.Error(t, err)
	assert.ErrorContains(t, err, "has taken the 2 Active Actions")
	assert.ErrorContains(t, err, "accepted now: upgrade, end")
	assert.Equal(t, 0, state(t, s).Turn)
	require.NoError(t, step())
	assert.Equal(t, 1, state(t, s).Turn, "end ends the turn")
	assert.Equal(t, 1, state(t, s).Clans[0].Crystals, "the crystal was not spent")
}

// After the last Active Action with a free action open, status says so.
func TestStatusAfterTheLastActiveAction(t *testing.T) {
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"collect"}, "wfa.turn.continent": {"no"},
		"wfa.collect.oc": {"1"}, "wfa.collect.alwood": {"1"}, "wfa.collect.ammo": {"0"}}, func(st *State) {
		st.Actions, st.Clans[0].Crystals = 1, 1
	})
	require.NoError(t, step())
	p := referee.NewScripted()
	v, err := Game{}.Status(s, &referee.Env{Prompt: p})
	require.NoError(t, err)
	assert.Contains(t, v.Text(), "no Active Action left: a free action (upgrade, ransom) or end")
	_, err = ParseFleet("7g")
	assert.ErrorContains(t, err, "has 7 gunboat; a clan has at most 6")
}
