package questsandcannons

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
)

// Human text names a Marauder "Marauder N" everywhere; "marauder-N" stays
// the id used in answers and event data.
func TestMarauderNamedTheSameInEveryEvent(t *testing.T) {
	h := duo(t, "porc", map[string]string{"coop": "easy"}, map[string][]string{
		"qc.action":           {"move", "attack", "end", "move", "end"},
		"qc.move.sea":         {"calm", "stop", "calm", "stop"},
		"qc.attack.target":    {"marauder-2"},
		"qc.attack.cannons":   {"1"},
		"qc.attack.ammo":      {"1"},
		"qc.marauder.1.reach": {"yes"},
		"qc.marauder.1.ammo":  {"1,1"},
		"qc.marauder.2.reach": {"no", "no"},
		"qc.marauder.3.reach": {"no", "no"},
		"qc.marauder.4.reach": {"no", "no"},
	})
	var all []referee.Event
	for i := 0; i < 6; i++ {
		all = append(all, h.next()...)
	}
	var texts []string
	for _, e := range all {
		texts = append(texts, e.Text)
		assert.NotContains(t, e.Text, "marauder-", "human text uses \"Marauder N\": %q", e.Text)
	}
	joined := strings.Join(texts, "\n")
	assert.Contains(t, joined, "Marauder 1 moves to Ann's space and fires 2 Cannons")
	assert.Contains(t, joined, "Marauder 1 has no Ready Cannons: it does not move")
	assert.Contains(t, joined, "fires 1 Cannon at Marauder 2:")
	for _, e := range eventsOf(all, "attack") {
		assert.Equal(t, "marauder-2", e.Data["target"], "the id in the data is unchanged")
	}
}
