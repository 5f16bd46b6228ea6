package rollingseas

import (
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
	LegendaryReef  string          `json:"legendary_reef"`        // discard-then-turn | turn (his Reef turn at Legendary)
	// FinalActionReef is harder=final-action when his last turn is a Reef
	// turn: last-action (the action he took before it) | no-action.
	FinalActionReef string `json:"final_action_reef,omitempty"`
}

// optionSpecs are the session options the referee accepts.
var optionSpecs = []referee.OptionSpec{
	{Key: "ironside", Kind: referee.OptionChoice, Values: []string{"none", "training", "basic", "standard", "formidable", "legendary"}, Default: "none",
		Help: "play against Captain Ironside (the solo and co-op automa) at this difficulty"},
	{Key: "ironside-deck", Kind: referee.OptionChoice, Values: []string{"physical", "virtual"}, Default: "physical",
		Help: "Captain Ironside's cards are drawn from the table's deck (physical) or by bosun (virtual)"},
	{Key: "adventure-deck", Kind: referee.OptionChoice, Values: []string{"physical", "virtual"}, Default: "physical",
		Help: "the Adventure Cards are drawn from the table's deck (physical) or by bosun (virtual)"},
	{Key: "deck", Kind: referee.OptionChoice, Values: []string{"standard", "harder"}, Default: "standard",
		Help: "harder: the deck of 12 Smooth Sailing and 18 Adventure Cards"},
	{Key: "ambush", Kind: referee.OptionChoice, Values: []string{"off", "on"}, Default: "off",
		Help: "play with the Ambush cards (on); yes and no are read as on and off"},
	{Key: "easier", Kind: referee.OptionSet, Values: []string{"two-tokens", "one-token-block", "sail-to-level2", "third-monolith"},
		Help: "Adjust Difficulty: the easier modifications in play"},
	{Key: "harder", Kind: referee.OptionSet, Values: []string{"port-to-level1", "remove-tokens", "pirates-monoliths-to-level1", "final-action", "third-place"},
		Help: "Adjust Difficulty: the more challenging variations in play"},
	{Key: "ambush-loss", Kind: referee.OptionChoice, Values: []string{"more", "choose"}, Default: "more",
		Help: "a Sea Battle loser who cannot pay both options loses whichever costs more (more, the rule text) or chooses (choose, the Turn Summary)"},
	{Key: "ironside-ships", Kind: referee.OptionChoice, Values: []string{"one", "all"}, Default: "one",
		Help: "Captain Ironside buys one Ship per Port visit (one) or every Ship he can afford (all)"},
	{Key: "ironside-redraw-bonus", Kind: referee.OptionYesNo, Default: "yes",
		Help: "a card Captain Ironside draws to replace one gets its own Bonus Check"},
	{Key: "ironside-eight-stories", Kind: referee.OptionChoice, Values: []string{"ports", "including-final"}, Default: "ports",
		Help: "his 20 Renown for telling his story eight times counts Port visits (ports) or the final story too (including-final)"},
	{Key: "ironside-choice", Kind: referee.OptionChoice, Values: []string{"parity", "first"}, Default: "parity",
		Help: "Captain Ironside's Sea Battle choices: by the parity of this turn's Exploration Die (parity), or the first option (first)"},
	{Key: "strength-full", Kind: referee.OptionChoice, Values: []string{"other", "ignore"}, Default: "other",
		Help: "a Sea Monster or Pirate Strength gain at its maximum goes to the other Strength (other) or is ignored (ignore)"},
	{Key: "ironside-ambush", Kind: referee.OptionChoice, Values: []string{"each", "first"}, Default: "each",
		Help: "against several players Captain Ironside battles each (each) or the first (first)"},
	{Key: "ambush-cards", Kind: referee.OptionChoice, Values: []string{"deck", "pile"}, Default: "deck",
		Help: "where the two Ambush cards are added: the Adventure deck (deck) or the pile (pile)"},
	{Key: "ambush-reward", Kind: referee.OptionChoice, Values: []string{"either", "all"}, Default: "either",
		Help: "a Sea Battle winner gains (3 Story Points + 2 Gold) or (3 Gold + fill the Hold) (either), or all of it (all)"},
	{Key: "ironside-cannon-bonus", Kind: referee.OptionChoice, Values: []string{"any", "bought"}, Default: "any",
		Help: "Captain Ironside gets a Cannon's Ship Board Bonus for every Cannon he adds (any) or only for those he buys at a Port (bought)"},
	{Key: "ironside-fill", Kind: referee.OptionChoice, Values: []string{"capacity", "hold-size"}, Default: "capacity",
		Help: "Captain Ironside's \"fill your Hold\": Provisions up to his Hold Capacity (capacity) or a whole Hold Capacity of Provisions (hold-size)"},
	{Key: "legendary-reef", Kind: referee.OptionChoice, Values: []string{"discard-then-turn", "turn"}, Default: "discard-then-turn",
		Help: "Legendary, on your Reef turns: Captain Ironside discards his top card unseen, then takes a full turn (discard-then-turn), or the full turn is all (turn)"},
	{Key: "final-action-reef", Kind: referee.OptionChoice, Values: []string{"last-action", "no-action"}, Default: "last-action",
		Help: "harder=final-action when his last turn is a Reef turn (no action): the action he took before it counts (last-action), or none does (no-action)"},
}

