package odds

import (
	"math/big"
	"sort"
	"strings"
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The run-length programme for equal dice counts gives exactly the counts
// of the enumeration of every pair of rolls.
func TestRoundEqualMatchesPairs(t *testing.T) {
	cases := []struct {
		a, d        string
		n, xpA, xpD int
		opts        mw.Options
	}{
		{"ship:sailors=3,cannons=2,fc-fencing,owner=a", "ship:sailors=3,cannons=2,fc-fencing,owner=b", 3, 0, 0, mw.Options{}},
		{"ship:sailors=3,cannons=2,fc-fencing,owner=a", "ship:sailors=3,cannons=2,fencing,owner=b", 4, 2, 1, mw.Options{}},
		{"ship:sailors=3,cannons=2,fencing,owner=a", "ship:sailors=3,cannons=2,fc-fencing,owner=b", 5, 0, 3, mw.Options{}},
		{"ship:sailors=3,cannons=2,fc-fencing,owner=a", "galleass", 5, 2, 0, mw.Options{NoErrata: true}},
		{"ship:sailors=3,cannons=2,owner=a", "ship:sailors=3,cannons=2,owner=b", 2, 1, 1, mw.Options{}},
	}
	for _, c := range cases {
		a, d := mustUnit(t, c.a), mustUnit(t, c.d)
		fast := newBoardOdds(a, d, c.opts).roundDist(c.n, c.n, c.xpA, c.xpD)
		pairs := newBoardOdds(a, d, c.opts)
		pairs.pairsOnly = true
		slow := pairs.roundDist(c.n, c.n, c.xpA, c.xpD)
		// and with every phase split between two workers
		split := newBoardOdds(a, d, c.opts)
		split.minSplit = 0
		halves := split.roundDist(c.n, c.n, c.xpA, c.xpD)
		for _, got := range []map[roundOut]*big.Rat{fast, halves} {
			require.Equal(t, len(slow), len(got), "%s vs %s n=%d", c.a, c.d, c.n)
			for k, p := range slow {
				q, ok := got[k]
				require.True(t, ok, "outcome %v missing", k)
				assert.Equal(t, p.RatString(), q.RatString(), "outcome %v", k)
			}
		}
	}
}

// The run-length programme split between two workers (as it is from
// minSplitCells on two cores) gives the counts of one worker, on the
// largest roll it counts: 5 v 5 with First-Class Fencing and 7 tokens a
// side.
func TestRoundEqualSplitMatchesOne(t *testing.T) {
	a := mustUnit(t, "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=a")
	d := mustUnit(t, "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=b")
	one := newBoardOdds(a, d, mw.Options{})
	one.minSplit = 1 << 62
	want := one.roundEqual(5, 7, 7, &one.runTabs)
	split := newBoardOdds(a, d, mw.Options{})
	split.minSplit = 0
	got := split.roundEqual(5, 7, 7, &split.runTabs)
	require.Equal(t, len(want), len(got))
	for k, x := range want {
		require.Equal(t, x, got[k], "outcome %v, %d tokens used", decOut(k&(1<<20-1)), k>>21)
	}
}

// pathRoller drives the resolver down one path of the tree of every dice
// outcome: each die asked for is the next choice of the path (a new choice
// starts at the first face), and the probability of the path is the
// product of 1/faces. A die re-rolled for a ricochet is chosen among
// 1, 2, 3 and 6 with 1/4 each: "each die is rerolled until a result other
// than 4 or 5 is rolled", and sum_k (2/6)^k * 1/6 = 1/4 for each of those
// faces (checked in TestRicochetIsUniform).
//
// Unless the run is exhaustive (BOSUN_EXHAUSTIVE=1), a whole roll (a key
// ending in ".roll": a volley, a side's roll of a clash or a tie) is
// walked as its sorted rolls only, each standing for its orderings
// (n!/(c1!c2!...), in mult): the resolver sorts a roll before it reads
// it, and a volley's effects are counts. The re-rolls (a ricochet, a
// Gunner's, a Fencing Master's, a token's) are walked in order: they go
// to given dice. The exhaustive run walks every ordered roll.
type pathRoller struct {
	path   []int
	widths []int
	pos    int
	sorted bool   // walk whole rolls sorted
	mult   uint64 // the orderings the current path stands for
}

func newPathRoller() *pathRoller {
	return &pathRoller{sorted: !refereetest.Exhaustive()}
}

// orderings is the number of orderings of a roll: n!/(c1!c2!...) for the
// counts c of its faces.
func orderings(roll []int) uint64 {
	var c [7]int
	m := uint64(1)
	for i, v := range roll {
		c[v]++
		m = m * uint64(i+1) / uint64(c[v])
	}
	return m
}

var ricochetFaces = []int{1, 2, 3, 6}

func (p *pathRoller) Roll(key string, n int) ([]int, error) {
	faces := []int{1, 2, 3, 4, 5, 6}
	if len(key) > 9 && key[len(key)-9:] == ".ricochet" {
		faces = ricochetFaces
	}
	if p.pos == 0 {
		p.mult = 1 // a new path
	}
	sorted := p.sorted && strings.HasSuffix(key, ".roll")
	out := make([]int, n)
	for i := range out {
		if p.pos == len(p.path) {
			lo := 0
			if sorted && i > 0 {
				lo = p.path[p.pos-1] // no lower than the die before it
			}
			p.path = append(p.path, lo)
			p.widths = append(p.widths, len(faces))
		}
		out[i] = faces[p.path[p.pos]]
		p.pos++
	}
	if sorted {
		p.mult *= orderings(out)
	}
	return out, nil
}

// next moves to the following path; false when every path was visited.
func (p *pathRoller) next() bool {
	p.path, p.widths = p.path[:p.pos], p.widths[:p.pos]
	for i := len(p.path) - 1; i >= 0; i-- {
		if p.path[i]+1 < p.widths[i] {
			p.path[i]++
			p.path, p.widths = p.path[:i+1], p.widths[:i+1]
			p.pos = 0
			return true
		}
	}
	return false
}

func TestRicochetIsUniform(t *testing.T) {
	// P(final face f) for f in {1,2,3,6} = (1/6) * sum_{k>=0} (1/3)^k = (1/6) * 3/2.
	sum := new(big.Rat).Quo(big.NewRat(1, 6), new(big.Rat).Sub(big.NewRat(1, 1), big.NewRat(2, 6)))
	assert.Equal(t, "1/4", sum.RatString())
}

// enumerate runs resolve on every path and sums the probability of each
// outcome label; it returns the distribution and the number of paths.
func enumerate(t *testing.T, resolve func(r mw.Roller) (mw.Damage, mw.Damage, error)) (map[string]*big.Rat, int) {
	t.Helper()
	var dist tally[string]
	p := newPathRoller()
	paths := 0
	for {
		toA, toD, err := resolve(p)
		require.NoError(t, err)
		dist.add(t, outcomeLabel(toA, toD), p)
		paths++
		if !p.next() {
			break
		}
	}
	return dist.rats(), paths
}

// tally sums the probabilities of paths by outcome. A path's probability
// is its orderings times 6^-a * 4^-b (a dice of 6 faces, b ricochet
// re-rolls of 4), so the paths are counted by outcome and (a, b) as
// whole numbers and each sum made a fraction once (a big.Rat per path
// was a fifth of a walk).
type tally[K comparable] struct {
	counts map[K]map[[2]int]int64
}

func (ty *tally[K]) add(t *testing.T, k K, p *pathRoller) {
	if ty.counts == nil {
		ty.counts = map[K]map[[2]int]int64{}
	}
	byExp := ty.counts[k]
	if byExp == nil {
		byExp = map[[2]int]int64{}
		ty.counts[k] = byExp
	}
	var e [2]int
	for _, w := range p.widths[:p.pos] {
		switch w {
		case 6:
			e[0]++
		case 4:
			e[1]++
		default:
			t.Fatalf("a die of %d faces", w)
		}
	}
	byExp[e] += int64(p.mult)
}

// rats is the probability of each outcome.
func (ty *tally[K]) rats() map[K]*big.Rat {
	out := map[K]*big.Rat{}
	for k, byExp := range ty.counts {
		sum := new(big.Rat)
		for e, n := range byExp {
			den := new(big.Int).Mul(new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(e[0])), nil), new(big.Int).Exp(big.NewInt(4), big.NewInt(int64(e[1])), nil))
			sum.Add(sum, new(big.Rat).SetFrac(big.NewInt(n), den))
		}
		out[k] = sum
	}
	return out
}

