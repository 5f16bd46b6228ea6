package mistywaters

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Kind is what a battle participant is.
type Kind string

// The participants of Misty Waters battles.
const (
	KindShip      Kind = "ship"      // a Player Ship
	KindGalleass  Kind = "galleass"  // the Conquistadors' Galleass (NPC, or a player's when Owner is set)
	KindFort      Kind = "fort"      // a player's Fort
	KindPirate    Kind = "pirate"    // a Pirate Ship
	KindCaravel   Kind = "caravel"   // a Conquistadors' Caravel (NPC)
	KindFreighter Kind = "freighter" // the Silver Freighter
	KindBattery   Kind = "battery"   // a Battery of Cannons
	KindMonster   Kind = "monster"   // a Sea Monster
	KindTemple    Kind = "temple"    // the Last Day Temple (Advanced Rules)
	KindMilitia   Kind = "militia"   // a Plantation with a Militia (Advanced Rules)
	KindDutchman  Kind = "dutchman"  // the Flying Dutchman (never battles)
)

// Kinds lists every participant kind.
var Kinds = []Kind{KindShip, KindGalleass, KindFort, KindPirate, KindCaravel, KindFreighter, KindBattery, KindMonster, KindTemple, KindMilitia, KindDutchman}

// Title is the rulebook's name of the kind.
func (k Kind) Title() string {
	switch k {
	case KindShip:
		return "Player Ship"
	case KindGalleass:
		return "Conquistadors' Galleass"
	case KindFort:
		return "Fort"
	case KindPirate:
		return "Pirate Ship"
	case KindCaravel:
		return "Conquistadors' Caravel"
	case KindFreighter:
		return "Silver Freighter"
	case KindBattery:
		return "Battery of Cannons"
	case KindMonster:
		return "Sea Monster"
	case KindTemple:
		return "Last Day Temple"
	case KindMilitia:
		return "Plantation with a Militia"
	case KindDutchman:
		return "Flying Dutchman"
	}
	return string(k)
}

// Rank is an Officer's side: none, basic or First-Class.
type Rank int

// Officer ranks.
const (
	NoOfficer Rank = iota
	Basic
	FirstClass
)

func (r Rank) String() string {
	switch r {
	case Basic:
		return "basic"
	case FirstClass:
		return "first-class"
	}
	return "none"
}

// MarshalText makes ranks readable in JSON.
func (r Rank) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a rank.
func (r *Rank) UnmarshalText(b []byte) error {
	switch string(b) {
	case "none", "":
		*r = NoOfficer
	case "basic":
		*r = Basic
	case "first-class":
		*r = FirstClass
	default:
		return fmt.Errorf("rank %q is not none, basic or first-class", b)
	}
	return nil
}

// Location is where a unit is stopped.
type Location string

// Locations that matter in battle.
const (
	AtSea     Location = "sea"       // an At Sea space (the default)
	Anchorage Location = "anchorage" // a Main Island's Port
	Docks     Location = "docks"     // Docks (see DocksFort)
	Base      Location = "base"
	Tavern    Location = "tavern"
	Shoal     Location = "shoal"
	Desert    Location = "desert" // the Desert Island
	Atoll     Location = "atoll"
	Lagoon    Location = "lagoon" // a red space of the Red Water Lagoon
	Land      Location = "land"   // Forts, Batteries, the Temple, a Militia
)

// Locations lists the locations accepted in unit specs.
var Locations = []Location{AtSea, Anchorage, Docks, Base, Tavern, Shoal, Desert, Atoll, Lagoon}

// Monsters lists the Sea Monsters.
var Monsters = []string{"leviathan", "megalodon", "kraken", "hydra", "sea-serpent", "sperm-whale"}

// ShipTypes lists the Player Ship types (ship-type ids).
var ShipTypes = []string{"sloop", "caravel", "fluyt", "brig", "galleon", "frigate", "heavy-frigate", "line", "heavy-line"}

