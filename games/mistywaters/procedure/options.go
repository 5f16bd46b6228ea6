package procedure

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// optionSpecs are the --option keys the referee accepts.
var optionSpecs = []referee.OptionSpec{
	{Key: "advanced", Kind: referee.OptionSet, Values: advancedNames,
		Help: "the Advanced Rules in play"},
	{Key: "variants", Kind: referee.OptionSet, Values: variantNames,
		Help: "the variants in play"},
	{Key: "components", Kind: referee.OptionSet, Values: componentNames, Default: "all",
		Help: "the expansion components in play"},
	{Key: "teams", Kind: referee.OptionText,
		Help: "Team Mode's two teams of two, teammates sitting opposite, e.g. Ann+Cy,Bob+Dan (default: seats 1+3 and 2+4 when variants has team)"},
	{Key: "priority", Kind: referee.OptionText,
		Help: "who holds the Priority Token: a player's name or random (default: the first player)"},
	{Key: "bases", Kind: referee.OptionText,
		Help: "Bases chosen ahead, NAME:BASE,... (the others are asked)"},
	{Key: "npc-side", Kind: referee.OptionChoice, Values: []string{"top-right", "continue"}, Default: "top-right",
		Help: "an NPC with both side directions open takes the top-right one (the rulebook) or keeps the side it is heading in (continue)"},
	{Key: "sea-adventure", Kind: referee.OptionChoice, Values: []string{"one", "per-ship"}, Default: "one",
		Help: "one Sea Adventure (rulebook, option a) or one per ship (Official Interpretation, option b)"},
	{Key: "first-tile", Kind: referee.OptionChoice, Values: []string{"literal", "round-2"}, Default: "literal",
		Help: "when the first Weather Tile acts: as the rulebook reads (literal) or from Round II (round-2)"},
	{Key: "weather-deck", Kind: referee.OptionText,
		Help: "the Weather Tiles as MOVE:EFFECT,... for bosun to shuffle and draw (default: the table draws and bosun asks)"},
	{Key: "rounds", Kind: referee.OptionNumber, Min: 1,
		Help: "the game ends after this Round, then Viceroy Voting (Extended Variant: 24)"},
	{Key: "shortened-galleass", Kind: referee.OptionChoice, Values: []string{"at-once", "next-round"}, Default: "at-once",
		Help: "the Shortened Variant's Galleass appears in the Reset Phase of the Round the 4th island is captured (at-once) or at the start of the next Round (next-round)"},
	{Key: "monster-first-round", Kind: referee.OptionChoice, Values: []string{"move", "wait"}, Default: "move",
		Help: "a Sea Monster moves in the Round it appears (move) or waits (wait)"},
	{Key: "prize-ship", Kind: referee.OptionChoice, Values: []string{"apart", "fleet"}, Default: "apart",
		Help: "a Player Ship taken as a Prize Ship after a Boarding Battle is kept apart from the victor's fleet (apart) or counts in it (fleet)"},
	{Key: "dutchman-loss", Kind: referee.OptionChoice, Values: []string{"defeat", "lost"}, Default: "defeat",
		Help: "a Player Ship the Flying Dutchman takes counts as a defeated Player Ship (defeat: the 5 Silver Coins, then the Skull-Rock) or is only Lost (lost)"},
	{Key: "extended-two-player", Kind: referee.OptionChoice, Values: []string{"4", "3"}, Default: "4",
		Help: "Extended Variant with 2 players: Island Conquest needs 4 Captured Islands, the standard two-player exception (4), or the 3 the variant's Game End line names (3)"},
	{Key: "npc-second-row", Kind: referee.OptionChoice, Values: []string{"spread", "stack"}, Default: "spread",
		Help: "an NPC in a Boarding Battle places its second-row dice highest behind lowest, one behind each die (spread), or two behind its lowest die, 3 dice a side (stack)"},
}

// Options implements referee.Game.
func (g *Game) Options() []referee.OptionSpec { return optionSpecs }

