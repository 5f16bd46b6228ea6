package rollingseas

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Item kinds of rewards and bonuses (Exploration Board spaces, Captain
// Ironside Card bonuses, Monolith rewards, Smooth Sailing icons).
const (
	ItemGold      = "gold"      // a Gold Piece
	ItemProvision = "provision" // a Provision
	ItemStory     = "story"     // a Story Point
	ItemWind      = "wind"      // a Wind in Your Sails
	ItemCannon    = "cannon"    // the next Cannon, free
	ItemFill      = "fill"      // fill the Hold to Capacity with Provisions
	ItemRenown    = "renown"    // Renown at the end of the game (yellow bonus)
	ItemDiscount  = "discount"  // purchases at a Port cost 1 Gold less this turn
	ItemMonster   = "monster"   // Sea Monster Strength +1 (Smooth Sailing)
	ItemPirate    = "pirate"    // Pirate Strength +1 (Smooth Sailing)
)

// RewardKinds may appear in rewards and bonuses.
var RewardKinds = []string{ItemGold, ItemProvision, ItemStory, ItemWind, ItemCannon, ItemFill, ItemRenown, ItemDiscount}

// SmoothKinds may appear on Smooth Sailing Cards.
var SmoothKinds = []string{ItemGold, ItemProvision, ItemWind, ItemMonster, ItemPirate}

// Items is a multiset of reward kinds: kind -> count.
type Items map[string]int

// ParseItems reads "gold:2,provision" or "none" with kinds from allowed.
func ParseItems(s string, allowed []string) (Items, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	out := Items{}
	if s == "" || s == "none" || s == "-" {
		return out, nil
	}
	for _, it := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '+' || r == ' ' }) {
		kind, n, hasN := strings.Cut(it, ":")
		count := 1
		if hasN {
			v, err := strconv.Atoi(n)
			if err != nil || v < 1 || v > 20 {
				return nil, referee.Usagef("rollingseas: %q: the count after ':' must be 1-20", it)
			}
			count = v
		}
		kind = strings.TrimSuffix(kind, "s")
		if kind == "provisions" || kind == "provision" {
			kind = ItemProvision
		}
		ok := false
		for _, a := range allowed {
			if a == kind {
				ok = true
			}
		}
		if !ok {
			return nil, referee.Usagef("rollingseas: %q is not a reward (none, or KIND or KIND:N with KIND one of %s, comma-separated)", it, strings.Join(allowed, ", "))
		}
		out[kind] += count
	}
	return out, nil
}

// String writes items canonically ("gold:2,provision"), "none" when empty.
func (it Items) String() string {
	var keys []string
	for k, n := range it {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "none"
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		if it[k] == 1 {
			parts[i] = k
		} else {
			parts[i] = fmt.Sprintf("%s:%d", k, it[k])
		}
	}
	return strings.Join(parts, ",")
}

// Text describes items in words, as a player gains them.
func (it Items) Text() string { return it.text(false) }

// CaptainText describes items Captain Ironside gains: his track is "Wind in
// Its Sails" ("The Captain gains 1 Story Point per Wind in Its Sails").
func (it Items) CaptainText() string { return it.text(true) }

func (it Items) text(captain bool) string {
	names := map[string][2]string{
		ItemGold: {"Gold Piece", "Gold Pieces"}, ItemProvision: {"Provision", "Provisions"}, ItemStory: {"Story Point", "Story Points"},
		ItemWind: {"Wind in Your Sails", "Wind in Your Sails"}, ItemCannon: {"Cannon", "Cannons"}, ItemFill: {"Hold filled to Capacity", "Hold filled to Capacity"},
		ItemRenown: {"Bonus Renown", "Bonus Renown"}, ItemDiscount: {"Gold off each Port purchase this turn", "Gold off each Port purchase this turn"},
		ItemMonster: {"Sea Monster Strength +1", "Sea Monster Strength +1"}, ItemPirate: {"Pirate Strength +1", "Pirate Strength +1"},
	}
	if captain {
		names[ItemWind] = [2]string{"Wind in Its Sails", "Wind in Its Sails"}
	}
	var keys []string
	for k, n := range it {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "nothing"
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		if k == ItemMonster || k == ItemPirate {
			// A Strength icon raises the track: "Sea Monster Strength +1".
			parts = append(parts, strings.TrimSuffix(names[k][0], "1")+fmt.Sprint(it[k]))
			continue
		}
		parts = append(parts, referee.Count(it[k], names[k][0], names[k][1]))
	}
	return strings.Join(parts, ", ")
}

// Add adds other to it.
func (it Items) Add(other Items) {
	for k, n := range other {
		it[k] += n
	}
}

// SmoothCard is a Smooth Sailing Card: one effect, or a choice of two.
type SmoothCard struct {
	Options []Items `json:"options"`
}

// ParseSmooth reads a Smooth Sailing Card: icons joined by '+' (all apply),
// and two options separated by '|' when the card offers a choice:
// "gold", "gold+wind", "gold|provision", "monster|pirate".
func ParseSmooth(s string) (SmoothCard, error) {
	var c SmoothCard
	parts := strings.Split(s, "|")
	if len(parts) > 2 {
		return c, referee.Usagef("rollingseas: Smooth Sailing Card %q: at most two options separated by '|'", s)
	}
	for _, p := range parts {
		// The card is icons joined by '+', so a wrong icon is named with
		// that grammar, not the comma list of a reward.
		for _, icon := range strings.FieldsFunc(p, func(r rune) bool { return r == '+' || r == ',' || r == ' ' }) {
			kind, _, _ := strings.Cut(icon, ":")
			if !slices.Contains(SmoothKinds, strings.ToLower(kind)) {
				return c, referee.Usagef("rollingseas: Smooth Sailing Card %q: %q is not a reward icon; write the card's icons (%s) joined by '+' when all apply, with '|' between two options, e.g. gold+wind or gold|provision", s, icon, strings.Join(SmoothKinds, ", "))
			}
		}
		it, err := ParseItems(p, SmoothKinds)
		if err != nil {
			return c, err
		}
		if len(it) == 0 {
			return c, referee.Usagef("rollingseas: Smooth Sailing Card %q: each option needs an icon (%s)", s, strings.Join(SmoothKinds, ", "))
		}
		c.Options = append(c.Options, it)
	}
	return c, nil
}

// String writes the card back.
func (c SmoothCard) String() string {
	var s []string
	for _, o := range c.Options {
		s = append(s, strings.ReplaceAll(o.String(), ",", "+"))
	}
	return strings.Join(s, "|")
}
