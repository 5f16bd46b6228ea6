package odds

import (
	"container/heap"
	"math/big"
	"sort"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
)

// BroadsideOddsTop is BroadsideOdds for a reader of the k most likely
// outcomes only (the printed chart): Outcomes holds them, most likely
// first (ties: the better outcome for the attacker first, then by label,
// as a stable sort of BroadsideOdds' outcomes by probability orders
// them), Rest the exact probability of every other outcome, and the
// defeat chances and expected losses are BroadsideOdds' exact fractions.
//
// The exchange is never built in full (a 25-Cannon exchange has about
// 75,000 outcomes): an outcome's count is the attack's count times the
// count of the counterattack it leaves, so the defeat chances and expected
// losses come from the attack's outcomes and each counterattack's sums,
// and the k most likely outcomes from a heap over the attack's outcomes,
// each walking its counterattack's outcomes most likely first.
func BroadsideOddsTop(att, def mw.Unit, o mw.Options, k int) (*Odds, error) {
	pl, err := planBroadside(att, def, o, true)
	if err != nil {
		return nil, err
	}
	od := pl.od
	den := new(big.Int).Mul(pl.den1, pl.lcm)
	frac := func(num *big.Int) Prob { return NewProb(new(big.Rat).SetFrac(num, den)) }
	if a, b, ok := smooth23(den); ok {
		dens := map[[2]uint]string{}
		frac = func(num *big.Int) Prob { return probOver23(num, den, a, b, dens) }
	}

	// the defeat chances and expected losses
	type sums struct {
		defeated *big.Int
		exp      [4]big.Int
	}
	tmp := new(big.Int)
	addExp := func(e *[4]big.Int, d mw.Damage, num *big.Int) {
		for i, n := range [4]int{d.Cannons, d.Sailors, len(d.Officers), d.Markers} {
			if n != 0 {
				e[i].Add(&e[i], tmp.Mul(tmp.SetInt64(int64(n)), num))
			}
		}
	}
	// a counter's sums, counted by its worker before its counts were
	// scaled: scaled here
	counterSums := map[*counter]*sums{}
	for _, c := range pl.memo {
		s := &sums{defeated: new(big.Int).Mul(c.top.defeated.big(), c.scale)}
		for j := range s.exp {
			if !c.top.exp[j].isZero() {
				s.exp[j].Mul(c.top.exp[j].big(), c.scale)
			}
		}
		counterSums[c] = s
	}
	pa, pd := new(big.Int), new(big.Int)
	var ea, ed [4]big.Int
	t2 := new(big.Int)
	for i, first := range pl.firsts {
		x := new(big.Int).Mul(first.num, pl.lcm)
		if first.dmg.Defeated {
			pd.Add(pd, x)
		}
		addExp(&ed, first.dmg, x)
		if c := pl.counters[i]; c != nil {
			s := counterSums[c]
			pa.Add(pa, t2.Mul(first.num, s.defeated))
			for j := range ea {
				ea[j].Add(&ea[j], t2.Mul(first.num, &s.exp[j]))
			}
		}
	}
	od.AttackerDefeated, od.DefenderDefeated = frac(pa), frac(pd)
	od.AttackerLoss = Expected{Cannons: frac(&ea[0]), Sailors: frac(&ea[1]), Officers: frac(&ea[2]), Markers: frac(&ea[3])}
	od.DefenderLoss = Expected{Cannons: frac(&ed[0]), Sailors: frac(&ed[1]), Officers: frac(&ed[2]), Markers: frac(&ed[3])}

	// the k most likely outcomes: a group per defender's loss (the attack's
	// outcomes with the same text are one group), each with its attacker's
	// losses most likely first
	type entry struct {
		id  int32
		dmg mw.Damage
		num *big.Int
	}
	// sortEntries sorts es by decreasing count as sort.Slice of es would
	// (the same comparisons give the same order), moving numbers instead
	// of entries (a Damage is large)
	sortEntries := func(es []entry) []entry {
		idx := make([]int32, len(es))
		for i := range idx {
			idx[i] = int32(i)
		}
		sort.Slice(idx, func(i, j int) bool { return es[idx[i]].num.Cmp(es[idx[j]].num) > 0 })
		l := make([]entry, len(es))
		for i, k := range idx {
			l[i] = es[k]
		}
		return l
	}
	// merged adds outs (times scale, nil: 1) into es, one entry per
	// attacker's loss in the order they first come; at[id] is the entry
	// of id plus one (0: none yet)
	at := make([]int32, len(pl.sa.texts))
	merged := func(outs []fireOut, scale *big.Int, es []entry) []entry {
		for _, x := range outs {
			i := at[x.id] - 1
			if i < 0 {
				es = append(es, entry{id: x.id, dmg: x.dmg, num: new(big.Int)})
				i = int32(len(es) - 1)
				at[x.id] = i + 1
			}
			if scale == nil {
				es[i].num.Add(es[i].num, x.num)
			} else {
				es[i].num.Add(es[i].num, t2.Mul(x.num, scale))
			}
		}
		return es
	}
	// done clears at for the next merge
	done := func(es []entry) {
		for _, e := range es {
			at[e.id] = 0
		}
	}
	noCounter := []fireOut{{fireRes: &fireRes{}, id: pl.none, num: pl.lcm}}
	lists := map[*counter][]entry{}
	counterList := func(c *counter) []entry {
		if l, ok := lists[c]; ok {
			return l
		}
		if c == nil {
			es := merged(noCounter, nil, nil)
			done(es)
			l := sortEntries(es)
			lists[c] = l
			return l
		}
		// the losses sorted by the counter's worker: the same order
		// as sortEntries of merged(c.outs, nil, nil)
		l := make([]entry, len(c.top.byLoss))
		for i, outs := range c.top.byLoss {
			x := &c.outs[outs[0]]
			l[i] = entry{id: x.id, dmg: x.dmg, num: x.num}
			if len(outs) > 1 {
				l[i].num = new(big.Int)
				for _, k := range outs {
					l[i].num.Add(l[i].num, c.outs[k].num)
				}
			}
		}
		lists[c] = l
		return l
	}
	type group struct {
		dmg    mw.Damage
		id     int32
		factor *big.Int
		list   []entry
	}
	var groups []*group
	byID := map[int32][]int{}
	var ids []int32
	for i, first := range pl.firsts {
		if _, ok := byID[first.id]; !ok {
			ids = append(ids, first.id)
		}
		byID[first.id] = append(byID[first.id], i)
	}
	for _, id := range ids {
		members := byID[id]
		g := &group{dmg: pl.firsts[members[0]].dmg, id: id}
		same := true
		for _, m := range members[1:] {
			if pl.counters[m] != pl.counters[members[0]] {
				same = false
			}
		}
		if same {
			g.factor = new(big.Int)
			for _, m := range members {
				g.factor.Add(g.factor, pl.firsts[m].num)
			}
			g.list = counterList(pl.counters[members[0]])
		} else {
			// attacks with the same defender's loss leaving different
			// counterattacks: their mixture, summed by attacker's loss
			g.factor = big.NewInt(1)
			// the attacks leaving the same counterattack are summed
			// first, so that each counterattack is scaled once (in the
			// order the attacks first leave it)
			var cs []*counter
			weight := map[*counter]*big.Int{}
			for _, m := range members {
				c := pl.counters[m]
				w, ok := weight[c]
				if !ok {
					w = new(big.Int)
					weight[c] = w
					cs = append(cs, c)
				}
				w.Add(w, pl.firsts[m].num)
			}
			var es []entry
			for _, c := range cs {
				outs := noCounter
				if c != nil {
					outs = c.outs
				}
				es = merged(outs, weight[c], es)
			}
			done(es)
			g.list = sortEntries(es)
		}
		groups = append(groups, g)
	}
	h := &cellHeap{}
	push := func(g *group, i int) {
		if i < len(g.list) {
			heap.Push(h, cell{g: g, i: i, num: new(big.Int).Mul(g.factor, g.list[i].num)})
		}
	}
	for _, g := range groups {
		push(g, 0)
	}
	// Pop in decreasing exact probability until k are taken and the next
	// prints as a smaller float: every outcome that could be among the k
	// first in BroadsideOdds' order (by float, then score, then label) is
	// then at hand.
	type cand struct {
		oc  OddsOutcome
		num *big.Int
	}
	var got []cand
	var kth float64
	for h.Len() > 0 {
		top := (*h)[0]
		f := ratFloat(top.num, den)
		if len(got) >= k && f < kth {
			break
		}
		heap.Pop(h)
		g := top.g.(*group)
		e := g.list[top.i]
		got = append(got, cand{OddsOutcome{
			Label:    "attacker " + pl.sa.texts[e.id] + "; defender " + pl.sd.texts[g.id],
			Attacker: e.dmg, Defender: g.dmg, Score: Score(e.dmg, g.dmg),
			P: Prob{Float: f},
		}, top.num})
		if len(got) == k {
			kth = f
		}
		push(g, top.i+1)
	}
	more := h.Len() > 0 || len(got) > k
	sort.Slice(got, func(i, j int) bool {
		x, y := &got[i].oc, &got[j].oc
		if x.P.Float != y.P.Float {
			return x.P.Float > y.P.Float
		}
		if x.Score != y.Score {
			return x.Score > y.Score
		}
		return x.Label < y.Label
	})
	if len(got) > k {
		got = got[:k]
	}
	shown := new(big.Int)
	od.Outcomes = make([]OddsOutcome, len(got))
	for i, c := range got {
		c.oc.P = frac(c.num)
		od.Outcomes[i] = c.oc
		shown.Add(shown, c.num)
	}
	if more {
		r := frac(shown.Sub(den, shown))
		od.Rest = &r
	}
	return od, nil
}

// ratFloat is num/den correctly rounded to a float64 (as big.Rat.Float64
// rounds it).
func ratFloat(num, den *big.Int) float64 {
	fn := new(big.Float).SetInt(num)
	fd := new(big.Float).SetInt(den)
	f, _ := new(big.Float).SetPrec(53).SetMode(big.ToNearestEven).Quo(fn, fd).Float64()
	return f
}

// cell is one outcome waiting in the heap: entry i of group g.
type cell struct {
	g   any
	i   int
	num *big.Int
}

// cellHeap is a max-heap of cells by exact count.
type cellHeap []cell

func (h cellHeap) Len() int           { return len(h) }
func (h cellHeap) Less(i, j int) bool { return h[i].num.Cmp(h[j].num) > 0 }
func (h cellHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *cellHeap) Push(x any)        { *h = append(*h, x.(cell)) }
func (h *cellHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
