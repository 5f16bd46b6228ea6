package procedure

import (
	"fmt"
	"strings"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
)

// Player Ships are named by their ship type: "A player can only have at
// most 2 Player Ships in their fleet at any time, and each Player Ship must
// be different ship types", so "Ann's Sloop" names one ship for as long as
// it is afloat. The state keeps the ships' initials (S, C, B...; GA for a
// Conquistadors' Galleass a player sails).

// shipKind is one ship type a player's fleet may hold.
type shipKind struct {
	Code  string // initials on the ship board (the state's fleet entries)
	Type  string // the battle engine's ship type id (unit specs, target names)
	Title string
}

var shipKinds = []shipKind{
	{"S", "sloop", "Sloop"},
	{"C", "caravel", "Caravel"},
	{"T", "fluyt", "Fluyt"},
	{"B", "brig", "Brig"},
	{"G", "galleon", "Galleon"},
	{"F", "frigate", "Frigate"},
	{"HF", "heavy-frigate", "Heavy Frigate"},
	{"L", "line", "Line Battleship"},
	{"HL", "heavy-line", "Heavy Line Battleship"},
	{"GA", "galleass", "Conquistadors' Galleass"},
}

// shipKindOf finds a ship type by its initials, type id or title
// (case-insensitive).
func shipKindOf(s string) (shipKind, bool) {
	s = strings.TrimSpace(s)
	for _, k := range shipKinds {
		if strings.EqualFold(s, k.Code) || strings.EqualFold(s, k.Type) || strings.EqualFold(s, k.Title) {
			return k, true
		}
	}
	return shipKind{}, false
}

func mustKind(s string) shipKind {
	k, _ := shipKindOf(s)
	return k
}

func shipTitle(code string) string {
	if k, ok := shipKindOf(code); ok {
		return k.Title
	}
	return code
}

func shipType(code string) string {
	if k, ok := shipKindOf(code); ok {
		return k.Type
	}
	return strings.ToLower(code)
}

// shipTypeIDs lists every ship type id (for questions that name a type).
func shipTypeIDs() []string {
	out := make([]string, len(shipKinds))
	for i, k := range shipKinds {
		out[i] = k.Type
	}
	return out
}

// unitCode is the fleet code of a player's unit in a battle ("" when it
// is not a Player Ship).
func unitCode(u mw.Unit) string {
	switch u.Kind {
	case mw.KindGalleass:
		if u.Owner != "" {
			return "GA"
		}
	case mw.KindShip:
		if k, ok := shipKindOf(u.ShipType); ok {
			return k.Code
		}
	}
	return ""
}

// LostShip is a Player Ship bosun saw leave a player's fleet.
type LostShip struct {
	Ship  string `json:"ship"` // fleet code
	Round int    `json:"round"`
	How   string `json:"how"`
	// Pending: lost since the player's last turn. A new ship is bought or
	// placed only in the owner's own turn (Phase 5, action step), so until
	// then a ship of this type cannot be in a battle.
	Pending bool `json:"pending,omitempty"`
	// OwnTurn: lost during the owner's own turn, so the government's
	// donated Sloop comes only in their next turn ("During the action step
	// of the player's next turn").
	OwnTurn bool `json:"own_turn,omitempty"`
}

// fleetCap is the most Player Ships a player may have on the map: 2, or 3
// with the Extended Variant ("Fleet Size: Players can have up to 3 Player
// Ships (instead of 2) in their fleet").
func (st *State) fleetCap() int {
	if st.Opt.vari("extended") {
		return 3
	}
	return 2
}

func (p *PlayerState) hasShip(code string) bool {
	for _, f := range p.Fleet {
		if f == code {
			return true
		}
	}
	return false
}

// lostPending returns the loss that keeps a ship type out of play until
// the player's next turn.
func (p *PlayerState) lostPending(code string) *LostShip {
	for i := len(p.Lost) - 1; i >= 0; i-- {
		if p.Lost[i].Ship == code && p.Lost[i].Pending {
			return &p.Lost[i]
		}
	}
	return nil
}

func fleetText(fleet []string) string {
	if len(fleet) == 0 {
		return "none"
	}
	var out []string
	for _, f := range fleet {
		out = append(out, shipTitle(f))
	}
	return strings.Join(out, ", ")
}

// shipTargetIDs are the target names of a player's ships afloat:
// NAME-TYPE (e.g. Ann-sloop).
func (p *PlayerState) shipTargetIDs() []string {
	var out []string
	for _, f := range p.Fleet {
		out = append(out, p.Name+"-"+shipType(f))
	}
	return out
}

