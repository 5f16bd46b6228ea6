package odds

import (
	"math/big"
	"sort"
	"strings"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
)

// Prob is an exact probability with its float value.
type Prob struct {
	Exact string  `json:"exact"` // a fraction such as "7/16"
	Float float64 `json:"float"`
	r     *big.Rat
}

// NewProb wraps an exact rational.
func NewProb(r *big.Rat) Prob {
	if r == nil {
		r = new(big.Rat)
	}
	f, _ := r.Float64()
	return Prob{Exact: r.RatString(), Float: f, r: new(big.Rat).Set(r)}
}

// Rat returns the exact value.
func (p Prob) Rat() *big.Rat {
	if p.r == nil {
		r, ok := new(big.Rat).SetString(p.Exact)
		if !ok {
			return new(big.Rat)
		}
		return r
	}
	return new(big.Rat).Set(p.r)
}

// OddsOutcome is one outcome of a battle and its probability.
type OddsOutcome struct {
	Label    string    `json:"label"`
	Attacker mw.Damage `json:"attacker"` // what the attacker loses
	Defender mw.Damage `json:"defender"` // what the defender loses
	P        Prob      `json:"p"`
	Score    int       `json:"score"` // the attacker's view: defender's loss value minus the attacker's
}

// Expected is the expected loss of one side.
type Expected struct {
	Cannons  Prob `json:"cannons"`
	Sailors  Prob `json:"sailors"`
	Officers Prob `json:"officers"`
	Markers  Prob `json:"markers"`
}

// Odds is the exact distribution of a whole battle.
type Odds struct {
	Type             mw.BattleType `json:"type"`
	Attacker         mw.Unit       `json:"attacker"`
	Defender         mw.Unit       `json:"defender"`
	Outcomes         []OddsOutcome `json:"outcomes"`
	AttackerDefeated Prob          `json:"p_attacker_defeated"`
	DefenderDefeated Prob          `json:"p_defender_defeated"`
	AttackerLoss     Expected      `json:"expected_attacker_loss"`
	DefenderLoss     Expected      `json:"expected_defender_loss"`
	// Rest is set by BroadsideOddsTop only: Outcomes then holds the most
	// likely outcomes, most likely first, and Rest the probability of all
	// the others (nil when there are none).
	Rest   *Prob    `json:"p_rest,omitempty"`
	Policy []string `json:"policy"`
	Notes  []string `json:"notes,omitempty"`
	Cites  []string `json:"cites"`
}

// lossValue ranks a side's losses for the luck percentile.
func lossValue(d mw.Damage) int {
	v := 10*(d.Cannons+d.Markers) + d.Sailors + len(d.Officers)
	if d.Defeated {
		v += 100
	}
	return v
}

// Score is the attacker's view of a result: the defender's loss value
// minus the attacker's.
func Score(toAttacker, toDefender mw.Damage) int {
	return lossValue(toDefender) - lossValue(toAttacker)
}

// outcomeLabel names an outcome.
func outcomeLabel(toA, toD mw.Damage) string {
	return "attacker " + toA.Text() + "; defender " + toD.Text()
}

type accum struct {
	byLabel map[string]*OddsOutcome
	rats    map[string]*big.Rat
}

func newAccum() *accum {
	return &accum{byLabel: map[string]*OddsOutcome{}, rats: map[string]*big.Rat{}}
}

func (a *accum) add(toA, toD mw.Damage, p *big.Rat) {
	if p.Sign() == 0 {
		return
	}
	l := outcomeLabel(toA, toD)
	if _, ok := a.byLabel[l]; !ok {
		a.byLabel[l] = &OddsOutcome{Label: l, Attacker: toA, Defender: toD, Score: Score(toA, toD)}
		a.rats[l] = new(big.Rat)
	}
	a.rats[l].Add(a.rats[l], p)
}

func (a *accum) finish(od *Odds) {
	pa, pd := new(big.Rat), new(big.Rat)
	type exp struct{ c, s, o, m *big.Rat }
	ea := exp{new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)}
	ed := exp{new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)}
	addExp := func(e exp, d mw.Damage, p *big.Rat) {
		mul := func(dst *big.Rat, n int) {
			if n != 0 {
				dst.Add(dst, new(big.Rat).Mul(p, big.NewRat(int64(n), 1)))
			}
		}
		mul(e.c, d.Cannons)
		mul(e.s, d.Sailors)
		mul(e.o, len(d.Officers))
		mul(e.m, d.Markers)
	}
	for l, oc := range a.byLabel {
		p := a.rats[l]
		oc.P = NewProb(p)
		if oc.Attacker.Defeated {
			pa.Add(pa, p)
		}
		if oc.Defender.Defeated {
			pd.Add(pd, p)
		}
		addExp(ea, oc.Attacker, p)
		addExp(ed, oc.Defender, p)
		od.Outcomes = append(od.Outcomes, *oc)
	}
	sort.Slice(od.Outcomes, func(i, j int) bool {
		if od.Outcomes[i].Score != od.Outcomes[j].Score {
			return od.Outcomes[i].Score > od.Outcomes[j].Score
		}
		return od.Outcomes[i].Label < od.Outcomes[j].Label
	})
	od.AttackerDefeated, od.DefenderDefeated = NewProb(pa), NewProb(pd)
	od.AttackerLoss = Expected{Cannons: NewProb(ea.c), Sailors: NewProb(ea.s), Officers: NewProb(ea.o), Markers: NewProb(ea.m)}
	od.DefenderLoss = Expected{Cannons: NewProb(ed.c), Sailors: NewProb(ed.s), Officers: NewProb(ed.o), Markers: NewProb(ed.m)}
}

