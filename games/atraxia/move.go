package atraxia

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// fromRefusal is why none of c's ships can leave from: the rules that
// need only the location, checked in the question that names it.
func (t *step) fromRefusal(c *Clan, from Loc) error {
	st := t.st
	if b := st.block(from.Name); b != nil && b.Victim == c.Clan {
		return referee.RuleError(cites(CiteBlocking), "atraxia: %s's ships on %s are held hostage by %s's privateer and cannot move (\"cannot move or take actions while they are held hostage\")", c.Player, from.Name, st.clan(b.Owner).Player)
	}
	if from.Kind == "isle" && st.Isle.Clan != c.Clan {
		return referee.Usagef("atraxia: %s has no fleet on the Isle of Myth (its fleet there: %s)", c.Player, isleText(st))
	}
	// "Each Apex Island surrounding the Isle of Myth is guarded by one pirate
	// ship" and "If the Clan Leader is Defeated ... The pirate ship retains
	// control of the Apex Island": no clan's ships are on an Apex Island the
	// pirates hold (nor on one still covered by a tile).
	if a := st.apex(from.Name); a != nil && (a.Pirate || a.Tile > 0 || a.Covered) {
		return referee.RuleError(cites(CitePirates, CiteLostExpeditions), "atraxia: no clan's ships are on %s (%s): ships leave only a location where they are", from.Name, apexState(a))
	}
	return nil
}

func isleText(st *State) string {
	if st.Isle.Clan == "" {
		return "nobody's"
	}
	return st.clan(st.Isle.Clan).Player + "'s"
}

func (t *step) checkShips(c *Clan, from Loc, ships Fleet) error {
	st := t.st
	if ships.Empty() {
		return referee.Usagef("atraxia: no ship moves")
	}
	if !c.OnBoard().Add(Fleet{Privateer: ships.Privateer}).Covers(ships) {
		return referee.Usagef("atraxia: %s has %s on the board (reserve and hostages excluded), not %s", c.Player, c.OnBoard(), ships)
	}
	if ships.Capital > 0 && c.Capital != from.Name {
		return referee.Usagef("atraxia: %s's Capital Ship is on %s, not %s", c.Player, c.Capital, from.Name)
	}
	if ships.Privateer > 0 && c.Privateer != from.Name {
		return referee.Usagef("atraxia: %s's privateer is not on %s (it is %q)", c.Player, from.Name, c.Privateer)
	}
	if ships.Privateer > 0 && st.held(c.Clan) {
		return referee.RuleError(cites(CiteRansom), "atraxia: %s's privateer returned to %s this turn: it \"can be moved again by the Clan Leader on a subsequent turn\"", c.Player, c.Home())
	}
	if err := t.fromRefusal(c, from); err != nil {
		return err
	}
	if from.Kind == "isle" && !st.Isle.Fleet.Covers(ships) {
		return referee.Usagef("atraxia: %s's fleet on the Isle of Myth is %s, not %s", c.Player, st.Isle.Fleet, ships)
	}
	return nil
}

// moved updates what bosun tracks when ships move from -> to.
func (t *step) moved(c *Clan, from, to Loc, ships Fleet) {
	st := t.st
	if ships.Capital > 0 {
		c.Capital = to.Name
	}
	if ships.Privateer > 0 {
		c.Privateer = to.Name
	}
	if from.Kind == "isle" {
		st.Isle.Fleet = st.Isle.Fleet.Sub(ships)
		if ships.Capital > 0 && st.Isle.Holder == c.Clan {
			st.Isle.Left = true
		}
		if st.Isle.Fleet.Empty() {
			st.Isle.Clan = ""
		}
	}
	if to.Kind == "apex" {
		c.ApexEntered = true
	}
	if to.Kind == "isle" {
		st.Isle.Clan = c.Clan
		st.Isle.Fleet = st.Isle.Fleet.Add(ships)
		if ships.Capital > 0 {
			t.isleCapitalEnters(c)
		}
	}
}

func (t *step) isleCapitalEnters(c *Clan) {
	st := t.st
	if st.Isle.Holder == c.Clan && st.Isle.Left {
		st.Isle.Left = false
		t.emit("isle", fmt.Sprintf("%s's Capital Ship returns to the Isle of Myth in the same turn: control is kept", c.Player), map[string]any{"player": c.Player}, CiteIsle)
	} else {
		st.Isle.Holder, st.Isle.Upkeeps, st.Isle.Left = c.Clan, 0, false
		t.emit("isle", fmt.Sprintf("%s controls the Isle of Myth (Capital Ship present); upkeep is due at the start of %s's next turn", c.Player, c.Player), map[string]any{"player": c.Player}, CiteIsleControl)
	}
	if !st.Isle.Entered {
		t.startCountdown()
	}
}

