package atraxia

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// terminal answers as a table at a terminal does: each key's answers are
// typed in order, and one the question refuses (its Normalize, with its
// Check) is refused in place and the next one typed, the step going on.
// "" is Enter.
type terminal struct {
	answers map[string][]string
	refused []string // "key=answer"
}

func (p *terminal) Ask(q referee.Question) (string, error) {
	for {
		queue := p.answers[q.Key]
		if len(queue) == 0 {
			return "", &referee.NoAnswerError{Q: q}
		}
		raw := queue[0]
		p.answers[q.Key] = queue[1:]
		v, err := q.Normalize(raw)
		if err != nil {
			p.refused = append(p.refused, q.Key+"="+raw)
			continue
		}
		return v, nil
	}
}

// atTable runs one step of Xanthe's turn (a 3-clan game unless players
// says otherwise) answered at a terminal: the questions asked, checked
// against the declarations, and the answers refused in place are kept.
func atTable(t *testing.T, opts map[string]string, answers map[string][]string, mutate func(st *State)) (*referee.Session, *terminal, *recording, []referee.Event) {
	t.Helper()
	term := &terminal{answers: answers}
	p := referee.NewScripted()
	p.Fallback = term
	rec := &recording{Prompter: declare(t, p), keys: map[string]bool{}}
	s, env := newSessionWith(t, p, rec, make([]int, 40), "Xanthe:fox,Myles:rhino,Ann:tiger", opts)
	st := state(t, s)
	st.Started, st.Allowed = true, 2
	if mutate != nil {
		mutate(st)
	}
	require.NoError(t, s.SaveState(st))
	evs, err := next(t, s, env)
	require.NoError(t, err, "the step is never thrown away (refused in place: %v)", term.refused)
	for k, q := range term.answers {
		assert.Empty(t, q, "answers of %s left unused", k)
	}
	return s, term, rec, evs
}

func (r *recording) asked(key string) []referee.Question {
	var out []referee.Question
	for _, q := range r.qs {
		if q.Key == key {
			out = append(out, q)
		}
	}
	return out
}

func eventText(evs []referee.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Type + ": " + e.Text + "\n")
	}
	return b.String()
}

// "A Clan Leader can buy any number of ships available in their reserve":
// the number asked goes to what the reserve holds (3 Gunboats, not 6), an
// answer beyond it is refused in place, and the purchase goes on.
func TestBuyAsksUpToTheReserve(t *testing.T) {
	s, term, rec, _ := atTable(t, nil, map[string][]string{
		"wfa.turn.action": {"buy"}, "wfa.buy.gunboat": {"4", "3"}, "wfa.buy.frigate": {""}, "wfa.buy.destroyer": {"2", "1"},
		"wfa.buy.place.location": {"isle", "fox-home"}, "wfa.buy.place.capacity": {"8"}, "wfa.buy.place.present": {"9", "1"},
		"wfa.buy.place.ships": {""},
	}, func(st *State) { st.Clans[0].OC, st.Clans[0].AlWood = 9, 20 })
	g := rec.asked("wfa.buy.gunboat")
	require.Len(t, g, 1)
	assert.Equal(t, 3, g[0].Max, "3 Gunboats in the reserve")
	assert.Equal(t, "0", g[0].Default)
	assert.Equal(t, 1, rec.asked("wfa.buy.destroyer")[0].Max, "6 OC left after 3 Gunboats and 0 Frigates: one Destroyer")
	assert.Equal(t, []string{"wfa.buy.gunboat=4", "wfa.buy.destroyer=2", "wfa.buy.place.location=isle", "wfa.buy.place.present=9"}, term.refused)
	x := state(t, s).Clans[0]
	assert.Equal(t, Fleet{Destroyer: 4, Frigate: 4}, x.Reserve)
	assert.Equal(t, 9-3-4, x.OC)
	assert.Equal(t, 20-3, x.AlWood)
}

