package atraxia

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Side is one side of a battle as the players enter it.
type Side struct {
	Clan  string `json:"clan,omitempty"`
	Fleet Fleet  `json:"fleet"`
	// Ammo lists the Ammo cards played (blind bidding), each 1, 2 or 5.
	Ammo []int `json:"ammo,omitempty"`
	// PowerCards is how many Power cards were played (at most 2); their
	// effects are entered as PowerOwn (added to this side) and PowerAgainst
	// (added to the opponent, e.g. -4).
	PowerCards   int `json:"power_cards,omitempty"`
	PowerOwn     int `json:"power_own,omitempty"`
	PowerAgainst int `json:"power_against,omitempty"`
	// Ability is the combat bonus of the Clan Leader ability (1.0 or 2.0),
	// 0 when it does not apply to this battle.
	Ability int `json:"ability,omitempty"`
	// Strength is a fleet strength entered directly, when the ships are not
	// listed (Fleet empty); the retreat is then not computed.
	Strength int `json:"strength,omitempty"`
}

// OwnTotal is what a side adds to its own total: fleet strength, Ammo
// cards, its Power cards' effect on itself and its clan ability (not the
// opponent's Power cards, not the Home Base bonus).
func (v Values) OwnTotal(s Side, defending bool) int {
	return v.fleetPower(s, defending) + sum(s.Ammo) + s.PowerOwn + s.Ability
}

// fleetPower is the side's fleet strength: its ships, or the strength
// entered for it.
func (v Values) fleetPower(s Side, defending bool) int {
	return v.FleetStrength(s.Fleet, defending) + s.Strength
}

// BattleInput is a whole battle. With Pirate the defender is the pirate
// ship of an Apex Island (fleet power 15 + two rolls of the pirate die).
type BattleInput struct {
	Attacker Side `json:"attacker"`
	Defender Side `json:"defender"`
	// HomeBase: the battle is at the defender's Home Base (+10).
	HomeBase bool `json:"home_base,omitempty"`
	Pirate   bool `json:"pirate,omitempty"`
	// PirateRolls are the two rolls of the black pirate die.
	PirateRolls []int `json:"pirate_rolls,omitempty"`
	// Retreat says how the Capital Ship counts in the loser's retreat
	// (empty: within-half, the default).
	Retreat RetreatRule `json:"retreat_rule,omitempty"`
}

// Part is one addend of a side's total.
type Part struct {
	What  string `json:"what"`
	Value int    `json:"value"`
}

// SideTotal is how one side's total combat power was built.
type SideTotal struct {
	Parts []Part `json:"parts"`
	Total int    `json:"total"`
}

func (t *SideTotal) add(what string, v int) {
	if v == 0 && what != "fleet" && what != "pirate ship" {
		return
	}
	t.Parts = append(t.Parts, Part{what, v})
	t.Total += v
}

// Formula writes "15 + 5 - 4 = 16".
func (t SideTotal) Formula() string {
	var b strings.Builder
	for i, p := range t.Parts {
		switch {
		case i == 0:
			fmt.Fprintf(&b, "%d", p.Value)
		case p.Value < 0:
			fmt.Fprintf(&b, " - %d", -p.Value)
		default:
			fmt.Fprintf(&b, " + %d", p.Value)
		}
	}
	fmt.Fprintf(&b, " = %d", t.Total)
	return b.String()
}

// BattleResult is the outcome of a battle.
type BattleResult struct {
	Attacker SideTotal `json:"attacker"`
	Defender SideTotal `json:"defender"`
	// Winner is "attacker" or "defender" (ties go to the attacker).
	Winner string `json:"winner"`
	// Crystals the winner gains: 2 when the defeated fleet had a Capital
	// Ship, else 1 (pirates and privateers give 1).
	Crystals int `json:"crystals"`
	// Retreat of the losing clan's fleet (empty when the pirate loses).
	Retreat Retreat `json:"retreat"`
	// HomeBaseFalls: the attacker took the defender's Home Base: the winner
	// acquires all the loser's Magic Crystals and resources and the loser is
	// eliminated.
	HomeBaseFalls bool `json:"home_base_falls,omitempty"`
	// Effects lists every consequence of the result in words.
	Effects []string `json:"effects"`
	Cites   []string `json:"cites"`
}

// Retreat is where a defeated fleet goes.
type Retreat struct {
	Home    Fleet `json:"home"`
	Reserve Fleet `json:"reserve"`
}

// RetreatRule says how the Capital Ship counts in a retreat: as one of the
// "half rounded down" sent home (within-half, the default), or on top of
// half (rounded down) of the other ships (extra). See
// docs/war-for-atraxia.md.
type RetreatRule string

