package misty

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/odds-*.golden from the current odds code")

// runTTY is run with the output taken for a terminal (tables with borders,
// bars of Unicode blocks).
func runTTY(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return runIO(t, false, true, args...)
}

// TestOddsRenderingGolden pins the printed odds of the largest cases (the
// 12 likeliest rows, "(other outcomes)", the exact defeat chances and the
// expected losses) to the output of the build before the fast top-rows
// path (issue #15): the rendering must not change by a character.
func TestOddsRenderingGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"broadside-25c25s-fc-xp20", []string{"odds", "--type", "broadside", "-a", "ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=a", "-d", "ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=b"}},
		{"broadside-12c-misses", []string{"odds", "--type", "broadside", "-a", "ship:cannons=12,sailors=5,fc-gunner,xp=4,owner=a", "-d", "ship:cannons=12,sailors=3,gunner,xp=2,owner=b", "--gunner-rerolls", "misses"}},
		{"both-10c10s-fc-xp3", []string{"odds", "-a", "ship:cannons=10,sailors=10,fc-gunner,fc-fencing,xp=3,owner=a", "-d", "ship:cannons=10,sailors=10,fc-gunner,fc-fencing,xp=3,owner=b"}},
		{"broadside-30c-fort", []string{"odds", "--type", "broadside", "-a", "ship:cannons=30,sailors=3,fc-gunner,xp=10,owner=a", "-d", "fort:owner=b"}},
		{"boarding-5v3-fc-xp7", []string{"odds", "--type", "boarding", "-a", "ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "-d", "ship:sailors=2,cannons=1,fc-fencing,xp=7,owner=b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, tty := range []bool{false, true} {
				var out string
				var err error
				suffix := ".golden"
				if tty {
					out, err = runTTY(t, c.args...)
					suffix = ".tty.golden"
				} else {
					out, err = run(t, false, c.args...)
				}
				require.NoError(t, err)
				path := filepath.Join("testdata", "odds-"+c.name+suffix)
				if *update {
					require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
					continue
				}
				want, err := os.ReadFile(path)
				require.NoError(t, err)
				require.Equal(t, string(want), out)
			}
		})
	}
}

// TestOddsJSONStreamedSameBytes: --json writes a large distribution's
// outcomes one at a time; the bytes must be those of encoding the whole
// view at once (cmdutil.JSON), for one type, both types, and a view with
// only the Boarding streamed.
func TestOddsJSONStreamedSameBytes(t *testing.T) {
	cases := [][]string{
		{"odds", "--type", "broadside", "-a", "ship:cannons=8,sailors=6,fc-gunner,captain,xp=3,owner=a", "-d", "ship:cannons=7,sailors=5,gunner,fencing,xp=2,owner=b"},
		{"odds", "-a", "ship:cannons=4,sailors=6,gunner,fc-fencing,xp=1,owner=a", "-d", "ship:cannons=5,sailors=5,fencing,owner=b"},
		{"odds", "-a", "sloop:owner=a", "-d", "galleass"},
		{"odds", "--type", "boarding", "-a", "ship:sailors=3,cannons=2,fc-fencing,xp=2,owner=a", "-d", "pirate", "--advanced"},
	}
	old := streamOutcomes
	defer func() { streamOutcomes = old }()
	for _, args := range cases {
		streamOutcomes = 1 << 30 // never: the whole view at once
		want, err := run(t, true, args...)
		require.NoError(t, err)
		for _, n := range []int{1, 20} {
			streamOutcomes = n
			got, err := run(t, true, args...)
			require.NoError(t, err)
			require.Equal(t, want, got, "%v (streamed from %d outcomes)", args, n)
		}
	}
	// the 25-Cannon exchange is streamed by default
	streamOutcomes = old
	args := []string{"odds", "--type", "broadside", "-a", "ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=a", "-d", "ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=b"}
	got, err := run(t, true, args...)
	require.NoError(t, err)
	streamOutcomes = 1 << 30
	want, err := run(t, true, args...)
	require.NoError(t, err)
	require.Equal(t, len(want), len(got))
	require.True(t, want == got, "the 25-Cannon exchange's JSON differs when streamed")
}
