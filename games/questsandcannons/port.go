package questsandcannons

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func needPort(p *Player, kinds []string, what, cite string) error {
	for _, k := range kinds {
		if p.Space == k {
			return nil
		}
	}
	return referee.RuleError([]string{cite, CitePorts}, "questsandcannons: %s needs %s landed at a %s port (now on a %s space)", what, p.Name, strings.Join(kinds, " or "), p.Space)
}

var maintenancePorts = []string{SpaceWorkshop, SpaceTrading, SpaceHome}

func (s *step) buyAmmo() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "ammo"); err != nil {
		return err
	}
	maxCoins := ammoCoins(s.st, p)
	c, err := referee.Number(s.env.Prompt, "qc.ammo.coins", fmt.Sprintf("Coins to spend on Ammo (1 Coin = 2 Ammo; up to %d)", maxCoins), 1, maxCoins)
	if err != nil {
		return err
	}
	p.Coins -= c
	before := p.Ammo
	p.Ammo = min(MaxAmmo, p.Ammo+c*AmmoPerCoin)
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s pays %d Coin(s) for Ammo: %d -> %d", p.Name, c, before, p.Ammo),
		Data: map[string]any{"player": p.Name, "activity": "ammo", "coins": c, "ammo": p.Ammo}, Cites: []string{CiteMaintenance, CiteCurrencies}})
	return nil
}

func (s *step) repair() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "repair"); err != nil {
		return err
	}
	pay, err := chooseChecked(s.env.Prompt, "qc.repair.pay", "pay 3 Coins (1 damage), Canvas, Metal or Lumber (1 damage), or Spice or Gems (2 damage)", append([]string{"coins"}, Resources...), func(pay string) error {
		if pay != "coins" && p.Res[pay] < 1 {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, pay)
		}
		return nil
	})
	if err != nil {
		return err
	}
	amt, _ := RepairAmount(pay)
	cost, err := tableInt(s.env, "qc-prices", "repair-coins", RepairCoins, referee.Question{})
	if err != nil {
		return err
	}
	if pay == "coins" {
		if p.Coins < cost {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: Repair costs %d Coins; %s has %d", cost, p.Name, p.Coins)
		}
		p.Coins -= cost
	} else {
		if p.Res[pay] < 1 {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, pay)
		}
		p.Res[pay]--
	}
	fixed := min(amt, p.Damage)
	p.Damage -= fixed
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s repairs %d damage paying %s (%d of %d Hearts marked)", p.Name, fixed, pay, p.Damage, p.Hearts),
		Data: map[string]any{"player": p.Name, "activity": "repair", "pay": pay, "repaired": fixed}, Cites: []string{CiteMaintenance}})
	return nil
}

func (s *step) sell() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "sell"); err != nil {
		return err
	}
	item, err := chooseChecked(s.env.Prompt, "qc.sell.item", "what to sell: a Resource, a Loot card or an unsolved Clue", append(append([]string{}, Resources...), "loot", "clue"), func(item string) error {
		switch {
		case item == "loot" && p.Loot < 1:
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no Loot card in hand", p.Name)
		case item == "clue" && p.Clues < 1:
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no unsolved Clue", p.Name)
		case item != "loot" && item != "clue" && p.Res[item] < 1:
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, item)
		}
		return nil
	})
	if err != nil {
		return err
	}
	var price int
	switch item {
	case "loot", "clue":
		if price, err = tableInt(s.env, "qc-prices", "sell-"+item, SellCardCoins, referee.Question{}); err != nil {
			return err
		}
		if err := supplyRefusal(s.st, "coins", price, p.Name+"'s sale of a "+item); err != nil {
			return err
		}
		if item == "loot" {
			if p.Loot < 1 {
				return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no Loot card in hand", p.Name)
			}
			p.Loot--
		} else {
			if p.Clues < 1 {
				return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no unsolved Clue", p.Name)
			}
			p.Clues--
		}
	default:
		if p.Res[item] < 1 {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, item)
		}
		if price, err = tableInt(s.env, "qc-prices", "sell-"+item, 0, referee.Question{Text: "coins a " + item + " sells for at a port", Min: 0, Max: 10}); err != nil {
			return err
		}
		if err := supplyRefusal(s.st, "coins", price, p.Name+"'s sale of "+item); err != nil {
			return err
		}
		p.Res[item]--
	}
	p.Coins += price
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s sells %s for %d Coin(s)", p.Name, item, price),
		Data: map[string]any{"player": p.Name, "activity": "sell", "item": item, "coins": price}, Cites: []string{CiteMaintenance}})
	return nil
}

