package questsandcannons

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

func (s *step) exchange() error {
	pi := s.st.curIndex()
	p := s.st.cur()
	mates := s.st.teammates(pi)
	if err := actionRefusal(s.st, "exchange"); err != nil {
		return err
	}
	var names []string
	for _, m := range mates {
		names = append(names, s.st.Players[m].Name)
	}
	with, err := referee.Choose(s.env.Prompt, "qc.exchange.with", "the teammate sharing your space", names...)
	if err != nil {
		return err
	}
	qi := s.st.playerByName(with)
	give, err := exchangeBundle(s.env, "qc.exchange.give", fmt.Sprintf("what %s gives %s (e.g. \"2 coins, 1 metal\", none)", p.Name, with))
	if err != nil {
		return err
	}
	take, err := exchangeBundle(s.env, "qc.exchange.take", fmt.Sprintf("what %s gives %s (none)", with, p.Name))
	if err != nil {
		return err
	}
	delta := Bundle{}
	for k, v := range give {
		delta[k] -= v
	}
	for k, v := range take {
		delta[k] += v
	}
	neg := Bundle{}
	for k, v := range delta {
		neg[k] = -v
	}
	// "You may have up to 9 Ammo dice at a time.": a gift past 9 is refused
	// (applyBundle would cap it and the giver would lose the dice).
	for _, x := range []struct {
		who  *Player
		gets int
	}{{p, delta["ammo"]}, {&s.st.Players[qi], neg["ammo"]}} {
		if x.gets > 0 && x.who.Ammo+x.gets > MaxAmmo {
			return referee.RuleError([]string{CiteCurrencies, CiteExchanging}, "questsandcannons: %s has %d Ammo and may have up to 9 Ammo dice at a time: give at most %d", x.who.Name, x.who.Ammo, MaxAmmo-x.who.Ammo)
		}
	}
	if err := s.applyBundle(pi, delta, "the exchange"); err != nil {
		return err
	}
	if err := s.applyBundle(qi, neg, "the exchange"); err != nil {
		return err
	}
	s.env.Emit(referee.Event{Type: "exchange", Text: fmt.Sprintf("%s gives %s %s; %s gives %s %s", p.Name, with, give.String(), with, p.Name, take.String()),
		Data: map[string]any{"player": p.Name, "with": with, "give": give, "take": take}, Cites: []string{CiteExchanging}})
	return nil
}

func exchangeBundle(env *referee.Env, key, text string) (Bundle, error) {
	parse := func(a string) (Bundle, error) {
		b, err := ParseBundle(a, false)
		if err != nil {
			return nil, err
		}
		for k := range b {
			switch k {
			case "coins", "ammo", "loot", "clue", "canvas", "metal", "lumber", "spice", "gems":
			default:
				return nil, referee.RuleError([]string{CiteExchanging}, "questsandcannons: teammates exchange resources, coins, ammo, unequipped Loot cards and unsolved Clue cards, not %s", k)
			}
		}
		return b, nil
	}
	a, err := askText(env.Prompt, key, text, bundleAccepted(false, []string{"coins", "ammo", "loot", "clue", "canvas", "metal", "lumber", "spice", "gems"}),
		func(a string) error { _, err := parse(a); return err })
	if err != nil {
		return nil, err
	}
	return parse(a)
}

func (s *step) equip() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "equip"); err != nil {
		return err
	}
	parse := func(a string) (Bundle, error) {
		cost, err := ParseBundle(a, false)
		if err != nil {
			return nil, err
		}
		if _, ok := cost["prosperity"]; ok {
			return nil, referee.Usagef("qc.equip.cost: an equip cost is paid in currencies, not Prosperity")
		}
		return cost, nil
	}
	a, err := askText(s.env.Prompt, "qc.equip.cost", "the equip cost printed on the Loot card, e.g. \"2 coins\" (or none)", bundleAccepted(false, BundleItems),
		func(a string) error { _, err := parse(a); return err })
	if err != nil {
		return err
	}
	cost, err := parse(a)
	if err != nil {
		return err
	}
	neg := Bundle{}
	for k, v := range cost {
		neg[k] = -v
	}
	neg["loot"]--
	if err := s.applyBundle(s.st.curIndex(), neg, "the equip cost"); err != nil {
		return err
	}
	text := fmt.Sprintf("%s equips a Loot card paying %s", p.Name, cost.String())
	if p.Equipped >= EquipSlots {
		text += "; both Equip slots were full: one equipped card is discarded"
	} else {
		p.Equipped++
	}
	s.env.Emit(referee.Event{Type: "equip", Text: text, Data: map[string]any{"player": p.Name, "equipped": p.Equipped}, Cites: []string{CiteEquipping}})
	return nil
}