// startCountdown: "when any fleet containing a Capital Ship enters the Isle
// of Myth for the first time, the game will end after 5 more rounds ...
// immediately place the Turn Tracker token on the number 5".
func (t *step) startCountdown() {
	st := t.st
	st.Isle.Entered = true
	st.Count = t.v.Countdown
	st.EntryRound = st.Round
	how := "down one at each round's end; the round at 1 is the last"
	if st.Opts.Countdown == "after-entry" {
		how = "it stays there at the end of this round, then goes down one at each round's end; the round at 1 is the last"
	}
	t.emit("countdown", fmt.Sprintf("First Capital Ship on the Isle of Myth: the end game starts; place the turn tracker on %d (%s; it cannot be stopped)", st.Count, how),
		map[string]any{"countdown": st.Count}, CiteGameEnd, CiteIsle)
}

// destRefusal is why c's ships cannot Move from -> to, whatever ships
// move: the rules that need only the two locations, checked in the
// question that names the destination (before the ships are asked).
func (t *step) destRefusal(c *Clan, from, to Loc) error {
	st := t.st
	mv := cites(CiteMoveRedistribute)
	if from.Name == to.Name {
		return referee.Usagef("atraxia: a move goes to another location than %s", from.Name)
	}
	teleport := c.hasTeleporter(from.Name) && c.hasTeleporter(to.Name)
	if err := crossesToCentral(c, from, to, teleport); err != nil {
		return err
	}
	switch to.Kind {
	case "isle":
		if from.Kind != "apex" {
			return referee.RuleError(cites(CiteDockable, CiteIsle), "atraxia: the Isle of Myth is reached only from an adjacent Apex Island, not from %s", from.Name)
		}
		if st.Isle.Clan == c.Clan && st.Isle.Fleet.Capital > 0 {
			return referee.RuleError(mv, "atraxia: %s already controls the Isle of Myth: Move Ships goes only to locations not under the Clan Leader's control", c.Player)
		}
	case "home", "south":
		if to.Clan != c.Clan && !from.Dockable() {
			return referee.RuleError(cites(CiteDockable), "atraxia: %s is a non-dockable island of the %s clan: it is entered only from an adjacent dockable island, not from %s", to.Name, to.Clan, from.Name)
		}
	case "apex":
		if st.apex(to.Name).Covered {
			return referee.RuleError(cites(CiteGameSetup), "atraxia: %s stays covered throughout a 5-player game", to.Name)
		}
	}
	if to.Kind != "isle" {
		if b := st.block(to.Name); b != nil && b.Victim != c.Clan {
			return referee.RuleError(cites(CiteBlocking), "atraxia: %s is blocked by %s's privateer: no other clan may move onto it until ransom is paid or the privateer is fought", to.Name, st.clan(b.Owner).Player)
		}
		if c.Capital == to.Name {
			return referee.RuleError(mv, "atraxia: %s's Capital Ship is on %s, so %s controls it: Move Ships goes only to a location not under the Clan Leader's control (use Redistribute Ships)", c.Player, to.Name, c.Player)
		}
	}
	return nil
}