// Unit is one battle participant and what it carries.
type Unit struct {
	Kind     Kind     `json:"kind"`
	Name     string   `json:"name,omitempty"`  // a label for output ("blue", "Ann's Brig")
	Owner    string   `json:"owner,omitempty"` // controlling player; empty for NPCs
	Team     string   `json:"team,omitempty"`  // Team Mode: teammates cannot attack each other
	ShipType string   `json:"ship_type,omitempty"`
	Location Location `json:"location,omitempty"`
	// DocksFort: the unit is at Docks protected by a Fort owned by this player.
	DocksFort string `json:"docks_fort,omitempty"`
	// Blocked: at a Base or Tavern with every exit blocked.
	Blocked bool `json:"blocked,omitempty"`

	Cannons       int    `json:"cannons"`
	Sailors       int    `json:"sailors"`
	Captain       Rank   `json:"captain,omitempty"`
	Gunner        Rank   `json:"gunner,omitempty"`
	FencingMaster Rank   `json:"fencing_master,omitempty"`
	Damaged       bool   `json:"damaged,omitempty"` // Fort, Pirate Ship, Conquistadors' Caravel, Last Day Temple
	Monster       string `json:"monster,omitempty"`

	// XP is the number of Experience Tokens declared for this unit's first
	// roll; XPRolls, when set, declares tokens roll by roll (Broadside: the
	// one roll; Boarding: clash 1, clash 1 tie re-roll, clash 2, clash 2 tie re-roll).
	XP      int   `json:"xp,omitempty"`
	XPRolls []int `json:"xp_rolls,omitempty"`

	// Militia battles: the attacker's declared shore party.
	ShoreSailors int  `json:"shore_sailors,omitempty"`
	ShoreCannons int  `json:"shore_cannons,omitempty"`
	ShoreFencing bool `json:"shore_fencing,omitempty"`
	ShoreSet     bool `json:"shore_set,omitempty"`

	// Contents for seizing.
	Cargo         []string `json:"cargo,omitempty"`          // barrel, crate, treasure (Conquistadors' Treasure), ...
	Passengers    []string `json:"passengers,omitempty"`     // passenger, raft, or an officer kept in a cabin
	CaptainsCabin []string `json:"captains_cabin,omitempty"` // cards and tokens (chest, letter, pearl)

	// Player history for 'Defeated Player Ships'.
	PriorDefeats int      `json:"prior_defeats,omitempty"` // this player's ships defeated before
	Fleet        int      `json:"fleet,omitempty"`         // Player Ships in the owner's fleet (0: unknown)
	FleetTypes   []string `json:"fleet_types,omitempty"`
	Treasury     int      `json:"treasury,omitempty"` // Silver Coins in the Treasury
	TreasurySet  bool     `json:"treasury_set,omitempty"`
}

// Label names the unit for output.
func (u Unit) Label() string {
	if u.Name != "" {
		return u.Name
	}
	switch u.Kind {
	case KindShip:
		if u.ShipType != "" {
			return titleWords(strings.ReplaceAll(u.ShipType, "-", " "))
		}
		return "Player Ship"
	case KindMonster:
		return MonsterTitle(u.Monster)
	case KindGalleass:
		if u.Owner != "" {
			return u.Owner + "'s Galleass"
		}
	}
	return u.Kind.Title()
}

// MonsterTitle is a Sea Monster's name as printed.
func MonsterTitle(m string) string {
	switch m {
	case "sea-serpent":
		return "Sea Serpent"
	case "sperm-whale":
		return "Sperm Whale"
	case "":
		return "Sea Monster"
	}
	return strings.ToUpper(m[:1]) + m[1:]
}

// IsNPC reports whether the unit is not controlled by a player (no
// Officers, Experience Tokens or Action Cards; rolls the maximum dice).
func (u Unit) IsNPC() bool {
	switch u.Kind {
	case KindShip, KindFort, KindMilitia:
		return false
	case KindGalleass:
		return u.Owner == ""
	}
	return true
}

// IsShip reports whether the unit is a ship for the ricochet rule ("If two
// ships are Broadside Battling").
func (u Unit) IsShip() bool {
	switch u.Kind {
	case KindShip, KindGalleass, KindPirate, KindCaravel, KindFreighter:
		return true
	}
	return false
}

// IsLand reports land-based units (Forts, Batteries, the Temple, a Militia).
func (u Unit) IsLand() bool {
	switch u.Kind {
	case KindFort, KindBattery, KindTemple, KindMilitia:
		return true
	}
	return false
}

// AtSeaNow reports whether the unit is on an At Sea space (exposed to
// Wind Force effects).
func (u Unit) AtSeaNow() bool {
	if u.IsLand() {
		return false
	}
	return u.Location == "" || u.Location == AtSea
}

// DeckCrew is the number of Sailors and active Officers.
func (u Unit) DeckCrew() int {
	n := u.Sailors
	for _, r := range []Rank{u.Captain, u.Gunner, u.FencingMaster} {
		if r != NoOfficer {
			n++
		}
	}
	return n
}

