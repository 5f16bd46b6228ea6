package store_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endless asks one to three of four keys a step, as a long game does, and
// never ends.
type endless struct{}

type endlessState struct {
	Total int `json:"total"`
	Steps int `json:"steps"`
}

func (endless) Info() referee.GameInfo {
	return referee.GameInfo{ID: "endless", MinPlayers: 1, MaxPlayers: 1}
}
func (endless) Setup(s *referee.Session, env *referee.Env) error {
	env.Emit(referee.Event{Type: "setup", Text: "set up"})
	return s.SaveState(endlessState{})
}
func (endless) Next(s *referee.Session, env *referee.Env) error {
	var st endlessState
	if err := s.LoadState(&st); err != nil {
		return err
	}
	keys := []string{"e.a", "e.b", "e.c", "e.d"}
	for i := 0; i <= st.Steps%3; i++ {
		k := keys[(st.Steps+i*st.Steps/3)%len(keys)]
		v, err := env.Prompt.Ask(referee.Question{Key: k, Text: k})
		if err != nil {
			return err
		}
		st.Total += len(v)
	}
	st.Steps++
	env.Emit(referee.Event{Type: "add", Text: fmt.Sprintf("total %d", st.Total)})
	return s.SaveState(st)
}
func (endless) Dice() []referee.DieInfo       { return nil }
func (endless) Options() []referee.OptionSpec { return nil }
func (endless) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	return nil, nil
}

// answersFile is a long queue of varied answers per key; files with
// different seeds differ from their first answer.
func answersFile(seed uint64) map[string][]string {
	r := rand.New(rand.NewPCG(seed, 1))
	q := map[string][]string{}
	for _, k := range []string{"e.a", "e.b", "e.c", "e.d"} {
		for range 2000 {
			q[k] = append(q[k], fmt.Sprintf("%s-answer-%d", k, r.IntN(1000)))
		}
	}
	return q
}

// runStep runs one step as `bosun next --answers FILE` does: the cursor
// saved with the session resumes the file's queues, and is saved again.
func runStep(t *testing.T, s *referee.Session, file map[string][]string) {
	t.Helper()
	p := referee.NewScripted()
	p.Preset = file
	p.Resume(s.Cursor)
	d, err := referee.DiceFor(s, p)
	require.NoError(t, err)
	_, err = referee.Next(endless{}, s, &referee.Env{Dice: d, Prompt: p})
	require.NoError(t, err)
	s.Cursor = p.Cursor()
}

func cursorJSON(c *referee.AnswerCursor) string {
	b, _ := json.Marshal(c)
	return string(b)
}

// Undo restores, at every step of a long game, exactly the answers cursor
// the step started from, although snapshots store it as a delta: across
// saves and loads, a change of answers file, undo in the middle and an old
// schema-2 save.
func TestUndoRestoresTheCursorOfEveryStep(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s, err := referee.NewSession(endless{}, "long", []referee.Player{{Name: "Ann"}}, nil, 1, referee.Virtual, &referee.Env{Prompt: referee.NewScripted()})
	require.NoError(t, err)
	files := []map[string][]string{answersFile(1), answersFile(2), answersFile(1)}
	for k, q := range files[2] { // the first file, edited from its 10th answer on
		q = append([]string(nil), q...)
		for i := 10; i < len(q); i++ {
			q[i] += "-edited"
		}
		files[2][k] = q
	}
	saved := map[int]string{} // step -> the cursor it started from
	const steps = 400
	undone := map[int]bool{}
	for s.Step <= steps {
		file := files[0]
		if s.Step > 150 && s.Step < 200 {
			file = files[1] // another file for a while: its queues start over
		}
		if s.Step > 250 && s.Step < 280 {
			file = files[2] // the first file edited: its queues start over, sharing 10 answers
		}
		saved[s.Step] = cursorJSON(s.Cursor)
		runStep(t, s, file)
		if s.Step%7 == 0 { // a later process goes on from the save
			require.NoError(t, st.Save(s))
			s, err = st.Load("long")
			require.NoError(t, err)
		}
		if s.Step%50 == 0 && !undone[s.Step] { // undo two steps and play them again
			undone[s.Step] = true
			for range 2 {
				_, err := referee.UndoStep(s, true)
				require.NoError(t, err)
				assert.Equal(t, saved[s.Step], cursorJSON(s.Cursor), "step %d", s.Step)
			}
		}
	}
	require.NoError(t, st.Save(s))
	s, err = st.Load("long")
	require.NoError(t, err)
	for s.Step > 1 {
		_, err := referee.UndoStep(s, true)
		require.NoError(t, err)
		require.Equal(t, saved[s.Step], cursorJSON(s.Cursor), "undo to step %d", s.Step)
		if s.Step%11 == 0 {
			require.NoError(t, st.Save(s))
			s, err = st.Load("long")
			require.NoError(t, err)
		}
	}
	_, err = referee.UndoStep(s, true)
	assert.Error(t, err, "nothing left to undo")
}