func (s *step) mend() error {
	pi := s.st.curIndex()
	p := s.st.cur()
	if err := actionRefusal(s.st, "mend"); err != nil {
		return err
	}
	pay, err := chooseChecked(s.env.Prompt, "qc.mend.pay", "spend 1 Gem or 1 Lumber", []string{"gems", "lumber"}, func(pay string) error {
		if p.Res[pay] < 1 {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s carries no %s", p.Name, pay)
		}
		return nil
	})
	if err != nil {
		return err
	}
	ships := []string{p.Name}
	for _, m := range s.st.teammates(pi) {
		ships = append(ships, s.st.Players[m].Name)
	}
	ship := p.Name
	if len(ships) > 1 {
		if ship, err = chooseChecked(s.env.Prompt, "qc.mend.ship", "repair your ship or a teammate's ship sharing your space", ships, func(ship string) error {
			if q := &s.st.Players[s.st.playerByName(ship)]; q.Damage < 1 {
				return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s has no damage", q.Name)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	q := &s.st.Players[s.st.playerByName(ship)]
	if p.Res[pay] < 1 {
		return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s carries no %s", p.Name, pay)
	}
	if q.Damage < 1 {
		return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s has no damage", q.Name)
	}
	p.Res[pay]--
	p.MendUsed = true
	q.Damage--
	s.env.Emit(referee.Event{Type: "ability", Text: fmt.Sprintf("%s uses Mend Ship (1 %s): %s repairs 1 damage", p.Name, pay, q.Name),
		Data: map[string]any{"player": p.Name, "ship": q.Name}, Cites: []string{CiteChampionAbility}})
	return nil
}

// damageEffect is damage from a card effect (Loot, abilities): the table
// says the target, the amount and whose effect it is.
func (s *step) damageEffect() error {
	var ships []string
	for _, q := range s.st.Players {
		ships = append(ships, q.Name)
	}
	for _, m := range s.st.Marauders {
		if !m.Sunk {
			ships = append(ships, marauderName(m.ID))
		}
	}
	target, err := referee.Choose(s.env.Prompt, "qc.damage.target", "the ship an effect damages", ships...)
	if err != nil {
		return err
	}
	n, err := referee.Number(s.env.Prompt, "qc.damage.amount", "how much damage", 1, 12)
	if err != nil {
		return err
	}
	var owners []string
	for _, q := range s.st.Players {
		owners = append(owners, q.Name)
	}
	owners = append(owners, "marauder", "other")
	by, err := referee.Choose(s.env.Prompt, "qc.damage.by", "whose effect it is (a player, a marauder, or other)", owners...)
	if err != nil {
		return err
	}
	s.env.Emit(referee.Event{Type: "effect", Text: fmt.Sprintf("an effect of %s deals %d damage to %s", by, n, shipLabel(s.st, target)), Data: map[string]any{"target": target, "amount": n, "by": by}, Cites: []string{CiteLootCards, CiteFAQ}})
	if k := marauderIndex(s.st, target); k >= 0 {
		s.damageMarauder(k, n, s.st.playerByName(by))
		return nil
	}
	ti := s.st.playerByName(target)
	cause, bi := SunkOther, -1
	switch by {
	case "marauder":
		cause = SunkByMarauder
	case "other":
	default:
		bi = s.st.playerByName(by)
		// FAQ: one's own or a teammate's effect is not a rival's: -3 Prosperity.
		if s.st.Players[bi].Team != s.st.Players[ti].Team {
			cause = SunkByRival
		}
	}
	s.damagePlayer(ti, n, cause, bi, "an effect")
	return nil
}

// adjust applies what a card gives or takes that bosun does not model.
func (s *step) adjust() error {
	p := s.st.cur()
	// What a card gives comes from the supply: checked inside the question.
	change := func(a string) (Bundle, error) {
		b, err := ParseBundle(a, true)
		if err != nil {
			return nil, err
		}
		return b, checkSupply(s.st, s.st.curIndex(), b, "the adjustment")
	}
	a, err := askText(s.env.Prompt, "qc.adjust.what", "what a card or effect changes for you, signed, e.g. \"+2 coins, -1 loot, +1 prosperity\"", bundleAccepted(true, BundleItems),
		func(a string) error { _, err := change(a); return err })
	if err != nil {
		return err
	}
	b, err := change(a)
	if err != nil {
		return err
	}
	if err := s.applyBundle(s.st.curIndex(), b, "the adjustment"); err != nil {
		return err
	}
	if p.Damage >= p.Hearts {
		p.Damage = p.Hearts
	}
	s.env.Emit(referee.Event{Type: "adjust", Text: fmt.Sprintf("%s adjusts: %s", p.Name, b.String()), Data: map[string]any{"player": p.Name, "change": b}, Cites: []string{CiteLootCards}})
	if b["prosperity"] != 0 {
		s.gainProsperity(p.Team, b["prosperity"], p.Name+"'s card effect", CiteLootCards)
	}
	if p.Damage >= p.Hearts {
		s.sink(s.st.curIndex(), SunkOther, -1)
	}
	return nil
}
