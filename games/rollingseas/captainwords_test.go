package rollingseas

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// For Captain Ironside the rulebook's track is "Wind in Its Sails"
// ("The Captain gains 1 Story Point per Wind in Its Sails"); players keep
// "Wind in Your Sails".
func TestCaptainGainsWindInItsSails(t *testing.T) {
	it := Items{ItemWind: 1, ItemStory: 1}
	assert.Equal(t, "1 Story Point, 1 Wind in Its Sails", it.CaptainText())
	assert.Equal(t, "1 Story Point, 1 Wind in Your Sails", it.Text())
	assert.Equal(t, "blue Bonus, 1 Wind in Its Sails now", BoardBonus{Track: TrackStory, At: 10, Gain: ItemWind}.Text())

	// In the played logs every Bonus Check he gains names his track so,
	// and a player sharing his Bonus still gains "Wind in Your Sails".
	logs, err := filepath.Glob("testdata/*.golden")
	require.NoError(t, err)
	his := regexp.MustCompile(`Bonus Check: [^.]*he gains [^.]*Wind in (Its|Your) Sails`)
	seen := 0
	for _, f := range logs {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(string(b), "\n") {
			if m := his.FindStringSubmatch(line); m != nil {
				seen++
				assert.Equal(t, "Its", m[1], "%s: %s", f, line)
			}
		}
	}
	assert.Greater(t, seen, 0, "the logs have a Bonus Check giving him a Wind")
}
