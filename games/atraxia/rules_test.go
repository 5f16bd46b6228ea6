package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests found by reading the rulebook line by line against the referee.
// Each one quotes the sentence it checks.

// stepWith starts a 3-clan session (Xanthe fox, Myles rhino, Ann tiger),
// lets mutate change the saved state, and returns a function that plays one
// step with the given answers queued.
func stepWith(t *testing.T, opts map[string]string, answers map[string][]string, mutate func(st *State)) (*referee.Session, func() error) {
	t.Helper()
	p := referee.NewScripted()
	for k, vs := range answers {
		for _, v := range vs {
			p.Set(k, v, "set")
		}
	}
	s, env := newSession(t, p, make([]int, 40), "Xanthe:fox,Myles:rhino,Ann:tiger", opts)
	st := state(t, s)
	st.Started, st.Allowed = true, 2
	if mutate != nil {
		mutate(st)
	}
	require.NoError(t, s.SaveState(st))
	return s, func() error {
		_, err := next(t, s, env)
		return err
	}
}

// "A Clan Leader can choose to Dismount a Crystal already on the board, by
// taking the Dismount action instead and paying 2 AlWood." and "Mounted
// Magic Crystals do not count toward the final score. They must be
// unmounted before the end of the game." Dismounting the only mounted
// crystal must be possible, although nothing is left to convert with.
func TestDismountTheLastCrystal(t *testing.T) {
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"dismount+convert"}}, func(st *State) {
		st.Clans[0].Mounted = []Mount{{Island: "fox-2", Resource: "ammo"}}
	})
	require.NoError(t, step())
	x := state(t, s).Clans[0]
	assert.Empty(t, x.Mounted)
	assert.Equal(t, 1, x.Crystals)
	assert.Equal(t, 3, x.AlWood)
	assert.Equal(t, 1, state(t, s).Actions, "the Currency Conversion action is taken")
}

// "taking a Bonus Action is always optional", and with it the paired Active
// Action is taken; after mounting, converting nothing is accepted (a clan
// may have nothing left to convert), while a plain Currency Conversion
// converts at least one resource.
func TestMountThenConvertNothing(t *testing.T) {
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"mount+convert"}, "wfa.mount.island": {"fox-2"},
		"wfa.mount.resource": {"ammo"}, "wfa.convert.pay": {"none"}}, func(st *State) {
		st.Clans[0].Crystals, st.Clans[0].AlWood, st.Clans[0].OC = 1, 2, 0
	})
	require.NoError(t, step())
	x := state(t, s).Clans[0]
	assert.Equal(t, []Mount{{Island: "fox-2", Resource: "ammo"}}, x.Mounted)
	assert.Equal(t, 0, x.AlWood)

	_, step = stepWith(t, nil, map[string][]string{"wfa.turn.action": {"convert"}, "wfa.convert.pay": {"none"}}, func(st *State) {
		st.Clans[0].Mounted = []Mount{{Island: "fox-2", Resource: "ammo"}}
	})
	assert.ErrorContains(t, step(), "at least one resource")
}

// "Half of the ships from their defeated fleet (rounded down) are sent to
// the Clan Leader's Home Base ... The Capital Ship is always sent to the
// Home Base." within-half: the Capital Ship is one of that half; extra: it
// goes home on top of half of the other ships (never more than that).
func TestRetreatCapitalReadings(t *testing.T) {
	f := Fleet{Capital: 1, Destroyer: 2}
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1}, Reserve: Fleet{Destroyer: 2}}, RetreatOf(f, RetreatWithinHalf))
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1, Destroyer: 1}, Reserve: Fleet{Destroyer: 1}}, RetreatOf(f, RetreatExtra))
	f = Fleet{Capital: 1, Destroyer: 1, Frigate: 1, Gunboat: 1}
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1, Destroyer: 1}, Reserve: Fleet{Frigate: 1, Gunboat: 1}}, RetreatOf(f, RetreatExtra))
	assert.Equal(t, Retreat{Home: Fleet{Capital: 1}}, RetreatOf(Fleet{Capital: 1}, RetreatExtra))
	// The one-shot resolver takes the rule too.
	res, err := Resolve(DefaultValues(), BattleInput{Attacker: Side{Fleet: Fleet{Capital: 1, Destroyer: 2}}, Pirate: true, PirateRolls: []int{6, 6}, Retreat: RetreatExtra})
	require.NoError(t, err)
	assert.Equal(t, Fleet{Capital: 1, Destroyer: 1}, res.Retreat.Home)
	_, err = Resolve(DefaultValues(), BattleInput{Attacker: Side{Fleet: Fleet{Gunboat: 1}}, Defender: Side{Fleet: Fleet{Gunboat: 1}}, Retreat: "half"})
	assert.ErrorContains(t, err, "accepted: within-half, extra")
}

