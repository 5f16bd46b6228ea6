package questsandcannons

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Resources are the five kinds of Resource token.
var Resources = []string{"canvas", "metal", "lumber", "spice", "gems"}

// Nations are the three nations of Miraheim.
var Nations = []string{"dwunny", "delf", "porc"}

// Roles are the three victory-path specialisations of the Champions.
var Roles = []string{"cannoneer", "navigator", "quartermaster"}

// Space kinds a ship can enter (answers to qc.move.sea).
const (
	SpaceCalm        = "calm"
	SpaceStormy      = "stormy"
	SpaceTreacherous = "treacherous"
	SpaceImpassible  = "impassible"
	SpaceIsland      = "island"
	SpaceWorkshop    = "workshop"
	SpaceTrading     = "trading"
	SpaceHome        = "home"       // a Home Port of your team
	SpaceRivalHome   = "rival-home" // a Home Port of another team
	SpaceOutpost     = "outpost"
	SpaceStop        = "stop"
)

// SeaKinds are the answers accepted for a space entered during a Move.
var SeaKinds = []string{SpaceCalm, SpaceStormy, SpaceTreacherous, SpaceIsland, SpaceWorkshop, SpaceTrading, SpaceHome, SpaceOutpost, SpaceRivalHome, SpaceImpassible}

// Constants of the rulebook.
const (
	ActionsPerTurn   = 3 // "You have 3 Actions to spend on each of your turns."
	StartAmmo        = 5 // "Each player receives ... 5 ammo dice"
	StartCoins       = 3 // "... 3 coins"
	MaxAmmo          = 9 // "You may have up to 9 Ammo dice at a time."
	HandLimit        = 3 // "Your hand can hold up to three of each type of card."
	EquipSlots       = 2 // "Ships have only two Equip slots."
	DotsPerDamage    = 4 // "Deal 1 damage to your target for every 4 dots you rolled."
	SinkProsperity   = 3 // "they gain 3 Prosperity" / "you lose 3 Prosperity"
	MarauderHealth   = 5 // "Marauders have 5 Health and 2 Cannons."
	MarauderCannons  = 2
	MarauderMaxGuns  = 4  // "gains a Cannon, up to a maximum of 4"
	MarauderReload   = 2  // "each Marauder Readies two of their Cannons"
	CoopRounds       = 15 // "within 15 rounds"
	UpgradeCoins     = 3  // "Pay 1 Canvas and 3 Coins ..."
	RepairCoins      = 3  // "Pay 3 coins to restore 1 damage."
	AmmoPerCoin      = 2  // "Pay 1 coin to gain 2 Ammo."
	SellCardCoins    = 3  // "the coin price only for Loot or Clue: 3 coins"
	TradeCoins       = 3  // "Pay 1 Gem and 3 Coins to draw a Loot card."
	TreacherousSafe  = 4  // "On a result of 4-6, you may move to any adjacent space for free."
	ExplorationCount = 18 // Exploration Tokens (18)
	MaxTeamSize      = 3  // "One, two, or three players" share a team; the goals stop at "Three Players: 25"
)

// Component counts of the box ("The printed component page lists the
// following (counts in brackets)"): no count a player holds can pass them.
const (
	BoxCoins        = 61 // "Coins (61)"
	BoxClueCards    = 18 // "Clue Cards (18)"
	BoxDamageTokens = 30 // "Hull Damage Tokens (30)"
	BoxLootCards    = 48 // "Loot Cards (48)"
	BoxQuestCards   = 50 // "Quest Cards (50)"
)

// MaxTravelerBonus is bosun's own bound on the Traveler Bonus a player
// holds, not a rule: the rulebook gives none. A failed Treacherous roll
// adds 1 ("add 1 to your Traveler Bonus") and only spending lowers it
// (sinking does not clear it), and the box's "Traveler Bonus Trackers (6)"
// are listed without the length of their track. A Treacherous roll never
// needs more than 3 of it (a 1 plus 3 is 4), so the bound only keeps a
// typo such as 200 out; 20 is more than a game reaches (each point costs a
// failed roll and a damage token) and less than a typo's extra digit.
const MaxTravelerBonus = 20

