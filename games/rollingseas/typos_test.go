package rollingseas

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
)

// TestTypoIsReasked: a Smooth Sailing card, Ship Token spaces or a Captain
// Ironside card number the rules refuse is refused inside the question (a
// terminal re-asks it in place with the reason) and the steps complete with
// the good answer.
func TestTypoIsReasked(t *testing.T) {
	a := firstTurn("smooth-sailing", "W,SE,N")
	a["rs.smooth.card"] = []string{"gold+wind"}
	a["rs.player.Alma.tokens.spend"] = []string{"block-pirates"}
	a["rs.ironside.card.number"] = []string{"4"}
	a["rs.player.Alma.pirates"] = []string{"0"}
	sp := referee.NewScripted()
	for k, v := range boardData {
		sp.Set(k, v, "set")
	}
	for k, v := range cardData {
		sp.Set(k, v, "set")
	}
	for k, vs := range a {
		for _, v := range vs {
			sp.Set(k, v, "set")
		}
	}
	p := refereetest.NewTypos(t, sp, map[string][]string{
		"rs.tokens.place":         {"3,3,5,6"},
		"rs.smooth.card":          {"gold+wnd", "gold|wind|pirate"},
		"rs.tokens.return":        {"1,1"},
		"rs.ironside.card.number": {"5"},
	})
	set := newTables(t)
	env := &referee.Env{Prompt: p, Tables: set, Dice: referee.WithRNG(&referee.Fixed{Seq: []int{0, 1, 2, 3, 4, 5, 0, 1, 2, 3}}, p)}
	s, err := chaosTable.NewSession(t, Game{}, "t", []referee.Player{{Name: "Alma"}}, map[string]string{"ironside": "basic", "easier": "two-tokens"}, 1, referee.Virtual, env)
	if err != nil {
		t.Fatal(err)
	}
	st := stateOf(t, s)
	st.Iron.Discard = []int{5}
	if err := s.SaveState(st); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		env := &referee.Env{Prompt: p, Tables: set, Dice: referee.WithRNG(&referee.Fixed{}, p)}
		if _, err := next(t, s, env); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if len(p.Unasked()) != 0 {
		t.Errorf("questions never asked: %v", p.Unasked())
	}
	want := []string{"never more than one Ship Token on a space", `"wnd" is not a reward`, "at most two options", "rs.ironside.card.number 5: that card is in his discard pile", "each Ship Token returns to a separate empty space"}
	if len(p.Refused) != len(want) {
		t.Fatalf("refusals %q, want %d", p.Refused, len(want))
	}
	for i, w := range want {
		if !strings.Contains(p.Refused[i], w) {
			t.Errorf("refusal %d = %q, want it to name %q", i, p.Refused[i], w)
		}
	}
	st = stateOf(t, s)
	if got := st.Card.Smooth.String(); got != "gold+wind" {
		t.Errorf("smooth card %q, want gold+wind", got)
	}
	if len(st.Tokens) != 6 {
		t.Errorf("tokens on board %v", st.Tokens)
	}
}

// TestSmoothCardTypoNamesTheCardGrammar: a mistyped icon is named with the
// card's own grammar ('+' and '|'), not a reward's comma list.
func TestSmoothCardTypoNamesTheCardGrammar(t *testing.T) {
	_, err := ParseSmooth("gold+wnd")
	if err == nil || !strings.Contains(err.Error(), `"wnd" is not a reward icon`) || !strings.Contains(err.Error(), "joined by '+'") || strings.Contains(err.Error(), "comma-separated") {
		t.Fatalf("ParseSmooth(gold+wnd) error = %v", err)
	}
	c, err := ParseSmooth("gold+wind|provision")
	if err != nil || c.String() != "gold+wind|provision" {
		t.Fatalf("ParseSmooth(gold+wind|provision) = %v, %v", c, err)
	}
}
