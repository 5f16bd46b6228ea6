package mistywaters

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// BoardingInput is a Boarding Battle to resolve.
type BoardingInput struct {
	Attacker, Defender Unit
	Options            Options
}

// BoardDuel is one resolved duel as shown to the players.
type BoardDuel struct {
	Attacker      []int  `json:"attacker"` // front die first, then a second-row die
	Defender      []int  `json:"defender"`
	AttackerTotal int    `json:"attacker_total"`
	DefenderTotal int    `json:"defender_total"`
	Winner        string `json:"winner"` // attacker, defender or tie
}

// SideRerolls are one side's re-rolls in a round.
type SideRerolls struct {
	Side       string   `json:"side"`
	XPDeclared int      `json:"xp_declared,omitempty"`
	Rerolls    []Reroll `json:"rerolls,omitempty"`
}

// Round is one roll of a clash (the first roll, or the tie re-roll).
type Round struct {
	Clash         int           `json:"clash"`
	Tie           bool          `json:"tie_reroll"`
	AttackerDice  int           `json:"attacker_dice"`
	DefenderDice  int           `json:"defender_dice"`
	AttackerRoll  []int         `json:"attacker_roll"`
	DefenderRoll  []int         `json:"defender_roll"`
	First         string        `json:"arranges_first"`
	Placement     []int         `json:"placement,omitempty"` // duel numbers (1-based) of the second-row dice, highest die first
	PlacementBy   string        `json:"placement_by,omitempty"`
	Proposal      []int         `json:"proposal,omitempty"` // bosun's best placement for a player
	Rerolls       []SideRerolls `json:"rerolls,omitempty"`
	Duels         []BoardDuel   `json:"duels"`
	AttackerLost  int           `json:"attacker_lost"`
	DefenderLost  int           `json:"defender_lost"`
	TiedAttacker  int           `json:"tied_attacker"`
	TiedDefender  int           `json:"tied_defender"`
	AttackerDuels int           `json:"attacker_duels_lost"`
	DefenderDuels int           `json:"defender_duels_lost"`
	// NPCSecondRow is the reading the NPC placed its second-row dice by
	// (spread or stack: option npc-second-row); "" when no NPC placed.
	NPCSecondRow string `json:"npc_second_row,omitempty"`
}

// BoardingResult is the full resolution of a Boarding Battle.
type BoardingResult struct {
	Type          BattleType `json:"type"`
	Attacker      Unit       `json:"attacker"`
	Defender      Unit       `json:"defender"`
	AttackerAfter Unit       `json:"attacker_after"`
	DefenderAfter Unit       `json:"defender_after"`
	AttackerDice  int        `json:"attacker_dice"`
	DefenderDice  int        `json:"defender_dice"`
	DiceWhy       []string   `json:"dice_why"`
	Clashes       [][2]int   `json:"clashes"` // dice per clash: attacker, defender
	Rounds        []Round    `json:"rounds"`
	ToAttacker    Damage     `json:"to_attacker"`
	ToDefender    Damage     `json:"to_defender"`
	Unresolved    [2]int     `json:"unresolved_ties"` // dice left in tied duels: attacker, defender
	Simplified    bool       `json:"simplified,omitempty"`
	Outcome       Outcome    `json:"outcome"`
	Steps         []Step     `json:"steps"`
	Cites         []string   `json:"cites"`
}

// BoardingDice returns the dice each side rolls: Sailors + Cannons (the
// shore party against a Militia; 4 or 3 for an Advanced Pirate Ship), at
// most 10 and at most double the opponent's.
func BoardingDice(att, def Unit) (a, d int, why []string) {
	a0, wa := att.BoardingTokens()
	d0, wd := def.BoardingTokens()
	why = append(why, "attacker: "+wa, "defender: "+wd)
	a, d = a0, d0
	if a > 10 {
		a = 10
		why = append(why, "the attacker rolls at most 10 dice")
	}
	if d > 10 {
		d = 10
		why = append(why, "the defender rolls at most 10 dice")
	}
	if a > 2*d {
		a = 2 * d
		why = append(why, fmt.Sprintf("the attacker rolls at most double the defender's dice: %d", a))
	}
	if d > 2*a {
		d = 2 * a
		why = append(why, fmt.Sprintf("the defender rolls at most double the attacker's dice: %d", d))
	}
	return
}