// Retreat rules.
const (
	RetreatWithinHalf RetreatRule = "within-half"
	RetreatExtra      RetreatRule = "extra"
)

// RetreatOf splits a defeated fleet: "Half of the ships from their defeated
// fleet (rounded down) are sent to the Clan Leader's Home Base. The
// remaining ships are removed from the board and placed in the clan's fleet
// reserve for repurchase. The Capital Ship is always sent to the Home Base."
// With within-half the Capital Ship is one of that half (and goes home even
// when half rounds down to 0); with extra it goes home on top of half of the
// other ships. A Privateer is not part of the retreat: a defeated privateer
// goes back to its clan's reserve. Ships going home are the strongest ones
// (the loser may choose others: see RetreatChoice).
func RetreatOf(f Fleet, rule RetreatRule) Retreat {
	var r Retreat
	r.Reserve.Privateer = f.Privateer
	left := f
	left.Privateer = 0
	home := left.Ships() / 2
	if f.Capital > 0 {
		r.Home.Capital = f.Capital
		left.Capital = 0
		if rule == RetreatExtra {
			home = left.Ships() / 2
		} else {
			home = max(0, home-f.Capital)
		}
	}
	for _, k := range []string{"destroyer", "frigate", "gunboat"} {
		for home > 0 && left.Get(k) > 0 {
			*r.Home.ptr(k)++
			*left.ptr(k)--
			home--
		}
	}
	r.Reserve = r.Reserve.Add(left)
	return r
}

// RetreatChoice checks a loser's own choice of the ships sent home.
func RetreatChoice(f Fleet, home Fleet, rule RetreatRule) (Retreat, error) {
	want := RetreatOf(f, rule)
	if home.Privateer > 0 || !f.Covers(home) || home.Ships() != want.Home.Ships() || home.Capital != f.Capital {
		return want, referee.RuleError(cites(CiteLoser), "atraxia: retreat: %s cannot go home from a defeated fleet of %s; %s %s home (half rounded down, the Capital Ship always), the rest to the reserve", home, f, referee.Count(want.Home.Ships(), "ship"), referee.Noun(want.Home.Ships(), "goes", "go"))
	}
	return Retreat{Home: home, Reserve: f.Sub(home)}, nil
}

// CheckSide validates what a side played.
func (v Values) CheckSide(role string, s Side, attacking bool) error {
	if max := v.Cost["battle-ammo-cards"]; len(s.Ammo) > max {
		return referee.RuleError(cites(CiteWarfare), "atraxia: the %s plays %s; at most %d per battle", role, referee.Count(len(s.Ammo), "Ammo card"), max)
	}
	for _, a := range s.Ammo {
		if a != 1 && a != 2 && a != 5 {
			return referee.Usagef("atraxia: the %s's Ammo card %d is not a card value (1, 2 or 5)", role, a)
		}
	}
	if max := v.Cost["battle-power-cards"]; s.PowerCards < 0 || s.PowerCards > max {
		return referee.RuleError(cites(CiteWarfare), "atraxia: the %s plays %s; at most %d per battle (0 to %d)", role, referee.Count(s.PowerCards, "Power card"), max, max)
	}
	if s.PowerCards == 0 && (s.PowerOwn != 0 || s.PowerAgainst != 0) {
		return referee.Usagef("atraxia: the %s has Power card effects but played no Power card (give the number of cards played, 1 or 2)", role)
	}
	if attacking && s.Fleet.Privateer > 0 {
		return referee.RuleError(cites(CitePrivateerRules), "atraxia: a privateer cannot be part of an attacking fleet")
	}
	for _, k := range shipKinds {
		if s.Fleet.Get(k) < 0 {
			return referee.Usagef("atraxia: the %s's fleet has a negative number of %s (0 or more accepted)", role, k)
		}
	}
	if s.Strength < 0 {
		return referee.Usagef("atraxia: the %s's fleet strength %d is negative (0 or more accepted)", role, s.Strength)
	}
	if s.Strength > 0 && !s.Fleet.Empty() {
		return referee.Usagef("atraxia: give the %s's ships or its fleet strength, not both", role)
	}
	if err := CheckComponents(s.Fleet); err != nil {
		return err
	}
	// A clan has 1 Capital Ship, 5 Destroyers, 5 Frigates and 6 Gunboats
	// (and one privateer, adding 15 only in a defending fleet).
	if max := v.MaxStrength(!attacking); s.Strength > max {
		return referee.RuleError(cites(CitePlayerSetup, CitePrivateerRules), "atraxia: the %s's fleet strength %d is more than a clan's ships can have: at most %d (1 Capital Ship, 5 Destroyers, 5 Frigates and 6 Gunboats%s)", role, s.Strength, max, map[bool]string{true: "", false: ", and a defending privateer's 15"}[attacking])
	}
	for _, e := range []struct {
		what string
		n    int
	}{{"Power card effect on its own total", s.PowerOwn}, {"Power card effect on the opponent", s.PowerAgainst}, {"clan ability bonus", s.Ability}} {
		if e.n < -MaxEffect || e.n > MaxEffect {
			return referee.Usagef("atraxia: the %s's %s %d is out of range: bosun accepts -%d to %d (as a session does)", role, e.what, e.n, MaxEffect, MaxEffect)
		}
	}
	return nil
}

