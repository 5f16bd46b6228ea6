package mistywaters

import (
	"math/bits"
	"sort"
)

// Duel is one sword duel: the attacker's dice and the defender's dice in
// it (front die first, then a second-row die if any).
type Duel struct {
	A, D []int
}

// DuelRules carries what decides a duel: the Fencing Master bonus of each
// side and whether the printed v3.5 cap of 6 per duel applies (no errata).
type DuelRules struct {
	BonusA, BonusD int
	Cap6           bool
	TakeMore       bool // Options.PlaceTakeMore
}

func (r DuelRules) Total(dice []int, bonus int) int {
	s := 0
	for _, v := range dice {
		v += bonus
		if v > 6 { // errata: after adding all modifiers, no die may exceed 6
			v = 6
		}
		s += v
	}
	if r.Cap6 && s > 6 { // printed v3.5: a duel cannot exceed 6
		s = 6
	}
	return s
}

// Winner: +1 attacker, -1 defender, 0 tie.
func (r DuelRules) Winner(du Duel) int {
	ta, td := r.Total(du.A, r.BonusA), r.Total(du.D, r.BonusD)
	switch {
	case ta > td:
		return 1
	case td > ta:
		return -1
	}
	return 0
}

// arrangement is the rows of one roll: who arranged first and the duels.
type arrangement struct {
	first string // "attacker" or "defender"
	duels []Duel
	// extras and where they went (for the other side): extras sorted from
	// highest to lowest, place[j] = duel index of extras[j].
	extras []int
	place  []int
}

// arrangeFront lines up the dice: the side with fewer dice (the defender on
// a tie) arranges first from highest to lowest; the other side lines up its
// lowest dice from lowest to highest opposite them, and its remaining
// (highest) dice are the extras for the second row.
func arrangeFront(att, def []int) (first string, firstDice, front, extras []int) {
	first = "defender"
	f, o := def, att
	if len(att) < len(def) {
		first = "attacker"
		f, o = att, def
	}
	firstDice = sortedDesc(f)
	asc := append([]int(nil), o...)
	sort.Ints(asc)
	n := len(firstDice)
	if n > len(asc) {
		n = len(asc)
	}
	front = asc[:n]
	extras = sortedDesc(asc[n:])
	return
}

// build makes the duels from a placement of the extras.
func build(first string, firstDice, front, extras, place []int) arrangement {
	ar := arrangement{first: first, extras: extras, place: place}
	ar.duels = make([]Duel, len(firstDice))
	for i := range firstDice {
		fd := []int{firstDice[i]}
		od := []int{front[i]}
		for j, p := range place {
			if p == i {
				od = append(od, extras[j])
			}
		}
		if first == "attacker" {
			ar.duels[i] = Duel{A: fd, D: od}
		} else {
			ar.duels[i] = Duel{A: od, D: fd}
		}
	}
	return ar
}

// npcPlace is where an NPC places its second-row dice (extras, highest
// first, behind the duels whose front dice go from lowest to highest):
// place[j] is the duel of extras[j].
//
// Ruling (docs/misty-battles.md; option npc-second-row). Duel Arrangement:
// "If they have any remaining dice (which should be those with the highest
// values), they must choose where in a second row to place the remaining
// dice, behind any dice of their choice. - A second-row dice will add its
// number to the total ... in that individual duel. - No more than 3 dice
// can be involved in any individual duel. - NPCs place second-row dice
// with the priority of highest behind lowest value."
//
// Default (spread): one second-row die behind each front die, the highest
// behind the lowest, the next highest behind the next lowest, and so on. A
// careful player reads it so because (1) the dice go "in a second row":
// one row, one die behind a die; a die behind a second-row die would be a
// third row; (2) the 3 dice "involved in any individual duel" are both
// sides' (the first side's die against a front die and its second-row
// die), as bosun reads it for a player, whose two dice behind one duel are
// refused (checkPlacement); (3) the errata: "in the case of two rows of
// dice in a duel, their values are added together without limitation, so
// the maximum strength value of one side in such a case can be as high as
// 12": two dice a side, not three (18); (4) "a maximum of double their
// opponent's dice" leaves at most as many extras as duels, so one behind
// each always fits.
//
// The other reading (stack, NPCStackSecondRow) counts the 3 dice per side
// and takes "highest behind lowest" as a priority that fills the lowest
// die first: the two highest extras behind the lowest front die, the next
// two behind the next lowest. A Pirate Ship's 5,5,5,1 against 6,1 is then
// 6 v 1+5+5 and 1 v 5 (the attacker loses both duels) instead of 6 v 1+5
// (a tie) and 1 v 5+5. The option changes the NPC rule only.
func npcPlace(extras []int, stack bool) []int {
	p := make([]int, len(extras))
	for j := range p {
		p[j] = NPCDuel(j, stack)
	}
	return p
}

