package store

import (
	"math/rand/v2"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// TestUndoneMarksIsMarkUndone checks undoneMarks against referee.MarkUndone on
// random logs: steps undone (more than once, and again after an undo),
// lines already marked, and events of this process after the file's.
func TestUndoneMarksIsMarkUndone(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 7))
	types := []string{"turn", "undo", "battle", "undo", "weather"}
	marked := 0
	for range 2000 {
		n, k := r.IntN(30), r.IntN(6)
		marks := make([]mark, n)
		for i := range marks {
			marks[i] = mark{Seq: i, Step: r.IntN(8), Type: types[r.IntN(len(types))], Undone: r.IntN(5) == 0}
		}
		tail := make([]referee.Event, k)
		for i := range tail {
			tail[i] = referee.Event{Step: r.IntN(8), Type: types[r.IntN(len(types))]}
		}
		// what planExport computed before, through Events
		evs := make([]referee.Event, n, n+k)
		for i, m := range marks {
			evs[i] = referee.Event{Step: m.Step, Type: m.Type, Undone: m.Undone}
		}
		referee.MarkUndone(append(evs, tail...))
		want := make([]bool, n)
		for i := range marks {
			want[i] = evs[i].Undone && !marks[i].Undone
			if want[i] {
				marked++
			}
		}
		require.Equal(t, want, undoneMarks(marks, tail), "marks %+v, tail %+v", marks, tail)
	}
	require.Greater(t, marked, 1000, "events marked undone in the random logs")
}