func requireSameDist(t *testing.T, od *Odds, dist map[string]*big.Rat) {
	t.Helper()
	require.Equal(t, "1", od.Total().RatString())
	got := map[string]string{}
	for _, o := range od.Outcomes {
		got[o.Label] = o.P.Exact
	}
	want := map[string]string{}
	for l, p := range dist {
		want[l] = p.RatString()
	}
	assert.Equal(t, want, got)
}

// Every dice outcome of small battles, resolved one by one by the
// resolver, gives exactly the distribution of the odds functions.
func TestOddsMatchEveryRoll(t *testing.T) {
	t.Parallel()
	broadsides := []struct {
		name, a, d string
		o          mw.Options
	}{
		{"2v2 ricochets and a Gunner lost to a Deck Crew Hit", "ship:cannons=2,sailors=1,owner=a", "ship:cannons=1,sailors=1,gunner,owner=b", mw.Options{}},
		{"First-Class Gunner and a token against the Silver Freighter", "ship:cannons=1,sailors=1,fc-gunner,xp=1,owner=a", "freighter", mw.Options{}},
		{"First-Class Gunner and ricochets against the Galleass", "ship:cannons=1,sailors=0,fc-gunner,owner=a", "galleass:sailors=1", mw.Options{}},
		{"Gunner against the Galleass: 1s only", "ship:cannons=2,sailors=1,gunner,owner=a", "galleass:sailors=2", mw.Options{}},
		{"Last Day Temple: land, one Damage Marker unless three 6s", "ship:cannons=3,sailors=1,owner=a", "temple", mw.Options{Advanced: true}},
		{"Sea Serpent: Sailors instead of Cannons", "ship:cannons=3,sailors=2,gunner,owner=a", "sea-serpent", mw.Options{}},
		{"Kraken attacks, the ship counterattacks", "kraken", "ship:cannons=2,sailors=1,fencing,gunner,owner=b", mw.Options{}},
	}
	for _, c := range broadsides {
		a, d := mustUnit(t, c.a), mustUnit(t, c.d)
		od, err := BroadsideOdds(a, d, c.o)
		require.NoError(t, err, c.name)
		dist, paths := enumerate(t, func(r mw.Roller) (mw.Damage, mw.Damage, error) {
			res, err := mw.ResolveBroadside(mw.BroadsideInput{Attacker: a, Defender: d, Options: c.o}, r)
			if err != nil {
				return mw.Damage{}, mw.Damage{}, err
			}
			return mw.CounterDamage(res.Counter), res.Attack.Damage, nil
		})
		t.Logf("%s: %d paths, %d outcomes", c.name, paths, len(dist))
		requireSameDist(t, od, dist)
	}
	boardings := []struct {
		name, a, d string
		o          mw.Options
	}{
		{"2v2 with ties", "ship:sailors=1,cannons=1,owner=a", "ship:sailors=1,cannons=1,owner=b", mw.Options{}},
		{"2v2 Fencing Master and the errata", "ship:sailors=1,cannons=1,fencing,owner=a", "ship:sailors=1,cannons=1,owner=b", mw.Options{}},
		{"2v1 First-Class Fencing Master", "ship:sailors=1,cannons=1,fc-fencing,owner=a", "ship:sailors=0,cannons=1,owner=b", mw.Options{}},
		{"1v1 First-Class Fencing Masters and a token", "ship:sailors=0,cannons=1,fc-fencing,xp=1,owner=a", "ship:sailors=0,cannons=1,fc-fencing,owner=b", mw.Options{}},
		{"1v2 NPC places highest behind lowest", "ship:sailors=0,cannons=1,owner=b", "galleass:sailors=2", mw.Options{}},
		{"Simplified Variant", "ship:sailors=2,cannons=1,fencing,owner=a", "ship:sailors=1,cannons=1,owner=b", mw.Options{Simplified: true}},
	}
	for _, c := range boardings {
		a, d := mustUnit(t, c.a), mustUnit(t, c.d)
		od, err := BoardingOdds(a, d, c.o)
		require.NoError(t, err, c.name)
		dist, paths := enumerate(t, func(r mw.Roller) (mw.Damage, mw.Damage, error) {
			res, err := mw.ResolveBoarding(mw.BoardingInput{Attacker: a, Defender: d, Options: c.o}, r)
			if err != nil {
				return mw.Damage{}, mw.Damage{}, err
			}
			return res.ToAttacker, res.ToDefender, nil
		})
		t.Logf("%s: %d paths, %d outcomes", c.name, paths, len(dist))
		requireSameDist(t, od, dist)
	}
}

