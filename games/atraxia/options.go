package atraxia

import (
	"strconv"

	"github.com/bosun-referee/bosun/referee"
)

// optionSpecs are the session options the referee accepts.
var optionSpecs = []referee.OptionSpec{
	{Key: "pirates", Kind: referee.OptionYesNo, Default: "no",
		Help: "play with The Rise of Pirates mini expansion"},
	{Key: "isle-win", Kind: referee.OptionChoice, Values: []string{"full-rounds", "entry-turn"}, Default: "full-rounds",
		Help: "when 3 consecutive turns of Isle control win (full-rounds: at the third upkeep paid)"},
	{Key: "retreat-capital", Kind: referee.OptionChoice, Values: []string{string(RetreatWithinHalf), string(RetreatExtra)}, Default: string(RetreatWithinHalf),
		Help: "the Capital Ship is one of the half sent home (within-half) or goes home on top of them (extra)"},
	{Key: "apex-capital", Kind: referee.OptionChoice, Values: []string{"clan", "island"}, Default: "clan",
		Help: "the Capital Ship must lead a clan's first move to the Apex Islands (clan), or every first entry of an unexplored Apex Island (island)"},
	{Key: "covered-apex", Kind: referee.OptionNumber, Min: 1, Max: 6, Default: "6",
		Help: "with 5 players, the Apex Island that stays covered"},
	{Key: "countdown", Kind: referee.OptionChoice, Values: []string{"marker", "after-entry"}, Default: "after-entry",
		Help: "5 more rounds follow the round the first Capital Ship enters the Isle, as the rulebook says twice (after-entry), or that round is the marker's 5 and 4 follow (marker)"},
	{Key: "captured-crystal", Kind: referee.OptionChoice, Values: []string{"mounted", "loose"}, Default: "mounted",
		Help: "a Magic Crystal mounted on a conquered island stays mounted under the winner's control (mounted), or becomes a loose crystal of the winner"},
	{Key: "privateer-rehire", Kind: referee.OptionChoice, Values: []string{"reserve", "no"}, Default: "reserve",
		Help: "a clan whose privateer is in its reserve may hire a pirate again (reserve), or never while it owns its privateer (no)"},
	{Key: "crystal-supply", Kind: referee.OptionChoice, Values: []string{"box", "substitutes"}, Default: "box",
		Help: "Magic Crystal rewards stop at the box's 30 (box: the Isle's then the pile's, an event says when short), or are paid in full with substitutes"},
	{Key: "pirate-teleporter", Kind: referee.OptionChoice, Values: []string{"kept", "destroyed"}, Default: "kept",
		Help: "a clan beaten by a pirate keeps its teleporter on that Apex Island (kept: Scenario A lists the whole defeat), or loses it as a battle's loser does (destroyed)"},
}

// Options implements referee.Game.
func (Game) Options() []referee.OptionSpec { return optionSpecs }

// parseOptions validates a session's --option values (referee.ParseOptions)
// and fills the typed Options.
func parseOptions(given map[string]string) (Options, error) {
	m, err := referee.ParseOptions(ID, optionSpecs, given)
	if err != nil {
		return Options{}, err
	}
	covered, _ := strconv.Atoi(m["covered-apex"])
	return Options{
		Pirates:     m["pirates"] == "yes",
		IsleWin:     m["isle-win"],
		Retreat:     RetreatRule(m["retreat-capital"]),
		ApexCapital: m["apex-capital"],
		Covered:     covered,
		Countdown:   m["countdown"],
		Captured:    m["captured-crystal"],
		Rehire:      m["privateer-rehire"],
		PirateTele:  m["pirate-teleporter"],
		Crystals:    m["crystal-supply"],
	}, nil
}
