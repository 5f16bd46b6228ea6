package questsandcannons

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
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
		p.Preset[k] = v
		p.Source[k] = "answers"
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
