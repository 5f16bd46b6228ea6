package misty

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func run(t *testing.T, jsonOut bool, args ...string) (string, error) {
	t.Helper()
	return runIO(t, jsonOut, false, args...)
}

// runIO runs the command with output for a terminal (tty) or piped.
func runIO(t *testing.T, jsonOut, tty bool, args ...string) (string, error) {
	t.Helper()
	out := &bytes.Buffer{}
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: out, ErrOut: out, TTYOut: tty, NoColor: tty})
	f.G.JSON = jsonOut
	f.G.Seed, f.G.SeedSet = 7, true
	f.V.Set("tables", t.TempDir()+"/tables.yaml")
	cmd := NewCmd(f)
	cmd.SetArgs(args)
	cmd.SetOut(out)
	cmd.SetErr(out)
	err := cmd.Execute()
	return out.String(), err
}

func TestBroadsideCommand(t *testing.T) {
	out, err := run(t, true, "broadside", "--attacker", "ship:cannons=3,sailors=2,gunner,owner=ann", "--defender", "pirate:damaged", "--dice", "6,4,4,1+2,6")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.NotNil(t, v.Broadside)
	assert.Equal(t, []int{6, 2, 6, 1}, v.Broadside.Attack.Final)
	assert.True(t, v.Broadside.Attack.Damage.Defeated)
	assert.Contains(t, v.Cites, mw.CiteDefeatedPirates)
	require.NotNil(t, v.Luck)
	assert.NotEmpty(t, v.Luck.Exact)

	out, err = run(t, false, "broadside", "-a", "fort:owner=bob", "-d", "brig:cannons=4,sailors=3,owner=ann", "--why")
	require.NoError(t, err)
	assert.Contains(t, out, "Broadside Battle: Fort")
	assert.Contains(t, out, "rule: ")
	assert.Contains(t, out, "cites: ")
}

func TestBoardingCommandExample(t *testing.T) {
	out, err := run(t, true, "boarding", "-a", "ship:sailors=3,cannons=2,name=blue,owner=b", "-d", "ship:sailors=1,cannons=3,name=green,owner=g",
		"--dice", "1,2,3,4,5;1,3,4", "--defender-dice", "6,4,3,2;5,2", "--place", "1;2")
	require.NoError(t, err)
	var v BattleView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	b := v.Boarding
	require.NotNil(t, b)
	assert.Equal(t, 1, b.AttackerAfter.Sailors)
	assert.Equal(t, 2, b.DefenderAfter.Cannons)
	assert.Equal(t, 0, b.DefenderAfter.Sailors)
	assert.Empty(t, b.Outcome.Defeated)
}

func TestOddsCommand(t *testing.T) {
	out, err := run(t, true, "odds", "-a", "ship:cannons=3,sailors=2,gunner", "-d", "pirate:damaged")
	require.NoError(t, err)
	var v OddsView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.NotNil(t, v.Broadside)
	assert.Equal(t, "175/256", v.Broadside.DefenderDefeated.Exact, "1 - (3/4)^4: at least one 6 among 4 ricocheting dice")
	assert.InDelta(t, 175.0/256, v.Broadside.DefenderDefeated.Float, 1e-12)
	assert.Nil(t, v.Boarding)
	assert.NotEmpty(t, v.BoardingRefused)

	out, err = run(t, false, "odds", "-a", "ship:cannons=3,sailors=3,owner=a", "-d", "galleass:sailors=4")
	require.NoError(t, err)
	assert.Contains(t, out, "fire: defender defeated")
	assert.Contains(t, out, "P(defender defeated)")
	assert.Contains(t, out, "#")
}

func TestBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"broadside", "-a", "ship:cannons=2", "-d", "pirate", "--dice", "6,7"},
		{"broadside", "-a", "ship:cannons=2", "-d", "pirate", "--dice", "0,1"},
		{"broadside", "-a", "ship:cannons=2,sailors=1", "-d", "pirate", "--dice", "6,6,6"},
		{"boarding", "-a", "ship:cannons=2,sailors=2", "-d", "fort:owner=b"},
		{"broadside", "-a", "fort:gunner,owner=b", "-d", "ship:cannons=2"},
		{"boarding", "-a", "ship:cannons=1,sailors=1", "-d", "ship:cannons=1,sailors=1,owner=b", "--dice", "1,2,3"},
		{"odds", "-a", "ship:cannons=2", "-d", "fort:owner=b", "-t", "boarding"},
		{"broadside", "-a", "ship:cannons=2", "-d", "pirate", "--dice", "2,3;4"},
	} {
		_, err := run(t, false, args...)
		require.Error(t, err, args)
		assert.True(t, referee.IsUsage(err), "%v: %v", args, err)
		var ue *referee.UsageError
		if assert.ErrorAs(t, err, &ue, args) {
			assert.NotEmpty(t, ue.Cites, "%v: the refusal names a section", args)
		}
	}
}

