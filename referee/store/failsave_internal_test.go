package store

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// filesOf hashes every file of the sessions dir, an empty lock file aside.
func filesOf(t *testing.T, st *Store) map[string]string {
	out := map[string]string{}
	ents, err := os.ReadDir(st.dir())
	require.NoError(t, err)
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(st.dir(), e.Name()))
		require.NoError(t, err)
		if strings.HasSuffix(e.Name(), ".lock") && len(b) == 0 {
			continue
		}
		out[e.Name()] = fmt.Sprintf("%x", sha256.Sum256(b))
	}
	return out
}

// aStep adds to s what a step adds: an event and an undo snapshot.
func aStep(s *referee.Session) {
	s.Log = append(s.Log, referee.Event{Seq: s.LogLen() + 1, Step: s.Step, Type: "add", Text: fmt.Sprintf("step %d", s.Step)})
	s.Undo = append(s.Undo, referee.Snapshot{Step: s.Step, RNG: []byte{byte(s.Step)}, Z: []byte("state")})
	s.Step++
}

// TestAFailedSaveLeavesEveryFileAsItWas (issue 26 item 1): a save that
// fails, writing the log, the undo file or the save file (a full disk, a
// read-only directory), puts the side files back byte for byte, the bytes
// a killed save left past the record included.
func TestAFailedSaveLeavesEveryFileAsItWas(t *testing.T) {
	full := &os.PathError{Op: "write", Err: syscall.ENOSPC}
	for _, c := range []struct {
		name     string
		leftover bool // a save killed before it left bytes past the record
		fail     func(st *Store)
	}{
		{"log write", false, func(st *Store) {
			writeSideAt = func(f *os.File, b []byte, off int64) (int, error) {
				n, _ := f.WriteAt(b[:len(b)/2], off) // half of it reaches the disk
				return n, full
			}
		}},
		{"undo write", false, func(st *Store) {
			writeSideAt = func(f *os.File, b []byte, off int64) (int, error) {
				if strings.HasSuffix(f.Name(), ".undo") {
					f.WriteAt(b[:len(b)/2], off)
					return 0, full
				}
				return f.WriteAt(b, off)
			}
		}},
		{"save file", false, func(st *Store) {
			writeSave = func(string, []byte) error { return errors.New("open sessions/.tmp-s1.json: read-only file system") }
		}},
		{"log write, bytes past the record", true, func(st *Store) {
			writeSideAt = func(f *os.File, b []byte, off int64) (int, error) { return 0, full }
		}},
		{"save file, bytes past the record", true, func(st *Store) {
			writeSave = func(string, []byte) error { return full }
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Cleanup(func() {
				writeSideAt, writeSave = func(f *os.File, b []byte, off int64) (int, error) { return f.WriteAt(b, off) }, fsutilWriteAtomic
			})
			st := &Store{Dir: t.TempDir()}
			s := &referee.Session{Schema: referee.SchemaVersion, Name: "s1", Game: "misty-waters", Step: 1, State: []byte(`{"round":1}`), Log: []referee.Event{}}
			for range 3 {
				aStep(s)
				require.NoError(t, st.Save(s))
			}
			if c.leftover {
				for _, p := range []string{st.logPath("s1"), st.undoPath("s1")} {
					f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
					require.NoError(t, err)
					_, err = f.WriteString(`{"seq":99,"step":9,"type":"half`)
					require.NoError(t, err)
					require.NoError(t, f.Close())
				}
			}
			before := filesOf(t, st)
			aStep(s)
			c.fail(st)
			err := st.Save(s)
			require.Error(t, err)
			assert.NotContains(t, err.Error(), "failed too")
			assert.Equal(t, before, filesOf(t, st), "every file as it was")

			// A new session whose first save fails leaves no file.
			n := &referee.Session{Schema: referee.SchemaVersion, Name: "s2", Game: "misty-waters", Step: 1, State: []byte(`{"round":1}`), Log: []referee.Event{}}
			aStep(n)
			require.Error(t, st.Save(n))
			assert.Equal(t, before, filesOf(t, st), "no file of s2")
		})
	}
}

var fsutilWriteAtomic = writeSave

// A step's log and undo appends are written (and synced) at once, and
// both before the save file: each write here waits for the other file's
// to start, which one after the other would never do.
func TestASaveAppendsBothSideFilesAtOnce(t *testing.T) {
	t.Cleanup(func() {
		writeSideAt, writeSave = func(f *os.File, b []byte, off int64) (int, error) { return f.WriteAt(b, off) }, fsutilWriteAtomic
	})
	st := &Store{Dir: t.TempDir()}
	s := &referee.Session{Schema: referee.SchemaVersion, Name: "s1", Game: "misty-waters", Step: 1, State: []byte(`{"round":1}`), Log: []referee.Event{}}
	aStep(s)
	require.NoError(t, st.Save(s))
	started := map[string]chan struct{}{".log": make(chan struct{}), ".undo": make(chan struct{})}
	other := map[string]string{".log": ".undo", ".undo": ".log"}
	var met atomic.Int32 // writes that saw the other one start while they waited
	writeSideAt = func(f *os.File, b []byte, off int64) (int, error) {
		ext := filepath.Ext(f.Name())
		close(started[ext])
		select {
		case <-started[other[ext]]:
			met.Add(1)
		case <-time.After(2 * time.Second):
		}
		return f.WriteAt(b, off)
	}
	writeSave = func(path string, b []byte) error {
		for _, p := range []string{st.logPath("s1"), st.undoPath("s1")} {
			got, err := os.ReadFile(p)
			require.NoError(t, err)
			require.Contains(t, string(got), `"step":2`, "%s is written before the save file", filepath.Base(p))
		}
		return fsutilWriteAtomic(path, b)
	}
	aStep(s)
	require.NoError(t, st.Save(s))
	require.Equal(t, int32(2), met.Load(), "the two appends were written one after the other")
	got, err := st.Load("s1")
	require.NoError(t, err)
	require.Equal(t, 3, got.Step)
}
