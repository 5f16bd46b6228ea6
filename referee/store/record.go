package store

import "github.com/bosun-referee/bosun/referee"

// Record appends ev to a saved session outside a step, under the
// session's lock, as an event of the last step played (an undo of that
// step marks it undone with the step's own events). The session is saved
// like a step: on error nothing is changed.
func (st *Store) Record(name string, ev referee.Event) error {
	h, err := st.OpenForWrite(name)
	if err != nil {
		return err
	}
	defer h.Close()
	s := h.Session
	ev.Seq = s.LogLen() + 1
	ev.Step = max(s.Step-1, 0)
	s.Log = append(s.Log, ev)
	return h.Save()
}
