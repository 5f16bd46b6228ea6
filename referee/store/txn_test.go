package store

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// txnFixture is a saved session at step 1 and an empty tables overlay.
func txnFixture(t *testing.T) (*Store, *referee.Session, string) {
	dir := t.TempDir()
	st := &Store{Dir: filepath.Join(dir, "data")}
	s := &referee.Session{Schema: referee.SchemaVersion, Name: "s1", Game: "misty-waters", Step: 1, State: []byte(`{"round":1}`), Log: []referee.Event{}}
	require.NoError(t, st.Save(s))
	return st, s, filepath.Join(dir, "config", "tables.yaml")
}

func remember(t *testing.T, set *tables.Set, key, value string) {
	require.NoError(t, set.Remember("mwp-board", key, value, "asked as misty.board."+key))
}

// A failure between the two writes (the overlay cannot be written after
// the session was saved with the step) puts the save back as it was: the
// command fails and neither file has the step.
func TestSaveStepFailingOverlayPutsTheSaveBack(t *testing.T) {
	st, s, overlay := txnFixture(t)
	before, err := os.ReadFile(st.Path("s1"))
	require.NoError(t, err)
	set, err := LoadTables(overlay)
	require.NoError(t, err)

	var savedDuringFlush []byte
	flushOverlay = func(*tables.Set) error {
		// The session is saved, with the value, when the overlay is
		// written: the commit comes first.
		savedDuringFlush, _ = os.ReadFile(st.Path("s1"))
		return errors.New("tables: write tables.yaml: no space left on device")
	}
	t.Cleanup(func() { flushOverlay = FlushTables })

	s.Step, s.State = 2, []byte(`{"round":2}`)
	remember(t, set, "falcon-distance", "12")
	err = SaveStep(st, s, set)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no space left on device")
	assert.Contains(t, string(savedDuringFlush), `"pending_tables":[{"table":"mwp-board","key":"falcon-distance","value":"12"`)
	after, err := os.ReadFile(st.Path("s1"))
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "the save is as before the step")
	assert.NoFileExists(t, overlay)

	// A session the step created is removed again.
	s2 := &referee.Session{Schema: referee.SchemaVersion, Name: "s2", Game: "misty-waters", Step: 1, Log: []referee.Event{}}
	require.Error(t, SaveStep(st, s2, set))
	assert.NoFileExists(t, st.Path("s2"))
}

// A process killed between the two writes leaves the values in the save;
// the next load replays them into the overlay, and the save after that
// no longer carries them.
func TestSaveStepKilledBetweenWritesIsReplayed(t *testing.T) {
	st, s, overlay := txnFixture(t)
	set, err := LoadTables(overlay)
	require.NoError(t, err)
	flushOverlay = func(*tables.Set) error { return nil } // killed before the overlay was written
	s.Step = 2
	remember(t, set, "falcon-distance", "12")
	remember(t, set, "wind.speed.4", "-1")
	require.NoError(t, SaveStep(st, s, set))
	flushOverlay = FlushTables
	require.NoFileExists(t, overlay)

	// The next process.
	s, err = st.Load("s1")
	require.NoError(t, err)
	require.Len(t, s.Pending, 2)
	set, err = LoadTables(overlay)
	require.NoError(t, err)
	require.NoError(t, ReplayPending(s, set))
	r, ok := set.Lookup("mwp-board", "falcon-distance")
	require.True(t, ok)
	assert.Equal(t, "12", r.Value, "a replayed value is used at once")
	s.Step = 3
	require.NoError(t, SaveStep(st, s, set))
	b, err := os.ReadFile(overlay)
	require.NoError(t, err)
	assert.Contains(t, string(b), "falcon-distance")
	assert.Contains(t, string(b), "wind.speed.4")

	// Written: a later save drops them.
	s, err = st.Load("s1")
	require.NoError(t, err)
	set, err = LoadTables(overlay)
	require.NoError(t, err)
	require.NoError(t, ReplayPending(s, set))
	assert.Empty(t, set.PendingValues(), "values the overlay holds are not replayed")
	require.NoError(t, SaveStep(st, s, set))
	s, err = st.Load("s1")
	require.NoError(t, err)
	assert.Empty(t, s.Pending)
}

// A save without remembered values is written as before (no
// pending_tables field), and a hand-edited pending value is validated.
func TestSaveStepWithoutValuesAndBadPending(t *testing.T) {
	st, s, overlay := txnFixture(t)
	set, err := LoadTables(overlay)
	require.NoError(t, err)
	require.NoError(t, SaveStep(st, s, set))
	b, err := os.ReadFile(st.Path("s1"))
	require.NoError(t, err)
	assert.NotContains(t, string(b), "pending_tables")

	s.Pending = []tables.Pending{{Table: "dice", Key: "ammo", Value: "a,b,c,d,e,f"}}
	require.NoError(t, st.Save(s))
	s, err = st.Load("s1")
	require.NoError(t, err)
	err = ReplayPending(s, set)
	require.ErrorIs(t, err, referee.ErrCorrupt)
	assert.Contains(t, err.Error(), `face "a" is not a number of dots`)
}
