package rollingseas

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Difficulty levels of Captain Ironside.
var Difficulties = []string{"training", "basic", "standard", "formidable", "legendary"}

// Captain actions.
const (
	ActSail      = "sail"
	ActExplore   = "explore"
	ActPort      = "port"
	ActPirates   = "pirates"
	ActMonoliths = "monoliths"
	ActAmbush    = "ambush"
)

// Actions are the actions printed on Captain Ironside Cards.
var Actions = []string{ActSail, ActExplore, ActPort, ActPirates, ActMonoliths, ActAmbush}

// Blockable are the actions two Ship Tokens can prevent.
var Blockable = []string{ActSail, ActExplore, ActPort, ActPirates, ActMonoliths}

// Condition categories and comparisons of Captain Ironside Cards: the
// alternate action is taken when "the Captain has <cmp> <category> than
// you" holds against the player furthest along in that category.
var (
	Categories  = []string{"ports", "story", "renown", "monoliths", "pirates", "cannons", "gold", "provisions", "ships", "wind"}
	Comparisons = []string{"fewer", "more", "at-least", "at-most"}
)

// ConditionOptions lists the accepted condition answers.
func ConditionOptions() []string {
	out := []string{"none"}
	for _, c := range Comparisons {
		for _, k := range Categories {
			out = append(out, c+"-"+k)
		}
	}
	return out
}

// Card is one Captain Ironside Card as read for the chosen difficulty.
type Card struct {
	Number     int      `json:"number"`
	Level      string   `json:"level"` // 1, 2 or ambush
	Action     string   `json:"action"`
	Condition  string   `json:"condition"`           // none or CMP-CATEGORY
	Alternate  string   `json:"alternate,omitempty"` // the action taken when the condition holds
	Directions []string `json:"directions,omitempty"`
	Bonus      Items    `json:"bonus,omitempty"`
}

// diffBox is the orange box read on the cards for a difficulty (Legendary
// uses the Formidable bonus).
func diffBox(d string) string {
	if d == "legendary" {
		return "formidable"
	}
	return d
}

// LoadCard reads card n from the table, asking what is not known yet.
func LoadCard(b Board, n int, difficulty string) (Card, error) {
	return LoadCardChecked(b, n, difficulty, nil)
}

// LoadCardChecked is LoadCard with checks that refuse a field inside its
// question (a level or action the Captain's deck cannot hold now), so a
// misread card is re-asked at a terminal and nothing after it refuses it.
// check gets the field ("level", "action") and its value; nil checks
// nothing.
func LoadCardChecked(b Board, n int, difficulty string, check func(field, value string) error) (Card, error) {
	c := Card{Number: n}
	// Every field is read from the card: no default (Enter re-asks).
	fieldCheck := func(field string) func(string) error {
		if check == nil {
			return nil
		}
		return func(v string) error { return check(field, v) }
	}
	ask := func(field, text string, q referee.Question, check func(string) error) (string, error) {
		q.Key = fmt.Sprintf("rs.ironside.card.%d.%s", n, field)
		q.Text = fmt.Sprintf("Captain Ironside Card %d: %s", n, text)
		return referee.AskText(b.Set, b.Prompt, TableCards, fmt.Sprintf("%d.%s", n, field), q, check)
	}
	var err error
	if c.Level, err = ask("level", "its pile (1, 2 or ambush)", referee.Question{Kind: referee.KindChoose, Options: []string{"1", "2", "ambush"}, Default: referee.NoDefault}, fieldCheck("level")); err != nil {
		return c, err
	}
	if c.Action, err = ask("action", "the action at the top", referee.Question{Kind: referee.KindChoose, Options: Actions, Default: referee.NoDefault}, fieldCheck("action")); err != nil {
		return c, err
	}
	if c.Action == ActAmbush {
		c.Condition = "none"
	} else if c.Condition, err = ask("condition", "the condition for its alternate action (none if it has none), as CMP-CATEGORY: the Captain has CMP CATEGORY than you", referee.Question{Kind: referee.KindChoose, Options: ConditionOptions(), Default: referee.NoDefault}, nil); err != nil {
		return c, err
	}
	if c.Condition != "none" {
		if c.Alternate, err = ask("alternate", "the action taken when the condition holds", referee.Question{Kind: referee.KindChoose, Options: Blockable, Default: referee.NoDefault}, nil); err != nil {
			return c, err
		}
	}
	if difficulty == "training" {
		return c, nil
	}
	box := diffBox(difficulty)
	dirs, err := ask(box+".directions", "the Wind directions in the orange box of the "+box+" difficulty (none if the box is empty)",
		referee.Question{Kind: referee.KindText, Accepted: "none, or Wind directions comma-separated, each one of " + strings.Join(Directions[:], ", ")}, func(s string) error { _, err := parseDirs(s); return err })
	if err != nil {
		return c, err
	}
	c.Directions, _ = parseDirs(dirs)
	bonus, err := ask(box+".bonus", "the Bonus of the "+box+" difficulty (none, or KIND or KIND:N comma-separated; KIND: "+strings.Join(RewardKinds, ", ")+")",
		referee.Question{Kind: referee.KindText, Accepted: ItemsAccepted(RewardKinds)}, func(s string) error { _, err := ParseItems(s, RewardKinds); return err })
	if err != nil {
		return c, err
	}
	c.Bonus, _ = ParseItems(bonus, RewardKinds)
	return c, nil
}