// A save grows by about the same bytes at every step: the last steps of a
// long game cost no more than the first ones.
func TestSaveGrowsLinearly(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s, err := referee.NewSession(endless{}, "long", []referee.Player{{Name: "Ann"}}, nil, 1, referee.Virtual, &referee.Env{Prompt: referee.NewScripted()})
	require.NoError(t, err)
	file := answersFile(3)
	size := func() int64 {
		require.NoError(t, st.Save(s))
		var n int64
		for _, ext := range []string{".json", ".log", ".undo"} {
			if fi, err := os.Stat(strings.TrimSuffix(st.Path("long"), ".json") + ext); err == nil {
				n += fi.Size() // the undo file is made by the first step's save
			}
		}
		return n
	}
	var sizes []int64
	for range 3 {
		sizes = append(sizes, size())
		for range 400 {
			runStep(t, s, file)
		}
	}
	sizes = append(sizes, size())
	first, last := sizes[1]-sizes[0], sizes[3]-sizes[2]
	assert.LessOrEqual(t, float64(last), 1.1*float64(first), "bytes of steps 1-400 %d, of steps 801-1200 %d", first, last)
}

// A schema-2 save, whose snapshots hold full cursors inside their gzip,
// still undoes to the cursor of each step, and is written back as schema 4
// with deltas that undo the same way.
func TestSchema2CursorsAreMigrated(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	require.NoError(t, os.MkdirAll(filepath.Join(st.Dir, "sessions"), 0o700))
	z := func(state string, c *referee.AnswerCursor) []byte {
		b, _ := json.Marshal(map[string]any{"state": json.RawMessage(state), "cursor": c})
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		w.Write(b)
		w.Close()
		return buf.Bytes()
	}
	c1 := &referee.AnswerCursor{Used: map[string]int{"e.a": 1}, Seen: map[string][]string{"e.a": {"x"}}}
	c2 := &referee.AnswerCursor{Used: map[string]int{"e.a": 2, "e.b": 1}, Seen: map[string][]string{"e.a": {"x", "y"}, "e.b": {"z"}}}
	c3 := &referee.AnswerCursor{Used: map[string]int{"e.a": 1}, Seen: map[string][]string{"e.a": {"other"}}}
	undo, _ := json.Marshal([]map[string]any{
		{"step": 1, "z": z(`{"total":0,"steps":0}`, nil), "rng": nil},
		{"step": 2, "z": z(`{"total":1,"steps":1}`, c1), "rng": nil},
		{"step": 3, "z": z(`{"total":3,"steps":2}`, c2), "rng": nil},
	})
	cur, _ := json.Marshal(c3)
	v2 := `{"schema":2,"name":"old","game":"endless","players":[{"name":"Ann"}],"seed":1,"dice":"virtual","rng":null,"step":4,` +
		`"state":{"total":9,"steps":3},"log":[],"undo":` + string(undo) + `,"answers_cursor":` + string(cur) + `}`
	require.NoError(t, os.WriteFile(st.Path("old"), []byte(v2), 0o600))
	head, err := st.LoadHead("old")
	require.NoError(t, err)
	assert.Equal(t, cursorJSON(c3), cursorJSON(head.Cursor), "the cursor after the log and undo of an old save is read")
	for _, migrate := range []bool{false, true} {
		s, err := st.Load("old")
		require.NoError(t, err)
		if migrate {
			require.NoError(t, st.Save(s))
			b, _ := os.ReadFile(st.Path("old"))
			assert.Contains(t, string(b), `"schema":4`)
			b, _ = os.ReadFile(strings.TrimSuffix(st.Path("old"), ".json") + ".undo")
			assert.Contains(t, string(b), `"cd":`, "snapshots rewritten with cursor deltas")
			s, err = st.Load("old")
			require.NoError(t, err)
		}
		for _, want := range []*referee.AnswerCursor{c2, c1, nil} {
			_, err := referee.UndoStep(s, true)
			require.NoError(t, err)
			assert.Equal(t, cursorJSON(want), cursorJSON(s.Cursor), "migrated %v, step %d", migrate, s.Step)
		}
		var es endlessState
		require.NoError(t, s.LoadState(&es))
		assert.Equal(t, endlessState{}, es)
	}
}

// bosun sessions reads a save only up to its game state: a long log and
// undo history after it are not parsed (here they are not even JSON).
func TestListReadsOnlyTheHead(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	require.NoError(t, os.MkdirAll(filepath.Join(st.Dir, "sessions"), 0o700))
	body := `{"schema":3,"name":"big","game":"endless","players":[{"name":"Ann"},{"name":"Bob"}],"seed":1,"dice":"virtual","rng":null,"step":41,"over":true,"state":{"total":1},"log":[not json`
	require.NoError(t, os.WriteFile(st.Path("big"), []byte(body), 0o600))
	list, err := st.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, store.Summary{Name: "big", Game: "endless", Players: []string{"Ann", "Bob"}, Step: 41, Over: true, Saved: list[0].Saved}, list[0])
	_, err = st.Load("big")
	assert.ErrorIs(t, err, referee.ErrCorrupt, "loading the whole save still refuses it")
}
