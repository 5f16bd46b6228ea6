package store_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func side(st *store.Store, name, ext string) string {
	return strings.TrimSuffix(st.Path(name), ".json") + ext
}

func lines(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return bytes.Count(b, []byte("\n"))
}

// A save appends one step's bytes: the log file one line per event, the
// undo file one line per step, and the save itself holds neither.
func TestSaveAppendsAStepToTheSideFiles(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	require.NoError(t, st.Save(s))
	for i := 1; i <= 3; i++ {
		logBefore, _ := os.ReadFile(side(st, "t1", ".log"))
		require.NoError(t, step(t, s, map[string]string{"counter.bonus": "1"}))
		require.NoError(t, st.Save(s))
		logAfter, _ := os.ReadFile(side(st, "t1", ".log"))
		assert.True(t, bytes.HasPrefix(logAfter, logBefore), "the log file is only appended to")
		assert.Equal(t, 1+i, lines(t, side(st, "t1", ".log")))
		assert.Equal(t, i, lines(t, side(st, "t1", ".undo")))
	}
	b, _ := os.ReadFile(st.Path("t1"))
	assert.NotContains(t, string(b), `"total 3"`, "no event in the save")
	assert.NotContains(t, string(b), `"z":`, "no snapshot in the save")

	got, err := st.Load("t1")
	require.NoError(t, err)
	assert.Equal(t, s.Log, got.Events())
	// Undo reads the snapshots back from the file, across saves and loads,
	// and an undo appends an event instead of rewriting the log.
	for want := 2; want >= 0; want-- {
		_, err := referee.UndoStep(got, false)
		require.NoError(t, err)
		require.NoError(t, st.Save(got))
		var cs refereetest.CounterState
		require.NoError(t, got.LoadState(&cs))
		assert.Equal(t, 2*want, cs.Total, "each step added 1 and a bonus of 1")
		got, err = st.Load("t1")
		require.NoError(t, err)
	}
	_, err = referee.UndoStep(got, false)
	assert.True(t, referee.IsUsage(err), "nothing left to undo")
	assert.Equal(t, 7, lines(t, side(st, "t1", ".log")))
	live := got.Live()
	assert.Equal(t, []string{"setup", "undo", "undo", "undo"}, types(live), "the undone steps' events are marked when the log is read")
	assert.Len(t, got.Events(), 7)

	// A step after the undos goes on the undo file's stack where it is.
	require.NoError(t, step(t, got, map[string]string{"counter.bonus": "4"}))
	require.NoError(t, st.Save(got))
	got, err = st.Load("t1")
	require.NoError(t, err)
	_, err = referee.UndoStep(got, false)
	require.NoError(t, err)
	assert.Equal(t, 1, got.Step)
	_, err = referee.UndoStep(got, false)
	assert.True(t, referee.IsUsage(err))
}

func types(evs []referee.Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Type)
	}
	return out
}

// TestKilledBetweenSideFilesAndSave kills a real writer after it appended
// a step to the side files and before its save replaced the old one: the
// session is the one before the step, and the next save cuts the stray
// bytes.
func TestKilledBetweenSideFilesAndSave(t *testing.T) {
	if dir := os.Getenv("BOSUN_SIDE_CRASH_DIR"); dir != "" {
		st := &store.Store{Dir: dir}
		s, err := st.Load("t1")
		if err != nil {
			os.Exit(4)
		}
		if err := step(t, s, map[string]string{"counter.bonus": "5"}); err != nil {
			os.Exit(5)
		}
		fsutil.BeforeRename = func(string) { os.Exit(3) } // die mid-save
		_ = st.Save(s)
		os.Exit(0)
	}
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "2"}))
	require.NoError(t, st.Save(s))
	good, _ := os.ReadFile(st.Path("t1"))
	logGood, _ := os.ReadFile(side(st, "t1", ".log"))
	undoGood, _ := os.ReadFile(side(st, "t1", ".undo"))

	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledBetweenSideFilesAndSave$")
	cmd.Env = append(os.Environ(), "BOSUN_SIDE_CRASH_DIR="+st.Dir)
	err := cmd.Run()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 3, ee.ExitCode())

	now, _ := os.ReadFile(st.Path("t1"))
	assert.Equal(t, string(good), string(now), "the save is the one before the step")
	logNow, _ := os.ReadFile(side(st, "t1", ".log"))
	undoNow, _ := os.ReadFile(side(st, "t1", ".undo"))
	require.Greater(t, len(logNow), len(logGood), "the killed save had appended its events")
	require.Greater(t, len(undoNow), len(undoGood), "and its snapshot")

	got, err := st.Load("t1")
	require.NoError(t, err)
	assert.Equal(t, 2, got.Step)
	assert.Equal(t, s.Log, got.Events(), "the killed step's events are not read")
	var cs refereetest.CounterState
	require.NoError(t, got.LoadState(&cs))
	assert.Equal(t, 3, cs.Total, "1 and a bonus of 2")

	// The step again, saved this time: the stray bytes are replaced.
	require.NoError(t, step(t, got, map[string]string{"counter.bonus": "1"}))
	require.NoError(t, st.Save(got))
	logNow, _ = os.ReadFile(side(st, "t1", ".log"))
	assert.Equal(t, 3, lines(t, side(st, "t1", ".log")))
	assert.NotContains(t, string(logNow), "total 9", "the killed step's event was cut")
	assert.Contains(t, string(logNow), "total 5")
	again, err := st.Load("t1")
	require.NoError(t, err)
	evs := again.Events()
	require.Len(t, evs, 3)
	for i, e := range evs {
		assert.Equal(t, i+1, e.Seq)
	}
	for _, want := range []int{3, 0} {
		_, err := referee.UndoStep(again, false)
		require.NoError(t, err)
		require.NoError(t, again.LoadState(&cs))
		assert.Equal(t, want, cs.Total)
	}
}