func TestDiceFlagModes(t *testing.T) {
	var d diceFlag
	require.NoError(t, d.Set("physical"))
	assert.Equal(t, "physical", d.String())
	require.NoError(t, d.Set("6,5"))
	assert.Equal(t, "physical", d.String(), "entered dice keep the mode the global check sees")
	assert.Equal(t, "6,5", d.entered)
}

// oddsLines runs `misty odds` in text mode (piped: tab-separated table rows)
// and returns its lines.
func oddsLines(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := run(t, false, append([]string{"odds"}, args...)...)
	require.NoError(t, err)
	return strings.Split(out, "\n")
}

// row finds the table row that starts with attacker and defender losses and
// returns its printed probability.
func row(t *testing.T, lines []string, after, att, def string) string {
	t.Helper()
	in := false
	for _, l := range lines {
		if strings.HasPrefix(l, after) {
			in = true
			continue
		}
		if !in {
			continue
		}
		if strings.HasPrefix(l, "P(") {
			break
		}
		f := strings.Split(l, "\t")
		if len(f) >= 3 && f[0] == att && f[1] == def {
			return f[2]
		}
	}
	t.Errorf("no row %q | %q after %q in:\n%s", att, def, after, strings.Join(lines, "\n"))
	return ""
}

// TestOddsTextHandChecked checks the printed odds of the smallest Broadside
// exchange against a computation by hand from misty-waters.txt.
//
// A Player Ship with 1 Cannon and no deck crew fires at a full-strength
// Pirate Ship, which has 4 Cannons (3 when damaged, misty-waters/step-4a-broadside-battle)
// and counterattacks (misty-waters/counterattack).
//
// The attacker's one die (misty-waters/broadside-battle-dice-result): 6 is
// a Hull Hit (a Damage Marker on the Pirate Ship), 4 and 5 ricochet between
// two ships and are re-rolled until they show 1, 2, 3 or 6, 2 and 3 miss,
// 1 hits deck crew (none on a Pirate Ship). With the ricochets the die ends on
// 1, 2, 3 or 6 alike: P(Damage Marker) = 1/4.
//
// The counterattack: the Player Ship is defeated by one 6 (its last Cannon,
// the same section); 1s find no deck crew. A die shows no 6 with probability 3/4
// (ricochets again re-rolled), so
//
//	undamaged Pirate, 4 dice: P(defeated) = 1 - (3/4)^4 = 175/256
//	damaged Pirate, 3 dice:   P(defeated) = 1 - (3/4)^3 = 37/64
//
// and the four outcomes are
//
//	attacker defeated, Pirate unhurt:  3/4 * 175/256 = 525/1024 = 51.3%
//	nothing happens:                   3/4 *  81/256 = 243/1024 = 23.7%
//	attacker defeated, Pirate damaged: 1/4 *  37/64  =  37/256  = 14.5%
//	Pirate damaged, attacker unhurt:   1/4 *  27/64  =  27/256  = 10.5%
//
// P(attacker defeated) = 525/1024 + 148/1024 = 673/1024 = 65.7%.
func TestOddsTextHandChecked(t *testing.T) {
	lines := oddsLines(t, "-a", "ship:cannons=1", "-d", "pirate", "-t", "broadside")
	const head = "Broadside exchange:"
	assert.Equal(t, "51.3%", row(t, lines, head, "1 Cannon, defeated", "no loss"))
	assert.Equal(t, "23.7%", row(t, lines, head, "no loss", "no loss"))
	assert.Equal(t, "14.5%", row(t, lines, head, "1 Cannon, defeated", "+1 Damage Marker"))
	assert.Equal(t, "10.5%", row(t, lines, head, "no loss", "+1 Damage Marker"))
	assert.Contains(t, lines, "P(attacker defeated) = 65.7% (673/1024)")
	assert.Contains(t, lines, "P(defender defeated) = 0.0% (0)")

	// The Conquistadors' Galleass has 0 Cannons (no counterattack,
	// misty-waters/step-4a-broadside-battle), takes no damage from a 6 and
	// loses a Sailor to each 1 (misty-waters/broadside-battle-dice-result). Each of 3 dice ends on a 1 with probability
	// 1/4 after ricochets: Sailors lost ~ Binomial(3, 1/4):
	// 0: 27/64 = 42.2%, 1: 27/64 = 42.2%, 2: 9/64 = 14.1%, 3: 1/64 = 1.6%.
	lines = oddsLines(t, "-a", "ship:cannons=3,sailors=3,owner=a", "-d", "galleass:sailors=4", "-t", "broadside")
	assert.Equal(t, "42.2%", row(t, lines, head, "no loss", "no loss"))
	assert.Equal(t, "42.2%", row(t, lines, head, "no loss", "1 Sailor"))
	assert.Equal(t, "14.1%", row(t, lines, head, "no loss", "2 Sailors"))
	assert.Equal(t, "1.6%", row(t, lines, head, "no loss", "3 Sailors"))
}

