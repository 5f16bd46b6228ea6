package atraxia

import (
	"fmt"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func loadAnswers(t *testing.T, path string) *referee.Scripted {
	return refereetest.LoadAnswers(t, path)
}

func newSession(t *testing.T, p *referee.Scripted, seq []int, players string, opts map[string]string) (*referee.Session, *referee.Env) {
	t.Helper()
	return newSessionWith(t, p, declare(t, p), seq, players, opts)
}

// newSessionWith starts a session whose questions go to ask (p, wrapped).
func newSessionWith(t *testing.T, p *referee.Scripted, ask referee.Prompter, seq []int, players string, opts map[string]string) (*referee.Session, *referee.Env) {
	t.Helper()
	set, err := tables.New("", nil)
	require.NoError(t, err)
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{Seq: seq}, ask), Prompt: ask, Tables: set}
	var ps []referee.Player
	for _, s := range referee.SplitList(players) {
		var name, side string
		fmt.Sscanf(s, "%s", &name)
		if i := indexByte(s, ':'); i >= 0 {
			name, side = s[:i], s[i+1:]
		}
		ps = append(ps, referee.Player{Name: name, Side: side})
	}
	s, err := referee.NewSession(Game{}, "t", ps, opts, 1, referee.Virtual, env)
	require.NoError(t, err)
	return s, env
}

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

func state(t *testing.T, s *referee.Session) *State {
	st, err := load(s)
	require.NoError(t, err)
	return st
}

func TestScriptedFourPlayerSession(t *testing.T) {
	p := loadAnswers(t, "testdata/session-4p.yaml")
	seq := []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2} // 7 tile-shuffle draws, then pirate dice
	s, env := newSession(t, p, seq, "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", map[string]string{"pirates": "yes", "countdown": "marker"})
	st := state(t, s)
	require.Len(t, st.Apex, 6)
	for _, a := range st.Apex {
		assert.True(t, a.Pirate)
	}
	steps := 0
	for !s.Over {
		_, err := next(t, s, env)
		require.NoError(t, err, "step %d", steps+1)
		steps++
		require.Less(t, steps, 60)
	}
	assert.Equal(t, 37, steps) // Xanthe ends rounds 1 and 2 herself: her upgrade stays open
	st = state(t, s)
	x, m, a, b := st.Clans[0], st.Clans[1], st.Clans[2], st.Clans[3]
	assert.Equal(t, []string{"Xanthe"}, st.Winners)
	assert.Equal(t, 10, x.Crystals) // 1 pirate + 3 upkeep + 3 upkeep + 3 final
	assert.Equal(t, 1, x.OC)
	assert.Equal(t, "isle", x.Capital)
	assert.Equal(t, 6, m.OC) // 4 after hiring + 2 ransom
	assert.Equal(t, "rhino-home", m.Privateer)
	assert.Equal(t, "tiger-home", a.Capital)
	assert.Equal(t, Fleet{Destroyer: 3, Frigate: 4, Gunboat: 3}, b.Reserve)
	assert.Empty(t, st.Blocks)
	assert.False(t, st.Apex[0].Pirate)
	assert.False(t, st.Apex[1].Pirate)
	assert.True(t, st.Apex[2].Pirate)
	require.Len(t, st.Scores, 4)
	var order []string
	for _, sc := range st.Scores {
		order = append(order, fmt.Sprintf("%d:%s", sc.Rank, sc.Player))
	}
	assert.Equal(t, []string{"1:Xanthe", "2:Myles", "3:Bob", "4:Ann"}, order)
	assert.Equal(t, 28, st.Scores[2].Strength)
	assert.Equal(t, 16, st.Scores[3].Strength)

	types := map[string]int{}
	for _, ev := range s.Live() {
		types[ev.Type]++
		if ev.Type != "dice" && ev.Type != "undo" {
			assert.NotEmpty(t, ev.Cites, "event %s %q has no cites", ev.Type, ev.Text)
		}
	}
	assert.Equal(t, 2, types["pirate-battle"])
	assert.Equal(t, 1, types["privateer-hired"])
	assert.Equal(t, 1, types["privateer-block"])
	assert.Equal(t, 1, types["ransom"])
	assert.Equal(t, 4, types["upkeep"])
	assert.Equal(t, 1, types["final-scoring"])
	assert.Equal(t, 5, types["countdown"]) // start at 5, then 4, 3, 2, 1

	_, err := next(t, s, env)
	assert.True(t, referee.IsUsage(err))
}