// Clashes splits the dice into clashes: one, or two when either side has
// more than 5 dice (halves, the odd die in the first clash, each clash
// trimmed to at most double the opponent's dice).
func Clashes(a, d int) [][2]int {
	if a <= 5 && d <= 5 {
		return [][2]int{{a, d}}
	}
	trim := func(x, y int) (int, int) {
		if x > 2*y {
			x = 2 * y
		}
		if y > 2*x {
			y = 2 * x
		}
		return x, y
	}
	a1, d1 := trim((a+1)/2, (d+1)/2)
	a2, d2 := trim(a/2, d/2)
	return [][2]int{{a1, d1}, {a2, d2}}
}

// BoardingRules builds the duel rules of a battle.
func BoardingRules(att, def Unit, o Options) DuelRules {
	r := DuelRules{Cap6: o.NoErrata, TakeMore: o.PlaceTakeMore}
	if Fencing(att) != NoOfficer {
		r.BonusA = 1
	}
	if Fencing(def) != NoOfficer {
		r.BonusD = 1
	}
	return r
}

// Fencing is the Fencing Master who fights for the unit in this battle.
func Fencing(u Unit) Rank {
	switch u.Kind {
	case KindShip:
		if u.ShoreSet && !u.ShoreFencing {
			return NoOfficer
		}
		return u.FencingMaster
	case KindGalleass:
		if u.Owner != "" {
			return u.FencingMaster
		}
	}
	return NoOfficer
}

// ResolveBoarding resolves a whole Boarding Battle with dice from r.
func ResolveBoarding(in BoardingInput, r Roller) (*BoardingResult, error) {
	o := in.Options
	att, def := in.Attacker, in.Defender
	if err := BoardingPrecheck(att, def); err != nil {
		return nil, err
	}
	v, err := CanAttack(att, def, Boarding, o)
	if err != nil {
		return nil, err
	}
	res := &BoardingResult{Type: Boarding, Attacker: att, Defender: def}
	res.Steps = append(res.Steps, v.Steps...)
	a, d, why := BoardingDice(att, def)
	res.AttackerDice, res.DefenderDice, res.DiceWhy = a, d, why
	if a == 0 || d == 0 {
		return nil, NoDiceError(why)
	}
	res.Steps = append(res.Steps, Step{Text: fmt.Sprintf("%s boards %s: %s against %d (%s)", att.Label(), def.Label(), referee.Count(a, "die", "dice"), d, strings.Join(why, "; ")),
		Rule: "Both attacker and defender simultaneously roll as many regular dice as they have Sailors and Cannons up to a maximum of 10 dice and a maximum of double their opponent's dice. Officers do not count towards this calculation.", Cites: []string{CiteBoarding}})
	res.Steps = append(res.Steps, cardsStep(Boarding, att, def))
	A, D := att, def
	bs := &boardState{att: &A, def: &D, o: o, r: r, res: res, rules: BoardingRules(att, def, o)}
	if o.Simplified {
		res.Simplified = true
		if err := bs.simplified(a, d); err != nil {
			return nil, err
		}
	} else {
		res.Clashes = Clashes(a, d)
		if len(res.Clashes) == 2 {
			res.Steps = append(res.Steps, Step{Text: fmt.Sprintf("Large Crew: two clashes, %d vs %d then %d vs %d", res.Clashes[0][0], res.Clashes[0][1], res.Clashes[1][0], res.Clashes[1][1]),
				Rule: "If either attacker or defender involved in a Boarding Battle have more than 5 dice, then the Battle is divided into two clashes, dividing the dice in half. If there is an odd number of dice, the extra die goes into the first clash. If within a clash an attacker or defender have more than double the dice of their opponent, they remove dice until that isn't so.", Cites: []string{CiteLargeCrew}})
		}
		for ci, c := range res.Clashes {
			stop, err := bs.clash(ci, c[0], c[1])
			if err != nil {
				return nil, err
			}
			if stop {
				break
			}
		}
	}
	bs.finish()
	res.AttackerAfter, res.DefenderAfter = A, D
	res.Outcome = endOfBattle(Boarding, att, def, A, D, res.ToDefender, res.ToAttacker, o)
	if def.Kind == KindMilitia && !res.ToDefender.Defeated {
		res.Outcome.Notes = append(res.Outcome.Notes, "the attacker failed to defeat the Militia and removes all Sailors, Cannons and the Fencing Master that participated")
	}
	res.Steps = append(res.Steps, res.Outcome.Steps...)
	res.Cites = collectCites(res.Steps)
	return res, nil
}

