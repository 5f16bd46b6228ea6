package chronicle

import (
	"fmt"
	"strings"
)

// The words of a battle's odds, dice and luck, as every view of them
// says them: bosun report's formats and bosun serve's page.

// OddsText says the odds before the dice: "Attacker wins 58.3%; ...",
// with the note on how they were computed in parentheses.
func (b Battle) OddsText() string {
	var parts []string
	for _, o := range b.Odds {
		parts = append(parts, fmt.Sprintf("%s %s", o.Label, Pct(o.P)))
	}
	s := strings.Join(parts, "; ")
	if b.OddsNote != "" {
		if s != "" {
			s += " "
		}
		s += "(" + b.OddsNote + ")"
	}
	return s
}

// DiceText says the dice that fell and whether they were entered or
// rolled ("–" when none were recorded).
func (b Battle) DiceText() string {
	if b.Dice == "" {
		return "–"
	}
	if b.Entered {
		return b.Dice + " (entered)"
	}
	return b.Dice + " (rolled)"
}

// LuckText says the luck of the dice that fell: "Ann: the 73rd
// percentile (above the odds)" ("–" without a percentile).
func (b Battle) LuckText() string {
	if b.Luck == nil {
		return "–"
	}
	who := ""
	if b.LuckFor != "" {
		who = b.LuckFor + ": "
	}
	return fmt.Sprintf("%s%s (%s)", who, Ordinal(*b.Luck), LuckWord(*b.Luck))
}