func parseDirs(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "none") || s == "-" {
		return nil, nil
	}
	var out []string
	for _, it := range referee.SplitList(s) {
		d, err := ParseDir(it)
		if err != nil {
			return nil, err
		}
		out = append(out, Directions[d])
	}
	return out, nil
}

// BonusApplies reports whether any Wind Die shows a direction of the box.
func BonusApplies(dirs, wind []string) bool {
	for _, w := range wind {
		if slices.Contains(dirs, strings.ToUpper(w)) {
			return true
		}
	}
	return false
}

// BonusCheck returns the Bonus Captain Ironside gains from card this turn
// on difficulty with the Wind Dice wind: none on Training, else the bonus of
// the difficulty's box when a Wind Die shows one of its directions.
func BonusCheck(c Card, difficulty string, wind []string) Items {
	if difficulty == "training" || !BonusApplies(c.Directions, wind) {
		return Items{}
	}
	out := Items{}
	out.Add(c.Bonus)
	return out
}

// Compare evaluates a card condition: the Captain's value against the
// furthest-along player's value.
func Compare(cmp string, captain, player int) bool {
	switch cmp {
	case "fewer":
		return captain < player
	case "more":
		return captain > player
	case "at-least":
		return captain >= player
	case "at-most":
		return captain <= player
	}
	return false
}

// Ironside is Captain Asher Ironside's Ship Board and deck.
type Ironside struct {
	Difficulty      string `json:"difficulty"`
	Story           int    `json:"story"`
	Renown          []int  `json:"renown_column"`
	Ports           int    `json:"ports"`
	Gold            int    `json:"gold"`
	GoldMarked      int    `json:"gold_marked"`
	Provisions      int    `json:"provisions"`
	Wind            int    `json:"wind_in_sails"`
	Cannons         int    `json:"cannons"`
	Ship            int    `json:"ship"`
	Monoliths       int    `json:"monoliths"`
	MonolithPlace   int    `json:"monolith_place,omitempty"`
	MonolithTurn    int    `json:"monolith_turn,omitempty"`
	Pirates         int    `json:"pirates"`
	Ticks           int    `json:"bonus_ticks"`
	BonusRenown     int    `json:"bonus_renown"`
	Discount        int    `json:"discount,omitempty"`
	MonsterStrength int    `json:"monster_strength"`
	PirateStrength  int    `json:"pirate_strength"`
	LastAction      string `json:"last_action,omitempty"`
	Deck            []int  `json:"deck"`         // top first; 0 = a card not identified yet (physical deck)
	Discard         []int  `json:"discard"`      // 0 = unidentified
	Level2          []int  `json:"level2"`       // set aside
	AmbushAside     []int  `json:"ambush_aside"` // the second Ambush card, face down
	Removed         []int  `json:"removed"`      // out of the game
	Virtual         bool   `json:"virtual_deck"`
	// Seen are the cards of a physical deck identified so far: from then on
	// each is in his deck or discard pile (or, an Ambush, out of the game).
	Seen []int `json:"seen,omitempty"`
	// FirstPass is set while a physical deck has not been shuffled since
	// setup: the Ambush card is then among its last four cards.
	FirstPass bool `json:"first_pass,omitempty"`
	// AmbushDiscarded is set while the second Ambush card waits in his
	// discard pile for the next shuffle.
	AmbushDiscarded bool `json:"ambush_in_discard,omitempty"`
	// CannonBonus is the ironside-cannon-bonus option: "bought" unlocks a
	// Cannon's Bonus only when he buys it; "any" (or empty) also when found.
	CannonBonus string `json:"cannon_bonus,omitempty"`
	// Fill is the ironside-fill option: "hold-size" makes "fill your Hold to
	// Capacity" add his Hold Capacity in Provisions; "capacity" (or empty)
	// adds Provisions up to it.
	Fill string `json:"fill,omitempty"`
	// Unlocked are the Ship Board Bonuses he has unlocked, in order.
	Unlocked []BoardBonus `json:"board_bonuses,omitempty"`
}

// RenownColumn is the sum of his Renown Column.
func (ir *Ironside) RenownColumn() int {
	t := 0
	for _, r := range ir.Renown {
		t += r
	}
	return t
}

// Value returns his value in a condition category.
func (ir *Ironside) Value(cat string) int {
	switch cat {
	case "ports":
		return ir.Ports
	case "story":
		return ir.Story
	case "renown":
		return ir.RenownColumn()
	case "monoliths":
		return ir.Monoliths
	case "pirates":
		return ir.Pirates
	case "cannons":
		return ir.Cannons
	case "gold":
		return ir.Gold
	case "provisions":
		return ir.Provisions
	case "ships":
		return ir.Ship
	case "wind":
		return ir.Wind
	}
	return 0
}