// NoDiceError refuses a Boarding Battle in which a side has no dice.
func NoDiceError(why []string) error {
	return referee.RuleError([]string{CiteBoarding}, "mistywaters: a side has no dice for a Boarding Battle (%s)", strings.Join(why, "; "))
}

// BoardingPrecheck validates the units of a Boarding Battle.
func BoardingPrecheck(att, def Unit) error {
	for _, u := range []Unit{att, def} {
		if err := u.Validate(nil); err != nil {
			return err
		}
	}
	if def.Kind == KindMilitia && !att.ShoreSet {
		return referee.RuleError([]string{CiteMilitia}, "mistywaters: against a Plantation with a Militia the attacking Player Ship must declare in advance which tokens go to shore (shore=SAILORS+CANNONS[+fencing]), leaving at least 1 Cannon aboard")
	}
	if att.ShoreSet && def.Kind != KindMilitia {
		return referee.RuleError([]string{CiteMilitia}, "mistywaters: a shore party is declared only against a Plantation with a Militia")
	}
	if def.Kind == KindMilitia && def.Sailors == 0 {
		return referee.RuleError([]string{CiteDefeatedMilitia}, "mistywaters: a Plantation with 0 Sailors has no Militia to battle")
	}
	return nil
}

type boardState struct {
	att, def   *Unit
	o          Options
	r          Roller
	res        *BoardingResult
	rules      DuelRules
	pirateLost int // dice (or duels) the Advanced Pirate Ship lost
	defeated   bool
}

// EndBoarding is the end of a Boarding Battle in which the attacker lost
// lostA dice and the defender lostD (an Advanced Pirate Ship pirateLost
// instead): the losses of each side, as ResolveBoarding ends it.
func EndBoarding(att, def Unit, o Options, lostA, lostD, pirateLost int) (toAttacker, toDefender Damage) {
	res := &BoardingResult{}
	bs := &boardState{att: &att, def: &def, o: o, res: res}
	bs.lose(&att, lostA, &res.ToAttacker)
	if def.Kind == KindPirate {
		bs.pirateLost = pirateLost
	} else {
		bs.lose(&def, lostD, &res.ToDefender)
	}
	bs.finish()
	return res.ToAttacker, res.ToDefender
}

// lose removes n tokens for n lost dice from u.
func (bs *boardState) lose(u *Unit, n int, dmg *Damage) {
	for k := 0; k < n; k++ {
		switch u.Kind {
		case KindShip:
			if u.ShoreSet {
				if u.ShoreSailors > 0 {
					u.ShoreSailors--
					u.Sailors--
					dmg.Sailors++
				} else if u.ShoreCannons > 0 {
					u.ShoreCannons--
					u.Cannons--
					dmg.Cannons++
				}
				continue
			}
			if u.Sailors > 0 {
				u.Sailors--
				dmg.Sailors++
			} else if u.Cannons > 0 {
				u.Cannons--
				dmg.Cannons++
			}
		case KindGalleass, KindMilitia:
			if u.Sailors > 0 {
				u.Sailors--
				dmg.Sailors++
			}
		}
	}
	switch u.Kind {
	case KindShip:
		if u.Cannons == 0 {
			dmg.Defeated = true
		}
	case KindGalleass, KindMilitia:
		if u.Sailors == 0 {
			dmg.Defeated = true
		}
	}
}

func (bs *boardState) roll(key string, n int, side string) ([]int, error) {
	if z, ok := bs.r.(Sizer); ok {
		if k, ok := z.Entered(key); ok && k != n {
			return nil, referee.RuleError([]string{CiteBoarding, CiteLargeCrew}, "mistywaters: the %s rolls exactly %s here (%s), not %d: Sailors + Cannons, at most 10 and at most double the opponent's, split into clashes above 5", side, referee.Count(n, "die", "dice"), key, k)
		}
	}
	return rollChecked(bs.r, key, n)
}