// MaxHearts bounds the Hearts bosun takes from a Champion tile (the tiles
// are not in the rulebook text; a Marauder has 5 Health).
const MaxHearts = 12

// ReinforceAllRounds are the rounds at whose end every Marauder Reinforces.
var ReinforceAllRounds = map[int]bool{5: true, 10: true}

// ProsperityGoal is the goal for a team of size players.
func ProsperityGoal(size int) (int, error) {
	switch size {
	case 1:
		return 15, nil
	case 2:
		return 20, nil
	case 3:
		return 25, nil
	}
	return 0, referee.RuleError([]string{CiteProsperityGoal, CiteGameSetup}, "questsandcannons: no Prosperity Goal for a team of %s: a team has 1 to %s (\"One Player (FREE-FOR-ALL): 15\", \"Two Players: 20\", \"Three Players: 25\"; accepted: 1-%d)", referee.Count(size, "player"), referee.Count(MaxTeamSize, "player"), MaxTeamSize)
}

// Dots sums the dots of Ammo dice.
func Dots(values []int) int {
	t := 0
	for _, v := range values {
		t += v
	}
	return t
}

// DamageFromDots is 1 damage for every 4 dots.
func DamageFromDots(dots int) int {
	if dots < 0 {
		return 0
	}
	return dots / DotsPerDamage
}

// MoveCost is how many spaces of movement entering a space of kind costs;
// ok is false for a space no ship may enter.
func MoveCost(kind string) (cost int, ok bool) {
	switch kind {
	case SpaceStormy:
		return 2, true
	case SpaceImpassible, SpaceRivalHome:
		return 0, false
	case SpaceCalm, SpaceTreacherous, SpaceIsland, SpaceWorkshop, SpaceTrading, SpaceHome, SpaceOutpost:
		return 1, true
	}
	return 0, false
}

// IsPort reports whether a space allows Maintenance.
func IsPort(kind string) bool {
	return kind == SpaceWorkshop || kind == SpaceTrading || kind == SpaceHome
}

// IsSafeHarbor reports whether ships there cannot be attacked.
func IsSafeHarbor(kind string) bool { return kind == SpaceWorkshop || kind == SpaceHome }

// TreacherousResult is the outcome of a Treacherous Sea roll.
type TreacherousResult struct {
	Roll     int  `json:"roll"`
	Luck     bool `json:"luck,omitempty"` // Dwunny Luck turned the die into a 6
	Bonus    int  `json:"bonus_spent"`
	Total    int  `json:"total"`
	Safe     bool `json:"safe"` // 4-6: a free move to an adjacent space
	Damage   int  `json:"damage"`
	NewBonus int  `json:"traveler_bonus"`
}

// Treacherous resolves a Traveler Die roll on a Treacherous Sea: roll (after
// Dwunny Luck) plus the Traveler Bonus spent; 1-3 one damage, the Move ends
// and +1 Traveler Bonus; 4-6 a free move.
func Treacherous(roll, bonusHeld, bonusSpent int, luck bool) (TreacherousResult, error) {
	if bonusSpent < 0 || bonusSpent > bonusHeld {
		return TreacherousResult{}, referee.RuleError([]string{CiteMove}, "questsandcannons: cannot spend %d Traveler Bonus with %d held", bonusSpent, bonusHeld)
	}
	r := TreacherousResult{Roll: roll, Luck: luck, Bonus: bonusSpent}
	v := roll
	if luck {
		v = 6
	}
	r.Total = v + bonusSpent
	r.NewBonus = bonusHeld - bonusSpent
	if r.Total >= TreacherousSafe {
		r.Safe = true
	} else {
		r.Damage = 1
		r.NewBonus++
	}
	return r, nil
}

// LeastBonusToPass is the Traveler Bonus to spend on a Treacherous Sea
// roll when the player chooses: the least of the held Bonus that makes the
// roll 4 or more, and nothing when no part of it does (a failed roll gains
// a point either way, so spending on it only loses points). "You may spend
// all or part of your Traveler Bonus whenever you roll the Traveler Die to
// add that much to your roll": the spend follows the roll, as Kerris
// spends her one point on a 3 (Sample Movement) and the FAQ lets Dwunny
// Luck follow a seen Treacherous roll.
func LeastBonusToPass(roll, held int, luck bool) int {
	if luck {
		roll = 6
	}
	need := TreacherousSafe - roll
	if need <= 0 || need > held {
		return 0
	}
	return need
}

