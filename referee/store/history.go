package store

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// history is the referee.History of a session this store loaded or saved:
// its side files (disk; nil for a save of schema 1 to 3, whose log and
// snapshots were read whole into the session) and the save file as last
// read or written (saved, which SaveStep puts back when the step's
// overlay cannot be written). The engine asks it for the earlier events
// only when a command looks back, and for one snapshot at a time.
type history struct {
	disk  *diskRefs
	saved []byte
}

// historyOf returns the store's history of s (zero for a new session, or
// one whose history is not from a store).
func historyOf(s *referee.Session) *history {
	if h, ok := s.Past().(*history); ok && h != nil {
		return h
	}
	return &history{}
}

// unread is how many of the session's events are still only in its log
// file.
func unread(s *referee.Session) int {
	n, _ := s.Unread()
	return n
}

func (h *history) ReadLog(n int) ([]referee.Event, error) {
	if h.disk == nil {
		if n == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("no log file holds the first %d events", n)
	}
	return h.disk.readLog(n)
}

func (h *history) UndoDepth() int {
	if h.disk == nil {
		return 0
	}
	return h.disk.undoN
}

func (h *history) LastSnapshot() (referee.Snapshot, func(), error) {
	d := h.disk
	if d == nil || d.undoN == 0 {
		return referee.Snapshot{}, nil, fmt.Errorf("no undo snapshot")
	}
	sn, prev, base, err := d.readUndo()
	if err != nil {
		return referee.Snapshot{}, nil, err
	}
	return sn, func() { d.undoN, d.undoTop, d.undoBase = d.undoN-1, prev, base }, nil
}

// who is the name of the session whose files are read, for errors.
type who string

// corruptf is the error of a save that cannot be read as it is.
func (s who) corruptf(format string, a ...any) error {
	return fmt.Errorf("session %s: the save file is corrupt (%s) and was left as it is: %w", string(s), fmt.Sprintf(format, a...), referee.ErrCorrupt)
}
