package questsandcannons

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
)

// enterPrompter stands for a player at the terminal: it gives the answers
// queued for a key, and presses Enter (an empty answer) when none is left.
type enterPrompter struct {
	answers map[string][]string
	asked   []referee.Question
}

func (p *enterPrompter) Ask(q referee.Question) (string, error) {
	p.asked = append(p.asked, q)
	a := ""
	if as := p.answers[q.Key]; len(as) > 0 {
		a, p.answers[q.Key] = as[0], as[1:]
	}
	return q.Normalize(a)
}

func TestMoveOffersStopFirstOnceASpaceIsEntered(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Ann", "porc", "cannoneer", "6", "2/3", "4/4", "2/3")
	p.Set("qc.setup.roll", "3", "answers")
	p.Set("tables.dice.ammo", "1,2,3,4,5,6", "answers")
	p.Preset["qc.action"] = []string{"move", "end"}
	p.Preset["qc.marauder.1.reach"] = []string{"no"}
	p.Preset["qc.marauder.2.reach"] = []string{"no"}
	p.Preset["qc.marauder.3.reach"] = []string{"no"}
	enter := &enterPrompter{answers: map[string][]string{"qc.move.sea": {"calm"}}}
	p.Fallback = enter
	h := newHarness(t, "Ann", map[string]string{"coop": "easy"}, p)
	h.next()
	evs := h.next()

	var seas []referee.Question
	for _, q := range enter.asked {
		if q.Key == "qc.move.sea" {
			seas = append(seas, q)
		}
	}
	require.Len(t, seas, 2, "one space entered, then Enter")
	assert.Empty(t, seas[0].Default, "a Move must enter a space: no default before the first")
	assert.NotContains(t, seas[0].Options, SpaceStop, "a Move must enter a space: stop is not offered before the first")
	assert.Equal(t, SpaceStop, seas[1].Default)
	assert.Equal(t, SpaceStop, seas[1].Options[0], "stop, the usual answer, comes first")
	require.NotEmpty(t, evs)
	assert.Contains(t, evs[len(evs)-1].Text, "calm; 0 Sails, 1 Action spent; Move over: declared over", "Enter took stop")
}