// clash fights one clash: the first roll and, for tied duels, one re-roll.
// It reports whether the battle ended (a side defeated).
func (bs *boardState) clash(ci, a, d int) (bool, error) {
	base := fmt.Sprintf("misty.boarding.clash%d", ci+1)
	rnd, err := bs.round(ci, false, a, d, base, ci*2)
	if err != nil {
		return false, err
	}
	if bs.defeated {
		return true, nil
	}
	if rnd.TiedAttacker > 0 || rnd.TiedDefender > 0 {
		bs.res.Steps = append(bs.res.Steps, Step{Text: fmt.Sprintf("tied duels: %d vs %s are rolled again", rnd.TiedAttacker, referee.Count(rnd.TiedDefender, "die", "dice")),
			Rule: "For any dice where the duel was a tie, repeat the previous step (4B) of a Boarding Battle (roll, arrange, reroll/action cards) as before.", Cites: []string{CiteTies}})
		t, err := bs.round(ci, true, rnd.TiedAttacker, rnd.TiedDefender, base+".tie", ci*2+1)
		if err != nil {
			return false, err
		}
		if t.TiedAttacker > 0 || t.TiedDefender > 0 {
			bs.res.Unresolved[0] += t.TiedAttacker
			bs.res.Unresolved[1] += t.TiedDefender
			bs.res.Steps = append(bs.res.Steps, Step{Text: fmt.Sprintf("%d vs %s tie again and remain unresolved", t.TiedAttacker, referee.Count(t.TiedDefender, "die", "dice")),
				Rule: "After resolving the second duel results, the Boarding Battle ends. If there remain any further ties, do not repeat again, they remain unresolved until a future Battle.", Cites: []string{CiteTies}})
		}
		if bs.defeated {
			return true, nil
		}
	}
	return false, nil
}

// round rolls, arranges, re-rolls and resolves one roll of a clash.
func (bs *boardState) round(ci int, tie bool, a, d int, key string, rollIdx int) (*Round, error) {
	rnd := Round{Clash: ci + 1, Tie: tie, AttackerDice: a, DefenderDice: d}
	ad, err := bs.roll(key+".attacker.roll", a, "attacker")
	if err != nil {
		return nil, err
	}
	dd, err := bs.roll(key+".defender.roll", d, "defender")
	if err != nil {
		return nil, err
	}
	rnd.AttackerRoll, rnd.DefenderRoll = append([]int(nil), ad...), append([]int(nil), dd...)
	first, firstDice, front, extras := arrangeFront(ad, dd)
	rnd.First = first
	other := "attacker"
	otherUnit := *bs.att
	if first == "attacker" {
		other, otherUnit = "defender", *bs.def
	}
	var place []int
	if len(extras) > 0 {
		if otherUnit.IsNPC() {
			place, rnd.PlacementBy = npcPlace(extras, bs.o.NPCStackSecondRow), npcPlacementBy(bs.o)
			rnd.NPCSecondRow = map[bool]string{false: "spread", true: "stack"}[bs.o.NPCStackSecondRow]
		} else {
			rnd.Proposal = plus1(bestPlace(first, firstDice, front, extras, other, bs.rules))
			pk := other
			if rollIdx > 0 {
				pk = fmt.Sprintf("%s.%d", other, rollIdx)
			}
			if own, ok := bs.o.Placement[pk]; ok {
				if err := checkPlacement(own, len(extras), len(firstDice)); err != nil {
					return nil, err
				}
				for _, p := range own {
					place = append(place, p-1)
				}
				rnd.PlacementBy = "the player's own placement"
			} else {
				for _, p := range rnd.Proposal {
					place = append(place, p-1)
				}
				rnd.PlacementBy = "bosun's proposal (best placement)"
			}
		}
		rnd.Placement = plus1(place)
	}
	ar := build(first, firstDice, front, extras, place)
	bs.res.Steps = append(bs.res.Steps, Step{Text: fmt.Sprintf("the %s (fewer dice%s) arranges first, highest to lowest; the %s lines up lowest to highest%s", first, map[bool]string{true: ", or the defender on a tie", false: ""}[a == d], other, extrasText(extras, rnd.Placement, rnd.PlacementBy)),
		Rule: "The player with the least regular dice involved arranges their rolled dice first in order from highest to lowest. In case of tie, the defender arranges first. Then, their opponent arranges their dice in a parallel row and in reverse order, from lowest to highest. NPCs place second-row dice with the priority of highest behind lowest value.", Cites: []string{CiteDuelArrangement}})
	// Re-rolls: the defender first, then the attacker.
	for _, side := range []string{"defender", "attacker"} {
		sr, err := bs.rerolls(&ar, side, key, rollIdx)
		if err != nil {
			return nil, err
		}
		if sr != nil {
			rnd.Rerolls = append(rnd.Rerolls, *sr)
		}
	}
	// Results.
	for _, du := range ar.duels {
		bd := BoardDuel{Attacker: du.A, Defender: du.D, AttackerTotal: bs.rules.Total(du.A, bs.rules.BonusA), DefenderTotal: bs.rules.Total(du.D, bs.rules.BonusD)}
		switch bs.rules.Winner(du) {
		case 1:
			bd.Winner = "attacker"
			rnd.DefenderLost += len(du.D)
			rnd.DefenderDuels++
		case -1:
			bd.Winner = "defender"
			rnd.AttackerLost += len(du.A)
			rnd.AttackerDuels++
		default:
			bd.Winner = "tie"
			rnd.TiedAttacker += len(du.A)
			rnd.TiedDefender += len(du.D)
		}
		rnd.Duels = append(rnd.Duels, bd)
	}
	rule := "The opponent with the lowest total score for each duel loses the duel, they remove those regular dice (including any second-row dice), and also remove 1 Sailor for each dice removed. If they have no more Sailors to remove, they remove a Cannon instead."
	if bs.rules.BonusA+bs.rules.BonusD > 0 {
		rule = "Additional points for both the attacker and defender can be added to all of their dice from Fencing Masters (e.g. +1 to each regular dice). Errata: after adding all modifiers, no die may exceed 6; two rows of dice are added together without limitation. " + rule
	}
	bs.res.Steps = append(bs.res.Steps, Step{Text: fmt.Sprintf("duels: the attacker loses %s, the defender loses %s, %d vs %s tie", referee.Count(rnd.AttackerLost, "die", "dice"), referee.Count(rnd.DefenderLost, "die", "dice"), rnd.TiedAttacker, referee.Count(rnd.TiedDefender, "die", "dice")),
		Rule: rule, Cites: []string{CiteDuelResults, CiteErrata}})
	bs.applyRound(&rnd)
	bs.res.Rounds = append(bs.res.Rounds, rnd)
	return &bs.res.Rounds[len(bs.res.Rounds)-1], nil
}

