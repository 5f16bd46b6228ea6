package store

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"unicode/utf8"

	"github.com/bosun-referee/bosun/referee"
)

// Undo snapshots are written (schema 3 and 4) with the answers cursor as a
// delta against the cursor of the state after the step: the next
// snapshot's, or the session's own for the last one. A step uses a few
// answers, so a snapshot costs bytes for the answers it used, not for
// every answer used since the start, and a save grows linearly with the
// game. Schema 4 keeps them in the undo file (sidefile.go).

// cursorDelta is a referee.AnswerCursor written against its successor. The zero
// value (omitted) means the same cursor as the successor.
type cursorDelta struct {
	Nil     bool                  `json:"nil,omitempty"`  // this cursor is nil
	Full    *referee.AnswerCursor `json:"full,omitempty"` // written in full (the successor is nil)
	UsedNil bool                  `json:"used_nil,omitempty"`
	Used    map[string]int        `json:"used,omitempty"` // counts that differ from the successor's
	Gone    []string              `json:"gone,omitempty"` // keys of the successor's Used absent here
	Seen    map[string]seenDelta  `json:"seen,omitempty"` // answers lists not a prefix of the successor's
	Unseen  []string              `json:"unseen,omitempty"`
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
func diffCursor(c, next *referee.AnswerCursor) *cursorDelta {
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
func applyCursor(d *cursorDelta, next *referee.AnswerCursor) (*referee.AnswerCursor, error) {
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
	c := &referee.AnswerCursor{}
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
				return nil, fmt.Errorf("answers cursor delta: key %s keeps %s of %d", k, referee.Count(sd.Keep, "answer"), len(ns))
			}
			seen[k] = append(append([]string(nil), ns[:sd.Keep]...), sd.Tail...)
			continue
		}
		n := c.Used[k]
		if n <= 0 || n > len(ns) {
			return nil, fmt.Errorf("answers cursor delta: key %s used %s of %d", k, referee.Count(n, "answer"), len(ns))
		}
		seen[k] = append([]string(nil), ns[:n]...)
	}
	for k, sd := range d.Seen {
		if _, ok := next.Seen[k]; !ok {
			if sd.Keep != 0 {
				return nil, fmt.Errorf("answers cursor delta: key %s keeps %s of none", k, referee.Count(sd.Keep, "answer"))
			}
			seen[k] = append([]string(nil), sd.Tail...)
		}
	}
	if len(seen) > 0 {
		c.Seen = seen
	}
	return c, nil
}

// cloneCursor returns what a JSON round trip of c gives: a copy, whose
// Seen is nil when c's is empty (omitted). Only a cursor with a string
// that is not UTF-8 (encoding/json writes U+FFFD for its bad bytes) makes
// the round trip itself: undo copies a long game's cursor, thousands of
// answers, and the round trip was most of its time.
func cloneCursor(c *referee.AnswerCursor) *referee.AnswerCursor {
	if c == nil {
		return nil
	}
	if !cursorUTF8(c) {
		b, _ := json.Marshal(c)
		var out referee.AnswerCursor
		json.Unmarshal(b, &out)
		return &out
	}
	out := &referee.AnswerCursor{}
	if c.Used != nil {
		out.Used = maps.Clone(c.Used)
	}
	if len(c.Seen) > 0 {
		out.Seen = make(map[string][]string, len(c.Seen))
		for k, seen := range c.Seen {
			if seen != nil {
				seen = append(make([]string, 0, len(seen)), seen...) // [] stays [], not null
			}
			out.Seen[k] = seen
		}
	}
	return out
}

// cursorUTF8 reports whether every key and answer of c is UTF-8.
func cursorUTF8(c *referee.AnswerCursor) bool {
	for k := range c.Used {
		if !utf8.ValidString(k) {
			return false
		}
	}
	for k, seen := range c.Seen {
		if !utf8.ValidString(k) {
			return false
		}
		for i, a := range seen {
			if (i == 0 || a != seen[i-1]) && !utf8.ValidString(a) { // a run of one answer checked once
				return false
			}
		}
	}
	return true
}

// snapJSON is a snapshot as written in a save file.
type snapJSON struct {
	Step     int                   `json:"step"`
	State    json.RawMessage       `json:"state,omitempty"` // schema 1
	Z        []byte                `json:"z,omitempty"`
	RNG      []byte                `json:"rng"`
	Over     bool                  `json:"over,omitempty"`
	Revealed bool                  `json:"revealed,omitempty"`
	Cursor   *referee.AnswerCursor `json:"answers_cursor,omitempty"` // schema 1
	CD       *cursorDelta          `json:"cd,omitempty"`             // schema 3
}

// decodeSnap decodes a raw snapshot whose successor's cursor is next.
func decodeSnap(raw json.RawMessage, next *referee.AnswerCursor, legacy bool) (referee.Snapshot, error) {
	var j snapJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return referee.Snapshot{}, err
	}
	sn := referee.Snapshot{Step: j.Step, State: j.State, Z: j.Z, RNG: j.RNG, Over: j.Over, Revealed: j.Revealed, Cursor: j.Cursor}
	if legacy {
		// Schema 1 has the cursor plain, schema 2 inside Z with the state.
		if err := sn.Unpack(); err != nil {
			return referee.Snapshot{}, err
		}
		if sn.Cursor != nil {
			sn.Cursor = cloneCursor(sn.Cursor)
		}
		return sn, nil
	}
	if j.CD == nil && j.Cursor != nil {
		return sn, nil // written in full (a session marshalled as it is in memory)
	}
	c, err := applyCursor(j.CD, next)
	if err != nil {
		return referee.Snapshot{}, err
	}
	sn.Cursor = c
	return sn, nil
}

// decodeUndo decodes the raw snapshots of a save read as one document
// into s.Undo, newest first (each one's cursor is relative to its
// successor's).
func decodeUndo(s *referee.Session, raws []json.RawMessage, legacy bool) error {
	s.Undo = nil
	if raws != nil {
		s.Undo = make([]referee.Snapshot, len(raws))
	}
	next := s.Cursor
	for i := len(raws) - 1; i >= 0; i-- {
		d, err := decodeSnap(raws[i], next, legacy)
		if err != nil {
			return fmt.Errorf("session %s: the save file is corrupt (undo snapshot %d: %v) and was left as it is: %w", s.Name, i+1, err, referee.ErrCorrupt)
		}
		s.Undo[i] = d
		next = d.Cursor
	}
	return nil
}