func TestForbiddenActions(t *testing.T) {
	cases := []struct {
		name    string
		answers map[string][]string
		opts    map[string]string
		want    string
	}{
		{"buy beyond means", map[string][]string{"wfa.turn.action": {"buy"}, "wfa.buy.gunboat": {"0"}, "wfa.buy.frigate": {"0"}, "wfa.buy.destroyer": {"2"}}, nil, "from 0 to 1 (ships in the reserve, all costs paid: 5 in reserve, 4 OC each, 5 OC and 5 AlWood left)"},
		{"buy beyond reserve", map[string][]string{"wfa.turn.action": {"buy"}, "wfa.buy.gunboat": {"4"}}, nil, "answer \"4\" for wfa.buy.gunboat"},
		{"buy beyond reserve range", map[string][]string{"wfa.turn.action": {"buy"}, "wfa.buy.gunboat": {"4"}}, nil, "from 0 to 3 (ships in the reserve"},
		{"first apex entry without capital", map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-4"}, "wfa.move.to": {"apex1"}, "wfa.move.to.capacity": {"5"}, "wfa.move.ships": {"G"}}, nil, "answer \"G\" for wfa.move.ships"},
		{"isle not from apex", map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"isle"}, "wfa.move.ships": {"C"}}, nil, "only from an adjacent Apex"},
		{"move onto own island", map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"fox-4"}, "wfa.move.ships": {"C"}, "wfa.move.to.holder": {"self"}}, nil, "not under the Clan Leader's control"},
		{"capacity", map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"fox-4"}, "wfa.move.ships": {"C"}, "wfa.move.to.holder": {"rhino"}, "wfa.move.to.capacity": {"3"}, "wfa.move.to.present": {"3"}}, nil, "answer \"fox-4\" for wfa.move.to"},
		{"non-dockable from non-dockable", map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"rhino-south"}, "wfa.move.to": {"rhino-home"}, "wfa.move.ships": {"G"}}, nil, "non-dockable"},
		{"convert without crystal", map[string][]string{"wfa.turn.action": {"convert"}}, nil, "no mounted Magic Crystal"},
		{"mount without crystal", map[string][]string{"wfa.turn.action": {"mount+convert"}}, nil, "mounting takes"},
		{"upgrade without crystal", map[string][]string{"wfa.turn.action": {"upgrade"}}, nil, "upgrade costs"},
		{"ransom without block", map[string][]string{"wfa.turn.action": {"ransom"}}, nil, "no island"},
		{"teleporter on home", map[string][]string{"wfa.turn.action": {"teleporter+move"}, "wfa.teleporter.locations": {"fox-home,apex1"}}, nil, "not a dockable island"},
		{"third clan onto a blocked island", map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"tiger-4"}, "wfa.move.ships": {"C"}}, map[string]string{"block": "1"}, "blocked"},
		{"covered apex", map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-1"}, "wfa.move.to": {"apex6"}, "wfa.move.ships": {"C"}}, map[string]string{"five": "1"}, "covered"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := referee.NewScripted()
			for k, vs := range c.answers {
				for _, v := range vs {
					p.Set(k, v, "set")
				}
			}
			players := "Xanthe:fox,Myles:rhino,Ann:tiger"
			opts := c.opts
			block := opts["block"] != ""
			if opts["five"] != "" {
				players += ",Bob:ape,Cy:lion"
			}
			opts = nil
			s, env := newSession(t, p, make([]int, 20), players, opts)
			if c.name == "covered apex" {
				st := state(t, s)
				st.Clans[0].Capital = "fox-1"
				require.NoError(t, s.SaveState(st))
			}
			if block {
				st := state(t, s)
				st.Blocks = []*Block{{Island: "tiger-4", Owner: "rhino", Victim: "tiger", Hostages: Fleet{Gunboat: 1}}}
				st.Clans[0].Teleporters = []string{"fox-1", "tiger-4"}
				require.NoError(t, s.SaveState(st))
			}
			before := append([]byte(nil), s.State...)
			_, err := next(t, s, env)
			require.Error(t, err)
			assert.True(t, referee.IsUsage(err), err.Error())
			assert.ErrorContains(t, err, c.want)
			assert.Equal(t, before, []byte(s.State), "a refused action changes nothing")
		})
	}
}

// The Battle Example played in a session: Myles moves three ships onto
// Xanthe's island; Xanthe redistributes two more in for free.
func TestSessionBattleExample(t *testing.T) {
	ans := map[string]string{"wfa.turn.action": "move", "wfa.move.from": "rhino-1", "wfa.move.to": "fox-4", "wfa.move.ships": "DDD",
		"wfa.move.to.holder": "fox", "wfa.move.to.capacity": "8", "wfa.move.to.present": "1",
		"wfa.battle.defender.fleet": "F", "wfa.battle.defender.reinforce": "DD",
		"wfa.battle.attacker.ammo": "5", "wfa.battle.attacker.power": "1", "wfa.battle.attacker.power.own": "0", "wfa.battle.attacker.power.against": "-4", "wfa.battle.attacker.ability": "0",
		"wfa.battle.defender.ammo": "2,2,1", "wfa.battle.defender.power": "1", "wfa.battle.defender.power.own": "0", "wfa.battle.defender.power.against": "-6", "wfa.battle.defender.ability": "0"}
	p := referee.NewScripted()
	for k, v := range ans {
		p.Set(k, v, "set")
	}
	s, env := newSession(t, p, make([]int, 20), "Xanthe:fox,Myles:rhino,Ann:tiger", nil)
	st := state(t, s)
	st.Turn, st.Started = 1, true
	x, m := st.Clans[0], st.Clans[1]
	m.Reserve = Fleet{Destroyer: 2, Frigate: 4, Gunboat: 3}
	m.Ammo, m.Power = []int{5}, 1
	x.Reserve = Fleet{Destroyer: 3, Frigate: 4, Gunboat: 3}
	x.Ammo, x.Power = []int{2, 2, 1}, 1
	m.Teleporters = []string{"rhino-1", "fox-4"} // continents "not connect to one another"
	require.NoError(t, s.SaveState(st))
	evs, err := next(t, s, env)
	require.NoError(t, err)
	st = state(t, s)
	x, m = st.Clans[0], st.Clans[1]
	assert.Equal(t, 1, m.Crystals)
	assert.Equal(t, 0, m.Power)
	assert.Empty(t, m.Ammo)
	// Xanthe's D, D, F: one ship home, two to the reserve.
	assert.Equal(t, Fleet{Destroyer: 4, Frigate: 5, Gunboat: 3}, x.Reserve)
	var battle *referee.Event
	for i := range evs {
		if evs[i].Type == "battle" {
			battle = &evs[i]
		}
	}
	require.NotNil(t, battle)
	assert.Contains(t, battle.Text, "Myles: 18 + 5 - 6 = 17. Xanthe: 15 + 5 - 4 = 16. Myles wins")
}
