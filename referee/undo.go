package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
)

// Undo snapshots are written (schema 3) with the answers cursor as a delta
// against the cursor of the state after the step: the next snapshot's, or
// the session's own for the last one. A step uses a few answers, so a
// snapshot costs bytes for the answers it used, not for every answer used
// since the start, and a save grows linearly with the game.
//
// Snapshots read from a file stay as their JSON (raw) until undo needs one,
// so commands that never undo do not decode them. Raw snapshots are always
// the oldest ones; the newest raw one is relative to Session.rawBase.

// cursorDelta is an AnswerCursor written against its successor. The zero
// value (omitted) means the same cursor as the successor.
type cursorDelta struct {
	Nil     bool                 `json:"nil,omitempty"`  // this cursor is nil
	Full    *AnswerCursor        `json:"full,omitempty"` // written in full (the successor is nil)
	UsedNil bool                 `json:"used_nil,omitempty"`
	Used    map[string]int       `json:"used,omitempty"` // counts that differ from the successor's
	Gone    []string             `json:"gone,omitempty"` // keys of the successor's Used absent here
	Seen    map[string]seenDelta `json:"seen,omitempty"` // answers lists not a prefix of the successor's
	Unseen  []string             `json:"unseen,omitempty"`
}

// seenDelta is one key's answers: the first Keep answers of the
// successor's list, then Tail.
type seenDelta struct {
	Keep int      `json:"keep,omitempty"`
	Tail []string `json:"tail,omitempty"`
}

func (d *cursorDelta) zero() bool {
	return !d.Nil && d.Full == nil && !d.UsedNil && len(d.Used) == 0 && len(d.Gone) == 0 && len(d.Seen) == 0 && len(d.Unseen) == 0
}

// diffCursor writes c against its successor next.
func diffCursor(c, next *AnswerCursor) *cursorDelta {
	d := &cursorDelta{}
	switch {
	case c == nil && next == nil:
		return nil
	case c == nil:
		d.Nil = true
		return d
	case next == nil:
		d.Full = c
		return d
	}
	d.UsedNil = c.Used == nil
	for k, n := range c.Used {
		if m, ok := next.Used[k]; !ok || m != n {
			if d.Used == nil {
				d.Used = map[string]int{}
			}
			d.Used[k] = n
		}
	}
	for k := range next.Used {
		if _, ok := c.Used[k]; !ok {
			d.Gone = append(d.Gone, k)
		}
	}
	for k, seen := range c.Seen {
		ns, ok := next.Seen[k]
		if ok && len(seen) > 0 && len(seen) == c.Used[k] && len(seen) <= len(ns) && slices.Equal(seen, ns[:len(seen)]) {
			continue // implicit: the successor's first Used[k] answers
		}
		keep := 0
		for keep < len(seen) && keep < len(ns) && seen[keep] == ns[keep] {
			keep++
		}
		if d.Seen == nil {
			d.Seen = map[string]seenDelta{}
		}
		d.Seen[k] = seenDelta{Keep: keep, Tail: seen[keep:]}
	}
	for k := range next.Seen {
		if _, ok := c.Seen[k]; !ok {
			d.Unseen = append(d.Unseen, k)
		}
	}
	sort.Strings(d.Gone)
	sort.Strings(d.Unseen)
	if d.zero() {
		return nil
	}
	return d
}

// applyCursor rebuilds the cursor that d was written from against next. The
// result is what a JSON round trip of that cursor gives.
func applyCursor(d *cursorDelta, next *AnswerCursor) (*AnswerCursor, error) {
	if d == nil {
		return cloneCursor(next), nil
	}
	switch {
	case d.Nil:
		return nil, nil
	case d.Full != nil:
		return cloneCursor(d.Full), nil
	case next == nil:
		return nil, fmt.Errorf("answers cursor delta without the cursor it is relative to")
	}
	c := &AnswerCursor{}
	if !d.UsedNil {
		c.Used = map[string]int{}
		for k, n := range next.Used {
			c.Used[k] = n
		}
		for _, k := range d.Gone {
			delete(c.Used, k)
		}
		for k, n := range d.Used {
			c.Used[k] = n
		}
	}
	seen := map[string][]string{}
	for k, ns := range next.Seen {
		if slices.Contains(d.Unseen, k) {
			continue
		}
		if sd, ok := d.Seen[k]; ok {
			if sd.Keep > len(ns) {
				return nil, fmt.Errorf("answers cursor delta: key %s keeps %d answers of %d", k, sd.Keep, len(ns))
			}
			seen[k] = append(append([]string(nil), ns[:sd.Keep]...), sd.Tail...)
			continue
		}
		n := c.Used[k]
		if n <= 0 || n > len(ns) {
			return nil, fmt.Errorf("answers cursor delta: key %s used %d answers of %d", k, n, len(ns))
		}
		seen[k] = append([]string(nil), ns[:n]...)
	}
	for k, sd := range d.Seen {
		if _, ok := next.Seen[k]; !ok {
			if sd.Keep != 0 {
				return nil, fmt.Errorf("answers cursor delta: key %s keeps %d answers of none", k, sd.Keep)
			}
			seen[k] = append([]string(nil), sd.Tail...)
		}
	}
	if len(seen) > 0 {
		c.Seen = seen
	}
	return c, nil
}

