package referee

import (
	"bytes"
	"slices"
)

// Trying a step another way. A test that asks "what if the table had
// answered this instead?" runs the step again on a fork of the session,
// with forks of its dice and tables, and throws the fork away: nothing it
// does reaches the session it came from.

// Fork returns an in-memory copy of the session that shares nothing the
// engine changes with s (state, dice state, log, undo snapshots).
func (s *Session) Fork() *Session {
	c := *s
	c.State = bytes.Clone(s.State)
	c.RNG = bytes.Clone(s.RNG)
	c.Log = slices.Clone(s.Log)
	c.Undo = slices.Clone(s.Undo)
	c.Pending = slices.Clone(s.Pending)
	return &c
}

// Cloner is an RNG that can be copied at its current position (Fixed).
type Cloner interface {
	RNG
	Clone() RNG
}

// Fork returns dice that roll, from here on, what d would roll (the same
// RNG state), asking p for entered rolls. A test RNG that cannot be
// cloned is shared: ok is false, and the fork then changes d's rolls.
func (d *Dice) Fork(p Prompter) (f *Dice, ok bool) {
	f = NewDice(d.Mode, 0, p)
	f.Restore(d.State())
	ok = true
	if d.fixed != nil {
		if c, can := d.fixed.(Cloner); can {
			f.fixed = c.Clone()
		} else {
			f.fixed, ok = d.fixed, false
		}
	}
	return f, ok
}

// Clone returns a copy of the sequence at its current position.
func (f *Fixed) Clone() RNG {
	c := *f
	return &c
}
