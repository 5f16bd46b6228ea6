package referee

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSticky(t *testing.T) {
	q := Question{Key: "misty.player.Ann.captured", Kind: KindNumber, Min: 0, Max: 7}
	s := &Session{Log: []Event{
		{Answers: []Answer{{Key: q.Key, Value: "2"}, {Key: "other", Value: "x"}}},
		{Answers: []Answer{{Key: q.Key, Value: "3"}}, Undone: true},
		{Text: "no answers"},
	}}
	env := &Env{Prompt: NewScripted()}
	assert.Equal(t, "2", Sticky(s, env, q).Default, "the last answer of a live step; undone steps do not count")

	env.events = []Event{{Answers: []Answer{{Key: q.Key, Value: "4"}}}}
	assert.Equal(t, "4", Sticky(s, env, q).Default, "an answer earlier in this step wins over the log")

	sc := NewScripted()
	sc.Record = []Answer{{Key: q.Key, Value: "5"}}
	env.Prompt = sc
	assert.Equal(t, "5", Sticky(s, env, q).Default, "an answer not yet attached to an event is the newest")

	sc.Record = []Answer{{Key: q.Key, Value: "9"}}
	assert.Equal(t, "", Sticky(s, env, q).Default, "a last answer the question no longer accepts is not offered")

	fresh := Question{Key: "misty.player.Bob.captured", Kind: KindNumber, Max: 7, Default: "0"}
	assert.Equal(t, "0", Sticky(s, env, fresh).Default, "nothing answered yet: the question keeps its own default")
	assert.Equal(t, "", Sticky(nil, &Env{}, q).Default)
}

func TestStickyDefaultDoesNotAnswerAScript(t *testing.T) {
	q := Sticky(&Session{Log: []Event{{Answers: []Answer{{Key: "k", Value: "2"}}}}}, &Env{}, Question{Key: "k", Kind: KindNumber, Max: 7})
	assert.Equal(t, "2", q.Default)
	_, err := NewScripted().Ask(q)
	var nerr *NoAnswerError
	assert.ErrorAs(t, err, &nerr, "without an answer a script stops; the default is for the terminal's Enter")
	v, err := q.Normalize("")
	assert.NoError(t, err)
	assert.Equal(t, "2", v, "Enter takes the default")
}
