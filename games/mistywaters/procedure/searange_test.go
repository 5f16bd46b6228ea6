package procedure

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A ship whose speed is only on its ship board is not shown as "+0": the
// line says the speed is not known and where the players read it.
func TestSeaRangesUnknownSpeed(t *testing.T) {
	got := seaRanges([]string{"S", "G"}, 0)
	assert.Equal(t, []string{
		"Sloop 5",
		"Galleon: speed not known yet (bosun does not ask for it: take the Ship Speed on its ship board, with the changes that follow)",
	}, got)
	for _, s := range got {
		assert.NotContains(t, s, "+0")
	}
	// Known speeds still take the wind: Caravel 4-2, Sloop 5-2.
	assert.Equal(t, []string{"Caravel 2", "Sloop 3"}, seaRanges([]string{"C", "S"}, -2))
}
