package referee

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// markUndoneForward is MarkUndone as it was first written: each undo
// event marks the events of its step logged since the last undo of it.
func markUndoneForward(evs []Event) {
	open := map[int][]int{}
	for i := range evs {
		e := &evs[i]
		if e.Type != "undo" {
			open[e.Step] = append(open[e.Step], i)
			continue
		}
		for _, j := range open[e.Step] {
			evs[j].Undone = true
		}
		delete(open, e.Step)
	}
}

// MarkUndone, walking from the end, marks what the forward walk marks, on
// random logs of steps played, undone and played again.
func TestMarkUndoneEqualsTheForwardWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 7))
	for range 2000 {
		var evs []Event
		step := 0
		for range r.IntN(60) {
			switch r.IntN(5) {
			case 0:
				if step > 0 {
					step--
					evs = append(evs, Event{Type: "undo", Step: step})
				}
			case 1:
				step++
			default:
				evs = append(evs, Event{Type: "x", Step: step, Undone: r.IntN(20) == 0})
			}
		}
		a := append([]Event(nil), evs...)
		b := append([]Event(nil), evs...)
		MarkUndone(a)
		markUndoneForward(b)
		require.Equal(t, b, a, "%+v", evs)
	}
}
