package odds

import (
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBroadsideOddsBattery(t *testing.T) {
	// a 1-Cannon ship against a Battery: no ricochet (land), 1/6 to defeat it.
	att := mustUnit(t, "ship:cannons=1,sailors=0,owner=ann")
	od, err := BroadsideOdds(att, mustUnit(t, "battery"), mw.Options{})
	require.NoError(t, err)
	assert.Equal(t, "1/6", od.DefenderDefeated.Exact)
	assert.Equal(t, 0, od.Total().Cmp(big.NewRat(1, 1)))
	// counterattack with 2 dice: each 6 removes the last Cannon: 1-(5/6)^2 = 11/36.
	assert.Equal(t, new(big.Rat).Mul(big.NewRat(5, 6), big.NewRat(11, 36)).RatString(), od.AttackerDefeated.Exact)
}

func TestBroadsideOddsShipRicochet(t *testing.T) {
	// ship vs ship: each die is uniform on {1,2,3,6}.
	a := mustUnit(t, "ship:cannons=1,sailors=0,owner=ann")
	d := mustUnit(t, "ship:cannons=1,sailors=0,owner=bob")
	od, err := BroadsideOdds(a, d, mw.Options{})
	require.NoError(t, err)
	assert.Equal(t, "1/4", od.DefenderDefeated.Exact)
	assert.Equal(t, "3/16", od.AttackerDefeated.Exact)
}

func TestBoardingOddsOneDie(t *testing.T) {
	// 1 vs 1: the attacker wins 15/36, ties 6/36 then again 15/36 and 6/36 stays unresolved.
	a := mustUnit(t, "ship:cannons=1,sailors=0,owner=ann")
	d := mustUnit(t, "ship:cannons=1,sailors=0,owner=bob")
	od, err := BoardingOdds(a, d, mw.Options{})
	require.NoError(t, err)
	p := new(big.Rat).Add(big.NewRat(15, 36), new(big.Rat).Mul(big.NewRat(6, 36), big.NewRat(15, 36)))
	assert.Equal(t, p.RatString(), od.DefenderDefeated.Exact)
	assert.Equal(t, p.RatString(), od.AttackerDefeated.Exact)
	assert.Equal(t, 0, od.Total().Cmp(big.NewRat(1, 1)))
}

func TestBoardingOddsSumToOne(t *testing.T) {
	cases := []struct{ a, d string }{
		{"ship:sailors=3,cannons=2,owner=a", "ship:sailors=1,cannons=3,owner=b"},
		{"ship:sailors=5,cannons=5,fc-fencing,xp=2,owner=a", "galleass"},
		{"ship:sailors=2,cannons=1,fencing,owner=a", "ship:sailors=2,cannons=2,fc-fencing,xp=1,owner=b"},
	}
	for _, c := range cases {
		od, err := BoardingOdds(mustUnit(t, c.a), mustUnit(t, c.d), mw.Options{Advanced: true})
		require.NoError(t, err)
		assert.Equal(t, 0, od.Total().Cmp(big.NewRat(1, 1)), c.a+" vs "+c.d)
	}
}

// probOver23 gives exactly NewProb's fraction and float for denominators
// 2^a * 3^b, whatever 2s and 3s the numerator shares with them.
func TestProbOver23MatchesRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		a, b := uint(rng.IntN(200)), uint(rng.IntN(150))
		den := new(big.Int).Lsh(big.NewInt(1), a)
		den.Mul(den, new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(b)), nil))
		num := new(big.Int).Rand(rng2(rng), den)
		// numerators with many shared 2s and 3s, and 0 and den itself
		switch i % 5 {
		case 1:
			num.Lsh(num, uint(rng.IntN(8)))
		case 2:
			num.Mul(num, big.NewInt(729))
		case 3:
			num.Set(den)
		case 4:
			if i%10 == 4 {
				num.SetInt64(0)
			}
		}
		ga, gb, ok := smooth23(den)
		require.True(t, ok)
		require.Equal(t, [2]uint{a, b}, [2]uint{ga, gb})
		// the cache of denominator texts belongs to one denominator
		got := probOver23(num, den, a, b, map[[2]uint]string{})
		want := NewProb(new(big.Rat).SetFrac(num, den))
		require.Equal(t, want.Exact, got.Exact, "%v/%v", num, den)
		require.Equal(t, want.Float, got.Float, "%v/%v", num, den)
		require.Equal(t, 0, want.Rat().Cmp(got.Rat()))
	}
	_, _, ok := smooth23(big.NewInt(6 * 5))
	require.False(t, ok, "a 5 in the denominator takes the general path")
}

