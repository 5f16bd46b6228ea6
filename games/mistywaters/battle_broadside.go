package mistywaters

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Die classes of a Broadside roll against a given target.
type dieClass int

const (
	clsMiss    dieClass = iota // no effect (2-3, 4-5 without ricochet, a 1 or 6 that does nothing)
	clsHull                    // 6: Hull Hit (a Cannon, a Damage Marker, a defeat)
	clsCrew                    // 1: Deck Crew Hit (Sailor/Officer; a Galleass Sailor)
	clsDisable                 // 2 against the Silver Freighter
	clsMonster                 // a face that damages the Sea Monster (its card)
)

// classify says what a final die value does to target.
func classify(v int, target Unit, o Options) dieClass {
	switch target.Kind {
	case KindMonster:
		for _, h := range o.monsterHits(target.Monster) {
			if h == v {
				return clsMonster
			}
		}
		return clsMiss
	case KindFreighter:
		switch v {
		case 6:
			return clsHull
		case 2:
			return clsDisable
		}
		return clsMiss
	case KindShip:
		switch v {
		case 6:
			return clsHull
		case 1:
			return clsCrew
		}
	case KindGalleass:
		if v == 1 {
			return clsCrew
		}
	case KindFort, KindPirate, KindCaravel, KindTemple, KindBattery:
		if v == 6 {
			return clsHull
		}
	}
	return clsMiss
}

// ricochets reports whether 4s and 5s are re-rolled: only when two ships
// battle, never with the Silver Freighter (a miss, it's too fast), a Sea
// Monster or a land-based target.
func ricochets(a, b Unit) bool {
	return a.IsShip() && b.IsShip() && a.Kind != KindFreighter && b.Kind != KindFreighter
}

// crewAvailable is how many Deck Crew Hits can do something to target.
func crewAvailable(t Unit) int {
	switch t.Kind {
	case KindShip:
		return t.DeckCrew()
	case KindGalleass:
		return t.Sailors
	}
	return 0
}

// Reroll is one re-rolled die.
type Reroll struct {
	Die  int    `json:"die"` // 0-based index in the roll
	From int    `json:"from"`
	To   int    `json:"to"`
	Why  string `json:"why"` // ricochet, first-class gunner, experience token, ...
}

// Volley is one side's fire in a Broadside Battle (attack or counterattack).
type Volley struct {
	Side       string   `json:"side"` // attacker or defender
	By         string   `json:"by"`
	Target     string   `json:"target"`
	Dice       int      `json:"dice"`
	DiceWhy    string   `json:"dice_why,omitempty"`
	CardDamage string   `json:"card_damage,omitempty"` // a Sea Monster's damage instead of dice
	Rolled     []int    `json:"rolled,omitempty"`
	Rerolls    []Reroll `json:"rerolls,omitempty"`
	XPDeclared int      `json:"xp_declared,omitempty"`
	Final      []int    `json:"final,omitempty"`
	HullHits   int      `json:"hull_hits"`
	CrewHits   int      `json:"crew_hits"`
	Disables   int      `json:"disables,omitempty"`
	Misses     int      `json:"misses"`
	Damage     Damage   `json:"damage"`
}

// Damage is what a volley (or a Boarding Battle) removed from one unit.
type Damage struct {
	Cannons  int      `json:"cannons,omitempty"`
	Sailors  int      `json:"sailors,omitempty"`
	Officers []string `json:"officers,omitempty"`
	Markers  int      `json:"markers,omitempty"`
	Defeated bool     `json:"defeated"`
	Disabled bool     `json:"disabled,omitempty"` // Silver Freighter hit in the masts with no '6'
	Notes    []string `json:"notes,omitempty"`
}

// BroadsideResult is the full resolution of a Broadside Battle.
type BroadsideResult struct {
	Type          BattleType `json:"type"`
	Attacker      Unit       `json:"attacker"`
	Defender      Unit       `json:"defender"`
	AttackerAfter Unit       `json:"attacker_after"`
	DefenderAfter Unit       `json:"defender_after"`
	Attack        Volley     `json:"attack"`
	Counter       *Volley    `json:"counter,omitempty"`
	NoCounterWhy  string     `json:"no_counter_why,omitempty"`
	Outcome       Outcome    `json:"outcome"`
	Steps         []Step     `json:"steps"`
	Cites         []string   `json:"cites"`
}

