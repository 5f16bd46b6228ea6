package odds

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/stretchr/testify/require"
)

// update is the golden-update flag of every package that has goldens
// (go test ./games/mistywaters/odds -update): here it rewrites
// testdata/odds-grid.golden and testdata/odds-boarding-large.golden.
var update = flag.Bool("update", false, "rewrite testdata/odds-grid.golden and testdata/odds-boarding-large.golden from the current odds code")

// oddsGrid is a grid of Broadside and Boarding cases across sizes,
// Officers, Experience Tokens and targets; odds-grid.golden holds the
// sha256 of each case's whole distribution (every outcome's exact
// fraction, the defeat chances and expected losses) as computed by the
// odds code before the class-count and memoisation rewrites, so any
// change of a single fraction fails.
func oddsGrid() []struct{ typ, a, d string } {
	var out []struct{ typ, a, d string }
	add := func(typ, a, d string) { out = append(out, struct{ typ, a, d string }{typ, a, d}) }
	boardA := []string{
		"ship:sailors=1,cannons=1,owner=a",
		"ship:sailors=3,cannons=2,fencing,owner=a",
		"ship:sailors=2,cannons=2,fc-fencing,xp=2,owner=a",
		"ship:sailors=5,cannons=5,fc-fencing,xp=3,owner=a",
		"ship:sailors=4,cannons=3,fc-fencing,xp=1/0/2/1,owner=a",
		"ship:sailors=6,cannons=4,fencing,captain,xp=4,owner=a",
	}
	boardD := []string{
		"pirate",
		"galleass",
		"ship:sailors=2,cannons=1,fc-fencing,xp=1,owner=b",
		"ship:sailors=5,cannons=5,fc-fencing,xp=2,owner=b",
		"ship:sailors=3,cannons=3,fencing,xp=0/1/1/0,owner=b",
	}
	for _, a := range boardA {
		for _, d := range boardD {
			add("boarding", a, d)
		}
	}
	shotA := []string{
		"ship:cannons=1,sailors=1,owner=a",
		"ship:cannons=3,sailors=2,gunner,owner=a",
		"ship:cannons=5,sailors=3,fc-gunner,xp=2,owner=a",
		"ship:cannons=8,sailors=6,fc-gunner,fencing,captain,xp=3,owner=a",
		"ship:cannons=10,sailors=10,fc-gunner,xp=3,owner=a",
	}
	shotD := []string{
		"pirate",
		"fort:owner=b",
		"ship:cannons=2,sailors=1,gunner,owner=b",
		"ship:cannons=6,sailors=4,fc-gunner,fc-fencing,xp=2,owner=b",
		"ship:cannons=10,sailors=10,fc-gunner,xp=3,owner=b",
	}
	for _, a := range shotA {
		for _, d := range shotD {
			add("broadside", a, d)
		}
	}
	return out
}

func TestOddsGridUnchanged(t *testing.T) {
	path := filepath.Join("testdata", "odds-grid.golden")
	want := map[string]string{}
	if !*update {
		want = readTSVGolden(t, path)
	}
	var lines []string
	for _, c := range oddsGrid() {
		key := c.typ + " " + c.a + " v " + c.d
		a, d := mustUnit(t, c.a), mustUnit(t, c.d)
		var od *Odds
		var err error
		// Advanced Rules: a Pirate Ship can be boarded
		o := mw.Options{Advanced: true, PirateCountsDuels: strings.Contains(c.a, "captain")}
		if c.typ == "boarding" {
			od, err = BoardingOdds(a, d, o)
		} else {
			od, err = BroadsideOdds(a, d, o)
		}
		sum := "error: " + fmt.Sprint(err)
		if err == nil {
			b, jerr := json.Marshal(od)
			require.NoError(t, jerr)
			h := sha256.Sum256(b)
			sum = hex.EncodeToString(h[:])
		}
		lines = append(lines, key+"\t"+sum)
		if !*update {
			require.Equal(t, want[key], sum, "%s: the distribution changed", key)
		}
	}
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	} else {
		require.Len(t, want, len(lines), "golden cases")
	}
}

// readTSVGolden reads a golden of "key\tvalue" lines.
func readTSVGolden(t *testing.T, path string) map[string]string {
	t.Helper()
	want := map[string]string{}
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "\t")
		if ok {
			want[k] = v
		}
	}
	require.NoError(t, sc.Err())
	return want
}