// BroadsideDice is how many regular dice the unit may roll in a Broadside
// Battle against opp (Step 4A table). ok is false when the unit has no
// dice at all in a Broadside (a Sea Monster deals its card damage instead).
func (u Unit) BroadsideDice(opp Unit, o Options) (n int, why string) {
	switch u.Kind {
	case KindShip:
		base, what := u.Cannons, "Cannons"
		if opp.Kind == KindMonster && opp.Monster == "sea-serpent" {
			base, what = u.Sailors, "Sailors (the Sea Serpent forces its opponent to roll Sailors instead of Cannons)"
		}
		n = base
		why = fmt.Sprintf("%d %s", base, what)
		if u.Gunner != NoOfficer && !(opp.Monster == "sea-serpent" && o.SerpentNoGunner) {
			n++
			why += " +1 for the Gunner"
		}
		return n, why
	case KindFort, KindPirate, KindCaravel, KindBattery:
		// Ruling: an NPC or a Fort has no Sailors on a board and keeps its
		// fixed dice against the Sea Serpent; Options.SerpentNPCNoSailors
		// reads "as many regular dice as they have Sailors" literally (0).
		if opp.Kind == KindMonster && opp.Monster == "sea-serpent" && o.SerpentNPCNoSailors {
			return 0, fmt.Sprintf("the Sea Serpent forces its opponent to roll as many dice as it has Sailors: the %s has none", u.Kind.Title())
		}
	}
	switch u.Kind {
	case KindFort:
		if u.Damaged {
			return 3, "a damaged Fort acts as if it has 3 Cannons"
		}
		return 4, "a full-strength Fort acts as if it has 4 Cannons"
	case KindPirate:
		if u.Damaged {
			return 3, "a damaged Pirate Ship has 3 Cannons"
		}
		return 4, "a full-strength Pirate Ship has 4 Cannons"
	case KindCaravel:
		if u.Damaged {
			return 1, "a damaged Conquistadors' Caravel has 1 Cannon"
		}
		return 2, "a full-strength Conquistadors' Caravel has 2 Cannons"
	case KindBattery:
		return 2, "a Battery of Cannons rolls 2 Cannons"
	}
	return 0, fmt.Sprintf("the %s has 0 Cannons", u.Kind.Title())
}

// BoardingTokens is how many regular dice the unit has for a Boarding
// Battle before the caps (Sailors + Cannons; Officers do not count).
func (u Unit) BoardingTokens() (int, string) {
	switch u.Kind {
	case KindShip:
		if u.ShoreSet {
			return u.ShoreSailors + u.ShoreCannons, "the declared shore party: " + referee.Count(u.ShoreSailors, "Sailor") + " + " + referee.Count(u.ShoreCannons, "Cannon")
		}
		return u.Sailors + u.Cannons, referee.Count(u.Sailors, "Sailor") + " + " + referee.Count(u.Cannons, "Cannon")
	case KindGalleass:
		return u.Sailors, referee.Count(u.Sailors, "Sailor") + " + 0 Cannons"
	case KindMilitia:
		return u.Sailors, referee.Count(u.Sailors, "Sailor") + " in the Militia + 0 Cannons"
	case KindPirate:
		if u.Damaged {
			return 3, "a damaged Pirate Ship: 0 Sailors + 3 Cannons"
		}
		return 4, "a full-strength Pirate Ship: 0 Sailors + 4 Cannons"
	}
	return 0, "n/a"
}

// XPFor returns the Experience Tokens declared for roll i (0-based).
func (u Unit) XPFor(i int) int {
	if u.IsNPC() {
		return 0
	}
	if len(u.XPRolls) > 0 {
		if i < len(u.XPRolls) {
			return u.XPRolls[i]
		}
		return 0
	}
	if i == 0 {
		return u.XP
	}
	return 0
}