// moveShipsRefusal is why ships cannot Move from -> to, given what is
// there (holder, nil when no clan) and the room left: the rules that need
// the ships, checked in the ships question.
func (t *step) moveShipsRefusal(c *Clan, from, to Loc, holder *Clan, room int, ships Fleet) error {
	st := t.st
	if err := t.checkShips(c, from, ships); err != nil {
		return err
	}
	pr := cites(CitePrivateerRules)
	switch to.Kind {
	case "isle":
		if ships.Privateer > 0 {
			return referee.RuleError(pr, "atraxia: the privateer never moves onto a non-dockable island such as the Isle of Myth")
		}
		// A clan has 1 Capital Ship, 5 Destroyers, 5 Frigates and 6
		// Gunboats: its fleet on the Isle is never more than its ships on
		// the board.
		if st.Isle.Clan == c.Clan && !c.OnBoard().Covers(st.Isle.Fleet.Add(ships)) {
			return referee.RuleError(cites(CitePlayerSetup), "atraxia: %s's fleet on the Isle of Myth is %s already; with %s more it would exceed %s's ships on the board (%s)", c.Player, st.Isle.Fleet, ships, c.Player, c.OnBoard())
		}
	case "apex":
		a := st.apex(to.Name)
		unexplored := a.Tile > 0 || a.Pirate
		if ships.Capital == 0 && ((st.Opts.ApexCapital == "clan" && !c.ApexEntered) || (st.Opts.ApexCapital == "island" && unexplored)) {
			return referee.RuleError(cites(CiteMoveRedistribute, CiteShips), "atraxia: the first time a Clan Leader moves to the Apex Islands, the Capital Ship must be part of the fleet (%s's is on %s)", c.Player, c.Capital)
		}
		if a.Tile > 0 && ships.Privateer > 0 && ships.Ships() == 1 {
			return referee.RuleError(pr, "atraxia: the privateer alone cannot explore an Apex Island")
		}
		if a.Pirate && ships.Privateer > 0 {
			return referee.RuleError(pr, "atraxia: a privateer avoids combat and cannot be part of a fleet meeting the pirates")
		}
	}
	if b := st.block(to.Name); b != nil && to.Kind != "isle" && ships.Privateer > 0 {
		return referee.RuleError(pr, "atraxia: a privateer cannot fight another privateer")
	}
	if ships.Privateer > 0 && holder != nil && st.block(to.Name) == nil {
		if err := t.privateerBlockRefusal(c, holder, from, to, ships); err != nil {
			return err
		}
	}
	return t.roomRefusal(to, ships.Ships(), room)
}

func (t *step) move(c *Clan) error {
	st := t.st
	from, err := t.askLoc("wfa.move.from", fmt.Sprintf("%s moves ships: from which location?", c.Player), func(from Loc) error { return t.fromRefusal(c, from) })
	if err != nil {
		return err
	}
	// The destination is asked, and what is there, before the ships: a
	// destination found impossible later (full, or under the clan's own
	// control) is asked again with the reason, the other answers kept.
	skip := excluded{}
	var to Loc
	var holder *Clan
	var defends []*Clan // privateers alone on the destination
	var block *Block
	room := unlimited
	for {
		to, err = t.askLoc("wfa.move.to", fmt.Sprintf("%s moves ships from %s: to which adjacent location (or one joined by %s's teleporters) not under %s's control?", c.Player, from.Name, c.Player, c.Player), skip.check, func(to Loc) error {
			return t.destRefusal(c, from, to)
		})
		if err != nil {
			return err
		}
		holder, defends, block = nil, nil, nil
		empty := false
		switch {
		case to.Kind == "isle":
			if st.Isle.Clan != "" && st.Isle.Clan != c.Clan {
				holder = st.clan(st.Isle.Clan)
			}
		case to.Kind == "apex" && (st.apex(to.Name).Tile > 0 || st.apex(to.Name).Pirate):
			// No clan's ships are there (fromRefusal).
			empty = true
		case st.block(to.Name) != nil:
			block = st.block(to.Name)
		default:
			opts := []string{"none", "self"}
			for _, o := range st.active() {
				if o != c {
					opts = append(opts, o.Clan)
				}
			}
			h, err := referee.Choose(t.p, "wfa.move.to.holder", fmt.Sprintf("Whose ships are on %s now (self: %s's own, then Move Ships cannot go there)?", to.Name, c.Player), referee.NoDefault, opts...)
			if err != nil {
				return err
			}
			switch h {
			case "self":
				why := fmt.Sprintf("%s's own ships are there: Move Ships goes only to a location not under the Clan Leader's control (Redistribute Ships moves along a connected trail)", c.Player)
				skip[to.Name] = why
				t.emit("move-refused", fmt.Sprintf("%s: %s; name another destination", to.Name, why), map[string]any{"player": c.Player, "to": to.Name}, CiteMoveRedistribute)
				continue
			case "none":
				// "Opposing fleets cannot exist in the same location.
				// Whenever a Clan Leader's fleet moves into a location
				// already occupied by another Clan Leader's fleet, a battle
				// is triggered": a privateer alone (say on its Home Base)
				// controls nothing but is a ship of its clan, and "can be
				// part of a defending fleet, if the battle is triggered on
				// the island where the privateer is already located".
				empty = c.Privateer != to.Name
				for _, o := range st.active() {
					if o != c && o.Privateer == to.Name {
						holder, empty = o, false
						defends = append(defends, o)
					}
				}
			default:
				holder = st.clan(h)
			}
		}
		if room, err = t.room("wfa.move.to", to, empty); err != nil {
			return err
		}
		if room <= 0 {
			why := fmt.Sprintf("its fleet capacity of %d is full (%s there): no ship can enter it, so it cannot be attacked either", t.capa, referee.Count(t.present, "ship"))
			skip[to.Name] = why
			t.emit("move-refused", fmt.Sprintf("%s: %s; name another destination", to.Name, why), map[string]any{"player": c.Player, "to": to.Name, "capacity": t.capa, "present": t.present}, CiteFleetCapacity)
			continue
		}
		break
	}
	ships, err := t.askFleet("wfa.move.ships", fmt.Sprintf("Which ships move from %s to %s (all to the same location; room for %s)?", from.Name, to.Name, roomText(room)), referee.NoDefault, func(ships Fleet) error {
		return t.moveShipsRefusal(c, from, to, holder, room, ships)
	})
	if err != nil {
		return err
	}
	teleport := c.hasTeleporter(from.Name) && c.hasTeleporter(to.Name)
	if a := st.apex(to.Name); a != nil && a.Tile > 0 {
		return t.explore(c, a, from, to, ships)
	}
	if a := st.apex(to.Name); a != nil && a.Pirate {
		return t.pirate(c, a, from, to, ships)
	}
	if block != nil {
		return t.freeIsland(c, block, from, ships, false)
	}
	for _, o := range defends {
		t.emit("privateer-defends", fmt.Sprintf("%s's privateer is on %s: %s's fleet moving in meets it in battle", o.Player, to.Name, c.Player), map[string]any{"player": o.Player, "location": to.Name}, CiteWarfare, CitePrivateerRules)
	}
	if ships.Privateer > 0 && holder != nil {
		return t.privateerBlock(c, holder, from, to, ships)
	}
	if holder != nil {
		return t.battle(c, holder, from, to, ships)
	}
	t.moved(c, from, to, ships)
	how := "moves"
	if teleport {
		how = "teleports"
	}
	t.emit("move", fmt.Sprintf("%s %s %s from %s to %s", c.Player, how, ships, from.Name, to.Name), map[string]any{"player": c.Player, "from": from.Name, "to": to.Name, "ships": ships, "teleport": teleport}, CiteMoveRedistribute, CiteControlling)
	return nil
}