// Gains applies items to him. Story Points, Gold, Provisions and Cannons
// beyond a full track become Bonus Renown ticks. Marks that reach a Bonus of
// his Ship Board (a Story Track square, the last box of a Provisions or Gold
// Piece column, a Cannon) unlock it: a blue Bonus is gained at once (and may
// unlock more), a yellow one counts at the end of the game. It returns what
// happened.
func (ir *Ironside) Gains(b Board, it Items, exploreDie int) ([]string, error) {
	var notes []string
	queue := []Items{it}
	for guard := 0; len(queue) > 0; guard++ {
		if guard > 1000 {
			return notes, fmt.Errorf("rollingseas: Captain Ironside's Ship Board Bonuses do not stop unlocking each other")
		}
		cur := queue[0]
		queue = queue[1:]
		more, err := ir.gain(b, cur, &notes)
		if err != nil {
			return notes, err
		}
		queue = append(queue, more...)
	}
	return notes, nil
}

// gain applies one set of items and returns the blue Bonuses they unlock.
func (ir *Ironside) gain(b Board, it Items, notes *[]string) ([]Items, error) {
	var blue []Items
	for _, k := range []string{ItemStory, ItemGold, ItemProvision, ItemCannon, ItemWind, ItemFill, ItemRenown, ItemDiscount} {
		n := it[k]
		if n <= 0 {
			continue
		}
		var more []Items
		var err error
		switch k {
		case ItemStory:
			more, err = ir.track(b, TrackStory, &ir.Story, nil, n, notes)
		case ItemGold:
			more, err = ir.track(b, TrackGold, &ir.GoldMarked, &ir.Gold, n, notes)
		case ItemProvision:
			more, err = ir.track(b, TrackProvisions, &ir.Provisions, nil, n, notes)
		case ItemCannon:
			more, err = ir.AddCannons(b, n, false, notes)
		case ItemWind:
			// His Wind in Its Sails only counts Story Points when he Sails on
			// a Smooth Sailing turn: no limit (docs/rolling-seas.md).
			ir.Wind += n
		case ItemFill:
			hold, e := b.Hold(ir.Ship)
			if e != nil {
				return blue, e
			}
			g := FillHold(hold, ir.Provisions)
			if ir.Fill == "hold-size" {
				// ironside-fill=hold-size: his Hold has no limit, so filling
				// it adds a whole Hold Capacity of Provisions.
				g = hold
			}
			if g > 0 {
				more, err = ir.track(b, TrackProvisions, &ir.Provisions, nil, g, notes)
			} else {
				*notes = append(*notes, fmt.Sprintf("his Hold already holds %s, Capacity %d: none to add", referee.Count(ir.Provisions, "Provision"), hold))
			}
		case ItemRenown:
			ir.BonusRenown += n
		case ItemDiscount:
			ir.Discount += n
		}
		if err != nil {
			return blue, err
		}
		blue = append(blue, more...)
	}
	return blue, nil
}

// AddCannons adds n Cannons to his Cannon Track (bought at a Port, or found:
// an Exploration Reward or a card Bonus); Cannons beyond the track become
// Bonus Renown ticks. A Cannon's Bonus is unlocked when he buys it, and also
// when he finds it unless ironside-cannon-bonus=bought. It returns the blue
// Bonuses to gain.
func (ir *Ironside) AddCannons(b Board, n int, bought bool, notes *[]string) ([]Items, error) {
	max, err := b.MaxCannons()
	if err != nil {
		return nil, err
	}
	before := ir.Cannons
	add := min(n, max-ir.Cannons)
	ir.Cannons += add
	var blue []Items
	if bought || ir.CannonBonus != "bought" {
		blue, err = ir.unlock(b, TrackCannon, before, ir.Cannons, notes)
	}
	if n > add {
		ir.Ticks += n - add
		*notes = append(*notes, "Cannon Track full: "+referee.Count(n-add, "Bonus Renown tick"))
	}
	return blue, err
}

func (ir *Ironside) track(b Board, name string, marked, avail *int, n int, notes *[]string) ([]Items, error) {
	cap, err := b.Track(name)
	if err != nil {
		return nil, err
	}
	before := *marked
	add := max(0, min(n, cap-*marked))
	*marked += add
	if avail != nil {
		*avail += add
	}
	blue, err := ir.unlock(b, name, before, *marked, notes)
	if n > add {
		ir.Ticks += n - add
		*notes = append(*notes, fmt.Sprintf("%s track full: %s", name, referee.Count(n-add, "Bonus Renown tick")))
	}
	return blue, err
}

func cardList(v []int) string {
	var s []string
	for _, n := range v {
		if n == 0 {
			s = append(s, "?")
		} else {
			s = append(s, strconv.Itoa(n))
		}
	}
	return strings.Join(s, ",")
}
