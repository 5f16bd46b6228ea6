package rollingseas

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// rolling-seas/ship-board "The Ship Board tracks: ... the Gold Piece Track ...": a player's
// Gold, Provisions and Story Points asked in a session are bounded by their
// track once bosun knows its length (here answered ahead), refused beyond
// it with exit 2 and the row named; an unknown track is not asked for.
func TestSessionCountsWithinKnownTracks(t *testing.T) {
	p := referee.NewScripted()
	p.Set("rs.board.track.story", "60", "answers")
	p.Set("rs.player.Alma.story", "61", "answers")
	c := &step{env: &referee.Env{Prompt: p}, b: Board{Set: newTables(t), Prompt: p}}
	_, err := c.playerNumber("Alma", "story", "Story Points", 0, 999)
	if !referee.IsUsage(err) || !strings.Contains(err.Error(), "rs.player.Alma.story") {
		t.Fatalf("61 of 60 Story Points: %v", err)
	}
	mx, why, err := c.countLimit("story")
	if err != nil || mx != 60 || !strings.Contains(why, "rs.board.track.story, rolling-seas/ship-board") {
		t.Errorf("story limit: %d %q %v", mx, why, err)
	}
	// The gold track is unknown and nothing answers it: no limit, no question.
	if mx, _, err := c.countLimit("gold"); err != nil || mx != 0 {
		t.Errorf("unknown gold track: %d %v", mx, err)
	}
}