func roomText(room int) string {
	if room >= unlimited {
		return "any number of ships"
	}
	return referee.Count(room, "more ship")
}

// explore resolves a Lost Expedition tile.
func (t *step) explore(c *Clan, a *Apex, from, to Loc, ships Fleet) error {
	st := t.st
	oc, err := t.askNum("wfa.explore.oc", fmt.Sprintf("%s looks secretly at the Lost Expedition tile on %s: OC of the exploration cost", c.Player, a.Name), 0, 99)
	if err != nil {
		return err
	}
	al, err := t.askNum("wfa.explore.alwood", "AlWood of the exploration cost", 0, 99)
	if err != nil {
		return err
	}
	data := map[string]any{"player": c.Player, "apex": a.Name, "tile": a.Tile}
	if c.OC >= oc && c.AlWood >= al {
		c.OC -= oc
		c.AlWood -= al
		c.Crystals++
		data["paid_oc"], data["paid_alwood"] = oc, al
		a.Tile = 0
		t.moved(c, from, to, ships)
		t.emit("explore", fmt.Sprintf("%s pays the exploration cost (%d OC, %d AlWood), collects 1 Magic Crystal and moves %s onto %s; the tile goes back to the box", c.Player, oc, al, ships, a.Name), data, CiteLostExpeditions)
		return nil
	}
	// Cannot pay: the fleet stays; the remaining tiles shift one step clockwise.
	var idx []int
	for i, x := range st.Apex {
		if x.Tile > 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) > 1 {
		last := st.Apex[idx[len(idx)-1]].Tile
		for k := len(idx) - 1; k > 0; k-- {
			st.Apex[idx[k]].Tile = st.Apex[idx[k-1]].Tile
		}
		st.Apex[idx[0]].Tile = last
	}
	t.emit("explore", fmt.Sprintf("%s cannot pay the exploration cost (%d OC, %d AlWood; has %d OC, %d AlWood): the fleet does not move, the tile stays face down and every remaining Lost Expedition tile shifts one step clockwise", c.Player, oc, al, c.OC, c.AlWood), data, CiteLostExpeditions)
	return nil
}