// An independent brute force written from the rulebook text for a plain
// 3 vs 2 Boarding Battle (no Officers): every first roll (6^5), and for
// its tied dice every re-roll; a player places second-row dice for the
// best net result (the stated policy), trying every placement.
func TestBoarding3v2EveryRoll(t *testing.T) {
	att := mustUnit(t, "ship:sailors=2,cannons=1,owner=a")
	def := mustUnit(t, "ship:sailors=1,cannons=1,owner=b")
	// one roll: dice lost and dice tied by each side.
	type res struct{ lostA, lostD, tieA, tieD int }
	round := func(A, D []int) res {
		// "The player with the least regular dice involved arranges their
		// rolled dice first in order from highest to lowest. In case of tie,
		// the defender arranges first."
		first, other, attFirst := D, A, false
		if len(A) < len(D) {
			first, other, attFirst = A, D, true
		}
		f := append([]int(nil), first...)
		sort.Sort(sort.Reverse(sort.IntSlice(f)))
		o := append([]int(nil), other...)
		sort.Ints(o) // "in reverse order, from lowest to highest"
		front, extras := o[:len(f)], o[len(f):]
		eval := func(place []int) (r res) {
			for i := range f {
				mine := []int{front[i]}
				for j, p := range place {
					if p == i {
						mine = append(mine, extras[j])
					}
				}
				s := 0
				for _, v := range mine {
					s += v
				}
				var lostF, lostO, tieF, tieO int
				switch {
				case s > f[i]:
					lostF = 1
				case s < f[i]:
					lostO = len(mine)
				default:
					tieF, tieO = 1, len(mine)
				}
				if attFirst {
					r.lostA, r.lostD, r.tieA, r.tieD = r.lostA+lostF, r.lostD+lostO, r.tieA+tieF, r.tieD+tieO
				} else {
					r.lostA, r.lostD, r.tieA, r.tieD = r.lostA+lostO, r.lostD+lostF, r.tieA+tieO, r.tieD+tieF
				}
			}
			return
		}
		if len(extras) == 0 {
			return eval(nil)
		}
		// the placing side: most opponent dice lost minus own dice lost, then
		// fewest own dice lost; every extra behind a different duel.
		best, bestNet, bestOwn := res{}, -99, 99
		var try func(place []int)
		try = func(place []int) {
			if len(place) == len(extras) {
				r := eval(place)
				ownLost, oppLost := r.lostA, r.lostD
				if attFirst {
					ownLost, oppLost = r.lostD, r.lostA
				}
				if oppLost-ownLost > bestNet || (oppLost-ownLost == bestNet && ownLost < bestOwn) {
					best, bestNet, bestOwn = r, oppLost-ownLost, ownLost
				}
				return
			}
			for i := range f {
				used := false
				for _, p := range place {
					used = used || p == i
				}
				if !used {
					try(append(place, i))
				}
			}
		}
		try(nil)
		return best
	}
	// every roll of nA vs nD dice: outcome -> number of rolls (of 6^(nA+nD)).
	every := func(nA, nD int) map[res]int {
		out := map[res]int{}
		n := nA + nD
		dice := make([]int, n)
		for code := 0; code < int(pow6[n]); code++ {
			c := code
			for i := range dice {
				dice[i] = c%6 + 1
				c /= 6
			}
			out[round(dice[:nA], dice[nA:])]++
		}
		return out
	}
	dist := map[string]*big.Rat{}
	for r1, n1 := range every(3, 2) {
		p1 := big.NewRat(int64(n1), int64(pow6[5]))
		finals := map[res]*big.Rat{{r1.lostA, r1.lostD, 0, 0}: p1}
		if r1.tieA+r1.tieD > 0 && r1.lostA < 3 && r1.lostD < 2 {
			// "For any dice where the duel was a tie, repeat ... (roll, arrange ...)"
			finals = map[res]*big.Rat{}
			for r2, n2 := range every(r1.tieA, r1.tieD) {
				k := res{r1.lostA + r2.lostA, r1.lostD + r2.lostD, 0, 0}
				p := new(big.Rat).Mul(p1, big.NewRat(int64(n2), int64(pow6[r1.tieA+r1.tieD])))
				if finals[k] == nil {
					finals[k] = new(big.Rat)
				}
				finals[k].Add(finals[k], p)
			}
		}
		for k, p := range finals {
			// "remove 1 Sailor for each dice removed. If they have no more
			// Sailors to remove, they remove a Cannon instead."
			dmg := func(u mw.Unit, lost int) mw.Damage {
				d := mw.Damage{Sailors: min(lost, u.Sailors)}
				d.Cannons = lost - d.Sailors
				d.Defeated = d.Cannons == u.Cannons
				return d
			}
			l := outcomeLabel(dmg(att, k.lostA), dmg(def, k.lostD))
			if dist[l] == nil {
				dist[l] = new(big.Rat)
			}
			dist[l].Add(dist[l], p)
		}
	}
	od, err := BoardingOdds(att, def, mw.Options{})
	require.NoError(t, err)
	requireSameDist(t, od, dist)
}

