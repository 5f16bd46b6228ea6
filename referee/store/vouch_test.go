package store_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// threeSteps is a store holding t1 three steps in (events of every step
// in the log, three snapshots in the undo file) and its save as a map.
func threeSteps(t *testing.T) (*store.Store, map[string]any) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	for _, b := range []string{"1", "2", "3"} {
		require.NoError(t, step(t, s, map[string]string{"counter.bonus": b}))
		require.NoError(t, st.Save(s))
	}
	var m map[string]any
	b, err := os.ReadFile(st.Path("t1"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &m))
	return st, m
}

// hashDir hashes every file of dir.
func hashDir(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range ents {
		if info, _ := e.Info(); strings.HasSuffix(e.Name(), ".lock") && info != nil && info.Size() == 0 {
			continue // an empty lock file is not state
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		out[e.Name()] = fmt.Sprintf("%x", sha256.Sum256(b))
	}
	return out
}

func editSide(t *testing.T, st *store.Store, ext string, edit func(b []byte) []byte) {
	p := side(st, "t1", ext)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(p, edit(b), 0o600))
}

// TestASaveThatDisagreesWithItsFilesIsRefused (issue 26 item 1): a save
// whose side files are not what it records is refused as corrupt by
// every reader, with a message naming the file and what is wrong, and no
// file changes; a step on it saves nothing either.
func TestASaveThatDisagreesWithItsFilesIsRefused(t *testing.T) {
	ref := func(m map[string]any, k string) map[string]any { return m[k].(map[string]any) }
	for _, c := range []struct {
		name string
		edit func(t *testing.T, st *store.Store, m map[string]any)
		want string
	}{
		{"log_file record dropped", func(t *testing.T, st *store.Store, m map[string]any) {
			delete(m, "log_file")
		}, "no log_file record"},
		{"undo_file record dropped", func(t *testing.T, st *store.Store, m map[string]any) {
			delete(m, "undo_file")
		}, "no undo_file record"},
		{"both records dropped", func(t *testing.T, st *store.Store, m map[string]any) {
			delete(m, "log_file")
			delete(m, "undo_file")
		}, "no log_file record"},
		{"relabelled schema 3", func(t *testing.T, st *store.Store, m map[string]any) {
			m["schema"] = 3
		}, "says schema 3 but holds log_file and undo_file records"},
		{"relabelled schema 2, records dropped", func(t *testing.T, st *store.Store, m map[string]any) {
			m["schema"] = 2
			delete(m, "undo_file")
		}, "says schema 2 but holds log_file"},
		{"one event fewer recorded", func(t *testing.T, st *store.Store, m map[string]any) {
			ref(m, "log_file")["events"] = ref(m, "log_file")["events"].(float64) - 1
		}, "t1.log holds more than the 3 events the save records"},
		{"log lines swapped", func(t *testing.T, st *store.Store, m map[string]any) {
			editSide(t, st, ".log", func(b []byte) []byte {
				l := bytes.SplitAfter(b, []byte("\n"))
				l[1], l[2] = l[2], l[1]
				return bytes.Join(l, nil)
			})
		}, "t1.log was changed since it was saved"},
		{"log line edited, same length", func(t *testing.T, st *store.Store, m map[string]any) {
			editSide(t, st, ".log", func(b []byte) []byte { return bytes.Replace(b, []byte("total 5"), []byte("total 7"), 1) })
		}, "t1.log was changed since it was saved: its first"},
		{"log line edited, bytes recorded to match", func(t *testing.T, st *store.Store, m map[string]any) {
			editSide(t, st, ".log", func(b []byte) []byte { return bytes.Replace(b, []byte("total 5"), []byte("total 50"), 1) })
			ref(m, "log_file")["bytes"] = ref(m, "log_file")["bytes"].(float64) + 1
		}, "t1.log was changed since it was saved"},
		{"last event dropped from the record, bytes too", func(t *testing.T, st *store.Store, m map[string]any) {
			b, _ := os.ReadFile(side(st, "t1", ".log"))
			l := bytes.SplitAfter(b, []byte("\n"))
			ref(m, "log_file")["events"] = ref(m, "log_file")["events"].(float64) - 1
			ref(m, "log_file")["bytes"] = ref(m, "log_file")["bytes"].(float64) - float64(len(l[len(l)-2]))
		}, "t1.log was changed since it was saved"},
		{"undo snapshot edited", func(t *testing.T, st *store.Store, m map[string]any) {
			editSide(t, st, ".undo", func(b []byte) []byte { return bytes.Replace(b, []byte(`"step":2`), []byte(`"step":1`), 1) })
		}, "t1.undo was changed since it was saved"},
		{"log missing", func(t *testing.T, st *store.Store, m map[string]any) {
			require.NoError(t, os.Remove(side(st, "t1", ".log")))
		}, "t1.log is missing"},
		{"undo cut short", func(t *testing.T, st *store.Store, m map[string]any) {
			editSide(t, st, ".undo", func(b []byte) []byte { return b[:len(b)/2] })
		}, "t1.undo is shorter than the"},
		{"log hard-linked", func(t *testing.T, st *store.Store, m map[string]any) {
			require.NoError(t, os.Link(side(st, "t1", ".log"), filepath.Join(t.TempDir(), "other")))
		}, "t1.log has 2 hard links, expected 1"},
		{"undo hard-linked", func(t *testing.T, st *store.Store, m map[string]any) {
			require.NoError(t, os.Link(side(st, "t1", ".undo"), filepath.Join(t.TempDir(), "other")))
		}, "t1.undo has 2 hard links, expected 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, m := threeSteps(t)
			c.edit(t, st, m)
			writeSave(t, st, m)
			dir := filepath.Dir(st.Path("t1"))
			before := hashDir(t, dir)
			var errs []error
			s, err := st.Load("t1")
			if err != nil {
				errs = append(errs, err)
				_, err = st.OpenForWrite("t1")
				errs = append(errs, err)
			} else {
				// what reads the files: the engine's look back, log, export, undo
				errs = append(errs, s.LoadLog())
				_, err = store.BriefEvents(s)
				errs = append(errs, err)
				errs = append(errs, store.WithBriefEvents(s, func([]referee.Event) error { return nil }))
				errs = append(errs, store.Export(s, &bytes.Buffer{}))
				if strings.Contains(c.name, "undo") {
					s2, err := st.Load("t1")
					require.NoError(t, err)
					_, err = referee.UndoStep(s2, true)
					errs = append(errs, err)
					if err == nil {
						errs = append(errs, st.Save(s2))
					}
				}
			}
			failed := 0
			for _, err := range errs {
				if err == nil {
					continue
				}
				failed++
				assert.ErrorIs(t, err, referee.ErrCorrupt)
				assert.Contains(t, err.Error(), c.want)
			}
			assert.NotZero(t, failed, "refused by at least one reader")
			if s == nil {
				assert.Len(t, errs, 2, "Load and OpenForWrite refuse it")
			}
			assert.Equal(t, before, hashDir(t, dir), "no file changed")
		})
	}
}

