package questsandcannons

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func needPort(p *Player, kinds []string, what, cite string) error {
	for _, k := range kinds {
		if p.Space == k {
			return nil
		}
	}
	return referee.RuleError([]string{cite, CitePorts}, "questsandcannons: %s needs %s landed at a %s port (now on %s space)", what, p.Name, strings.Join(kinds, " or "), referee.A(p.Space))
}

var maintenancePorts = []string{SpaceWorkshop, SpaceTrading, SpaceHome}

func (s *step) buyAmmo() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "ammo"); err != nil {
		return err
	}
	maxCoins := ammoCoins(s.st, p)
	// No default: how much to spend is the player's to say; with one
	// possible number, nothing is asked.
	c, err := askNumber(s.env.Prompt, referee.Question{Key: "qc.ammo.coins", Text: fmt.Sprintf("Coins to spend on Ammo (1 Coin = 2 Ammo; up to %d)", maxCoins), Min: 1, Max: maxCoins})
	if err != nil {
		return err
	}
	p.Coins -= c
	before := p.Ammo
	p.Ammo = min(MaxAmmo, p.Ammo+c*AmmoPerCoin)
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s pays %s for Ammo: %d -> %d", p.Name, referee.Count(c, "Coin"), before, p.Ammo),
		Data: map[string]any{"player": p.Name, "activity": "ammo", "coins": c, "ammo": p.Ammo}, Cites: []string{CiteMaintenance, CiteCurrencies}})
	return nil
}

func (s *step) repair() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "repair"); err != nil {
		return err
	}
	cost := s.st.price("repair-coins")
	pay, err := chooseChecked(s.env.Prompt, "qc.repair.pay", fmt.Sprintf("pay %s (1 damage), Canvas, Metal or Lumber (1 damage), or Spice or Gems (2 damage)", referee.Count(cost, "Coin")),
		referee.NoDefault, append([]string{"coins"}, Resources...), func(pay string) error { return repairRefusal(s.st, p, pay) })
	if err != nil {
		return err
	}
	amt, _ := RepairAmount(pay)
	if pay == "coins" {
		p.Coins -= cost
	} else {
		p.Res[pay]--
	}
	fixed := min(amt, p.Damage)
	p.Damage -= fixed
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s repairs %d damage paying %s (%d of %s marked)", p.Name, fixed, pay, p.Damage, referee.Count(p.Hearts, "Heart")),
		Data: map[string]any{"player": p.Name, "activity": "repair", "pay": pay, "repaired": fixed}, Cites: []string{CiteMaintenance}})
	return nil
}

// repairRefusal is why p cannot pay a Repair with pay now, or nil.
func repairRefusal(st *State, p *Player, pay string) error {
	if pay == "coins" {
		if cost := st.price("repair-coins"); p.Coins < cost {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: Repair costs %s; %s has %d", referee.Count(cost, "Coin"), p.Name, p.Coins)
		}
		return nil
	}
	if p.Res[pay] < 1 {
		return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, pay)
	}
	return nil
}

func (s *step) sell() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "sell"); err != nil {
		return err
	}
	item, err := chooseChecked(s.env.Prompt, "qc.sell.item", "what to sell: a Resource, a Loot card or an unsolved Clue", referee.NoDefault,
		append(append([]string{}, Resources...), "loot", "clue"), func(item string) error { return sellRefusal(s.st, p, item) })
	if err != nil {
		return err
	}
	price, known := s.st.prices["sell-"+item]
	if !known && (item == "loot" || item == "clue") {
		price, known = SellCardCoins, true
	}
	if !known {
		// A Resource's price is printed as icons on the board, not in the
		// rulebook: asked once and remembered. The Coins come from the
		// supply, checked inside the question.
		if price, err = tableInt(s.env, "qc-prices", "sell-"+item, 0, referee.Question{Text: "coins a " + item + " sells for at a port", Min: 0, Max: 10,
			Check: func(a string) (string, error) {
				n, err := strconv.Atoi(a)
				if err != nil {
					return a, err
				}
				return a, supplyRefusal(s.st, "coins", n, p.Name+"'s sale of "+item)
			}}); err != nil {
			return err
		}
	}
	switch item {
	case "loot":
		p.Loot--
	case "clue":
		p.Clues--
	default:
		p.Res[item]--
	}
	p.Coins += price
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s sells %s for %s", p.Name, item, referee.Count(price, "Coin")),
		Data: map[string]any{"player": p.Name, "activity": "sell", "item": item, "coins": price}, Cites: []string{CiteMaintenance}})
	return nil
}

// sellRefusal is why p cannot sell item now, or nil: p holds none, or the
// supply cannot pay its known price.
func sellRefusal(st *State, p *Player, item string) error {
	switch {
	case item == "loot" && p.Loot < 1:
		return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no Loot card in hand", p.Name)
	case item == "clue" && p.Clues < 1:
		return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no unsolved Clue", p.Name)
	case item != "loot" && item != "clue" && p.Res[item] < 1:
		return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, item)
	}
	price, known := st.prices["sell-"+item]
	if !known && (item == "loot" || item == "clue") {
		price, known = SellCardCoins, true
	}
	if known {
		what := "a " + item
		if item != "loot" && item != "clue" {
			what = item
		}
		return supplyRefusal(st, "coins", price, p.Name+"'s sale of "+what)
	}
	return nil
}

