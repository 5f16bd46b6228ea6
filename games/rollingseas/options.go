package rollingseas

import (
	"slices"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Options are a session's --option values, validated.
type Options struct {
	Ironside       string          `json:"ironside,omitempty"`    // "" (none) or a difficulty
	IronsideDeck   string          `json:"ironside_deck"`         // physical | virtual
	AdventureDeck  string          `json:"adventure_deck"`        // physical | virtual
	Harder         bool            `json:"harder_deck,omitempty"` // 12 Smooth Sailing + 18 Adventure Cards
	Ambush         bool            `json:"ambush,omitempty"`      // play with the Ambush cards
	Easier         map[string]bool `json:"easier,omitempty"`      // Adjust Difficulty modifications
	Harders        map[string]bool `json:"harder,omitempty"`      // the more challenging variations
	AmbushLoss     string          `json:"ambush_loss"`           // more | choose
	IronsideShips  string          `json:"ironside_ships"`        // one | all
	RedrawBonus    bool            `json:"redraw_bonus"`          // Bonus Check on a card drawn to replace one
	EightStories   string          `json:"eight_stories"`         // ports | including-final
	IronsideChoice string          `json:"ironside_choice"`       // parity | first
	StrengthFull   string          `json:"strength_full"`         // other | ignore
	IronsideAmbush string          `json:"ironside_ambush"`       // each | first (players in a battle with him)
	AmbushCards    string          `json:"ambush_cards"`          // deck | pile (where the two Ambush cards are added)
	AmbushReward   string          `json:"ambush_reward"`         // either | all (the Sea Battle winner's reward)
	CannonBonus    string          `json:"cannon_bonus"`          // any | bought (a Cannon's Ship Board Bonus for the Captain)
	IronsideFill   string          `json:"ironside_fill"`         // capacity | hold-size (the Captain's "fill your Hold")
}

// OptionHelp lists every option and its accepted values (the first is the default).
var OptionHelp = map[string][]string{
	"ironside":               {"none", "training", "basic", "standard", "formidable", "legendary"},
	"ironside-deck":          {"physical", "virtual"},
	"adventure-deck":         {"physical", "virtual"},
	"deck":                   {"standard", "harder"},
	"ambush":                 {"off", "on"},
	"easier":                 {"", "two-tokens", "one-token-block", "sail-to-level2", "third-monolith"},
	"harder":                 {"", "port-to-level1", "remove-tokens", "pirates-monoliths-to-level1", "final-action", "third-place"},
	"ambush-loss":            {"more", "choose"},
	"ironside-ships":         {"one", "all"},
	"ironside-redraw-bonus":  {"yes", "no"},
	"ironside-eight-stories": {"ports", "including-final"},
	"ironside-choice":        {"parity", "first"},
	"strength-full":          {"other", "ignore"},
	"ironside-ambush":        {"each", "first"},
	"ambush-cards":           {"deck", "pile"},
	"ambush-reward":          {"either", "all"},
	"ironside-cannon-bonus":  {"any", "bought"},
	"ironside-fill":          {"capacity", "hold-size"},
}

// ParseOptions validates session options.
func ParseOptions(m map[string]string) (Options, error) {
	get := func(k string) (string, error) {
		v, ok := m[k]
		acc := OptionHelp[k]
		if !ok || v == "" {
			return acc[0], nil
		}
		v = strings.ToLower(strings.TrimSpace(v))
		if slices.Contains(acc, v) {
			return v, nil
		}
		return "", referee.Usagef("rollingseas: --option %s=%s is not accepted; accepted: %s", k, v, strings.Join(acc, ", "))
	}
	var keys []string
	for k := range OptionHelp {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for k := range m {
		if _, ok := OptionHelp[k]; !ok {
			return Options{}, referee.Usagef("rollingseas: unknown option %q; accepted: %s", k, strings.Join(keys, ", "))
		}
	}
	var o Options
	var err error
	var v string
	if v, err = get("ironside"); err != nil {
		return o, err
	}
	if v != "none" {
		o.Ironside = v
	}
	if o.IronsideDeck, err = get("ironside-deck"); err != nil {
		return o, err
	}
	if o.AdventureDeck, err = get("adventure-deck"); err != nil {
		return o, err
	}
	if v, err = get("deck"); err != nil {
		return o, err
	}
	o.Harder = v == "harder"
	if v, err = get("ambush"); err != nil {
		return o, err
	}
	o.Ambush = v == "on"
	list := func(k string) (map[string]bool, error) {
		out := map[string]bool{}
		for _, it := range referee.SplitList(m[k]) {
			it = strings.ToLower(it)
			if it == "" || !slices.Contains(OptionHelp[k], it) {
				return nil, referee.Usagef("rollingseas: --option %s: %q is not accepted; accepted (comma-separated): %s", k, it, strings.Join(OptionHelp[k][1:], ", "))
			}
			out[it] = true
		}
		return out, nil
	}
	if o.Easier, err = list("easier"); err != nil {
		return o, err
	}
	if o.Harders, err = list("harder"); err != nil {
		return o, err
	}
	if o.AmbushLoss, err = get("ambush-loss"); err != nil {
		return o, err
	}
	if o.IronsideShips, err = get("ironside-ships"); err != nil {
		return o, err
	}
	if v, err = get("ironside-redraw-bonus"); err != nil {
		return o, err
	}
	o.RedrawBonus = v == "yes"
	if o.EightStories, err = get("ironside-eight-stories"); err != nil {
		return o, err
	}
	if o.IronsideChoice, err = get("ironside-choice"); err != nil {
		return o, err
	}
	if o.StrengthFull, err = get("strength-full"); err != nil {
		return o, err
	}
	if o.IronsideAmbush, err = get("ironside-ambush"); err != nil {
		return o, err
	}
	if o.AmbushCards, err = get("ambush-cards"); err != nil {
		return o, err
	}
	if o.AmbushReward, err = get("ambush-reward"); err != nil {
		return o, err
	}
	if o.CannonBonus, err = get("ironside-cannon-bonus"); err != nil {
		return o, err
	}
	if o.IronsideFill, err = get("ironside-fill"); err != nil {
		return o, err
	}
	return o, nil
}

// Options implements referee.Game.
func (Game) Options() []referee.OptionSpec { return nil }
