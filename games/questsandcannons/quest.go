package questsandcannons

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func (s *step) solve() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "solve"); err != nil {
		return err
	}
	r, err := referee.Choose(s.env.Prompt, "qc.solve.reward", "solved: gain 1 Prosperity or draw a Loot card?", "prosperity", "loot")
	if err != nil {
		return err
	}
	p.Actions--
	p.Solved++ // the Clue goes face up; a new one is drawn, so the hand keeps its count
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
	n, err := referee.Number(s.env.Prompt, "qc.deliver.count", fmt.Sprintf("how many solved Clues to deliver (%d)", p.Solved), 1, p.Solved)
	if err != nil {
		return err
	}
	p.Solved -= n
	p.Delivered += n
	cites := []string{CiteDeliverClues}
	if s.st.coop() && MissionOf[p.Role] == "research" {
		cites = append(cites, CiteResearchMission)
	}
	s.env.Emit(referee.Event{Type: "deliver", Text: fmt.Sprintf("%s delivers %d solved Clue(s) at the Home Port (return them to the box); %d deposited in all", p.Name, n, p.Delivered),
		Data: map[string]any{"player": p.Name, "count": n, "deposited": p.Delivered}, Cites: cites})
	s.gainProsperity(p.Team, n, fmt.Sprintf("%s delivered %d Clue(s)", p.Name, n), CiteDeliverClues)
	return nil
}

func (s *step) quest() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "quest"); err != nil {
		return err
	}
	hard, err := referee.Confirm(s.env.Prompt, "qc.quest.hard", "is it a hard Quest (red-tinted, battle-damaged frame)?")
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
	a, err := askText(s.env.Prompt, "qc.quest.deliver", "Resources delivered for the goal, e.g. \"2 metal, 1 spice\" (or none)", bundleAccepted(false, Resources),
		func(a string) error { _, err := deliver(a); return err })
	if err != nil {
		return err
	}
	del, err := deliver(a)
	if err != nil {
		return err
	}
	// The reward comes from the supply: checked inside the question, so a
	// typo ("30 coins" for "3 coins") is re-asked at a terminal.
	reward := func(a string) (Bundle, error) {
		rew, err := ParseBundle(a, false)
		if err != nil {
			return nil, err
		}
		return rew, checkSupply(s.st, s.st.curIndex(), rew, "the Quest reward")
	}
	a, err = askText(s.env.Prompt, "qc.quest.reward", "the Quest's reward, e.g. \"2 prosperity, 3 coins, 1 loot\"", bundleAccepted(false, BundleItems),
		func(a string) error { _, err := reward(a); return err })
	if err != nil {
		return err
	}
	rew, err := reward(a)
	if err != nil {
		return err
	}
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
		return err
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
// Quest reward, a card's effect) when the players would hold more Coins or
// cards than the box has ("The printed component page lists the following
// (counts in brackets)": Coins (61), Clue Cards (18), Loot Cards (48),
// Quest Cards (50)). Delivered Clues are returned to the box ("return it to
// the box; don't put it in Clue discard pile"), so they leave the game.
// Only what the bundle adds is checked: a loss never breaks a limit. It
// reads the state and changes nothing.
func checkSupply(st *State, i int, b Bundle, why string) error {
	held := map[string]int{}
	delivered := 0
	for _, q := range st.Players {
		held["coins"] += q.Coins
		held["clue"] += q.Clues + q.Solved
		held["loot"] += q.Loot + q.Equipped
		held["quest"] += q.Quests + q.QuestsDone
		delivered += q.Delivered
	}
	for _, l := range []struct {
		item, what string
		box        int
	}{
		{"coins", "Coins (61)", BoxCoins},
		{"clue", "Clue Cards (18)", BoxClueCards - delivered},
		{"loot", "Loot Cards (48)", BoxLootCards},
		{"quest", "Quest Cards (50)", BoxQuestCards},
	} {
		if n := b[l.item]; n > 0 && held[l.item]+n > l.box {
			extra := ""
			if l.item == "clue" && delivered > 0 {
				extra = fmt.Sprintf(", %d of them delivered and returned to the box", delivered)
			}
			return referee.RuleError([]string{CiteComponents}, "questsandcannons: %s (%s) would give %s %d %s while the players already hold %d: the box holds %s%s (accepted: at most %d more)",
				why, b.String(), st.Players[i].Name, n, l.item, held[l.item], l.what, extra, max(l.box-held[l.item], 0))
		}
	}
	return nil
}

// applyBundle adds a (possibly negative) bundle to player i, except
// Prosperity, which the caller moves on the team tracker. Limits are checked.
func (s *step) applyBundle(i int, b Bundle, why string) error {
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
	for k, v := range map[string]int{"coins": np.Coins, "ammo": np.Ammo, "loot": np.Loot, "clue": np.Clues, "quest": np.Quests, "bonus": np.Bonus, "damage": np.Damage} {
		if v < 0 {
			return referee.Usagef("questsandcannons: %s (%s) would leave %s with %d %s", why, b.String(), p.Name, v, k)
		}
	}
	for k, v := range np.Res {
		if v < 0 {
			return referee.Usagef("questsandcannons: %s (%s) would leave %s with %d %s", why, b.String(), p.Name, v, k)
		}
	}
	if np.Carried() > np.Cargo {
		return referee.RuleError([]string{CiteCurrencies}, "questsandcannons: %s has %d Cargo Slots; %s would make %d Resources", p.Name, np.Cargo, why, np.Carried())
	}
	if b["clue"] > 0 || b["loot"] > 0 || b["quest"] > 0 {
		s.env.Reveal()
	}
	*p = np
	return nil
}