// Options implements referee.Game.
func (Game) Options() []referee.OptionSpec { return optionSpecs }

// ParseOptions validates session options (referee.ParseOptions) and fills
// the typed Options.
func ParseOptions(given map[string]string) (Options, error) {
	m, err := referee.ParseOptions(ID, optionSpecs, given)
	if err != nil {
		return Options{}, err
	}
	o := Options{
		IronsideDeck:    m["ironside-deck"],
		AdventureDeck:   m["adventure-deck"],
		Harder:          m["deck"] == "harder",
		Ambush:          m["ambush"] == "on",
		Easier:          referee.OptionSetOf(m["easier"]),
		Harders:         referee.OptionSetOf(m["harder"]),
		AmbushLoss:      m["ambush-loss"],
		IronsideShips:   m["ironside-ships"],
		RedrawBonus:     m["ironside-redraw-bonus"] == "yes",
		EightStories:    m["ironside-eight-stories"],
		IronsideChoice:  m["ironside-choice"],
		StrengthFull:    m["strength-full"],
		IronsideAmbush:  m["ironside-ambush"],
		AmbushCards:     m["ambush-cards"],
		AmbushReward:    m["ambush-reward"],
		CannonBonus:     m["ironside-cannon-bonus"],
		IronsideFill:    m["ironside-fill"],
		LegendaryReef:   m["legendary-reef"],
		FinalActionReef: m["final-action-reef"],
	}
	if v := m["ironside"]; v != "none" {
		o.Ironside = v
	}
	// "Legendary: ... You do not use Ship Tokens at this difficulty level"
	// (rolling-seas/difficulty-level): the modifications that change Ship Tokens would be
	// silently ignored, so they are refused.
	if o.Ironside == "legendary" {
		for _, t := range []struct{ opt, val string }{{"easier", "two-tokens"}, {"easier", "one-token-block"}, {"harder", "remove-tokens"}} {
			set := o.Easier
			if t.opt == "harder" {
				set = o.Harders
			}
			if set[t.val] {
				return Options{}, referee.RuleError([]string{CiteDifficulty, CiteAdjustDifficulty}, "rollingseas: --option %s=%s changes Ship Tokens, and at Legendary difficulty \"you do not use Ship Tokens\"; accepted with ironside=legendary: %s=%s", t.opt, t.val, t.opt, legendaryValues(t.opt))
			}
		}
	}
	return o, nil
}

// legendaryValues lists the easier or harder values that apply at
// Legendary difficulty (those not about Ship Tokens).
func legendaryValues(opt string) string {
	var out []string
	for _, sp := range optionSpecs {
		if sp.Key != opt {
			continue
		}
		for _, v := range sp.Values {
			if v != "two-tokens" && v != "one-token-block" && v != "remove-tokens" {
				out = append(out, v)
			}
		}
	}
	return strings.Join(out, ",")
}

// multiplayerEasier lists the easier values that apply with 2 or more
// players (all but the solo two-tokens setup).
func multiplayerEasier() string {
	var out []string
	for _, sp := range optionSpecs {
		if sp.Key != "easier" {
			continue
		}
		for _, v := range sp.Values {
			if v != "two-tokens" {
				out = append(out, v)
			}
		}
	}
	return strings.Join(out, ",")
}