// Validate checks a unit against the rulebook: counts in range, Officers
// only where they can be, Sailors of a Militia at most 2.
func (u Unit) Validate(lim Limits) error {
	c := []string{CiteRecruiting}
	if u.Cannons < 0 || u.Sailors < 0 || u.XP < 0 {
		return referee.RuleError(c, "mistywaters: %s: counts cannot be negative", u.Label())
	}
	if err := u.checkComponents(); err != nil {
		return err
	}
	officers := u.Captain != NoOfficer || u.Gunner != NoOfficer || u.FencingMaster != NoOfficer
	switch u.Kind {
	case KindShip:
		if u.ShipType != "" && lim != nil {
			if mc, ok := lim.MaxCannons(u.ShipType); ok && u.Cannons > mc {
				return referee.RuleError([]string{CiteRepairing, CiteShipTypes}, "mistywaters: %s holds at most %s, not %d (Repairing: no Cannons without an open spot on the ship board)", aLabel(u), referee.Count(mc, "Cannon"), u.Cannons)
			}
			if ms, ok := lim.MaxSailors(u.ShipType); ok && u.Sailors > ms {
				return referee.RuleError([]string{CiteRecruiting, CiteShipTypes}, "mistywaters: %s holds at most %s, not %d (Recruiting: no Sailors without an open spot on the ship board)", aLabel(u), referee.Count(ms, "Sailor"), u.Sailors)
			}
		}
		if u.ShoreSet {
			if u.ShoreSailors > u.Sailors || u.ShoreCannons > u.Cannons || u.ShoreSailors < 0 || u.ShoreCannons < 0 {
				return referee.RuleError([]string{CiteMilitia}, "mistywaters: the shore party (%s, %s) must come from the ship's %s and %s", referee.Count(u.ShoreSailors, "Sailor"), referee.Count(u.ShoreCannons, "Cannon"), referee.Count(u.Sailors, "Sailor"), referee.Count(u.Cannons, "Cannon"))
			}
			if u.Cannons-u.ShoreCannons < 1 {
				return referee.RuleError([]string{CiteMilitia}, "mistywaters: the attacker must leave at least 1 Cannon out of the Boarding Battle with a Plantation with a Militia (shore party has %d of %s)", u.ShoreCannons, referee.Count(u.Cannons, "Cannon"))
			}
			if u.ShoreFencing && u.FencingMaster == NoOfficer {
				return referee.RuleError([]string{CiteMilitia}, "mistywaters: no Fencing Master aboard to go ashore")
			}
		}
	case KindGalleass:
		if u.Gunner != NoOfficer {
			return referee.RuleError([]string{CiteAcquireGalleass}, "mistywaters: the Conquistadors' Galleass can receive only a Fencing Master and a Captain, not a Gunner")
		}
		if u.Owner == "" && officers {
			return referee.RuleError([]string{CiteBroadside}, "mistywaters: NPCs do not have Officers")
		}
		if u.Cannons != 0 {
			return referee.RuleError([]string{CiteAcquireGalleass}, "mistywaters: the Conquistadors' Galleass has 0 Cannons")
		}
	case KindMilitia:
		if u.Sailors > 2 {
			return referee.RuleError([]string{CiteMilitia}, "mistywaters: a Militia has at most 2 Sailors, not %d", u.Sailors)
		}
		if officers || u.Cannons != 0 {
			return referee.RuleError([]string{CiteMilitia}, "mistywaters: a Militia is up to 2 Sailors + 0 Cannons (no Officers)")
		}
	case KindFort:
		if officers {
			return referee.RuleError([]string{CiteForts, CiteOfficerSummary}, "mistywaters: a Fort has no Officers: a Gunner, Captain or Fencing Master serves only aboard a Player Ship (Officer abilities only apply to the Player Ship they're present on)")
		}
	default:
		if officers {
			return referee.RuleError([]string{CiteBroadside, CiteOfficerSummary}, "mistywaters: a %s has no Officers (NPCs do not have Officer, Experience Tokens, or Action Cards)", u.Kind.Title())
		}
		if u.IsNPC() && (u.XP > 0 || len(u.XPRolls) > 0) {
			return referee.RuleError([]string{CiteBroadside}, "mistywaters: a %s cannot spend Experience Tokens (NPCs do not have Officer, Experience Tokens, or Action Cards)", u.Kind.Title())
		}
	}
	if u.Kind == KindMonster {
		ok := false
		for _, m := range Monsters {
			if m == u.Monster {
				ok = true
			}
		}
		if !ok {
			return referee.Usagef("mistywaters: Sea Monster %q is not one of %s", u.Monster, strings.Join(Monsters, ", "))
		}
	}
	return nil
}

// The box's components bound every count (the rulebook's Components
// list): no unit holds more Cannons or Sailors than there are tokens, and
// no player spends more Experience Tokens than exist. Ship boards may
// bound a ship further (Limits).
const (
	MaxCannonTokens     = 50 // "- 50 Cannon tokens"
	MaxSailorTokens     = 50 // "- 50 Sailor tokens"
	MaxExperienceTokens = 40 // "- 40 Experience Tokens"

	CiteComponentsCrew = "misty-waters/cannons-sailors-officers-and-passengers"
	CiteComponentsMisc = "misty-waters/miscellaneous"
)

// checkComponents refuses counts beyond the components in the box.
func (u Unit) checkComponents() error {
	if u.Cannons > MaxCannonTokens {
		return referee.RuleError([]string{CiteComponentsCrew}, "mistywaters: %s: %s is more than the box holds: at most %d (Components: %s)", u.Label(), referee.Count(u.Cannons, "Cannon"), MaxCannonTokens, referee.Count(MaxCannonTokens, "Cannon token"))
	}
	if u.Sailors > MaxSailorTokens {
		return referee.RuleError([]string{CiteComponentsCrew}, "mistywaters: %s: %s is more than the box holds: at most %d (Components: %s)", u.Label(), referee.Count(u.Sailors, "Sailor"), MaxSailorTokens, referee.Count(MaxSailorTokens, "Sailor token"))
	}
	if xp := u.totalXP(); xp > MaxExperienceTokens {
		return referee.RuleError([]string{CiteComponentsMisc, CiteXPRerolls}, "mistywaters: %s: %s is more than the box holds: at most %d (Components: %s)", u.Label(), referee.Count(xp, "Experience Token"), MaxExperienceTokens, referee.Count(MaxExperienceTokens, "Experience Token"))
	}
	return nil
}

