package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
	"github.com/bosun-referee/bosun/tables"
)

// One transaction for a step (issue 14 item 3). A step that remembers a
// board value changes two files: the session's save and the user's tables
// overlay. They are written so that a failure or a kill at any point
// leaves both with the step or neither:
//
//  1. The session is saved with the step and, in Pending, the values the
//     step remembered. This is the commit: from here on the step happened.
//  2. The overlay is written (tables.Set.Flush).
//  3. If that fails, the save written in 1 is put back as it was before
//     the step (rollback) and the command fails: neither changed.
//
// A process killed between 1 and 2 leaves a save whose Pending values the
// overlay lacks; the next command that loads the session replays them into
// the overlay (ReplayPending) and writes it when it succeeds. The save
// keeps Pending until the session is saved again; values the overlay
// already holds are then dropped.

// flushOverlay writes the overlay; tests replace it to fail between the
// two writes.
var flushOverlay = FlushTables

// SaveStep saves s together with the values t remembered during the step
// (t may be nil). Without remembered values it is Store.Save. On error
// nothing of the step is saved, neither in the session nor in the overlay,
// unless the message says otherwise (the rollback itself failed).
func SaveStep(st *Store, s *referee.Session, t *tables.Set) error {
	var rows []tables.Pending
	if t != nil {
		rows = t.PendingValues()
		s.Pending = unwritten(s.Pending, t)
	}
	if len(rows) == 0 {
		return st.Save(s)
	}
	past, prev := s.Past(), s.Pending
	before := historyOf(s).saved
	s.Pending = mergePending(s.Pending, rows)
	restoreSides, err := st.save(s)
	if err != nil {
		s.Pending = prev
		return err
	}
	if err := flushOverlay(t); err != nil {
		if restored, rerr := st.rollback(s.Name, before, restoreSides); rerr != nil {
			if restored {
				// The save is the one from before the step: the bytes
				// left in its log and undo files are beyond what it
				// covers, ignored when read and cut by the next save.
				return fmt.Errorf("%w; the step was not saved (cutting its lines from the session's log and undo files failed: %v; they are ignored and cut by the next save)", err, rerr)
			}
			return fmt.Errorf("%w; the step stays saved in session %s, which keeps its board values until tables.yaml can be written (putting the save back failed: %v)", err, s.Name, rerr)
		}
		s.Pending = prev
		s.Attach(past, unread(s))
		return err
	}
	s.Pending = nil // the save on disk keeps them until the next save
	return nil
}

// rollback puts back a save as it was before a step: its bytes, or no
// file for a session the step created, and its log and undo files as
// they were (restoreSides, from the step's save). restored reports
// whether the save itself was put back.
func (st *Store) rollback(name string, before []byte, restoreSides func() error) (restored bool, err error) {
	if before == nil {
		if err := os.Remove(st.Path(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
	} else if err := fsutil.WriteAtomic(st.Path(name), before); err != nil {
		return false, err
	}
	if err := restoreSides(); err != nil {
		return true, err
	}
	return true, nil
}

// ReplayPending remembers in t the values a step committed to the session
// that the overlay file does not hold (the process that ran the step was
// killed before it wrote them); the command writes them when it succeeds.
// A value the overlay holds is left to the overlay, which may have been
// edited since.
func ReplayPending(s *referee.Session, t *tables.Set) error {
	for _, p := range s.Pending {
		if t.InFile(p.Table, p.Key) {
			continue
		}
		if err := t.Remember(p.Table, p.Key, p.Value, p.Ref); err != nil {
			return fmt.Errorf("session %s: pending_tables: %v: %w", s.Name, err, referee.ErrCorrupt)
		}
	}
	return nil
}

// unwritten drops the values the overlay file holds now.
func unwritten(ps []tables.Pending, t *tables.Set) []tables.Pending {
	var out []tables.Pending
	for _, p := range ps {
		if !t.InFile(p.Table, p.Key) {
			out = append(out, p)
		}
	}
	return out
}

// mergePending adds rows to old, a row of rows replacing one of old with
// the same table and key.
func mergePending(old, rows []tables.Pending) []tables.Pending {
	if len(old) == 0 {
		return rows
	}
	out := make([]tables.Pending, 0, len(old)+len(rows))
	replaced := map[[2]string]bool{}
	for _, r := range rows {
		replaced[[2]string{r.Table, r.Key}] = true
	}
	for _, o := range old {
		if !replaced[[2]string{o.Table, o.Key}] {
			out = append(out, o)
		}
	}
	return append(out, rows...)
}