// Every reader of a file the save vouches for refuses a changed one.
func TestEveryReaderChecksTheLog(t *testing.T) {
	st, m := threeSteps(t)
	writeSave(t, st, m)
	editSide(t, st, ".log", func(b []byte) []byte { return bytes.Replace(b, []byte("total 5"), []byte("total 7"), 1) })
	for name, read := range map[string]func(s *referee.Session) error{
		"LoadLog":     func(s *referee.Session) error { return s.LoadLog() },
		"BriefEvents": func(s *referee.Session) error { _, err := store.BriefEvents(s); return err },
		"WithBriefEvents": func(s *referee.Session) error {
			return store.WithBriefEvents(s, func([]referee.Event) error { return nil })
		},
		"Export": func(s *referee.Session) error { return store.Export(s, &bytes.Buffer{}) },
	} {
		s, err := st.Load("t1")
		require.NoError(t, err, "status reads neither file")
		err = read(s)
		require.ErrorIs(t, err, referee.ErrCorrupt, name)
		assert.Contains(t, err.Error(), "t1.log was changed since it was saved", name)
	}
}

// A save of an older bosun, which recorded no checksums, still loads (what
// it records is checked as before) and the next save adds them.
func TestASaveWithoutChecksumsGetsThemOnTheNextSave(t *testing.T) {
	st, m := threeSteps(t)
	for _, k := range []string{"log_file", "undo_file"} {
		require.Contains(t, m[k], "crc32")
		delete(m[k].(map[string]any), "crc32")
	}
	writeSave(t, st, m)
	s, err := st.Load("t1")
	require.NoError(t, err)
	require.NoError(t, s.LoadLog())
	require.Len(t, s.Events(), 4)
	// a step, then the save: the checksums cover the whole files
	s, err = st.Load("t1")
	require.NoError(t, err)
	_, err = referee.UndoStep(s, true)
	require.NoError(t, err)
	require.NoError(t, st.Save(s))
	var after map[string]any
	b, _ := os.ReadFile(st.Path("t1"))
	require.NoError(t, json.Unmarshal(b, &after))
	for _, k := range []string{"log_file", "undo_file"} {
		assert.Contains(t, after[k], "crc32", k)
	}
	// and they hold: an edit of the old part is now caught
	editSide(t, st, ".log", func(b []byte) []byte { return bytes.Replace(b, []byte("total 5"), []byte("total 7"), 1) })
	s, err = st.Load("t1")
	require.NoError(t, err)
	assert.ErrorContains(t, s.LoadLog(), "t1.log was changed since it was saved")
}