// BroadsideInput is a Broadside Battle to resolve.
type BroadsideInput struct {
	Attacker, Defender Unit
	Options            Options
	// AttackerDice / DefenderDice: a player may roll fewer dice than allowed
	// ("up to as many"); 0 rolls the maximum.
	AttackerDice, DefenderDice int
}

// Sizer is implemented by Rollers that know how many dice were entered for
// a roll key (so that a player who rolled fewer dice is honoured and too
// many dice are refused).
type Sizer interface {
	Entered(key string) (int, bool)
}

// Entered implements Sizer.
func (s *SideRoller) Entered(key string) (int, bool) {
	if s.next < len(s.Rolls) {
		return len(s.Rolls[s.next].Dice), true
	}
	return 0, false
}

// Entered implements Sizer.
func (s SplitRoller) Entered(key string) (int, bool) {
	var r Roller = s.Attacker
	if containsAny(key, ".defender", ".counter") {
		r = s.Defender
	}
	if z, ok := r.(Sizer); ok {
		return z.Entered(key)
	}
	return 0, false
}

func containsAny(s string, subs ...string) bool {
	for _, x := range subs {
		if len(x) > 0 && len(s) >= len(x) {
			for i := 0; i+len(x) <= len(s); i++ {
				if s[i:i+len(x)] == x {
					return true
				}
			}
		}
	}
	return false
}

// ResolveBroadside resolves a whole Broadside Battle: the attack, its
// damage, and the counterattack with what the defender has left, then the
// end of battle. Dice come from r (entered or rolled).
func ResolveBroadside(in BroadsideInput, r Roller) (*BroadsideResult, error) {
	o := in.Options
	att, def := in.Attacker, in.Defender
	for _, u := range []Unit{att, def} {
		if err := u.Validate(nil); err != nil {
			return nil, err
		}
	}
	v, err := CanAttack(att, def, Broadside, o)
	if err != nil {
		return nil, err
	}
	res := &BroadsideResult{Type: Broadside, Attacker: att, Defender: def}
	res.Steps = append(res.Steps, v.Steps...)
	res.Steps = append(res.Steps, Step{Text: fmt.Sprintf("%s attacks %s by Broadside Battle", att.Label(), def.Label()),
		Rule: "After selecting an eligible attack target, the attacker must declare what type of Battle they are starting.", Cites: []string{CiteSelectTarget, CiteBattleType}})
	res.Steps = append(res.Steps, cardsStep(Broadside, att, def))
	a, d := att, def
	vol, err := fire(&a, &d, "attacker", "misty.broadside.attack", in.AttackerDice, o, r, &res.Steps)
	if err != nil {
		return nil, err
	}
	res.Attack = *vol
	if vol.Damage.Defeated {
		res.NoCounterWhy = "the defender was defeated and cannot counterattack"
		res.Steps = append(res.Steps, Step{Text: res.NoCounterWhy, Rule: "Exception: The defender cannot counterattack if they were already defeated.", Cites: []string{CiteCounterattack, CiteEndOfBattle}})
	} else if !v.Counterattack {
		res.NoCounterWhy = v.NoCounterWhy
		res.Steps = append(res.Steps, Step{Text: "no counterattack: " + v.NoCounterWhy, Rule: "The effects of Wind Force still apply and may cause a one-sided Battle by preventing a counterattack from occurring.", Cites: []string{CiteCounterattack}})
	} else if n, _ := d.BroadsideDice(a, o); n == 0 && d.Kind != KindMonster {
		res.NoCounterWhy = fmt.Sprintf("%s has no dice left to counterattack with", d.Label())
		res.Steps = append(res.Steps, Step{Text: res.NoCounterWhy, Rule: "If the defender has received damage during the attacker's attack, they may have fewer regular dice to roll than they had at the start of the Battle.", Cites: []string{CiteCounterattack}})
	} else {
		res.Steps = append(res.Steps, Step{Text: fmt.Sprintf("%s counterattacks", d.Label()), Rule: "When the attacker has completed their attack and the resulting damage, still during the attacker's turn, the defender now counterattacks in the same manner (roll+reroll+cards) as the attacker.", Cites: []string{CiteCounterattack}})
		cv, err := fire(&d, &a, "defender", "misty.broadside.counter", in.DefenderDice, o, r, &res.Steps)
		if err != nil {
			return nil, err
		}
		res.Counter = cv
	}
	res.AttackerAfter, res.DefenderAfter = a, d
	res.Outcome = endOfBattle(Broadside, att, def, a, d, res.Attack.Damage, counterDamage(res.Counter), o)
	res.Steps = append(res.Steps, res.Outcome.Steps...)
	res.Cites = collectCites(res.Steps)
	return res, nil
}

