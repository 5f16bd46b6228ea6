package root_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeTerm answers questions with a function (a table at a terminal).
type fakeTerm func(q referee.Question) (string, error)

func (f fakeTerm) Ask(q referee.Question) (string, error) { return f(q) }

// In bosun play at a terminal menu, Ctrl-C at a question cancels the step
// (nothing of it saved) and the menu comes back; run again, the step's
// questions default to the answers of the canceled run, and Enter keeps
// them. Ctrl-C at the menu ends play with exit 130 (issue 24).
func TestPlayCtrlCCancelsTheStepAndReturnsToTheMenu(t *testing.T) {
	session, overlay := misty(t)
	answers := answersWithout(t, "misty.board.falcon-distance", "misty.falcon.Bob.bet")
	var out, errOut bytes.Buffer
	var log []string
	var saveAtC []byte
	runs, menus := 0, 0
	tb := fakeTerm(func(q referee.Question) (string, error) {
		log = append(log, q.Key+"="+q.Default)
		switch q.Key {
		case "play.menu":
			menus++
			if runs == 2 {
				return "", referee.ErrCanceled // the step was saved: Ctrl-C at the menu
			}
			return q.Normalize("") // Enter: the next step
		case "misty.board.falcon-distance":
			runs++
			if runs == 1 {
				return q.Normalize("12")
			}
			return q.Normalize("") // Enter: the canceled run's answer
		case "misty.falcon.Bob.bet":
			if runs == 1 {
				saveAtC, _ = os.ReadFile(session)
				return "", referee.ErrCanceled
			}
			return q.Normalize("fail")
		}
		t.Fatalf("asked %s", q.Key)
		return "", nil
	})
	code := atTableWith(tb, &out, &errOut, "play", "--answers", answers)
	assert.Equal(t, 130, code, errOut.String())
	assert.Contains(t, errOut.String(), "bosun: step 10 canceled; nothing saved (the events printed for it did not happen); its answers are the defaults if you run it again")
	assert.Contains(t, log, "misty.board.falcon-distance=12", "asked again with the canceled run's answer as its default")
	assert.Contains(t, log, "play.menu=next step", "Enter at the menu takes the next step")
	assert.Contains(t, errOut.String(), "bosun: canceled at the menu; no step was in progress (the 10 steps done in this play are saved)")
	now, err := os.ReadFile(session)
	require.NoError(t, err)
	assert.Contains(t, string(saveAtC), `"step":10,`)
	assert.Contains(t, string(now), `"step":11,`, "step 10 was saved when run again")
	b, err := os.ReadFile(overlay)
	require.NoError(t, err)
	assert.Contains(t, string(b), "falcon-distance", "the board value is remembered once the step is saved")
	assert.Equal(t, 12, menus, "9 steps, the canceled one, the same again, and the menu Ctrl-C ends")
}