func extrasText(extras, place []int, by string) string {
	if len(extras) == 0 {
		return ""
	}
	return fmt.Sprintf(" and places its second-row dice %s behind duels %s (%s)", intsList(extras), intsList(place), by)
}

func checkPlacement(p []int, extras, duels int) error {
	if len(p) != extras {
		return referee.RuleError([]string{CiteDuelArrangement}, "mistywaters: the placement names %s for %s (give one duel number, 1-%d, per extra die, highest die first)", referee.Count(len(p), "duel"), referee.Count(extras, "second-row die", "second-row dice"), duels)
	}
	seen := map[int]bool{}
	for _, x := range p {
		if x < 1 || x > duels {
			return referee.RuleError([]string{CiteDuelArrangement}, "mistywaters: duel %d does not exist (1-%d)", x, duels)
		}
		if seen[x] {
			return referee.RuleError([]string{CiteDuelArrangement}, "mistywaters: two second-row dice behind duel %d: no more than 3 dice can be involved in any individual duel", x)
		}
		seen[x] = true
	}
	return nil
}

func (bs *boardState) applyRound(rnd *Round) {
	bs.lose(bs.att, rnd.AttackerLost, &bs.res.ToAttacker)
	if bs.def.Kind == KindPirate {
		if bs.o.PirateCountsDuels {
			bs.pirateLost += rnd.DefenderDuels
		} else {
			bs.pirateLost += rnd.DefenderLost
		}
	} else {
		bs.lose(bs.def, rnd.DefenderLost, &bs.res.ToDefender)
	}
	if bs.res.ToAttacker.Defeated || bs.res.ToDefender.Defeated {
		bs.defeated = true
		bs.res.Steps = append(bs.res.Steps, Step{Text: "a side is defeated: the Battle ends immediately",
			Rule: "If a participant is defeated in the middle of a Battle, Step 4 of the Battle ends immediately. During a Boarding Battle, duels happen simultaneously, so all duels should always be resolved.", Cites: []string{CiteEndOfBattle}})
	}
}