func (s *step) upgrade() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "upgrade"); err != nil {
		return err
	}
	// Only what the Champion's max stats, the supply and the player's
	// Resources and Coins allow is offered.
	cost := s.st.price("upgrade-coins")
	item, err := chooseOffered(s.env.Prompt, "qc.upgrade.item", fmt.Sprintf("buy a new sail (1 Canvas + %[1]s), cannon (1 Metal + %[1]s) or cargo slot (1 Lumber + %[1]s)", referee.Count(cost, "Coin")),
		referee.NoDefault, []string{"sail", "cannon", "cargo"}, func(it string) error { return upgradeRefusal(s.st, p, it) })
	if err != nil {
		return err
	}
	res := UpgradeCost[item]
	cur, mx := &p.Sails, p.MaxSails
	switch item {
	case "cannon":
		cur, mx = &p.Cannons, p.MaxCannons
	case "cargo":
		cur, mx = &p.Cargo, p.MaxCargo
	}
	p.Res[res]--
	p.Coins -= cost
	*cur++
	if s.st.Rulings.UpgradeReady {
		switch item {
		case "sail":
			p.SailsReady++
		case "cannon":
			p.GunsReady++
		}
	}
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s buys a new %s for 1 %s and %s (now %d of max %d)", p.Name, item, res, referee.Count(cost, "Coin"), *cur, mx),
		Data: map[string]any{"player": p.Name, "activity": "upgrade", "item": item, "count": *cur}, Cites: []string{CiteUpgrade, CiteShipUpgrades}})
	return nil
}

// TradeItems are the answers of qc.trade.item.
var TradeItems = []string{"resource", "loot", "clue"}

// tradeRefusal is why p cannot buy item at a Trading Port now, or nil.
func tradeRefusal(st *State, p *Player, item string) error {
	switch item {
	case "resource":
		if p.Carried() < 2 {
			return referee.RuleError([]string{CiteTrade}, "questsandcannons: a Resource is bought with 2 Resources; %s carries %d", p.Name, p.Carried())
		}
		return nil
	case "loot", "clue":
		res := "gems"
		if item == "clue" {
			res = "spice"
		}
		if cost := st.price("trade-coins"); p.Res[res] < 1 || p.Coins < cost {
			return referee.RuleError([]string{CiteTrade}, "questsandcannons: a %s card costs 1 %s and %s; %s has %d %s and %s", item, res, referee.Count(cost, "Coin"), p.Name, p.Res[res], res, referee.Count(p.Coins, "Coin"))
		}
		return supplyRefusal(st, item, 1, p.Name+"'s "+item+" card bought")
	}
	return referee.Usagef("qc.trade.item: %q is not accepted; accepted: resource, loot, clue", item)
}

func (s *step) trade() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "trade"); err != nil {
		return err
	}
	cost := s.st.price("trade-coins")
	item, err := chooseOffered(s.env.Prompt, "qc.trade.item", fmt.Sprintf("buy a resource (pay 2 Resources), loot (1 Gem + %[1]s) or clue (1 Spice + %[1]s)", referee.Count(cost, "Coin")),
		referee.NoDefault, TradeItems, func(it string) error { return tradeRefusal(s.st, p, it) })
	if err != nil {
		return err
	}
	switch item {
	case "resource":
		pay, err := p2list(s.env, "qc.trade.pay", "the 2 Resources to pay", 2, func(pay []string) error {
			need := map[string]int{}
			for _, r := range pay {
				need[r]++
			}
			for _, r := range Resources {
				if n := need[r]; n > 0 && p.Res[r] < n {
					return referee.RuleError([]string{CiteTrade}, "questsandcannons: %s carries %d %s, not %d", p.Name, p.Res[r], r, n)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		gain, err := referee.Choose(s.env.Prompt, "qc.trade.gain", "the Resource to gain", referee.NoDefault, Resources...)
		if err != nil {
			return err
		}
		for _, r := range pay {
			p.Res[r]--
		}
		p.Res[gain]++
		s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s trades %s for 1 %s", p.Name, strings.Join(pay, " and "), gain),
			Data: map[string]any{"player": p.Name, "activity": "trade", "paid": pay, "gained": gain}, Cites: []string{CiteTrade}})
	case "loot", "clue":
		res := "gems"
		if item == "clue" {
			res = "spice"
		}
		p.Res[res]--
		p.Coins -= cost
		if item == "loot" {
			p.Loot++
		} else {
			p.Clues++
		}
		s.env.Reveal()
		s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s pays 1 %s and %s and draws a %s card", p.Name, res, referee.Count(cost, "Coin"), map[string]string{"loot": "Loot", "clue": "Clue"}[item]),
			Data: map[string]any{"player": p.Name, "activity": "trade", "item": item}, Cites: []string{CiteTrade}})
	}
	return nil
}
