package atraxia

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func (t *step) collect(c *Clan, rebuild bool) error {
	if rebuild {
		cost := t.v.Cost["rebuild-alwood"]
		if err := actionRefusal(t.st, t.v, "rebuild+collect"); err != nil {
			return err
		}
		isl, err := t.askLoc("wfa.collect.rebuild", "Which barren island does "+c.Player+" rebuild?")
		if err != nil {
			return err
		}
		c.AlWood -= cost
		t.emit("rebuild", fmt.Sprintf("%s rebuilds barren island %s for %d AlWood (%d left)", c.Player, isl.Name, cost, c.AlWood), map[string]any{"player": c.Player, "island": isl.Name}, CitePlayerActions)
	}
	// Each amount's range is what the box leaves (resource cards of 10 and
	// Ammo cards, the other clans' counted), so an accepted answer is never
	// refused afterwards.
	got := map[string]int{}
	names := map[string]string{"oc": "OC", "alwood": "AlWood", "ammo": "Ammo"}
	for _, r := range []string{"oc", "alwood", "ammo"} {
		hi := 200
		accepted := ""
		var check func(string) (string, error)
		switch r {
		case "oc", "alwood":
			get := func(x *Clan) int { return x.OC }
			if r == "alwood" {
				get = func(x *Clan) int { return x.AlWood }
			}
			room := resourceRoom(t.st, c, get)
			hi = max(room-get(c), 0)
			accepted = fmt.Sprintf("a whole number from 0 to %d (the box's value-10 %s cards the other clans leave: %s can hold at most %d %s, has %d)", hi, names[r], c.Player, room, names[r], get(c))
		case "ammo":
			check = func(a string) (string, error) {
				n, _ := strconv.Atoi(a)
				return a, resourceRefusal(t.st, c, c.OC+got["oc"], c.AlWood+got["alwood"], append(slices.Clone(c.Ammo), AmmoCards(n)...))
			}
		}
		n, err := t.askNumQ(referee.Question{Key: "wfa.collect." + r, Min: 0, Max: hi, Check: check, Accepted: accepted,
			Text: fmt.Sprintf("%s collects: total %s marked on the islands with a Gunboat of %s (each island once; not blocked islands)", c.Player, names[r], c.Player)})
		if err != nil {
			return err
		}
		got[r] = n
	}
	cards := AmmoCards(got["ammo"])
	if t.optional("wfa.collect.ammo.cards") {
		// Parsed, summed and counted against the box inside the question:
		// a typo is re-asked.
		parse := func(a string) ([]int, error) {
			cards, err := ParseAmmo(a)
			if err != nil {
				return nil, err
			}
			if sum(cards) != got["ammo"] {
				return nil, referee.RuleError(cites(CiteCollect), "atraxia: Ammo cards %s add up to %d, not the %d Ammo collected", cardsText(cards), sum(cards), got["ammo"])
			}
			if err := resourceRefusal(t.st, c, c.OC+got["oc"], c.AlWood+got["alwood"], append(slices.Clone(c.Ammo), cards...)); err != nil {
				return nil, err
			}
			return cards, nil
		}
		a, err := t.ask(referee.Question{Key: "wfa.collect.ammo.cards", Text: "Ammo cards drawn (values 1, 2, 5)", Kind: referee.KindText,
			Accepted: "the values of the Ammo cards drawn, comma-separated, each 1, 2 or 5, adding up to the Ammo collected",
			Default:  cardsText(cards),
			Check:    func(a string) (string, error) { _, err := parse(a); return a, err }})
		if err != nil {
			return err
		}
		if cards, err = parse(a); err != nil {
			return err
		}
	}
	c.OC += got["oc"]
	c.AlWood += got["alwood"]
	c.Ammo = append(c.Ammo, cards...)
	ammo := fmt.Sprintf("%d Ammo", got["ammo"])
	if len(cards) > 0 {
		ammo += " (" + referee.Noun(len(cards), "card") + " " + cardsText(cards) + ")"
	}
	t.emit("collect", fmt.Sprintf("%s collects %d OC, %d AlWood and %s: now OC %d (%s of 10), AlWood %d (%s of 10), Ammo %d", c.Player, got["oc"], got["alwood"], ammo, c.OC, referee.Count(c.OC/10, "card"), c.AlWood, referee.Count(c.AlWood/10, "card"), c.AmmoTotal()),
		map[string]any{"player": c.Player, "oc": got["oc"], "alwood": got["alwood"], "ammo": got["ammo"], "cards": cards}, CiteCollect)
	return nil
}