// splitShipTarget reads NAME-TYPE (a ship of a player's fleet by its type).
func (st *State) splitShipTarget(t string) (*PlayerState, shipKind, bool) {
	for i := range st.Players {
		p := &st.Players[i]
		if rest, ok := strings.CutPrefix(t, p.Name+"-"); ok {
			if k, ok := shipKindOf(rest); ok && !strings.EqualFold(rest, k.Code) {
				return p, k, true
			}
		}
	}
	return nil, shipKind{}, false
}

// mayHaveFort reports whether a player can have a Fort (or a Plantation
// with a Militia) on the map: "Build Forts, Mines, and Plantations on a
// Captured Island if their Nation Flag is on it", and a Captured Island
// with a Fort cannot be re-Captured. So a Fort's owner controls a Captured
// Island: one counted at the last Reset Phase, or one Captured in their own
// turn this Round (already played).
func (st *State) mayHaveFort(name string) bool {
	p := st.player(name)
	if p == nil {
		return false
	}
	if p.Captured > 0 {
		return true
	}
	if st.Phase != PhaseTurns {
		return false
	}
	// Players still in the queue have not had their turn this Round; the
	// player whose turn it is builds only after attacking.
	if st.current == name {
		return false
	}
	for _, q := range st.Queue {
		if q == name {
			return false
		}
	}
	return true
}

// loseShip takes a ship out of a player's fleet: it was Lost (or taken
// over by the victor of a Boarding Battle).
func (r *step) loseShip(p *PlayerState, code, how string, cites ...string) {
	if code == "" || p == nil {
		return
	}
	idx := -1
	for i, f := range p.Fleet {
		if f == code {
			idx = i
		}
	}
	if idx < 0 {
		return
	}
	p.Fleet = append(append([]string{}, p.Fleet[:idx]...), p.Fleet[idx+1:]...)
	delete(p.Boards, code)
	p.Lost = append(p.Lost, LostShip{Ship: code, Round: r.st.Round, How: how, Pending: true, OwnTurn: r.st.current == p.Name})
	text := fmt.Sprintf("%s's %s leaves the fleet (%s); ships afloat: %s", p.Name, shipTitle(code), how, fleetText(p.Fleet))
	if len(p.Fleet) == 0 {
		text += fmt.Sprintf("; %s has no Player Ship left: buy a new ship in your turn's action step or, if you cannot afford one, your government donates a Sloop (return any Silver Coins above 5 to the supply), placed at your starting Base during the action step of your next turn", p.Name)
	}
	r.emit("fleet", text, map[string]any{"player": p.Name, "lost": code, "fleet": p.Fleet}, append([]string{citeDefeatedShips}, cites...)...)
}

// swapShip replaces a ship of a player's fleet with another in one
// move (the old one Lost, as loseShip records it): a fleet of one ship
// is never left empty, and a full fleet never holds three.
func (r *step) swapShip(p *PlayerState, code, with, how string, cites ...string) {
	if code == "" || p == nil || !p.hasShip(code) || p.hasShip(with) {
		return
	}
	fleet := make([]string, 0, len(p.Fleet))
	for _, f := range p.Fleet {
		if f == code {
			f = with
		}
		fleet = append(fleet, f)
	}
	p.Fleet = fleet
	delete(p.Boards, code)
	p.Lost = append(p.Lost, LostShip{Ship: code, Round: r.st.Round, How: how, Pending: true, OwnTurn: r.st.current == p.Name})
	r.emit("fleet", fmt.Sprintf("%s's %s leaves the fleet and the %s joins it (%s); ships afloat: %s", p.Name, shipTitle(code), shipTitle(with), how, fleetText(p.Fleet)),
		map[string]any{"player": p.Name, "lost": code, "gained": with, "fleet": p.Fleet}, append([]string{citeDefeatedShips}, cites...)...)
}

// gainShip adds a ship to a player's fleet.
func (r *step) gainShip(p *PlayerState, code, how string) {
	if code == "" || p == nil || p.hasShip(code) {
		return
	}
	p.Fleet = append(p.Fleet, code)
	r.emit("fleet", fmt.Sprintf("%s's %s joins the fleet (%s); ships afloat: %s", p.Name, shipTitle(code), how, fleetText(p.Fleet)),
		map[string]any{"player": p.Name, "gained": code, "fleet": p.Fleet}, citeBuyingShips)
}

// whichShip asks which of a player's ships something happened to when the
// fleet has more than one ("" when the fleet is empty).
func (r *step) whichShip(p *PlayerState, key, text string) (string, error) {
	switch len(p.Fleet) {
	case 0:
		return "", nil
	case 1:
		return p.Fleet[0], nil
	}
	var opts []string
	for _, f := range p.Fleet {
		opts = append(opts, shipType(f))
	}
	a, err := r.choose(key, text, opts...)
	if err != nil {
		return "", err
	}
	k, _ := shipKindOf(a)
	return k.Code, nil
}

