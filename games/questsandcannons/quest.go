package questsandcannons

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func (s *step) solve() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "solve"); err != nil {
		return err
	}
	r, err := chooseChecked(s.env.Prompt, "qc.solve.reward", "solved: gain 1 Prosperity or draw a Loot card?", referee.NoDefault, []string{"prosperity", "loot"}, func(r string) error {
		if r == "loot" {
			return supplyRefusal(s.st, "loot", 1, p.Name+"'s Loot card for solving a Clue")
		}
		return nil
	})
	if err != nil {
		return err
	}
	p.Actions--
	p.Solved++ // the Clue goes face up; a new one is drawn, so the hand keeps its count
	p.Clues--
	p.Clues += s.takeSupply(s.st.curIndex(), "clue", 1, "the new Clue drawn after solving")
	s.env.Reveal()
	s.env.Emit(referee.Event{Type: "solve", Text: fmt.Sprintf("%s solves a Clue (%s), places it face up and draws a new Clue", p.Name, r),
		Data: map[string]any{"player": p.Name, "reward": r, "solved": p.Solved}, Cites: []string{CiteSolveClue}})
	if r == "loot" {
		p.Loot++
	} else {
		s.gainProsperity(p.Team, 1, p.Name+" solved a Clue", CiteSolveClue)
	}
	return nil
}

func (s *step) deliver() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "deliver"); err != nil {
		return err
	}
	// Delivering every solved Clue is the usual answer (each is 1
	// Prosperity); with one solved Clue nothing is asked.
	n, err := askNumber(s.env.Prompt, referee.Question{Key: "qc.deliver.count", Text: fmt.Sprintf("how many solved Clues to deliver (%d held)", p.Solved), Min: 1, Max: p.Solved, Default: strconv.Itoa(p.Solved)})
	if err != nil {
		return err
	}
	p.Solved -= n
	p.Delivered += n
	cites := []string{CiteDeliverClues}
	if s.st.coop() && MissionOf[p.Role] == "research" {
		cites = append(cites, CiteResearchMission)
	}
	s.env.Emit(referee.Event{Type: "deliver", Text: fmt.Sprintf("%s delivers %s at the Home Port (return them to the box); %d deposited in all", p.Name, referee.Count(n, "solved Clue"), p.Delivered),
		Data: map[string]any{"player": p.Name, "count": n, "deposited": p.Delivered}, Cites: cites})
	s.gainProsperity(p.Team, n, fmt.Sprintf("%s delivered %s", p.Name, referee.Count(n, "Clue")), CiteDeliverClues)
	return nil
}

func (s *step) quest() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "quest"); err != nil {
		return err
	}
	// Most Quests are not hard, and a hard one counts for the Aid Mission:
	// Enter takes no.
	hard, err := referee.Confirm(s.env.Prompt, "qc.quest.hard", "is it a hard Quest (red-tinted, battle-damaged frame)?", "no")
	if err != nil {
		return err
	}
	deliver := func(a string) (Bundle, error) {
		del, err := ParseBundle(a, false)
		if err != nil {
			return nil, err
		}
		for k, v := range del {
			if _, isRes := del.Resources()[k]; !isRes && v != 0 {
				return nil, referee.Usagef("qc.quest.deliver: only Resources are delivered (%s)", strings.Join(Resources, ", "))
			}
			if p.Res[k] < v {
				return nil, referee.RuleError([]string{CiteQuestCards}, "questsandcannons: %s carries %d %s, the Quest needs %d", p.Name, p.Res[k], k, v)
			}
		}
		return del, nil
	}
	a, err := askText(s.env.Prompt, "qc.quest.deliver", "Resources delivered for the goal, e.g. \"2 metal, 1 spice\" (or none)", bundleAccepted(false, Resources), referee.NoDefault,
		func(a string) error { _, err := deliver(a); return err })
	if err != nil {
		return err
	}
	del, _ := deliver(a) // accepted by its check
	// The reward comes from the supply and is taken after the delivery:
	// both are checked inside the question (the hold it fills, the Traveler
	// Bonus bound), so a typo ("30 coins" for "3 coins") is re-asked at a
	// terminal and nothing after it can refuse it.
	reward := func(a string) (Bundle, error) {
		rew, err := ParseBundle(a, false)
		if err != nil {
			return nil, err
		}
		if err := checkSupply(s.st, s.st.curIndex(), rew, "the Quest reward"); err != nil {
			return nil, err
		}
		both := Bundle{}
		for k, v := range del {
			both[k] -= v
		}
		for k, v := range rew {
			both[k] += v
		}
		_, err = s.bundled(s.st.curIndex(), both, rew, "the Quest reward")
		return rew, err
	}
	a, err = askText(s.env.Prompt, "qc.quest.reward", "the Quest's reward, e.g. \"2 prosperity, 3 coins, 1 loot\"", bundleAccepted(false, BundleItems), referee.NoDefault,
		func(a string) error { _, err := reward(a); return err })
	if err != nil {
		return err
	}
	rew, _ := reward(a) // accepted by its check, with the delivery
	for k, v := range del {
		p.Res[k] -= v
	}
	p.Quests--
	p.QuestsDone++
	cites := []string{CiteQuestCards}
	if hard {
		p.HardDone++
		if s.st.coop() && MissionOf[p.Role] == "aid" {
			cites = append(cites, CiteAidMission)
		}
	}
	if err := s.applyBundle(s.st.curIndex(), Bundle(rew), "Quest reward"); err != nil {
		return err // cannot happen: the reward's check ran it
	}
	kind := "Quest"
	if hard {
		kind = "hard Quest"
	}
	s.env.Emit(referee.Event{Type: "quest", Text: fmt.Sprintf("%s completes a %s: delivers %s, takes %s", p.Name, kind, del.String(), rew.String()),
		Data: map[string]any{"player": p.Name, "hard": hard, "delivered": del, "reward": rew, "hard_done": p.HardDone}, Cites: cites})
	if rew["prosperity"] != 0 {
		s.gainProsperity(p.Team, rew["prosperity"], p.Name+"'s Quest reward", CiteQuestCards)
	}
	return nil
}

