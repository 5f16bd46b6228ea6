package atraxia

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

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
	if b := st.block(from.Name); b != nil && b.Victim == c.Clan {
		return referee.RuleError(cites(CiteBlocking), "atraxia: %s's ships on %s are held hostage by %s's privateer and cannot move", c.Player, from.Name, st.clan(b.Owner).Player)
	}
	if from.Kind == "isle" && (st.Isle.Clan != c.Clan || !st.Isle.Fleet.Covers(ships)) {
		return referee.Usagef("atraxia: %s's fleet on the Isle of Myth is %s, not %s", c.Player, st.Isle.Fleet, ships)
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

func (t *step) move(c *Clan) error {
	st := t.st
	from, err := t.askLoc("wfa.move.from", fmt.Sprintf("%s moves ships: from which location?", c.Player))
	if err != nil {
		return err
	}
	to, err := t.askLoc("wfa.move.to", fmt.Sprintf("%s moves ships from %s: to which adjacent location (or one joined by %s's teleporters)?", c.Player, from.Name, c.Player), func(to Loc) error {
		if from.Name == to.Name {
			return referee.Usagef("atraxia: a move goes to another location")
		}
		return nil
	})
	if err != nil {
		return err
	}
	ships, err := t.askFleet("wfa.move.ships", fmt.Sprintf("Which ships move from %s to %s (all to the same location)?", from.Name, to.Name), func(ships Fleet) error {
		return t.checkShips(c, from, ships)
	})
	if err != nil {
		return err
	}
	teleport := c.hasTeleporter(from.Name) && c.hasTeleporter(to.Name)
	mv := cites(CiteMoveRedistribute)
	if err := crossesToCentral(c, from, to, teleport); err != nil {
		return err
	}
	// Where the fleet may go.
	switch to.Kind {
	case "isle":
		if from.Kind != "apex" {
			return referee.RuleError(cites(CiteDockable, CiteIsle), "atraxia: the Isle of Myth is reached only from an adjacent Apex Island, not from %s", from.Name)
		}
		if st.Isle.Clan == c.Clan && st.Isle.Fleet.Capital > 0 {
			return referee.RuleError(mv, "atraxia: %s already controls the Isle of Myth: Move Ships goes only to locations not under the Clan Leader's control", c.Player)
		}
		if ships.Privateer > 0 {
			return referee.RuleError(cites(CitePrivateerRules), "atraxia: the privateer never moves onto a non-dockable island such as the Isle of Myth")
		}
		// A clan has 1 Capital Ship, 5 Destroyers, 5 Frigates and 6
		// Gunboats: its fleet on the Isle is never more than its ships on
		// the board.
		if st.Isle.Clan == c.Clan && !c.OnBoard().Covers(st.Isle.Fleet.Add(ships)) {
			return referee.RuleError(cites(CitePlayerSetup), "atraxia: %s's fleet on the Isle of Myth is %s already; with %s more it would exceed %s's ships on the board (%s)", c.Player, st.Isle.Fleet, ships, c.Player, c.OnBoard())
		}
	case "home", "south":
		if to.Clan != c.Clan && !from.Dockable() {
			return referee.RuleError(cites(CiteDockable), "atraxia: %s is a non-dockable island of the %s clan: it is entered only from an adjacent dockable island, not from %s", to.Name, to.Clan, from.Name)
		}
	case "apex":
		a := st.apex(to.Name)
		if a.Covered {
			return referee.RuleError(cites(CiteGameSetup), "atraxia: %s stays covered throughout a 5-player game", to.Name)
		}
		unexplored := a.Tile > 0 || a.Pirate
		if ships.Capital == 0 && ((st.Opts.ApexCapital == "clan" && !c.ApexEntered) || (st.Opts.ApexCapital == "island" && unexplored)) {
			return referee.RuleError(cites(CiteMoveRedistribute, CiteShips), "atraxia: the first time a Clan Leader moves to the Apex Islands, the Capital Ship must be part of the fleet")
		}
		if a.Tile > 0 {
			if ships.Privateer > 0 && ships.Ships() == 1 {
				return referee.RuleError(cites(CitePrivateerRules), "atraxia: the privateer alone cannot explore an Apex Island")
			}
			if err := t.capacity("wfa.move.to", to, ships.Ships()); err != nil {
				return err
			}
			return t.explore(c, a, from, to, ships)
		}
		if a.Pirate {
			if ships.Privateer > 0 {
				return referee.RuleError(cites(CitePrivateerRules), "atraxia: a privateer avoids combat and cannot be part of a fleet meeting the pirates")
			}
			if err := t.capacity("wfa.move.to", to, ships.Ships()); err != nil {
				return err
			}
			return t.pirate(c, a, from, to, ships)
		}
	}
	// Who is there?
	var holder *Clan
	if to.Kind == "isle" {
		if st.Isle.Clan != "" && st.Isle.Clan != c.Clan {
			holder = st.clan(st.Isle.Clan)
		}
	} else {
		if b := st.block(to.Name); b != nil {
			if b.Victim != c.Clan {
				return referee.RuleError(cites(CiteBlocking), "atraxia: %s is blocked by %s's privateer: no other clan may move onto it until ransom is paid or the privateer is fought", to.Name, st.clan(b.Owner).Player)
			}
			if ships.Privateer > 0 {
				return referee.RuleError(cites(CitePrivateerRules), "atraxia: a privateer cannot fight another privateer")
			}
			if err := t.capacity("wfa.move.to", to, ships.Ships()); err != nil {
				return err
			}
			return t.freeIsland(c, b, from, ships, false)
		}
		opts := []string{"none", "self"}
		for _, o := range st.active() {
			if o != c {
				opts = append(opts, o.Clan)
			}
		}
		h, err := referee.Choose(t.p, "wfa.move.to.holder", fmt.Sprintf("Whose ships are on %s now?", to.Name), opts...)
		if err != nil {
			return err
		}
		switch h {
		case "self":
			return referee.RuleError(mv, "atraxia: %s already controls %s: Move Ships goes only to a location not under the Clan Leader's control (use Redistribute Ships)", c.Player, to.Name)
		case "none":
			// "Opposing fleets cannot exist in the same location. Whenever a
			// Clan Leader's fleet moves into a location already occupied by
			// another Clan Leader's fleet, a battle is triggered": a privateer
			// alone (say on its Home Base) controls nothing but is a ship of
			// its clan, and "can be part of a defending fleet, if the battle
			// is triggered on the island where the privateer is already
			// located".
			for _, o := range st.active() {
				if o != c && o.Privateer == to.Name {
					holder = o
					t.emit("privateer-defends", fmt.Sprintf("%s's privateer is on %s: %s's fleet moving in meets it in battle", o.Player, to.Name, c.Player), map[string]any{"player": o.Player, "location": to.Name}, CiteWarfare, CitePrivateerRules)
				}
			}
		default:
			holder = st.clan(h)
		}
		if err := t.capacity("wfa.move.to", to, ships.Ships()); err != nil {
			return err
		}
	}
	if ships.Privateer > 0 {
		if holder != nil {
			return t.privateerBlock(c, holder, from, to, ships, teleport)
		}
		if ships.Ships() == 1 && to.Kind == "isle" {
			return referee.RuleError(cites(CitePrivateerRules), "atraxia: the privateer alone does not control a location")
		}
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
		return nil
	})
	if err != nil {
		return err
	}
	// The destinations are parsed and checked inside the question, so a
	// typo is re-asked at a terminal instead of ending the step.
	parse := func(a string) ([]Loc, error) {
		var dests []Loc
		for _, it := range referee.SplitList(a) {
			l, err := ParseLoc(it)
			if err != nil {
				return nil, err
			}
			if l.Kind == "isle" {
				return nil, referee.RuleError(cites(CiteConnectedTrail), "atraxia: the Isle of Myth cannot be part of a connected trail")
			}
			if l.Name == from.Name {
				return nil, referee.Usagef("atraxia: %s is where the ships start", l.Name)
			}
			if ap := st.apex(l.Name); ap != nil && (ap.Covered || ap.Pirate || ap.Tile > 0) {
				// Redistribute runs along a Connected Trail of controlled
				// locations; an unexplored or pirate-held Apex Island is entered
				// by Move Ships ("to any immediately adjacent location which is
				// NOT under the Clan Leader's control").
				return nil, referee.RuleError(cites(CiteConnectedTrail, CiteMoveRedistribute), "atraxia: %s is not controlled by %s (%s): Redistribute Ships goes along a connected trail; enter it by Move Ships", l.Name, c.Player, apexState(ap))
			}
			dests = append(dests, l)
		}
		if len(dests) == 0 {
			return nil, referee.Usagef("atraxia: give at least one destination")
		}
		return dests, nil
	}
	a, err := t.p.Ask(referee.Question{Key: "wfa.redistribute.to", Kind: referee.KindText, Accepted: "locations comma-separated, each " + LocSyntax,
		Text:  fmt.Sprintf("To which locations along the same connected trail (controlled by %s, comma-separated)? (%s)", c.Player, LocSyntax),
		Check: func(a string) (string, error) { _, err := parse(a); return a, err }})
	if err != nil {
		return err
	}
	dests, err := parse(a)
	if err != nil {
		return err
	}
	var total Fleet
	for _, d := range dests {
		ships, err := t.askFleet("wfa.redistribute.ships", fmt.Sprintf("Which ships go from %s to %s?", from.Name, d.Name), func(ships Fleet) error {
			return t.checkShips(c, from, total.Add(ships))
		})
		if err != nil {
			return err
		}
		total = total.Add(ships)
		if err := t.capacity("wfa.redistribute", d, ships.Ships()); err != nil {
			return err
		}
		if b := st.block(d.Name); b != nil {
			if b.Victim != c.Clan {
				return referee.RuleError(cites(CiteBlocking), "atraxia: %s is blocked by %s's privateer: no other clan may move onto it", d.Name, st.clan(b.Owner).Player)
			}
			if ships.Privateer > 0 {
				return referee.RuleError(cites(CitePrivateerRules), "atraxia: a privateer cannot fight another privateer")
			}
			if err := t.freeIsland(c, b, from, ships, false); err != nil {
				return err
			}
			continue
		}
		t.moved(c, from, d, ships)
		t.emit("redistribute", fmt.Sprintf("%s redistributes %s from %s to %s", c.Player, ships, from.Name, d.Name), map[string]any{"player": c.Player, "from": from.Name, "to": d.Name, "ships": ships}, CiteMoveRedistribute, CiteConnectedTrail)
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
