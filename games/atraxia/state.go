package atraxia

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Clans of the game, in the rulebook's order.
var Clans = []string{"fox", "rhino", "tiger", "ape", "squirrel", "lion"}

// StartFleet is each clan's whole fleet (Player Setup C).
var StartFleet = Fleet{Capital: 1, Destroyer: 5, Frigate: 5, Gunboat: 6}

// StartReserve is what stays in reserve at setup: all but the Capital Ship,
// 3 Gunboats and 1 Frigate.
var StartReserve = Fleet{Destroyer: 5, Frigate: 4, Gunboat: 3}

// Clan is one player's clan as bosun keeps it.
type Clan struct {
	Player   string  `json:"player"`
	Clan     string  `json:"clan"`
	OC       int     `json:"oc"`
	AlWood   int     `json:"alwood"`
	Ammo     []int   `json:"ammo"`
	Power    int     `json:"power_cards"`
	Crystals int     `json:"crystals"` // unmounted Magic Crystals
	Mounted  []Mount `json:"mounted,omitempty"`
	Ability  int     `json:"ability"` // 1 (1.0) or 2 (2.0)
	Reserve  Fleet   `json:"reserve"`
	Hostage  Fleet   `json:"hostage,omitempty"` // ships held hostage by a privateer
	// Capital is where the Capital Ship is ("<clan>-home", "isle", ...).
	Capital string `json:"capital"`
	// Privateer is "" (none hired), "reserve", or its location.
	Privateer   string   `json:"privateer,omitempty"`
	Teleporters []string `json:"teleporters,omitempty"`
	// Homes are conquered Home Bases whose teleporter the clan may use.
	Homes       []string `json:"homes,omitempty"`
	ApexEntered bool     `json:"apex_entered,omitempty"`
	Eliminated  bool     `json:"eliminated,omitempty"`
}

// Mount is a mounted Magic Crystal.
type Mount struct {
	Island   string `json:"island"`
	Resource string `json:"resource"` // oc, alwood or ammo
}

// Home is the clan's Home Base location.
func (c *Clan) Home() string { return c.Clan + "-home" }

// OnBoard is the clan's fleet on the board (not in reserve, not hostage),
// without the privateer.
func (c *Clan) OnBoard() Fleet {
	f := StartFleet.Sub(c.Reserve).Sub(c.Hostage)
	f.Privateer = 0
	return f
}

// AmmoTotal is the value of the clan's Ammo cards.
func (c *Clan) AmmoTotal() int { return sum(c.Ammo) }

func (c *Clan) hasTeleporter(loc string) bool {
	if loc == c.Home() {
		return true
	}
	for _, t := range c.Teleporters {
		if t == loc {
			return true
		}
	}
	for _, h := range c.Homes {
		if h == loc {
			return true
		}
	}
	return false
}

func (c *Clan) mountAt(loc string) int {
	for i, m := range c.Mounted {
		if m.Island == loc {
			return i
		}
	}
	return -1
}

// Apex is one Apex Island of the Central Continent (numbered clockwise).
type Apex struct {
	Name    string `json:"name"`
	Tile    int    `json:"tile,omitempty"` // Lost Expedition tile (1-8) still on it
	Pirate  bool   `json:"pirate,omitempty"`
	Covered bool   `json:"covered,omitempty"` // 5 players: stays covered
}

// Isle is the Isle of Myth.
type Isle struct {
	Clan  string `json:"clan,omitempty"` // whose fleet is on it
	Fleet Fleet  `json:"fleet"`
	// Holder controls it (Capital Ship present, or left during this turn).
	Holder string `json:"holder,omitempty"`
	// Upkeeps counts the consecutive turns the holder began in control and paid.
	Upkeeps int  `json:"upkeeps,omitempty"`
	Left    bool `json:"left,omitempty"` // the holder's Capital Ship left this turn
	Entered bool `json:"entered,omitempty"`
}

// Block is an island held hostage by a privateer.
type Block struct {
	Island   string `json:"island"`
	Owner    string `json:"owner"`  // the privateer's clan
	Victim   string `json:"victim"` // the blocked clan
	Hostages Fleet  `json:"hostages"`
}