// NPCDuel is the duel of an NPC's j-th highest extra die (npcPlace).
func NPCDuel(j int, stack bool) int {
	if stack {
		return j / 2
	}
	return j
}

// NPCPolicyText is the NPC's placement in the odds' policy line: with an
// NPC in the battle, the reading it follows too.
func NPCPolicyText(att, def Unit, o Options) string {
	switch {
	case !att.IsNPC() && !def.IsNPC():
		return "an NPC highest behind lowest"
	case o.NPCStackSecondRow:
		return "an NPC highest behind lowest, up to two behind a die (npc-second-row=stack)"
	}
	return "an NPC highest behind lowest, one behind each die (npc-second-row=spread)"
}

// npcPlacementBy names the NPC rule and its reading in a round's output.
func npcPlacementBy(o Options) string {
	if o.NPCStackSecondRow {
		return "NPC rule, npc-second-row=stack: highest behind lowest, up to two behind a die"
	}
	return "NPC rule, npc-second-row=spread: highest behind lowest, one behind each die"
}

// bestPlace proposes the placement of a player's extras (side is the
// placing side, the one with more dice) that maximises the dice the
// opponent loses minus the dice the player loses, on the dice as rolled
// (with Fencing Master bonuses); on equal net it prefers fewer own losses,
// then the earliest placement in order.
func bestPlace(first string, firstDice, front, extras []int, side string, r DuelRules) []int {
	k := len(extras)
	if k == 0 {
		return nil
	}
	var best [5]int
	BestPlaceInto(&best, first, firstDice, front, extras, r)
	return append([]int(nil), best[:k]...)
}

// placer is bestPlace's search: a value on the caller's stack, walked by a
// method rather than a closure, so a placement allocates nothing (the odds
// place the extras of every roll they enumerate).
type placer struct {
	n, k             int
	ft, single       [5]int
	front, extras    []int
	ob               int
	r                *DuelRules
	place, best, at  [5]int // at: extra index behind duel i, or -1
	bestNet, bestOwn int
}

// BestPlaceInto is bestPlace writing the placement into best[:len(extras)].
func BestPlaceInto(best *[5]int, first string, firstDice, front, extras []int, r DuelRules) {
	p := placer{n: len(firstDice), k: len(extras), front: front, extras: extras, r: &r}
	fb, ob := r.BonusD, r.BonusA // first side's bonus, placing side's bonus
	if first == "attacker" {
		fb, ob = r.BonusA, r.BonusD
	}
	p.ob = ob
	for i := 0; i < p.n; i++ {
		p.ft[i] = r.Total1(firstDice[i], fb)
		p.single[i] = r.Total1(front[i], ob)
	}
	for i := range p.at {
		p.at[i] = -1
	}
	p.bestNet, p.bestOwn = -1<<30, 1<<30
	p.rec(0)
	*best = p.best
}