// cardsStep notes Step 3: Action Cards are played at the table, not
// modelled by bosun (their texts are not in the rulebook).
func cardsStep(t BattleType, att, def Unit) Step {
	txt := "Action Cards (before-roll, then after-roll) are played at the table: the defender first, then alternately; bosun does not model card texts"
	if att.IsNPC() || def.IsNPC() {
		txt += "; NPCs never play Action Cards"
	}
	if t == Boarding && def.Kind == KindPirate {
		txt += "; cards that shoot at the crew before boarding (Marksman, Grapeshot) are not applicable against pirates before the clash"
	}
	return Step{Text: txt,
		Rule:  "The cards are played alternately by both players, with the defender playing first. If at any point one of the players decides that they will not play a card, they cannot play any more cards in that phase of combat.",
		Cites: []string{CitePreDiceCards, CiteCardsInCombat}}
}

func counterDamage(v *Volley) Damage {
	if v == nil {
		return Damage{}
	}
	return v.Damage
}

func collectCites(steps []Step) []string {
	var cs [][]string
	for _, s := range steps {
		cs = append(cs, s.Cites)
	}
	return uniq(append(cs, []string{CiteBattles})...)
}

// fire resolves one side's fire at target, modifying both units.
func fire(shooter, target *Unit, side, key string, want int, o Options, r Roller, steps *[]Step) (*Volley, error) {
	vol := &Volley{Side: side, By: shooter.Label(), Target: target.Label()}
	if shooter.Kind == KindMonster {
		vol.CardDamage = monsterDamage(shooter.Monster, *target)
		applyMonsterDamage(shooter.Monster, target, &vol.Damage, o)
		*steps = append(*steps, Step{Text: fmt.Sprintf("the %s rolls no dice: %s", shooter.Label(), vol.CardDamage),
			Rule: "Sea Monsters do not roll regular dice (no Cannons), but instead add 1 Damage Marker to an NPC ship, or inflict the damage described on the Sea Adventure Card to Player Ships.", Cites: []string{CiteBroadside, CiteMonsterAttack}})
		return vol, nil
	}
	n, why := shooter.BroadsideDice(*target, o)
	vol.Dice, vol.DiceWhy = n, why
	if z, ok := r.(Sizer); ok {
		if k, ok := z.Entered(key + ".roll"); ok {
			if k > n {
				return nil, referee.RuleError([]string{CiteBroadside}, "mistywaters: %s (%s) may roll at most %s in a Broadside Battle (%s), not %d%s", shooter.Label(), side, referee.Count(n, "die", "dice"), why, k, maxDiceReason(*shooter, *target))
			}
			if k < n && shooter.IsNPC() {
				return nil, referee.RuleError([]string{CiteBroadside}, "mistywaters: %s is an NPC and rolls the maximum %s (%s), not %d: other players roll the maximum regular dice for an NPC", shooter.Label(), referee.Count(n, "die", "dice"), why, k)
			}
			if k < n {
				want = k
			}
		}
	}
	if want > 0 && want < n {
		if shooter.IsNPC() {
			return nil, referee.RuleError([]string{CiteBroadside}, "mistywaters: NPCs roll the maximum dice (%d)", n)
		}
		n = want
		vol.Dice = n
		vol.DiceWhy += fmt.Sprintf("; %d rolled by choice", n)
	} else if want > n {
		return nil, referee.RuleError([]string{CiteBroadside}, "mistywaters: %s may roll at most %s (%s), not %d", shooter.Label(), referee.Count(n, "die", "dice"), why, want)
	}
	*steps = append(*steps, Step{Text: fmt.Sprintf("%s rolls %s (%s)", shooter.Label(), referee.Count(n, "die", "dice"), why),
		Rule: "The attacker rolls up to as many regular dice as it has Cannons. (+1 for Gunner for Broadside Battles.)", Cites: []string{CiteBroadside, CiteOfficerSummary}})
	dice, err := rollChecked(r, key+".roll", n)
	if err != nil {
		return nil, err
	}
	vol.Rolled = append([]int(nil), dice...)
	rico := ricochets(*shooter, *target)
	ricochet := func(i int) error {
		for guard := 0; (dice[i] == 4 || dice[i] == 5) && rico; guard++ {
			if guard > 200 {
				return referee.Usagef("dice: %s.ricochet keeps showing 4 or 5; enter other values", key)
			}
			nv, err := rollChecked(r, key+".ricochet", 1)
			if err != nil {
				return err
			}
			vol.Rerolls = append(vol.Rerolls, Reroll{Die: i, From: dice[i], To: nv[0], Why: "ricochet"})
			dice[i] = nv[0]
		}
		return nil
	}
	if rico {
		before := len(vol.Rerolls)
		for i := range dice {
			if err := ricochet(i); err != nil {
				return nil, err
			}
		}
		if len(vol.Rerolls) > before {
			*steps = append(*steps, Step{Text: fmt.Sprintf("ricochets: %s until no 4 or 5 remains", referee.Count(len(vol.Rerolls)-before, "re-roll")),
				Rule: "4 or 5 - Ricochet! If two ships are Broadside Battling, the cannonballs bounce off the surface of the sea and each die is rerolled until a result other than 4 or 5 is rolled.", Cites: []string{CiteDiceResult, CiteBroadsideRerolls}})
		}
	} else if has45(dice) {
		*steps = append(*steps, Step{Text: "4s and 5s are misses here (no ricochet)",
			Rule: "This is a miss if either attacker or defender is a Sea Monster or a land-based targets like a Fort, Battery of Cannons, or with 'Advanced Rules' the Last Day Temple. Exception: Miss with Silver Freighter, it's too fast.", Cites: []string{CiteDiceResult}})
	}
	afterReroll := func(i int) error {
		if o.NoRicochetAfterReroll {
			return nil
		}
		return ricochet(i)
	}
	// First-Class Gunner: each die may be re-rolled once; bosun re-rolls every die that does nothing.
	own := func(what string) ([]int, bool, error) {
		v, ok := o.Rerolls[side+"."+what]
		if !ok {
			return nil, false, nil
		}
		seen := map[int]bool{}
		var idx []int
		for _, d := range v {
			if d < 1 || d > len(dice) {
				return nil, true, referee.RuleError([]string{CiteBroadsideRerolls}, "mistywaters: die %d does not exist (the roll has %s)", d, referee.Count(len(dice), "die", "dice"))
			}
			if what == "gunner" && seen[d] {
				return nil, true, referee.RuleError([]string{CiteBroadsideRerolls, CiteOfficerSummary}, "mistywaters: a First-Class Gunner re-rolls each die once, die %d is named twice", d)
			}
			seen[d] = true
			idx = append(idx, d-1)
		}
		return idx, true, nil
	}
	if shooter.Kind == KindShip && shooter.Gunner == FirstClass {
		idx := uselessDice(dice, *target, o)
		if o.GunnerMissesOnly {
			idx = missDice(dice, *target, o)
		}
		if mine, ok, err := own("gunner"); err != nil {
			return nil, err
		} else if ok {
			idx = mine
		}
		if len(idx) > 0 {
			nv, err := rollChecked(r, key+".gunner", len(idx))
			if err != nil {
				return nil, err
			}
			for j, i := range idx {
				vol.Rerolls = append(vol.Rerolls, Reroll{Die: i, From: dice[i], To: nv[j], Why: "first-class gunner"})
				dice[i] = nv[j]
			}
			for _, i := range idx {
				if err := afterReroll(i); err != nil {
					return nil, err
				}
			}
			*steps = append(*steps, Step{Text: fmt.Sprintf("First-Class Gunner re-rolls %s that %s (%s %s)", referee.Count(len(idx), "die", "dice"), map[bool]string{false: "did nothing", true: "missed"}[o.GunnerMissesOnly], referee.Noun(len(idx), "die", "dice"), intsList(plus1(idx))),
				Rule: "First-Class Gunner rerolls (may reroll each dice once).", Cites: []string{CiteBroadsideRerolls, CiteOfficerSummary}})
		}
	}
	// Experience Tokens: declared in advance, one die per token.
	if t := shooter.XPFor(0); t > 0 {
		vol.XPDeclared = t
		used := 0
		mine, chosen, err := own("xp")
		if err != nil {
			return nil, err
		}
		if chosen && len(mine) > t {
			return nil, referee.RuleError([]string{CiteXPRerolls}, "mistywaters: %s named for %s: one die per token", referee.Count(len(mine), "re-roll"), referee.Count(t, "declared Experience Token"))
		}
		for k := 0; k < t; k++ {
			idx := uselessDice(dice, *target, o)
			if chosen {
				if k >= len(mine) {
					break
				}
				idx = mine[k : k+1]
			}
			if len(idx) == 0 {
				break
			}
			i := idx[0]
			nv, err := rollChecked(r, key+".xp", 1)
			if err != nil {
				return nil, err
			}
			vol.Rerolls = append(vol.Rerolls, Reroll{Die: i, From: dice[i], To: nv[0], Why: "experience token"})
			dice[i] = nv[0]
			used++
			if err := afterReroll(i); err != nil {
				return nil, err
			}
		}
		*steps = append(*steps, Step{Text: fmt.Sprintf("%s declared and returned to the supply; %s used", count(t, "Experience Token"), count(used, "re-roll")),
			Rule: "Before rerolling any dice, a player must declare the number of Experience Tokens they are using. All declared Experience Tokens must be returned to the supply whether they were used or not.", Cites: []string{CiteXPRerolls, CiteBroadsideRerolls}})
	}
	vol.Final = dice
	for _, x := range dice {
		switch classify(x, *target, o) {
		case clsHull, clsMonster:
			vol.HullHits++
		case clsCrew:
			vol.CrewHits++
		case clsDisable:
			vol.Disables++
		default:
			vol.Misses++
		}
	}
	applyDice(vol, target, o, steps)
	return vol, nil
}