// "(The maximum possible pirate fleet combat power is 27)."
func TestPirateRollsAreDieFaces(t *testing.T) {
	_, err := Resolve(DefaultValues(), BattleInput{Attacker: Side{Fleet: Fleet{Capital: 1}}, Pirate: true, PirateRolls: []int{7, 6}})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "at most 27")
	_, err = Resolve(DefaultValues(), BattleInput{Attacker: Side{Fleet: Fleet{Capital: 1}}, Pirate: true, PirateRolls: []int{0, 6}})
	assert.Error(t, err)
}

// "Winner: ... If the battle location was an opponent's Home Base,
// immediately acquire all Magic Crystals and resources of that opponent."
// "If the battle results in the Clan Leader losing control of their Home
// Base, they are eliminated from the game." "Destroys teleporter (if
// present)." The one-shot result names every consequence.
func TestResolveNamesEveryEffect(t *testing.T) {
	res, err := Resolve(DefaultValues(), BattleInput{Attacker: Side{Fleet: Fleet{Destroyer: 5}}, Defender: Side{Fleet: Fleet{Capital: 1}}, HomeBase: true})
	require.NoError(t, err)
	assert.Equal(t, "attacker", res.Winner)
	assert.Equal(t, 2, res.Crystals)
	assert.True(t, res.HomeBaseFalls)
	assert.Contains(t, res.Effects, "the Home Base falls: the attacker immediately acquires all the defender's Magic Crystals and resources, and gains use of the Home Base's teleporter")
	assert.Contains(t, res.Effects, "the defender has lost its Home Base and is eliminated from the game: no retreat (there is no Home Base left to send ships to); all its ships leave the board")
	// Issue 24: the fallen Home Base is not where the defender retreats.
	assert.Empty(t, res.Retreat.Home, "no ship is sent to a Home Base that fell")
	for _, e := range res.Effects {
		assert.NotContains(t, e, "to its Home Base", "a clan eliminated with its Home Base sends no ship there")
		assert.NotContains(t, e, "teleporter on the location (if any) is destroyed", "the Home Base's own teleporter goes to the winner")
	}
	assert.Contains(t, res.Cites, CiteGameEnd)
	// A strength entered without ships: no retreat computed, said so.
	res, err = Resolve(DefaultValues(), BattleInput{Attacker: Side{Strength: 20}, Defender: Side{Fleet: Fleet{Destroyer: 3}}})
	require.NoError(t, err)
	assert.Equal(t, 20, res.Attacker.Total)
	assert.Equal(t, "attacker", res.Winner)
	res, err = Resolve(DefaultValues(), BattleInput{Attacker: Side{Strength: 10}, Defender: Side{Fleet: Fleet{Destroyer: 3}}})
	require.NoError(t, err)
	assert.Equal(t, Retreat{}, res.Retreat)
	assert.Contains(t, res.Effects[len(res.Effects)-2], "give the ships to see which")
	_, err = Resolve(DefaultValues(), BattleInput{Attacker: Side{Strength: -1}, Defender: Side{Fleet: Fleet{Destroyer: 3}}})
	assert.ErrorContains(t, err, "0 or more accepted")
}