// parseOptions validates the session's options (referee.ParseOptions) and
// fills the typed Options; teams are checked against the players.
func parseOptions(s *referee.Session) (Options, error) {
	m, err := referee.ParseOptions(GameID, optionSpecs, s.Options)
	if err != nil {
		return Options{}, err
	}
	o := Options{
		Advanced:   referee.OptionSetOf(m["advanced"]),
		Variants:   referee.OptionSetOf(m["variants"]),
		Components: referee.OptionSetOf(m["components"]),
		// "If both directions are available, the NPC will always choose the
		// top-right direction": top-right is the default; continue keeps the
		// side direction the NPC is already heading in (see the rulings).
		SideRule:      m["npc-side"],
		SeaAdv:        m["sea-adventure"],
		FirstTile:     m["first-tile"],
		ShortGalleass: m["shortened-galleass"],
		MonsterWait:   m["monster-first-round"] == "wait",
		PrizeFleet:    m["prize-ship"] == "fleet",
		// See dutchmanTakes for the rule text of both readings.
		DutchmanLostOnly: m["dutchman-loss"] == "lost",
		// See conquestNeed for the rule text of both readings.
		ExtendedThree: m["extended-two-player"] == "3",
		// See the battle engine's npcPlace for the rule text of both readings.
		NPCStack: m["npc-second-row"] == "stack",
	}
	if o.ExtendedThree && (!o.vari("extended") || len(s.Players) != 2) {
		// Like any option that would do nothing, refused rather than ignored.
		return o, referee.RuleError([]string{citeExtended, citeVictoryConquest}, "mistywaters: option extended-two-player=3 changes only an Extended Variant game of 2 players (got %s, variants %s); accepted: extended-two-player=4, or variants=extended with 2 players",
			referee.Count(len(s.Players), "player"), setText(o.Variants))
	}
	if o.vari("extended") {
		o.Rounds = 24
	}
	if raw := m["rounds"]; raw != "" {
		// The Extended Variant's "after 24 Rounds"; any other value is a
		// table's own cut-off (the game ends after that Round, then Viceroy Voting).
		o.Rounds, _ = strconv.Atoi(raw)
	}
	if t := m["teams"]; t != "" || o.vari("team") {
		if len(s.Players) != 4 {
			return o, referee.RuleError([]string{citeTeamMode}, "mistywaters: Team Mode is for 4 players split into two teams, got %s", referee.Count(len(s.Players), "player"))
		}
		o.Variants["team"] = true
		if t == "" {
			// Teammates sit opposite: seats 1+3 and 2+4.
			o.Teams = [][]string{{s.Players[0].Name, s.Players[2].Name}, {s.Players[1].Name, s.Players[3].Name}}
		} else {
			for _, team := range strings.Split(t, ",") {
				o.Teams = append(o.Teams, strings.Split(strings.TrimSpace(team), "+"))
			}
			if err := checkTeams(o.Teams, s.Players); err != nil {
				return o, err
			}
		}
		// "'Advanced Rules' can be used, but not Priority Token
		// Negotiation." advanced=all in Team Mode therefore means every
		// other Advanced Rule (setup says which was left out); naming
		// priority-negotiation itself is refused.
		if o.Advanced["priority-negotiation"] {
			if !advancedAll(s.Options["advanced"]) {
				return o, referee.RuleError([]string{citeTeamMode}, "mistywaters: Priority Token Negotiation is not available in Team Mode (\"'Advanced Rules' can be used, but not Priority Token Negotiation\"); accepted: advanced=all (the others) or a list without priority-negotiation")
			}
			delete(o.Advanced, "priority-negotiation")
			o.LeftOut = append(o.LeftOut, "priority-negotiation")
		}
	}
	return o, nil
}

// advancedAll reports whether an advanced= value asks for every Advanced
// Rule ("all" or a yes-word), as referee.ParseOptions reads an OptionSet.
func advancedAll(raw string) bool {
	low := strings.ToLower(strings.TrimSpace(raw))
	return low == "all" || slices.Contains(referee.YesNoWords.Yes, low)
}
