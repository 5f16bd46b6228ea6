package rolling

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// Line 308: Strength is marked on "the Power Track beneath the Cannons";
// line 99: the Ship Board tracks Gold Pieces, Provisions and Story Points.
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

// Line 81 "You should be left with a 25-card Adventure Deck", line 312 the
// game ends with its last card, line 336 no Ambush cards in solo: a solo
// turn number is at most 25.
func TestExploreSoloTurnAtMost25(t *testing.T) {
	_, err := run(t, "explore", "--die", "3", "--monolith", "3", "--turn", "26")
	if !referee.IsUsage(err) || !strings.Contains(err.Error(), "a solo game has at most 25 turns") {
		t.Errorf("turn 26: %v", err)
	}
}