// MaxEffect bounds a Power card effect or a clan ability bonus as entered
// (the rulebook prints no card values; a session asks -99 to 99).
const MaxEffect = 99

// Resolve computes a battle: fleet strength + Ammo cards + Power cards +
// clan ability (+10 for a defended Home Base); the highest total wins and
// ties go to the attacker. Against a pirate the defender is 15 + the two
// pirate-die rolls (PirateRolls must hold both).
func Resolve(v Values, in BattleInput) (BattleResult, error) {
	var r BattleResult
	if err := v.CheckSide("attacker", in.Attacker, true); err != nil {
		return r, err
	}
	switch in.Retreat {
	case "", RetreatWithinHalf, RetreatExtra:
	default:
		return r, referee.Usagef("atraxia: retreat rule %q is not accepted; accepted: within-half, extra", in.Retreat)
	}
	if in.Pirate {
		if !in.Defender.Fleet.Empty() || in.Defender.Strength != 0 || len(in.Defender.Ammo) > 0 || in.Defender.PowerCards > 0 ||
			in.Defender.PowerOwn != 0 || in.Defender.PowerAgainst != 0 || in.Defender.Ability != 0 || in.HomeBase {
			return r, referee.Usagef("atraxia: a pirate defends with its fleet power and two pirate-die rolls only (no fleet, cards, ability or Home Base)")
		}
		if len(in.PirateRolls) != 2 {
			return r, referee.Usagef("atraxia: a pirate battle needs the two rolls of the pirate die, got %d", len(in.PirateRolls))
		}
		// "The maximum possible pirate fleet combat power is 27" = 15 + 6 + 6.
		for _, roll := range in.PirateRolls {
			if roll < 1 || roll > 6 {
				return r, referee.RuleError(cites(CitePirateCombat), "atraxia: pirate-die roll %d is not a face of the pirate die (1-6; the pirate's fleet power is at most 27)", roll)
			}
		}
	} else if err := v.CheckSide("defender", in.Defender, false); err != nil {
		return r, err
	}
	if in.Attacker.Fleet.Empty() && in.Attacker.Strength == 0 {
		return r, referee.Usagef("atraxia: the attacker has no ship (give its ships or its fleet strength)")
	}
	if !in.Pirate && in.Defender.Fleet.Empty() && in.Defender.Strength == 0 {
		return r, referee.Usagef("atraxia: the defender has no ship (give its ships or its fleet strength, or fight a pirate)")
	}
	rule := in.Retreat
	if rule == "" {
		rule = RetreatWithinHalf
	}
	a, d := &r.Attacker, &r.Defender
	a.add("fleet", v.fleetPower(in.Attacker, false))
	a.add("ammo", sum(in.Attacker.Ammo))
	a.add("power cards", in.Attacker.PowerOwn)
	a.add("clan ability", in.Attacker.Ability)
	if in.Pirate {
		d.add("pirate ship", v.Strength["pirate"])
		for i, roll := range in.PirateRolls {
			d.add(fmt.Sprintf("pirate die %d", i+1), roll)
		}
		r.Cites = cites(CitePirateCombat, CiteWarfare)
	} else {
		d.add("fleet", v.fleetPower(in.Defender, true))
		d.add("ammo", sum(in.Defender.Ammo))
		d.add("power cards", in.Defender.PowerOwn)
		d.add("clan ability", in.Defender.Ability)
		if in.HomeBase {
			d.add("home base", v.Strength["home-base"])
		}
		a.add("defender's power cards", in.Defender.PowerAgainst)
		r.Cites = cites(CiteWarfare, CiteWinner, CiteLoser)
		if in.Defender.Fleet.Privateer > 0 {
			r.Cites = append(r.Cites, CitePrivateerRules)
		}
	}
	d.add("attacker's power cards", in.Attacker.PowerAgainst)
	fx := func(f string, args ...any) { r.Effects = append(r.Effects, fmt.Sprintf(f, args...)) }
	fx("both sides discard the Ammo and Power cards they played")
	retreatFx := func(who string, s Side) {
		if s.Fleet.Empty() {
			fx("the %s retreats: half of the ships rounded down to its Home Base, the rest to its reserve, the Capital Ship always home (give the ships to see which)", who)
			return
		}
		fx("the %s retreats %s to its Home Base and %s to its reserve", who, r.Retreat.Home, r.Retreat.Reserve)
	}
	if a.Total >= d.Total {
		r.Winner = "attacker"
		r.Crystals = 1
		if in.Defender.Fleet.Capital > 0 {
			r.Crystals = 2
		}
		if in.Pirate {
			fx("the pirate ship is removed from the board for good; the attacker keeps its fleet, takes control of the Apex Island and gains %s", referee.Count(r.Crystals, "Magic Crystal"))
			return r, nil
		}
		fx("the attacker takes control of the location, keeps its fleet and gains %s", referee.Count(r.Crystals, "Magic Crystal"))
		if in.HomeBase {
			// "If the battle results in the Clan Leader losing control of
			// their Home Base, they are eliminated from the game": the
			// defeated fleet has no Home Base to retreat to ("Half of the
			// ships ... are sent to the Clan Leader's Home Base"), and an
			// eliminated clan's ships leave the board. The Home Base's own
			// teleporter is the winner's to use ("If a Clan Leader conquers
			// an opponent's Home Base, they gain use of that Home Base's
			// teleporter").
			r.HomeBaseFalls = true
			r.Cites = append(r.Cites, CiteGameEnd, CiteTeleporters)
			fx("the Home Base falls: the attacker immediately acquires all the defender's Magic Crystals and resources, and gains use of the Home Base's teleporter")
			fx("the defender has lost its Home Base and is eliminated from the game: no retreat (there is no Home Base left to send ships to); all its ships leave the board")
			return r, nil
		}
		r.Retreat = RetreatOf(in.Defender.Fleet, rule)
		if in.Defender.Fleet.Privateer > 0 {
			fx("the privateer goes back to its Clan Leader's reserve (repurchase on a later turn); a blocked island is no longer blocked")
		}
		retreatFx("defender", in.Defender)
		fx("the defender's teleporter on the location (if any) is destroyed")
		return r, nil
	}
	r.Winner = "defender"
	r.Retreat = RetreatOf(in.Attacker.Fleet, rule)
	if in.Pirate {
		fx("the pirate ship keeps control of the Apex Island; nobody gains a Magic Crystal")
		retreatFx("attacker", in.Attacker)
		return r, nil
	}
	r.Crystals = 1
	if in.Attacker.Fleet.Capital > 0 {
		r.Crystals = 2
	}
	fx("the defender keeps the location and gains %s", referee.Count(r.Crystals, "Magic Crystal"))
	retreatFx("attacker", in.Attacker)
	fx("the attacker's teleporter on the location (if any) is destroyed")
	return r, nil
}