// Limits gives the ship-board values (from the mw-ships table).
type Limits interface {
	MaxCannons(shipType string) (int, bool)
	MaxSailors(shipType string) (int, bool)
}

// unitKinds are the defaults of each kind word a unit spec may start
// with; a Sea Monster's name and a ship type are read besides (see
// ParseUnit).
var unitKinds = map[string]Unit{
	"ship":                  {Kind: KindShip},
	"player":                {Kind: KindShip},
	"galleass":              {Kind: KindGalleass, Sailors: 10},
	"fort":                  {Kind: KindFort},
	"pirate":                {Kind: KindPirate},
	"caravel-npc":           {Kind: KindCaravel},
	"conquistador":          {Kind: KindCaravel},
	"conquistadors-caravel": {Kind: KindCaravel},
	"ccaravel":              {Kind: KindCaravel},
	"freighter":             {Kind: KindFreighter},
	"silver-freighter":      {Kind: KindFreighter},
	"battery":               {Kind: KindBattery},
	"temple":                {Kind: KindTemple},
	"militia":               {Kind: KindMilitia, Sailors: 2},
	"plantation":            {Kind: KindMilitia, Sailors: 2},
	"dutchman":              {Kind: KindDutchman},
	"flying-dutchman":       {Kind: KindDutchman},
	"monster":               {Kind: KindMonster},
}

// unitSpec is a unit spec being read: the unit so far, the spec (for
// error texts) and whether Cannons and Sailors were given (a ship type
// does not override them).
type unitSpec struct {
	u                      Unit
	spec                   string
	cannonsSet, sailorsSet bool
}

// A unitSetter applies one key of a unit spec: k is the key as written
// (lowercased), v its value and hasV whether "=value" was given.
type unitSetter func(p *unitSpec, k, v string, hasV bool) error

// num reads a whole number >= 0.
func (p *unitSpec) num(k, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, referee.Usagef("unit %q: %s=%q is not a whole number >= 0", p.spec, k, v)
	}
	return n, nil
}

// rank reads an Officer's side; a bare key is a basic Officer.
func (p *unitSpec) rank(k, v string, hasV bool) (Rank, error) {
	if !hasV {
		return Basic, nil
	}
	switch strings.ToLower(v) {
	case "basic", "1", "yes", "true":
		return Basic, nil
	case "fc", "first", "first-class", "firstclass", "2":
		return FirstClass, nil
	case "none", "0", "no", "false":
		return NoOfficer, nil
	}
	return 0, referee.Usagef("unit %q: %s=%q is not basic, fc (First-Class) or none", p.spec, k, v)
}

// numberSetter sets a whole-number field.
func numberSetter(field func(u *Unit) *int) unitSetter {
	return func(p *unitSpec, k, v string, _ bool) error {
		n, err := p.num(k, v)
		*field(&p.u) = n
		return err
	}
}

// rankSetter sets an Officer.
func rankSetter(field func(u *Unit) *Rank) unitSetter {
	return func(p *unitSpec, k, v string, hasV bool) error {
		r, err := p.rank(k, v, hasV)
		*field(&p.u) = r
		return err
	}
}

// firstClass sets an Officer to First-Class, whatever the value.
func firstClass(field func(u *Unit) *Rank) unitSetter {
	return func(p *unitSpec, _, _ string, _ bool) error {
		*field(&p.u) = FirstClass
		return nil
	}
}

// textSetter sets a text field.
func textSetter(field func(u *Unit) *string) unitSetter {
	return func(p *unitSpec, _, v string, _ bool) error {
		*field(&p.u) = v
		return nil
	}
}

// listSetter sets a list field from A+B+C.
func listSetter(field func(u *Unit) *[]string) unitSetter {
	return func(p *unitSpec, _, v string, _ bool) error {
		*field(&p.u) = splitPlus(v)
		return nil
	}
}

func setShipType(p *unitSpec, _, v string, _ bool) error {
	t := strings.ToLower(v)
	if !isShipType(t) {
		return referee.Usagef("unit %q: ship type %q is not one of %s", p.spec, v, strings.Join(ShipTypes, ", "))
	}
	p.u.ShipType = t
	if !p.cannonsSet {
		p.u.Cannons = 2
	}
	if !p.sailorsSet {
		p.u.Sailors = 2
	}
	return nil
}