// countOutcome is an outcome counted over a common denominator.
type countOutcome struct {
	label    string // outcomeLabel(toA, toD)
	toA, toD mw.Damage
	num      *big.Int
	score    int
}

// finishCounts fills od from outcomes counted over one denominator den:
// the sums behind the defeat chances and expected losses stay whole
// numbers, and each becomes a fraction once (the same fractions as
// accum.finish, without a reduction per addition).
func finishCounts(od *Odds, outs []*countOutcome, den *big.Int) {
	pa, pd := new(big.Int), new(big.Int)
	var ea, ed [4]big.Int
	tmp := new(big.Int)
	addExp := func(e *[4]big.Int, d mw.Damage, num *big.Int) {
		for i, n := range [4]int{d.Cannons, d.Sailors, len(d.Officers), d.Markers} {
			if n != 0 {
				e[i].Add(&e[i], tmp.Mul(tmp.SetInt64(int64(n)), num))
			}
		}
	}
	frac := func(num *big.Int) Prob { return NewProb(new(big.Rat).SetFrac(num, den)) }
	if a, b, ok := smooth23(den); ok {
		dens := map[[2]uint]string{}
		frac = func(num *big.Int) Prob { return probOver23(num, den, a, b, dens) }
	}
	kept := make([]*countOutcome, 0, len(outs))
	for _, oc := range outs {
		if oc.num.Sign() != 0 {
			oc.score = Score(oc.toA, oc.toD)
			kept = append(kept, oc)
		}
	}
	sort.Slice(kept, func(i, j int) bool {
		if kept[i].score != kept[j].score {
			return kept[i].score > kept[j].score
		}
		return kept[i].label < kept[j].label
	})
	od.Outcomes = make([]OddsOutcome, len(kept))
	for i, oc := range kept {
		od.Outcomes[i] = OddsOutcome{Label: oc.label, Attacker: oc.toA, Defender: oc.toD, P: frac(oc.num), Score: oc.score}
		if oc.toA.Defeated {
			pa.Add(pa, oc.num)
		}
		if oc.toD.Defeated {
			pd.Add(pd, oc.num)
		}
		addExp(&ea, oc.toA, oc.num)
		addExp(&ed, oc.toD, oc.num)
	}
	od.AttackerDefeated, od.DefenderDefeated = frac(pa), frac(pd)
	od.AttackerLoss = Expected{Cannons: frac(&ea[0]), Sailors: frac(&ea[1]), Officers: frac(&ea[2]), Markers: frac(&ea[3])}
	od.DefenderLoss = Expected{Cannons: frac(&ed[0]), Sailors: frac(&ed[1]), Officers: frac(&ed[2]), Markers: frac(&ed[3])}
}

// Total sums the outcome probabilities (1 for a complete distribution).
func (od *Odds) Total() *big.Rat {
	t := new(big.Rat)
	for _, o := range od.Outcomes {
		t.Add(t, o.P.Rat())
	}
	return t
}

// Percentile is the luck of an actual result: the probability that the
// battle goes worse for the attacker, plus half the probability of a
// result as good (0 = the unluckiest possible, 1 = the luckiest).
//
// The outcomes' fractions are summed by denominator as whole numbers (in
// halves) and the sums made one fraction: the same exact value as adding
// them one by one, without a gcd per outcome.
func (od *Odds) Percentile(toAttacker, toDefender mw.Damage) Prob {
	s := Score(toAttacker, toDefender)
	type byDen struct {
		den    *big.Int
		halves big.Int // the numerators over den, each twice (once for a tie)
	}
	var sums []*byDen
	index := map[string]*byDen{}
	num, tmp := new(big.Int), new(big.Int)
	for _, o := range od.Outcomes {
		var twice bool
		switch {
		case o.Score < s:
			twice = true
		case o.Score == s:
		default:
			continue
		}
		denText := o.P.parts(num)
		g := index[denText]
		if g == nil {
			g = &byDen{den: new(big.Int)}
			if denText == "" {
				g.den.SetInt64(1)
			} else if _, ok := g.den.SetString(denText, 10); !ok {
				panic("mistywaters: an odds fraction's denominator is not a number: " + denText)
			}
			index[denText] = g
			sums = append(sums, g)
		}
		if twice {
			g.halves.Add(&g.halves, tmp.Lsh(num, 1))
		} else {
			g.halves.Add(&g.halves, num)
		}
	}
	p := new(big.Rat)
	for _, g := range sums {
		p.Add(p, new(big.Rat).SetFrac(&g.halves, tmp.Lsh(g.den, 1)))
	}
	return NewProb(p)
}

