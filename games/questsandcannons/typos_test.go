package questsandcannons

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTypoIsReasked: a Champion stat, a bundle, a sea space, an item to
// sell or Resources to discard that the rules refuse are refused inside
// the question (a terminal re-asks in place with the reason), and each step
// completes with the good answer.
func TestTypoIsReasked(t *testing.T) {
	sp := referee.NewScripted()
	champ(sp, "Ann", "porc", "cannoneer", "4", "2/3", "1/2", "2/3")
	champ(sp, "Bob", "porc", "navigator", "4", "2/3", "1/2", "2/5")
	sp.Set("qc.setup.roll", "1,6", "answers")
	sp.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	for k, v := range map[string][]string{
		"qc.action":      {"adjust", "move", "sell", "end"},
		"qc.adjust.what": {"+2 metal, +6 coins, -1 ammo"},
		"qc.move.sea":    {"workshop", "stop"},
		"qc.sell.item":   {"clue"},
	} {
		for _, a := range v {
			sp.Set(k, a, "answers")
		}
	}
	p := refereetest.NewTypos(t, sp, map[string][]string{
		"tables.qc-champions.ann.cargo": {"3/2"},
		"qc.adjust.what":                {"+2 metl"},
		"qc.move.sea":                   {"stop", "impassible"},
		"qc.sell.item":                  {"spice", "loot"},
	})
	set, err := tables.New("", nil)
	require.NoError(t, err)
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{}, p), Prompt: p, Tables: set}
	s, err := chaosTable.NewSession(t, Game{}, "t", []referee.Player{{Name: "Ann"}, {Name: "Bob"}}, nil, 1, referee.Virtual, env)
	require.NoError(t, err)
	h := &harness{t: t, s: s, env: env, p: sp}
	h.next() // refresh
	h.next() // adjust
	h.next() // move to the Workshop Port
	h.next() // sell the Clue
	a := h.player("Ann")
	assert.Equal(t, 2, a.Res["metal"])
	assert.Equal(t, 3, a.MaxCargo)
	assert.Equal(t, 0, a.Clues)
	assert.Equal(t, "workshop", a.Space)
	assert.Empty(t, p.Unasked(), "every typo's question was asked")
	want := []string{
		`Cargo Slots of Ann: "3/2" is not START/MAX`,
		`"+2 metl" in "+2 metl" is not a currency amount`,
		"a Move must enter at least one space",
		"players can't move onto Impassible Sea spaces",
		"Ann carries no spice",
		"Ann has no Loot card in hand",
	}
	require.Len(t, p.Refused, len(want), "refusals: %q", p.Refused)
	for i, w := range want {
		assert.True(t, strings.Contains(p.Refused[i], w), "refusal %d = %q, want it to name %q", i, p.Refused[i], w)
	}
}
