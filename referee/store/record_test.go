package store

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// A rules question recorded between steps joins the log of the last step
// played, numbered after every event already in the log file, and the
// session's state is otherwise unchanged.
func TestRecordAppendsAnEventToTheLastStep(t *testing.T) {
	st := &Store{Dir: t.TempDir()}
	s := &referee.Session{Schema: referee.SchemaVersion, Name: "s1", Game: "coin", Players: []referee.Player{{Name: "Ann"}}, Step: 3, State: []byte(`{"n":1}`)}
	s.Log = []referee.Event{{Seq: 1, Step: 1, Type: "a", Text: "one"}, {Seq: 2, Step: 2, Type: "b", Text: "two"}}
	require.NoError(t, st.Save(s))

	require.NoError(t, st.Record("s1", referee.Event{Type: referee.RulesQuestionType, Text: "rules question: can I flip twice?", Data: map[string]any{"query": "can I flip twice?"}}))
	got, err := st.Load("s1")
	require.NoError(t, err)
	evs := got.Events()
	require.Len(t, evs, 3)
	q := evs[2]
	require.Equal(t, 3, q.Seq)
	require.Equal(t, 2, q.Step, "the last step played")
	require.Equal(t, referee.RulesQuestionType, q.Type)
	require.Equal(t, "can I flip twice?", q.Data["query"])
	require.Equal(t, 3, got.Step)
	require.JSONEq(t, `{"n":1}`, string(got.State))

	require.Error(t, st.Record("nosuch", referee.Event{Type: referee.RulesQuestionType}))
	require.False(t, st.Exists("nosuch"), "recording into a missing session creates nothing")
}

// "current" only names the most recent session: when it cannot be written
// the save still succeeds (a command that reported "not saved" for a step
// that was saved is what issue 14 forbids).
func TestSaveSucceedsWhenCurrentCannotBeWritten(t *testing.T) {
	dir := t.TempDir()
	st := &Store{Dir: dir}
	s := &referee.Session{Schema: referee.SchemaVersion, Name: "s1", Game: "coin", Players: []referee.Player{{Name: "Ann"}}, Step: 1, State: []byte(`{}`)}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "current"), 0o700)) // a directory where the file goes
	require.NoError(t, st.Save(s))
	got, err := st.Load("s1")
	require.NoError(t, err)
	require.Equal(t, 1, got.Step)
}

// The in-use error names the session and the wait once, and is referee.ErrInUse.
func TestInUseMessage(t *testing.T) {
	st := &Store{Dir: t.TempDir(), LockTimeout: 50 * time.Millisecond}
	unlock, err := st.Lock("s1")
	require.NoError(t, err)
	defer unlock()
	done := make(chan error, 1)
	go func() {
		// a second lock of the same file from this process: flock is per
		// open file description, so it waits like another process
		_, err := st.Lock("s1")
		done <- err
	}()
	err = <-done
	require.ErrorIs(t, err, referee.ErrInUse)
	require.Equal(t, "session s1 is in use by another bosun process (waited 50ms)", err.Error())
}

// Saving the current session again leaves the file that names it as it
// is (the same inode: not rewritten), and saving another names that one.
func TestSaveLeavesCurrentAsItIsWhenItNamesTheSession(t *testing.T) {
	dir := t.TempDir()
	st := &Store{Dir: dir}
	s := &referee.Session{Schema: referee.SchemaVersion, Name: "s1", Game: "coin", Players: []referee.Player{{Name: "Ann"}}, Step: 1, State: []byte(`{}`)}
	require.NoError(t, st.Save(s))
	path := filepath.Join(dir, "current")
	before, err := os.Stat(path)
	require.NoError(t, err)
	s.Step = 2
	require.NoError(t, st.Save(s))
	after, err := os.Stat(path)
	require.NoError(t, err)
	require.True(t, os.SameFile(before, after), "current was rewritten")
	require.Equal(t, "s1", st.Current())

	other := &referee.Session{Schema: referee.SchemaVersion, Name: "s2", Game: "coin", Players: []referee.Player{{Name: "Ann"}}, Step: 1, State: []byte(`{}`)}
	require.NoError(t, st.Save(other))
	require.Equal(t, "s2", st.Current())
	require.NoError(t, os.WriteFile(path, []byte("s1"), 0o600)) // no newline: not what bosun writes
	require.NoError(t, st.Save(s))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "s1\n", string(b))
}