// "To hire a pirate, pay a cost of 6 Ocean Crystals and 4 AlWood": a clan
// that cannot pay is not offered hire; typing it is refused in place and
// the teleporter built and the move made before it stand.
func TestHireNotOfferedWhenItCannotBePaid(t *testing.T) {
	s, term, rec, evs := atTable(t, map[string]string{"pirates": "yes"}, map[string][]string{
		"wfa.turn.action": {"teleporter+move"}, "wfa.teleporter.locations": {"fox-home,apex1", "fox-4,apex1"},
		"wfa.move.from": {"fox-home"}, "wfa.move.to": {"apex1"}, "wfa.move.to.capacity": {"5"}, "wfa.move.ships": {"C"},
		"wfa.pirate.choice": {"hire", ""}, "wfa.battle.attacker.ammo": {"5,5"}, "wfa.battle.attacker.ability": {""},
	}, func(st *State) { x := st.Clans[0]; x.OC, x.AlWood, x.Ammo = 3, 5, []int{5, 5} })
	q := rec.asked("wfa.pirate.choice")
	require.Len(t, q, 1)
	assert.Equal(t, []string{"fight"}, q[0].Options, "hire is not offered")
	assert.Equal(t, "fight", q[0].Default)
	assert.Contains(t, q[0].Text, "Xanthe has 3 OC and 3 AlWood, not 6 OC and 4 AlWood")
	assert.Equal(t, []string{"wfa.teleporter.locations=fox-home,apex1", "wfa.pirate.choice=hire"}, term.refused)
	st := state(t, s)
	x := st.Clans[0]
	assert.Equal(t, []string{"fox-4", "apex1"}, x.Teleporters, "the teleporter built before stands")
	assert.Equal(t, 3, x.AlWood)
	// 10 + 5 + 5 against 15 + 1 + 1: the pirate is beaten.
	assert.Equal(t, "apex1", x.Capital)
	assert.False(t, st.Apex[0].Pirate)
	assert.Equal(t, 1, x.Crystals)
	assert.Contains(t, eventText(evs), "Xanthe defeats the pirate")
}

// A move's destination and its legality are asked before its ships: Home
// Base to an Apex Island, onto another continent, onto an island of a clan
// not in the game, onto one's own island, over the fleet capacity are all
// refused in the question that takes them, and the move goes on.
func TestIllegalMovesRefusedBeforeTheShips(t *testing.T) {
	s, term, rec, evs := atTable(t, nil, map[string][]string{
		"wfa.turn.action": {"move"}, "wfa.move.from": {"apex1", "fox-home"},
		"wfa.move.to":        {"apex1", "rhino-1", "squirrel-1", "fox-home", "fox-4", "fox-4", "fox-3"},
		"wfa.move.to.holder": {"self", "none"}, "wfa.move.to.capacity": {"1"}, "wfa.move.ships": {"CG", "C"},
	}, nil)
	assert.Equal(t, []string{"wfa.move.from=apex1", "wfa.move.to=apex1", "wfa.move.to=rhino-1", "wfa.move.to=squirrel-1", "wfa.move.to=fox-home",
		"wfa.move.to=fox-4", "wfa.move.ships=CG"}, term.refused)
	var order []string
	for _, q := range rec.qs {
		order = append(order, q.Key)
	}
	assert.Equal(t, []string{"wfa.turn.action", "wfa.move.from", "wfa.move.to", "wfa.move.to.holder", "wfa.move.to", "wfa.move.to.holder", "wfa.move.to.capacity", "wfa.move.ships"}, order,
		"the ships are asked once, after the destination is known to be legal and to have room; fox-3 holds no ship, so its ships are not asked")
	to := rec.asked("wfa.move.to")[0]
	assert.Contains(t, to.Text, "CLAN one of fox, rhino, tiger)", "only the clans playing are listed")
	assert.NotContains(t, to.Text, "squirrel")
	assert.Equal(t, "fox-3", state(t, s).Clans[0].Capital)
	assert.Contains(t, eventText(evs), "fox-4: Xanthe's own ships are there: Move Ships goes only to a location not under the Clan Leader's control")
	assert.Contains(t, eventText(evs), "Xanthe moves 1 capital from fox-home to fox-3")
}

