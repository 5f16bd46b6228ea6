package procedure

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Phases of a round, plus the end-game steps.
const (
	PhaseWheel   = 1
	PhaseNPC     = 2
	PhaseWeather = 3
	PhaseDraw    = 4
	PhaseTurns   = 5
	PhaseReset   = 6
	PhaseVoting  = 7
	PhaseOver    = 8
)

var phaseNames = map[int]string{
	PhaseWheel:   "Phase 1: Wheel of Time",
	PhaseNPC:     "Phase 2: NPC Movement and Attack",
	PhaseWeather: "Phase 3: Weather",
	PhaseDraw:    "Phase 4: Drawing Action Cards",
	PhaseTurns:   "Phase 5: Player's Turn",
	PhaseReset:   "Phase 6: Reset",
	PhaseVoting:  "Viceroy Voting",
	PhaseOver:    "game over",
}

// NPC kinds.
const (
	KindPirate    = "pirate"
	KindCaravel   = "caravel"
	KindGalleass  = "galleass"
	KindFreighter = "freighter"
	KindDutchman  = "dutchman"
	KindMonster   = "monster"
	KindBattery   = "battery"
)

// Monsters are the six Sea Monsters of the game.
var Monsters = []string{"leviathan", "megalodon", "kraken", "hydra", "sea-serpent", "sperm-whale"}

// Treasure locations.
const (
	TreasureX        = "x"        // on the 'X' in the Red Water Lagoon
	TreasureGalleass = "galleass" // aboard the NPC Conquistadors' Galleass
	TreasureRemoved  = "removed"  // removed from play (escaped or sunk)
	TreasureSold     = "sold"     // Extended Variant: sold at a Base
)

// State is the saved game state of a Misty Waters session.
type State struct {
	Round        int           `json:"round"`
	Phase        int           `json:"phase"`
	Priority     int           `json:"priority"` // index into Players
	PrevPriority int           `json:"prev_priority"`
	Queue        []string      `json:"queue,omitempty"` // pending sub-steps of the phase
	Wind         int           `json:"wind"`
	WindMoved    bool          `json:"wind_moved,omitempty"`
	Event        *EventCard    `json:"event,omitempty"`
	Events       []string      `json:"events_drawn,omitempty"`
	NPCs         []NPC         `json:"npcs"`
	NextPirate   int           `json:"next_pirate"`
	Treasure     string        `json:"treasure"` // TreasureX, TreasureGalleass, "player:NAME", removed, sold
	Galleass     bool          `json:"galleass_launched"`
	Temple       bool          `json:"temple,omitempty"` // Last Day Temple standing
	TempleDamage int           `json:"temple_damage,omitempty"`
	Players      []PlayerState `json:"players"`
	Whirlpools   [6]string     `json:"whirlpools"` // "", "crate" or "raft" on Whirlpool 1..6
	Weather      Weather       `json:"weather"`
	Opt          Options       `json:"options"`
	EndReason    string        `json:"end_reason,omitempty"`
	EndAfter     bool          `json:"end_after_round,omitempty"` // Treasure removed: the game ends at the end of the round
	Winners      []string      `json:"winners,omitempty"`
	Voting       *Voting       `json:"voting,omitempty"`

	// current is the player whose Phase 5 turn this step runs (not saved).
	current string
}

// EventCard is the Event Card in force.
type EventCard struct {
	Name       string `json:"name"`
	Text       string `json:"text,omitempty"`
	Continuing bool   `json:"continuing"`
	Round      int    `json:"round"`
}

