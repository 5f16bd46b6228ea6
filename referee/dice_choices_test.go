package referee

import (
	"strings"
	"testing"
)

// captured records the question a prompter was asked and answers it.
type captured struct {
	q   Question
	ans string
}

func (c *captured) Ask(q Question) (string, error) {
	c.q = q
	return q.Normalize(c.ans)
}

func TestEnteredDieQuestion(t *testing.T) {
	dir := Die{Name: "direction", Title: "Direction Dice", Faces: []Face{{1, "N>NW|NE"}, {2, "S>SE|SW"}}}
	// One labelled die: its faces are offered as choices; the answer is
	// read as before (case-insensitive label) and recorded as typed.
	p := &captured{ans: "s>se|sw"}
	d := NewDice(Physical, 1, p)
	r, err := d.Roll("misty.npc.pirate-1.direction", dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Label != "S>SE|SW" || r.Value != 2 || !r.Entered {
		t.Errorf("roll = %+v", r)
	}
	if strings.Join(p.q.Choices, " ") != "N>NW|NE S>SE|SW" || p.q.Kind != KindText {
		t.Errorf("question kind %s, choices %q", p.q.Kind, p.q.Choices)
	}
	// A bad face is refused inside Normalize (so a terminal re-asks it),
	// with the same message as before.
	if _, err := p.q.Normalize("Q"); err == nil || !strings.Contains(err.Error(), `dice: "Q" is not a face of the Direction Dice`) {
		t.Errorf("bad face: %v", err)
	}
	// Two dice, or plain faces: typed, no choices.
	p = &captured{ans: "3,4"}
	d = NewDice(Physical, 1, p)
	if _, err := d.RollN("k", D(6), 2); err != nil {
		t.Fatal(err)
	}
	if p.q.Choices != nil {
		t.Errorf("2d6 offered choices %q", p.q.Choices)
	}
	if _, err := p.q.Normalize("3"); err == nil || !strings.Contains(err.Error(), "needs 2 values") {
		t.Errorf("one value for two dice: %v", err)
	}
}