func setCannons(p *unitSpec, k, v string, _ bool) error {
	var err error
	p.u.Cannons, err = p.num(k, v)
	p.cannonsSet = true
	return err
}

func setSailors(p *unitSpec, k, v string, _ bool) error {
	var err error
	p.u.Sailors, err = p.num(k, v)
	p.sailorsSet = true
	return err
}

func setDamaged(p *unitSpec, _, v string, hasV bool) error {
	p.u.Damaged = !hasV || v == "yes" || v == "true" || v == "1"
	return nil
}

// setXP reads xp=N, or tokens per roll as xp=N/N/N.
func setXP(p *unitSpec, k, v string, _ bool) error {
	parts := strings.Split(v, "/")
	if len(parts) == 1 {
		var err error
		p.u.XP, err = p.num(k, v)
		return err
	}
	for _, part := range parts {
		n, e := strconv.Atoi(strings.TrimSpace(part))
		if e != nil || n < 0 {
			return referee.Usagef("unit %q: xp=%q: give tokens per roll as N/N/N", p.spec, v)
		}
		p.u.XPRolls = append(p.u.XPRolls, n)
	}
	p.u.XP = p.u.XPRolls[0]
	return nil
}

func setLocation(p *unitSpec, _, v string, _ bool) error {
	l := Location(strings.ToLower(v))
	switch l {
	case "port":
		l = Anchorage
	case "at-sea":
		l = AtSea
	}
	ok := false
	for _, x := range Locations {
		if x == l {
			ok = true
		}
	}
	if !ok {
		return referee.Usagef("unit %q: at=%q is not one of %s", p.spec, v, joinLoc())
	}
	p.u.Location = l
	return nil
}

// setDocksFort: the ship is at Docks protected by the named player's Fort
// ("?" when no owner is given).
func setDocksFort(p *unitSpec, _, v string, hasV bool) error {
	p.u.Location = Docks
	p.u.DocksFort = v
	if !hasV {
		p.u.DocksFort = "?"
	}
	return nil
}

func setBlocked(p *unitSpec, _, _ string, _ bool) error {
	p.u.Blocked = true
	return nil
}

func setMonster(p *unitSpec, _, v string, _ bool) error {
	m := monsterName(strings.ToLower(v))
	if m == "" {
		return referee.Usagef("unit %q: Sea Monster %q is not one of %s", p.spec, v, strings.Join(Monsters, ", "))
	}
	p.u.Kind, p.u.Monster = KindMonster, m
	return nil
}

// setShore reads shore=SAILORS+CANNONS[+fencing].
func setShore(p *unitSpec, _, v string, _ bool) error {
	p.u.ShoreSet = true
	for i, part := range strings.Split(v, "+") {
		part = strings.TrimSpace(part)
		if part == "fencing" || part == "fm" {
			p.u.ShoreFencing = true
			continue
		}
		n, e := strconv.Atoi(part)
		if e != nil || n < 0 {
			return referee.Usagef("unit %q: shore=%q: give SAILORS+CANNONS[+fencing], e.g. shore=2+1", p.spec, v)
		}
		if i == 0 {
			p.u.ShoreSailors = n
		} else {
			p.u.ShoreCannons = n
		}
	}
	return nil
}

func setTreasury(p *unitSpec, k, v string, _ bool) error {
	var err error
	p.u.Treasury, err = p.num(k, v)
	p.u.TreasurySet = true
	return err
}