// Options are the session's switches (see docs/war-for-atraxia.md).
type Options struct {
	Pirates     bool        `json:"pirates"`
	IsleWin     string      `json:"isle_win"`     // full-rounds | entry-turn
	Retreat     RetreatRule `json:"retreat"`      // within-half | extra
	ApexCapital string      `json:"apex_capital"` // clan | island
	Covered     int         `json:"covered"`      // 5 players: the covered Apex Island
	// Countdown: after-entry (5 more rounds after the round the first
	// Capital Ship enters) | marker (that round is the marker's 5).
	Countdown string `json:"countdown,omitempty"`
	// Captured: mounted (a Magic Crystal mounted on a conquered island stays
	// mounted, now the winner's) | loose (it becomes a loose crystal of the
	// winner).
	Captured string `json:"captured,omitempty"`
	// Crystals: box (Magic Crystal rewards stop at what the box's 30
	// leave) | substitutes (paid in full; a save from before the option
	// has "" and keeps that reading).
	Crystals string `json:"crystal_supply,omitempty"`
	// Rehire: reserve (a clan whose privateer is in the reserve may hire a
	// pirate again) | no (never while the clan has its privateer meeple).
	Rehire string `json:"rehire,omitempty"`
	// PirateTele: kept (a clan beaten by a pirate keeps its teleporter on
	// that Apex Island) | destroyed (it loses it, as a battle's loser does).
	PirateTele string `json:"pirate_teleporter,omitempty"`
}

// State is the saved game state.
type State struct {
	Opts     Options `json:"options"`
	Clans    []*Clan `json:"clans"`
	Round    int     `json:"round"`
	Turn     int     `json:"turn"` // index of the clan whose turn it is
	Started  bool    `json:"started"`
	Actions  int     `json:"actions"`
	Allowed  int     `json:"allowed"`
	Asked3rd bool    `json:"asked_third,omitempty"`
	Bought   int     `json:"power_bought,omitempty"`
	Convert  int     `json:"converted,omitempty"`
	Mounted  bool    `json:"mounted_this_turn,omitempty"`
	Dismount bool    `json:"dismounted_this_turn,omitempty"`
	// TeleLost counts the teleporters of the clan whose turn it is
	// destroyed this turn: one "may be rebuilt on a subsequent turn".
	TeleLost int     `json:"teleporters_lost_this_turn,omitempty"`
	Apex     []*Apex `json:"apex"`
	Unused   []int   `json:"unused_tiles,omitempty"`
	IsleMC   int     `json:"isle_crystals"`
	Count    int     `json:"countdown"` // 0: not started
	// EntryRound is the round the first Capital Ship entered the Isle.
	EntryRound int `json:"entry_round,omitempty"`
	// Held lists the clans whose privateer came back this turn (ransom or
	// defeat): it moves or is repurchased only on a subsequent turn.
	Held    []string `json:"privateer_held,omitempty"`
	Isle    Isle     `json:"isle"`
	Blocks  []*Block `json:"blocks,omitempty"`
	Market  int      `json:"power_market"`
	Winners []string `json:"winners,omitempty"`
	Why     string   `json:"why,omitempty"`
	Over    bool     `json:"over,omitempty"`
	Scores  []Score  `json:"scores,omitempty"`
}

// Score is one clan's final score.
type Score struct {
	Player    string `json:"player"`
	Clan      string `json:"clan"`
	Crystals  int    `json:"crystals"`
	Locations int    `json:"locations,omitempty"`
	Strength  int    `json:"strength"`
	Rank      int    `json:"rank"`
}

func (st *State) clan(name string) *Clan {
	for _, c := range st.Clans {
		if c.Clan == name {
			return c
		}
	}
	return nil
}

func (st *State) current() *Clan { return st.Clans[st.Turn] }

// held reports whether the clan's privateer came back this turn.
func (st *State) held(clan string) bool {
	for _, h := range st.Held {
		if h == clan {
			return true
		}
	}
	return false
}

// usableMounts are the clan's mounted crystals on islands not blocked for it
// (a blocked island "cannot ... take any other action that requires control
// of the island").
func (st *State) usableMounts(c *Clan) []int {
	var out []int
	for i, m := range c.Mounted {
		if b := st.block(m.Island); b != nil && b.Victim == c.Clan {
			continue
		}
		out = append(out, i)
	}
	return out
}