// PirateOdds is the exact chance of beating a pirate over the two rolls of
// the pirate die, given the attacker's total (and any Power card effect on
// the pirate).
type PirateOdds struct {
	AttackerTotal int `json:"attacker_total"`
	// Against is added to the pirate's total (e.g. -4 from a Power card).
	Against int `json:"against"`
	Wins    int `json:"wins"`
	Outcome int `json:"outcomes"`
	// Probability as an exact fraction and as a float.
	Fraction    string  `json:"fraction"`
	Probability float64 `json:"probability"`
	// Pirate lists each possible pirate total with its chance.
	Pirate []PirateTotal `json:"pirate"`
}

// PirateTotal is one possible pirate total.
type PirateTotal struct {
	Total    int     `json:"total"`
	Ways     int     `json:"ways"`
	Chance   float64 `json:"chance"`
	Attacker bool    `json:"attacker_wins"`
}

// OddsVsPirate enumerates the two rolls of die and counts the outcomes the
// attacker wins (ties go to the attacker).
func OddsVsPirate(v Values, die referee.Die, attackerTotal, against int) PirateOdds {
	o := PirateOdds{AttackerTotal: attackerTotal, Against: against}
	ways := map[int]int{}
	lo, hi := 1<<30, -1<<30
	for _, f1 := range die.Faces {
		for _, f2 := range die.Faces {
			t := v.Strength["pirate"] + f1.Value + f2.Value + against
			ways[t]++
			o.Outcome++
			if attackerTotal >= t {
				o.Wins++
			}
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	for t := lo; t <= hi; t++ {
		if ways[t] > 0 {
			o.Pirate = append(o.Pirate, PirateTotal{Total: t, Ways: ways[t], Chance: float64(ways[t]) / float64(o.Outcome), Attacker: attackerTotal >= t})
		}
	}
	if o.Outcome > 0 {
		o.Fraction = big.NewRat(int64(o.Wins), int64(o.Outcome)).RatString()
		o.Probability = float64(o.Wins) / float64(o.Outcome)
	}
	return o
}