// cloneCursor returns what a JSON round trip of c gives.
func cloneCursor(c *AnswerCursor) *AnswerCursor {
	if c == nil {
		return nil
	}
	b, _ := json.Marshal(c)
	var out AnswerCursor
	json.Unmarshal(b, &out)
	return &out
}

func sameCursor(a, b *AnswerCursor) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// snapJSON is a snapshot as written in a save file.
type snapJSON struct {
	Step     int             `json:"step"`
	State    json.RawMessage `json:"state,omitempty"` // schema 1
	Z        []byte          `json:"z,omitempty"`
	RNG      []byte          `json:"rng"`
	Over     bool            `json:"over,omitempty"`
	Revealed bool            `json:"revealed,omitempty"`
	Cursor   *AnswerCursor   `json:"answers_cursor,omitempty"` // schema 1
	CD       *cursorDelta    `json:"cd,omitempty"`             // schema 3
}

// UnmarshalJSON keeps the snapshot's JSON; it is decoded when undo needs it.
func (sn *Snapshot) UnmarshalJSON(b []byte) error {
	*sn = Snapshot{raw: append(json.RawMessage(nil), b...)}
	return nil
}

// MarshalJSON writes a raw snapshot as it was read or encoded. A snapshot
// not yet encoded (Session.encodeUndo does it on save) is written with its
// cursor in full.
func (sn Snapshot) MarshalJSON() ([]byte, error) {
	if sn.raw != nil && sn.legacy {
		d, err := decodeSnap(sn.raw, nil, true)
		if err != nil {
			return nil, err
		}
		sn = d
	}
	if sn.raw != nil {
		return sn.raw, nil
	}
	return json.Marshal(snapJSON{Step: sn.Step, State: sn.State, Z: sn.Z, RNG: sn.RNG, Over: sn.Over, Revealed: sn.Revealed, CD: diffCursor(sn.Cursor, nil)})
}

// decodeSnap decodes a raw snapshot whose successor's cursor is next.
func decodeSnap(raw json.RawMessage, next *AnswerCursor, legacy bool) (Snapshot, error) {
	var j snapJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return Snapshot{}, err
	}
	sn := Snapshot{Step: j.Step, State: j.State, Z: j.Z, RNG: j.RNG, Over: j.Over, Revealed: j.Revealed, Cursor: j.Cursor}
	if legacy {
		// Schema 1 has the cursor plain, schema 2 inside Z with the state.
		if err := sn.unpack(); err != nil {
			return Snapshot{}, err
		}
		if sn.Cursor != nil {
			sn.Cursor = cloneCursor(sn.Cursor)
		}
		return sn, nil
	}
	c, err := applyCursor(j.CD, next)
	if err != nil {
		return Snapshot{}, err
	}
	sn.Cursor = c
	return sn, nil
}

// encodeUndo writes every snapshot not yet raw (and an old schema's, once)
// with its cursor as a delta, and keeps only their JSON.
func (s *Session) encodeUndo() error {
	next := s.Cursor
	i := len(s.Undo) - 1
	for ; i >= 0; i-- {
		sn := &s.Undo[i]
		if sn.raw != nil {
			top := i == len(s.Undo)-1 || s.Undo[i+1].raw == nil
			if !sn.legacy && !(top && !sameCursor(next, s.rawBase)) {
				break // this one and older are already written against their successors
			}
			d, err := decodeSnap(sn.raw, s.rawBase, sn.legacy)
			if err != nil {
				return fmt.Errorf("session %s: undo snapshot %d: %w", s.Name, i+1, err)
			}
			*sn = d
		}
		b, err := json.Marshal(snapJSON{Step: sn.Step, State: sn.State, Z: sn.Z, RNG: sn.RNG, Over: sn.Over, Revealed: sn.Revealed, CD: diffCursor(sn.Cursor, next)})
		if err != nil {
			return err
		}
		next = sn.Cursor
		*sn = Snapshot{raw: b}
	}
	s.rawBase = cloneCursor(s.Cursor)
	return nil
}

// lastSnapshot decodes the newest snapshot, and returns the base that the
// snapshot before it will be relative to once it is popped.
func (s *Session) lastSnapshot() (Snapshot, error) {
	sn := s.Undo[len(s.Undo)-1]
	if sn.raw == nil {
		return sn, sn.unpack()
	}
	d, err := decodeSnap(sn.raw, s.rawBase, sn.legacy)
	if err != nil {
		return Snapshot{}, err
	}
	return d, d.unpack()
}