// blockAnswers: Myles's privateer teleports from his Home Base onto
// Xanthe's fox-4 (two Gunboats there), then Xanthe responds.
func blockAnswers(response string) map[string][]string {
	return map[string][]string{"wfa.move.from": {"rhino-home", "rhino-home"}, "wfa.move.to": {"fox-4", "fox-3"}, "wfa.move.ships": {"P", "P"},
		"wfa.move.to.holder": {"fox", "fox"}, "wfa.move.to.capacity": {"4", "4"}, "wfa.move.to.present": {"2", "2"},
		"wfa.privateer.hostages": {"GG"}, "wfa.privateer.response": {response}}
}

func mylesWithPrivateer(st *State) {
	st.Turn = 1
	st.Clans[1].Privateer = "rhino-home"
	// "Using a teleporter, a Clan Leader can use a "Move Ship" action to
	// move their privateer to any dockable island controlled by their
	// opponent".
	st.Clans[1].Teleporters = []string{"fox-4", "fox-3"}
}

// "Once the ransom is paid, the privateer returns to the Clan Leader's Home
// Base, and can be moved again by the Clan Leader on a subsequent turn using
// the Move Ship action."
func TestRansomedPrivateerMovesOnASubsequentTurn(t *testing.T) {
	ans := blockAnswers("ransom")
	ans["wfa.turn.action"] = []string{"move", "move"}
	ans["wfa.ransom.oc"], ans["wfa.ransom.alwood"] = []string{"2"}, []string{"0"}
	s, step := stepWith(t, map[string]string{"pirates": "yes"}, ans, mylesWithPrivateer)
	require.NoError(t, step())
	st := state(t, s)
	assert.Equal(t, "rhino-home", st.Clans[1].Privateer)
	assert.Empty(t, st.Blocks)
	assert.Equal(t, 7, st.Clans[1].OC)
	err := step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "subsequent turn")
}

// "If the attacking player defeats the privateer: it goes back to its Clan
// Leader's reserve and can be repurchased on a subsequent turn."
func TestDefeatedPrivateerRepurchasedOnASubsequentTurn(t *testing.T) {
	ans := blockAnswers("fight")
	ans["wfa.turn.action"] = []string{"move", "buy"}
	ans["wfa.battle.attacker.ammo"] = []string{"5,5,5"}
	ans["wfa.battle.attacker.ability"] = []string{"0"}
	ans["wfa.battle.defender.ammo"] = []string{"none"}
	ans["wfa.battle.defender.ability"] = []string{"0"}
	ans["wfa.buy.gunboat"], ans["wfa.buy.frigate"], ans["wfa.buy.destroyer"] = []string{"0"}, []string{"0"}, []string{"0"}
	ans["wfa.buy.privateer"] = []string{"yes"}
	s, step := stepWith(t, map[string]string{"pirates": "yes"}, ans, func(st *State) {
		mylesWithPrivateer(st)
		st.Clans[1].OC, st.Clans[1].AlWood = 10, 10
		st.Clans[0].Ammo = []int{5, 5, 5}
	})
	require.NoError(t, step())
	st := state(t, s)
	assert.Equal(t, "reserve", st.Clans[1].Privateer)
	assert.Equal(t, 1, st.Clans[0].Crystals)
	assert.Empty(t, st.Blocks)
	err := step()
	require.Error(t, err)
	assert.ErrorContains(t, err, "subsequent turn")
}

// "NOTE: EACH CLAN LEADER MAY ONLY HAVE ONE ACTIVE PRIVATEER ALLY." A
// privateer back in the reserve is not active: its clan may hire a pirate
// again (privateer-rehire=reserve), unless privateer-rehire=no.
func TestRehireWithPrivateerInReserve(t *testing.T) {
	ans := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-1"}, "wfa.move.to": {"apex1"}, "wfa.move.ships": {"C"},
		"wfa.move.to.capacity": {"5"}, "wfa.move.to.present": {"0"}, "wfa.pirate.choice": {"hire"}}
	prep := func(st *State) {
		st.Clans[0].Capital, st.Clans[0].Privateer, st.Clans[0].OC = "fox-1", "reserve", 8
	}
	s, step := stepWith(t, map[string]string{"pirates": "yes"}, ans, prep)
	require.NoError(t, step())
	st := state(t, s)
	assert.Equal(t, "fox-home", st.Clans[0].Privateer)
	assert.Equal(t, 2, st.Clans[0].OC)
	assert.False(t, st.Apex[0].Pirate)

	_, step = stepWith(t, map[string]string{"pirates": "yes", "privateer-rehire": "no"}, ans, prep)
	assert.ErrorContains(t, step(), "one active Privateer")
	// An active privateer on the board always forbids a second.
	_, step = stepWith(t, map[string]string{"pirates": "yes"}, ans, func(st *State) {
		prep(st)
		st.Clans[0].Privateer = "fox-home"
	})
	assert.ErrorContains(t, step(), "one active Privateer")
}

