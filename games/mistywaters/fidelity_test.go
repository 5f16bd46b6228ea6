package mistywaters

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// misty-waters/red-water-lagoon: "The Red Water Lagoon is not considered At Sea"; misty-waters/red-water-lagoon/weather-refuge: the Galleass
// in the lagoon is unaffected by Wind Force; misty-waters/step-4a-broadside-battle: "Conquistadors' Galleass
// | 0 Cannons." A Broadside on the Galleass by the 'X' in Rocky Seas has no
// counterattack because it has 0 Cannons, not because of Rocky Seas.
func TestGalleassByTheXHasNoCannons(t *testing.T) {
	o := Options{Boxes: FixedBoxes{"rocky-seas": 10, "sheath-the-swords": 9}, Wind: 10}
	for _, spec := range []string{"galleass:at=lagoon", "galleass", "freighter"} {
		att, err := ParseUnit("ship:cannons=2,sailors=2,owner=a,at=lagoon")
		require.NoError(t, err)
		def, err := ParseUnit(spec)
		require.NoError(t, err)
		v, err := CanAttack(att, def, Broadside, o)
		require.NoError(t, err, spec)
		assert.False(t, v.Counterattack, spec)
		assert.Contains(t, v.NoCounterWhy, "has 0 Cannons", spec)
		assert.NotContains(t, v.NoCounterWhy, "Rocky Seas", spec)
	}
}

// The tie-break itself: the first side rolled 2,1; the placing side lines
// up 1,1 with an extra 1. Behind duel 1 both duels tie (net 0, no own die
// lost); behind duel 2 it wins that duel and loses duel 1 (net 0, one own
// die lost, one opponent die taken). keep-own takes the first, take-more
// the second.
func TestPlacementTieBreak(t *testing.T) {
	keep := bestPlace("defender", []int{2, 1}, []int{1, 1}, []int{1}, "attacker", DuelRules{})
	more := bestPlace("defender", []int{2, 1}, []int{1, 1}, []int{1}, "attacker", DuelRules{TakeMore: true})
	assert.Equal(t, []int{0}, keep)
	assert.Equal(t, []int{1}, more)
}