func (p *placer) rec(j int) {
	n, r := p.n, p.r
	if j == p.k {
		net, own := 0, 0
		for i := 0; i < n; i++ {
			ot, dice := p.single[i], 1
			if e := p.at[i]; e >= 0 {
				ot, dice = r.Total2(p.front[i], p.extras[e], p.ob), 2
			}
			switch {
			case ot > p.ft[i]:
				net++
			case ot < p.ft[i]:
				net -= dice
				own += dice
			}
		}
		// With the same net dice, fewer own dice lost (or, with
		// takeMore, more: the same net then means more opponent dice).
		tie := own < p.bestOwn
		if r.TakeMore {
			tie = own > p.bestOwn
		}
		if net > p.bestNet || (net == p.bestNet && tie) {
			p.bestNet, p.bestOwn = net, own
			p.best = p.place
		}
		return
	}
	for i := 0; i < n; i++ {
		if p.at[i] >= 0 {
			continue
		}
		if j > 0 && p.extras[j] == p.extras[j-1] && i < p.place[j-1] {
			continue
		}
		p.at[i] = j
		p.place[j] = i
		p.rec(j + 1)
		p.at[i] = -1
	}
}

// Total1 is the total of a one-die duel side.
func (r DuelRules) Total1(v, bonus int) int {
	v += bonus
	if v > 6 {
		v = 6
	}
	return v
}

// Total2 is the total of a two-dice duel side.
func (r DuelRules) Total2(v, w, bonus int) int {
	s := r.Total1(v, bonus) + r.Total1(w, bonus)
	if r.Cap6 && s > 6 {
		s = 6
	}
	return s
}

// fcChoice picks which own dice of a lost duel a First-Class Fencing Master
// re-rolls: the non-empty subset with the best chance (win counts 2, tie 1);
// on equal chance the smaller subset, then the earlier one. Returns indexes
// into own dice.
func fcChoice(own, opp []int, ownBonus, oppBonus int, r DuelRules) []int {
	return fcChoiceAt(own, r.Total(opp, oppBonus), ownBonus, r)
}

// fcChoiceAt is fcChoice against the opponent's total ot: the choice sees
// the opponent's dice only through their total.
func fcChoiceAt(own []int, ot, ownBonus int, r DuelRules) []int {
	mask := FCMaskAt(own, ot, ownBonus, r)
	var idx []int
	for i := range own {
		if mask&(1<<i) != 0 {
			idx = append(idx, i)
		}
	}
	return idx
}

// FCMaskAt is fcChoiceAt as a bit mask of the own dice to re-roll (bit i:
// own[i]), with nothing allocated: the subsets in order of their masks,
// each scored by enumerating its re-rolls.
func FCMaskAt(own []int, ot, ownBonus int, r DuelRules) int {
	var trialB [4]int
	trial := trialB[:0]
	if len(own) > len(trialB) {
		trial = make([]int, 0, len(own))
	}
	trial = append(trial, own...)
	best, bestLen := 0, 0
	bestScore, bestDen := -1, 1
	k := len(own)
	for mask := 1; mask < 1<<k; mask++ {
		n := bits.OnesCount(uint(mask))
		den := 1
		for i := 0; i < n; i++ {
			den *= 6
		}
		score := 0
		for c := 0; c < den; c++ {
			x := c
			for i := 0; i < k; i++ {
				if mask&(1<<i) != 0 {
					trial[i] = x%6 + 1
					x /= 6
				}
			}
			t := r.Total(trial, ownBonus)
			if t > ot {
				score += 2
			} else if t == ot {
				score++
			}
		}
		copy(trial, own)
		// compare score/den with bestScore/bestDen.
		if best == 0 || score*bestDen > bestScore*den || (score*bestDen == bestScore*den && n < bestLen) {
			best, bestLen, bestScore, bestDen = mask, n, score, den
		}
	}
	return best
}

// xpCanHelp reports whether re-rolling the lowest own die could stop the
// duel from being lost.
func xpCanHelp(own, opp []int, ownBonus, oppBonus int, r DuelRules) (int, bool) {
	return XPCanHelpAt(own, r.Total(opp, oppBonus), ownBonus, r)
}

// XPCanHelpAt is xpCanHelp against the opponent's total ot.
func XPCanHelpAt(own []int, ot, ownBonus int, r DuelRules) (int, bool) {
	li := 0
	for i, v := range own {
		if v < own[li] {
			li = i
		}
	}
	// the total with the lowest die at 6 (nothing allocated)
	s := 0
	for i, v := range own {
		if i == li {
			v = 6
		}
		s += r.Total1(v, ownBonus)
	}
	if r.Cap6 && s > 6 {
		s = 6
	}
	return li, s >= ot
}
