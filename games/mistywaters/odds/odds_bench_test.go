package odds

import (
	"math"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

var benchCases = []struct{ name, a, d string }{
	{"plain-10v10", "ship:sailors=5,cannons=5,owner=a", "galleass"},
	{"fencing-10v10", "ship:sailors=5,cannons=5,fencing,owner=a", "ship:sailors=5,cannons=5,fencing,owner=b"},
	{"fc-fencing-10v10", "ship:sailors=5,cannons=5,fc-fencing,owner=a", "ship:sailors=5,cannons=5,fc-fencing,owner=b"},
	{"fc-xp-10v10", "ship:sailors=5,cannons=5,fc-fencing,xp=2,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=2,owner=b"},
	{"5v3-placement", "ship:sailors=3,cannons=2,owner=a", "ship:sailors=1,cannons=2,owner=b"},
}

func BenchmarkBoardingOdds(b *testing.B) {
	for _, c := range benchCases {
		a, _ := mw.ParseUnit(c.a)
		d, _ := mw.ParseUnit(c.d)
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := BoardingOdds(a, d, mw.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBroadsideOdds(b *testing.B) {
	a, _ := mw.ParseUnit("ship:cannons=10,sailors=4,fc-gunner,xp=3,owner=a")
	d, _ := mw.ParseUnit("ship:cannons=10,sailors=4,fc-gunner,xp=3,owner=b")
	for i := 0; i < b.N; i++ {
		if _, err := BroadsideOdds(a, d, mw.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// The exact odds and the resolver follow the same policies: simulate the
// resolver with seeded dice and compare.
func TestOddsMatchSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation")
	}
	cases := []struct {
		name, a, d string
		board      bool
	}{
		{"boarding-fc-xp", "ship:sailors=3,cannons=2,fc-fencing,xp=1,owner=a", "ship:sailors=2,cannons=2,fencing,xp=1,owner=b", true},
		{"boarding-clashes", "ship:sailors=4,cannons=3,owner=a", "ship:sailors=2,cannons=2,fc-fencing,owner=b", true},
		{"broadside-fc-gunner", "ship:cannons=3,sailors=1,fc-gunner,xp=1,owner=a", "ship:cannons=2,sailors=1,gunner,owner=b", false},
		{"broadside-fort", "ship:cannons=4,sailors=1,fc-gunner,owner=a", "fort:owner=b", false},
	}
	const n = 6000
	for _, c := range cases {
		a := mustUnit(t, c.a)
		d := mustUnit(t, c.d)
		var od *Odds
		var err error
		if c.board {
			od, err = BoardingOdds(a, d, mw.Options{})
		} else {
			od, err = BroadsideOdds(a, d, mw.Options{})
		}
		require.NoError(t, err)
		dice := referee.NewDice(referee.Virtual, 42, nil)
		counts := map[string]int{}
		for i := 0; i < n; i++ {
			var toA, toD mw.Damage
			if c.board {
				res, err := mw.ResolveBoarding(mw.BoardingInput{Attacker: a, Defender: d}, mw.RefereeRoller{D: dice})
				require.NoError(t, err)
				toA, toD = res.ToAttacker, res.ToDefender
			} else {
				res, err := mw.ResolveBroadside(mw.BroadsideInput{Attacker: a, Defender: d}, mw.RefereeRoller{D: dice})
				require.NoError(t, err)
				toD = res.Attack.Damage
				toA = mw.CounterDamage(res.Counter)
			}
			counts[outcomeLabel(toA, toD)]++
		}
		for _, oc := range od.Outcomes {
			p := oc.P.Float
			sd := math.Sqrt(p * (1 - p) / n)
			got := float64(counts[oc.Label]) / n
			if math.Abs(got-p) > 5*sd+1e-3 {
				t.Errorf("%s: %s: simulated %.4f, exact %.4f", c.name, oc.Label, got, p)
			}
			delete(counts, oc.Label)
		}
		for l, k := range counts {
			t.Errorf("%s: simulated outcome %q (%d) has no exact probability", c.name, l, k)
		}
	}
}

// BenchmarkOddsCold measures one-shot odds with every cache cleared, as a
// fresh `bosun misty odds` process would compute them.
func BenchmarkOddsCold(b *testing.B) {
	cases := []struct{ name, a, d string }{
		{"broadside-10v10-gunner", "ship:cannons=10,sailors=4,gunner,owner=a", "ship:cannons=10,sailors=4,gunner,owner=b"},
		{"broadside-10v10-fc-xp3", "ship:cannons=10,sailors=4,fc-gunner,xp=3,owner=a", "ship:cannons=10,sailors=4,fc-gunner,xp=3,owner=b"},
		{"broadside-10c10s-fc-xp3", "ship:cannons=10,sailors=10,fc-gunner,xp=3,owner=a", "ship:cannons=10,sailors=10,fc-gunner,xp=3,owner=b"},
		{"broadside-20c20s-fc-xp3", "ship:cannons=20,sailors=20,fc-gunner,xp=3,owner=a", "ship:cannons=20,sailors=20,owner=b"},
		{"broadside-50c3s-fc-xp40", "ship:cannons=50,sailors=3,fc-gunner,xp=40,owner=a", "ship:cannons=50,sailors=3,fc-gunner,xp=40,owner=b"},
		{"boarding-10v10", "ship:sailors=5,cannons=5,owner=a", "galleass"},
		{"boarding-10v10-fencing", "ship:sailors=5,cannons=5,fencing,owner=a", "ship:sailors=5,cannons=5,fencing,owner=b"},
		{"boarding-10v10-fc-fencing", "ship:sailors=5,cannons=5,fc-fencing,owner=a", "ship:sailors=5,cannons=5,fc-fencing,owner=b"},
		{"boarding-10v10-fc-xp1", "ship:sailors=5,cannons=5,fc-fencing,xp=1,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=1,owner=b"},
		{"boarding-10v10-fc-xp2", "ship:sailors=5,cannons=5,fc-fencing,xp=2,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=2,owner=b"},
		{"boarding-10v8-fc-xp2", "ship:sailors=5,cannons=5,fc-fencing,xp=2,owner=a", "ship:sailors=4,cannons=4,fc-fencing,xp=2,owner=b"},
	}
	for _, c := range cases {
		a, _ := mw.ParseUnit(c.a)
		d, _ := mw.ParseUnit(c.d)
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				var err error
				if c.name[:5] == "broad" {
					_, err = BroadsideOdds(a, d, mw.Options{})
				} else {
					_, err = BoardingOdds(a, d, mw.Options{})
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBroadsideWorst is the worst legal Broadside shape (issue #15):
// 15 Cannons v 35, 25 Sailors a side, both with a First-Class Gunner, a
// Captain, First-Class Fencing and 20 XP; most of its time is the
// counterattacks' volleys.
func BenchmarkBroadsideWorst(b *testing.B) {
	a, err := mw.ParseUnit("ship:cannons=15,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=a")
	require.NoError(b, err)
	d, err := mw.ParseUnit("ship:cannons=35,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=b")
	require.NoError(b, err)
	for i := 0; i < b.N; i++ {
		if _, err := BroadsideOddsTop(a, d, mw.Options{}, 12); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoardingWorst holds the heaviest Boarding odds of issue #15, with
// the exact units `bosun misty odds` benchmarks in cmd/benchmark.
func BenchmarkBoardingWorst(b *testing.B) {
	cases := []struct{ name, a, d string }{
		{"10v8-fc-xp7/3/7/3", "ship:sailors=5,cannons=5,fc-fencing,xp=7/3/7/3,owner=a", "ship:sailors=4,cannons=4,fc-fencing,xp=7/3/7/3,owner=b"},
		{"5v4-fc-xp7", "ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "ship:sailors=3,cannons=1,fc-fencing,xp=7,owner=b"},
		{"10v10-fc-xp7", "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=b"},
		{"5v3-fc-xp7", "ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "ship:sailors=2,cannons=1,fc-fencing,xp=7,owner=b"},
	}
	for _, c := range cases {
		a, err := mw.ParseUnit(c.a)
		require.NoError(b, err)
		d, err := mw.ParseUnit(c.d)
		require.NoError(b, err)
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := BoardingOdds(a, d, mw.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