// "Purchased ships can be placed at any location controlled by the Clan
// Leader" and "The pirate ship retains control of the Apex Island."
func TestBoughtShipsNotOnPirateApex(t *testing.T) {
	_, step := stepWith(t, map[string]string{"pirates": "yes"}, map[string][]string{"wfa.turn.action": {"buy"}, "wfa.buy.gunboat": {"1"},
		"wfa.buy.frigate": {"0"}, "wfa.buy.destroyer": {"0"}, "wfa.buy.place.location": {"apex2"}}, nil)
	err := step()
	require.Error(t, err)
	assert.ErrorContains(t, err, "apex2 is not controlled by Xanthe (held by the pirates)")
}

// "To convert resources, the Clan Leader chooses an island they control that
// has a Magic Crystal mounted." and "While the island is held hostage, the
// opponent cannot collect resources or take any other action that requires
// control of the island."
func TestNoConversionOnABlockedIsland(t *testing.T) {
	_, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"convert"}}, func(st *State) {
		st.Clans[0].Mounted = []Mount{{Island: "fox-4", Resource: "oc"}}
		st.Blocks = []*Block{{Island: "fox-4", Owner: "rhino", Victim: "fox", Hostages: Fleet{Gunboat: 1}}}
	})
	err := step()
	require.Error(t, err)
	assert.ErrorContains(t, err, "blocked by a privateer")
}

// battleExample plays the rulebook's Battle Example on fox-4.
func battleExample(t *testing.T, opts map[string]string, extra map[string][]string, mutate func(st *State)) (*referee.Session, error) {
	ans := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"rhino-1"}, "wfa.move.to": {"fox-4"}, "wfa.move.ships": {"DDD"},
		"wfa.move.to.holder": {"fox"}, "wfa.move.to.capacity": {"8"}, "wfa.move.to.present": {"1"},
		"wfa.battle.defender.fleet": {"F"}, "wfa.battle.defender.reinforce": {"DD"},
		"wfa.battle.attacker.ammo": {"5"}, "wfa.battle.attacker.power": {"1"}, "wfa.battle.attacker.power.own": {"0"}, "wfa.battle.attacker.power.against": {"-4"}, "wfa.battle.attacker.ability": {"0"},
		"wfa.battle.defender.ammo": {"2,2,1"}, "wfa.battle.defender.power": {"1"}, "wfa.battle.defender.power.own": {"0"}, "wfa.battle.defender.power.against": {"-6"}, "wfa.battle.defender.ability": {"0"}}
	for k, v := range extra {
		ans[k] = v
	}
	s, step := stepWith(t, opts, ans, func(st *State) {
		st.Turn = 1
		x, m := st.Clans[0], st.Clans[1]
		m.Reserve = Fleet{Destroyer: 2, Frigate: 4, Gunboat: 3}
		m.Ammo, m.Power = []int{5}, 1
		x.Reserve = Fleet{Destroyer: 3, Frigate: 4, Gunboat: 3}
		x.Ammo, x.Power = []int{2, 2, 1}, 1
		m.Teleporters = []string{"rhino-1", "fox-4"} // continents "not connect to one another"
		if mutate != nil {
			mutate(st)
		}
	})
	return s, step()
}

