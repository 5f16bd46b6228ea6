package odds

import (
	"fmt"
	"math/big"
	"sort"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
)

// Luck is what a battle resolved from entered dice reports of its odds:
// the defeat chances before the dice and the luck percentile of the
// result, the same exact fractions as the battle's Odds and
// Odds.Percentile.
type Luck struct {
	AttackerDefeated Prob `json:"p_attacker_defeated"`
	DefenderDefeated Prob `json:"p_defender_defeated"`
	Percentile       Prob `json:"percentile"`
}

// BattleLuck is BroadsideLuck or BoardingLuck by the battle's type.
func BattleLuck(t mw.BattleType, att, def mw.Unit, o mw.Options, toAttacker, toDefender mw.Damage) (*Luck, error) {
	switch t {
	case mw.Broadside:
		return BroadsideLuck(att, def, o, toAttacker, toDefender)
	case mw.Boarding:
		return BoardingLuck(att, def, o, toAttacker, toDefender)
	}
	return nil, fmt.Errorf("mistywaters: no odds for a %s battle (Broadside or Boarding have them)", t)
}

// BoardingLuck is BoardingOdds' defeat chances and Percentile of the
// result (a Boarding Battle has few outcomes: its whole distribution is
// cheap once its rounds are counted).
func BoardingLuck(att, def mw.Unit, o mw.Options, toAttacker, toDefender mw.Damage) (*Luck, error) {
	od, err := BoardingOdds(att, def, o)
	if err != nil {
		return nil, err
	}
	return &Luck{AttackerDefeated: od.AttackerDefeated, DefenderDefeated: od.DefenderDefeated,
		Percentile: od.Percentile(toAttacker, toDefender)}, nil
}

// BroadsideLuck is BroadsideOdds' defeat chances and Percentile of the
// result without building the exchange's joint outcomes (about 75,000 at
// 25 Cannons a side). An outcome's count is the attack's count times the
// count of the counterattack it leaves, and its Score is the defender's
// loss value minus the attacker's, so the results worse than s are, for an
// attack of loss value v, the counterattacks of loss value above v - s:
// each counterattack's counts are summed by loss value once, and each
// attack adds its count times the sum beyond its threshold (twice, plus
// once the sum at it: the percentile is counted in halves).
func BroadsideLuck(att, def mw.Unit, o mw.Options, toAttacker, toDefender mw.Damage) (*Luck, error) {
	pl, err := planBroadside(att, def, o, false)
	if err != nil {
		return nil, err
	}
	return pl.luck(Score(toAttacker, toDefender)), nil
}

// luck is BroadsideLuck for a result of Score s.
func (pl *broadsidePlan) luck(s int) *Luck {
	den := new(big.Int).Mul(pl.den1, pl.lcm)

	// a counterattack's counts by the attacker's loss value, highest
	// first, with the running sums: above[i] sums the values above vals[i]
	type byValue struct {
		vals  []int      // decreasing
		at    []*big.Int // the count of each value
		above []*big.Int // the counts of the higher values
		def   *big.Int   // the count of the attacker's defeat
	}
	tabs := map[*counter]*byValue{}
	table := func(c *counter) *byValue {
		if t, ok := tabs[c]; ok {
			return t
		}
		t := &byValue{def: new(big.Int)}
		sums := map[int]*big.Int{}
		for _, x := range c.outs {
			v := lossValue(x.dmg)
			if _, ok := sums[v]; !ok {
				sums[v] = new(big.Int)
				t.vals = append(t.vals, v)
			}
			sums[v].Add(sums[v], x.num)
			if x.dmg.Defeated {
				t.def.Add(t.def, x.num)
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(t.vals)))
		run := new(big.Int)
		for _, v := range t.vals {
			t.at = append(t.at, sums[v])
			t.above = append(t.above, new(big.Int).Set(run))
			run.Add(run, sums[v])
		}
		tabs[c] = t
		return t
	}
	// halves counts 2*(results worse than s) + (results as good), per unit
	// of the attack's count, for a counterattack and the threshold
	// v - s: counterattack values above it are worse, equal to it as good
	halves := func(t *byValue, thr int) *big.Int {
		i := sort.Search(len(t.vals), func(i int) bool { return t.vals[i] <= thr })
		h := new(big.Int)
		if i < len(t.vals) {
			h.Lsh(t.above[i], 1)
			if t.vals[i] == thr {
				h.Add(h, t.at[i])
			}
		} else if len(t.vals) > 0 {
			h.Add(t.above[len(t.vals)-1], t.at[len(t.vals)-1])
			h.Lsh(h, 1)
		}
		return h
	}

	num := new(big.Int) // over 2*den
	pa, pd := new(big.Int), new(big.Int)
	tmp := new(big.Int)
	// attacks with the same loss value leaving the same counterattack are
	// counted together
	type key struct {
		c *counter
		v int
	}
	weights := map[key]*big.Int{}
	var order []key
	for i, first := range pl.firsts {
		if first.dmg.Defeated {
			pd.Add(pd, tmp.Mul(first.num, pl.lcm))
		}
		k := key{pl.counters[i], lossValue(first.dmg)}
		w, ok := weights[k]
		if !ok {
			w = new(big.Int)
			weights[k] = w
			order = append(order, k)
		}
		w.Add(w, first.num)
	}
	for _, k := range order {
		w := weights[k]
		if k.c == nil {
			// no counterattack: the attacker loses nothing (loss value 0)
			switch {
			case k.v < s:
				num.Add(num, tmp.Mul(w, tmp.Lsh(pl.lcm, 1)))
			case k.v == s:
				num.Add(num, tmp.Mul(w, pl.lcm))
			}
			continue
		}
		t := table(k.c)
		num.Add(num, tmp.Mul(w, halves(t, k.v-s)))
		pa.Add(pa, tmp.Mul(w, t.def))
	}
	frac := func(n, d *big.Int) Prob { return NewProb(new(big.Rat).SetFrac(n, d)) }
	return &Luck{
		AttackerDefeated: frac(pa, den),
		DefenderDefeated: frac(pd, den),
		Percentile:       frac(num, new(big.Int).Lsh(den, 1)),
	}
}
