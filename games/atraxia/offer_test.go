package atraxia

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// offeredAfter is OfferedActions for Xanthe (fox) at the start of her turn
// in a 3-clan session changed by mutate.
func offeredAfter(t *testing.T, opts map[string]string, mutate func(st *State)) []string {
	t.Helper()
	s, _ := newSession(t, referee.NewScripted(), make([]int, 20), "Xanthe:fox,Myles:rhino,Ann:tiger", opts)
	st := state(t, s)
	st.Started, st.Allowed = true, 2
	if mutate != nil {
		mutate(st)
	}
	return OfferedActions(st, DefaultValues())
}

// A new clan (5 OC, 5 AlWood, no Magic Crystal, nothing blocked) may
// collect, buy (ships and Power cards), move or redistribute (with or
// without teleporters) and end; it cannot convert, mount, dismount, upgrade
// or pay a ransom.
func TestOfferedActionsAtTheStart(t *testing.T) {
	assert.Equal(t, []string{"collect", "rebuild+collect", "buy", "power+buy", "move", "teleporter+move",
		"redistribute", "teleporter+redistribute", "end"}, offeredAfter(t, nil, nil))
}

// What bosun cannot see on the board keeps an action offered: Collect
// (where the Gunboats stand), Move and Redistribute (adjacency, connected
// trails) and end stay offered to a clan with nothing at all.
func TestOfferedWithNothing(t *testing.T) {
	got := offeredAfter(t, nil, func(st *State) {
		x := st.Clans[0]
		x.OC, x.AlWood, x.Ammo, x.Reserve = 0, 0, nil, Fleet{}
	})
	assert.Equal(t, []string{"collect", "move", "redistribute", "end"}, got)
}

