package atraxia

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func actionKnown(a string) bool {
	for _, x := range Actions {
		if x == a {
			return true
		}
	}
	return false
}

// freeLeft reports whether a free action (upgrade, ransom) is allowed now.
func freeLeft(st *State, v Values) bool {
	return actionRefusal(st, v, "upgrade") == nil || actionRefusal(st, v, "ransom") == nil
}

// OfferedActions are the answers of wfa.turn.action the clan whose turn it
// is can take now. An action is left out only when what bosun tracks
// (resources, crystals, reserve, blocks, this turn's purchases, mounts and
// conversions) shows the rules forbid it; what lies on the physical board
// and is not tracked (which islands are barren, adjacency, connected
// trails, where the Gunboats stand) keeps an action offered.
func OfferedActions(st *State, v Values) []string {
	var out []string
	for _, a := range Actions {
		if actionRefusal(st, v, a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// chooseAction asks wfa.turn.action offering only the legal actions (a
// menu, and the accepted values of a missing answer, list only those). An
// answer given ahead (--set, an answers file, stdin) is read against every
// action, so one the rules forbid now is refused with the rule that
// forbids it and the actions accepted now, not as "not an option".
func (t *step) chooseAction(text string) (string, error) {
	offered := OfferedActions(t.st, t.v)
	refuse := func(act string) error {
		if err := actionRefusal(t.st, t.v, act); err != nil {
			var ue *referee.UsageError
			if errors.As(err, &ue) {
				return referee.RuleError(ue.Cites, "%s; accepted now: %s", ue.Msg, strings.Join(offered, ", "))
			}
			return err
		}
		return nil
	}
	// The refusal runs inside the question too, so an action the rules
	// forbid now is re-asked at a terminal (a scripted one is refused as
	// before).
	q := referee.Question{Key: "wfa.turn.action", Text: text, Kind: referee.KindChoose, Options: offered, Default: referee.NoDefault,
		Accepted: "one of: " + strings.Join(offered, ", "),
		Check:    func(a string) (string, error) { return a, refuse(a) }}
	if t.st.Started && t.st.Actions >= t.st.Allowed {
		// After the last Active Action ending the turn is the likely
		// answer: the menu starts on it.
		q.Options = append([]string{"end"}, slices.DeleteFunc(slices.Clone(offered), func(a string) bool { return a == "end" })...)
		q.Default = "end"
	}
	if referee.AnsweredAhead(t.p, q.Key) {
		q.Options = Actions
	}
	act, err := t.ask(q)
	if err != nil {
		return "", err
	}
	if err := refuse(act); err != nil {
		return "", err
	}
	return act, nil
}

// actionRefusal is why the clan whose turn it is cannot take action a now,
// or nil. Each action checks it first, so the menu and the action agree.
func actionRefusal(st *State, v Values, a string) error {
	c := st.current()
	switch a {
	case "upgrade", "ransom", "end":
	default:
		// "On each turn, a Clan Leader may perform any two Active Actions"
		// (three with the whole continent); the free actions stay.
		if st.Started && st.Actions >= st.Allowed && actionKnown(a) {
			return referee.RuleError(cites(CitePlayerActions), "atraxia: %s has taken the %s of this turn: only the free actions (upgrade, ransom) remain, or end", c.Player, referee.Count(st.Allowed, "Active Action"))
		}
	}
	switch a {
	case "collect", "move", "redistribute", "end":
		// Where the Gunboats stand, adjacency and connected trails are on
		// the board: bosun cannot rule these out.
		return nil
	case "rebuild+collect":
		// Which islands are barren is not tracked (the rulebook prints
		// Rebuild Barren Island only on the player mat): only its cost is
		// checked.
		if cost := v.Cost["rebuild-alwood"]; c.AlWood < cost {
			return referee.RuleError(cites(CitePlayerActions), "atraxia: Rebuild Barren Island costs %d AlWood (player mat: \"Rebuild Barren Island (cost 3 AlWood)\"); %s has %d", cost, c.Player, c.AlWood)
		}
	case "buy":
		return buyRefusal(st, v, c)
	case "power+buy":
		return powerRefusal(st, v, c)
	case "teleporter+move", "teleporter+redistribute":
		return teleporterRefusal(st, v, c)
	case "convert":
		return convertRefusal(st, v, c)
	case "mount+convert":
		return mountRefusal(st, v, c)
	case "dismount+convert":
		return dismountRefusal(st, v, c)
	case "upgrade":
		if c.Ability >= 2 {
			return referee.RuleError(cites(CiteUpgrade), "atraxia: \"Clan Leaders can spend one Magic Crystal to permanently upgrade their Clan Leader ability to the 2.0 version\": %s's Clan Leader ability is already 2.0", c.Player)
		}
		if cost := v.Cost["upgrade-crystals"]; c.Crystals < cost {
			return referee.RuleError(cites(CiteUpgrade), "atraxia: \"Clan Leaders can spend one Magic Crystal to permanently upgrade their Clan Leader ability\": the upgrade costs %s; %s has %d (mounted crystals cannot be spent)", referee.Count(cost, "Magic Crystal"), c.Player, c.Crystals)
		}
	case "ransom":
		if len(ransomable(st, c)) == 0 {
			return referee.RuleError(cites(CiteRansom, CiteBlocking), "atraxia: a ransom is paid \"to remove the privateer from the island\" it blocks: no island of %s is blocked by a privateer", c.Player)
		}
	default:
		return referee.Usagef("wfa.turn.action: %q is not an action; accepted: %s", a, strings.Join(Actions, ", "))
	}
	return nil
}

// ransomable are the islands of c blocked by a privateer.
func ransomable(st *State, c *Clan) []string {
	var out []string
	for _, b := range st.Blocks {
		if b.Victim == c.Clan {
			out = append(out, b.Island)
		}
	}
	return out
}

// buyRefusal: "A Clan Leader can buy any number of ships available in their
// reserve ... so long as all of the resource costs are paid." Buy is
// refused when not one ship of the reserve (nor the Privateer buy-back) can
// be paid.
func buyRefusal(st *State, v Values, c *Clan) error {
	if canBuyShip(st, v, c) {
		return nil
	}
	return referee.RuleError(cites(CiteBuyingShips), "atraxia: \"A Clan Leader can buy any number of ships available in their reserve ... so long as all of the resource costs are paid\": %s has %d OC, %d AlWood and %s in reserve, not enough for one ship (Gunboat %d OC + %d AlWood, Frigate %d OC, Destroyer %d OC%s)",
		c.Player, c.OC, c.AlWood, reserveText(c.Reserve), v.Cost["gunboat-oc"], v.Cost["gunboat-alwood"], v.Cost["frigate-oc"], v.Cost["destroyer-oc"], privateerText(st, v, c))
}

func canBuyShip(st *State, v Values, c *Clan) bool {
	r := c.Reserve
	switch {
	case r.Gunboat > 0 && c.OC >= v.Cost["gunboat-oc"] && c.AlWood >= v.Cost["gunboat-alwood"]:
		return true
	case r.Frigate > 0 && c.OC >= v.Cost["frigate-oc"]:
		return true
	case r.Destroyer > 0 && c.OC >= v.Cost["destroyer-oc"]:
		return true
	}
	return privateerBuyable(st, c) && c.OC >= v.Cost["privateer-oc"] && c.AlWood >= v.Cost["privateer-alwood"]
}

// privateerBuyable: the clan's privateer is in its reserve and did not go
// back there this turn ("can be repurchased on a subsequent turn").
func privateerBuyable(st *State, c *Clan) bool {
	return st.Opts.Pirates && c.Privateer == "reserve" && !st.held(c.Clan)
}

func privateerText(st *State, v Values, c *Clan) string {
	if st.Opts.Pirates && c.Privateer == "reserve" && st.held(c.Clan) {
		return "; the Privateer went back to the reserve this turn: it \"can be repurchased on a subsequent turn\""
	}
	if !privateerBuyable(st, c) {
		return ""
	}
	return fmt.Sprintf(", the Privateer %d OC + %d AlWood", v.Cost["privateer-oc"], v.Cost["privateer-alwood"])
}

func reserveText(f Fleet) string {
	if f.Empty() {
		return "nothing"
	}
	return f.String()
}

// powerRefusal: "A Clan Leader can use the buy action to purchase up to 2
// Power cards ... by paying the cost listed on the bottom of each card" and
// "may not purchase more than 2 Power cards per turn". The hand limit never
// refuses (a card in hand may be discarded first). The cards' costs are not
// in the rulebook: bosun assumes each costs at least power-card-min-cost
// OC and AlWood together (table wfa-costs; 0 in an overlay keeps power+buy
// offered with no resources).
func powerRefusal(st *State, v Values, c *Clan) error {
	if per := v.Cost["power-per-turn"]; st.Bought >= per {
		return referee.RuleError(cites(CiteBuyPower), "atraxia: Clan Leaders \"may not purchase more than 2 Power cards per turn\": %s already bought %d this turn (at most %d)", c.Player, st.Bought, per)
	}
	if low := v.Cost["power-card-min-cost"]; c.OC+c.AlWood < low {
		return referee.RuleError(cites(CiteBuyPower), "atraxia: Power cards are bought \"by paying the cost listed on the bottom of each card\": %s has %d OC and %d AlWood, less than the cheapest card's %d (table wfa-costs, power-card-min-cost)", c.Player, c.OC, c.AlWood, low)
	}
	return nil
}

// teleporterRefusal: "Pay 2 AlWood, then place the set of 2 teleporters";
// a destroyed teleporter "may be rebuilt on a subsequent turn".
func teleporterRefusal(st *State, v Values, c *Clan) error {
	if cost := v.Cost["teleporter-alwood"]; c.AlWood < cost {
		return referee.RuleError(cites(CiteTeleporterBuild), "atraxia: \"Pay 2 AlWood, then place the set of 2 teleporters\" (redeploying costs the same): building or redeploying teleporters costs %d AlWood; %s has %d", cost, c.Player, c.AlWood)
	}
	if st.TeleLost >= 2 {
		return referee.RuleError(cites(CiteLoser, CiteTeleporterBuild), "atraxia: a destroyed teleporter \"may be rebuilt on a subsequent turn\": both of %s's teleporters were destroyed this turn", c.Player)
	}
	return nil
}

// convertRefusal: "After mounting a Magic Crystal, the Clan Leader gains
// access to the unique capability of converting resources", "the Clan
// Leader chooses an island they control that has a Magic Crystal mounted",
// "They can convert any resource into the resource that the island
// produces", "A Clan Leader may convert a maximum of 5 resources per turn".
// A plain Currency Conversion converts at least one resource.
func convertRefusal(st *State, v Values, c *Clan) error {
	if len(c.Mounted) == 0 {
		return referee.RuleError(cites(CiteConversion), "atraxia: \"After mounting a Magic Crystal, the Clan Leader gains access to the unique capability of converting resources\": %s has no mounted Magic Crystal: conversion needs one", c.Player)
	}
	usable := st.usableMounts(c)
	if len(usable) == 0 {
		return referee.RuleError(cites(CiteConversion, CiteBlocking), "atraxia: \"the Clan Leader chooses an island they control that has a Magic Crystal mounted\": every island where %s has a mounted Magic Crystal is blocked by a privateer (\"the opponent cannot collect resources or take any other action that requires control of the island\")", c.Player)
	}
	limit := min(5, v.Cost["convert-per-turn"]-st.Convert)
	if limit <= 0 {
		return referee.RuleError(cites(CiteConversion), "atraxia: \"A Clan Leader may convert a maximum of 5 resources per turn\": %s converted %d this turn (at most %d)", c.Player, st.Convert, v.Cost["convert-per-turn"])
	}
	for _, i := range usable {
		if canPayConversion(c, c.Mounted[i].Resource, limit) {
			return nil
		}
	}
	var into []string
	for _, i := range usable {
		into = append(into, c.Mounted[i].Resource+" on "+c.Mounted[i].Island)
	}
	return referee.RuleError(cites(CiteConversion), "atraxia: \"They can convert any resource into the resource that the island produces\": %s has nothing else to convert into %s (OC %d, AlWood %d, Ammo cards %v, at most %d this action)", c.Player, strings.Join(into, ", "), c.OC, c.AlWood, c.Ammo, limit)
}

// canPayConversion: the clan holds a resource other than into that it can
// pay within limit (Ammo is paid in whole cards).
func canPayConversion(c *Clan, into string, limit int) bool {
	if into != "oc" && c.OC > 0 {
		return true
	}
	if into != "alwood" && c.AlWood > 0 {
		return true
	}
	if into != "ammo" {
		for _, a := range c.Ammo {
			if a >= 1 && a <= limit {
				return true
			}
		}
	}
	return false
}

// mountRefusal: "A Clan Leader may pay 2 AlWood to mount one of their Magic
// Crystals", "Magic Crystals can only be mounted on islands the Clan Leader
// controls with an open mounting spot, on their own continent", "a Magic
// Crystal can not be mounted and dismounted on the same turn".
func mountRefusal(st *State, v Values, c *Clan) error {
	if st.Dismount {
		return referee.RuleError(cites(CiteMount), "atraxia: \"a Magic Crystal can not be mounted and dismounted on the same turn\": %s dismounted one this turn", c.Player)
	}
	if cost := v.Cost["mount-alwood"]; c.Crystals < 1 || c.AlWood < cost {
		return referee.RuleError(cites(CiteMount), "atraxia: \"A Clan Leader may pay 2 AlWood to mount one of their Magic Crystals\": mounting takes one of your Magic Crystals and %d AlWood; %s has %s and %d AlWood", cost, c.Player, referee.Count(c.Crystals, "crystal"), c.AlWood)
	}
	if len(mountIslands(st, c)) == 0 {
		return referee.RuleError(cites(CiteMount, CiteBlocking), "atraxia: \"Magic Crystals can only be mounted on islands the Clan Leader controls with an open mounting spot, on their own continent\": every island of the %s continent has a mounted Magic Crystal or is blocked by a privateer", c.Clan)
	}
	return nil
}

// mountIslands are the islands of c's continent where a crystal may still
// be mounted as far as bosun knows: no crystal mounted there (by any clan)
// and not blocked. Whether each has a mounting spot is on the board.
func mountIslands(st *State, c *Clan) []string {
	var out []string
	for _, s := range []string{"home", "south", "1", "2", "3", "4"} {
		isl := c.Clan + "-" + s
		if st.block(isl) == nil && mountedBy(st, isl) == nil {
			out = append(out, isl)
		}
	}
	return out
}

// mountedBy is the clan whose Magic Crystal is mounted on island, or nil.
func mountedBy(st *State, island string) *Clan {
	for _, o := range st.Clans {
		if o.mountAt(island) >= 0 {
			return o
		}
	}
	return nil
}

// dismountRefusal: "A Clan Leader can choose to Dismount a Crystal already
// on the board, by taking the Dismount action instead and paying 2 AlWood",
// "a Magic Crystal can not be mounted and dismounted on the same turn".
func dismountRefusal(st *State, v Values, c *Clan) error {
	if st.Mounted {
		return referee.RuleError(cites(CiteMount), "atraxia: \"a Magic Crystal can not be mounted and dismounted on the same turn\": %s mounted one this turn", c.Player)
	}
	if cost := v.Cost["mount-alwood"]; len(c.Mounted) == 0 || c.AlWood < cost {
		return referee.RuleError(cites(CiteMount), "atraxia: \"A Clan Leader can choose to Dismount a Crystal already on the board, by taking the Dismount action instead and paying 2 AlWood\": dismounting needs a mounted Magic Crystal and %d AlWood; %s has %d mounted and %d AlWood", cost, c.Player, len(c.Mounted), c.AlWood)
	}
	return nil
}