// rerolls applies one side's First-Class Fencing Master and Experience
// Token re-rolls (bosun's policy: see docs/misty-battles.md).
func (bs *boardState) rerolls(ar *arrangement, side, key string, rollIdx int) (*SideRerolls, error) {
	u := *bs.att
	if side == "defender" {
		u = *bs.def
	}
	if u.IsNPC() {
		return nil, nil
	}
	sr := &SideRerolls{Side: side}
	own := func(du *Duel) []int {
		if side == "attacker" {
			return du.A
		}
		return du.D
	}
	opp := func(du *Duel) []int {
		if side == "attacker" {
			return du.D
		}
		return du.A
	}
	ob, pb := bs.rules.BonusA, bs.rules.BonusD
	if side == "defender" {
		ob, pb = pb, ob
	}
	lost := func(du *Duel) bool {
		return bs.rules.Total(own(du), ob) < bs.rules.Total(opp(du), pb)
	}
	if Fencing(u) == FirstClass && !bs.o.Simplified {
		type pick struct{ duel, die int }
		var picks []pick
		for i := range ar.duels {
			du := &ar.duels[i]
			if lost(du) {
				for _, j := range fcChoice(own(du), opp(du), ob, pb, bs.rules) {
					picks = append(picks, pick{i, j})
				}
			}
		}
		if len(picks) > 0 {
			nv, err := rollChecked(bs.r, fmt.Sprintf("%s.%s.fencing", key, side), len(picks))
			if err != nil {
				return nil, err
			}
			for k, p := range picks {
				o := own(&ar.duels[p.duel])
				sr.Rerolls = append(sr.Rerolls, Reroll{Die: p.duel, From: o[p.die], To: nv[k], Why: "first-class fencing master"})
				o[p.die] = nv[k]
			}
			bs.res.Steps = append(bs.res.Steps, Step{Text: fmt.Sprintf("the %s's First-Class Fencing Master re-rolls %s in lost duels", side, referee.Count(len(picks), "die", "dice")),
				Rule: "Regardless of who arranged dice first, the defender now applies their various game effects that may allow them to reroll regular dice: First-Class Fencing Master rerolls (may reroll each dice once).", Cites: []string{CiteBoardingRerolls, CiteOfficerSummary}})
		}
	}
	if t := u.XPFor(rollIdx); t > 0 {
		sr.XPDeclared = t
		left := t
		for i := range ar.duels {
			du := &ar.duels[i]
			for left > 0 && lost(du) {
				li, ok := xpCanHelp(own(du), opp(du), ob, pb, bs.rules)
				if !ok {
					break
				}
				nv, err := rollChecked(bs.r, fmt.Sprintf("%s.%s.xp", key, side), 1)
				if err != nil {
					return nil, err
				}
				o := own(du)
				sr.Rerolls = append(sr.Rerolls, Reroll{Die: i, From: o[li], To: nv[0], Why: "experience token"})
				o[li] = nv[0]
				left--
			}
		}
		bs.res.Steps = append(bs.res.Steps, Step{Text: fmt.Sprintf("the %s declared %s and used %d", side, count(t, "Experience Token"), t-left),
			Rule: "Experience Token rerolls (may reroll a dice once per spent token). Must declare total number of Experience Tokens in advance.", Cites: []string{CiteBoardingRerolls, CiteXPRerolls}})
	}
	if len(sr.Rerolls) == 0 && sr.XPDeclared == 0 {
		return nil, nil
	}
	return sr, nil
}