// misty-waters/step-4a-broadside-battle ("First-Class Gunner rerolls (may reroll each dice once)") leaves
// the dice to the player; the Boarding placement too. Both choices give
// exact odds equal to every roll resolved one by one under that choice.
func TestOddsUnderTheOtherChoices(t *testing.T) {
	t.Parallel()
	broadsides := []struct {
		name, a, d string
		o          mw.Options
	}{
		{"First-Class Gunner keeps extra Deck Crew Hits", "ship:cannons=1,sailors=1,fc-gunner,owner=a", "ship:cannons=1,sailors=0,owner=b", mw.Options{GunnerMissesOnly: true}},
		{"First-Class Gunner, misses only, against the Freighter", "ship:cannons=1,sailors=1,fc-gunner,owner=a", "freighter", mw.Options{GunnerMissesOnly: true}},
		{"First-Class Gunner, misses only, against the Galleass", "ship:cannons=1,sailors=0,fc-gunner,owner=a", "galleass:sailors=1", mw.Options{GunnerMissesOnly: true}},
	}
	for _, c := range broadsides {
		a, d := mustUnit(t, c.a), mustUnit(t, c.d)
		od, err := BroadsideOdds(a, d, c.o)
		require.NoError(t, err, c.name)
		dist, _ := enumerate(t, func(r mw.Roller) (mw.Damage, mw.Damage, error) {
			res, err := mw.ResolveBroadside(mw.BroadsideInput{Attacker: a, Defender: d, Options: c.o}, r)
			if err != nil {
				return mw.Damage{}, mw.Damage{}, err
			}
			return mw.CounterDamage(res.Counter), res.Attack.Damage, nil
		})
		requireSameDist(t, od, dist)
		assert.Contains(t, strings.Join(od.Policy, "; "), "--gunner-rerolls misses", c.name)
	}
	// The two policies differ where a 1 finds no crew: the default re-rolls
	// it, misses-only keeps it.
	a, d := mustUnit(t, "ship:cannons=2,sailors=1,fc-gunner,owner=a"), mustUnit(t, "ship:cannons=1,sailors=0,owner=b")
	def, err := BroadsideOdds(a, d, mw.Options{})
	require.NoError(t, err)
	alt, err := BroadsideOdds(a, d, mw.Options{GunnerMissesOnly: true})
	require.NoError(t, err)
	assert.Greater(t, def.DefenderDefeated.Float, alt.DefenderDefeated.Float)
	assert.Contains(t, strings.Join(def.Policy, "; "), "Deck Crew Hits beyond the target's crew (--gunner-rerolls useless)")

	bo := mw.Options{PlaceTakeMore: true}
	for _, spec := range [][2]string{
		{"ship:sailors=2,cannons=1,owner=a", "ship:sailors=1,cannons=1,owner=b"},
		{"ship:sailors=1,cannons=2,fencing,owner=a", "ship:sailors=0,cannons=2,owner=b"},
	} {
		a, d := mustUnit(t, spec[0]), mustUnit(t, spec[1])
		od, err := BoardingOdds(a, d, bo)
		require.NoError(t, err)
		dist, _ := enumerate(t, func(r mw.Roller) (mw.Damage, mw.Damage, error) {
			res, err := mw.ResolveBoarding(mw.BoardingInput{Attacker: a, Defender: d, Options: bo}, r)
			if err != nil {
				return mw.Damage{}, mw.Damage{}, err
			}
			return res.ToAttacker, res.ToDefender, nil
		})
		requireSameDist(t, od, dist)
		assert.Contains(t, strings.Join(od.Policy, "; "), "the one costing the opponent more dice (--place-tie take-more)")
	}
	od, err := BoardingOdds(mustUnit(t, "ship:sailors=2,cannons=1,owner=a"), mustUnit(t, "ship:sailors=1,cannons=1,owner=b"), mw.Options{})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(od.Policy, "; "), "the one losing fewer of one's own dice (--place-tie keep-own)")
}