// redistribute moves ships along one connected trail.
func (t *step) redistribute(c *Clan) error {
	st := t.st
	from, err := t.askLoc("wfa.redistribute.from", fmt.Sprintf("%s redistributes ships along one connected trail: from which location?", c.Player), func(from Loc) error {
		if from.Kind == "isle" {
			return referee.RuleError(cites(CiteConnectedTrail), "atraxia: the Isle of Myth cannot be part of a connected trail")
		}
		return t.fromRefusal(c, from)
	})
	if err != nil {
		return err
	}
	// The destinations are parsed and checked inside the question, so a
	// typo is re-asked at a terminal instead of ending the step.
	parse := func(a string) ([]Loc, error) {
		var dests []Loc
		seen := map[string]bool{}
		for _, it := range referee.SplitList(a) {
			l, err := st.parseLoc(it)
			if err != nil {
				return nil, err
			}
			if l.Kind == "isle" {
				return nil, referee.RuleError(cites(CiteConnectedTrail), "atraxia: the Isle of Myth cannot be part of a connected trail")
			}
			if l.Name == from.Name {
				return nil, referee.Usagef("atraxia: %s is where the ships start", l.Name)
			}
			if seen[l.Name] {
				return nil, referee.Usagef("atraxia: %s is named twice", l.Name)
			}
			seen[l.Name] = true
			if ap := st.apex(l.Name); ap != nil && (ap.Covered || ap.Pirate || ap.Tile > 0) {
				// Redistribute runs along a Connected Trail of controlled
				// locations; an unexplored or pirate-held Apex Island is entered
				// by Move Ships ("to any immediately adjacent location which is
				// NOT under the Clan Leader's control").
				return nil, referee.RuleError(cites(CiteConnectedTrail, CiteMoveRedistribute), "atraxia: %s is not controlled by %s (%s): Redistribute Ships goes along a connected trail; enter it by Move Ships", l.Name, c.Player, apexState(ap))
			}
			if b := st.block(l.Name); b != nil && b.Victim != c.Clan {
				return nil, referee.RuleError(cites(CiteBlocking), "atraxia: %s is blocked by %s's privateer: no other clan may move onto it", l.Name, st.clan(b.Owner).Player)
			}
			dests = append(dests, l)
		}
		if len(dests) == 0 {
			return nil, referee.Usagef("atraxia: give at least one destination")
		}
		return dests, nil
	}
	syntax := st.locSyntax()
	a, err := t.ask(referee.Question{Key: "wfa.redistribute.to", Kind: referee.KindText, Accepted: "locations comma-separated, each " + syntax,
		Text:  fmt.Sprintf("To which locations along the same connected trail (controlled by %s, comma-separated)? (%s)", c.Player, syntax),
		Check: func(a string) (string, error) { _, err := parse(a); return a, err }})
	if err != nil {
		return err
	}
	dests, err := parse(a)
	if err != nil {
		return err
	}
	// Each destination's room is asked before its ships, so the ships
	// question refuses more than fit; a full destination gets none.
	var total Fleet
	moved := 0
	for i, d := range dests {
		room, err := t.room("wfa.redistribute", d, false)
		if err != nil {
			return err
		}
		if room <= 0 {
			t.emit("redistribute", fmt.Sprintf("%s is full (fleet capacity %d, %s there): no ship of %s goes there", d.Name, t.capa, referee.Count(t.present, "ship"), c.Player),
				map[string]any{"player": c.Player, "to": d.Name, "capacity": t.capa, "present": t.present}, CiteFleetCapacity)
			continue
		}
		last := i == len(dests)-1
		b := st.block(d.Name)
		ships, err := t.askFleet("wfa.redistribute.ships", fmt.Sprintf("Which ships go from %s to %s (room for %s; none for none)?", from.Name, d.Name, roomText(room)), referee.NoDefault, func(ships Fleet) error {
			if ships.Empty() {
				if last && moved == 0 {
					return referee.Usagef("atraxia: Redistribute Ships moves at least one ship; none went to the other destinations")
				}
				return nil
			}
			if err := t.checkShips(c, from, total.Add(ships)); err != nil {
				return err
			}
			if b != nil && ships.Privateer > 0 {
				return referee.RuleError(cites(CitePrivateerRules), "atraxia: a privateer cannot fight another privateer")
			}
			return t.roomRefusal(d, ships.Ships(), room)
		})
		if err != nil {
			return err
		}
		if ships.Empty() {
			continue
		}
		moved++
		total = total.Add(ships)
		if b != nil {
			if err := t.freeIsland(c, b, from, ships, false); err != nil {
				return err
			}
			continue
		}
		t.moved(c, from, d, ships)
		t.emit("redistribute", fmt.Sprintf("%s redistributes %s from %s to %s", c.Player, ships, from.Name, d.Name), map[string]any{"player": c.Player, "from": from.Name, "to": d.Name, "ships": ships}, CiteMoveRedistribute, CiteConnectedTrail)
	}
	if moved == 0 {
		t.emit("redistribute", fmt.Sprintf("%s redistributes no ship: every destination named is full", c.Player), map[string]any{"player": c.Player}, CiteFleetCapacity, CiteMoveRedistribute)
	}
	return nil
}

