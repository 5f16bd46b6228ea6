package dice

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/games/coinflip"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
)

// The dice table of bosun roll's help comes from the games' own DieInfo:
// every named die of the list is on it with its game and how it rolls,
// each line fits 80 columns, and a plugged-in game's die appears with no
// edit here.
func TestRollHelpListsEveryGamesDice(t *testing.T) {
	games := append(all.Games(), coinflip.Game{})
	help := namedDice(games)
	lines := strings.Split(strings.TrimSuffix(help, "\n"), "\n")
	assert.Len(t, lines, len(games.Dice()))
	for _, l := range lines {
		assert.LessOrEqual(t, len(l), 80, "wider than a terminal: %q", l)
	}
	assert.Contains(t, help, "  wind         Rolling Seas Wind Dice (3; re-rolled while all three match)\n")
	assert.Contains(t, help, "  pirate       War for Atraxia black pirate die (2 by default)\n")
	assert.Contains(t, help, "  direction    Misty Waters Direction Dice (main direction, top-left, top-right)\n")
	assert.Contains(t, help, "  coin         Coin Flip coin\n")

	cmd := NewCmdRoll(cmdutil.New(nil), nil)
	assert.Contains(t, cmd.Long, namedDice(all.Games()), "roll --help shows the shipped games' dice")
	assert.NotContains(t, cmd.Long, "coin ")
}

func TestDieAbout(t *testing.T) {
	assert.Equal(t, "", referee.DieInfo{Name: "x", Count: 1}.About())
	assert.Equal(t, "2 by default", referee.DieInfo{Count: 2}.About())
	assert.Equal(t, "faces asked once if unknown", referee.DieInfo{Count: 1, Note: "faces asked once if unknown"}.About())
	assert.Equal(t, "3; re-rolled while all three match", referee.DieInfo{Count: 3, RerollWhileAllMatch: true}.About())
}