// parts sets num to the probability's numerator and returns its
// denominator as text ("" for 1), read off Exact when the fraction was
// kept as text (a reduced fraction: no gcd needed).
func (p Prob) parts(num *big.Int) string {
	if p.r != nil {
		num.Set(p.r.Num())
		if p.r.IsInt() {
			return ""
		}
		return p.r.Denom().String()
	}
	n, d, _ := strings.Cut(p.Exact, "/")
	if _, ok := num.SetString(n, 10); !ok {
		panic("mistywaters: an odds fraction is not a fraction: " + p.Exact)
	}
	return d
}

// P returns the probability of the outcome with the given label (0 if absent).
func (od *Odds) P(label string) Prob {
	for _, o := range od.Outcomes {
		if o.Label == label {
			return o.P
		}
	}
	return NewProb(nil)
}

// smooth23 returns a and b when den is 2^a * 3^b (every Broadside
// denominator: dice of 6 and 4 faces).
func smooth23(den *big.Int) (a, b uint, ok bool) {
	if den.Sign() <= 0 {
		return 0, 0, false
	}
	a = den.TrailingZeroBits()
	x := new(big.Int).Rsh(den, a)
	three, r := big.NewInt(3), new(big.Int)
	for x.Cmp(bigOne) != 0 {
		q, r := new(big.Int).QuoRem(x, three, r)
		if r.Sign() != 0 {
			return 0, 0, false
		}
		x = q
		b++
	}
	return a, b, true
}

var bigOne = big.NewInt(1)

// pow3s holds 3^0 .. 3^40 (each fits 64 bits).
var pow3s = func() []*big.Int {
	p := make([]*big.Int, 41)
	x := uint64(1)
	for i := range p {
		p[i] = new(big.Int).SetUint64(x)
		x *= 3
	}
	return p
}()

func pow3Big(s uint) *big.Int { return pow3s[s] }

// probOver23 is NewProb(num/den) for den = 2^a * 3^b, reduced without a
// general gcd: the common factors can only be 2s (trailing zero bits) and
// 3s. The float is the quotient correctly rounded to 53 bits, as
// big.Rat.Float64 rounds it (a probability here is at least 1/den >
// 2^-400, far from the float64 subnormals); the exact value is kept as its
// text (Rat parses it when asked). dens caches the reduced denominators'
// texts by the 2s and 3s taken out.
func probOver23(num, den *big.Int, a, b uint, dens map[[2]uint]string) Prob {
	if num.Sign() == 0 {
		return Prob{Exact: "0"}
	}
	n := new(big.Int).Set(num)
	t := n.TrailingZeroBits()
	if t > a {
		t = a
	}
	n.Rsh(n, t)
	d := new(big.Int).Rsh(den, t)
	// take out k = min(b, the 3s of n): up to 40 at a time (3^40 < 2^64);
	// when n mod 3^s is not 0, its 3s are those of the remainder
	q, r := new(big.Int), new(big.Int)
	var k uint
	for k < b {
		s := min(b-k, 40)
		q.QuoRem(n, pow3Big(s), r)
		if r.Sign() == 0 {
			n, q = q, n
			k += s
			continue
		}
		v, x := uint(0), r.Uint64()
		for x%3 == 0 {
			x /= 3
			v++
		}
		if v > 0 {
			n.Quo(n, pow3Big(v))
			k += v
		}
		break
	}
	if k > 0 {
		d.Quo(d, new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(k)), nil))
	}
	fn := new(big.Float).SetInt(n)
	fd := new(big.Float).SetInt(d)
	f, _ := new(big.Float).SetPrec(53).SetMode(big.ToNearestEven).Quo(fn, fd).Float64()
	exact := n.String()
	if d.Cmp(bigOne) != 0 {
		ds, ok := dens[[2]uint{t, k}]
		if !ok {
			ds = d.String()
			dens[[2]uint{t, k}] = ds
		}
		exact += "/" + ds
	}
	return Prob{Exact: exact, Float: f}
}