// Outcome is one line of an exact distribution.
type Outcome struct {
	Damage int     `json:"damage"`
	Ways   string  `json:"ways"`  // favourable face combinations
	Of     string  `json:"of"`    // all combinations (faces^n)
	Exact  string  `json:"exact"` // reduced fraction
	P      float64 `json:"p"`
}

// Distribution is the exact damage distribution of an attack.
type Distribution struct {
	Cannons  int       `json:"cannons"`
	Faces    []int     `json:"faces"`
	Outcomes []Outcome `json:"outcomes"`
	Mean     string    `json:"mean"` // exact expected damage
	MeanF    float64   `json:"mean_float"`
	AnyHit   float64   `json:"p_any_damage"` // probability of +1 Prosperity
}

// DamageDistribution enumerates exactly the damage of n Ammo dice with the
// given faces (each face equally likely).
func DamageDistribution(faces []int, n int) (Distribution, error) {
	if len(faces) == 0 {
		return Distribution{}, referee.Usagef("questsandcannons: the Ammo die has no faces")
	}
	if n < 0 || n > 40 {
		return Distribution{}, referee.Usagef("questsandcannons: %s is out of range (0-40)", referee.Count(n, "cannon"))
	}
	for _, f := range faces {
		if f < 0 {
			return Distribution{}, referee.Usagef("questsandcannons: an Ammo die face cannot have %s", referee.Count(f, "dot"))
		}
	}
	// sums[s] = number of face combinations with s dots.
	sums := map[int]*big.Int{0: big.NewInt(1)}
	for i := 0; i < n; i++ {
		next := map[int]*big.Int{}
		for s, c := range sums {
			for _, f := range faces {
				if next[s+f] == nil {
					next[s+f] = new(big.Int)
				}
				next[s+f].Add(next[s+f], c)
			}
		}
		sums = next
	}
	total := new(big.Int).Exp(big.NewInt(int64(len(faces))), big.NewInt(int64(n)), nil)
	byDmg := map[int]*big.Int{}
	for s, c := range sums {
		d := DamageFromDots(s)
		if byDmg[d] == nil {
			byDmg[d] = new(big.Int)
		}
		byDmg[d].Add(byDmg[d], c)
	}
	var ds []int
	for d := range byDmg {
		ds = append(ds, d)
	}
	sort.Ints(ds)
	out := Distribution{Cannons: n, Faces: append([]int(nil), faces...)}
	mean := new(big.Rat)
	for _, d := range ds {
		r := new(big.Rat).SetFrac(byDmg[d], total)
		f, _ := r.Float64()
		out.Outcomes = append(out.Outcomes, Outcome{Damage: d, Ways: byDmg[d].String(), Of: total.String(), Exact: r.RatString(), P: f})
		mean.Add(mean, new(big.Rat).Mul(r, new(big.Rat).SetInt64(int64(d))))
		if d > 0 {
			out.AnyHit += f
		}
	}
	out.Mean = mean.RatString()
	out.MeanF, _ = mean.Float64()
	return out, nil
}

// SinkCause says who sank a ship.
type SinkCause string

// Sink causes.
const (
	SunkByRival    SinkCause = "rival"    // a rival's effect: they gain 3 Prosperity and the Coins
	SunkByMarauder SinkCause = "marauder" // nothing happens in that step
	SunkOther      SinkCause = "other"    // anything else (own or a teammate's effect, the sea): -3 Prosperity
)

// SinkResult is every consequence of a ship sinking.
type SinkResult struct {
	Cause            SinkCause      `json:"cause"`
	ResourcesLost    map[string]int `json:"resources_lost,omitempty"`
	SolvedCluesLost  int            `json:"solved_clues_lost"`
	AmmoLost         int            `json:"ammo_lost"`
	AmmoAfter        int            `json:"ammo_after"`
	EquippedLost     int            `json:"equipped_loot_lost"`
	EquippedAfter    int            `json:"equipped_loot_after"`
	CoinsLost        int            `json:"coins_lost"`
	CoinsAfter       int            `json:"coins_after"`
	DamageCleared    int            `json:"damage_cleared"`
	RivalProsperity  int            `json:"rival_prosperity,omitempty"`
	RivalCoins       int            `json:"rival_coins,omitempty"`
	ProsperityChange int            `json:"prosperity_change"`
}