// checkShip matches the ship a unit spec describes with the player's
// tracked fleet. A ship in the fleet is that ship. A ship type Lost since
// the player's last turn cannot fight (a new ship comes only in the owner's
// own turn): refused. A ship bosun has not seen joins the fleet when there
// is room (it was bought, or taken over at the table); with the fleet full
// the table says which ships are on the map (misty.player.NAME.fleet).
func (r *step) checkShip(p *PlayerState, u mw.Unit, key, answer, want string) error {
	if err := shipRefusal(p, u, key, answer, want); err != nil {
		return err
	}
	code := unitCode(u)
	if code == "" || p.hasShip(code) {
		return nil
	}
	if len(p.Fleet) < r.st.fleetCap() {
		r.gainShip(p, code, "bosun had not seen it: a ship bought or taken over at the table")
		return nil
	}
	return r.askFleet(p, code)
}

// shipRefusal is the part of checkShip that changes nothing and asks
// nothing: it runs inside the unit spec's question (Check), so a spec
// refused here is re-asked at a terminal.
func shipRefusal(p *PlayerState, u mw.Unit, key, answer, want string) error {
	code := unitCode(u)
	if code == "" {
		return nil
	}
	if want != "" && want != code {
		return referee.Usagef("mistywaters: %s=%q describes %s's %s, but the target named is %s's %s; accepted: a spec of the %s (%s)",
			key, answer, p.Name, shipTitle(code), p.Name, shipTitle(want), shipTitle(want), shipSpecHelp)
	}
	if p.hasShip(code) {
		return nil
	}
	if l := p.lostPending(code); l != nil {
		return referee.RuleError([]string{citeDefeatedShips, citeBuyingShips},
			"mistywaters: %s=%q: %s's %s was Lost in Round %s (%s) and a new Player Ship comes only in %s's own turn (Phase 5 action step); %s's ships afloat: %s; accepted: a spec of one of them, or leave %s out of the targets",
			key, answer, p.Name, shipTitle(code), Roman(l.Round), l.How, p.Name, p.Name, fleetText(p.Fleet), p.Name)
	}
	return nil
}

// askFleet asks which ships a player has on the map when a battle names a
// ship bosun does not know and the tracked fleet is full.
func (r *step) askFleet(p *PlayerState, need string) error {
	key := "misty.player." + p.Name + ".fleet"
	cap := r.st.fleetCap()
	// The fleet is parsed and checked inside the question (pure), so a
	// typo is re-asked at a terminal instead of ending the step.
	parse := func(a string) ([]string, error) {
		var fleet []string
		seen := map[string]bool{}
		for _, it := range referee.SplitList(a) {
			k, _ := shipKindOf(it)
			if seen[k.Code] {
				return nil, referee.RuleError([]string{citeBuyingShips}, "mistywaters: %s=%q names the %s twice: each Player Ship must be a different ship type; accepted: 1 to %s including %s", key, a, k.Title, referee.Count(cap, "different ship type"), shipType(need))
			}
			seen[k.Code] = true
			if l := p.lostPending(k.Code); l != nil {
				return nil, referee.RuleError([]string{citeDefeatedShips, citeBuyingShips}, "mistywaters: %s=%q: %s's %s was Lost in Round %s (%s) and cannot be back before %s's own turn; accepted: the ships afloat now", key, a, p.Name, k.Title, Roman(l.Round), l.How, p.Name)
			}
			fleet = append(fleet, k.Code)
		}
		if len(fleet) == 0 || len(fleet) > cap || !seen[need] {
			return nil, referee.RuleError([]string{citeBuyingShips}, "mistywaters: %s=%q: accepted: 1 to %s, comma-separated, including %s (the ship in this battle)", key, a, referee.Count(cap, "different ship type"), shipType(need))
		}
		return fleet, nil
	}
	a, err := r.ask(referee.Question{Key: key, Kind: referee.KindList, Options: shipTypeIDs(),
		Text: fmt.Sprintf("%s: bosun knows your fleet as %s, but this battle's ship is a %s (a player has at most %s, each of a different type); which Player Ships do you have on the map now?",
			p.Name, fleetText(p.Fleet), shipTitle(need), referee.Count(cap, "Player Ship")),
		Accepted: fmt.Sprintf("1 to %s, comma-separated, including %s: %s", referee.Count(cap, "different ship type"), shipType(need), strings.Join(shipTypeIDs(), ", ")),
		Check:    func(a string) (string, error) { _, err := parse(a); return a, err },
	})
	if err != nil {
		return err
	}
	fleet, err := parse(a)
	if err != nil {
		return err
	}
	was := fleetText(p.Fleet)
	p.Fleet = fleet
	r.emit("fleet", fmt.Sprintf("%s's fleet is now %s (bosun had %s)", p.Name, fleetText(fleet), was), map[string]any{"player": p.Name, "fleet": fleet}, citeBuyingShips)
	return nil
}

