package store_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func savedCounter(t *testing.T) (*store.Store, map[string]any) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "2"}))
	require.NoError(t, st.Save(s))
	var m map[string]any
	b, _ := os.ReadFile(st.Path("t1"))
	require.NoError(t, json.Unmarshal(b, &m))
	return st, m
}

func writeSave(t *testing.T, st *store.Store, m map[string]any) {
	b, _ := json.Marshal(m)
	require.NoError(t, os.WriteFile(st.Path("t1"), b, 0o600))
}

// TestHandEditedCursorIsRefused: a negative count in the answers cursor
// made `next` panic in Scripted.Cursor; it is now a corrupt-save error.
func TestHandEditedSaveFieldsAreRefused(t *testing.T) {
	for _, c := range []struct {
		field string
		value any
		want  string
	}{
		{"answers_cursor", map[string]any{"used": map[string]any{"misty.weather.tile.move": -7}}, `used["misty.weather.tile.move"] is -7; accepted: 0 to`},
		{"answers_cursor", map[string]any{"used": map[string]any{"k": 2}, "seen": map[string]any{"k": []string{"a"}}}, "must match"},
		{"step", -3, "step is -3"},
		{"players", []map[string]any{{"name": ""}}, "player 1 has no name"},
		{"dice", "loaded", `dice "loaded"`},
		{"undo", []map[string]any{{"step": 5, "rng": nil}}, "undo snapshot 1 is of step 5; accepted: a step from 0 to 1"},
	} {
		st, m := savedCounter(t)
		m[c.field] = c.value
		if c.field == "undo" {
			// Schema 4 keeps the snapshots in the undo file.
			line := `{"prev":-1,"step":5,"rng":null}` + "\n"
			require.NoError(t, os.WriteFile(strings.TrimSuffix(st.Path("t1"), ".json")+".undo", []byte(line), 0o600))
			m["undo_file"] = map[string]any{"snapshots": 1, "top": 0, "bytes": len(line)}
		}
		writeSave(t, st, m)
		before, _ := os.ReadFile(st.Path("t1"))
		s, err := st.Load("t1")
		if c.field == "undo" {
			// Undo snapshots are decoded only when undo needs one: the
			// undo refuses it, and nothing is saved.
			require.NoError(t, err)
			_, err = referee.UndoStep(s, true)
		}
		require.Error(t, err, c.field)
		assert.ErrorIs(t, err, referee.ErrCorrupt)
		assert.Contains(t, err.Error(), c.want)
		_, err = st.LoadHead("t1")
		if c.field != "undo" {
			assert.ErrorContains(t, err, c.want)
		}
		after, _ := os.ReadFile(st.Path("t1"))
		assert.Equal(t, before, after, "the save is left as it is")
	}
}

// TestResumeIgnoresImpossibleCounts: a cursor that reaches Resume without
// Load (an undo snapshot's) never makes Ask or Cursor panic.
func TestResumeIgnoresImpossibleCounts(t *testing.T) {
	p := referee.NewScripted()
	p.Set("counter.bonus", "1", "answers")
	p.Set("counter.bonus", "2", "answers")
	p.Resume(&referee.AnswerCursor{Used: map[string]int{"counter.bonus": -7}})
	n, err := referee.Number(p, "counter.bonus", "bonus", 0, 5)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the queue starts over")
	assert.Equal(t, 1, p.Cursor().Used["counter.bonus"])
}

func TestAFIFOSaveDoesNotHang(t *testing.T) {
	st, _ := savedCounter(t)
	require.NoError(t, os.Remove(st.Path("t1")))
	require.NoError(t, syscall.Mkfifo(st.Path("t1"), 0o600))
	require.NoError(t, syscall.Mkfifo(filepath.Join(st.Dir, "current.fifo"), 0o600))
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := st.LoadHead("t1")
		assert.ErrorContains(t, err, "is a FIFO, expected a regular file")
		_, err = st.Load("t1")
		assert.ErrorIs(t, err, referee.ErrCorrupt)
		list, err := st.List()
		assert.NoError(t, err)
		require.Len(t, list, 1)
		assert.Contains(t, list[0].Error, "FIFO")
		assert.Equal(t, "", st.GameOf("t1"))
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO save hung")
	}
}

func TestCurrentFIFODoesNotHang(t *testing.T) {
	st, _ := savedCounter(t)
	cur := filepath.Join(st.Dir, "current")
	require.NoError(t, os.Remove(cur))
	require.NoError(t, syscall.Mkfifo(cur, 0o600))
	done := make(chan string)
	go func() { done <- st.Current() }()
	select {
	case c := <-done:
		assert.Equal(t, "", c)
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO 'current' hung")
	}
}

func TestLinksOutOfTheDataDirAreNotFollowed(t *testing.T) {
	st, _ := savedCounter(t)
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	// A symlinked lock: taking it must not create the link's target.
	require.NoError(t, os.Symlink(victim, st.Path("t1")+".lock"))
	_, err := st.Lock("t1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "symbolic link")
	_, statErr := os.Lstat(victim)
	assert.True(t, os.IsNotExist(statErr), "no file created at the link's target")

	// A symlinked save is refused, not read.
	real := filepath.Join(outside, "t2.json")
	b, _ := os.ReadFile(st.Path("t1"))
	require.NoError(t, os.WriteFile(real, []byte(strings.ReplaceAll(string(b), `"t1"`, `"t2"`)), 0o600))
	require.NoError(t, os.Symlink(real, st.Path("t2")))
	_, err = st.Load("t2")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "symbolic link")
}