// "Once the capacity is full, additional ships can not enter the island
// for any reason (including combat)": a full destination is asked again
// with the reason, before any ship is asked, and no battle starts there.
func TestFullDestinationAskedAgain(t *testing.T) {
	s, term, _, evs := atTable(t, nil, map[string][]string{
		"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"rhino-1", "rhino-1", "fox-4"},
		"wfa.move.to.holder": {"rhino", "none"}, "wfa.move.to.capacity": {"3", "2"}, "wfa.move.to.present": {"3"}, "wfa.move.ships": {"C"},
	}, func(st *State) { st.Clans[0].Teleporters = []string{"fox-4", "rhino-1"} })
	assert.Equal(t, []string{"wfa.move.to=rhino-1"}, term.refused, "the full island is refused when named again")
	assert.Equal(t, "fox-4", state(t, s).Clans[0].Capital)
	assert.Contains(t, eventText(evs), "rhino-1: its fleet capacity of 3 is full (3 ships there): no ship can enter it, so it cannot be attacked either; name another destination")
	assert.NotContains(t, eventText(evs), "battle")
}

// Winner: "If the battle location was an opponent's Home Base, immediately
// acquire all Magic Crystals and resources of that opponent." Loser: "If
// the battle results in the Clan Leader losing control of their Home Base,
// they are eliminated from the game." The eliminated clan sends nothing
// "to its Home Base": it has none; its ships leave the board.
func TestHomeBaseConquestEliminates(t *testing.T) {
	s, _, rec, evs := atTable(t, nil, map[string][]string{
		"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-4"}, "wfa.move.to": {"fox-home"}, "wfa.move.to.holder": {"fox"},
		"wfa.move.to.capacity": {"8"}, "wfa.move.to.present": {"1"}, "wfa.move.ships": {"DDDDD"},
		"wfa.battle.defender.fleet": {"C"}, "wfa.battle.defender.reinforce": {""},
		"wfa.battle.attacker.convert.island": {"rhino-2"}, "wfa.battle.attacker.convert.pay": {""},
		"wfa.battle.attacker.ammo": {"none"}, "wfa.battle.attacker.ability": {""},
		"wfa.battle.defender.ammo": {"1"}, "wfa.battle.defender.ability": {""},
	}, func(st *State) {
		st.Turn = 1
		x, m := st.Clans[0], st.Clans[1]
		m.Reserve = Fleet{Frigate: 4, Gunboat: 3}
		m.Mounted = []Mount{{Island: "rhino-2", Resource: "ammo"}, {Island: "rhino-3", Resource: "oc"}}
		x.Crystals, x.OC, x.AlWood = 2, 7, 1
		x.Teleporters = []string{"fox-1", "apex2"}
	})
	assert.Equal(t, "none", rec.asked("wfa.battle.defender.reinforce")[0].Default)
	st := state(t, s)
	x, m := st.Clans[0], st.Clans[1]
	assert.True(t, x.Eliminated)
	assert.Equal(t, "", x.Capital, "no Capital Ship of Xanthe's is left on the board")
	assert.Empty(t, x.OnBoard())
	assert.Empty(t, x.Teleporters)
	assert.Equal(t, 2+2, m.Crystals, "2 for the Capital Ship beaten and Xanthe's 2")
	assert.Equal(t, 5+7, m.OC)
	assert.Contains(t, m.Homes, "fox-home", "Myles gains use of its teleporter")
	text := eventText(evs)
	assert.NotContains(t, text, "Xanthe retreats")
	assert.NotContains(t, text, "to fox-home")
	assert.Contains(t, text, "Xanthe has lost the Home Base and is eliminated from the game: the beaten fleet (1 capital) has no Home Base to retreat to")
	assert.False(t, st.Over, "Ann still plays")
}