// unitSetters apply each key of a unit spec (aliases share a setter).
var unitSetters = map[string]unitSetter{
	"type":           setShipType,
	"cannons":        setCannons,
	"c":              setCannons,
	"sailors":        setSailors,
	"s":              setSailors,
	"captain":        rankSetter(func(u *Unit) *Rank { return &u.Captain }),
	"gunner":         rankSetter(func(u *Unit) *Rank { return &u.Gunner }),
	"fencing":        rankSetter(func(u *Unit) *Rank { return &u.FencingMaster }),
	"fencing-master": rankSetter(func(u *Unit) *Rank { return &u.FencingMaster }),
	"fm":             rankSetter(func(u *Unit) *Rank { return &u.FencingMaster }),
	"fc-captain":     firstClass(func(u *Unit) *Rank { return &u.Captain }),
	"fc-gunner":      firstClass(func(u *Unit) *Rank { return &u.Gunner }),
	"fc-fencing":     firstClass(func(u *Unit) *Rank { return &u.FencingMaster }),
	"fc-fm":          firstClass(func(u *Unit) *Rank { return &u.FencingMaster }),
	"damaged":        setDamaged,
	"xp":             setXP,
	"owner":          textSetter(func(u *Unit) *string { return &u.Owner }),
	"name":           textSetter(func(u *Unit) *string { return &u.Name }),
	"team":           textSetter(func(u *Unit) *string { return &u.Team }),
	"at":             setLocation,
	"location":       setLocation,
	"loc":            setLocation,
	"fort":           setDocksFort,
	"docks-fort":     setDocksFort,
	"blocked":        setBlocked,
	"monster":        setMonster,
	"kind":           setMonster,
	"shore":          setShore,
	"cargo":          listSetter(func(u *Unit) *[]string { return &u.Cargo }),
	"cabin":          listSetter(func(u *Unit) *[]string { return &u.Passengers }),
	"passengers":     listSetter(func(u *Unit) *[]string { return &u.Passengers }),
	"cabin-cards":    listSetter(func(u *Unit) *[]string { return &u.CaptainsCabin }),
	"captains-cabin": listSetter(func(u *Unit) *[]string { return &u.CaptainsCabin }),
	"cards":          listSetter(func(u *Unit) *[]string { return &u.CaptainsCabin }),
	"defeats":        numberSetter(func(u *Unit) *int { return &u.PriorDefeats }),
	"prior-defeats":  numberSetter(func(u *Unit) *int { return &u.PriorDefeats }),
	"fleet":          numberSetter(func(u *Unit) *int { return &u.Fleet }),
	"fleet-types":    listSetter(func(u *Unit) *[]string { return &u.FleetTypes }),
	"treasury":       setTreasury,
	"silver":         setTreasury,
}

// ParseUnit reads a compact unit spec: KIND[:k=v,flag,...], for example
// "ship:type=brig,cannons=3,sailors=2,gunner=fc,xp=1", "pirate:damaged",
// "fort:owner=ann", "monster:kraken" (or just "kraken"), "galleass:sailors=7",
// "militia:sailors=2". See docs/misty-battles.md for every key.
//
// The kind starts from its defaults (unitKinds); each key then has its
// setter (unitSetters); a Sea Monster's name is also a key of a monster.
func ParseUnit(spec string) (Unit, error) { return parseUnit(spec, nil) }

// ParseAttacker is ParseUnit for the attacker of def: a unit whose spec
// names no space (no at= or fort=) stands where the rules make it attack
// def from (attackFrom), else At Sea as ParseUnit puts it.
func ParseAttacker(spec string, def Unit) (Unit, error) { return parseUnit(spec, &def) }

// attackFrom puts an attacker whose spec names no space on the space it
// must attack def from.
//
// Ruling (docs/misty-battles.md, the Last Day Temple's space): the Temple
// stands "on top of the Conquistadors' Treasure token that is on the 'X'
// in the center of the map at the Red Water Lagoon", and "When a Player
// Ship is at the Adjacent Space to the 'X' in the Red Water Lagoon, it
// cannot acquire the Conquistadors' Galleass nor the Conquistadors'
// Treasure as normal until it opens a way through the walls of the Last
// Day Temple*. To open the walls, a Player Ship must perform a Broadside
// Battle against the Last Day Temple*." With "An eligible attack target
// must be in an Adjacent Space to the attacker" and the 'X' "accessed
// from the Adjacent Space", that one space is where a Temple attack is
// made from; it is a red space ("The Conquistadors' Galleass will
// eventually begin its journey in the Red Water Lagoon", placed "on the
// Adjacent Space to the 'X'"), and "The Red Water Lagoon is not
// considered At Sea". So the attacker is in the lagoon, and Rocky Seas
// ("Player Ships ... At Sea cannot perform Broadside Battles") does not
// stop it. A spec that names another space keeps it: at=sea under Rocky
// Seas is refused (rocky-seas-temple), any other space is noted.
func attackFrom(u *Unit, def Unit) {
	if u.Location == "" && u.Kind == KindShip && def.Kind == KindTemple {
		u.Location = Lagoon
	}
}

