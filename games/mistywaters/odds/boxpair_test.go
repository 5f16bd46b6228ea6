package odds

import (
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// Two Player Ships in one battle take their Cannon and Sailor tokens and
// their Experience Tokens from the same box (Components: 50 Cannon tokens,
// 50 Sailor tokens, 40 Experience Tokens): odds for more between them are
// refused as bad input (exit 2), at once; at the bound they are counted.
func TestOddsRefuseShipsHoldingMoreThanTheBoxBetweenThem(t *testing.T) {
	for _, c := range []struct{ att, def, want string }{
		{"ship:cannons=26,sailors=1,owner=a", "ship:cannons=25,sailors=1,owner=b", "51 Cannons together"},
		{"ship:cannons=1,sailors=30,owner=a", "ship:cannons=1,sailors=21,owner=b", "51 Sailors together"},
		{"ship:cannons=2,sailors=2,xp=21,owner=a", "ship:cannons=2,sailors=2,xp=20,owner=b", "41 Experience Tokens together"},
	} {
		a, d := mustUnit(t, c.att), mustUnit(t, c.def)
		for name, odds := range map[string]func(mw.Unit, mw.Unit, mw.Options) (*Odds, error){"broadside": BroadsideOdds, "boarding": BoardingOdds} {
			_, err := odds(a, d, mw.Options{})
			require.Error(t, err, "%s %s v %s", name, c.att, c.def)
			require.True(t, referee.IsUsage(err), "%s: bad input exits 2: %v", name, err)
			require.ErrorContains(t, err, c.want)
			require.ErrorContains(t, err, "(Components: ")
		}
	}
	_, err := BroadsideOdds(mustUnit(t, "ship:cannons=3,sailors=2,owner=a"), mustUnit(t, "ship:cannons=2,sailors=2,owner=b"), mw.Options{})
	require.NoError(t, err)
	require.NoError(t, mw.CheckBoxPair(mustUnit(t, "ship:cannons=25,sailors=25,xp=20,owner=a"), mustUnit(t, "ship:cannons=25,sailors=25,xp=20,owner=b")), "exactly the box between two ships")
	require.NoError(t, mw.CheckBoxPair(mustUnit(t, "ship:cannons=40,sailors=2,owner=a"), mustUnit(t, "pirate")), "an NPC's printed values are no tokens of the box")
}
