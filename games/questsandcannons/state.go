package questsandcannons

import (
	"strings"
)

// Phases of the procedure.
const (
	PhaseStart    = "turn-start" // refresh the current player
	PhaseActions  = "actions"    // the current player's Actions and Port Activities
	PhaseRoundEnd = "round-end"  // end of the round: game end, Marauder reloads and Reinforcements
	PhaseOver     = "over"
)

// Modes of play.
const (
	ModeFFA   = "free-for-all"
	ModeTeams = "teams"
	ModeCoop  = "coop"
)

// State is the saved state of a Quests & Cannons session.
type State struct {
	Mode        string     `json:"mode"`
	Difficulty  string     `json:"difficulty,omitempty"`
	Layout      string     `json:"layout"`
	Variant     bool       `json:"marauder_variant,omitempty"` // Marauder Ships in Multiplayer
	Round       int        `json:"round"`
	Turn        int        `json:"turn"` // index into Order
	Order       []int      `json:"order"`
	Phase       string     `json:"phase"`
	Players     []Player   `json:"players"`
	Teams       []Team     `json:"teams"`
	Marauders   []Marauder `json:"marauders,omitempty"`
	GoalReached bool       `json:"goal_reached,omitempty"`
	GoalRound   int        `json:"goal_round,omitempty"`
	Result      *Result    `json:"result,omitempty"`
	Rulings     Rulings    `json:"rulings"`
	// prices are the Port Activity prices of the tables (qc-prices), read
	// at the start of a step so that an action is offered only when it can
	// be paid; not saved (the tables are the source).
	prices map[string]int
}

// price is the coin price of a qc-prices row: the tables' value read for
// this step, else the rulebook's.
func (st *State) price(key string) int {
	if v, ok := st.prices[key]; ok {
		return v
	}
	return map[string]int{"repair-coins": RepairCoins, "upgrade-coins": UpgradeCoins, "trade-coins": TradeCoins, "sell-loot": SellCardCoins, "sell-clue": SellCardCoins}[key]
}

// Player is one Champion and ship.
type Player struct {
	Name        string         `json:"name"`
	Champion    string         `json:"champion"`
	Nation      string         `json:"nation"`
	Role        string         `json:"role"`
	Team        int            `json:"team"`
	Hearts      int            `json:"hearts"`
	Damage      int            `json:"damage"`
	Sails       int            `json:"sails"`
	MaxSails    int            `json:"max_sails"`
	Cannons     int            `json:"cannons"`
	MaxCannons  int            `json:"max_cannons"`
	Cargo       int            `json:"cargo"`
	MaxCargo    int            `json:"max_cargo"`
	SailsReady  int            `json:"sails_ready"`
	GunsReady   int            `json:"cannons_ready"`
	Actions     int            `json:"actions"`
	Ammo        int            `json:"ammo"`
	Coins       int            `json:"coins"`
	Bonus       int            `json:"traveler_bonus"`
	Res         map[string]int `json:"resources"`
	Clues       int            `json:"clues"`  // unsolved, in hand
	Solved      int            `json:"solved"` // face up, not yet delivered
	Quests      int            `json:"quests"` // in hand
	Loot        int            `json:"loot"`   // in hand
	Equipped    int            `json:"equipped"`
	QuestsDone  int            `json:"quests_done"`
	HardDone    int            `json:"hard_quests_done"`
	Delivered   int            `json:"clues_delivered"`
	Sank        []int          `json:"marauders_sunk,omitempty"` // Home Port tokens of Marauders this player sank
	Space       string         `json:"space"`
	IslandRes   string         `json:"island_resource,omitempty"`
	LuckUsed    bool           `json:"luck_used,omitempty"`
	MendUsed    bool           `json:"mend_used,omitempty"`
	MobilityUse bool           `json:"mobility_used,omitempty"`
	Sinkings    int            `json:"sinkings,omitempty"`
}