// SinkOutcome computes what sinking does to a ship: resources, solved
// Clues and Ammo discarded then 5 Ammo, all but one equipped Loot card
// discarded, half the Coins (rounded up) discarded, damage removed, and the
// Prosperity consequence of the cause.
func SinkOutcome(coins, ammo, solved, equipped, damage int, res map[string]int, cause SinkCause) SinkResult {
	r := SinkResult{Cause: cause, SolvedCluesLost: solved, AmmoLost: ammo, AmmoAfter: StartAmmo, DamageCleared: damage}
	if len(res) > 0 {
		r.ResourcesLost = map[string]int{}
		for k, v := range res {
			if v > 0 {
				r.ResourcesLost[k] = v
			}
		}
	}
	r.EquippedAfter = min(equipped, 1)
	r.EquippedLost = equipped - r.EquippedAfter
	r.CoinsLost = (coins + 1) / 2
	r.CoinsAfter = coins - r.CoinsLost
	switch cause {
	case SunkByRival:
		r.RivalProsperity = SinkProsperity
		r.RivalCoins = r.CoinsLost
	case SunkByMarauder:
	default:
		r.ProsperityChange = -SinkProsperity
	}
	return r
}

// PickOrder returns the order in which players (listed clockwise) choose
// Champions: the highest roller first, then counterclockwise. rolls must be
// free of a tie for the highest (re-roll ties first).
func PickOrder(n, first int) []int {
	out := make([]int, n)
	for i := 0; i < n; i++ {
		out[i] = ((first-i)%n + n) % n
	}
	return out
}

// TurnOrder is clockwise from the starting player.
func TurnOrder(n, start int) []int {
	out := make([]int, n)
	for i := 0; i < n; i++ {
		out[i] = (start + i) % n
	}
	return out
}

// Bundle is a parsed list of currencies, e.g. "2 coins, 1 metal".
type Bundle map[string]int

// BundleItems are the currencies a bundle may name.
var BundleItems = []string{"prosperity", "coins", "ammo", "loot", "clue", "quest", "damage", "bonus", "canvas", "metal", "lumber", "spice", "gems"}

var bundleAlias = map[string]string{
	"coin": "coins", "gem": "gems", "clues": "clue", "quests": "quest",
	"traveler-bonus": "bonus", "loots": "loot",
}

// ParseBundle reads "2 coins, 1 metal" (or "coins:2 metal:1", signed with
// + or - when signed is true). "none" is the empty bundle.
func ParseBundle(s string, signed bool) (Bundle, error) {
	b := Bundle{}
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" || s == "none" || s == "no" || s == "nothing" || s == "0" {
		return b, nil
	}
	bad := func(part string) error {
		return referee.Usagef("questsandcannons: %q in %q is not a currency amount; write e.g. \"2 coins, 1 metal\" (items: %s)", part, s, strings.Join(BundleItems, ", "))
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		var num, item string
		if a, bb, ok := strings.Cut(part, ":"); ok {
			item, num = strings.TrimSpace(a), strings.TrimSpace(bb)
		} else if a, bb, ok := strings.Cut(part, "="); ok {
			item, num = strings.TrimSpace(a), strings.TrimSpace(bb)
		} else {
			f := strings.Fields(part)
			switch len(f) {
			case 1:
				num, item = "1", f[0]
			case 2:
				num, item = f[0], f[1]
			default:
				return nil, bad(part)
			}
		}
		n, err := strconv.Atoi(num)
		if err != nil {
			return nil, bad(part)
		}
		if !signed && (n < 0 || strings.HasPrefix(num, "+")) {
			return nil, bad(part)
		}
		if a, ok := bundleAlias[item]; ok {
			item = a
		}
		known := false
		for _, it := range BundleItems {
			if it == item {
				known = true
			}
		}
		if !known {
			return nil, bad(part)
		}
		b[item] += n
	}
	return b, nil
}

