package procedure

import (
	"testing"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
)

// Viceroy Voting totals are counted in words: "1 Vote", never "1 Votes";
// equal totals share a place.
func TestChronicleRanksCountVotesInWords(t *testing.T) {
	got := ranks([]string{"Ann 3", "Bob 1", "Cy 1", "Dee 0"})
	assert.Equal(t, []chronicle.Rank{
		{Place: 1, Name: "Ann", Score: "3 Votes"},
		{Place: 2, Name: "Bob", Score: "1 Vote"},
		{Place: 2, Name: "Cy", Score: "1 Vote"},
		{Place: 4, Name: "Dee", Score: "0 Votes"},
	}, got)
	for _, r := range got {
		assert.Empty(t, refereetest.BadWords(r.Score))
	}
}
