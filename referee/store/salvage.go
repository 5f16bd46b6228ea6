package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
)

// Salvaged is what Salvage kept of a session and what it dropped.
type Salvaged struct {
	From    string   `json:"from"`
	To      string   `json:"to"`
	Step    int      `json:"step"`
	Events  int      `json:"events"`  // events of the log kept
	Dropped []string `json:"dropped"` // what was left out, one sentence each
}

// Salvage saves what can be trusted of session from, which may be refused
// as corrupt, into a new session to: its state (the save itself must be
// readable) and its log up to the last verified event; the undo history
// is dropped. from is left as it is.
func (st *Store) Salvage(from, to string) (*Salvaged, error) {
	if err := ValidName(from); err != nil {
		return nil, err
	}
	if err := ValidName(to); err != nil {
		return nil, err
	}
	if to == from {
		return nil, referee.Usagef("salvage %s into a new session: --to %s is the session itself; give another name", from, to)
	}
	if !st.Exists(from) {
		return nil, referee.Usagef("no session named %q (see bosun sessions)", from)
	}
	unlock, err := st.Lock(from)
	if err != nil {
		return nil, err
	}
	defer unlock()
	b, err := st.readSave(from)
	if err != nil {
		return nil, err
	}
	if err := checkSchema(from, b); err != nil {
		return nil, err
	}
	var doc struct {
		saveFile
		Log  []json.RawMessage `json:"log"`
		Undo []json.RawMessage `json:"undo"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("session %s: the save file itself cannot be read (%v), so there is no state to salvage: %w", from, err, referee.ErrCorrupt)
	}
	f := doc.saveFile
	s := &referee.Session{Schema: referee.SchemaVersion, Name: from, Game: f.Game, Players: f.Players, Options: f.Options, Seed: f.Seed,
		DiceMode: f.DiceMode, RNG: f.RNG, Step: f.Step, Over: f.Over, State: f.State, Cursor: f.Cursor, Pending: f.Pending}
	if s.Name != from || s.Game == "" || f.Name != from {
		return nil, fmt.Errorf("session %s: the save file is corrupt (name %q, game %q), so there is no state to salvage: %w", from, f.Name, f.Game, referee.ErrCorrupt)
	}
	if err := validate(s); err != nil {
		return nil, err
	}
	res := &Salvaged{From: from, To: to, Step: s.Step, Dropped: []string{}}
	var lines [][]byte
	total := 0
	if doc.Log != nil && !f.LogFile.present {
		for _, l := range doc.Log {
			lines = append(lines, l)
		}
		total = len(lines)
	} else {
		raw, err := fsutil.ReadRegular(st.logPath(from), MaxSaveSize)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("session %s: %s cannot be read: %v", from, from+".log", err)
		}
		if f.LogFile.present && int64(len(raw)) >= f.LogFile.Bytes {
			// bytes past the record belong to a save that did not complete
			if f.LogFile.CRC != nil && crc32.ChecksumIEEE(raw[:f.LogFile.Bytes]) != *f.LogFile.CRC {
				res.Dropped = append(res.Dropped, fmt.Sprintf("%s.log does not have the checksum the save records: its events are kept only as far as each is well formed and in order", from))
			}
			raw = raw[:f.LogFile.Bytes]
		}
		for len(raw) > 0 {
			k := bytes.IndexByte(raw, '\n')
			if k < 0 {
				lines = append(lines, raw)
				break
			}
			lines = append(lines, raw[:k])
			raw = raw[k+1:]
		}
		total = len(lines)
	}
	// The log up to the last event that is an event, in order, of a step
	// the state has reached.
	var evs []referee.Event
	why := ""
	for i, l := range lines {
		var e referee.Event
		switch {
		case json.Unmarshal(l, &e) != nil:
			why = fmt.Sprintf("line %d is not an event", i+1)
		case e.Seq != i+1:
			why = fmt.Sprintf("line %d has seq %d, expected %d", i+1, e.Seq, i+1)
		case e.Step < 0 || e.Step > s.Step || (len(evs) > 0 && e.Step < evs[len(evs)-1].Step):
			why = fmt.Sprintf("line %d is of step %d, out of order", i+1, e.Step)
		}
		if why != "" {
			break
		}
		evs = append(evs, e)
	}
	if why != "" {
		res.Dropped = append(res.Dropped, fmt.Sprintf("%d of the log's %d events, from the first that cannot be trusted (%s)", total-len(evs), total, why))
	}
	if n := max(f.UndoFile.Snapshots, len(doc.Undo)); n > 0 {
		res.Dropped = append(res.Dropped, fmt.Sprintf("the undo history (%d snapshots): the new session cannot undo the steps before it", n))
	}
	if evs == nil {
		evs = []referee.Event{}
	}
	h, err := st.Create(to)
	if err != nil {
		return nil, err
	}
	defer h.Close()
	s.Name, s.Log, s.Undo = to, evs, nil
	s.Attach(&history{}, 0)
	h.Session = s
	if err := h.Save(); err != nil {
		return nil, err
	}
	res.Events = len(evs)
	return res, nil
}
