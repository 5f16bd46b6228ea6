package store

import (
	"errors"
	"os"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// A handle holds the session's lock from OpenForWrite (or Create) to
// Close: a second writer waits and gets ErrInUse, and after Close it
// opens the session as the first one saved it.
func TestHandleHoldsTheLockUntilClose(t *testing.T) {
	st := &Store{Dir: t.TempDir(), LockTimeout: 50 * time.Millisecond}
	s := &referee.Session{Schema: referee.SchemaVersion, Name: "s1", Game: "coin", Players: []referee.Player{{Name: "Ann"}}, Step: 1, State: []byte(`{"n":1}`)}
	c, err := st.Create("s1")
	require.NoError(t, err)
	_, err = st.OpenForWrite("s1")
	require.True(t, referee.IsUsage(err), "not saved yet: %v", err)
	c.Session = s
	require.NoError(t, c.SaveStep(nil))
	c.Close()
	c.Close() // a second Close does nothing

	h, err := st.OpenForWrite("s1")
	require.NoError(t, err)
	_, err = st.OpenForWrite("s1")
	require.True(t, errors.Is(err, referee.ErrInUse), "%v", err)
	_, err = st.Create("s1")
	require.True(t, errors.Is(err, referee.ErrInUse), "%v", err)
	h.Session.State = []byte(`{"n":2}`)
	require.NoError(t, h.Save())
	h.Close()

	again, err := st.OpenForWrite("s1")
	require.NoError(t, err)
	defer again.Close()
	require.JSONEq(t, `{"n":2}`, string(again.Session.State))
	_, err = st.Create("s1")
	require.Error(t, err)

	// Names are checked before any file is made.
	_, err = st.OpenForWrite("../out")
	require.True(t, referee.IsUsage(err), "%v", err)
	_, err = st.Create("../out")
	require.True(t, referee.IsUsage(err), "%v", err)
	_, statErr := os.Stat(st.Dir + "/out.json.lock")
	require.True(t, os.IsNotExist(statErr))
}