func has45(d []int) bool {
	for _, x := range d {
		if x == 4 || x == 5 {
			return true
		}
	}
	return false
}

// intsList lists numbers as a sentence does: "1, 3, 4".
func intsList(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}

func plus1(idx []int) []int {
	o := make([]int, len(idx))
	for i, x := range idx {
		o[i] = x + 1
	}
	return o
}

// uselessDice lists dice (by index) that do nothing against target: misses,
// and Deck Crew Hits beyond the crew the target has. This is bosun's
// default re-roll policy (docs/misty-battles.md).
func uselessDice(dice []int, target Unit, o Options) []int {
	var out []int
	crew := crewAvailable(target)
	for i, x := range dice {
		c := classify(x, target, o)
		switch c {
		case clsMiss:
			out = append(out, i)
		case clsCrew:
			if crew > 0 {
				crew--
			} else {
				out = append(out, i)
			}
		}
	}
	return out
}

// missDice lists the dice (by index) that missed (option
// GunnerMissesOnly: a Deck Crew Hit is kept even beyond the crew).
func missDice(dice []int, target Unit, o Options) []int {
	var out []int
	for i, x := range dice {
		if classify(x, target, o) == clsMiss {
			out = append(out, i)
		}
	}
	return out
}

// removeCrew removes n deck crew from a Player Ship in the owner's order.
func removeCrew(u *Unit, n int, o Options, dmg *Damage) {
	for k := 0; k < n; k++ {
		done := false
		for _, what := range o.crewOrder() {
			switch what {
			case "sailor":
				if u.Sailors > 0 {
					u.Sailors--
					dmg.Sailors++
					done = true
				}
			case "fencing":
				if u.FencingMaster != NoOfficer {
					u.FencingMaster = NoOfficer
					dmg.Officers = append(dmg.Officers, "fencing master")
					done = true
				}
			case "captain":
				if u.Captain != NoOfficer {
					u.Captain = NoOfficer
					dmg.Officers = append(dmg.Officers, "captain")
					done = true
				}
			case "gunner":
				if u.Gunner != NoOfficer {
					u.Gunner = NoOfficer
					dmg.Officers = append(dmg.Officers, "gunner")
					done = true
				}
			}
			if done {
				break
			}
		}
		if !done {
			return
		}
	}
}