// Carried is the number of Resources in the cargo slots.
func (p *Player) Carried() int {
	t := 0
	for _, v := range p.Res {
		t += v
	}
	return t
}

// Team shares one Prosperity tracker.
type Team struct {
	Name       string `json:"name"`
	Members    []int  `json:"members"`
	Nation     string `json:"nation"`
	Prosperity int    `json:"prosperity"`
	Goal       int    `json:"goal"`
}

// Marauder is a game-controlled enemy ship (co-op and the multiplayer variant).
type Marauder struct {
	ID         int  `json:"id"`
	Cannons    int  `json:"cannons"`
	Ready      int  `json:"ready"`
	Damage     int  `json:"damage"`
	Sunk       bool `json:"sunk,omitempty"`
	Reinforced bool `json:"reinforced_last_round,omitempty"`
}

// Result is how the game ended.
type Result struct {
	Winners []string `json:"winners"` // team names
	Won     bool     `json:"won"`     // co-op: the players won
	Reason  string   `json:"reason"`
}

// Rulings are bosun's readings of ambiguous text, each switchable by an
// option (see docs/quests-and-cannons.md).
type Rulings struct {
	// MoveExtendActions: when a Move has no movement or Sails left it may
	// go on by spending another Action (so two Actions pay for a Stormy Sea).
	// Default no: a Move action is 1 space plus Sails.
	MoveExtendActions bool `json:"move_extend_actions"`
	// FreeMoveStormy: the free move after a safe Treacherous roll may enter a
	// Stormy Sea ("move to any adjacent space for free").
	FreeMoveStormy bool `json:"free_move_stormy"`
	// AmmoCap: buying Ammo past 9 is allowed and the extra is lost (else refused).
	AmmoCap bool `json:"ammo_cap"`
	// NegativeProsperity: Prosperity may drop below 0 (else it stops at 0).
	NegativeProsperity bool `json:"negative_prosperity"`
	// UpgradeReady: a newly bought Sail or Cannon arrives Ready.
	UpgradeReady bool `json:"upgrade_ready"`
	// ReinforceReady: the Cannon a Marauder gains when it Reinforces is Ready.
	ReinforceReady bool `json:"reinforce_ready"`
	// MobilityOncePerTurn: Delvish Mobility may be used once per turn.
	MobilityOncePerTurn bool `json:"mobility_once_per_turn"`
	// CoopGoalEnds: in co-op, reaching the Prosperity Goal ends the game at
	// the end of that round, won only with every Mission complete (else the
	// game goes on to round 15 until both are done).
	CoopGoalEnds bool `json:"coop_goal_ends"`
	// Substitutes: the supply never runs out (make up the missing
	// components); else the box's counts are its limit.
	Substitutes bool `json:"supply_substitutes,omitempty"`
}

// cur returns the current player.
func (st *State) cur() *Player { return &st.Players[st.Order[st.Turn]] }

func (st *State) curIndex() int { return st.Order[st.Turn] }

// coop reports whether the game is co-operative.
func (st *State) coop() bool { return st.Mode == ModeCoop }

func (st *State) playerByName(name string) int {
	for i, p := range st.Players {
		if strings.EqualFold(p.Name, name) {
			return i
		}
	}
	return -1
}

// teammates of player i (excluding i).
func (st *State) teammates(i int) []int {
	var out []int
	for _, m := range st.Teams[st.Players[i].Team].Members {
		if m != i {
			out = append(out, m)
		}
	}
	return out
}

// MissionDone reports whether a player's co-op Mission is complete, and
// its progress text.
func (p *Player) MissionDone() (string, int, int, bool) {
	switch MissionOf[p.Role] {
	case "naval":
		return "naval", len(p.Sank), NavalTarget, len(p.Sank) >= NavalTarget
	case "aid":
		return "aid", p.HardDone, AidTarget, p.HardDone >= AidTarget
	case "research":
		return "research", p.Delivered, ResearchTarget, p.Delivered >= ResearchTarget
	}
	return "", 0, 0, false
}
