package store_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newCounterT(t testing.TB) *referee.Session {
	env := &referee.Env{Prompt: referee.NewScripted()}
	s, err := referee.NewSession(refereetest.Counter{}, "t1", []referee.Player{{Name: "Ann"}}, nil, 1, referee.Virtual, env)
	require.NoError(t, err)
	return s
}

func newCounter(t *testing.T, opts map[string]string, seed uint64) *referee.Session {
	env := &referee.Env{Prompt: referee.NewScripted()}
	s, err := referee.NewSession(refereetest.Counter{}, "t1", []referee.Player{{Name: "Ann"}}, opts, seed, referee.Virtual, env)
	require.NoError(t, err)
	return s
}

func step(t *testing.T, s *referee.Session, answers map[string]string) error {
	p := referee.NewScripted()
	for k, v := range answers {
		p.Set(k, v, "set")
	}
	d, err := referee.DiceFor(s, p)
	require.NoError(t, err)
	_, err = referee.Next(refereetest.Counter{}, s, &referee.Env{Dice: d, Prompt: p})
	return err
}

func TestStoreRoundTripAndList(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	require.NoError(t, st.Save(s))
	info, err := os.Stat(st.Path("t1"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	dinfo, _ := os.Stat(filepath.Dir(st.Path("t1")))
	assert.Equal(t, os.FileMode(0o700), dinfo.Mode().Perm())
	got, err := st.Load("t1")
	require.NoError(t, err)
	assert.Nil(t, got.Log, "the log is read when it is used")
	assert.Equal(t, s.Log, got.Events())
	assert.Equal(t, "t1", st.Current())
	list, err := st.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, "counter", list[0].Game)
	require.NoError(t, st.Remove("t1"))
	assert.False(t, st.Exists("t1"))
	assert.Equal(t, "", st.Current())
	assert.True(t, referee.IsUsage(st.Remove("t1")))
}

func TestCorruptAndNewerSavesAreRefusedAndUntouched(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	require.NoError(t, os.MkdirAll(filepath.Join(st.Dir, "sessions"), 0o700))
	cases := map[string]string{
		"broken":   `{"schema": 1, "name": "broken", "game": "counter", "log": [`,
		"future":   `{"schema": 99, "name": "future", "game": "counter"}`,
		"noschema": `{"name": "noschema"}`,
	}
	for name, body := range cases {
		require.NoError(t, os.WriteFile(st.Path(name), []byte(body), 0o600))
		_, err := st.Load(name)
		require.Error(t, err, name)
		assert.ErrorIs(t, err, referee.ErrCorrupt)
		assert.False(t, referee.IsUsage(err), "exit 1, not 2")
		b, _ := os.ReadFile(st.Path(name))
		assert.Equal(t, body, string(b), "left byte-for-byte unchanged")
	}
	_, err := st.Load("future")
	assert.Contains(t, err.Error(), "newer bosun")
}

func TestLockRefusesASecondWriter(t *testing.T) {
	st := &store.Store{Dir: t.TempDir(), LockTimeout: 100 * time.Millisecond}
	unlock, err := st.Lock("t1")
	require.NoError(t, err)
	other := &store.Store{Dir: st.Dir, LockTimeout: 100 * time.Millisecond}
	_, err = other.Lock("t1")
	require.Error(t, err)
	assert.ErrorIs(t, err, referee.ErrInUse)
	assert.Contains(t, err.Error(), "in use")
	unlock()
	unlock2, err := other.Lock("t1")
	require.NoError(t, err)
	unlock2()
}

func TestSimulatedCrashBeforeRenameKeepsPreviousSave(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	require.NoError(t, st.Save(s))
	good, _ := os.ReadFile(st.Path("t1"))

	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "3"}))
	fsutil.BeforeRename = func(string) { panic("crash") }
	func() {
		defer func() { recover() }()
		_ = st.Save(s)
	}()
	fsutil.BeforeRename = nil
	now, _ := os.ReadFile(st.Path("t1"))
	assert.Equal(t, string(good), string(now))
	_, err := st.Load("t1")
	require.NoError(t, err)
}