// PlayerState is what the referee keeps of one player.
type PlayerState struct {
	Name       string     `json:"name"`
	Colour     string     `json:"colour,omitempty"`
	Base       string     `json:"base,omitempty"`
	Team       int        `json:"team,omitempty"`       // Team Mode: 1 or 2
	Fleet      []string   `json:"fleet"`                // Player Ships afloat, by their initials (S, C, B...; GA a Galleass)
	Lost       []LostShip `json:"lost_ships,omitempty"` // Player Ships bosun saw leave the fleet
	Captured   int        `json:"captured"`
	Streak     int        `json:"streak"` // consecutive round ends with enough Captured Islands
	Tavern     int        `json:"tavern_rounds,omitempty"`
	TavernFee  int        `json:"tavern_fee,omitempty"` // fee paid for the current extension
	Foreign    int        `json:"foreign_rounds,omitempty"`
	Hourglass  int        `json:"hourglass,omitempty"` // hourglass tokens next to the player's ships
	Home       bool       `json:"treasure_home,omitempty"`
	DutchSaved int        `json:"dutchman_saved_round,omitempty"`
	Defeats    int        `json:"ships_defeated,omitempty"` // Player Ships defeated in battles bosun resolved, by Overboard or the Death Zone
	Trophies   []string   `json:"trophies,omitempty"`       // Pirate Ship and Sea Monster tokens won in battles bosun resolved
	// Boards holds, by fleet code ("fort", "militia" for those), each
	// unit's spec after the last battle bosun resolved for it, with what
	// bosun removed: the default of the next spec question for that unit.
	Boards map[string]string `json:"boards,omitempty"`
}

// NPC is a non-player unit on the map.
type NPC struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Damage   int    `json:"damage,omitempty"`
	Sailors  int    `json:"sailors,omitempty"` // Galleass
	Appeared int    `json:"appeared"`          // round it first appeared
	Monster  string `json:"monster,omitempty"`
	Range    int    `json:"range,omitempty"` // Sea Monster: from its card
	Lagoon   bool   `json:"in_lagoon,omitempty"`
	Treasure bool   `json:"treasure,omitempty"`
}

// Weather is the Weather Tile display when the table described its deck.
type Weather struct {
	Deck    []Tile `json:"deck,omitempty"`    // face-down stack, top first
	Top     *Tile  `json:"top,omitempty"`     // face-up on top of the stack
	Middle  *Tile  `json:"middle,omitempty"`  // to be activated next Round
	Last    *Tile  `json:"last,omitempty"`    // last activated
	Entered bool   `json:"entered,omitempty"` // tiles are entered by key
	Started bool   `json:"started,omitempty"` // a middle tile exists (entered mode)
}

// Tile is one Weather Tile: marker movement and illustrated effect.
type Tile struct {
	Move   int    `json:"move"`
	Effect string `json:"effect,omitempty"`
}

// Options are the rules in effect, from the session's --option values.
type Options struct {
	Advanced   map[string]bool `json:"advanced,omitempty"`
	Variants   map[string]bool `json:"variants,omitempty"`
	Components map[string]bool `json:"components,omitempty"`
	Teams      [][]string      `json:"teams,omitempty"`
	SideRule   string          `json:"npc_side,omitempty"`      // continue | top-right
	SeaAdv     string          `json:"sea_adventure,omitempty"` // one | per-ship
	FirstTile  string          `json:"first_tile,omitempty"`    // literal | round-2
	Rounds     int             `json:"rounds,omitempty"`        // Extended: last round
	// ShortGalleass is when the Shortened Variant's Galleass appears:
	// at-once (in the Reset Phase of the Round the 4th island is captured)
	// or next-round (at the start of the next Round).
	ShortGalleass string `json:"shortened_galleass,omitempty"`
	// MonsterWait: a Sea Monster does not move in the Round it appears
	// (option monster-first-round=wait; the rulebook's NPC Ships rule).
	MonsterWait bool `json:"monster_wait,omitempty"`
	// PrizeFleet: a Player Ship taken as a 'Prize Ship' after a Boarding
	// Battle counts in the victor's fleet (option prize-ship=fleet; the
	// rulebook file does not give the choice's text).
	PrizeFleet bool `json:"prize_fleet,omitempty"`
	// LeftOut are Advanced Rules that advanced=all asked for but the mode
	// excludes (Team Mode: Priority Token Negotiation).
	LeftOut []string `json:"left_out,omitempty"`
	// DutchmanLostOnly: a Player Ship the Flying Dutchman takes is Lost but
	// not a defeated Player Ship (option dutchman-loss=lost).
	DutchmanLostOnly bool `json:"dutchman_lost_only,omitempty"`
	// ExtendedThree: an Extended Variant game of 2 players needs 3
	// Captured Islands, as the variant's Game End line reads, instead of
	// the standard two-player 4 (option extended-two-player=3).
	ExtendedThree bool `json:"extended_two_player_three,omitempty"`
	// NPCStack: an NPC stacks its Boarding second-row dice, two behind
	// its lowest die (option npc-second-row=stack; the engine's
	// NPCStackSecondRow).
	NPCStack bool `json:"npc_second_row_stack,omitempty"`
}