func (s *step) upgrade() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "upgrade"); err != nil {
		return err
	}
	// Only what the Champion's max stats still allow is offered.
	item, err := chooseOffered(s.env.Prompt, "qc.upgrade.item", "buy a new sail (1 Canvas + 3 Coins), cannon (1 Metal + 3 Coins) or cargo slot (1 Lumber + 3 Coins)",
		[]string{"sail", "cannon", "cargo"}, func(it string) error { return upgradeRefusal(s.st, p, it) })
	if err != nil {
		return err
	}
	res := UpgradeCost[item]
	cost, err := tableInt(s.env, "qc-prices", "upgrade-coins", UpgradeCoins, referee.Question{})
	if err != nil {
		return err
	}
	cur, mx := &p.Sails, p.MaxSails
	switch item {
	case "cannon":
		cur, mx = &p.Cannons, p.MaxCannons
	case "cargo":
		cur, mx = &p.Cargo, p.MaxCargo
	}
	if *cur >= mx {
		return referee.RuleError([]string{CiteShipUpgrades}, "questsandcannons: %s already has %d %s, the Champion's max", p.Name, *cur, item)
	}
	if p.Res[res] < 1 || p.Coins < cost {
		return referee.RuleError([]string{CiteUpgrade}, "questsandcannons: a new %s costs 1 %s and %d Coins; %s has %d %s and %d Coins", item, res, cost, p.Name, p.Res[res], res, p.Coins)
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
	s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s buys a new %s for 1 %s and %d Coins (now %d of max %d)", p.Name, item, res, cost, *cur, mx),
		Data: map[string]any{"player": p.Name, "activity": "upgrade", "item": item, "count": *cur}, Cites: []string{CiteUpgrade, CiteShipUpgrades}})
	return nil
}

func (s *step) trade() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "trade"); err != nil {
		return err
	}
	item, err := referee.Choose(s.env.Prompt, "qc.trade.item", "buy a resource (pay 2 Resources), loot (1 Gem + 3 Coins) or clue (1 Spice + 3 Coins)", "resource", "loot", "clue")
	if err != nil {
		return err
	}
	cost, err := tableInt(s.env, "qc-prices", "trade-coins", TradeCoins, referee.Question{})
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
		gain, err := referee.Choose(s.env.Prompt, "qc.trade.gain", "the Resource to gain", Resources...)
		if err != nil {
			return err
		}
		need := map[string]int{}
		for _, r := range pay {
			need[r]++
		}
		for r, n := range need {
			if p.Res[r] < n {
				return referee.RuleError([]string{CiteTrade}, "questsandcannons: %s carries %d %s, not %d", p.Name, p.Res[r], r, n)
			}
		}
		for r, n := range need {
			p.Res[r] -= n
		}
		p.Res[gain]++
		s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s trades %s for 1 %s", p.Name, strings.Join(pay, " and "), gain),
			Data: map[string]any{"player": p.Name, "activity": "trade", "paid": pay, "gained": gain}, Cites: []string{CiteTrade}})
	case "loot", "clue":
		res := "gems"
		if item == "clue" {
			res = "spice"
		}
		if p.Res[res] < 1 || p.Coins < cost {
			return referee.RuleError([]string{CiteTrade}, "questsandcannons: a %s card costs 1 %s and %d Coins; %s has %d %s and %d Coins", item, res, cost, p.Name, p.Res[res], res, p.Coins)
		}
		if err := supplyRefusal(s.st, item, 1, p.Name+"'s "+item+" card bought"); err != nil {
			return err
		}
		p.Res[res]--
		p.Coins -= cost
		if item == "loot" {
			p.Loot++
		} else {
			p.Clues++
		}
		s.env.Reveal()
		s.env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s pays 1 %s and %d Coins and draws a %s card", p.Name, res, cost, map[string]string{"loot": "Loot", "clue": "Clue"}[item]),
			Data: map[string]any{"player": p.Name, "activity": "trade", "item": item}, Cites: []string{CiteTrade}})
	}
	return nil
}