// firstRoll drives the resolver down every path of a battle's first roll
// (its dice and re-rolls, from path); the rolls after it (a tie re-roll,
// a second clash) show 1s and are not enumerated.
type firstRoll struct{ path *pathRoller }

func (f firstRoll) Roll(key string, n int) ([]int, error) {
	if strings.Contains(key, ".tie.") || strings.Contains(key, "clash2") {
		out := make([]int, n)
		for i := range out {
			out[i] = 1
		}
		return out, nil
	}
	return f.path.Roll(key, n)
}

// Issue #30: the NPC's second-row dice (npc-second-row), two extra dice
// against two: one behind each die, or both behind its lowest (a duel of
// 1 v 3 dice). Every first roll of the resolver (6^6, with the attacker's
// Experience Token re-rolls: the odds' duel classes; sorted unless the run
// is exhaustive, pathRoller) gives exactly the odds' distribution of that
// roll (dice lost, dice tied and duels lost by each side), under both
// readings, on the Pirate Ship and on the Galleass with a token; the rolls
// after it are composed by the same code whatever the placement
// (TestOddsMatchEveryRoll).
func TestOddsRoundNPCSecondRow(t *testing.T) {
	t.Parallel()
	cases := []struct{ a, d string }{
		{"ship:sailors=1,cannons=1,owner=a", "pirate"},
		{"ship:sailors=1,cannons=1,xp=1,owner=a", "galleass:sailors=4"},
	}
	for _, c := range cases {
		for _, stack := range []bool{false, true} {
			o := mw.Options{Advanced: true, NPCStackSecondRow: stack}
			a, d := mustUnit(t, c.a), mustUnit(t, c.d)
			nA, nD, _ := mw.BoardingDice(a, d)
			require.Equal(t, [2]int{2, 4}, [2]int{nA, nD})
			var paths tally[roundOut]
			p := newPathRoller()
			stacked := false
			for {
				res, err := mw.ResolveBoarding(mw.BoardingInput{Attacker: a, Defender: d, Options: o}, firstRoll{p})
				require.NoError(t, err)
				r := res.Rounds[0]
				for _, du := range r.Duels {
					stacked = stacked || len(du.Defender) == 3
				}
				paths.add(t, roundOut{r.AttackerLost, r.DefenderLost, r.TiedAttacker, r.TiedDefender, r.DefenderDuels}, p)
				if !p.next() {
					break
				}
			}
			want := paths.rats()
			assert.Equal(t, stack, stacked, "%s v %s: a duel of three NPC dice only when stacked", c.a, c.d)
			got := newBoardOdds(a, d, o).roundDist(nA, nD, a.XPFor(0), 0)
			require.Equal(t, len(want), len(got), "%s v %s stack=%v", c.a, c.d, stack)
			for k, p := range want {
				q, ok := got[k]
				require.True(t, ok, "%s v %s stack=%v: outcome %v missing", c.a, c.d, stack, k)
				assert.Equal(t, p.RatString(), q.RatString(), "%s v %s stack=%v: outcome %v", c.a, c.d, stack, k)
			}
		}
	}
}