// addMarkers applies sixes to a unit that takes Damage Markers, with the
// one-marker-per-Battle cap unless three or more 6s were rolled.
func addMarkers(u *Unit, sixes int, dmg *Damage) {
	if sixes == 0 {
		return
	}
	markers := 1
	if sixes >= 3 {
		markers = 2
	}
	if u.Damaged {
		dmg.Markers = 1
		dmg.Defeated = true
		return
	}
	dmg.Markers = markers
	u.Damaged = true
	if markers >= 2 {
		dmg.Defeated = true
	}
}

func applyDice(vol *Volley, t *Unit, o Options, steps *[]Step) {
	dmg := &vol.Damage
	switch t.Kind {
	case KindShip:
		h := vol.HullHits
		if h > t.Cannons {
			h = t.Cannons
		}
		t.Cannons -= h
		dmg.Cannons = h
		removeCrew(t, vol.CrewHits, o, dmg)
		if t.Cannons == 0 {
			dmg.Defeated = true
		}
		addStep(steps, func() Step {
			return Step{Text: fmt.Sprintf("%s: %s %s, %s %s and %v", t.Label(), referee.Count(vol.HullHits, "Hull Hit"), referee.Noun(vol.HullHits, "removes", "remove")+" "+referee.Count(dmg.Cannons, "Cannon"), referee.Count(vol.CrewHits, "Deck Crew Hit"), referee.Noun(vol.CrewHits, "removes", "remove")+" "+referee.Count(dmg.Sailors, "Sailor"), officersText(dmg.Officers)),
				Rule: "6 - Hull Hit! Remove 1 Cannon for a Player Ship. If it is the last Cannon, the Player Ship is defeated. 1 - Deck Crew Hit! Remove 1 deck crew (e.g. 1 Sailor or 1 Officer) for a Player Ship. If none, then no damage.", Cites: []string{CiteDiceResult, CiteDeckCrewRemoval}}
		})
	case KindGalleass:
		n := vol.CrewHits
		if n > t.Sailors {
			n = t.Sailors
		}
		t.Sailors -= n
		dmg.Sailors = n
		if t.Sailors == 0 {
			dmg.Defeated = true
		}
		addStep(steps, func() Step {
			return Step{Text: fmt.Sprintf("the Galleass loses %s (6s do no damage to its massive hull)", referee.Count(n, "Sailor")),
				Rule: "No damage occurs for the Conquistadors' Galleass due to its massive hull. Remove 1 Sailor for the Conquistadors' Galleass. If it is the last Sailor, it is defeated.", Cites: []string{CiteDiceResult, CiteDefeatedGalleass}}
		})
	case KindFort, KindPirate, KindCaravel, KindTemple:
		addMarkers(t, vol.HullHits, dmg)
		addStep(steps, func() Step {
			return Step{Text: fmt.Sprintf("%s: %s on the %s%s", referee.Count(vol.HullHits, "6", "6s"), referee.Count(dmg.Markers, "Damage Marker"), t.Label(), defeatedText(dmg.Defeated)),
				Rule: "Add 1 Damage Marker to a Fort, a Pirate Ship, a Conquistadors' Caravel, or the Last Day Temple. They can only receive 1 Damage Marker per Battle, unless three or more 6s are rolled. If already a Damage Marker, target is defeated.", Cites: []string{CiteDiceResult, markerCite(t.Kind)}}
		})
	case KindBattery:
		if vol.HullHits > 0 {
			dmg.Defeated = true
		}
		addStep(steps, func() Step {
			return Step{Text: fmt.Sprintf("%d 6s against the Battery of Cannons%s", vol.HullHits, defeatedText(dmg.Defeated)),
				Rule: "Silver Freighter and Battery of Cannons are defeated (1 hit to defeat).", Cites: []string{CiteDiceResult, CiteDefeatedBattery}}
		})
	case KindFreighter:
		if vol.HullHits > 0 || vol.Disables > 0 {
			dmg.Defeated = true
			dmg.Disabled = vol.HullHits == 0
		}
		addStep(steps, func() Step {
			return Step{Text: fmt.Sprintf("%s and %s against the Silver Freighter%s", referee.Count(vol.HullHits, "6", "6s"), referee.Count(vol.Disables, "2", "2s"), defeatedText(dmg.Defeated)),
				Rule: "On '2' dice rolls, the Silver Freighter is disabled by hitting its masts! If the Silver Freighter ever receives any damage or is disabled (a '2' dice roll) during a Broadside Battle, they are immediately defeated.", Cites: []string{CiteDiceResult, CiteDefeatedFreight}}
		})
	case KindMonster:
		if vol.HullHits > 0 {
			dmg.Defeated = true
		}
		addStep(steps, func() Step {
			return Step{Text: fmt.Sprintf("%s %s a face that damages the %s (%v)%s", referee.Count(vol.HullHits, "die", "dice"), referee.Noun(vol.HullHits, "shows", "show"), t.Label(), o.monsterHits(t.Monster), defeatedText(dmg.Defeated)),
				Rule: "Sea Monsters are defeated after 1 damage as described on their card.", Cites: []string{CiteDiceResult, CiteDefeatedMonsters}}
		})
	}
}

