package session

import (
	"bytes"
	"errors"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
)

func TestStepErrorSaysWhatWasSaved(t *testing.T) {
	missing := &referee.NoAnswerError{Q: referee.Question{Key: "k", Text: "t"}}
	tests := []struct {
		name         string
		err          error
		saved, shown int
		want         string
	}{
		{"canceled, nothing before", referee.ErrCanceled, 0, 0, "canceled; nothing was saved"},
		{"canceled after events", referee.ErrCanceled, 0, 2, "canceled; nothing was saved of step 5 (the events printed for it did not happen)"},
		{"canceled after saved steps", referee.ErrCanceled, 3, 0, "canceled; nothing was saved of step 5; 3 steps before it saved"},
		{"missing answer after saved steps", missing, 1, 1, "1 step done and saved; step 5 stopped and was not saved (the events printed for it did not happen): " + missing.Error()},
		{"missing answer after events", missing, 0, 1, missing.Error() + "; step 5 was not saved (the events printed for it did not happen)"},
		{"missing answer", missing, 0, 0, missing.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := stepError(tt.err, 5, tt.saved, tt.shown)
			assert.Equal(t, tt.want, err.Error())
			// The kind (and so the exit code) is kept.
			assert.True(t, errors.Is(err, tt.err))
			if errors.Is(tt.err, referee.ErrCanceled) {
				var ce *cmdutil.CanceledError
				assert.True(t, errors.As(err, &ce))
			} else {
				assert.True(t, referee.IsUsage(err))
				assert.Equal(t, "k", cmdutil.AnswerKey(err))
			}
		})
	}
}

func TestStepPrinterPrintsEachEventOnce(t *testing.T) {
	var b bytes.Buffer
	p := &stepPrinter{w: &b}
	p.start(4)
	assert.Empty(t, b.String(), "no heading before the first event")
	p.hook()(referee.Event{Text: "a battle is won"})
	assert.Equal(t, "Step 4:\n- a battle is won\n", b.String(), "printed as it is emitted")
	p.done(Result{Step: 5, Over: true, Events: []referee.Event{{Text: "a battle is won"}, {Text: "dice rolled", Rolls: []referee.Roll{{Die: "d6", Value: 3}}}}})
	assert.Equal(t, "Step 4:\n- a battle is won\n- dice rolled (d6 rolled: 3)\nThe game is over.\n", b.String())

	var nilp *stepPrinter
	assert.Nil(t, nilp.hook(), "--json: no hook")
	nilp.start(1)
	nilp.done(Result{})
	assert.Equal(t, 0, nilp.shown())
}

func TestPlayMenuHasOneHandlerPerEntry(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range menu {
		assert.False(t, seen[m.label], "duplicate %q", m.label)
		seen[m.label] = true
		assert.NotNil(t, m.run, m.label)
	}
	assert.Equal(t, []string{menuNext, menuStatus, menuUndo, menuLog, menuRules, menuCalc, menuQuit}, func() []string {
		var l []string
		for _, m := range menu {
			l = append(l, m.label)
		}
		return l
	}(), "the menu's order (scripts answer play.menu with these labels)")
}

func TestRollsTextGroupsByDieAndHow(t *testing.T) {
	rolls := []referee.Roll{{Die: "d6", Value: 6}, {Die: "d6", Value: 3}, {Die: "direction", Label: "N>NW|NE", Entered: true}, {Die: "d6", Value: 1}}
	assert.Equal(t, "d6 rolled: 6, 3; direction entered: N>NW|NE; d6 rolled: 1", cmdutil.RollsText(rolls))
}