// The save file's references to its side files and the side files
// themselves are checked: a save that does not match its files is refused
// as corrupt and left as it is.
func TestSideFilesAreValidated(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(t *testing.T, st *store.Store, m map[string]any)
		load bool // Load succeeds; the error comes when the file is read
		want string
	}{
		{"log longer than the file", func(t *testing.T, st *store.Store, m map[string]any) {
			m["log_file"].(map[string]any)["bytes"] = 99999
		}, false, "shorter than the 99999 bytes"},
		{"negative events", func(t *testing.T, st *store.Store, m map[string]any) {
			m["log_file"].(map[string]any)["events"] = -1
		}, false, "log_file: -1 events"},
		{"log missing", func(t *testing.T, st *store.Store, m map[string]any) {
			require.NoError(t, os.Remove(side(st, "t1", ".log")))
		}, false, "t1.log is missing"},
		{"log cut mid-line", func(t *testing.T, st *store.Store, m map[string]any) {
			m["log_file"].(map[string]any)["bytes"] = m["log_file"].(map[string]any)["bytes"].(float64) - 3
		}, false, "does not end a line"},
		{"undo top past the end", func(t *testing.T, st *store.Store, m map[string]any) {
			m["undo_file"].(map[string]any)["top"] = 5000
		}, false, "undo_file: top snapshot at byte 5000"},
		{"more snapshots than steps", func(t *testing.T, st *store.Store, m map[string]any) {
			m["undo_file"].(map[string]any)["snapshots"] = 40
		}, false, "undo_file: 40 snapshots"},
		{"log event not JSON", func(t *testing.T, st *store.Store, m map[string]any) {
			b, _ := os.ReadFile(side(st, "t1", ".log"))
			b = bytes.Replace(b, []byte(`{"seq":2`), []byte(`{"seq":?`), 1)
			require.NoError(t, os.WriteFile(side(st, "t1", ".log"), b, 0o600))
			delete(m["log_file"].(map[string]any), "crc32") // as an older bosun saved it
		}, true, "t1.log: event 2"},
		{"log event of a negative step", func(t *testing.T, st *store.Store, m map[string]any) {
			b, _ := os.ReadFile(side(st, "t1", ".log"))
			b = bytes.Replace(b, []byte(`"step":1`), []byte(`"step":-1`), 1)
			m["log_file"].(map[string]any)["bytes"] = len(b)
			require.NoError(t, os.WriteFile(side(st, "t1", ".log"), b, 0o600))
			delete(m["log_file"].(map[string]any), "crc32")
		}, true, "has step -1"},
		{"log is a link", func(t *testing.T, st *store.Store, m map[string]any) {
			b, _ := os.ReadFile(side(st, "t1", ".log"))
			other := filepath.Join(t.TempDir(), "log")
			require.NoError(t, os.WriteFile(other, b, 0o600))
			require.NoError(t, os.Remove(side(st, "t1", ".log")))
			require.NoError(t, os.Symlink(other, side(st, "t1", ".log")))
		}, false, "symbolic link"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, m := savedCounter(t)
			c.edit(t, st, m)
			writeSave(t, st, m)
			before, _ := os.ReadFile(st.Path("t1"))
			s, err := st.Load("t1")
			if c.load {
				require.NoError(t, err)
				err = s.LoadLog()
				require.Error(t, err)
				// A step that looks back at the log fails too, saving nothing.
				assert.Len(t, s.Events(), 0)
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, referee.ErrCorrupt)
			assert.Contains(t, err.Error(), c.want)
			after, _ := os.ReadFile(st.Path("t1"))
			assert.Equal(t, before, after, "the save is left as it is")
		})
	}
}

