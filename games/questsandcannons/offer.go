package questsandcannons

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// chooseOffered asks a choice that offers only the options refuse allows
// now (a menu, and the accepted values of a missing answer, list only
// those); Enter takes usual (referee.NoDefault: Enter re-asks). An answer
// given ahead is read against every option, so one the rules forbid now is
// refused with the rule that forbids it, not as "not an option". The
// refusal runs inside the question (its Check), never after it: an answer
// the rules forbid is re-asked at a terminal, and a scripted one is a
// usage error naming the key; an accepted answer is never refused later.
func chooseOffered(p referee.Prompter, key, text, usual string, all []string, refuse func(string) error) (string, error) {
	var offered []string
	for _, o := range all {
		if refuse(o) == nil {
			offered = append(offered, o)
		}
	}
	if usual != referee.NoDefault && refuse(usual) != nil {
		usual = referee.NoDefault // never a default the rules forbid now
	}
	check := func(a string) (string, error) { return a, keyed(key, a, refuse(a)) }
	if len(offered) > 0 && !referee.AnsweredAhead(p, key) {
		return p.Ask(referee.Question{Key: key, Text: text, Kind: referee.KindChoose, Options: offered, Default: usual, Check: check})
	}
	return p.Ask(referee.Question{Key: key, Text: text, Kind: referee.KindChoose, Options: all, Default: usual, Check: check})
}