// The question texts say AlWood as the rulebook writes it (not
// "ALWOOD"); counts go through the plural helper.
func TestCollectWords(t *testing.T) {
	_, _, rec, _ := atTable(t, nil, map[string][]string{"wfa.turn.action": {"collect"}, "wfa.collect.oc": {"1"}, "wfa.collect.alwood": {"1"}, "wfa.collect.ammo": {"1"}}, nil)
	for _, q := range rec.qs {
		assert.NotContains(t, q.Text, "ALWOOD")
	}
	assert.Contains(t, rec.asked("wfa.collect.alwood")[0].Text, "total AlWood marked")
}

// Rebuild Barren Island, and Ammo cards drawn as answered ahead.
func TestRebuildAndAmmoCards(t *testing.T) {
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"rebuild+collect"}, "wfa.collect.rebuild": {"fox-2"},
		"wfa.collect.oc": {"1"}, "wfa.collect.alwood": {"0"}, "wfa.collect.ammo": {"3"}, "wfa.collect.ammo.cards": {"1,2"}}, nil)
	require.NoError(t, step())
	x := state(t, s).Clans[0]
	assert.Equal(t, 5-3, x.AlWood)
	assert.Equal(t, []int{1, 1, 1, 1, 2}, x.Ammo)
}

// "If a Clan Leader wants to buy more cards after reaching the hand limit,
// they must first discard a Power card": the discard's range starts at
// what the hand limit needs.
func TestPowerBuyDiscardRange(t *testing.T) {
	s, term, rec, _ := atTable(t, nil, map[string][]string{"wfa.turn.action": {"power+buy"}, "wfa.buy.power.count": {"1"},
		"wfa.buy.power.discard": {"0", "1"}, "wfa.buy.power.oc": {"11", "2"}, "wfa.buy.power.alwood": {"1"},
		"wfa.buy.gunboat": {""}, "wfa.buy.frigate": {""}, "wfa.buy.destroyer": {""}}, func(st *State) { st.Clans[0].Power, st.Clans[0].OC = 2, 10 })
	d := rec.asked("wfa.buy.power.discard")[0]
	assert.Equal(t, 1, d.Min)
	assert.Equal(t, []string{"wfa.buy.power.discard=0", "wfa.buy.power.oc=11"}, term.refused)
	st := state(t, s)
	assert.Equal(t, 2, st.Clans[0].Power)
	assert.Equal(t, 8, st.Clans[0].OC)
	assert.Equal(t, 1, st.Bought)
}

// "Ships moved via the Redistribute action must still abide by the fleet
// capacity rules": each destination's room is asked before its ships; a
// full one gets none.
func TestRedistributeRoomFirst(t *testing.T) {
	s, term, _, evs := atTable(t, nil, map[string][]string{"wfa.turn.action": {"redistribute"}, "wfa.redistribute.from": {"fox-home"},
		"wfa.redistribute.to": {"isle", "fox-2,fox-1"}, "wfa.redistribute.capacity": {"2", "4"}, "wfa.redistribute.present": {"2", "3"},
		"wfa.redistribute.ships": {"CG", "C"}}, nil)
	assert.Equal(t, []string{"wfa.redistribute.to=isle", "wfa.redistribute.ships=CG"}, term.refused)
	assert.Equal(t, "fox-1", state(t, s).Clans[0].Capital)
	assert.Contains(t, eventText(evs), "fox-2 is full (fleet capacity 2, 2 ships there): no ship of Xanthe goes there")
}

// Lost Expeditions: "The Clan Leader must pay the exploration cost
// mentioned on the token and collect 1 Magic Crystal."
func TestExploreAtTheTable(t *testing.T) {
	s, _, _, _ := atTable(t, nil, map[string][]string{"wfa.turn.action": {"move"}, "wfa.move.from": {"fox-home"}, "wfa.move.to": {"apex1"},
		"wfa.move.to.capacity": {"5"}, "wfa.move.ships": {"C"}, "wfa.explore.oc": {"2"}, "wfa.explore.alwood": {"1"}},
		func(st *State) { st.Clans[0].Teleporters = []string{"fox-4", "apex1"} })
	st := state(t, s)
	assert.Equal(t, "apex1", st.Clans[0].Capital)
	assert.Equal(t, 1, st.Clans[0].Crystals)
	assert.Zero(t, st.Apex[0].Tile)
}