func (st *State) active() []*Clan {
	var out []*Clan
	for _, c := range st.Clans {
		if !c.Eliminated {
			out = append(out, c)
		}
	}
	return out
}

func (st *State) apex(name string) *Apex {
	for _, a := range st.Apex {
		if a.Name == name {
			return a
		}
	}
	return nil
}

func (st *State) block(island string) *Block {
	for _, b := range st.Blocks {
		if b.Island == island {
			return b
		}
	}
	return nil
}

func (st *State) removeBlock(island string) {
	for i, b := range st.Blocks {
		if b.Island == island {
			st.Blocks = append(st.Blocks[:i], st.Blocks[i+1:]...)
			return
		}
	}
}

// Loc is a location of the board, named by bosun's convention:
// "isle", "apex1".."apex6" (clockwise), and on each clan's continent
// "<clan>-home", "<clan>-south" (the other non-dockable island) and
// "<clan>-1".."<clan>-4" (the dockable islands, 1 the northernmost).
type Loc struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // isle, apex, home, south, north
	Clan string `json:"clan,omitempty"`
}

// Dockable reports whether fleets may dock there from another continent.
func (l Loc) Dockable() bool { return l.Kind == "apex" || l.Kind == "north" }

// LocSyntax says how locations are written.
const LocSyntax = `isle, apex1-apex6 (clockwise), CLAN-home, CLAN-south (the other non-dockable island), CLAN-1 to CLAN-4 (the dockable islands, 1 northernmost), CLAN one of fox, rhino, tiger, ape, squirrel, lion`

// ParseLoc reads a location name.
func ParseLoc(s string) (Loc, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	n = strings.ReplaceAll(n, " ", "-")
	switch n {
	case "isle", "isle-of-myth", "myth":
		return Loc{Name: "isle", Kind: "isle"}, nil
	}
	if rest, ok := strings.CutPrefix(n, "apex"); ok {
		rest = strings.TrimPrefix(rest, "-")
		if k, err := strconv.Atoi(rest); err == nil && k >= 1 && k <= 6 {
			return Loc{Name: fmt.Sprintf("apex%d", k), Kind: "apex"}, nil
		}
	}
	if clan, rest, ok := strings.Cut(n, "-"); ok && isClan(clan) {
		switch rest {
		case "home", "home-base", "homebase":
			return Loc{Name: clan + "-home", Kind: "home", Clan: clan}, nil
		case "south":
			return Loc{Name: clan + "-south", Kind: "south", Clan: clan}, nil
		case "1", "2", "3", "4":
			return Loc{Name: clan + "-" + rest, Kind: "north", Clan: clan}, nil
		}
	}
	return Loc{}, referee.Usagef("atraxia: %q is not a location; write %s", s, LocSyntax)
}

func isClan(s string) bool {
	for _, c := range Clans {
		if c == s {
			return true
		}
	}
	return false
}

// ParseClan reads a clan name ("fox", "Fox Clan").
func ParseClan(s string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(s))
	n = strings.TrimSuffix(strings.TrimSuffix(n, " clan"), "-clan")
	if isClan(n) {
		return n, true
	}
	return "", false
}

// clanNames are the clans in the game, in seat order.
func (st *State) clanNames() []string {
	var out []string
	for _, c := range st.Clans {
		out = append(out, c.Clan)
	}
	return out
}

// locSyntax says how locations are written in this game: only the clans
// playing have a continent on the board.
func (st *State) locSyntax() string {
	return strings.Replace(LocSyntax, strings.Join(Clans, ", "), strings.Join(st.clanNames(), ", "), 1)
}

// parseLoc reads a location of this game: an island of a clan not in the
// game is not on the board.
func (st *State) parseLoc(s string) (Loc, error) {
	l, err := ParseLoc(s)
	if err != nil {
		return Loc{}, referee.Usagef("atraxia: %q is not a location; write %s", s, st.locSyntax())
	}
	if l.Clan != "" && st.clan(l.Clan) == nil {
		return Loc{}, referee.RuleError(cites(CiteGameSetup), "atraxia: %s: the %s clan is not in this game, so its continent is not on the board (\"Gather Player Continent boards equal to the number of Clan Leaders\"); clans playing: %s",
			l.Name, l.Clan, strings.Join(st.clanNames(), ", "))
	}
	return l, nil
}