// Each case makes one action illegal (hidden, and refused with the rule
// when answered ahead) or keeps it legal at the edge (offered).
func TestActionLegality(t *testing.T) {
	pirates := map[string]string{"pirates": "yes"}
	mounted := func(res string) func(st *State) {
		return func(st *State) { st.Clans[0].Mounted = []Mount{{Island: "fox-2", Resource: res}} }
	}
	cases := []struct {
		name   string
		act    string
		opts   map[string]string
		mutate func(st *State)
		want   string // refusal text; "" when the action is legal
	}{
		// Pay Ransom to the Privateer.
		{"ransom without a block", "ransom", nil, nil, "no island of Xanthe is blocked by a privateer"},
		{"ransom for another clan's island", "ransom", pirates, func(st *State) {
			st.Blocks = []*Block{{Island: "tiger-4", Owner: "rhino", Victim: "tiger"}}
		}, "no island of Xanthe is blocked"},
		{"ransom with a block", "ransom", pirates, func(st *State) {
			st.Blocks = []*Block{{Island: "fox-4", Owner: "rhino", Victim: "fox"}}
		}, ""},

		// Resource Conversion.
		{"convert without a mounted crystal", "convert", nil, func(st *State) { st.Clans[0].Crystals = 3 }, "\"After mounting a Magic Crystal, the Clan Leader gains access"},
		{"convert with every crystal blocked", "convert", pirates, func(st *State) {
			mounted("ammo")(st)
			st.Blocks = []*Block{{Island: "fox-2", Owner: "rhino", Victim: "fox"}}
		}, "blocked by a privateer"},
		{"convert after 5 this turn", "convert", nil, func(st *State) {
			mounted("ammo")(st)
			st.Convert = 5
		}, "\"A Clan Leader may convert a maximum of 5 resources per turn\": Xanthe converted 5"},
		{"convert with 1 left this turn", "convert", nil, func(st *State) {
			mounted("ammo")(st)
			st.Convert = 4
		}, ""},
		{"convert with only the island's own resource", "convert", nil, func(st *State) {
			mounted("oc")(st)
			st.Clans[0].AlWood, st.Clans[0].Ammo = 0, nil
		}, "has nothing else to convert into oc on fox-2"},
		{"convert Ammo cards too big for what is left", "convert", nil, func(st *State) {
			mounted("oc")(st)
			st.Clans[0].AlWood, st.Clans[0].Ammo = 0, []int{5}
			st.Convert = 2
		}, "has nothing else to convert"},
		{"convert an Ammo card within the limit", "convert", nil, func(st *State) {
			mounted("oc")(st)
			st.Clans[0].AlWood, st.Clans[0].Ammo = 0, []int{5, 2}
			st.Convert = 2
		}, ""},

		// Mount or Dismount the Magic Crystal.
		{"mount without a crystal", "mount+convert", nil, nil, "mounting takes one of your Magic Crystals"},
		{"mount without 2 AlWood", "mount+convert", nil, func(st *State) { st.Clans[0].Crystals, st.Clans[0].AlWood = 1, 1 }, "\"A Clan Leader may pay 2 AlWood to mount"},
		{"mount with a crystal and 2 AlWood", "mount+convert", nil, func(st *State) { st.Clans[0].Crystals, st.Clans[0].AlWood = 1, 2 }, ""},
		{"mount after dismounting this turn", "mount+convert", nil, func(st *State) {
			st.Clans[0].Crystals, st.Dismount = 1, true
		}, "\"a Magic Crystal can not be mounted and dismounted on the same turn\""},
		{"mount with no open island", "mount+convert", pirates, func(st *State) {
			x := st.Clans[0]
			x.Crystals = 1
			x.Mounted = []Mount{{"fox-home", "oc"}, {"fox-south", "oc"}, {"fox-1", "oc"}, {"fox-2", "ammo"}}
			st.Clans[1].Mounted = []Mount{{"fox-3", "alwood"}}
			st.Blocks = []*Block{{Island: "fox-4", Owner: "rhino", Victim: "fox"}}
		}, "every island of the fox continent has a mounted Magic Crystal or is blocked"},
		{"mount with one island open", "mount+convert", nil, func(st *State) {
			x := st.Clans[0]
			x.Crystals = 1
			x.Mounted = []Mount{{"fox-home", "oc"}, {"fox-south", "oc"}, {"fox-1", "oc"}, {"fox-2", "ammo"}, {"fox-3", "alwood"}}
		}, ""},
		{"dismount without a mounted crystal", "dismount+convert", nil, func(st *State) { st.Clans[0].Crystals = 2 }, "dismounting needs a mounted Magic Crystal"},
		{"dismount without 2 AlWood", "dismount+convert", nil, func(st *State) {
			mounted("ammo")(st)
			st.Clans[0].AlWood = 1
		}, "paying 2 AlWood\": dismounting needs"},
		{"dismount after mounting this turn", "dismount+convert", nil, func(st *State) {
			mounted("ammo")(st)
			st.Mounted = true
		}, "can not be mounted and dismounted on the same turn"},
		{"dismount a blocked island's crystal", "dismount+convert", pirates, func(st *State) {
			// Dismounting is of "a Crystal already on the board"; the
			// conversion after it may be none.
			mounted("ammo")(st)
			st.Blocks = []*Block{{Island: "fox-2", Owner: "rhino", Victim: "fox"}}
		}, ""},

		// Buying Ships and Buy Power Cards.
		{"buy with no OC", "buy", nil, func(st *State) { st.Clans[0].OC = 0 }, "not enough for one ship (Gunboat 1 OC + 1 AlWood, Frigate 2 OC, Destroyer 4 OC)"},
		{"buy a Gunboat with 1 OC and 1 AlWood", "buy", nil, func(st *State) { st.Clans[0].OC, st.Clans[0].AlWood = 1, 1 }, ""},
		{"buy with 1 OC and no AlWood", "buy", nil, func(st *State) { st.Clans[0].OC, st.Clans[0].AlWood = 1, 0 }, "\"A Clan Leader can buy any number of ships available in their reserve"},
		{"buy with no Gunboat in reserve", "buy", nil, func(st *State) {
			st.Clans[0].OC, st.Clans[0].AlWood, st.Clans[0].Reserve = 1, 9, Fleet{Frigate: 4, Destroyer: 5}
		}, "not enough for one ship"},
		{"buy a Frigate with 2 OC", "buy", nil, func(st *State) { st.Clans[0].OC, st.Clans[0].AlWood = 2, 0 }, ""},
		{"buy with an empty reserve", "buy", nil, func(st *State) { st.Clans[0].OC, st.Clans[0].Reserve = 20, Fleet{} }, "nothing in reserve"},
		{"buy back the Privateer only", "buy", pirates, func(st *State) {
			x := st.Clans[0]
			x.OC, x.AlWood, x.Reserve, x.Privateer = 6, 4, Fleet{}, "reserve"
		}, ""},
		{"buy back a Privateer back this turn", "buy", pirates, func(st *State) {
			x := st.Clans[0]
			x.OC, x.AlWood, x.Reserve, x.Privateer = 6, 4, Fleet{}, "reserve"
			st.Held = []string{"fox"}
		}, "the Privateer went back to the reserve this turn: it \"can be repurchased on a subsequent turn\""},
		{"power after 2 this turn", "power+buy", nil, func(st *State) { st.Bought = 2 }, "\"may not purchase more than 2 Power cards per turn\": Xanthe already bought 2"},
		{"power after 1 this turn with a full hand", "power+buy", nil, func(st *State) { st.Bought, st.Clans[0].Power = 1, 2 }, ""},
		{"power with no OC and no AlWood", "power+buy", nil, func(st *State) { st.Clans[0].OC, st.Clans[0].AlWood = 0, 0 }, "\"by paying the cost listed on the bottom of each card\""},
		{"power with 1 AlWood and no ship affordable", "power+buy", nil, func(st *State) { st.Clans[0].OC, st.Clans[0].AlWood = 0, 1 }, ""},

		// Build & Deploy Teleporter.
		{"teleporter+move without 2 AlWood", "teleporter+move", nil, func(st *State) { st.Clans[0].AlWood = 1 }, "\"Pay 2 AlWood, then place the set of 2 teleporters\""},
		{"teleporter+redistribute without 2 AlWood", "teleporter+redistribute", nil, func(st *State) { st.Clans[0].AlWood = 1 }, "costs 2 AlWood; Xanthe has 1"},
		{"teleporters both destroyed this turn", "teleporter+move", nil, func(st *State) { st.TeleLost = 2 }, "\"may be rebuilt on a subsequent turn\": both of Xanthe's teleporters"},
		{"one teleporter destroyed this turn", "teleporter+redistribute", nil, func(st *State) {
			st.TeleLost, st.Clans[0].Teleporters = 1, []string{"fox-4"}
		}, ""},
		{"redeploy with 2 AlWood", "teleporter+move", nil, func(st *State) {
			st.Clans[0].AlWood, st.Clans[0].Teleporters = 2, []string{"fox-4", "apex1"}
		}, ""},

		// Rebuild Barren Island (which islands are barren is not tracked).
		{"rebuild without 3 AlWood", "rebuild+collect", nil, func(st *State) { st.Clans[0].AlWood = 2 }, "\"Rebuild Barren Island (cost 3 AlWood)\""},
		{"rebuild with 3 AlWood", "rebuild+collect", nil, func(st *State) { st.Clans[0].AlWood = 3 }, ""},

		// Upgrade Clan Leader's Ability.
		{"upgrade without a loose crystal", "upgrade", nil, func(st *State) { st.Clans[0].Mounted = []Mount{{"fox-2", "oc"}} }, "the upgrade costs 1 Magic Crystal; Xanthe has 0 (mounted crystals cannot be spent)"},
		{"upgrade twice", "upgrade", nil, func(st *State) { st.Clans[0].Crystals, st.Clans[0].Ability = 1, 2 }, "already 2.0"},
		{"upgrade with a crystal", "upgrade", nil, func(st *State) { st.Clans[0].Crystals = 1 }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			offered := offeredAfter(t, c.opts, c.mutate)
			if c.want == "" {
				assert.Contains(t, offered, c.act)
				return
			}
			assert.NotContains(t, offered, c.act)
			s, step := stepWith(t, c.opts, map[string][]string{"wfa.turn.action": {c.act}}, c.mutate)
			before := append([]byte(nil), s.State...)
			err := step()
			require.Error(t, err)
			assert.True(t, referee.IsUsage(err), "exit 2: %v", err)
			assert.ErrorContains(t, err, c.want)
			assert.ErrorContains(t, err, "; accepted now: collect, ")
			_, list, ok := strings.Cut(err.Error(), "; accepted now: ")
			require.True(t, ok)
			assert.Equal(t, strings.Join(offered, ", "), list, "the accepted actions are the offered ones")
			var ue *referee.UsageError
			require.ErrorAs(t, err, &ue)
			assert.NotEmpty(t, ue.Cites, "the refusal cites its rule")
			assert.Equal(t, before, []byte(s.State), "a refused action changes nothing")
		})
	}
}