// addStep appends a step unless steps is nil (the odds skip the text).
func addStep(steps *[]Step, f func() Step) {
	if steps != nil {
		*steps = append(*steps, f())
	}
}

func markerCite(k Kind) string {
	switch k {
	case KindFort:
		return CiteDefeatedForts
	case KindPirate:
		return CiteDefeatedPirates
	case KindCaravel:
		return CiteDefeatedCaravels
	}
	return CiteDefeatedTemple
}

func defeatedText(d bool) string {
	if d {
		return ": defeated"
	}
	return ""
}

func officersText(o []string) string {
	if len(o) == 0 {
		return "no Officers"
	}
	return "Officers " + strings.Join(o, ", ")
}

// monsterDamage describes a Sea Monster's card damage against t.
func monsterDamage(m string, t Unit) string {
	switch t.Kind {
	case KindShip:
		switch m {
		case "leviathan":
			return "Leviathan removes 1 Cannon and 1 Sailor"
		case "megalodon":
			return "Megalodon removes 1 Cannon"
		case "kraken":
			return "Kraken removes 1 Cannon and 2 Sailors/Officers"
		case "hydra":
			return "Hydra removes all Sailors and Officers, except Captain"
		case "sea-serpent":
			return "Sea Serpent removes 1 Cannon"
		case "sperm-whale":
			return "Sperm Whale removes 1 Cannon and moves the ship"
		}
	case KindGalleass:
		if t.Owner == "" {
			return "against the Conquistadors' Galleass remove 1 Sailor instead"
		}
		return MonsterTitle(m) + "'s card damage; only removal of Sailors counts against the Galleass's massive hull"
	}
	return "adds 1 Damage Marker to the NPC ship"
}