// Advanced rule names (--option advanced=all or a comma list).
var advancedNames = []string{"temple", "priority-negotiation", "extra-cards", "pirate-boarding", "militia", "non-binding"}

// Variant names (--option variants=...).
var variantNames = []string{"simplified", "shortened", "extended", "adventure", "team"}

// Expansion components (--option components=all|none|list).
var componentNames = []string{"last-transport", "flying-dutchman", "silver-freighter", "caravels", "temple", "taverns", "events"}

func (o Options) adv(name string) bool  { return o.Advanced[name] }
func (o Options) vari(name string) bool { return o.Variants[name] }
func (o Options) has(name string) bool  { return o.Components[name] }

func checkTeams(teams [][]string, players []referee.Player) error {
	if len(teams) != 2 || len(teams[0]) != 2 || len(teams[1]) != 2 {
		return referee.Usagef("mistywaters: option teams must name two teams of two, e.g. teams=Ann+Cy,Bob+Dan")
	}
	idx := map[string]int{}
	for i, p := range players {
		idx[p.Name] = i
	}
	seen := map[string]bool{}
	for _, t := range teams {
		for _, n := range t {
			if _, ok := idx[n]; !ok || seen[n] {
				return referee.Usagef("mistywaters: option teams: %q is not a player or appears twice", n)
			}
			seen[n] = true
		}
		// Teammates sit opposite, so they never take turns one after the other.
		if d := idx[t[0]] - idx[t[1]]; d != 2 && d != -2 {
			return referee.RuleError([]string{citeTeamMode}, "mistywaters: teammates %s and %s must sit opposite each other (seats 1+3 and 2+4 in --players order)", t[0], t[1])
		}
	}
	return nil
}

// team returns the team index (1-based) of a player, 0 outside Team Mode.
func (st *State) team(name string) int {
	for i, t := range st.Opt.Teams {
		for _, n := range t {
			if n == name {
				return i + 1
			}
		}
	}
	return 0
}

// order returns the players in turn order starting at the priority holder.
func (st *State) order() []int {
	n := len(st.Players)
	out := make([]int, n)
	for i := range out {
		out[i] = (st.Priority + i) % n
	}
	return out
}

func (st *State) player(name string) *PlayerState {
	for i := range st.Players {
		if st.Players[i].Name == name {
			return &st.Players[i]
		}
	}
	return nil
}

func (st *State) npc(id string) *NPC {
	for i := range st.NPCs {
		if st.NPCs[i].ID == id {
			return &st.NPCs[i]
		}
	}
	return nil
}

func (st *State) removeNPC(id string) {
	// A new slice: pointers to the other NPCs held by the caller stay valid.
	out := make([]NPC, 0, len(st.NPCs))
	for _, n := range st.NPCs {
		if n.ID != id {
			out = append(out, n)
		}
	}
	st.NPCs = out
}

func (st *State) count(kind string) int {
	c := 0
	for _, n := range st.NPCs {
		if n.Kind == kind {
			c++
		}
	}
	return c
}

func (st *State) ids(kinds ...string) []string {
	var out []string
	for _, n := range st.NPCs {
		for _, k := range kinds {
			if n.Kind == k {
				out = append(out, n.ID)
			}
		}
	}
	return out
}

// Wheel returns the Wheel of Time position (1..12) of a round: after XII the
// marker keeps moving clockwise, so Round XIII is at I again.
func Wheel(round int) int {
	if round < 1 {
		return 1
	}
	return (round-1)%12 + 1
}

// Roman writes n in Roman numerals (rounds are numbered so on the board).
func Roman(n int) string {
	if n <= 0 {
		return fmt.Sprint(n)
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

func isHarvest(w int) bool { return w == 1 || w == 6 || w == 8 || w == 10 }
func isEvent(w int) bool   { return w == 2 || w == 4 || w == 7 || w == 10 }
func isPirate(w int) bool  { return w == 3 || w == 5 || w == 9 || w == 11 }
func isGold(w int) bool    { return w == 6 || w == 12 }