// finish applies the end-of-battle effects that depend on the whole
// battle: Advanced Pirate damage, officers of a defeated Player Ship, a
// failed attack on a Militia.
func (bs *boardState) finish() {
	res := bs.res
	if bs.def.Kind == KindPirate {
		lost := bs.pirateLost
		dmg := &res.ToDefender
		switch {
		case !bs.def.Damaged && lost >= 4:
			dmg.Markers, dmg.Defeated = 2, true
		case lost >= 2:
			dmg.Markers = 1
			if bs.def.Damaged {
				dmg.Defeated = true
			}
			bs.def.Damaged = true
		}
		lostText := referee.Count(lost, "die", "dice")
		if bs.o.PirateCountsDuels {
			lostText = referee.Count(lost, "duel")
		}
		res.Steps = append(res.Steps, Step{Text: fmt.Sprintf("the Pirate Ship lost %s: %s%s", lostText, referee.Count(dmg.Markers, "Damage Marker"), defeatedText(dmg.Defeated)),
			Rule: "If a full-strength Pirate Ship loses 4 Boarding Battle duels (e.g. have no remaining dice at the end of Battle) then it is defeated. If a full-strength or a damaged Pirate Ship loses 2 or 3 Boarding Battle duels, add a Damage Marker to the Pirate Ship. Nothing happens when losing 0 or 1 duels. If a Pirate Ship ever receives a second Damage Marker they are defeated.", Cites: []string{CitePirateBoarding}})
	}
	for _, p := range []struct {
		u   *Unit
		dmg *Damage
	}{{bs.att, &res.ToAttacker}, {bs.def, &res.ToDefender}} {
		if p.dmg.Defeated && (p.u.Kind == KindShip || p.u.Kind == KindGalleass) {
			for _, o := range []struct {
				r    *Rank
				name string
			}{{&p.u.Captain, "captain"}, {&p.u.Gunner, "gunner"}, {&p.u.FencingMaster, "fencing master"}} {
				if *o.r != NoOfficer {
					*o.r = NoOfficer
					p.dmg.Officers = append(p.dmg.Officers, o.name)
				}
			}
		}
	}
	if bs.def.Kind == KindMilitia && !res.ToDefender.Defeated && bs.att.ShoreSet {
		a := bs.att
		res.ToAttacker.Sailors += a.ShoreSailors
		res.ToAttacker.Cannons += a.ShoreCannons
		a.Sailors -= a.ShoreSailors
		a.Cannons -= a.ShoreCannons
		a.ShoreSailors, a.ShoreCannons = 0, 0
		if a.ShoreFencing && a.FencingMaster != NoOfficer {
			a.FencingMaster = NoOfficer
			res.ToAttacker.Officers = append(res.ToAttacker.Officers, "fencing master")
		}
		res.Steps = append(res.Steps, Step{Text: "the Militia holds: the attacker removes its whole shore party",
			Rule: "If the attacker fails to defeat the Plantation with a Militia, the attacker removes all of their Sailors, Cannons, and Fencing Master that participated in the Boarding Battle.", Cites: []string{CiteMilitia}})
	}
}

// simplified resolves the 'Simplified Variant' Boarding Battle: one die
// each per duel, in sequence.
func (bs *boardState) simplified(a, d int) error {
	res := bs.res
	res.Steps = append(res.Steps, Step{Text: fmt.Sprintf("Simplified Variant: up to %d sequential one-die duels", maxInt(a, d)),
		Rule: "Each duel is resolved sequentially by each player rolling 1 regular die each at the same time. If a player ties or has the highest number in a duel, they keep that die for the next duel, otherwise they remove that die. Repeat duels until the total number of duels is equal to the most amount of regular dice between the opponents at the start of the Battle or until a player has removed all of their dice.", Cites: []string{CiteSimplified}})
	n := maxInt(a, d)
	for k := 0; k < n && a > 0 && d > 0; k++ {
		key := fmt.Sprintf("misty.boarding.duel%d", k+1)
		av, err := bs.roll(key+".attacker.roll", 1, "attacker")
		if err != nil {
			return err
		}
		dv, err := bs.roll(key+".defender.roll", 1, "defender")
		if err != nil {
			return err
		}
		du := Duel{A: av, D: dv}
		rnd := Round{Clash: k + 1, AttackerDice: a, DefenderDice: d, AttackerRoll: av, DefenderRoll: dv}
		bd := BoardDuel{Attacker: av, Defender: dv, AttackerTotal: bs.rules.Total(av, bs.rules.BonusA), DefenderTotal: bs.rules.Total(dv, bs.rules.BonusD)}
		switch bs.rules.Winner(du) {
		case 1:
			bd.Winner = "attacker"
			rnd.DefenderLost, rnd.DefenderDuels = 1, 1
			d--
		case -1:
			bd.Winner = "defender"
			rnd.AttackerLost, rnd.AttackerDuels = 1, 1
			a--
		default:
			bd.Winner = "tie"
		}
		rnd.Duels = []BoardDuel{bd}
		bs.applyRound(&rnd)
		res.Rounds = append(res.Rounds, rnd)
		if bs.defeated {
			break
		}
	}
	return nil
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
