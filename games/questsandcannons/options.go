package questsandcannons

import "github.com/bosun-referee/bosun/referee"

// optionSpecs are the session options bosun understands (--option key=value).
var optionSpecs = []referee.OptionSpec{
	{Key: "coop", Kind: referee.OptionChoice, Values: []string{"no", "easy", "hard"}, Default: "no",
		Help: "co-operative game against the Marauders at this difficulty (sets layout and marauders)"},
	{Key: "layout", Kind: referee.OptionChoice, Values: Layouts,
		Help: "map layout (placed: instructions only; default intro, co-op easy quickplay, co-op hard 2v2v2)"},
	{Key: "marauders", Kind: referee.OptionChoice, Values: []string{"0", "3", "4"},
		Help: "number of Marauders: 3 or 4 (co-op), or 3/4 in a regular game for the Marauder Ships in Multiplayer variant; 0 none"},
	{Key: "teams", Kind: referee.OptionText,
		Help: "team size (teammates sit next to each other in --players order) or explicit teams: Ann+Bob,Cid+Dee"},
	{Key: "exploration", Kind: referee.OptionChoice, Values: []string{"random", "placed"}, Default: "random",
		Help: "how Exploration tokens go on the Risen Islands"},
	{Key: "tiles", Kind: referee.OptionChoice, Values: []string{"random", "placed"}, Default: "random",
		Help: "Tile Placement from More Map Layouts (placed) or a random map"},
	{Key: "move-extend-actions", Kind: referee.OptionYesNo, Default: "no",
		Help: "a Move may go on with another Action when it has no movement or Sails left (two Actions for a Stormy Sea)"},
	{Key: "free-move-stormy", Kind: referee.OptionYesNo, Default: "yes",
		Help: "the free move after a safe Treacherous roll may enter a Stormy Sea"},
	{Key: "ammo-overflow", Kind: referee.OptionChoice, Values: []string{"cap", "refuse"}, Default: "cap",
		Help: "buying Ammo past 9 keeps 9 (cap), or is refused (refuse)"},
	{Key: "negative-prosperity", Kind: referee.OptionYesNo, Default: "no",
		Help: "Prosperity may go below 0"},
	{Key: "upgrade-ready", Kind: referee.OptionYesNo, Default: "yes",
		Help: "a new Sail or Cannon arrives Ready"},
	{Key: "reinforce-ready", Kind: referee.OptionYesNo, Default: "yes",
		Help: "the Cannon a Marauder gains when it Reinforces is Ready"},
	{Key: "mobility-once", Kind: referee.OptionYesNo, Default: "yes",
		Help: "Delvish Mobility once per turn"},
	{Key: "supply", Kind: referee.OptionChoice, Values: []string{"box", "substitutes"}, Default: "box",
		Help: "the component counts are the supply's limit (box: a chosen count beyond what is left is refused, a gain nobody chose takes what is left), or run-outs are made up with substitutes"},
	{Key: "coop-goal-ends", Kind: referee.OptionYesNo, Default: "yes",
		Help: "in co-op, reaching the Prosperity Goal ends the game at the end of that round (the players win only with every Mission complete); no: play on to round 15"},
}

// Options implements referee.Game.
func (Game) Options() []referee.OptionSpec { return optionSpecs }

// parseRulings fills the rulings a table may choose from the validated
// options (referee.ParseOptions).
func parseRulings(opt map[string]string) Rulings {
	return Rulings{
		// A Move action is "1 space" and "Each Sail used this way allows you to
		// move an additional space as part of that Move action": Actions do not
		// pool into one Move unless move-extend-actions=yes.
		MoveExtendActions:   opt["move-extend-actions"] == "yes",
		FreeMoveStormy:      opt["free-move-stormy"] == "yes",
		AmmoCap:             opt["ammo-overflow"] == "cap",
		NegativeProsperity:  opt["negative-prosperity"] == "yes",
		UpgradeReady:        opt["upgrade-ready"] == "yes",
		ReinforceReady:      opt["reinforce-ready"] == "yes",
		MobilityOncePerTurn: opt["mobility-once"] == "yes",
		// "When any player reaches the Prosperity Goal, the game will end at the
		// end of the current round." The Cooperative Mode adds the Missions to
		// the win but does not set this aside.
		CoopGoalEnds: opt["coop-goal-ends"] == "yes",
		// "The printed component page lists the following (counts in
		// brackets)"; the rulebook does not say what happens when the
		// supply runs out. The counts are the limit unless supply=substitutes.
		Substitutes: opt["supply"] == "substitutes",
	}
}