// When the session's answers cursor changes without a step (here by hand,
// as a different answers file would), the snapshots on disk still undo to
// the cursor each step started from.
func TestUndoFromDiskAfterTheCursorChangedBetweenSteps(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s, err := referee.NewSession(endless{}, "c", []referee.Player{{Name: "Ann"}}, nil, 1, referee.Virtual, &referee.Env{Prompt: referee.NewScripted()})
	require.NoError(t, err)
	file := answersFile(4)
	var saved []string
	for i := 0; i < 6; i++ {
		saved = append(saved, cursorJSON(s.Cursor))
		runStep(t, s, file)
		if i%2 == 1 {
			// The next step starts from another cursor than this one ended with.
			s.Cursor = &referee.AnswerCursor{Used: map[string]int{"e.a": 1}, Seen: map[string][]string{"e.a": {"other"}}}
		}
		require.NoError(t, st.Save(s))
		s, err = st.Load("c")
		require.NoError(t, err)
	}
	after := cursorJSON(s.Cursor)
	for i := 5; i >= 0; i-- {
		_, err := referee.UndoStep(s, true)
		require.NoError(t, err)
		assert.Equal(t, saved[i], cursorJSON(s.Cursor), "undo to step %d", s.Step)
		if i == 3 {
			require.NoError(t, st.Save(s))
			s, err = st.Load("c")
			require.NoError(t, err)
		}
	}
	assert.NotEqual(t, after, saved[5])
}

// export holds the whole session: its log and every undo snapshot, oldest
// first.
func TestExportHoldsTheSideFiles(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	for _, b := range []string{"1", "2", "3"} {
		require.NoError(t, step(t, s, map[string]string{"counter.bonus": b}))
		require.NoError(t, st.Save(s))
	}
	got, err := st.Load("t1")
	require.NoError(t, err)
	_, err = referee.UndoStep(got, false)
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, store.Export(got, &out))
	b := out.Bytes()
	assert.True(t, json.Valid(b), "%s", b)
	var m struct {
		Schema int             `json:"schema"`
		Log    []referee.Event `json:"log"`
		Undo   []struct {
			Step int `json:"step"`
		} `json:"undo"`
	}
	require.NoError(t, json.Unmarshal(b, &m))
	assert.Equal(t, referee.SchemaVersion, m.Schema)
	assert.Equal(t, []string{"setup", "add", "add", "add", "undo"}, types(m.Log))
	assert.True(t, m.Log[3].Undone, "the undone step's event is marked")
	assert.False(t, m.Log[2].Undone)
	require.Len(t, m.Undo, 2)
	assert.Equal(t, 1, m.Undo[0].Step)
	assert.Equal(t, 2, m.Undo[1].Step)

	// The same once saved: the undo event is in the log file too.
	require.NoError(t, st.Save(got))
	got, err = st.Load("t1")
	require.NoError(t, err)
	out.Reset()
	require.NoError(t, store.Export(got, &out))
	var again struct {
		Log  []referee.Event   `json:"log"`
		Undo []json.RawMessage `json:"undo"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &again))
	assert.Equal(t, m.Log, again.Log)
	assert.Len(t, again.Undo, 2)
}

// export copies the side files' lines as they are, after checking each is
// JSON: a line that is not (a snapshot below the top, or an event; each
// edited in place, so the offsets stay right)
// fails the export with the line it is, and the save is left as it is.
func TestExportRefusesALineThatIsNotJSON(t *testing.T) {
	for _, c := range []struct {
		ext, old, new, want string
	}{
		{".undo", `"step":1,`, `"step":1}`, `t1.undo: snapshot at byte 0 is not JSON`},
		{".undo", `"step":2,`, `"step":"2`, `t1.undo: snapshot at byte 145 is not JSON`},
		{".log", `{"seq":2,`, `{"seq":2]`, `t1.log: event 2`},
	} {
		st := &store.Store{Dir: t.TempDir()}
		s := newCounter(t, nil, 1)
		for _, b := range []string{"1", "2", "3"} {
			require.NoError(t, step(t, s, map[string]string{"counter.bonus": b}))
			require.NoError(t, st.Save(s))
		}
		p := side(st, "t1", c.ext)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		require.True(t, bytes.Contains(b, []byte(c.old)), "%s", b)
		bad := bytes.Replace(b, []byte(c.old), []byte(c.new), 1)
		m := map[string]any{}
		head, _ := os.ReadFile(st.Path("t1"))
		require.NoError(t, json.Unmarshal(head, &m))
		ref := map[string]string{".log": "log_file", ".undo": "undo_file"}[c.ext]
		m[ref].(map[string]any)["bytes"] = m[ref].(map[string]any)["bytes"].(float64) + float64(len(bad)-len(b))
		delete(m[ref].(map[string]any), "crc32") // as an older bosun saved it: the lines are checked
		require.NoError(t, os.WriteFile(p, bad, 0o600))
		writeSave(t, st, m)
		got, err := st.Load("t1")
		require.NoError(t, err)
		var out bytes.Buffer
		err = store.Export(got, &out)
		require.ErrorIs(t, err, referee.ErrCorrupt, c.want)
		assert.Contains(t, err.Error(), c.want)
		after, _ := os.ReadFile(p)
		assert.Equal(t, bad, after)
	}
}

