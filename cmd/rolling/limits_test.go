package rolling

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// rolling-seas/sea-monster-and-pirates-strength: Strength is marked on "the Power Track beneath the Cannons";
// rolling-seas/ship-board: the Ship Board tracks Gold Pieces, Provisions and Story Points.
// Their lengths are printed on the Ship Board only (rs.board.strength.max,
// rs.board.track.*): once bosun knows one (the tables, or given ahead with
// --set), a one-shot count beyond it is refused with exit 2 naming the row;
// while it is unknown nothing is asked and the count is taken as given.
func TestOneShotCountsWithinTheShipBoardTracks(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"pirates", "--cannons", "3", "--strength", "7", "--set=rs.board.strength.max=6"}, "rolling pirates: --strength 7 is more than the Sea Monster and Pirates Strength Track holds (6, rs.board.strength.max); accepted: at most 6"},
		{[]string{"cost", "--wind", "N", "--path", "N", "--monster", "9", "--set=rs.board.strength.max=6"}, "rolling cost: --monster 9 is more than the Sea Monster and Pirates Strength Track holds (6"},
		{[]string{"cost", "--wind", "N", "--path", "N", "--provisions", "31", "--set=rs.board.track.provisions=30"}, "--provisions 31 is more than the provisions track of a Ship Board holds (30, rs.board.track.provisions)"},
		{[]string{"port", "--story", "99999", "--set=rs.board.track.story=60"}, "rolling port: --story 99999 is more than the story track of a Ship Board holds (60, rs.board.track.story); accepted: at most 60"},
		{[]string{"port", "--gold", "41", "--set=rs.board.track.gold=40"}, "rolling port: --gold 41 is more than the gold track"},
		{[]string{"ambush", "--attacker-cannons", "1", "--defender-cannons", "1", "--loser-gold", "41", "--set=rs.board.track.gold=40"}, "rolling ambush: --loser-gold 41 is more than the gold track"},
	}
	for _, c := range cases {
		_, err := run(t, c.args...)
		if !referee.IsUsage(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want exit 2 with %q", c.args, err, c.want)
		}
	}
	// Within the track, and unknown tracks asked nothing.
	if out, err := run(t, "pirates", "--cannons", "3", "--strength", "6", "--set=rs.board.strength.max=6"); err != nil || !strings.Contains(out, "3 Cannons < Pirate Strength 6") {
		t.Errorf("strength 6 of 6: %v %s", err, out)
	}
	if out, err := run(t, "port", "--story", "12"); err != nil || !strings.Contains(out, "write 12 Renown") {
		t.Errorf("unknown story track: %v %s", err, out)
	}
}

// rolling-seas/setup "You should be left with a 25-card Adventure Deck", rolling-seas/end-of-game the
// game ends with its last card, rolling-seas/solo-mode no Ambush cards in solo: a solo
// turn number is at most 25.
func TestExploreSoloTurnAtMost25(t *testing.T) {
	_, err := run(t, "explore", "--die", "3", "--monolith", "3", "--turn", "26")
	if !referee.IsUsage(err) || !strings.Contains(err.Error(), "a solo game has at most 25 turns") {
		t.Errorf("turn 26: %v", err)
	}
}

// Every numeric flag of the Rolling Seas one-shots, just beyond its limit:
// exit 2 and the limit named (docs/component-limits.md lists each with its
// rule line).
func TestEveryNumericFlagRefusedBeyondItsLimit(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, c := range []struct {
		args string
		want string
	}{
		{"cost --wind N --path N --mp 21", "accepted: 0-20"},
		{"cost --wind N --path N --mp -1", "accepted: 0 or more"},
		{"cost --wind N --path N --ship 4", "accepted: 1, 2, 3"},
		{"cost --wind N --path N --wind-in-sails 2", "at most the 1 step of the path"},
		{"cost --wind N --path N --wind-in-sails-end 2", "at most the 1 step of the path"},
		{"cost --wind N --path N --cannons 8", "Cannon Track of a Ship Board holds (7 Cannons"},
		{"cost --wind N --path N --monster 0", "begin the game with 1 Strength"},
		{"cost --wind N --path N --pirates 0", "begin the game with 1 Strength"},
		{"cost --wind N --path N --provisions -2", "accepted: 0 or more (-1: do not check)"},
		{"pirates --cannons 8", "(7 Cannons, rs.board.cannon.max)"},
		{"pirates --strength 0", "Pirates begin the game with 1 Strength"},
		{"pirates --max-cannons 8", "(7 Cannons, rs.board.cannon.max)"},
		{"pirates --provisions -2", "accepted: 0 or more (-1: do not check)"},
		{"ambush --attacker-cannons 8", "(7 Cannons, rs.board.cannon.max)"},
		{"ambush --defender-cannons -1", "0 or more"},
		{"ambush --loser-option 3", "accepted: 1 (1 Provision, 1 Gold Piece) or 2"},
		{"ambush --loser-provisions -2", "-1: skip the loss"},
		{"ambush --loser-gold -1", "--loser-gold 0 or more"},
		{"explore --die 7", "accepted: 1-6"},
		{"explore --die 3 --monolith 4", "accepted: 0 (none) or 1-3"},
		{"explore --die 3 --turn 26", "at most 25 turns"},
		{"port --ship 4", "accepted: 1, 2, 3"},
		{"port --upgrade 3", "accepted: 0-2 (there are three Ships)"},
		{"port --cannons 8", "the Cannon Track holds (7"},
		{"port --buy-cannons 8", "the Cannon Track holds 7"},
		{"port --story -1", "not accepted below 0"},
		{"port --gold -1", "not accepted below 0"},
		{"port --provisions -1", "not accepted below 0"},
		{"rank 1e3", "a whole number of Renown"},
	} {
		_, err := run(t, strings.Fields(c.args)...)
		if !referee.IsUsage(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("rolling %s: got %v, want exit 2 naming %q", c.args, err, c.want)
		}
	}
}