// TestKilledWriterKeepsPreviousSave kills a real writer process between its
// write and its rename.
func TestKilledWriterKeepsPreviousSave(t *testing.T) {
	if dir := os.Getenv("BOSUN_CRASH_DIR"); dir != "" {
		st := &store.Store{Dir: dir}
		s, err := st.Load("t1")
		if err != nil {
			os.Exit(4)
		}
		s.Step = 99
		fsutil.BeforeRename = func(string) { os.Exit(3) } // die mid-save
		_ = st.Save(s)
		os.Exit(0)
	}
	st := &store.Store{Dir: t.TempDir()}
	require.NoError(t, st.Save(newCounter(t, nil, 1)))
	good, _ := os.ReadFile(st.Path("t1"))
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWriterKeepsPreviousSave$")
	cmd.Env = append(os.Environ(), "BOSUN_CRASH_DIR="+st.Dir)
	err := cmd.Run()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 3, ee.ExitCode())
	now, _ := os.ReadFile(st.Path("t1"))
	assert.Equal(t, string(good), string(now))
	s, err := st.Load("t1")
	require.NoError(t, err)
	assert.Equal(t, 1, s.Step)
	// The crashed writer's temp file is left and cleaned by a later save.
	ents, _ := os.ReadDir(filepath.Dir(st.Path("t1")))
	var temps int
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), fsutil.TempPrefix) {
			temps++
			old := time.Now().Add(-time.Hour)
			os.Chtimes(filepath.Join(filepath.Dir(st.Path("t1")), e.Name()), old, old)
		}
	}
	assert.Equal(t, 1, temps)
	require.NoError(t, st.Save(s))
	ents, _ = os.ReadDir(filepath.Dir(st.Path("t1")))
	for _, e := range ents {
		assert.False(t, strings.HasPrefix(e.Name(), fsutil.TempPrefix), "stale temp cleaned")
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"schema":1,"name":"x","game":"g","log":[]}`))
	f.Add([]byte(`{"schema":2}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(``))
	f.Add([]byte(`{"schema":2,"name":"x","game":"counter","players":[{"name":"Ann"}],"step":1,"state":{},"log":[],"answers_cursor":{"used":{"counter.bonus":-7}}}`))
	f.Add([]byte(`{"schema":1,"name":"x","game":"counter","players":[{"name":"Ann"}],"step":2,"state":{"total":1},"log":[],"undo":[{"step":1,"state":{},"rng":null,"answers_cursor":{"used":{"counter.bonus":3},"seen":{"counter.bonus":["1","1","1"]}}}]}`))
	// A real save, with undo snapshots and a cursor.
	s := newCounterT(f)
	for i := 0; i < 2; i++ {
		p := referee.NewScripted()
		p.Set("counter.bonus", "1", "answers")
		p.Set("counter.bonus", "2", "answers")
		d, _ := referee.DiceFor(s, p)
		if _, err := referee.Next(refereetest.Counter{}, s, &referee.Env{Dice: d, Prompt: p}); err != nil {
			f.Fatal(err)
		}
		s.Cursor = p.Cursor()
	}
	s.Name = "x"
	real, _ := json.Marshal(s)
	f.Add(real)
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := store.Decode("x", b)
		if err != nil {
			return
		}
		if s.Name != "x" || s.Game == "" {
			t.Fatalf("accepted a save without name/game: %q", b)
		}
		// The resume path of `bosun next --answers`: the saved cursor
		// continues a file's queues, the step runs, and undo restores
		// each snapshot's cursor. None of it may panic.
		for {
			p := referee.NewScripted()
			for _, a := range []string{"1", "2", "3"} {
				p.Set("counter.bonus", a, "answers")
			}
			p.Resume(s.Cursor)
			_ = p.Cursor()
			if d, err := referee.DiceFor(s, p); err == nil {
				if _, err := referee.Next(refereetest.Counter{}, s, &referee.Env{Dice: d, Prompt: p}); err == nil {
					s.Cursor = p.Cursor()
					_, _ = referee.UndoStep(s, true)
				}
			}
			if _, err := referee.UndoStep(s, true); err != nil {
				return
			}
		}
	})
}

// TestSchema1SavesAreMigrated reads a schema-1 save (plain undo snapshot
// states), undoes through it, and writes it back as the current schema.
func TestSchema1SavesAreMigrated(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	require.NoError(t, os.MkdirAll(filepath.Join(st.Dir, "sessions"), 0o700))
	v1 := `{"schema":1,"name":"old","game":"counter","players":[{"name":"Ann"}],"seed":1,"dice":"virtual","rng":null,"step":2,
"state":{"total":5,"steps":1},"log":[{"seq":1,"step":1,"type":"add","text":"total 5"}],
"undo":[{"step":1,"state":{"total":0,"steps":0},"rng":null}]}`
	require.NoError(t, os.WriteFile(st.Path("old"), []byte(v1), 0o600))
	s, err := st.Load("old")
	require.NoError(t, err)
	_, err = referee.UndoStep(s, false)
	require.NoError(t, err)
	var cs refereetest.CounterState
	require.NoError(t, s.LoadState(&cs))
	assert.Equal(t, 0, cs.Total)
	require.NoError(t, st.Save(s))
	b, _ := os.ReadFile(st.Path("old"))
	assert.Contains(t, string(b), `"schema":4`)
	head, err := st.LoadHead("old")
	require.NoError(t, err)
	assert.Nil(t, head.Log)
	assert.Equal(t, "counter", head.Game)
}

func TestUndoSnapshotsAreCompressed(t *testing.T) {
	s := newCounter(t, nil, 1)
	require.NoError(t, step(t, s, map[string]string{"counter.bonus": "2"}))
	require.Len(t, s.Undo, 1)
	assert.Empty(t, s.Undo[0].State)
	assert.NotEmpty(t, s.Undo[0].Z)
	_, err := referee.UndoStep(s, false)
	require.NoError(t, err)
	var cs refereetest.CounterState
	require.NoError(t, s.LoadState(&cs))
	assert.Equal(t, 0, cs.Total)
}

func TestGameOfReadsOnlyTheHead(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newCounter(t, nil, 1)
	require.NoError(t, st.Save(s))
	assert.Equal(t, "counter", st.GameOf("t1"))
	assert.Equal(t, "", st.GameOf("missing"))
	assert.Equal(t, "", st.GameOf("../etc"))
}