// checkSupply refuses a bundle that player i takes from the supply (a
// Quest reward, a card's effect) when the players would hold more than the
// box has (see supplies: Coins, Ammo dice, Resource tokens, Clue, Loot and
// Quest cards). Only what the bundle adds is checked: a loss never breaks a
// limit. It reads the state and changes nothing.
func checkSupply(st *State, i int, b Bundle, why string) error {
	if st.Rulings.Substitutes {
		return nil
	}
	add := map[string]int{}
	for k, v := range b {
		if k == "ammo" {
			v = min(v, MaxAmmo-st.Players[i].Ammo) // the Ammo past 9 is not taken
		}
		if v <= 0 {
			continue
		}
		if sp, ok := supplyOf(k); ok {
			add[sp.item] += v
		}
	}
	for _, sp := range supplies {
		n := add[sp.item]
		if n == 0 {
			continue
		}
		if held := sp.held(st); held+n > sp.avail(st) {
			return referee.RuleError([]string{CiteComponents}, "questsandcannons: %s (%s) would give %s %s while the players already hold %d: the box holds %s%s (accepted: at most %d more)",
				why, b.String(), st.Players[i].Name, Bundle{sp.item: n}.String(), held, sp.what, sp.goneText(st), max(sp.avail(st)-held, 0))
		}
	}
	return nil
}

// applyBundle adds a (possibly negative) bundle to player i, except
// Prosperity, which the caller moves on the team tracker. Limits are
// checked (by bundled); a question whose answer is a bundle checks them
// inside the question, so this never refuses an accepted answer.
func (s *step) applyBundle(i int, b Bundle, why string) error {
	np, err := s.bundled(i, b, b, why)
	if err != nil {
		return err
	}
	if b["clue"] > 0 || b["loot"] > 0 || b["quest"] > 0 {
		s.env.Reveal()
	}
	s.st.Players[i] = np
	return nil
}

// bundled is player i after bundle b, or why b breaks a limit (a count
// below 0, Ammo past 9 is dropped, the hold, the Traveler Bonus bound).
// shown is the bundle named in the refusal. It changes nothing.
func (s *step) bundled(i int, b, shown Bundle, why string) (Player, error) {
	p := &s.st.Players[i]
	np := *p
	np.Res = map[string]int{}
	for k, v := range p.Res {
		np.Res[k] = v
	}
	for k, v := range b {
		switch k {
		case "prosperity":
		case "coins":
			np.Coins += v
		case "ammo":
			np.Ammo += v
		case "loot":
			np.Loot += v
		case "clue":
			np.Clues += v
		case "quest":
			np.Quests += v
		case "bonus":
			np.Bonus += v
		case "damage":
			np.Damage += v
		default:
			np.Res[k] += v
		}
	}
	if np.Ammo > MaxAmmo {
		np.Ammo = MaxAmmo // "You may have up to 9 Ammo dice at a time."
	}
	for _, k := range []string{"coins", "ammo", "loot", "clue", "quest", "bonus", "damage"} {
		v := map[string]int{"coins": np.Coins, "ammo": np.Ammo, "loot": np.Loot, "clue": np.Clues, "quest": np.Quests, "bonus": np.Bonus, "damage": np.Damage}[k]
		if v < 0 {
			return np, referee.Usagef("questsandcannons: %s (%s) would leave %s with %d %s", why, shown.String(), p.Name, v, k)
		}
	}
	for _, k := range Resources {
		if v := np.Res[k]; v < 0 {
			return np, referee.Usagef("questsandcannons: %s (%s) would leave %s with %d %s (%s carries %d)", why, shown.String(), p.Name, v, k, p.Name, p.Res[k])
		}
	}
	if b["bonus"] > 0 && np.Bonus > MaxTravelerBonus {
		return np, referee.Usagef("questsandcannons: %s (%s) would give %s a Traveler Bonus of %d (accepted: at most %d; the rulebook sets no maximum, %d is bosun's bound against typos)", why, shown.String(), p.Name, np.Bonus, MaxTravelerBonus, MaxTravelerBonus)
	}
	if np.Carried() > np.Cargo {
		return np, referee.RuleError([]string{CiteCurrencies}, "questsandcannons: %s has %s; %s would make %s", p.Name, referee.Count(np.Cargo, "Cargo Slot"), why, referee.Count(np.Carried(), "Resource"))
	}
	return np, nil
}

// askNumber asks a number question, unless it has one possible value (then
// that is the answer, and nothing is asked). q.Default, when set, is the
// usual answer Enter takes.
func askNumber(p referee.Prompter, q referee.Question) (int, error) {
	if q.Min == q.Max {
		return q.Min, nil
	}
	q.Kind = referee.KindNumber
	a, err := p.Ask(q)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(a)
}
