package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
)

// Limits on what a save may hold. A save is read whole into memory, so
// its size is bounded; the counts bound what a hand-edited file can make
// bosun allocate or loop over.
const (
	MaxSaveSize = 256 << 20 // bytes of a save file
	MaxPlayers  = 64
	MaxPending  = 4096 // board values a save keeps for the overlay
)

// readSave reads a session's save file: a regular file (never a link, a
// FIFO or a device) of at most MaxSaveSize bytes.
func (st *Store) readSave(name string) ([]byte, error) {
	b, err := fsutil.ReadRegular(st.Path(name), MaxSaveSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	if errors.Is(err, fsutil.ErrNotRegular) || errors.Is(err, safetext.ErrTooLarge) {
		return nil, fmt.Errorf("session %s: %v; it was left as it is: %w", name, err, referee.ErrCorrupt)
	}
	return b, err
}

// openSave opens a session's save file for streaming with the checks of
// readSave (a regular file, never a link, FIFO or device), reading at most
// MaxSaveSize bytes of it.
func (st *Store) openSave(name string) (io.ReadCloser, error) {
	f, err := fsutil.OpenRegular(st.Path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	if errors.Is(err, fsutil.ErrNotRegular) {
		return nil, fmt.Errorf("session %s: %v; it was left as it is: %w", name, err, referee.ErrCorrupt)
	}
	if err != nil {
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{io.LimitReader(f, MaxSaveSize), f}, nil
}

// checkLockFile refuses a lock path that is a symbolic link or anything
// but a regular file, so taking the lock never creates or opens a file
// outside the data directory.
func checkLockFile(name, path string) error {
	if err := fsutil.CheckRegular(path); err != nil {
		return fmt.Errorf("session %s: lock: %v; remove it and retry", name, err)
	}
	return nil
}

// validate checks every field of a loaded save that bosun uses as a
// count, an index or a position, so a hand-edited save is refused with a
// message instead of making a later command panic.
func validate(s *referee.Session) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("session %s: the save file is corrupt (%s) and was left as it is: %w", s.Name, fmt.Sprintf(format, a...), referee.ErrCorrupt)
	}
	if s.Step < 0 {
		return bad("step is %d; accepted: 0 or more", s.Step)
	}
	if len(s.Players) > MaxPlayers {
		return bad("%d players; accepted: at most %d", len(s.Players), MaxPlayers)
	}
	for i, p := range s.Players {
		if p.Name == "" {
			return bad("player %d has no name", i+1)
		}
	}
	if s.DiceMode != "" && s.DiceMode != referee.Virtual && s.DiceMode != referee.Physical {
		return bad("dice %q; accepted: %s or %s", referee.Quote(string(s.DiceMode)), referee.Virtual, referee.Physical)
	}
	if err := referee.ValidateCursor(s.Cursor); err != nil {
		return bad("answers_cursor: %v", err)
	}
	if len(s.Pending) > MaxPending {
		return bad("%d pending_tables values; accepted: at most %d", len(s.Pending), MaxPending)
	}
	for i, p := range s.Pending {
		if p.Table == "" || p.Key == "" {
			return bad("pending_tables value %d has no table or key", i+1)
		}
	}
	for i, e := range s.Log {
		if e.Step < 0 || e.Seq < 0 {
			return bad("log entry %d has step %d, seq %d; accepted: 0 or more", i+1, e.Step, e.Seq)
		}
	}
	// A schema-4 save's side files are checked by decodeMain (their
	// lengths and line ends), its events when the log is read (readLog)
	// and each snapshot when undo decodes it (the engine's checkSnapshot).
	prev := -1
	for i, sn := range s.Undo {
		if sn.Step < 0 || sn.Step >= s.Step || sn.Step <= prev {
			return bad("undo snapshot %d is of step %d; accepted: increasing steps from 0 to %d", i+1, sn.Step, s.Step-1)
		}
		prev = sn.Step
		if err := referee.ValidateCursor(sn.Cursor); err != nil {
			return bad("undo snapshot %d: answers_cursor: %v", i+1, err)
		}
	}
	return nil
}