func applyMonsterDamage(m string, t *Unit, dmg *Damage, o Options) {
	switch t.Kind {
	case KindShip, KindGalleass:
		if t.Kind == KindGalleass && t.Owner == "" {
			if t.Sailors > 0 {
				t.Sailors--
				dmg.Sailors++
			}
			dmg.Defeated = t.Sailors == 0
			return
		}
		cannon := 1
		if t.Kind == KindGalleass {
			cannon = 0
		}
		switch m {
		case "leviathan":
			if t.Sailors > 0 {
				t.Sailors--
				dmg.Sailors++
			}
		case "kraken":
			removeCrew(t, 2, o, dmg)
		case "hydra":
			dmg.Sailors += t.Sailors
			t.Sailors = 0
			if t.Gunner != NoOfficer {
				t.Gunner = NoOfficer
				dmg.Officers = append(dmg.Officers, "gunner")
			}
			if t.FencingMaster != NoOfficer {
				t.FencingMaster = NoOfficer
				dmg.Officers = append(dmg.Officers, "fencing master")
			}
			if t.Kind == KindShip {
				cannon = 0
			}
		case "sperm-whale":
			dmg.Notes = append(dmg.Notes, "the Sperm Whale moves the ship (see its Sea Adventure Card)")
		}
		if t.Kind == KindShip && cannon > 0 && t.Cannons > 0 {
			t.Cannons--
			dmg.Cannons++
		}
		if t.Kind == KindShip {
			dmg.Defeated = t.Cannons == 0
		} else {
			dmg.Defeated = t.Sailors == 0
		}
	case KindPirate, KindCaravel:
		dmg.Markers = 1
		if t.Damaged {
			dmg.Defeated = true
		}
		t.Damaged = true
	case KindFreighter:
		dmg.Markers = 1
		dmg.Defeated = true
	}
}

// maxDiceReason says why a shooter rolls no more dice than it has: a
// Player Ship its Cannons (its Sailors against the Sea Serpent, which
// "forces its opponent to roll as many regular dice as they have Sailors
// instead of Cannons"); a Fort or an NPC rolls fixed dice, said by why.
func maxDiceReason(shooter, target Unit) string {
	if shooter.Kind != KindShip {
		return ""
	}
	if target.Kind == KindMonster && target.Monster == "sea-serpent" {
		return ": against the Sea Serpent a Player Ship rolls up to as many regular dice as it has Sailors"
	}
	return ": a Player Ship rolls up to as many regular dice as it has Cannons (a counterattack with the Cannons it has left)"
}
