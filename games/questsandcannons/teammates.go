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
	with, err := referee.Choose(s.env.Prompt, "qc.exchange.with", "the teammate sharing your space", referee.NoDefault, names...)
	if err != nil {
		return err
	}
	qi := s.st.playerByName(with)
	// Each side's gift is checked inside its question: what the giver holds
	// and what the other may have (9 Ammo at most, the hold); the second
	// question checks the whole exchange, so no answer is refused after it
	// is accepted.
	give, err := exchangeBundle(s.env, "qc.exchange.give", fmt.Sprintf("what %s gives %s (e.g. \"2 coins, 1 metal\", none)", p.Name, with), referee.NoDefault,
		func(give Bundle) error { return s.exchangeRefusal(pi, qi, give, nil) })
	if err != nil {
		return err
	}
	// Usually a gift goes one way: Enter takes none.
	take, err := exchangeBundle(s.env, "qc.exchange.take", fmt.Sprintf("what %s gives %s (none)", with, p.Name), "none",
		func(take Bundle) error { return s.exchangeRefusal(pi, qi, give, take) })
	if err != nil {
		return err
	}
	delta, neg := exchangeDelta(give, take)
	if err := s.applyBundle(pi, delta, "the exchange"); err != nil {
		return err // cannot happen: checked by qc.exchange.take
	}
	if err := s.applyBundle(qi, neg, "the exchange"); err != nil {
		return err
	}
	s.env.Emit(referee.Event{Type: "exchange", Text: fmt.Sprintf("%s gives %s %s; %s gives %s %s", p.Name, with, give.String(), with, p.Name, take.String()),
		Data: map[string]any{"player": p.Name, "with": with, "give": give, "take": take}, Cites: []string{CiteExchanging}})
	return nil
}

// exchangeDelta is what player pi gains (delta) and its teammate gains
// (neg) when pi gives give and takes take.
func exchangeDelta(give, take Bundle) (delta, neg Bundle) {
	delta, neg = Bundle{}, Bundle{}
	for k, v := range give {
		delta[k] -= v
	}
	for k, v := range take {
		delta[k] += v
	}
	for k, v := range delta {
		neg[k] = -v
	}
	return delta, neg
}

// exchangeRefusal is why player pi giving give to teammate qi, and taking
// take back (nil: not asked yet), breaks a rule, or nil. It changes
// nothing. Before take is known, only give is checked: that pi holds it,
// that qi may have the Ammo, and that the Resources fit qi's Cargo Slots
// once qi gives some back (a hold the gift overfills can be emptied by
// what qi gives back, so the holds are checked with take).
func (s *step) exchangeRefusal(pi, qi int, give, take Bundle) error {
	p, q := &s.st.Players[pi], &s.st.Players[qi]
	if take == nil {
		neg := Bundle{}
		for k, v := range give {
			neg[k] = -v
		}
		if err := s.holds(pi, neg, give, "the exchange"); err != nil {
			return err
		}
		if g := give["ammo"]; g > 0 && q.Ammo+g > MaxAmmo {
			return referee.RuleError([]string{CiteCurrencies, CiteExchanging}, "questsandcannons: %s has %d Ammo and may have up to 9 Ammo dice at a time: give at most %d", q.Name, q.Ammo, MaxAmmo-q.Ammo)
		}
		// What q gives back can make room in its hold, but never more than
		// its Cargo Slots: a gift past them no answer to qc.exchange.take
		// could make possible.
		if res := give.Resources(); sumOf(res) > q.Cargo {
			return referee.RuleError([]string{CiteCurrencies, CiteExchanging}, "questsandcannons: %s has %s: give at most %s", q.Name, referee.Count(q.Cargo, "Cargo Slot"), referee.Count(q.Cargo, "Resource"))
		}
		return nil
	}
	if err := s.holds(qi, negOf(take), take, "the exchange"); err != nil {
		return err
	}
	delta, neg := exchangeDelta(give, take)
	// "You may have up to 9 Ammo dice at a time.": a gift past 9 is refused
	// (applying it would cap it and the giver would lose the dice).
	for _, x := range []struct {
		who  *Player
		gets int
	}{{p, delta["ammo"]}, {q, neg["ammo"]}} {
		if x.gets > 0 && x.who.Ammo+x.gets > MaxAmmo {
			return referee.RuleError([]string{CiteCurrencies, CiteExchanging}, "questsandcannons: %s has %d Ammo and may have up to 9 Ammo dice at a time: give at most %d", x.who.Name, x.who.Ammo, MaxAmmo-x.who.Ammo)
		}
	}
	if _, err := s.bundled(pi, delta, delta, "the exchange"); err != nil {
		return err
	}
	_, err := s.bundled(qi, neg, neg, "the exchange")
	return err
}