// TestOddsTextMatchesOddsFunctions compares every printed percentage with
// the exact distribution games/mistywaters computes for the same units.
func TestOddsTextMatchesOddsFunctions(t *testing.T) {
	set, err := tables.New("", nil)
	require.NoError(t, err)
	o := mw.Options{Boxes: mw.TableBoxes{Set: set}}
	mw.MonsterHitsFromTable(set, &o)
	for _, c := range []struct{ att, def string }{
		{"ship:cannons=3,sailors=2,gunner", "pirate:damaged"},
		{"ship:cannons=3,sailors=3,owner=a", "galleass:sailors=4"},
		{"ship:cannons=2,sailors=3,owner=a", "ship:cannons=2,sailors=2,owner=b"},
	} {
		att, err := mw.ParseUnit(c.att)
		require.NoError(t, err)
		def, err := mw.ParseUnit(c.def)
		require.NoError(t, err)
		lines := oddsLines(t, "-a", c.att, "-d", c.def, "--all")
		printed := 0
		for _, k := range []struct {
			head string
			odds func(mw.Unit, mw.Unit, mw.Options) (*mw.Odds, error)
		}{{"Broadside exchange:", mw.BroadsideOdds}, {"Boarding Battle:", mw.BoardingOdds}} {
			od, err := k.odds(att, def, o)
			if err != nil {
				continue // a battle type the units cannot fight: not printed
			}
			// Every outcome whose row text is unique must print its own
			// probability (outcomes that print alike are skipped).
			seen, compared := map[string]int{}, 0
			for _, oc := range od.Outcomes {
				seen[oc.Attacker.Text()+"\t"+oc.Defender.Text()]++
			}
			for _, oc := range od.Outcomes {
				a, d := oc.Attacker.Text(), oc.Defender.Text()
				if seen[a+"\t"+d] > 1 {
					continue
				}
				assert.Equal(t, fmt.Sprintf("%.1f%%", 100*oc.P.Float), row(t, lines, k.head, a, d), "%s vs %s, %s: %s / %s", c.att, c.def, k.head, a, d)
				compared++
			}
			assert.GreaterOrEqual(t, compared, 3, "%s vs %s, %s: rows compared", c.att, c.def, k.head)
			printed++
			// P(defeated) lines: the exact fraction and its percentage.
			var block []string
			in := false
			for _, l := range lines {
				if strings.HasPrefix(l, k.head) {
					in = true
				} else if in && (strings.HasPrefix(l, "Broadside exchange:") || strings.HasPrefix(l, "Boarding Battle:")) {
					break
				}
				if in {
					block = append(block, l)
				}
			}
			assert.Contains(t, block, fmt.Sprintf("P(attacker defeated) = %.1f%% (%s)", 100*od.AttackerDefeated.Float, od.AttackerDefeated.Exact), "%s vs %s %s", c.att, c.def, k.head)
			assert.Contains(t, block, fmt.Sprintf("P(defender defeated) = %.1f%% (%s)", 100*od.DefenderDefeated.Float, od.DefenderDefeated.Exact), "%s vs %s %s", c.att, c.def, k.head)
		}
		assert.Positive(t, printed, "%s vs %s: no battle compared", c.att, c.def)
	}
}