func parseUnit(spec string, def *Unit) (Unit, error) {
	spec = strings.TrimSpace(spec)
	kind, rest, _ := strings.Cut(spec, ":")
	kind = strings.ToLower(strings.TrimSpace(kind))
	p := &unitSpec{spec: spec}
	if d, ok := unitKinds[kind]; ok {
		p.u = d
	} else if m := monsterName(kind); m != "" {
		p.u.Kind, p.u.Monster = KindMonster, m
	} else if isShipType(kind) {
		p.u.Kind, p.u.ShipType = KindShip, kind
	} else {
		return p.u, referee.Usagef("unit %q: kind %q is not known (ship, galleass, fort, pirate, caravel-npc, freighter, battery, monster, temple, militia, dutchman, a ship type or a Sea Monster)", spec, kind)
	}
	if p.u.Kind == KindShip && p.u.ShipType != "" {
		p.u.Cannons, p.u.Sailors = 2, 2
	}
	for _, item := range strings.Split(rest, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		k, v, hasV := strings.Cut(item, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		set, ok := unitSetters[k]
		if !ok {
			if m := monsterName(k); m != "" && p.u.Kind == KindMonster {
				p.u.Monster = m
				continue
			}
			return p.u, referee.Usagef("unit %q: %q is not a known key (type, cannons, sailors, captain, gunner, fencing, fc-gunner, fc-fencing, damaged, xp, owner, at, fort, blocked, shore, cargo, cabin, cards, defeats, fleet, treasury, name, team)", spec, k)
		}
		if err := set(p, k, v, hasV); err != nil {
			return p.u, err
		}
	}
	if def != nil {
		attackFrom(&p.u, *def)
	}
	err := finishUnit(&p.u, spec)
	return p.u, err
}

// finishUnit puts a unit whose place was not given At Sea (land units on
// land) and checks a Sea Monster is named.
func finishUnit(u *Unit, spec string) error {
	if u.Kind == KindShip && u.Location == "" {
		u.Location = AtSea
	}
	if u.Kind == KindGalleass && u.Location == "" {
		u.Location = AtSea
	}
	if u.IsLand() {
		u.Location = Land
	}
	if u.Kind == KindMonster && u.Monster == "" {
		return referee.Usagef("unit %q: name the Sea Monster (%s)", spec, strings.Join(Monsters, ", "))
	}
	if u.Location == "" {
		u.Location = AtSea
	}
	return nil
}

func splitPlus(v string) []string {
	var out []string
	for _, p := range strings.Split(v, "+") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, strings.ToLower(p))
		}
	}
	return out
}

func joinLoc() string {
	s := make([]string, len(Locations))
	for i, l := range Locations {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

func monsterName(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "_", "-")
	switch s {
	case "serpent", "seaserpent":
		return "sea-serpent"
	case "whale", "spermwhale":
		return "sperm-whale"
	}
	for _, m := range Monsters {
		if m == s {
			return m
		}
	}
	return ""
}

func isShipType(s string) bool {
	for _, t := range ShipTypes {
		if t == s {
			return true
		}
	}
	return false
}

// sortedDesc returns a copy of v sorted from highest to lowest.
func sortedDesc(v []int) []int {
	c := append([]int(nil), v...)
	sort.Sort(sort.Reverse(sort.IntSlice(c)))
	return c
}

// CheckBoxPair refuses two Player Ships that together hold more Cannon or
// Sailor tokens, or spend more Experience Tokens, than the box has: both
// ships' tokens are on the board at once, taken from the same supply
// (Components: 50 Cannon tokens, 50 Sailor tokens, 40 Experience Tokens).
// NPC pieces are left to checkComponents alone.
func CheckBoxPair(att, def Unit) error {
	if att.Kind != KindShip || def.Kind != KindShip {
		return nil
	}
	if n := att.Cannons + def.Cannons; n > MaxCannonTokens {
		return referee.RuleError([]string{CiteComponentsCrew}, "mistywaters: the two Player Ships hold %s together, more than the box holds: at most %d between them (Components: %s)", referee.Count(n, "Cannon"), MaxCannonTokens, referee.Count(MaxCannonTokens, "Cannon token"))
	}
	if n := att.Sailors + def.Sailors; n > MaxSailorTokens {
		return referee.RuleError([]string{CiteComponentsCrew}, "mistywaters: the two Player Ships hold %s together, more than the box holds: at most %d between them (Components: %s)", referee.Count(n, "Sailor"), MaxSailorTokens, referee.Count(MaxSailorTokens, "Sailor token"))
	}
	if n := att.totalXP() + def.totalXP(); n > MaxExperienceTokens {
		return referee.RuleError([]string{CiteComponentsMisc, CiteXPRerolls}, "mistywaters: the two Player Ships spend %s together, more than the box holds: at most %d between them (Components: %s)", referee.Count(n, "Experience Token"), MaxExperienceTokens, referee.Count(MaxExperienceTokens, "Experience Token"))
	}
	return nil
}

// totalXP is every Experience Token the unit spends in the battle.
func (u Unit) totalXP() int {
	if len(u.XPRolls) == 0 {
		return u.XP
	}
	n := 0
	for _, x := range u.XPRolls {
		n += x
	}
	return n
}

// aLabel is the unit's label as a sentence names it: "a Sloop", but
// "Ann's Caravel".
func aLabel(u Unit) string {
	if l := u.Label(); !strings.Contains(l, "'s ") {
		return referee.A(l)
	}
	return u.Label()
}