func (t *step) buy(c *Clan, power bool) error {
	st := t.st
	act := "buy"
	if power {
		act = "power+buy"
	}
	if err := actionRefusal(st, t.v, act); err != nil {
		return err
	}
	hand := t.v.Cost["power-hand"]
	if power {
		// Every range below is the real limit (this turn's purchases, the
		// hand, what can be paid), so an accepted answer is never refused.
		left := t.v.Cost["power-per-turn"] - st.Bought
		n, err := t.askNum("wfa.buy.power.count", fmt.Sprintf("How many Power cards does %s buy (at most %d more this turn; hand %d of %d)?", c.Player, left, c.Power, hand), 1, left)
		if err != nil {
			return err
		}
		discard := 0
		if over := c.Power + n - hand; over > 0 {
			// "If a Clan Leader wants to buy more cards after reaching the
			// hand limit, they must first discard a Power card".
			discard, err = t.askNum("wfa.buy.power.discard", fmt.Sprintf("%s's hand limit is %d: how many Power cards are discarded first (no refund; at least %d)?", c.Player, hand, over), over, c.Power)
			if err != nil {
				return err
			}
		}
		oc, err := t.askNum("wfa.buy.power.oc", fmt.Sprintf("Total OC printed on the Power cards bought (%s has %d)", c.Player, c.OC), 0, c.OC)
		if err != nil {
			return err
		}
		al, err := t.askNum("wfa.buy.power.alwood", fmt.Sprintf("Total AlWood printed on the Power cards bought (%s has %d)", c.Player, c.AlWood), 0, c.AlWood)
		if err != nil {
			return err
		}
		c.OC -= oc
		c.AlWood -= al
		c.Power += n - discard
		st.Bought += n
		t.env.Reveal()
		t.emit("buy-power", fmt.Sprintf("%s discards %d and buys %s for %d OC and %d AlWood; draw %s so 4 stay face up (reshuffle the discards if the deck is out)", c.Player, discard, referee.Count(n, "Power card"), oc, al, referee.Count(n, "replacement")),
			map[string]any{"player": c.Player, "count": n, "discarded": discard, "oc": oc, "alwood": al, "hand": c.Power}, CiteBuyPower)
	}
	// "A Clan Leader can buy any number of ships available in their reserve
	// ... so long as all of the resource costs are paid": the privateer
	// first (one purchase), then each kind up to what the reserve holds and
	// what is left to pay with.
	oc, al := 0, 0
	priv := false
	if st.Opts.Pirates && c.Privateer == "reserve" {
		pOC, pAl := t.v.Cost["privateer-oc"], t.v.Cost["privateer-alwood"]
		var why error
		switch {
		case st.held(c.Clan):
			why = referee.RuleError(cites(CiteCombatPrivateer), "atraxia: %s's privateer went back to the reserve this turn: it \"can be repurchased on a subsequent turn\"", c.Player)
		case c.OC < pOC || c.AlWood < pAl:
			why = referee.RuleError(cites(CiteBuyingShips), "atraxia: buying back the Privateer costs %d OC + %d AlWood; %s has %d OC and %d AlWood", pOC, pAl, c.Player, c.OC, c.AlWood)
		}
		if why == nil || referee.AnsweredAhead(t.p, "wfa.buy.privateer") {
			a, err := t.ask(referee.Question{Key: "wfa.buy.privateer", Kind: referee.KindConfirm, Default: "no",
				Text: fmt.Sprintf("Does %s buy back the Privateer (%d OC + %d AlWood)?", c.Player, pOC, pAl),
				Check: func(a string) (string, error) {
					if a == "yes" && why != nil {
						return a, why
					}
					return a, nil
				}})
			if err != nil {
				return err
			}
			if priv = a == "yes"; priv {
				oc, al = pOC, pAl
			}
		}
	}
	var bought Fleet
	for _, k := range []string{"gunboat", "frigate", "destroyer"} {
		kOC, kAl := t.v.Cost[k+"-oc"], t.v.Cost[k+"-alwood"]
		most := c.Reserve.Get(k)
		if kOC > 0 {
			most = min(most, (c.OC-oc)/kOC)
		}
		if kAl > 0 {
			most = min(most, (c.AlWood-al)/kAl)
		}
		most = max(most, 0)
		cost := fmt.Sprintf("%d OC", kOC)
		if kAl > 0 {
			cost += fmt.Sprintf(" + %d AlWood", kAl)
		}
		n, err := t.askNumQ(referee.Question{Key: "wfa.buy." + k, Min: 0, Max: most, Default: "0",
			Accepted: fmt.Sprintf("a whole number from 0 to %d (ships in the reserve, all costs paid: %d in reserve, %s each, %d OC and %d AlWood left)", most, c.Reserve.Get(k), cost, c.OC-oc, c.AlWood-al),
			Text:     fmt.Sprintf("How many %s does %s buy (%s each; %d in reserve, %d OC and %d AlWood left: at most %d)?", referee.Noun(2, titleKind(k)), c.Player, cost, c.Reserve.Get(k), c.OC-oc, c.AlWood-al, most)})
		if err != nil {
			return err
		}
		*bought.ptr(k) = n
		oc += n * kOC
		al += n * kAl
	}
	var placed []string
	rest := bought
	skip := excluded{}
	for !rest.Empty() {
		loc, err := t.askLoc("wfa.buy.place.location", fmt.Sprintf("Where does %s place bought ships (%s still to place)?", c.Player, rest), skip.check, func(loc Loc) error {
			if loc.Kind == "isle" {
				return referee.RuleError(cites(CiteBuyingShips), "atraxia: bought ships cannot be placed on the Isle of Myth")
			}
			if a := st.apex(loc.Name); a != nil && (a.Covered || a.Pirate || a.Tile > 0) {
				// "Purchased ships can be placed at any location controlled by
				// the Clan Leader": nobody controls an unexplored or covered
				// Apex Island, and "the pirate ship retains control" of its own.
				return referee.RuleError(cites(CiteBuyingShips), "atraxia: %s is not controlled by %s (%s): bought ships go only to locations the Clan Leader controls", loc.Name, c.Player, apexState(a))
			}
			if b := st.block(loc.Name); b != nil {
				return referee.RuleError(cites(CiteBlocking), "atraxia: %s is blocked by a privateer and cannot be used", loc.Name)
			}
			// What bosun knows of another clan's control: its Home Base
			// while it is in the game, and the location of its Capital Ship
			// (the rest, whose ships hold an island, is on the board).
			if o := st.clan(loc.Clan); loc.Kind == "home" && o != nil && o != c && !o.Eliminated {
				return referee.RuleError(cites(CiteBuyingShips), "atraxia: %s is %s's Home Base: bought ships go only to locations %s controls", loc.Name, o.Player, c.Player)
			}
			for _, o := range st.Clans {
				if o != c && !o.Eliminated && o.Capital == loc.Name {
					return referee.RuleError(cites(CiteBuyingShips), "atraxia: %s's Capital Ship is on %s, so %s controls it: bought ships go only to locations %s controls", o.Player, loc.Name, o.Player, c.Player)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		room, err := t.room("wfa.buy.place", loc, false)
		if err != nil {
			return err
		}
		if room <= 0 {
			why := fmt.Sprintf("its fleet capacity of %d is full (%s there)", t.capa, referee.Count(t.present, "ship"))
			skip[loc.Name] = why
			t.emit("buy-refused", fmt.Sprintf("%s: %s; name another location for the bought ships", loc.Name, why), map[string]any{"player": c.Player, "location": loc.Name}, CiteFleetCapacity, CiteBuyingShips)
			continue
		}
		def := referee.NoDefault
		if rest.Ships() <= room {
			def = rest.Letters()
		}
		f, err := t.askFleet("wfa.buy.place.ships", fmt.Sprintf("Which of the bought ships go to %s (room for %s)?", loc.Name, roomText(room)), def, func(f Fleet) error {
			if f.Empty() || !rest.Covers(f) {
				return referee.Usagef("atraxia: %s is not among the ships still to place (%s)", f, rest)
			}
			return t.roomRefusal(loc, f.Ships(), room)
		})
		if err != nil {
			return err
		}
		rest = rest.Sub(f)
		placed = append(placed, fmt.Sprintf("%s on %s", f, loc.Name))
	}
	c.OC -= oc
	c.AlWood -= al
	c.Reserve = c.Reserve.Sub(bought)
	text := fmt.Sprintf("%s buys %s for %d OC and %d AlWood (%d OC, %d AlWood left)", c.Player, bought, oc, al, c.OC, c.AlWood)
	if bought.Empty() {
		text = fmt.Sprintf("%s buys no ships (%d OC, %d AlWood)", c.Player, c.OC, c.AlWood)
		if priv {
			text = fmt.Sprintf("%s buys no ships but the Privateer for %d OC and %d AlWood (%d OC, %d AlWood left)", c.Player, oc, al, c.OC, c.AlWood)
		}
	}
	if len(placed) > 0 {
		text += ": " + strings.Join(placed, ", ")
	}
	if priv {
		c.Privateer = c.Home()
		text += "; the Privateer returns to " + c.Home()
	}
	t.emit("buy", text, map[string]any{"player": c.Player, "ships": bought, "privateer": priv, "oc": oc, "alwood": al}, CiteBuyingShips)
	return nil
}

// titleKind is a ship kind as the rulebook writes it ("Gunboat").
func titleKind(k string) string {
	if k == "capital" {
		return "Capital Ship"
	}
	return strings.ToUpper(k[:1]) + k[1:]
}

func (t *step) teleporter(c *Clan) error {
	cost := t.v.Cost["teleporter-alwood"]
	if err := teleporterRefusal(t.st, t.v, c); err != nil {
		return err
	}
	q := referee.Question{Key: "wfa.teleporter.locations", Kind: referee.KindText, Accepted: "two dockable islands comma-separated, the first one controlled, e.g. fox-1,apex2 (apex1-apex6, CLAN-1 to CLAN-4)",
		Text: fmt.Sprintf("Where do %s's two teleporters stand after this build or redeploy (two dockable islands, the first one %s controls)? (%s)", c.Player, c.Player, t.st.locSyntax())}
	want := 2
	if t.st.TeleLost == 1 {
		// One teleporter was destroyed this turn: it "may be rebuilt on a
		// subsequent turn", so only the other one is redeployed now.
		want = 1
		q.Accepted = "one dockable island the Clan Leader controls, e.g. fox-1 (apex1-apex6, CLAN-1 to CLAN-4)"
		q.Text = fmt.Sprintf("%s's other teleporter was destroyed this turn and is rebuilt only on a subsequent turn: where does the remaining one stand after this redeploy (a dockable island %s controls)? (%s)", c.Player, c.Player, t.st.locSyntax())
	}
	// The locations are parsed and checked inside the question, so a typo
	// is re-asked at a terminal instead of ending the step.
	parse := func(a string) ([]string, error) {
		items := referee.SplitList(a)
		if len(items) != want {
			if want == 1 {
				return nil, referee.RuleError(cites(CiteLoser, CiteTeleporterBuild), "atraxia: a teleporter destroyed this turn \"may be rebuilt on a subsequent turn\": give the one location of %s's remaining teleporter, e.g. \"fox-1\"; got %q", c.Player, a)
			}
			return nil, referee.Usagef("atraxia: give the two teleporter locations, e.g. \"fox-1,apex2\"; got %q", a)
		}
		var locs []string
		for _, it := range items {
			l, err := t.st.parseLoc(it)
			if err != nil {
				return nil, err
			}
			if !l.Dockable() {
				return nil, referee.RuleError(cites(CiteTeleporterBuild, CiteDockable), "atraxia: %s is not a dockable island: teleporters go on dockable islands only (not the Home Base, non-dockable islands or the Isle of Myth)", l.Name)
			}
			if b := t.st.block(l.Name); b != nil && b.Victim == c.Clan && len(locs) == 0 {
				return nil, referee.RuleError(cites(CiteBlocking), "atraxia: %s is blocked by a privateer: %s does not control it", l.Name, c.Player)
			}
			if a := t.st.apex(l.Name); a != nil && len(locs) == 0 && (a.Covered || a.Pirate || a.Tile > 0) {
				return nil, referee.RuleError(cites(CiteTeleporterBuild), "atraxia: \"One teleporter must be placed on a dockable island controlled by the Clan Leader\": %s controls no ship on %s (%s); name a controlled island first", c.Player, l.Name, apexState(a))
			}
			if a := t.st.apex(l.Name); a != nil && a.Covered {
				return nil, referee.RuleError(cites(CiteGameSetup), "atraxia: %s stays covered throughout a 5-player game", l.Name)
			}
			locs = append(locs, l.Name)
		}
		return locs, nil
	}
	q.Check = func(a string) (string, error) { _, err := parse(a); return a, err }
	a, err := t.ask(q)
	if err != nil {
		return err
	}
	locs, err := parse(a)
	if err != nil {
		return err
	}
	c.AlWood -= cost
	verb := "builds"
	if len(c.Teleporters) > 0 {
		verb = "redeploys"
	}
	c.Teleporters = locs
	t.emit("teleporter", fmt.Sprintf("%s %s the teleporters on %s for %d AlWood (%d left)", c.Player, verb, strings.Join(locs, " and "), cost, c.AlWood), map[string]any{"player": c.Player, "teleporters": locs}, CiteTeleporterBuild)
	return nil
}

func (t *step) mount(c *Clan) error {
	st := t.st
	if err := mountRefusal(st, t.v, c); err != nil {
		return err
	}
	cost := t.v.Cost["mount-alwood"]
	l, err := t.askLoc("wfa.mount.island", fmt.Sprintf("On which island of the %s continent (controlled, with an open mounting spot) does %s mount a Magic Crystal?", c.Clan, c.Player), func(l Loc) error {
		if l.Clan != c.Clan || l.Kind == "isle" || l.Kind == "apex" {
			return referee.RuleError(cites(CiteMount), "atraxia: Magic Crystals are mounted only on islands of the clan's own continent (%s-...), not %s", c.Clan, l.Name)
		}
		if st.block(l.Name) != nil {
			return referee.RuleError(cites(CiteBlocking), "atraxia: %s is blocked by a privateer", l.Name)
		}
		if o := mountedBy(st, l.Name); o != nil {
			return referee.RuleError(cites(CiteMount), "atraxia: %s already has a mounted Magic Crystal (%s's): crystals are mounted only \"with an open mounting spot\"", l.Name, o.Player)
		}
		return nil
	})
	if err != nil {
		return err
	}
	r, err := referee.Choose(t.p, "wfa.mount.resource", fmt.Sprintf("Which resource does %s produce (conversions there give it)?", l.Name), referee.NoDefault, "oc", "alwood", "ammo")
	if err != nil {
		return err
	}
	c.Crystals--
	c.AlWood -= cost
	c.Mounted = append(c.Mounted, Mount{Island: l.Name, Resource: r})
	st.Mounted = true
	t.emit("mount", fmt.Sprintf("%s mounts a Magic Crystal on %s (%s) for %d AlWood", c.Player, l.Name, r, cost), map[string]any{"player": c.Player, "island": l.Name, "resource": r}, CiteMount)
	return nil
}

func (t *step) dismount(c *Clan) error {
	st := t.st
	if err := dismountRefusal(st, t.v, c); err != nil {
		return err
	}
	cost := t.v.Cost["mount-alwood"]
	var all []int
	for i := range c.Mounted {
		all = append(all, i)
	}
	i, err := t.whichMount(c, "wfa.dismount.island", "Which mounted Magic Crystal does "+c.Player+" dismount?", all)
	if err != nil {
		return err
	}
	m := c.Mounted[i]
	c.Mounted = append(c.Mounted[:i], c.Mounted[i+1:]...)
	c.Crystals++
	c.AlWood -= cost
	st.Dismount = true
	t.emit("dismount", fmt.Sprintf("%s dismounts the Magic Crystal on %s for %d AlWood", c.Player, m.Island, cost), map[string]any{"player": c.Player, "island": m.Island}, CiteMount)
	return nil
}

func (t *step) whichMount(c *Clan, key, text string, usable []int) (int, error) {
	if len(usable) == 1 {
		return usable[0], nil
	}
	var opts []string
	for _, i := range usable {
		opts = append(opts, c.Mounted[i].Island)
	}
	a, err := referee.Choose(t.p, key, text, referee.NoDefault, opts...)
	if err != nil {
		return 0, err
	}
	return c.mountAt(a), nil
}

// Convert pays resources 1:1 into the resource of the island with the
// mounted crystal: at most 5 per action and limit (what is left of the 5
// per turn). It changes c and returns the amount gained.
func Convert(c *Clan, into string, pay map[string]int, limit int) (int, error) {
	n := 0
	for r, k := range pay {
		if k == 0 {
			continue
		}
		if r == into {
			return 0, referee.RuleError(cites(CiteConversion), "atraxia: the crystal's island produces %s: only other resources convert into it", into)
		}
		n += k
	}
	if n == 0 {
		return 0, referee.Usagef("atraxia: nothing to convert")
	}
	if n > limit {
		return 0, referee.RuleError(cites(CiteConversion), "atraxia: converting %s exceeds the limit (5 per action, 5 per turn; %d left this turn)", referee.Count(n, "resource"), limit)
	}
	if c.OC < pay["oc"] || c.AlWood < pay["alwood"] {
		return 0, referee.RuleError(cites(CiteConversion), "atraxia: %s has %d OC and %d AlWood, cannot pay %d OC and %d AlWood", c.Player, c.OC, c.AlWood, pay["oc"], pay["alwood"])
	}
	ammo := c.Ammo
	if a := pay["ammo"]; a > 0 {
		var ok bool
		if ammo, ok = payAmmo(c.Ammo, a); !ok {
			return 0, referee.RuleError(cites(CiteConversion), "atraxia: %s's Ammo cards %s cannot pay exactly %d Ammo", c.Player, cardsText(c.Ammo), a)
		}
	}
	c.OC -= pay["oc"]
	c.AlWood -= pay["alwood"]
	c.Ammo = ammo
	switch into {
	case "oc":
		c.OC += n
	case "alwood":
		c.AlWood += n
	case "ammo":
		c.Ammo = append(c.Ammo, AmmoCards(n)...)
	}
	return n, nil
}

// payAmmo removes cards adding up to exactly amount (fewest small cards first).
func payAmmo(hand []int, amount int) ([]int, bool) {
	// Try every subset (hands are small enough; cap the search).
	n := len(hand)
	if n > 20 {
		n = 20
	}
	best := -1
	for mask := 1; mask < 1<<n; mask++ {
		s := 0
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				s += hand[i]
			}
		}
		if s == amount {
			best = mask
			break
		}
	}
	if best < 0 {
		return hand, false
	}
	var rest []int
	for i, h := range hand {
		if i >= n || best&(1<<i) == 0 {
			rest = append(rest, h)
		}
	}
	return rest, true
}

// convert is the Currency Conversion Active Action. After its Bonus Action
// (mount or dismount) converting is optional: the Bonus Action needs the
// Active Action taken, and dismounting the last crystal leaves nothing to
// convert with ("They must be unmounted before the end of the game").
func (t *step) convert(c *Clan, afterBonus bool) error {
	if afterBonus && len(t.st.usableMounts(c)) == 0 {
		t.emit("convert", fmt.Sprintf("%s takes the Currency Conversion action with no mounted Magic Crystal left to convert with", c.Player), map[string]any{"player": c.Player, "gain": 0}, CiteConversion, CiteMount)
		return nil
	}
	return t.convertAs(c, "wfa.convert", !afterBonus)
}

func (t *step) convertAs(c *Clan, prefix string, required bool) error {
	st := t.st
	usable := st.usableMounts(c)
	if len(c.Mounted) == 0 {
		return referee.RuleError(cites(CiteConversion), "atraxia: %s has no mounted Magic Crystal: conversion needs one", c.Player)
	}
	if len(usable) == 0 {
		return referee.RuleError(cites(CiteConversion, CiteBlocking), "atraxia: every island where %s has a mounted Magic Crystal is blocked by a privateer: conversion needs an island the Clan Leader controls", c.Player)
	}
	i, err := t.whichMount(c, prefix+".island", "With which mounted Magic Crystal does "+c.Player+" convert?", usable)
	if err != nil {
		return err
	}
	m := c.Mounted[i]
	limit := 5
	if c == st.current() {
		limit = min(5, t.v.Cost["convert-per-turn"]-st.Convert)
	}
	// The payment is parsed and tried on a copy of the clan inside the
	// question, so a typo or an unaffordable payment is re-asked at a
	// terminal instead of ending the step.
	parse := func(a string) (map[string]int, error) {
		pay, err := ParsePayment(a)
		if err != nil {
			return nil, err
		}
		if len(pay) == 0 || (pay["oc"]+pay["alwood"]+pay["ammo"] == 0) {
			if required {
				return nil, referee.Usagef("atraxia: the Currency Conversion action converts at least one resource")
			}
		}
		return pay, nil
	}
	check := func(a string) (string, error) {
		pay, err := parse(a)
		if err != nil || pay["oc"]+pay["alwood"]+pay["ammo"] == 0 {
			return a, err
		}
		dry := *c
		dry.Ammo = slices.Clone(c.Ammo)
		_, err = Convert(&dry, m.Resource, pay, limit)
		return a, err
	}
	// Converting is optional in a battle and after a mount or dismount:
	// Enter converts nothing there.
	def := referee.NoDefault
	if !required {
		def = "none"
	}
	a, err := t.ask(referee.Question{Key: prefix + ".pay", Kind: referee.KindText, Default: def, Accepted: "none, or RESOURCE=N items comma-separated, RESOURCE one of oc, alwood, ammo, e.g. oc=1,alwood=1",
		Text:  fmt.Sprintf("%s converts 1:1 into %s (crystal on %s, at most %d): what is paid, e.g. oc=2 or oc=1,alwood=1, or none", c.Player, m.Resource, m.Island, limit),
		Check: check})
	if err != nil {
		return err
	}
	pay, err := parse(a)
	if err != nil {
		return err
	}
	if len(pay) == 0 || (pay["oc"]+pay["alwood"]+pay["ammo"] == 0) {
		return nil
	}
	n, err := Convert(c, m.Resource, pay, limit)
	if err != nil {
		return err
	}
	if c == st.current() {
		st.Convert += n
	}
	t.emit("convert", fmt.Sprintf("%s converts %s into %d %s (crystal on %s): OC %d, AlWood %d, Ammo %d", c.Player, strings.TrimSpace(a), n, m.Resource, m.Island, c.OC, c.AlWood, c.AmmoTotal()),
		map[string]any{"player": c.Player, "pay": pay, "into": m.Resource, "gain": n}, CiteConversion)
	return nil
}

func (t *step) upgrade(c *Clan) error {
	cost := t.v.Cost["upgrade-crystals"]
	if err := actionRefusal(t.st, t.v, "upgrade"); err != nil {
		return err
	}
	c.Crystals -= cost
	c.Ability = 2
	t.emit("upgrade", fmt.Sprintf("%s spends %s: the Clan Leader ability is now 2.0 (free action)", c.Player, referee.Count(cost, "Magic Crystal")), map[string]any{"player": c.Player}, CiteUpgrade)
	return nil
}

func (t *step) ransomAction(c *Clan) error {
	if err := actionRefusal(t.st, t.v, "ransom"); err != nil {
		return err
	}
	opts := ransomable(t.st, c)
	isl, err := referee.Choose(t.p, "wfa.ransom.island", "Which blocked island does "+c.Player+" ransom?", referee.NoDefault, opts...)
	if err != nil {
		return err
	}
	return t.ransom(c, t.st.block(isl))
}

func (t *step) ransom(c *Clan, b *Block) error {
	owner := t.st.clan(b.Owner)
	oc, err := t.askNum("wfa.ransom.oc", fmt.Sprintf("Ransom agreed between %s and %s: OC paid (other conditions are kept at the table)", c.Player, owner.Player), 0, max(0, c.OC))
	if err != nil {
		return err
	}
	al, err := t.askNum("wfa.ransom.alwood", "Ransom: AlWood paid", 0, max(0, c.AlWood))
	if err != nil {
		return err
	}
	c.OC -= oc
	c.AlWood -= al
	owner.OC += oc
	owner.AlWood += al
	owner.Privateer = owner.Home()
	t.st.Held = append(t.st.Held, owner.Clan)
	c.Hostage = c.Hostage.Sub(b.Hostages)
	t.st.removeBlock(b.Island)
	t.emit("ransom", fmt.Sprintf("%s pays %s a ransom of %d OC and %d AlWood: the privateer returns to %s and %s is free (%s released)", c.Player, owner.Player, oc, al, owner.Home(), b.Island, b.Hostages),
		map[string]any{"player": c.Player, "owner": owner.Player, "island": b.Island, "oc": oc, "alwood": al}, CiteRansom)
	return nil
}

func apexState(a *Apex) string {
	switch {
	case a.Covered:
		return "covered for the whole game"
	case a.Pirate:
		return "held by the pirates"
	}
	return "unexplored: its Lost Expedition tile is still on it"
}

// cardsText lists Ammo card values as the table says them: "5+2+1", or
// "none".
func cardsText(cards []int) string {
	if len(cards) == 0 {
		return "none"
	}
	v := make([]string, len(cards))
	for i, n := range cards {
		v[i] = strconv.Itoa(n)
	}
	return strings.Join(v, "+")
}