// Resources returns the resource part of a bundle.
func (b Bundle) Resources() map[string]int {
	out := map[string]int{}
	for _, r := range Resources {
		if b[r] != 0 {
			out[r] = b[r]
		}
	}
	return out
}

// bundleOne is the singular of the bundle items that are counted ("1
// coin", "2 coins"); the others are amounts ("3 prosperity").
var bundleOne = map[string]string{"coins": "coin", "gems": "gem", "clue": "clue", "quest": "quest", "bonus": "bonus"}

// String renders a bundle in a stable order.
func (b Bundle) String() string {
	var parts []string
	for _, it := range BundleItems {
		if b[it] != 0 {
			if one, ok := bundleOne[it]; ok {
				parts = append(parts, referee.Count(b[it], one))
			} else {
				parts = append(parts, fmt.Sprintf("%d %s", b[it], it)) // "3 prosperity", "2 metal"
			}
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// RepairAmount is how much damage one payment restores.
func RepairAmount(pay string) (int, bool) {
	switch pay {
	case "coins":
		return 1, true
	case "canvas", "metal", "lumber":
		return 1, true
	case "spice", "gems":
		return 2, true
	}
	return 0, false
}

// UpgradeCost names the resource an upgrade needs (plus 3 Coins).
var UpgradeCost = map[string]string{"sail": "canvas", "cannon": "metal", "cargo": "lumber"}

// NationAbility names each nation's ability.
var NationAbility = map[string]string{"dwunny": "Dwunny Luck", "delf": "Delvish Mobility", "porc": "Mend Ship"}

// MissionOf is the co-op Mission of a Champion's role.
var MissionOf = map[string]string{"cannoneer": "naval", "quartermaster": "aid", "navigator": "research"}

// Mission targets.
const (
	NavalTarget    = 2 // "sink two unique Marauders"
	AidTarget      = 3 // "complete 3 hard Quests"
	ResearchTarget = 6 // "deposit 6 solved Clues"
)

// TreacherousOdds is the exact chance that a Traveler Die roll (faces
// given) plus bonus is safe (4 or more) on a Treacherous Sea.
func TreacherousOdds(faces []int, bonus int) (safe *big.Rat) {
	n := 0
	for _, f := range faces {
		if f+bonus >= TreacherousSafe {
			n++
		}
	}
	if len(faces) == 0 {
		return new(big.Rat)
	}
	return big.NewRat(int64(n), int64(len(faces)))
}

// SinkLimit is the most of one count a sinking ship can carry, with the
// rule or component that bounds it.
type SinkLimit struct {
	Flag  string // the count's name (a qc sink flag)
	Max   int
	Rule  string // the rule text quoted
	Cites []string
}

// SinkLimits bound what a sinking ship can hold: Ammo by the 9 a ship may
// have, equipped Loot by its two Equip slots, Coins, solved Clues and
// damage by the box (no ship holds more than the box has).
var SinkLimits = []SinkLimit{
	{"coins", BoxCoins, `the box holds "Coins (61)"`, []string{CiteComponents}},
	{"ammo", MaxAmmo, `"You may have up to 9 Ammo dice at a time."`, []string{CiteCurrencies}},
	{"solved", BoxClueCards, `the box holds "Clue Cards (18)"`, []string{CiteComponents, CiteSolveClue}},
	{"equipped", EquipSlots, `"Ships have only two Equip slots."`, []string{CiteEquipping}},
	{"damage", BoxDamageTokens, `the box holds "Hull Damage Tokens (30)"`, []string{CiteComponents, CiteSinking}},
}

// CheckSinkCounts refuses a count no sinking ship can hold: below 0 or
// beyond its SinkLimit. counts is keyed by SinkLimit.Flag; prefix starts
// the message and is followed by the count's name (e.g. "qc sink: --").
func CheckSinkCounts(prefix string, counts map[string]int) error {
	for _, l := range SinkLimits {
		v := counts[l.Flag]
		if v < 0 {
			return referee.Usagef("%s%s %d must not be negative (accepted: 0-%d)", prefix, l.Flag, v, l.Max)
		}
		if v > l.Max {
			return referee.RuleError(l.Cites, "%s%s %d is more than a ship can hold: %s (accepted: 0-%d)", prefix, l.Flag, v, l.Rule, l.Max)
		}
	}
	return nil
}