// log's events read from the log file are the events, without their
// answers and of their data only the full text.
func TestBriefEventsAreTheEventsWithoutAnswersAndData(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	for _, b := range []string{"1", "2", "3"} {
		require.NoError(t, step(t, s, map[string]string{"counter.bonus": b}))
		require.NoError(t, st.Save(s))
	}
	_, err := referee.UndoStep(s, false)
	require.NoError(t, err)
	require.NoError(t, st.Save(s))
	full, err := st.Load("t1")
	require.NoError(t, err)
	require.NoError(t, full.LoadLog())
	want := full.Events()
	require.NotEmpty(t, want)
	brief, err := st.Load("t1")
	require.NoError(t, err)
	got, err := store.BriefEvents(brief)
	require.NoError(t, err)
	require.Len(t, got, len(want))
	answers := 0
	for i := range want {
		answers += len(want[i].Answers)
		w := want[i]
		w.Answers = nil
		w.Data = nil
		if t, ok := want[i].Data[referee.FullTextKey]; ok {
			w.Data = map[string]any{referee.FullTextKey: t}
		}
		assert.Equal(t, w, got[i], "event %d", i+1)
	}
	assert.Positive(t, answers, "the events had answers to leave out")
	assert.True(t, got[len(got)-2].Undone, "the undone step's event is marked")

	// the same events decoded from the mapped log file
	mapped, err := st.Load("t1")
	require.NoError(t, err)
	calls := 0
	require.NoError(t, store.WithBriefEvents(mapped, func(evs []referee.Event) error {
		calls++
		assert.Equal(t, got, evs)
		return nil
	}))
	assert.Equal(t, 1, calls)
	sentinel := errors.New("fn failed")
	assert.ErrorIs(t, store.WithBriefEvents(mapped, func([]referee.Event) error { return sentinel }), sentinel)

	// a log file shorter than the save says is the corrupt-save error
	// BriefEvents gives, and fn is not called
	cut, err := st.Load("t1")
	require.NoError(t, err)
	logPath := filepath.Join(st.Dir, "sessions", "t1.log")
	info, err := os.Stat(logPath)
	require.NoError(t, err)
	require.NoError(t, os.Truncate(logPath, info.Size()-2))
	_, berr := store.BriefEvents(cut)
	require.ErrorIs(t, berr, referee.ErrCorrupt)
	werr := store.WithBriefEvents(cut, func([]referee.Event) error { t.Error("fn called on a cut log"); return nil })
	require.ErrorIs(t, werr, referee.ErrCorrupt)
	assert.Equal(t, berr.Error(), werr.Error())
}

// export copies the side files line by line, the same document as reading
// them whole: after steps undone (popped snapshots stay in the undo file,
// undone events are marked) and played again.
func TestExportLineByLineEqualsWhole(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	save := func() {
		require.NoError(t, st.Save(s))
		var err error
		s, err = st.Load("t1")
		require.NoError(t, err)
	}
	for _, b := range []string{"1", "2", "3"} {
		require.NoError(t, step(t, s, map[string]string{"counter.bonus": b}))
		save()
	}
	for range 2 {
		_, err := referee.UndoStep(s, false)
		require.NoError(t, err)
		save()
	}
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "5"}))
	save()
	_, err := referee.UndoStep(s, false) // not saved: in this process only
	require.NoError(t, err)
	require.True(t, store.ExportPlanned(s))
	var a, b bytes.Buffer
	require.NoError(t, store.Export(s, &a))
	require.NoError(t, store.ExportWhole(s, &b))
	assert.Equal(t, b.String(), a.String())
	assert.True(t, json.Valid(a.Bytes()))
	assert.Contains(t, a.String(), `"undone":true`)
	var m struct {
		Undo []struct {
			Step int `json:"step"`
		} `json:"undo"`
	}
	require.NoError(t, json.Unmarshal(a.Bytes(), &m))
	require.Len(t, m.Undo, 1, "the stack, not the popped snapshots")
}