// crossesToCentral refuses a move between a non-dockable island of a player
// continent (its Home Base or the other southern island) and an Apex Island
// of the Central Continent, unless the clan's teleporters join them. "Place
// each board so that the northernmost island on each board is attached to an
// Apex Island of the central continent" and "When crossing to another
// continent, dockable islands must be used"; "Once built, Clan Leaders can
// consider islands with their teleporters as adjacent".
func crossesToCentral(c *Clan, from, to Loc, teleport bool) error {
	south := func(l Loc) bool { return l.Kind == "home" || l.Kind == "south" }
	// "Place each board so that the northernmost island on each board is
	// attached to an Apex Island of the central continent ... Player
	// Continents should be spaced as evenly as possible, and not connect to
	// one another": no island of one player continent is adjacent to an
	// island of another; only teleporters join them.
	if !teleport && from.Clan != "" && to.Clan != "" && from.Clan != to.Clan {
		tele := c.Home() + " (built in)"
		if len(c.Teleporters) > 0 {
			tele += ", " + strings.Join(c.Teleporters, ", ")
		}
		return referee.RuleError(cites(CiteGameSetup, CiteDockable, CiteTeleporterBuild),
			"atraxia: %s -> %s is not a move to an adjacent location: player continents \"not connect to one another\" (the %s and %s continents each attach only to an Apex Island). Accepted: go by way of the Apex Islands (%s-1 <-> apex <-> %s-1), or between two of %s's teleporters (teleporter+move deploys them; now on %s)",
			from.Name, to.Name, from.Clan, to.Clan, from.Clan, to.Clan, c.Player, tele)
	}
	if teleport || !((south(from) && to.Kind == "apex") || (from.Kind == "apex" && south(to))) {
		return nil
	}
	island := from
	if !south(from) {
		island = to
	}
	tele := c.Home() + " (built in)"
	if len(c.Teleporters) > 0 {
		tele += ", " + strings.Join(c.Teleporters, ", ")
	}
	return referee.RuleError(cites(CiteDockable, CiteMoveRedistribute, CiteTeleporterBuild),
		"atraxia: %s -> %s is not a move to an adjacent location: %s is a non-dockable island of the %s continent, and the Apex Islands attach to each continent's northernmost island (%s-1; \"When crossing to another continent, dockable islands must be used\"). Accepted: go by way of the %s continent's dockable islands, or between two of %s's teleporters (teleporter+move deploys them; now on %s)",
		from.Name, to.Name, island.Name, island.Clan, island.Clan, island.Clan, c.Player, tele)
}

// LastRound is the last round of the game when the first Capital Ship
// enters the Isle of Myth in round entry: "the game will end after 5 more
// rounds" (countdown=after-entry), or the entry round is the marker's 5 and
// the round at 1 is the last (countdown=marker).
func LastRound(v Values, entry int, countdown string) int {
	if countdown == "marker" {
		return entry + v.Countdown - 1
	}
	return entry + v.Countdown
}

// CountdownRound is one round of the end game: where the turn tracker
// stands during it.
type CountdownRound struct {
	Round  int  `json:"round"`
	Marker int  `json:"marker"`
	Last   bool `json:"last,omitempty"`
}

// Countdown lists the rounds from the entry round to the last, with the
// turn tracker during each (as a session moves it).
func Countdown(v Values, entry int, countdown string) []CountdownRound {
	var out []CountdownRound
	last := LastRound(v, entry, countdown)
	for r := entry; r <= last; r++ {
		m := v.Countdown - (r - entry)
		if countdown != "marker" && r > entry {
			m++
		}
		out = append(out, CountdownRound{Round: r, Marker: m, Last: r == last})
	}
	return out
}