// At a menu (no answer given ahead) only the legal actions are offered.
func TestMenuOffersOnlyLegalActions(t *testing.T) {
	p := refereetest.NewPrompter(t).Expect("wfa.turn.action", "end")
	s, env := newSession(t, referee.NewScripted(), make([]int, 20), "Xanthe:fox,Myles:rhino,Ann:tiger", nil)
	env.Prompt = p
	st := state(t, s)
	st.Clans[0].Crystals = 1
	require.NoError(t, s.SaveState(st))
	_, err := next(t, s, env)
	require.NoError(t, err)
	require.Len(t, p.Asked, 1)
	assert.Equal(t, []string{"collect", "rebuild+collect", "buy", "power+buy", "move", "teleporter+move",
		"redistribute", "teleporter+redistribute", "mount+convert", "upgrade", "end"}, p.Asked[0].Options)
}

// A missing answer and an answer that is no action name the legal actions
// only.
func TestMissingAndUnknownAnswerNameTheLegalActions(t *testing.T) {
	accepted := "accepted: one of: collect, rebuild+collect, buy, power+buy, move, teleporter+move, redistribute, teleporter+redistribute, end"
	_, step := stepWith(t, nil, nil, nil)
	err := step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "no answer for wfa.turn.action")
	assert.ErrorContains(t, err, accepted+";")

	_, step = stepWith(t, nil, map[string][]string{"wfa.turn.action": {"sail"}}, nil)
	err = step()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "is not an option; "+accepted)
}