func sumOf(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func negOf(b Bundle) Bundle {
	out := Bundle{}
	for k, v := range b {
		out[k] = -v
	}
	return out
}

// holds refuses a loss b (negative counts) of player i that i does not
// hold; shown names the gift in the message. Only the counts are checked:
// a loss never overfills the hold, so bundled's last check, the hold, is
// not this loss's doing when it is the one that fails.
func (s *step) holds(i int, b, shown Bundle, why string) error {
	np, err := s.bundled(i, b, shown, why)
	if err != nil && np.Carried() > np.Cargo {
		return nil
	}
	return err
}

func exchangeBundle(env *referee.Env, key, text, usual string, check func(Bundle) error) (Bundle, error) {
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
		return b, check(b)
	}
	a, err := askText(env.Prompt, key, text, bundleAccepted(false, []string{"coins", "ammo", "loot", "clue", "canvas", "metal", "lumber", "spice", "gems"}), usual,
		func(a string) error { _, err := parse(a); return err })
	if err != nil {
		return nil, err
	}
	b, _ := parse(a) // accepted by its check
	return b, nil
}

func (s *step) equip() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "equip"); err != nil {
		return err
	}
	// The cost is paid with the Loot card discarded from the hand: both are
	// checked inside the question.
	parse := func(a string) (Bundle, error) {
		cost, err := ParseBundle(a, false)
		if err != nil {
			return nil, err
		}
		if _, ok := cost["prosperity"]; ok {
			return nil, referee.Usagef("qc.equip.cost: an equip cost is paid in currencies, not Prosperity")
		}
		neg := negOf(cost)
		neg["loot"]--
		if _, err := s.bundled(s.st.curIndex(), neg, cost, "the equip cost"); err != nil {
			return nil, err
		}
		return cost, nil
	}
	a, err := askText(s.env.Prompt, "qc.equip.cost", "the equip cost printed on the Loot card, e.g. \"2 coins\" (or none)", bundleAccepted(false, BundleItems), referee.NoDefault,
		func(a string) error { _, err := parse(a); return err })
	if err != nil {
		return err
	}
	cost, _ := parse(a) // accepted by its check
	neg := negOf(cost)
	neg["loot"]--
	if err := s.applyBundle(s.st.curIndex(), neg, "the equip cost"); err != nil {
		return err // cannot happen: checked by qc.equip.cost
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
	pay, err := chooseChecked(s.env.Prompt, "qc.mend.pay", "spend 1 Gem or 1 Lumber", referee.NoDefault, []string{"gems", "lumber"}, func(pay string) error {
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
		if ship, err = chooseChecked(s.env.Prompt, "qc.mend.ship", "repair your ship or a teammate's ship sharing your space", referee.NoDefault, ships, func(ship string) error {
			if q := &s.st.Players[s.st.playerByName(ship)]; q.Damage < 1 {
				return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s has no damage", q.Name)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	q := &s.st.Players[s.st.playerByName(ship)] // both checked by their questions
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
	target, err := referee.Choose(s.env.Prompt, "qc.damage.target", "the ship an effect damages", referee.NoDefault, ships...)
	if err != nil {
		return err
	}
	n, err := askNumber(s.env.Prompt, referee.Question{Key: "qc.damage.amount", Text: "how much damage", Min: 1, Max: 12})
	if err != nil {
		return err
	}
	var owners []string
	for _, q := range s.st.Players {
		owners = append(owners, q.Name)
	}
	owners = append(owners, "marauder", "other")
	by, err := referee.Choose(s.env.Prompt, "qc.damage.by", "whose effect it is (a player, a marauder, or other)", referee.NoDefault, owners...)
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
	// What a card gives comes from the supply, and the change must leave
	// the ship's counts possible: both checked inside the question.
	change := func(a string) (Bundle, error) {
		b, err := ParseBundle(a, true)
		if err != nil {
			return nil, err
		}
		if err := checkSupply(s.st, s.st.curIndex(), b, "the adjustment"); err != nil {
			return nil, err
		}
		_, err = s.bundled(s.st.curIndex(), b, b, "the adjustment")
		return b, err
	}
	a, err := askText(s.env.Prompt, "qc.adjust.what", "what a card or effect changes for you, signed, e.g. \"+2 coins, -1 loot, +1 prosperity\"", bundleAccepted(true, BundleItems), referee.NoDefault,
		func(a string) error { _, err := change(a); return err })
	if err != nil {
		return err
	}
	b, _ := change(a) // accepted by its check
	if err := s.applyBundle(s.st.curIndex(), b, "the adjustment"); err != nil {
		return err // cannot happen: checked by qc.adjust.what
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
