package rollingseas

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// Table names of the Rolling Seas board values.
const (
	TableBoard = "rs-board"
	TableCards = "rs-ironside-cards"
)

// Board reads the board values a session needs, asking unknown ones once.
type Board struct {
	Set    *tables.Set
	Prompt referee.Prompter
	// Given holds board values for this run only (rs-board key -> value as
	// text), read before the tables and never remembered: the one-shot
	// commands' --reward and --cannon-price.
	Given map[string]string
}

// Int returns a whole-number board value (question key rs.board.KEY).
func (b Board) Int(key, text string, lo, hi int) (int, error) {
	q := referee.Question{Key: "rs.board." + key, Text: text, Kind: referee.KindNumber, Min: lo, Max: hi}
	if g, ok := b.Given[key]; ok {
		n, err := q.Normalize(g)
		if err != nil {
			return 0, err
		}
		return strconv.Atoi(n)
	}
	return referee.AskInt(b.Set, b.Prompt, TableBoard, key, q)
}

// IntChecked is Int with a check that refuses an answer inside its
// question (pure), and a default Enter takes ("" none); a remembered value
// is not checked by it.
func (b Board) IntChecked(key, text string, lo, hi int, def string, check func(int) error) (int, error) {
	q := referee.Question{Key: "rs.board." + key, Text: text, Kind: referee.KindNumber, Min: lo, Max: hi, Default: def,
		Check: func(a string) (string, error) {
			n, err := strconv.Atoi(a)
			if err != nil {
				return a, err
			}
			return a, check(n)
		}}
	if g, ok := b.Given[key]; ok {
		n, err := q.Normalize(g)
		if err != nil {
			return 0, err
		}
		return strconv.Atoi(n)
	}
	return referee.AskInt(b.Set, b.Prompt, TableBoard, key, q)
}

// Items returns a reward board value (question key rs.board.KEY).
func (b Board) Items(key, text string) (Items, error) {
	check := func(s string) error { _, err := ParseItems(s, RewardKinds); return err }
	if g, ok := b.Given[key]; ok {
		return ParseItems(g, RewardKinds)
	}
	v, err := referee.AskText(b.Set, b.Prompt, TableBoard, key, referee.Question{Key: "rs.board." + key,
		Text: text + " (none, or KIND or KIND:N comma-separated; KIND: " + strings.Join(RewardKinds, ", ") + ")", Kind: referee.KindText,
		Accepted: ItemsAccepted(RewardKinds)}, check)
	if err != nil {
		return nil, err
	}
	return ParseItems(v, RewardKinds)
}

// Exploration returns the rewards of Exploration Board space n.
func (b Board) Exploration(n int) (Items, error) {
	return b.Items(fmt.Sprintf("exploration.%d", n), fmt.Sprintf("the rewards of Exploration Board space %d", n))
}

// Hold returns the Hold Capacity of ship level.
func (b Board) Hold(level int) (int, error) {
	return b.Int(fmt.Sprintf("ship.%d.hold", level), fmt.Sprintf("the Cargo Hold Capacity of Ship %d", level), 1, 30)
}

// CannonPrice returns the price of the n-th Cannon bought at a Port.
func (b Board) CannonPrice(n int) (int, error) {
	return b.Int(fmt.Sprintf("cannon.%d.price", n), fmt.Sprintf("the price tag of Cannon %d on the Cannon Track", n), 0, 30)
}

// MaxCannons is the length of the Cannon Track.
func (b Board) MaxCannons() (int, error) {
	return b.Int("cannon.max", "how many Cannons the Cannon Track holds", 1, 12)
}

// StrengthMax is the top of the Strength track.
func (b Board) StrengthMax() (int, error) {
	return b.Int("strength.max", "the highest Strength on the Sea Monster and Pirates Strength Track", 1, 20)
}

// Track returns how many marks a Ship Board track holds (gold, provisions, story).
func (b Board) Track(kind string) (int, error) {
	return b.Int("track."+kind, "how many boxes the "+kind+" track of a Ship Board has", 1, 200)
}

// KnownTrack returns the length of a Ship Board track (gold, provisions,
// story) when bosun knows it (the tables, the overlay, a value given for
// this run, or an answer given ahead), without asking: a count bounded by
// it is checked only then, so no session or one-shot is held up for a
// board value it does not otherwise need.
func (b Board) KnownTrack(kind string) (int, bool, error) {
	key := "track." + kind
	_, given := b.Given[key]
	r, inTable := b.Set.Lookup(TableBoard, key)
	if !given && !(inTable && r.Known()) && !referee.AnsweredAhead(b.Prompt, "rs.board."+key) {
		return 0, false, nil
	}
	n, err := b.Track(kind)
	return n, err == nil, err
}

// MaxShipMP bounds a Ship's free MP as read from the Ship Board: bosun's
// own bound against typos, the rulebook printing only the starting Ship's
// 3 (rolling-seas/ship-board, "3 for the starting Ship").
const MaxShipMP = 20

// MP returns the free Movement Points of ship level (3 for the starting Ship).
func (b Board) MP(level int) (int, error) {
	return b.Int(fmt.Sprintf("ship.%d.mp", level), fmt.Sprintf("the MP of Ship %d", level), 1, MaxShipMP)
}

// ItemsAccepted describes a rewards answer (ParseItems) for a question's
// accepted values.
func ItemsAccepted(kinds []string) string {
	return "none, or KIND or KIND:N comma-separated (e.g. gold:2,provision), KIND one of " + strings.Join(kinds, ", ")
}