// Dismounting one of two crystals, then converting is optional: Enter
// converts nothing.
func TestDismountThenEnterConvertsNothing(t *testing.T) {
	s, _, rec, _ := atTable(t, nil, map[string][]string{"wfa.turn.action": {"dismount+convert"}, "wfa.dismount.island": {"fox-2"}, "wfa.convert.pay": {""}},
		func(st *State) {
			st.Clans[0].Mounted = []Mount{{Island: "fox-2", Resource: "ammo"}, {Island: "fox-3", Resource: "oc"}}
		})
	assert.Equal(t, "none", rec.asked("wfa.convert.pay")[0].Default)
	x := state(t, s).Clans[0]
	assert.Equal(t, []Mount{{Island: "fox-3", Resource: "oc"}}, x.Mounted)
	assert.Equal(t, 1, x.Crystals)
	assert.Equal(t, 5-2, x.AlWood)
	assert.Equal(t, 5, x.OC)
}

// A plain Currency Conversion has no default: the table says what it pays.
func TestConvertChoosesTheCrystal(t *testing.T) {
	s, _, rec, _ := atTable(t, nil, map[string][]string{"wfa.turn.action": {"convert"}, "wfa.convert.island": {"fox-3"}, "wfa.convert.pay": {"", "oc=2"}},
		func(st *State) {
			st.Clans[0].Mounted = []Mount{{Island: "fox-2", Resource: "ammo"}, {Island: "fox-3", Resource: "alwood"}}
		})
	assert.Equal(t, referee.NoDefault, rec.asked("wfa.convert.pay")[0].Default)
	x := state(t, s).Clans[0]
	assert.Equal(t, 3, x.OC)
	assert.Equal(t, 7, x.AlWood)
}

// One Active Action left is "1 Active Action left", not "1 Active
// Action(s)".
func TestStatusCountsActions(t *testing.T) {
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"collect"}, "wfa.collect.oc": {"1"}, "wfa.collect.alwood": {"1"}, "wfa.collect.ammo": {"0"}}, nil)
	require.NoError(t, step())
	v, err := Game{}.Status(s, &referee.Env{Prompt: referee.NewScripted()})
	require.NoError(t, err)
	assert.Contains(t, v.Text(), "Xanthe (fox clan), 1 Active Action left")
	assert.False(t, badWords.MatchString(v.Text()), "%q", badWords.FindString(v.Text()))
}

// "Purchased ships can be placed at any location controlled by the Clan
// Leader": another clan's Home Base and an island where another clan's
// Capital Ship stands are refused in the location question itself (found
// at the table: both were accepted).
func TestBoughtShipsGoOnlyWhereTheClanControls(t *testing.T) {
	s, term, _, _ := atTable(t, nil, map[string][]string{
		"wfa.turn.action": {"buy"}, "wfa.buy.gunboat": {"2"}, "wfa.buy.frigate": {""}, "wfa.buy.destroyer": {""},
		"wfa.buy.place.location": {"rhino-home", "tiger-1", "fox-home"}, "wfa.buy.place.capacity": {"8"}, "wfa.buy.place.present": {"1"},
		"wfa.buy.place.ships": {""},
	}, func(st *State) {
		st.Clans[0].OC, st.Clans[0].AlWood = 9, 20
		st.Clans[2].Capital = "tiger-1"
	})
	assert.Equal(t, []string{"wfa.buy.place.location=rhino-home", "wfa.buy.place.location=tiger-1"}, term.refused)
	x := state(t, s).Clans[0]
	assert.Equal(t, 1, x.Reserve.Gunboat, "2 of the 3 Gunboats bought, placed on fox-home")
}