// newShip is the action step of a player with no Player Ship on the map:
// the government's Sloop or a bought ship is placed at the starting Base.
func (r *step) newShip(p *PlayerState) error {
	if len(p.Fleet) > 0 {
		return nil
	}
	lostNow := false
	for _, l := range p.Lost {
		if l.Pending && l.OwnTurn {
			lostNow = true
		}
	}
	when := "the government's donated Sloop if you cannot afford a ship (return any Silver Coins above 5 to the supply), or a Sloop you buy"
	if lostNow {
		when = "a Sloop you buy (the government's donated Sloop comes in your next turn's action step)"
	}
	opts := append([]string{"none"}, shipTypeIDs()[:len(shipKinds)-1]...) // not the Galleass
	a, err := r.choose("misty.player."+p.Name+".new-ship", fmt.Sprintf("%s: you have no Player Ship on the map; which ship do you place at your Base in this action step? (sloop: %s; another ship type you buy; none)", p.Name, when), opts...)
	if err != nil {
		return err
	}
	if a == "none" {
		r.emit("fleet", p.Name+" places no new Player Ship this turn", map[string]any{"player": p.Name, "fleet": p.Fleet}, citeDefeatedShips)
		return nil
	}
	k, _ := shipKindOf(a)
	r.gainShip(p, k.Code, "placed at the Base in the action step")
	return nil
}

// endTurnFleet: after the player's action step, ships Lost before it may
// be replaced by new ones of the same type.
func (p *PlayerState) endTurnFleet() {
	for i := range p.Lost {
		p.Lost[i].Pending = false
	}
}

// treasureLostWith: a ship Lost outside a battle (the Death Zone, a
// foreign port) takes its cargo with it, the Conquistadors' Treasure too.
// A Galleass always carries it; with other ships left the table says
// whether the Lost ship had it (misty.player.NAME.lost-treasure).
func (r *step) treasureLostWith(p *PlayerState, code string) error {
	st := r.st
	if code == "" || st.Treasure != "player:"+p.Name {
		return nil
	}
	carried := code == "GA" || len(p.Fleet) == 0
	if !carried {
		c, err := r.confirm("misty.player."+p.Name+".lost-treasure", fmt.Sprintf("%s: did your Lost %s carry the Conquistadors' Treasure?", p.Name, shipTitle(code)), referee.NoDefault)
		if err != nil {
			return err
		}
		carried = c
	}
	if carried {
		r.treasureRemoved(fmt.Sprintf("%s's %s was Lost with it", p.Name, shipTitle(code)))
	}
	return nil
}

// lostOutsideBattle removes a Player Ship Lost outside a Battle (Overboard
// took its last Cannon; the Flying Dutchman's Death Zone) and, when defeat
// is set, gives what 'Defeated Player Ships' gives after a Battle: "When a
// player has a Player Ship defeated for the first time, their nation's
// government will send a support of 5 Silver Coins. When a player has a
// Player Ship defeated for the second time, remove their matching
// Skull-Rock". The donated Sloop ("if a player ever removes their last
// Player Ship and cannot afford to buy a new ship") is said by loseShip.
func (r *step) lostOutsideBattle(p *PlayerState, code, how string, defeat bool, cites ...string) error {
	if code == "" || p == nil || !p.hasShip(code) {
		return nil
	}
	if defeat {
		pd := mw.LostOutsideBattle(mw.Unit{Kind: mw.KindShip, Owner: p.Name, PriorDefeats: p.Defeats}, mw.Options{})
		p.Defeats++
		r.emit("fleet", fmt.Sprintf("%s: %s", p.Name, strings.Join(defeatParts(pd, p.Name+"'s "+shipTitle(code)), "; ")),
			map[string]any{"player": p.Name, "defeat": pd}, append([]string{mw.CiteDefeatedPlayer}, cites...)...)
	}
	r.loseShip(p, code, how, cites...)
	return r.treasureLostWith(p, code)
}

// shipsNamed reads a list of NAME or NAME-TYPE answers as (player, ship)
// pairs; a bare NAME with two ships asks which (key).
func (r *step) shipsNamed(vs []string, key, text string) ([]*PlayerState, []string, error) {
	st := r.st
	var ps []*PlayerState
	var codes []string
	for _, v := range vs {
		p, want := st.player(v), ""
		if sp, k, ok := st.splitShipTarget(v); ok {
			p, want = sp, k.Code
		}
		if p == nil {
			continue
		}
		if want == "" || !p.hasShip(want) {
			var err error
			if want, err = r.whichShip(p, key+"."+p.Name, fmt.Sprintf(text, p.Name)); err != nil {
				return nil, nil, err
			}
		}
		if want != "" {
			ps, codes = append(ps, p), append(codes, want)
		}
	}
	return ps, codes, nil
}
