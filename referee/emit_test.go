package referee_test

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// talker emits an event, asks a question, then emits a second one.
type talker struct{ refereetest.Counter }

func (talker) Next(s *referee.Session, env *referee.Env) error {
	env.Emit(referee.Event{Type: "battle", Text: "the battle is won"})
	if _, err := referee.Confirm(env.Prompt, "talker.again", "does another ship attack?", "no"); err != nil {
		return err
	}
	env.Emit(referee.Event{Type: "end", Text: "no more attacks"})
	return nil
}

// askLog answers every question with "no" and notes, at each question,
// which events the OnEmit hook had shown by then.
type askLog struct {
	shown   *[]string
	atAsk   [][]string
	failing bool
}

func (a *askLog) Ask(q referee.Question) (string, error) {
	a.atAsk = append(a.atAsk, append([]string(nil), *a.shown...))
	if a.failing {
		return "", referee.ErrCanceled
	}
	return "no", nil
}

func TestOnEmitShowsEventsBeforeTheNextQuestion(t *testing.T) {
	s := newCounter(t, nil, 1)
	var shown []string
	p := &askLog{shown: &shown}
	env := &referee.Env{Dice: referee.NewDice(referee.Virtual, 1, p), Prompt: p, OnEmit: func(e referee.Event) { shown = append(shown, e.Text) }}
	evs, err := referee.Next(talker{}, s, env)
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"the battle is won"}}, p.atAsk, "the battle's result is shown before the next question")
	assert.Equal(t, []string{"the battle is won", "no more attacks"}, shown)
	require.Len(t, evs, 2)
	assert.Equal(t, "no more attacks", evs[1].Text)
}

func TestOnEmitOfAFailedStepSavesNothing(t *testing.T) {
	s := newCounter(t, nil, 1)
	before := len(s.Log)
	var shown []string
	p := &askLog{shown: &shown, failing: true}
	env := &referee.Env{Dice: referee.NewDice(referee.Virtual, 1, p), Prompt: p, OnEmit: func(e referee.Event) { shown = append(shown, e.Text) }}
	_, err := referee.Next(talker{}, s, env)
	require.ErrorIs(t, err, referee.ErrCanceled)
	assert.Equal(t, []string{"the battle is won"}, shown, "shown as it happened")
	assert.Len(t, s.Log, before, "but not logged: the step failed")
	assert.Equal(t, 1, s.Step)
}
