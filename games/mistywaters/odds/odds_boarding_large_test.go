package odds

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/stretchr/testify/require"
)

// boardingLarge is the heaviest Boarding shapes: unequal rolls (the side
// with extra dice places them) with First-Class Fencing Masters and many
// Experience Tokens, up to the box's 40 and the 14 a roll both sides
// together, and the switches that change placement and counting.
var boardingLarge = []struct {
	a, d string
	o    mw.Options
}{
	{"ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "ship:sailors=2,cannons=1,fc-fencing,xp=7,owner=b", mw.Options{}},
	{"ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "ship:sailors=3,cannons=1,fc-fencing,xp=7,owner=b", mw.Options{}},
	{"ship:sailors=3,cannons=1,fc-fencing,xp=13,owner=a", "ship:sailors=4,cannons=1,fc-fencing,xp=1,owner=b", mw.Options{}},
	{"ship:sailors=4,cannons=1,fencing,xp=2,owner=a", "ship:sailors=2,cannons=1,fc-fencing,xp=12,owner=b", mw.Options{PlaceTakeMore: true}},
	{"ship:sailors=5,cannons=5,fc-fencing,xp=7/3/7/3,owner=a", "ship:sailors=4,cannons=4,fc-fencing,xp=7/3/7/3,owner=b", mw.Options{}},
	{"ship:sailors=5,cannons=5,fc-fencing,xp=7/3/7/3,owner=a", "ship:sailors=3,cannons=3,fc-fencing,xp=7/3/7/3,owner=b", mw.Options{}},
	{"ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=b", mw.Options{}},
	{"ship:sailors=5,cannons=5,fc-fencing,xp=5/5/5/5,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=5/5/5/5,owner=b", mw.Options{}},
	{"ship:sailors=4,cannons=1,fc-fencing,captain,xp=6,owner=a", "galleass", mw.Options{}},
	{"ship:sailors=2,cannons=1,fc-fencing,xp=5,owner=a", "ship:sailors=4,cannons=1,fencing,xp=5,owner=b", mw.Options{Advanced: true}},
}

// TestBoardingOddsLargeUnchanged pins the whole distribution of the
// heaviest Boarding shapes (sha256 of every exact fraction) to the odds
// code before the duel classes and the defender's stages memoised apart
// (issue #15): the speed work must not change a single fraction.
func TestBoardingOddsLargeUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("large exact odds")
	}
	path := filepath.Join("testdata", "odds-boarding-large.golden")
	want := map[string]string{}
	if !*update {
		want = readTSVGolden(t, path)
	}
	var lines []string
	for _, c := range boardingLarge {
		key := c.a + " v " + c.d
		if c.o.PlaceTakeMore {
			key += " (take-more)"
		}
		if c.o.Advanced {
			key += " (advanced)"
		}
		od, err := BoardingOdds(mustUnit(t, c.a), mustUnit(t, c.d), c.o)
		require.NoError(t, err, key)
		b, err := json.Marshal(od)
		require.NoError(t, err)
		h := sha256.Sum256(b)
		sum := hex.EncodeToString(h[:])
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

// A rowTab finds every rowKey roundEqual can make (v 1-7, runs 0-5, u
// 0-6, duels won and lost 0-5) as the row it was added as, through the
// growth of its lookup table, and a new generation starts empty.
func TestRowTabFindsEveryKey(t *testing.T) {
	var keys []uint32
	for v := 1; v <= 7; v++ {
		for rD := 0; rD <= 5; rD++ {
			for u := 0; u <= 6; u++ {
				for rA := 0; rA <= 5; rA++ {
					for w := 0; w <= 5; w++ {
						for l := 0; l <= 5; l++ {
							keys = append(keys, rowKey(v, rD, u, rA, w, l))
						}
					}
				}
			}
		}
	}
	var tab rowTab
	for round := 0; round < 2; round++ {
		tab.reset(2, 3)
		for i, k := range keys {
			require.Equal(t, i, tab.row(k), "new key %x", k)
		}
		for i, k := range keys {
			require.Equal(t, i, tab.row(k), "key %x again", k)
		}
		require.Len(t, tab.keys, len(keys))
		require.Len(t, tab.heads, 3*len(keys))
	}
	tab.reset(2, 3)
	require.Equal(t, 0, tab.row(keys[100]))
	require.Equal(t, 1, tab.row(keys[5]))
}

// The odds' arrangement of a roll's codes (arrangeCodes) is that of its
// duels (arrange), for every pair of sorted rolls of 1 to 5 dice a side,
// with players placing (and taking more) and with an NPC side placing
// (one behind each die, or stacked: npc-second-row=stack).
func TestArrangeCodesMatchesArrange(t *testing.T) {
	cases := []struct {
		a, d string
		o    mw.Options
	}{
		{"ship:sailors=4,cannons=1,fc-fencing,owner=a", "ship:sailors=3,cannons=2,fencing,owner=b", mw.Options{}},
		{"ship:sailors=4,cannons=1,fencing,owner=a", "ship:sailors=3,cannons=2,owner=b", mw.Options{PlaceTakeMore: true}},
		{"ship:sailors=4,cannons=1,owner=a", "galleass", mw.Options{}},
		{"ship:sailors=4,cannons=1,owner=a", "galleass", mw.Options{NPCStackSecondRow: true}},
	}
	n := 0
	for _, c := range cases {
		b := newBoardOdds(mustUnit(t, c.a), mustUnit(t, c.d), c.o)
		w := &roundWorker{b: b}
		for nA := 1; nA <= 5; nA++ {
			for nD := 1; nD <= 5; nD++ {
				for _, ma := range multisets(nA) {
					for _, md := range multisets(nD) {
						var want []int
						for _, du := range w.arrange(ma.dice, md.dice) {
							want = append(want, duelKey(du, 0, 0))
						}
						got := w.arrangeCodes(ma.dice, md.dice)
						if !slices.Equal(want, got) {
							t.Fatalf("%s v %s: %v v %v: codes %v, arrange %v", c.a, c.d, ma.dice, md.dice, got, want)
						}
						for _, code := range got {
							var dice [4]int
							if back := duelKey(duelOfCode(code, &dice), 0, 0); back != code {
								t.Fatalf("duelOfCode(%o) gives code %o", code, back)
							}
						}
						n++
					}
				}
			}
		}
	}
	require.Equal(t, 4*461*461, n)
}

// placeOne (the odds' placement of a single extra die) proposes the
// placement of bestPlaceInto for every arrangement of 1 to 4 duels: every
// sorted first side's roll, every sorted front of the placing side and
// every extra die at least its highest front die, with and without
// Fencing Master bonuses, the printed cap and take-more.
func TestPlaceOneMatchesBestPlace(t *testing.T) {
	n := 0
	for _, rules := range []mw.DuelRules{{}, {BonusA: 1}, {BonusD: 1, Cap6: true}, {BonusA: 1, BonusD: 2, TakeMore: true}, {TakeMore: true, Cap6: true}} {
		for _, first := range []string{"attacker", "defender"} {
			for k := 1; k <= 4; k++ {
				for _, f := range multisets(k) {
					fd := slices.Clone(f.dice)
					slices.Reverse(fd) // highest first
					for _, front := range multisets(k) {
						for extra := front.dice[k-1]; extra <= 6; extra++ {
							var want [5]int
							mw.BestPlaceInto(&want, first, fd, front.dice, []int{extra}, rules)
							if got := placeOne(first, fd, front.dice, extra, &rules); got != want[0] {
								t.Fatalf("%s first %v, front %v, extra %d (%+v): placeOne %d, bestPlace %d", first, fd, front.dice, extra, rules, got, want[0])
							}
							n++
						}
					}
				}
			}
		}
	}
	require.Greater(t, n, 100000)
}
