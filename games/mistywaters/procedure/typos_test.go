package procedure

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTypoIsReasked (Simplified Variant): a unit spec and a fleet answer the rules refuse are
// refused inside their questions (a terminal re-asks in place with the
// reason), the refused spec neither asks the fleet nor changes it, and the
// step completes with the good answers.
func TestTypoIsReasked(t *testing.T) {
	st := battleState(PhaseNPC, 5, []string{"attack:pirates"}, NPC{ID: "pirate-1", Kind: KindPirate})
	st.Opt.Variants["simplified"] = true
	set, err := tables.New("", nil)
	require.NoError(t, err)
	sp := referee.NewScripted()
	for k, v := range map[string]string{
		"misty.npc.pirate-1.targets":      "Ann",
		"misty.ship.Ann":                  "galleon:cannons=3,sailors=3,at=tavern",
		"misty.player.Ann.fleet":          "brig,galleon",
		"misty.board.wind.box.rocky-seas": "10",
	} {
		sp.Set(k, v, "test")
	}
	p := refereetest.NewTypos(t, sp, map[string][]string{
		"misty.ship.Ann":         {"galleon:canons=3,sailors=3,at=tavern", "galleon:cannons=3,sailors=3,at=tavern,gunner=fc"},
		"misty.player.Ann.fleet": {"sloop,sloop", "sloop,caravel"},
	})
	env := &referee.Env{Prompt: p, Tables: set, Dice: referee.WithRNG(&referee.Fixed{}, p)}
	s := &referee.Session{Name: "t", Game: GameID, Players: []referee.Player{{Name: "Ann"}, {Name: "Bob"}}}
	require.NoError(t, s.SaveState(st))
	evs, err := next(t, &Game{}, s, env)
	require.NoError(t, err)
	assert.Empty(t, p.Unasked(), "every typo's question was asked")
	assert.Equal(t, 1, p.Asked["misty.player.Ann.fleet"], "the fleet is asked once, after the spec is accepted")
	assert.Equal(t, 1, strings.Count(texts(evs), "fleet is now"), texts(evs))
	assert.Contains(t, texts(evs), "Ann's fleet is now Brig, Galleon (bosun had Sloop, Brig)")
	assert.Equal(t, []string{"B", "G"}, stateOf(t, s).player("Ann").Fleet)
	want := []string{`"canons" is not a known key`, "First-Class Officers are not used in the Simplified Variant", "names the Sloop twice", "including galleon"}
	require.Len(t, p.Refused, len(want), "refusals: %q", p.Refused)
	for i, w := range want {
		assert.Contains(t, p.Refused[i], w, "refusal %d", i)
	}
}
