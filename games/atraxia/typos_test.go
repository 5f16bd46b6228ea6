package atraxia

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTypoIsReasked: a typo in a location, fleet, ammo, payment or
// destination answer is refused inside the question (re-asked in place at
// a terminal, with the reason), and the step then completes with the good
// answer instead of ending.
func TestTypoIsReasked(t *testing.T) {
	battle := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"rhino-1"}, "wfa.move.to": {"fox-4"}, "wfa.move.ships": {"DDD"},
		"wfa.move.to.holder": {"fox"}, "wfa.move.to.capacity": {"8"}, "wfa.move.to.present": {"1"},
		"wfa.battle.defender.fleet": {"F"}, "wfa.battle.defender.reinforce": {"DD"},
		"wfa.battle.attacker.ammo": {"5"}, "wfa.battle.attacker.power": {"1"}, "wfa.battle.attacker.power.own": {"0"}, "wfa.battle.attacker.power.against": {"-4"}, "wfa.battle.attacker.ability": {"0"},
		"wfa.battle.defender.ammo": {"2,2,1"}, "wfa.battle.defender.power": {"1"}, "wfa.battle.defender.power.own": {"0"}, "wfa.battle.defender.power.against": {"-6"}, "wfa.battle.defender.ability": {"0"},
		"wfa.battle.retreat.home": {"F"}}
	battleSetup := func(st *State) {
		st.Turn = 1
		x, m := st.Clans[0], st.Clans[1]
		m.Reserve = Fleet{Destroyer: 2, Frigate: 4, Gunboat: 3}
		m.Ammo, m.Power = []int{5}, 1
		x.Reserve = Fleet{Destroyer: 3, Frigate: 4, Gunboat: 3}
		x.Ammo, x.Power = []int{2, 2, 1}, 1
		m.Teleporters = []string{"rhino-1", "fox-4"} // continents "not connect to one another"
	}
	moveApex := map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-1"}, "wfa.move.to": {"apex1"},
		"wfa.move.ships": {"C"}, "wfa.move.to.capacity": {"5"}, "wfa.move.to.present": {"0"}, "wfa.pirate.choice": {"hire"}}
	cases := []struct {
		name    string
		opts    map[string]string
		answers map[string][]string
		typos   map[string][]string
		mutate  func(st *State)
		refused []string // one per typo, in order of the keys' questions
		check   func(t *testing.T, st *State)
	}{
		{"move from", map[string]string{"pirates": "yes"}, moveApex,
			map[string][]string{"wfa.turn.action": {"upgrade"}, "wfa.move.from": {"fox-l"}}, func(st *State) { st.Clans[0].Capital, st.Clans[0].OC = "fox-1", 8 },
			[]string{"; accepted now: ", `atraxia: "fox-l" is not a location`},
			func(t *testing.T, st *State) { assert.Equal(t, "apex1", st.Clans[0].Capital) }},
		{"move to the same place, then ships not on the board", map[string]string{"pirates": "yes"}, moveApex,
			map[string][]string{"wfa.move.to": {"fox-1"}, "wfa.move.ships": {"CD"}}, func(st *State) { st.Clans[0].Capital, st.Clans[0].OC = "fox-1", 8 },
			[]string{"atraxia: a move goes to another location", "atraxia: Xanthe has"},
			func(t *testing.T, st *State) { assert.Equal(t, "apex1", st.Clans[0].Capital) }},
		{"battle fleets, ammo and retreat", nil, battle,
			map[string][]string{"wfa.battle.defender.fleet": {"FF"}, "wfa.battle.defender.reinforce": {"P"}, "wfa.battle.attacker.ammo": {"5,5"}, "wfa.battle.defender.ammo": {"3"}, "wfa.battle.retreat.home": {"DF"}},
			battleSetup,
			[]string{"is not Xanthe's fleet on fox-4", "the privateer cannot join a defending fleet", "Myles holds the Ammo cards 5, cannot play 5+5", `"3" is not a card value`, "half rounded down"},
			func(t *testing.T, st *State) {
				assert.Equal(t, Fleet{Destroyer: 5, Frigate: 4, Gunboat: 3}, st.Clans[0].Reserve)
				assert.Empty(t, st.Clans[1].Ammo)
			}},
		{"mount on another continent, then an unaffordable payment", nil,
			map[string][]string{"wfa.turn.action": {"mount+convert"}, "wfa.mount.island": {"fox-2"}, "wfa.mount.resource": {"ammo"}, "wfa.convert.pay": {"oc=1"}},
			map[string][]string{"wfa.mount.island": {"rhino-2"}, "wfa.convert.pay": {"oc=3", "oc:1"}},
			func(st *State) {
				st.Clans[0].Crystals, st.Clans[0].AlWood, st.Clans[0].OC, st.Clans[0].Ammo = 1, 2, 2, nil
			},
			[]string{"Magic Crystals are mounted only on islands of the clan's own continent", "Xanthe has 2 OC and 0 AlWood, cannot pay 3 OC", `"oc:1" is not a payment`},
			func(t *testing.T, st *State) {
				assert.Equal(t, 1, st.Clans[0].OC)
				assert.Equal(t, []int{1}, st.Clans[0].Ammo)
			}},
		{"redistribute destinations", nil,
			map[string][]string{"wfa.turn.action": {"redistribute"}, "wfa.redistribute.from": {"fox-home"}, "wfa.redistribute.to": {"fox-4"}, "wfa.redistribute.ships": {"G"},
				"wfa.redistribute.capacity": {"5"}, "wfa.redistribute.present": {"0"}},
			map[string][]string{"wfa.redistribute.from": {"isle"}, "wfa.redistribute.to": {"fox-home", "fox-44"}, "wfa.redistribute.ships": {"CCC"}},
			func(st *State) { st.Clans[0].Reserve = Fleet{} },
			[]string{"the Isle of Myth cannot be part of a connected trail", "fox-home is where the ships start", `"fox-44" is not a location`, "a clan has at most 1"},
			nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sp := referee.NewScripted()
			for k, vs := range c.answers {
				for _, v := range vs {
					sp.Set(k, v, "set")
				}
			}
			typos := map[string][]string{}
			n := 0
			for k, v := range c.typos {
				typos[k] = v
				n += len(v)
			}
			p := refereetest.NewTypos(t, sp, typos)
			s, env := newSession(t, sp, make([]int, 40), "Xanthe:fox,Myles:rhino,Ann:tiger", c.opts)
			env.Prompt = p
			st := state(t, s)
			st.Started, st.Allowed = true, 2
			if c.mutate != nil {
				c.mutate(st)
			}
			require.NoError(t, s.SaveState(st))
			_, err := next(t, s, env)
			require.NoError(t, err)
			assert.Empty(t, p.Unasked(), "every typo's question was asked")
			var got []string
			for k := range c.typos {
				got = append(got, p.ByKey[k]...)
			}
			require.Len(t, got, n, "every typo was refused")
			for _, want := range c.refused {
				found := false
				for _, g := range got {
					if strings.Contains(g, want) {
						found = true
					}
				}
				assert.True(t, found, "a typo was refused with %q; refusals: %q", want, got)
			}
			if c.check != nil {
				c.check(t, state(t, s))
			}
		})
	}
}