// OfferedActions are the answers of qc.action the current player can take
// now: a nation ability only for its nation (Delvish Mobility for a Delf,
// Mend Ship for a Porc), Port Activities only at their ports, an Action only
// with an Action left, and so on.
func OfferedActions(st *State) []string {
	var out []string
	for _, a := range ActionChoices {
		if actionRefusal(st, a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// actionRefusal is why the current player cannot take action a now, or
// nil. Each action checks it first, so the menu and the action agree.
func actionRefusal(st *State, a string) error {
	p := st.cur()
	switch a {
	case "move":
		if p.Actions < 1 {
			msg := "a Move starts with an Action"
			if p.SailsReady > 0 {
				msg += "; Sails can't be used to start moving"
			}
			return referee.RuleError([]string{CiteMove, CiteFAQ}, "questsandcannons: %s has no Actions left: %s (or with Delvish Mobility)", p.Name, msg)
		}
	case "mobility":
		if p.Nation != "delf" {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: Delvish Mobility is the Delf nation ability; %s is %s (its nation ability: %s)", p.Champion, p.Nation, NationAbility[p.Nation])
		}
		if p.Loot < 1 {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: nation abilities are used by discarding a Loot card; %s has none in hand", p.Name)
		}
		if p.MobilityUse && st.Rulings.MobilityOncePerTurn {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s already used Delvish Mobility this turn (option mobility-once=no allows more)", p.Name)
		}
	case "gather":
		if p.Space != SpaceIsland {
			return referee.RuleError([]string{CiteGather}, "questsandcannons: Gather needs %s landed on a Risen Island (now on %s space)", p.Name, referee.A(p.Space))
		}
		return needActions(p, "Gather", CiteGather)
	case "solve":
		if p.Space != SpaceIsland {
			return referee.RuleError([]string{CiteSolveClue}, "questsandcannons: a Clue is solved while landed on its island; %s is on %s space", p.Name, referee.A(p.Space))
		}
		if p.Clues < 1 {
			return referee.RuleError([]string{CiteSolveClue}, "questsandcannons: %s has no unsolved Clue in hand", p.Name)
		}
		return needActions(p, "Solve a Clue", CiteSolveClue)
	case "attack":
		if err := needActions(p, "Attack", CiteAttack); err != nil {
			return err
		}
		if p.GunsReady < 1 {
			return referee.RuleError([]string{CiteAttack}, "questsandcannons: %s has no Ready Cannon to fire", p.Name)
		}
		if p.Ammo < 1 {
			return referee.RuleError([]string{CiteAttack}, "questsandcannons: %s has no Ammo dice; buy Ammo at a port (Maintenance)", p.Name)
		}
		if IsSafeHarbor(p.Space) {
			return referee.RuleError([]string{CiteSafeHarbor}, "questsandcannons: players can't be attacked on Workshop and Home Ports (%s is on %s port)", p.Name, referee.A(p.Space))
		}
		if len(enemyTargets(st, st.curIndex())) == 0 {
			return referee.RuleError([]string{CiteAttack}, "questsandcannons: there is no enemy ship to attack")
		}
	case "deliver":
		if p.Space != SpaceHome {
			return referee.RuleError([]string{CiteDeliverClues}, "questsandcannons: solved Clues are delivered while landed on one of your team's Home Ports; %s is on %s space", p.Name, referee.A(p.Space))
		}
		if p.Solved < 1 {
			return referee.RuleError([]string{CiteDeliverClues}, "questsandcannons: %s has no solved Clue to deliver", p.Name)
		}
	case "quest":
		if p.Quests < 1 {
			return referee.RuleError([]string{CiteQuestCards}, "questsandcannons: %s has no Quest card in hand", p.Name)
		}
	case "ammo":
		if err := needPort(p, maintenancePorts, "Buy Ammo", CiteMaintenance); err != nil {
			return err
		}
		if p.Ammo >= MaxAmmo {
			return referee.RuleError([]string{CiteCurrencies}, "questsandcannons: %s already has %d Ammo (at most 9)", p.Name, p.Ammo)
		}
		if ammoCoins(st, p) < 1 {
			return referee.RuleError([]string{CiteMaintenance, CiteCurrencies}, "questsandcannons: %s cannot buy Ammo (%s, %d Ammo, at most 9)", p.Name, referee.Count(p.Coins, "Coin"), p.Ammo)
		}
	case "repair":
		if err := needPort(p, maintenancePorts, "Repair", CiteMaintenance); err != nil {
			return err
		}
		if p.Damage < 1 {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no damage to repair", p.Name)
		}
		if anyAllowed(append([]string{"coins"}, Resources...), func(pay string) error { return repairRefusal(st, p, pay) }) {
			return nil
		}
		return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: Repair costs %s or a Resource; %s has %s and carries no Resource", referee.Count(st.price("repair-coins"), "Coin"), p.Name, referee.Count(p.Coins, "Coin"))
	case "sell":
		if err := needPort(p, maintenancePorts, "Sell", CiteMaintenance); err != nil {
			return err
		}
		if p.Carried() == 0 && p.Loot == 0 && p.Clues == 0 {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: Sell pays a Resource, Loot or unsolved Clue; %s has none", p.Name)
		}
		items := append(append([]string{}, Resources...), "loot", "clue")
		if !anyAllowed(items, func(it string) error { return sellRefusal(st, p, it) }) {
			// Something is held, but the supply cannot pay it: say so.
			for _, it := range items {
				if held := map[string]int{"loot": p.Loot, "clue": p.Clues}[it] + p.Res[it]; held > 0 {
					return sellRefusal(st, p, it)
				}
			}
		}
	case "upgrade":
		if err := needPort(p, []string{SpaceWorkshop}, "Upgrade", CiteUpgrade); err != nil {
			return err
		}
		if anyAllowed([]string{"sail", "cannon", "cargo"}, func(it string) error { return upgradeLimit(st, p, it) }) {
			if err := upgradeAfford(st, p, ""); err != nil {
				return err
			}
		} else {
			if p.Sails < p.MaxSails || p.Cannons < p.MaxCannons || p.Cargo < p.MaxCargo {
				return referee.RuleError([]string{CiteShipUpgrades, CiteComponents}, "questsandcannons: %s can buy no upgrade: the Champion's max Cargo Slots (%d) are reached and the supply has no Sail token (the box holds Sail Tokens (18)) or Cannon token (Cannon Tokens (24)) left below the max", p.Name, p.MaxCargo)
			}
			return referee.RuleError([]string{CiteShipUpgrades}, "questsandcannons: %s already has the Champion's max Sails (%d), Cannons (%d) and Cargo Slots (%d): nothing to upgrade", p.Name, p.MaxSails, p.MaxCannons, p.MaxCargo)
		}
	case "trade":
		if err := needPort(p, []string{SpaceTrading}, "Trade", CiteTrade); err != nil {
			return err
		}
		if !anyAllowed(TradeItems, func(it string) error { return tradeRefusal(st, p, it) }) {
			return referee.RuleError([]string{CiteTrade}, "questsandcannons: %[1]s can buy nothing: a Resource takes 2 Resources (%[2]d carried), a Loot card 1 Gem and %[3]s, a Clue card 1 Spice and %[3]s (%[1]s has %[4]s, %[5]d gems, %[6]d spice)",
				p.Name, p.Carried(), referee.Count(st.price("trade-coins"), "Coin"), referee.Count(p.Coins, "Coin"), p.Res["gems"], p.Res["spice"])
		}
	case "exchange":
		if len(st.teammates(st.curIndex())) == 0 {
			return referee.RuleError([]string{CiteExchanging}, "questsandcannons: %s has no teammate to exchange with", p.Name)
		}
	case "equip":
		if p.Loot < 1 {
			return referee.RuleError([]string{CiteEquipping}, "questsandcannons: %s has no Loot card in hand to equip", p.Name)
		}
	case "mend":
		if p.Nation != "porc" {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: Mend Ship is not %s's nation ability (%s)", p.Champion, NationAbility[p.Nation])
		}
		if p.MendUsed {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: Mend Ship is once per turn")
		}
		if p.Res["gems"] < 1 && p.Res["lumber"] < 1 {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: Mend Ship spends 1 Gem or 1 Lumber; %s carries no gems and no lumber", p.Name)
		}
		damaged := p.Damage > 0
		for _, m := range st.teammates(st.curIndex()) {
			damaged = damaged || st.Players[m].Damage > 0
		}
		if !damaged {
			return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: Mend Ship repairs 1 damage on your ship or a teammate's; %s and its teammates have no damage", p.Name)
		}
	case "damage", "adjust", "end":
	default:
		return referee.Usagef("qc.action: %q is not an action", a)
	}
	return nil
}

// ammoCoins is how many Coins p may spend on Ammo now.
func ammoCoins(st *State, p *Player) int {
	room := MaxAmmo - p.Ammo
	maxCoins := (room + 1) / AmmoPerCoin
	if !st.Rulings.AmmoCap {
		maxCoins = room / AmmoPerCoin
	}
	return min(maxCoins, p.Coins)
}

// upgradeRefusal is why p cannot buy a new item (sail, cannon or cargo)
// now: its limit (upgradeLimit), or its price.
func upgradeRefusal(st *State, p *Player, item string) error {
	if err := upgradeLimit(st, p, item); err != nil {
		return err
	}
	return upgradeAfford(st, p, item)
}

// upgradeLimit is why p can have no new item now: "You can't have more of
// a type of upgrade than what is stated on your Champion's max upgrade
// stat", and a Sail or Cannon token must be left in the supply.
func upgradeLimit(st *State, p *Player, item string) error {
	cur, mx := p.Sails, p.MaxSails
	switch item {
	case "cannon":
		cur, mx = p.Cannons, p.MaxCannons
	case "cargo":
		cur, mx = p.Cargo, p.MaxCargo
	case "sail":
	default:
		return referee.Usagef("qc.upgrade.item: %q is not an upgrade; accepted: sail, cannon, cargo", item)
	}
	if cur >= mx {
		return referee.RuleError([]string{CiteShipUpgrades}, "questsandcannons: %s already has %d %s, the Champion's max", p.Name, cur, item)
	}
	// A new Sail or Cannon is a token from the supply ("Place the Sail
	// tokens, Cannon tokens ... in a space near the play area"); Cargo Slots
	// are uncovered on the dashboard, not taken.
	if tok := map[string]string{"sail": "sails", "cannon": "cannons"}[item]; tok != "" {
		return supplyRefusal(st, tok, 1, p.Name+"'s new "+item)
	}
	return nil
}

// upgradeAfford is why p cannot pay for a new item (sail, cannon or
// cargo) now, or, with item "", for any item its limits allow; nil when p
// can.
func upgradeAfford(st *State, p *Player, item string) error {
	cost := st.price("upgrade-coins")
	items := []string{item}
	if item == "" {
		items = nil
		for _, it := range []string{"sail", "cannon", "cargo"} {
			if upgradeLimit(st, p, it) == nil {
				items = append(items, it)
			}
		}
	}
	var want []string
	for _, it := range items {
		res := UpgradeCost[it]
		if p.Res[res] >= 1 && p.Coins >= cost {
			return nil
		}
		want = append(want, fmt.Sprintf("a new %s costs 1 %s and %s", it, res, referee.Count(cost, "Coin")))
	}
	if len(want) == 0 {
		return nil
	}
	var held []string
	for _, it := range items {
		held = append(held, fmt.Sprintf("%d %s", p.Res[UpgradeCost[it]], UpgradeCost[it]))
	}
	why := fmt.Sprintf("questsandcannons: %s; %s has %s and %s", strings.Join(want, ", "), p.Name, referee.JoinAnd(held), referee.Count(p.Coins, "Coin"))
	if item == "" {
		for _, it := range []string{"sail", "cannon", "cargo"} {
			if err := upgradeLimit(st, p, it); err != nil {
				why += "; " + strings.TrimPrefix(err.Error(), "questsandcannons: ")
			}
		}
	}
	return referee.RuleError([]string{CiteUpgrade, CiteShipUpgrades}, "%s", why)
}

// anyAllowed reports whether refuse allows one of options.
func anyAllowed(options []string, refuse func(string) error) bool {
	for _, o := range options {
		if refuse(o) == nil {
			return true
		}
	}
	return false
}

// askText asks a free-text question whose accepted answers are described
// by accepted (a missing answer names them instead of "any text"); Enter
// takes usual (referee.NoDefault: Enter re-asks). check,
// when not nil, parses and validates the answer inside the question (pure:
// it reads state, never changes it), so a typo is re-asked at a terminal
// instead of ending the step; the caller parses the answer again after.
func askText(p referee.Prompter, key, text, accepted, usual string, check func(string) error) (string, error) {
	q := referee.Question{Key: key, Text: text, Kind: referee.KindText, Accepted: accepted, Default: usual}
	if check != nil {
		q.Check = func(a string) (string, error) { return a, keyed(key, a, check(a)) }
	}
	return p.Ask(q)
}

// keyed names the question key and the answer in a refusal from a
// question's check (a scripted answer's refusal is then an exit 2 naming
// the key), keeping the rule's cites.
func keyed(key, answer string, err error) error {
	var ue *referee.UsageError
	if err == nil || !errors.As(err, &ue) || strings.Contains(ue.Msg, key) {
		return err
	}
	return &referee.UsageError{Msg: fmt.Sprintf("answer %q for %s: %s", answer, key, ue.Msg), Cites: ue.Cites}
}

// bundleAccepted describes a bundle answer (ParseBundle).
func bundleAccepted(signed bool, items []string) string {
	sign := ""
	if signed {
		sign = ", each signed with + or -"
	}
	return "none, or comma-separated amounts like \"2 coins, 1 metal\"" + sign + "; items: " + strings.Join(items, ", ")
}

// chooseChecked asks to choose one of options, Enter taking usual; check
// (pure: it reads state, never changes it) refuses an option the rules
// forbid now: only the options it allows are offered (see chooseOffered).
func chooseChecked(p referee.Prompter, key, text, usual string, options []string, check func(string) error) (string, error) {
	return chooseOffered(p, key, text, usual, options, check)
}
