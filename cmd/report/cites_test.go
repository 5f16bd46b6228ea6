package report_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// battleSide is what a battle event's data says of one side.
type battleSide struct {
	Player string `json:"player"`
	Unit   struct {
		Kind string `json:"kind"`
	} `json:"unit"`
}

// battleOf is what a battle event's data says of the battle ("type" is
// the Misty Waters battle type, "broadside" or "boarding").
type battleOf struct {
	Type     string     `json:"type"`
	Attacker battleSide `json:"attacker"`
	Defender battleSide `json:"defender"`
}

// otherKind is the word of the battle type a cite must not hold in a
// battle of type t: a Boarding battle cites no Broadside section, a
// Broadside battle no Boarding or duel section.
func wrongKind(t, cite string) bool {
	switch t {
	case "boarding":
		return strings.Contains(cite, "broadside")
	case "broadside":
		return strings.Contains(cite, "boarding") || strings.Contains(cite, "duel")
	}
	return false
}

// checkCites checks every cite of a scripted game's log and report: each
// names a section of the rulebook index, and each fits the event it is
// cited for. The events after a battle, in its step, are the battle's
// (the losses, rewards and defeats it dealt): they cite the battle's own
// kind of section, and a Player Ship's loss to a Sea Monster cites the
// Sea Monster's attack (its card deals it; it rolls no dice), not the
// Broadside dice.
func checkCites(t *testing.T, evs []referee.Event, ch *chronicle.Chronicle) {
	t.Helper()
	for _, r := range ch.Rulings {
		assert.True(t, rulesref.Exists(r.Section), "the report cites %s: not a section of the rulebook index (nearest %v)", r.Section, rulesref.Nearest(r.Section, 3))
	}
	var in *battleOf
	step := -1
	for _, e := range evs {
		if e.Step != step {
			in, step = nil, e.Step
		}
		var b battleOf
		if chronicle.Decode(e.Data, "battle", &b) && b.Type != "" {
			in = &b
		}
		for _, c := range e.Cites {
			assert.True(t, rulesref.Exists(c), "step %d %q cites %s: not a section of the rulebook index", e.Step, e.Text, c)
			if in != nil {
				assert.False(t, wrongKind(in.Type, c), "step %d %q, in a %s battle, cites %s", e.Step, e.Text, in.Type, c)
			}
		}
		if in == nil || !chronicle.Decode(e.Data, "damage", new(map[string]any)) {
			continue
		}
		who := chronicle.Str(e.Data, "player")
		opp := ""
		switch who {
		case in.Attacker.Player:
			opp = in.Defender.Unit.Kind
		case in.Defender.Player:
			opp = in.Attacker.Unit.Kind
		}
		if opp == "monster" {
			assert.Contains(t, e.Cites, "misty-waters/step-4-sea-monster-attack", "step %d %q: a loss to a Sea Monster", e.Step, e.Text)
			assert.NotContains(t, e.Cites, "misty-waters/broadside-battle-dice-result", "step %d %q: a Sea Monster rolls no dice", e.Step, e.Text)
		}
	}
}

// saved is a scripted game's saved session with its log.
func saved(t *testing.T, tb *table, name string) *referee.Session {
	t.Helper()
	st := &store.Store{Dir: filepath.Join(tb.dir, "data")}
	s, err := st.Load(name)
	require.NoError(t, err)
	require.NoError(t, s.LoadLog())
	return s
}