func rng2(r *rand.Rand) *mrand.Rand { return mrand.New(mrand.NewSource(int64(r.Uint64()))) }

// An outcome is labelled with Damage.Text of each side.
func TestOutcomeLabel(t *testing.T) {
	assert.Equal(t, "attacker no loss; defender 1 Cannon, defeated", outcomeLabel(mw.Damage{}, mw.Damage{Cannons: 1, Defeated: true}))
}

// The odds of the Simplified Variant (one-die duels in sequence) sum to 1.
func TestSimplifiedVariantOdds(t *testing.T) {
	att := mustUnit(t, "ship:sailors=2,cannons=1,owner=ann")
	def := mustUnit(t, "ship:sailors=1,cannons=1,owner=bob")
	od, err := BoardingOdds(att, def, mw.Options{Simplified: true})
	require.NoError(t, err)
	assert.Equal(t, "1", od.Total().RatString())
}

// The odds are the same on one core as on two: a Broadside's
// counterattacks are counted by as many workers as there are cores, a
// large equal Boarding roll split between two, and the rolls of a large
// unequal one with re-rolls shared by workers classing their duels in one
// table (issue #25).
func TestOddsSameOnAnyCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	type run struct{ top, full, board *Odds }
	count := func(procs int, a, d mw.Unit, board bool) run {
		runtime.GOMAXPROCS(procs)
		var r run
		var err error
		if board {
			r.board, err = BoardingOdds(a, d, mw.Options{})
			require.NoError(t, err)
			return r
		}
		r.top, err = BroadsideOddsTop(a, d, mw.Options{}, 12)
		require.NoError(t, err)
		r.full, err = BroadsideOdds(a, d, mw.Options{})
		require.NoError(t, err)
		return r
	}
	for _, c := range []struct {
		a, d  string
		board bool
	}{
		{"ship:cannons=15,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=a", "ship:cannons=35,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=b", false},
		{"ship:cannons=12,sailors=6,gunner,xp=2,owner=a", "ship:cannons=9,sailors=8,fc-gunner,captain,owner=b", false},
		{"ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=b", true},
		{"ship:sailors=5,cannons=5,fc-fencing,xp=5/5/5/5,owner=a", "ship:sailors=5,cannons=5,fc-fencing,xp=5/5/5/5,owner=b", true},
		{"ship:sailors=5,cannons=5,fc-fencing,xp=7/3/7/3,owner=a", "ship:sailors=4,cannons=4,fc-fencing,xp=7/3/7/3,owner=b", true},
		{"ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "ship:sailors=3,cannons=1,fc-fencing,xp=7,owner=b", true},
	} {
		a, d := mustUnit(t, c.a), mustUnit(t, c.d)
		one, two := count(1, a, d, c.board), count(2, a, d, c.board)
		require.Equal(t, one, two, "%s v %s", c.a, c.d)
		if !c.board {
			require.Equal(t, one.top.Outcomes, two.top.Outcomes)
		}
	}
}

// shareWork hands every item to exactly one worker, on one core or two,
// and returns once every item taken is done.
func TestShareWorkTakesEachItemOnce(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		for rep := 0; rep < 50; rep++ {
			const items = 300
			var taken [items]atomic.Int32
			var next atomic.Int32
			var done atomic.Int32
			shareWork(func(int) {
				for i := int(next.Add(1)) - 1; i < items; i = int(next.Add(1)) - 1 {
					taken[i].Add(1)
					done.Add(1)
				}
			})
			require.Equal(t, int32(items), done.Load(), "GOMAXPROCS %d", procs)
			for i := range taken {
				require.Equal(t, int32(1), taken[i].Load(), "item %d", i)
			}
		}
	}
}
