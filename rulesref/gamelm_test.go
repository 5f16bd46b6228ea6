package rulesref

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGamePosterior: a question in one rulebook's words is about that
// game most likely; one in words every rulebook uses is not sure of
// its game.
func TestGamePosterior(t *testing.T) {
	c := builtin()
	post := func(q string) []float64 {
		p := c.gamePosterior(c.parseQuery(q, newStemmer()).terms)
		require.Len(t, p, len(Games))
		var sum float64
		for _, v := range p {
			sum += v
		}
		assert.InDelta(t, 1, sum, 1e-9)
		return p
	}
	for q, g := range map[string]int{
		"how many clan leaders can hold the isle of myth":   gameIndex("war-for-atraxia"),
		"what does ironside do on his turn":                 gameIndex("rolling-seas"),
		"how does the viceroy voting work":                  gameIndex("misty-waters"),
		"how many ammo dice do i roll for treacherous seas": gameIndex("quests-and-cannons"),
	} {
		p := post(q)
		for o := range p {
			if o != g {
				assert.Greaterf(t, p[g], p[o], "%q: %v", q, p)
			}
		}
	}
	p := post("how many actions do i get each turn")
	for g := range p {
		assert.Lessf(t, p[g], 0.9, "a generic question is no sure sign of a game: %v", p)
	}
	assert.Nil(t, c.gamePosterior(nil))
}
