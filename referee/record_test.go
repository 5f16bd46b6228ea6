package referee

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A rules question recorded between steps joins the log of the last step
// played, numbered after every event already in the log file, and the
// session's state is otherwise unchanged.
func TestRecordAppendsAnEventToTheLastStep(t *testing.T) {
	st := &Store{Dir: t.TempDir()}
	s := &Session{Schema: SchemaVersion, Name: "s1", Game: "coin", Players: []Player{{Name: "Ann"}}, Step: 3, State: []byte(`{"n":1}`)}
	s.Log = []Event{{Seq: 1, Step: 1, Type: "a", Text: "one"}, {Seq: 2, Step: 2, Type: "b", Text: "two"}}
	require.NoError(t, st.Save(s))

	require.NoError(t, st.Record("s1", Event{Type: RulesQuestionType, Text: "rules question: can I flip twice?", Data: map[string]any{"query": "can I flip twice?"}}))
	got, err := st.Load("s1")
	require.NoError(t, err)
	evs := got.Events()
	require.Len(t, evs, 3)
	q := evs[2]
	require.Equal(t, 3, q.Seq)
	require.Equal(t, 2, q.Step, "the last step played")
	require.Equal(t, RulesQuestionType, q.Type)
	require.Equal(t, "can I flip twice?", q.Data["query"])
	require.Equal(t, 3, got.Step)
	require.JSONEq(t, `{"n":1}`, string(got.State))

	require.Error(t, st.Record("nosuch", Event{Type: RulesQuestionType}))
	require.False(t, st.Exists("nosuch"), "recording into a missing session creates nothing")
}
