package misty

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue #13 item 12: odds takes the player-choice switches and prints the
// whole policy; its JSON carries no empty field; its messages name what
// counts (Sailors against the Sea Serpent, a Fort's fixed dice).
func TestOddsChoicesAndMessages(t *testing.T) {
	out, err := run(t, false, "odds", "-a", "ship:cannons=2,sailors=1,fc-gunner,owner=a", "-d", "ship:cannons=1,sailors=0,owner=b", "--type", "broadside", "--gunner-rerolls", "misses")
	require.NoError(t, err)
	assert.Contains(t, out, "re-rolls once every miss, keeping Deck Crew Hits beyond the target's crew (--gunner-rerolls misses)")
	out, err = run(t, false, "odds", "-a", "ship:sailors=2,cannons=1,owner=a", "-d", "ship:sailors=1,cannons=1,owner=b", "--type", "boarding", "--place-tie", "take-more")
	require.NoError(t, err)
	assert.Contains(t, out, "(--place-tie take-more)")
	out, err = run(t, false, "odds", "-a", "ship:sailors=2,cannons=1,owner=a", "-d", "ship:sailors=1,cannons=1,owner=b", "--type", "boarding")
	require.NoError(t, err)
	assert.Contains(t, out, "the one losing fewer of one's own dice (--place-tie keep-own)")
	for _, bad := range [][]string{{"--gunner-rerolls", "some"}, {"--place-tie", "x"}} {
		_, err = run(t, false, append([]string{"odds", "-a", "sloop:owner=a", "-d", "pirate"}, bad...)...)
		require.Error(t, err)
		assert.True(t, referee.IsUsage(err), "%v", bad)
	}

	// expected losses: no "dice" field that is never filled.
	out, err = run(t, true, "odds", "-a", "ship:sailors=2,cannons=1,owner=a", "-d", "ship:sailors=1,cannons=1,owner=b", "--type", "boarding")
	require.NoError(t, err)
	assert.NotContains(t, out, `"dice": {`)
	assert.NotContains(t, out, `"dice":{`)

	// Freighter: every row of the table is a different outcome.
	out, err = run(t, false, "odds", "-a", "ship:cannons=3,sailors=2,gunner,owner=a", "-d", "freighter", "--type", "broadside", "--all")
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "%") && !strings.HasPrefix(l, "P(") {
			row := strings.Join(strings.Fields(l)[:len(strings.Fields(l))-2], " ")
			assert.False(t, seen[row], "row %q twice", row)
			seen[row] = true
		}
	}
	assert.GreaterOrEqual(t, len(seen), 2)

	// Sea Serpent: Sailors count, not Cannons.
	_, err = run(t, false, "odds", "-a", "ship:cannons=2,sailors=0,owner=a", "-d", "sea-serpent", "--type", "broadside")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "0 Sailors")
	_, err = run(t, false, "broadside", "-a", "ship:cannons=2,sailors=1,owner=b", "-d", "sea-serpent", "--dice", "1,2,3")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "as many regular dice as it has Sailors")
	// A Fort is not called a ship.
	_, err = run(t, false, "broadside", "-a", "fort:owner=b", "-d", "ship:cannons=2,sailors=2,owner=a", "--dice", "1,2,3,4,5")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a full-strength Fort acts as if it has 4 Cannons")
	assert.NotContains(t, err.Error(), "a ship")
	// Unused entered values: the reason is that the battle never made them.
	_, err = run(t, false, "broadside", "-a", "ship:cannons=2,sailors=1,owner=b", "-d", "pirate", "--dice", "6,6;1,1")
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "the battle never made those rolls")
	assert.NotContains(t, err.Error(), "may not roll that many dice")
}

// Issue #30: the Last Day Temple is attacked "from the Adjacent Space to
// the 'X' in the Red Water Lagoon", "The Red Water Lagoon is not
// considered At Sea", and Rocky Seas stops "Player Ships ... At Sea" only:
// a ship with no at= attacks the Temple at 10 oB (broadside and odds);
// at=sea is refused, citing Rocky Seas and the Temple.
func TestTempleUnderRockySeas(t *testing.T) {
	out, err := run(t, false, "broadside", "-a", "ship:cannons=2,sailors=1,owner=a", "-d", "temple", "--advanced", "--wind", "10", "--dice", "6,1", "--why")
	require.NoError(t, err)
	assert.Contains(t, out, "+1 Damage Marker")
	assert.Contains(t, out, "Rocky Seas (10 oB) stops ships At Sea only")
	out, err = run(t, false, "odds", "-a", "ship:cannons=2,sailors=1,owner=a", "-d", "temple", "--advanced", "--wind", "10")
	require.NoError(t, err)
	assert.Contains(t, out, "+1 Damage Marker")
	_, err = run(t, false, "broadside", "-a", "ship:cannons=2,sailors=1,owner=a,at=lagoon", "-d", "temple", "--advanced", "--wind", "10", "--dice", "6,1")
	require.NoError(t, err)
	for _, cmd := range []string{"broadside", "odds"} {
		_, err = run(t, false, cmd, "-a", "ship:cannons=2,sailors=1,owner=a,at=sea", "-d", "temple", "--advanced", "--wind", "10")
		require.Error(t, err, cmd)
		var ue *referee.UsageError
		require.ErrorAs(t, err, &ue)
		assert.Contains(t, ue.Cites, "misty-waters/rocky-seas")
		assert.Contains(t, ue.Cites, "misty-waters/advanced-rules/last-day-temple")
		assert.Contains(t, err.Error(), "Rocky Seas (10 oB)")
		assert.Contains(t, err.Error(), "attacked from the Adjacent Space to the 'X' in the Red Water Lagoon")
	}
}

// Issue #30: --npc-second-row (Duel Arrangement: "NPCs place second-row
// dice with the priority of highest behind lowest value"). The Pirate
// Ship's 5,5,5,1 against 6,1: spread (default) 6 v 1+5 ties and 1 v 5+5,
// stack 6 v 1+5+5 and 1 v 5; the output and the odds' policy name the
// reading; a value that is neither is refused.
func TestNPCSecondRowFlag(t *testing.T) {
	args := []string{"boarding", "--advanced", "-a", "ship:sailors=1,cannons=1,owner=a", "-d", "pirate", "--dice", "6,1;6", "--defender-dice", "5,5,5,1;1,1"}
	out, err := run(t, false, args...)
	require.NoError(t, err)
	assert.Contains(t, out, "npc-second-row=spread")
	assert.Contains(t, out, "6:6 v 1,5:6 tie | 1:1 v 5,5:10 D")
	out, err = run(t, false, "boarding", "--advanced", "-a", "ship:sailors=1,cannons=1,owner=a", "-d", "pirate", "--dice", "6,1", "--defender-dice", "5,5,5,1", "--npc-second-row", "stack")
	require.NoError(t, err)
	assert.Contains(t, out, "npc-second-row=stack")
	assert.Contains(t, out, "6:6 v 1,5,5:11 D | 1:1 v 5:5 D")
	assert.Contains(t, out, "outcome: attacker defeated")
	for _, r := range []string{"spread", "stack"} {
		out, err = run(t, false, "odds", "--advanced", "-a", "ship:sailors=1,cannons=1,owner=a", "-d", "pirate", "--type", "boarding", "--npc-second-row", r)
		require.NoError(t, err)
		assert.Contains(t, out, "(npc-second-row="+r+")")
	}
	_, err = run(t, false, "odds", "--advanced", "-a", "sloop:owner=a", "-d", "pirate", "--type", "boarding", "--npc-second-row", "pile")
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
}