// "While mounted, a Magic Crystal is vulnerable. If an opponent gains
// control of the island they will also gain control of the Magic Crystal."
// It stays mounted, now the winner's (captured-crystal=mounted); loose
// makes it a loose crystal of the winner.
func TestCapturedMountedCrystal(t *testing.T) {
	mount := func(st *State) {
		st.Clans[0].Mounted = []Mount{{Island: "fox-4", Resource: "oc"}}
		st.Clans[0].Crystals = 0
	}
	pay := map[string][]string{"wfa.battle.defender.convert.pay": {"none"}}
	s, err := battleExample(t, nil, pay, mount)
	require.NoError(t, err)
	st := state(t, s)
	x, m := st.Clans[0], st.Clans[1]
	assert.Empty(t, x.Mounted)
	assert.Equal(t, []Mount{{Island: "fox-4", Resource: "oc"}}, m.Mounted)
	assert.Equal(t, 1, m.Crystals, "only the battle's Magic Crystal is loose")

	s, err = battleExample(t, map[string]string{"captured-crystal": "loose"}, pay, mount)
	require.NoError(t, err)
	st = state(t, s)
	assert.Empty(t, st.Clans[1].Mounted)
	assert.Equal(t, 2, st.Clans[1].Crystals)
}

// "The Isle of Myth can not be part of a connected trail." The defender's
// free Redistribute cannot bring the Capital Ship from the Isle.
func TestReinforceNotFromTheIsle(t *testing.T) {
	_, err := battleExample(t, nil, map[string][]string{"wfa.battle.defender.reinforce": {"C"}}, func(st *State) {
		st.Clans[0].Capital = "isle"
		st.Isle = Isle{Clan: "fox", Holder: "fox", Fleet: Fleet{Capital: 1}, Entered: true}
		st.Count = 4
	})
	require.Error(t, err)
	assert.ErrorContains(t, err, "connected trail")
}

// A retreat the loser names that breaks "half ... rounded down" is refused
// (exit 2), not silently replaced.
func TestRetreatChoiceChecked(t *testing.T) {
	s, err := battleExample(t, nil, map[string][]string{"wfa.battle.retreat.home": {"F"}}, nil)
	require.NoError(t, err)
	assert.Equal(t, Fleet{Destroyer: 5, Frigate: 4, Gunboat: 3}, state(t, s).Clans[0].Reserve)
	_, err = battleExample(t, nil, map[string][]string{"wfa.battle.retreat.home": {"DF"}}, nil)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "half rounded down")
}

// "immediately place the Turn Tracker token on the number 5 on the Isle of
// Myth when the first Clan Leader enters the Isle of Myth. The marker is
// then advanced to a lower number at the end of each round. Once the marker
// reaches number 1, that signals the last round" (countdown=marker), or
// "the game will end after 5 more rounds" counted after the entry round
// (countdown=after-entry).
func TestCountdownReadings(t *testing.T) {
	for _, c := range []struct {
		opt        string
		lastRound  int
		roundsLeft int
	}{{"marker", 6, 4}, {"after-entry", 7, 5}} {
		st, tt := testTurn(t, nil)
		st.Opts.Countdown = c.opt
		st.Round = 2
		tt.startCountdown()
		assert.Equal(t, 5, st.Count)
		for st.Count > 1 {
			require.NoError(t, tt.endRound())
			require.LessOrEqual(t, st.Round, 10)
		}
		for i, cl := range st.Clans {
			cl.Crystals = i // no tie: final scoring asks nothing
		}
		require.NoError(t, tt.endRound())
		assert.True(t, st.Over)
		assert.Equal(t, c.lastRound, st.Round, c.opt)
		assert.Equal(t, c.roundsLeft, c.lastRound-2, c.opt)
	}
}

// "Move Ships: Used to move ships from one location to any immediately
// adjacent location which is NOT under the Clan Leader's control." /
// "In the Redistribute Ships action, a Clan Leader can move multiple ships
// along a Connected Trail of islands." A pirate-held Apex Island is met by
// Move Ships, not slipped into by Redistribute.
func TestRedistributeNotOntoPirates(t *testing.T) {
	_, step := stepWith(t, map[string]string{"pirates": "yes"}, map[string][]string{"wfa.turn.action": {"redistribute"},
		"wfa.redistribute.from": {"fox-home"}, "wfa.redistribute.to": {"apex1"}}, nil)
	err := step()
	require.Error(t, err)
	assert.ErrorContains(t, err, "held by the pirates")
}