// An action read from stdin is checked like one from --set or a file.
func TestStdinActionIsChecked(t *testing.T) {
	p := referee.NewScripted()
	p.Lines = []string{"ransom"}
	s, env := newSession(t, p, make([]int, 20), "Xanthe:fox,Myles:rhino,Ann:tiger", nil)
	_, err := next(t, s, env)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.ErrorContains(t, err, "no island of Xanthe is blocked by a privateer; accepted now: collect, rebuild+collect, buy")
}

// A legal action answered ahead is taken; a number answers by its place in
// the full list of actions (docs), not in the shorter menu.
func TestLegalActionAnsweredAhead(t *testing.T) {
	s, step := stepWith(t, nil, map[string][]string{"wfa.turn.action": {"12"}}, func(st *State) { st.Clans[0].Crystals = 1 })
	require.NoError(t, step())
	x := state(t, s).Clans[0]
	assert.Equal(t, 2, x.Ability, "12 is upgrade")
	assert.Equal(t, 0, x.Crystals)
}

// "Destroys teleporter (if present). It may be rebuilt on a subsequent turn
// by paying the required cost." The clan whose turn it is loses a
// teleporter in battle: the other one may still be redeployed this turn
// (one location), the destroyed one is not rebuilt before its next turn.
func TestTeleporterDestroyedThisTurn(t *testing.T) {
	st, tr := testTurn(t, map[string][]string{"wfa.teleporter.locations": {"fox-3,apex2", "fox-3"}})
	st.Started = true
	x, m := st.Clans[0], st.Clans[1]
	x.Teleporters = []string{"fox-4", "rhino-2"}
	x.Reserve = Fleet{Destroyer: 2, Frigate: 4, Gunboat: 3}
	require.NoError(t, tr.defeat(m, x, Loc{Name: "rhino-2", Kind: "north", Clan: "rhino"}, Fleet{Destroyer: 2}, 1, false))
	assert.Equal(t, []string{"fox-4"}, x.Teleporters)
	assert.Equal(t, 1, st.TeleLost)
	assert.Contains(t, OfferedActions(st, tr.v), "teleporter+move")

	err := tr.teleporter(x)
	require.Error(t, err)
	assert.ErrorContains(t, err, "\"may be rebuilt on a subsequent turn\"")
	require.NoError(t, tr.teleporter(x))
	assert.Equal(t, []string{"fox-3"}, x.Teleporters)
	assert.Equal(t, 3, x.AlWood)

	// The other clan's loss is rebuilt on its own (subsequent) turn.
	m.Teleporters = []string{"rhino-4", "fox-1"}
	require.NoError(t, tr.defeat(x, m, Loc{Name: "fox-1", Kind: "north", Clan: "fox"}, Fleet{Gunboat: 1}, 1, false))
	assert.Equal(t, 1, st.TeleLost)

	// A new turn clears it.
	st.TeleLost = 2
	assert.NotContains(t, OfferedActions(st, tr.v), "teleporter+move")
	require.NoError(t, tr.startTurn(x))
	assert.Zero(t, st.TeleLost)
}

// power-card-min-cost is an assumed table value: an overlay of 0 keeps
// power+buy offered to a clan with no resources.
func TestPowerCardMinCostFromTheTable(t *testing.T) {
	s, _ := newSession(t, referee.NewScripted(), make([]int, 20), "Xanthe:fox,Myles:rhino,Ann:tiger", nil)
	st := state(t, s)
	st.Clans[0].OC, st.Clans[0].AlWood = 0, 0
	v := DefaultValues()
	assert.NotContains(t, OfferedActions(st, v), "power+buy")
	v.Cost["power-card-min-cost"] = 0
	assert.Contains(t, OfferedActions(st, v), "power+buy")
}
