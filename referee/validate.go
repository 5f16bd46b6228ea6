package referee

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee/safetext"
)

// MaxCursorUsed bounds the answers used of one key that an answers cursor
// may count: a save is a file a person can edit, and the count is a
// position into a queue.
const MaxCursorUsed = 1 << 20

// checkSnapshot checks an undo snapshot as undo decodes it (those of the
// undo file are read one at a time, so Load cannot see them): its step lies before the session's and
// its cursor is sound.
func (s *Session) checkSnapshot(sn Snapshot) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("session %s: the save file is corrupt (%s) and was left as it is: %w", s.Name, fmt.Sprintf(format, a...), ErrCorrupt)
	}
	if sn.Step < 0 || sn.Step >= s.Step {
		return bad("undo snapshot %d is of step %d; accepted: a step from 0 to %d", s.undoDepth(), sn.Step, s.Step-1)
	}
	if err := ValidateCursor(sn.Cursor); err != nil {
		return bad("undo snapshot %d: answers_cursor: %v", s.undoDepth(), err)
	}
	return nil
}

// ValidateCursor checks an answers cursor as saved: every count is 0 or
// more, bounded, and the answers it saw are as many as it counts.
func ValidateCursor(c *AnswerCursor) error {
	if c == nil {
		return nil
	}
	for k, n := range c.Used {
		if n < 0 || n > MaxCursorUsed {
			return fmt.Errorf("used[%q] is %d; accepted: 0 to %d", Quote(k), n, MaxCursorUsed)
		}
		if seen, ok := c.Seen[k]; ok && len(seen) != n {
			return fmt.Errorf("used[%q] is %d but seen[%q] holds %d answers; they must match", Quote(k), n, Quote(k), len(seen))
		}
	}
	for k := range c.Seen {
		if _, ok := c.Used[k]; !ok {
			return fmt.Errorf("seen[%q] has no used count", Quote(k))
		}
	}
	return nil
}

// Quote shortens s for an error message that quotes it with %q: at most
// 80 characters, with an ellipsis when cut (safetext.Shorten; %q escapes
// its control characters).
func Quote(s string) string { return safetext.Shorten(s) }
