package store

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"

	"github.com/bosun-referee/bosun/referee/store/fsutil"
)

// A schema-4 session is three files under Dir/sessions:
//
//	NAME.json  the save: the head (players, options, dice, step), the
//	           current state and answers cursor, and how far each of the
//	           two files below goes (written atomically, as before)
//	NAME.log   the event log, one JSON event a line, append-only
//	NAME.undo  the undo snapshots, one JSON snapshot a line, append-only
//
// A save first appends a step's events and snapshot to the two files
// (fsynced), then replaces NAME.json. The save records each file's length:
// bytes past it were appended by a save that did not complete (the
// process was killed before the rename) and are ignored when reading and
// cut by the next save. So a kill at any moment leaves the previous
// session or the new one, never a mix.
//
// The log is never cut: an undo appends an "undo" event, and the events of
// the step it undid are marked Undone when the log is read (referee.MarkUndone).
// The undo file is a stack linked backwards: each line records the offset
// of the line below it (prev), the save records the top line's offset, so
// undo reads one line and a step appends one. A popped line stays in the
// file, unused. Each snapshot's answers cursor is a delta against the
// cursor after its step (its successor's, or the session's for the top);
// pb, when that successor's cursor is not the one the line below was
// written against, is that base as a delta against this snapshot's cursor.

// logRef is how much of the log file a save covers.
type logRef struct {
	Events int   `json:"events"`
	Bytes  int64 `json:"bytes"`
	// CRC is the crc32 (IEEE) of those bytes, updated as a step appends
	// (nil in a save of an older bosun: the next save adds it).
	CRC *uint32 `json:"crc32,omitempty"`
	// present: the save holds the record (set when it is decoded).
	present bool
}

// UnmarshalJSON decodes the record and notes that the save holds one.
func (r *logRef) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		return nil
	}
	type plain logRef
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = logRef(p)
	r.present = true
	return nil
}

// undoRef is how much of the undo file a save covers and where its top
// snapshot starts.
type undoRef struct {
	Snapshots int   `json:"snapshots"`
	Top       int64 `json:"top"`
	Bytes     int64 `json:"bytes"`
	// Base is the cursor the top snapshot's delta is against, as a delta
	// against the session's cursor (omitted: the same).
	Base *cursorDelta `json:"base,omitempty"`
	// CRC is the crc32 (IEEE) of the first Bytes bytes, as logRef's.
	CRC     *uint32 `json:"crc32,omitempty"`
	present bool
}

// UnmarshalJSON decodes the record and notes that the save holds one.
func (r *undoRef) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		return nil
	}
	type plain undoRef
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = undoRef(p)
	r.present = true
	return nil
}

// saveFile is the schema-4 NAME.json. The file references come before the
// state so that `bosun sessions` stops reading before the state.
type saveFile struct {
	Schema   int                   `json:"schema"`
	Name     string                `json:"name"`
	Game     string                `json:"game"`
	Players  []referee.Player      `json:"players"`
	Options  map[string]string     `json:"options,omitempty"`
	Seed     uint64                `json:"seed"`
	DiceMode referee.Mode          `json:"dice"`
	RNG      []byte                `json:"rng"`
	Step     int                   `json:"step"`
	Over     bool                  `json:"over,omitempty"`
	LogFile  logRef                `json:"log_file"`
	UndoFile undoRef               `json:"undo_file"`
	State    json.RawMessage       `json:"state"`
	Cursor   *referee.AnswerCursor `json:"answers_cursor,omitempty"`
	// Pending: board values of the last step the tables overlay may
	// not hold yet (txn.go).
	Pending []tables.Pending `json:"pending_tables,omitempty"`
}

// undoLine is one snapshot of the undo file.
type undoLine struct {
	Prev     int64        `json:"prev"` // offset of the snapshot below, -1 for none
	Step     int          `json:"step"`
	Z        []byte       `json:"z,omitempty"`
	RNG      []byte       `json:"rng"`
	Over     bool         `json:"over,omitempty"`
	Revealed bool         `json:"revealed,omitempty"`
	CD       *cursorDelta `json:"cd,omitempty"`
	PB       *cursorDelta `json:"pb,omitempty"`
}

// diskRefs is where a loaded or saved session's side files stand.
type diskRefs struct {
	name              who // the session's
	logPath, undoPath string
	log               logRef
	undo              undoRef
	// undoBase is the cursor the top snapshot on disk is written against.
	undoBase *referee.AnswerCursor
	// undoTop is the top of the stack as undo left it in this process
	// (undo.Top is what the save on disk says, until the next save).
	undoN   int
	undoTop int64
	// undoVerified: the undo file's recorded bytes were checked against
	// their checksum (by the first undo of this process).
	undoVerified bool
}

func (st *Store) logPath(name string) string  { return filepath.Join(st.dir(), name+".log") }
func (st *Store) undoPath(name string) string { return filepath.Join(st.dir(), name+".undo") }

// decodeMain reads a schema-4 save and checks it against its side files.
func (st *Store) decodeMain(name string, b []byte) (*referee.Session, error) {
	f, ok := decodeSaveFast(b)
	if !ok {
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("session %s: the save file is corrupt and was left as it is (%v): %w", name, err, referee.ErrCorrupt)
		}
	}
	s := &referee.Session{Schema: referee.SchemaVersion, Name: f.Name, Game: f.Game, Players: f.Players, Options: f.Options, Seed: f.Seed,
		DiceMode: f.DiceMode, RNG: f.RNG, Step: f.Step, Over: f.Over, State: f.State, Cursor: f.Cursor, Pending: f.Pending}
	if s.Name != name || s.Game == "" {
		return nil, fmt.Errorf("session %s: the save file is corrupt (name %q, game %q) and was left as it is: %w", name, s.Name, s.Game, referee.ErrCorrupt)
	}
	if err := validate(s); err != nil {
		return nil, err
	}
	d := &diskRefs{name: who(name), logPath: st.logPath(name), undoPath: st.undoPath(name), log: f.LogFile, undo: f.UndoFile}
	if err := d.check(s); err != nil {
		return nil, err
	}
	base := s.Cursor // cursors are never changed in place: sharing it is safe
	if f.UndoFile.Base != nil {
		var err error
		if base, err = applyCursor(f.UndoFile.Base, s.Cursor); err != nil {
			return nil, who(name).corruptf("undo_file base: %v", err)
		}
		if err := referee.ValidateCursor(base); err != nil {
			return nil, who(name).corruptf("undo_file base: %v", err)
		}
	}
	d.undoBase, d.undoN, d.undoTop = base, f.UndoFile.Snapshots, f.UndoFile.Top
	d.undo.Base = nil
	s.Attach(&history{disk: d}, f.LogFile.Events)
	return s, nil
}

// decodeSaveFast decodes a save as json.Unmarshal does, its answers
// cursor (most of a long game's save) by decodeCursor; ok false when
// either cannot (then decode it with encoding/json, for its error).
func decodeSaveFast(b []byte) (saveFile, bool) {
	var fast struct {
		saveFile
		// this field hides saveFile's Cursor from encoding/json
		Cursor rawOnce `json:"answers_cursor,omitempty"`
	}
	// The cursor is cut out for encoding/json, which would scan it twice
	// (checking the document, then skipping the value): it is checked
	// and read here instead.
	head, raw := b, []byte(nil)
	if start, end, ok := cursorSpan(b); ok {
		head = make([]byte, 0, len(b)-(end-start)+4)
		head = append(append(append(head, b[:start]...), "null"...), b[end:]...)
		raw = b[start:end]
	}
	// a cursor given twice is merged by encoding/json: not read here
	if json.Unmarshal(head, &fast) != nil || fast.Cursor.n > 1 {
		return saveFile{}, false
	}
	f := fast.saveFile
	if raw == nil {
		raw = fast.Cursor.raw
	}
	if raw := bytes.TrimSpace(raw); len(raw) > 0 && string(raw) != "null" {
		var ok bool
		if f.Cursor, ok = decodeCursor(raw); !ok {
			return saveFile{}, false
		}
	}
	return f, true
}

// cursorSpan finds the value of the answers cursor in the save b, a JSON
// object: ok when b is one object whose keys have no escape, one of them
// "answers_cursor" and none other equal to it but for case (which
// encoding/json would take for it), and that value is JSON.
func cursorSpan(b []byte) (start, end int, ok bool) {
	const key = "answers_cursor"
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return 0, 0, false
	}
	start = -1
	line := lineString(b)
	i, more, ok := objFirst(b, i)
	for ok && more {
		var k string
		if k, i, ok = objKey(line, i); !ok {
			return 0, 0, false
		}
		switch {
		case k == key && start < 0:
			start = i
			if i, ok = skipValue(b, i, 1); ok {
				end = i
			}
		case strings.EqualFold(k, key):
			return 0, 0, false
		default:
			i, ok = skipValue(b, i, 1)
		}
		if ok {
			i, more, ok = objNext(b, i, '}')
		}
	}
	if !ok || start < 0 || skipWS(b, i) != len(b) {
		return 0, 0, false
	}
	return start, end, true
}

// rawOnce keeps a JSON value undecoded, and how many times it was given.
type rawOnce struct {
	raw []byte
	n   int
}

func (r *rawOnce) UnmarshalJSON(b []byte) error {
	r.raw = append(r.raw[:0], b...)
	r.n++
	return nil
}

// check validates the file references of a save and that each side file
// holds at least what the save records, ending with a whole line there.
func (d *diskRefs) check(s *referee.Session) error {
	l, u := d.log, d.undo
	for _, r := range []struct {
		present   bool
		key, file string
	}{{l.present, "log_file", d.logPath}, {u.present, "undo_file", d.undoPath}} {
		if !r.present {
			return d.name.corruptf("the save has no %s record, which every schema-4 save holds to say how far %s goes; its history cannot be vouched for (bosun salvage saves what can be trusted)", r.key, filepath.Base(r.file))
		}
	}
	if l.Events < 0 || l.Bytes < 0 || l.Bytes > MaxSaveSize || (l.Events == 0) != (l.Bytes == 0) || int64(l.Events) > l.Bytes {
		return d.name.corruptf("log_file: %d events in %d bytes; accepted: 0 events in 0 bytes, or 1 event or more in as many bytes or more, up to %d", l.Events, l.Bytes, MaxSaveSize)
	}
	if u.Snapshots < 0 || u.Snapshots > s.Step || u.Bytes < 0 || u.Bytes > MaxSaveSize {
		return d.name.corruptf("undo_file: %d snapshots in %d bytes; accepted: 0 to %d snapshots (the step) in at most %d bytes", u.Snapshots, u.Bytes, s.Step, MaxSaveSize)
	}
	if u.Snapshots > 0 && (u.Top < 0 || u.Top >= u.Bytes) {
		return d.name.corruptf("undo_file: top snapshot at byte %d of %d; accepted: 0 to %d", u.Top, u.Bytes, u.Bytes-1)
	}
	for _, f := range []struct {
		path string
		n    int64
	}{{d.logPath, l.Bytes}, {d.undoPath, u.Bytes}} {
		if err := checkSide(d.name, f.path, f.n); err != nil {
			return err
		}
	}
	return nil
}

// checkSide checks that path is a regular file of at least n bytes whose
// byte n is the end of a line (n 0: the file may be missing).
func checkSide(s who, path string, n int64) error {
	if n == 0 {
		if err := fsutil.CheckRegular(path); err != nil {
			return s.corruptf("%v", err)
		}
		if info, err := os.Lstat(path); err == nil {
			if err := fsutil.CheckOneLink(path, info); err != nil {
				return s.corruptf("%v", err)
			}
		}
		return nil
	}
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return s.corruptf("%s is missing; the save records %d bytes of it", filepath.Base(path), n)
	}
	f, err := openSide(s, path)
	if err != nil {
		return err
	}
	defer f.Close()
	var last [1]byte
	if _, err := f.ReadAt(last[:], n-1); err != nil {
		return s.corruptf("%s is shorter than the %d bytes the save records", filepath.Base(path), n)
	}
	if last[0] != '\n' {
		return s.corruptf("%s: byte %d, where the save says it ends, does not end a line", filepath.Base(path), n)
	}
	return nil
}

// openSide opens a side file for reading: a regular file with one name
// (a hard link to it is refused as a symbolic link is).
func openSide(s who, path string) (*os.File, error) {
	f, err := fsutil.OpenRegular(path)
	if err != nil {
		return nil, s.corruptf("%v", err)
	}
	info, err := f.Stat()
	if err == nil {
		err = fsutil.CheckOneLink(path, info)
	}
	if err != nil {
		f.Close()
		return nil, s.corruptf("%v", err)
	}
	return f, nil
}

// streamVerify checks the first n bytes of a side file against the
// checksum want, reading them through a small buffer (undo reads one
// snapshot; its check should not hold the whole file in memory).
func streamVerify(s who, path string, n int64, want uint32) error {
	f, err := openSide(s, path)
	if err != nil {
		return err
	}
	defer f.Close()
	h := crc32.NewIEEE()
	if k, err := io.CopyBuffer(h, io.LimitReader(f, n), make([]byte, 64<<10)); err != nil || k < n {
		return s.corruptf("%s is shorter than the %d bytes the save records", filepath.Base(path), n)
	}
	if got := h.Sum32(); got != want {
		return s.corruptf("%s was changed since it was saved: its first %d bytes, which the save records, have crc32 %08x, the save records %08x; bosun salvage %s saves what can be trusted into a new session", filepath.Base(path), n, got, want, string(s))
	}
	return nil
}

// verifySide checks the first bytes of a side file, b, against the
// checksum the save records (want; nil in a save of an older bosun,
// which recorded none).
func verifySide(s who, path string, b []byte, want *uint32) error {
	if want == nil {
		return nil
	}
	if got := crc32.ChecksumIEEE(b); got != *want {
		return s.corruptf("%s was changed since it was saved: its first %d bytes, which the save records, have crc32 %08x, the save records %08x; bosun salvage %s saves what can be trusted into a new session", filepath.Base(path), len(b), got, *want, string(s))
	}
	return nil
}

// readLog reads the first n events of the log file, which the save says
// are in its first log.Bytes bytes.
func (d *diskRefs) readLog(n int) ([]referee.Event, error) {
	evs := make([]referee.Event, n)
	err := d.decodeLog(n, func(_, i int, line []byte) error {
		return json.Unmarshal(line, &evs[i])
	}, func(i int) (int, int) { return evs[i].Step, evs[i].Seq })
	if err != nil {
		return nil, err
	}
	return evs, nil
}

// decodeLog decodes the first n lines of the log file with decode, in
// parallel chunks (a long game's log is megabytes of JSON, and decoding
// is most of what reading it costs), and checks each event's step and
// seq as at reports them.
func (d *diskRefs) decodeLog(n int, decode func(c, i int, line []byte) error, at func(i int) (step, seq int)) error {
	s := d.name
	if n == 0 {
		return nil
	}
	b, err := readSide(s, d.logPath, d.log.Bytes, d.log.CRC)
	if err != nil {
		return err
	}
	return d.decodeLines(b, n, decode, at)
}

// maxChunks is the most chunks decodeLines decodes in parallel.
const maxChunks = 4

// decodeLines is decodeLog on the log file's bytes b (read or mapped: a
// fault reading a mapping cut short is an error).
func (d *diskRefs) decodeLines(b []byte, n int, decode func(c, i int, line []byte) error, at func(i int) (step, seq int)) error {
	s := d.name
	name := filepath.Base(d.logPath)
	lines := make([][]byte, 0, n)
	for len(b) > 0 && len(lines) < n {
		k := bytes.IndexByte(b, '\n')
		if k < 0 {
			k = len(b) - 1
		}
		lines = append(lines, b[:k+1])
		b = b[k+1:]
	}
	if len(lines) < n {
		return s.corruptf("%s holds %d events; the save records %d", name, len(lines), n)
	}
	if len(b) > 0 && n == d.log.Events {
		return s.corruptf("%s holds more than the %d events the save records in its first %d bytes", name, n, d.log.Bytes)
	}
	chunks := min(runtime.GOMAXPROCS(0), maxChunks, 1+n/512)
	errs := make([]error, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer s.catchFault(&errs[c])()
			for i := c * n / chunks; i < (c+1)*n/chunks; i++ {
				if err := decode(c, i, lines[i]); err != nil {
					errs[c] = s.corruptf("%s: event %d: %v", name, i+1, err)
					return
				}
				if step, seq := at(i); step < 0 || seq < 0 {
					errs[c] = s.corruptf("%s: event %d has step %d, seq %d; accepted: 0 or more", name, i+1, step, seq)
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// readLine reads the line of path that starts at off, which must end
// before end.
func readLine(s who, path string, off, end int64) ([]byte, error) {
	f, err := openSide(s, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(io.NewSectionReader(f, off, end-off), 16<<10)
	line, err := r.ReadBytes('\n')
	if err != nil {
		return nil, s.corruptf("%s: no whole line at byte %d", filepath.Base(path), off)
	}
	return line, nil
}

// readUndo decodes the top snapshot on disk, whose delta is against base.
// It returns the snapshot and, for the one below it, its offset and the
// cursor it is written against.
func (d *diskRefs) readUndo() (sn referee.Snapshot, prev int64, base *referee.AnswerCursor, err error) {
	s := d.name
	name := filepath.Base(d.undoPath)
	if d.undo.CRC != nil && !d.undoVerified {
		if err := streamVerify(s, d.undoPath, d.undo.Bytes, *d.undo.CRC); err != nil {
			return referee.Snapshot{}, 0, nil, err
		}
		d.undoVerified = true
	}
	line, err := readLine(s, d.undoPath, d.undoTop, d.undo.Bytes)
	if err != nil {
		return referee.Snapshot{}, 0, nil, err
	}
	var u undoLine
	if err := json.Unmarshal(line, &u); err != nil {
		return referee.Snapshot{}, 0, nil, s.corruptf("%s: snapshot at byte %d: %v", name, d.undoTop, err)
	}
	if d.undoN > 1 && (u.Prev < 0 || u.Prev >= d.undoTop) {
		return referee.Snapshot{}, 0, nil, s.corruptf("%s: snapshot at byte %d links to byte %d; accepted: 0 to %d", name, d.undoTop, u.Prev, d.undoTop-1)
	}
	c, err := applyCursor(u.CD, d.undoBase)
	if err != nil {
		return referee.Snapshot{}, 0, nil, s.corruptf("%s: snapshot at byte %d: %v", name, d.undoTop, err)
	}
	base = c
	if u.PB != nil {
		if base, err = applyCursor(u.PB, c); err != nil {
			return referee.Snapshot{}, 0, nil, s.corruptf("%s: snapshot at byte %d: %v", name, d.undoTop, err)
		}
		if err := referee.ValidateCursor(base); err != nil {
			return referee.Snapshot{}, 0, nil, s.corruptf("%s: snapshot at byte %d: pb: %v", name, d.undoTop, err)
		}
	}
	sn = referee.Snapshot{Step: u.Step, Z: u.Z, RNG: u.RNG, Over: u.Over, Revealed: u.Revealed, Cursor: c}
	return sn, u.Prev, base, nil
}

// appendSide writes data at byte at of path, first cutting what a save
// that did not complete left past it, and syncs the file (and the
// directory when the file is new). It returns what puts the file back
// byte for byte as it was (the save file could not be written after
// it); on error it has done so itself.
func appendSide(path string, at int64, data []byte) (restore func() error, err error) {
	nothing := func() error { return nil }
	if err := fsutil.CheckRegular(path); err != nil {
		return nil, err
	}
	info, err := os.Lstat(path)
	created := errors.Is(err, fs.ErrNotExist)
	if err != nil && !created {
		return nil, err
	}
	if info != nil {
		if err := fsutil.CheckOneLink(path, info); err != nil {
			return nil, err
		}
	}
	if len(data) == 0 && (created || info.Size() == at) {
		return nothing, nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || (info != nil && !os.SameFile(info, fi)) {
		return nil, fmt.Errorf("%s: not the regular file it was a moment ago", path)
	}
	if err := fsutil.CheckOneLink(path, fi); err != nil {
		return nil, err
	}
	if fi.Size() < at {
		return nil, fmt.Errorf("%s holds %d bytes; the save records %d", filepath.Base(path), fi.Size(), at)
	}
	// What an earlier save that did not complete left past at: cut
	// below, and put back if this save fails too.
	var tail []byte
	if fi.Size() > at {
		if fi.Size()-at > MaxSaveSize {
			return nil, fmt.Errorf("%s holds %d bytes past the %d the save records; accepted: at most %d", filepath.Base(path), fi.Size()-at, at, MaxSaveSize)
		}
		tail = make([]byte, fi.Size()-at)
		if _, err := f.ReadAt(tail, at); err != nil {
			return nil, err
		}
	}
	restore = func() error {
		if created {
			if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			return nil
		}
		g, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NOFOLLOW, 0)
		if err != nil {
			return err
		}
		defer g.Close()
		if gi, err := g.Stat(); err != nil || !os.SameFile(gi, fi) {
			return fmt.Errorf("%s: not the file this save wrote", path)
		}
		if err := g.Truncate(at); err != nil {
			return err
		}
		if len(tail) > 0 {
			if _, err := g.WriteAt(tail, at); err != nil {
				return err
			}
		}
		if err := g.Sync(); err != nil {
			return err
		}
		return g.Close()
	}
	fail := func(err error) (func() error, error) {
		if rerr := restore(); rerr != nil {
			return nil, fmt.Errorf("%w (putting %s back as it was failed too: %v)", err, filepath.Base(path), rerr)
		}
		return nil, err
	}
	if len(tail) > 0 {
		if err := f.Truncate(at); err != nil {
			return fail(err)
		}
	}
	if _, err := writeSideAt(f, data, at); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if created {
		if err := fsutil.SyncDir(filepath.Dir(path)); err != nil {
			return fail(err)
		}
	}
	return restore, nil
}

// writeSideAt writes a side file's new bytes; tests replace it to fail
// as a full disk does.
var writeSideAt = func(f *os.File, b []byte, off int64) (int, error) { return f.WriteAt(b, off) }

// sideCRC is the checksum of a side file's first n bytes after data is
// appended at n: the running one the save recorded updated with data, or,
// for a save of an older bosun that recorded none, computed from the file.
func sideCRC(s who, path string, n int64, old *uint32, data []byte) (*uint32, error) {
	var c uint32
	switch {
	case old != nil:
		c = *old
	case n > 0:
		f, err := openSide(s, path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		h := crc32.NewIEEE()
		if k, err := io.CopyBuffer(h, io.LimitReader(f, n), make([]byte, 64<<10)); err != nil || k < n {
			return nil, s.corruptf("%s is shorter than the %d bytes the save records", filepath.Base(path), n)
		}
		c = h.Sum32()
	}
	c = crc32.Update(c, crc32.IEEETable, data)
	return &c, nil
}

// saveSides writes the session's new events and snapshots to its side files
// and returns the save file with the references to them. Nothing of s
// changes: commit does, once the save file is in place.
func (st *Store) saveSides(s *referee.Session) (_ *saveFile, _ *diskRefs, restore func() error, err error) {
	d := historyOf(s).disk
	if d == nil {
		// A new session, or one read from an older schema: its files
		// start empty (whatever an earlier attempt left is cut).
		d = &diskRefs{name: who(s.Name), logPath: st.logPath(s.Name), undoPath: st.undoPath(s.Name), undoTop: -1}
	}
	if d.logPath != st.logPath(s.Name) || d.undoPath != st.undoPath(s.Name) {
		// Its log and snapshots are in another directory's files.
		return nil, nil, nil, fmt.Errorf("session %s: save: it was loaded from %s, not from this data directory", s.Name, filepath.Dir(d.logPath))
	}
	nd := *d
	// The log: the events not yet in the file.
	var buf bytes.Buffer
	from := d.log.Events - unread(s)
	if from < 0 || from > len(s.Log) {
		return nil, nil, nil, fmt.Errorf("session %s: save: the log file holds %d events, the session %d", s.Name, d.log.Events, s.LogLen())
	}
	enc := json.NewEncoder(&buf)
	for _, e := range s.Log[from:] {
		if err := enc.Encode(e); err != nil {
			return nil, nil, nil, err
		}
	}
	logCRC, err := sideCRC(d.name, d.logPath, d.log.Bytes, d.log.CRC, buf.Bytes())
	if err != nil {
		return nil, nil, nil, err
	}
	nd.log = logRef{Events: s.LogLen(), Bytes: d.log.Bytes + int64(buf.Len()), CRC: logCRC, present: true}
	logData := buf.Bytes()
	// The undo stack: the snapshots of this process's steps.
	var ubuf bytes.Buffer
	off, top, n, prevBase := d.undo.Bytes, d.undoTop, d.undoN, d.undoBase
	for k := range s.Undo {
		sn := s.Undo[k]
		if len(sn.State) > 0 {
			sn.Pack() // a snapshot read from an older schema: its state alone in Z
		}
		base := s.Cursor
		if k+1 < len(s.Undo) {
			base = s.Undo[k+1].Cursor
		}
		u := undoLine{Prev: -1, Step: sn.Step, Z: sn.Z, RNG: sn.RNG, Over: sn.Over, Revealed: sn.Revealed, CD: diffCursor(sn.Cursor, base)}
		if n > 0 {
			u.Prev, u.PB = top, diffCursor(prevBase, sn.Cursor)
		}
		b, err := json.Marshal(u)
		if err != nil {
			return nil, nil, nil, err
		}
		top = off + int64(ubuf.Len())
		ubuf.Write(b)
		ubuf.WriteByte('\n')
		n++
		prevBase = base
	}
	undoCRC, err := sideCRC(d.name, d.undoPath, off, d.undo.CRC, ubuf.Bytes())
	if err != nil {
		return nil, nil, nil, err
	}
	nd.undo = undoRef{Snapshots: n, Top: top, Bytes: off + int64(ubuf.Len()), CRC: undoCRC, present: true}
	if n == 0 {
		nd.undo.Top = 0
	}
	nd.undoN, nd.undoTop, nd.undoBase = n, top, prevBase
	// Both files are appended and synced at once (a step's two fsyncs
	// waited one after the other), and both before the save file is
	// written: a file whose append fails puts itself back, and then the
	// other one is put back too.
	var restoreLog, restoreUndo func() error
	var logErr, undoErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		restoreUndo, undoErr = appendSide(d.undoPath, off, ubuf.Bytes())
	}()
	restoreLog, logErr = appendSide(d.logPath, d.log.Bytes, logData)
	wg.Wait()
	if logErr != nil || undoErr != nil {
		err := fmt.Errorf("session %s: save: %w", s.Name, cmp.Or(logErr, undoErr))
		for _, r := range []struct {
			failed  error
			restore func() error
			path    string
		}{{undoErr, restoreUndo, d.undoPath}, {logErr, restoreLog, d.logPath}} {
			if r.failed != nil {
				continue
			}
			if rerr := r.restore(); rerr != nil {
				err = fmt.Errorf("%w (putting %s back as it was failed too: %v)", err, filepath.Base(r.path), rerr)
			}
		}
		return nil, nil, nil, err
	}
	f := &saveFile{Schema: referee.SchemaVersion, Name: s.Name, Game: s.Game, Players: s.Players, Options: s.Options, Seed: s.Seed, DiceMode: s.DiceMode,
		RNG: s.RNG, Step: s.Step, Over: s.Over, LogFile: nd.log, UndoFile: nd.undo, State: s.State, Cursor: s.Cursor, Pending: s.Pending}
	f.UndoFile.Base = diffCursor(prevBase, s.Cursor)
	restore = func() error {
		return errors.Join(restoreUndo(), restoreLog())
	}
	return f, &nd, restore, nil
}

// Export writes the whole session as one JSON document: the save's
// fields, then "log" (every event, one a line, as the log file holds them)
// and "undo" (every snapshot, oldest first, as the undo file holds them).
// The files' lines are copied, not decoded and encoded again: the files
// are mapped read-only (fsutil.MapFile; read where they cannot be),
// checked (planExport), then copied from the mapping (a long game's side
// files are megabytes, and fresh memory for them cost more than the
// checks). When the files are not as the save says, they are read whole
// as before, for the error.
func Export(s *referee.Session, w io.Writer) error { return export(s, w, true) }

// export is Export; without planned, the side files are read whole.
func export(s *referee.Session, w io.Writer, planned bool) (err error) {
	head := saveFile{Schema: referee.SchemaVersion, Name: s.Name, Game: s.Game, Players: s.Players, Options: s.Options, Seed: s.Seed,
		DiceMode: s.DiceMode, RNG: s.RNG, Step: s.Step, Over: s.Over, State: s.State, Cursor: s.Cursor, Pending: s.Pending}
	var logLines, undoLines [][]byte
	var plan *exportPlan
	if d := historyOf(s).disk; d != nil {
		head.LogFile = logRef{Events: d.log.Events, Bytes: d.log.Bytes}
		head.UndoFile = undoRef{Snapshots: d.undoN, Top: d.undoTop, Bytes: d.undo.Bytes}
		if n, lerr := s.Unread(); n == 0 && lerr != nil {
			return lerr
		}
		if planned {
			defer d.name.catchFault(&err)()
			if plan = planExport(s); plan != nil {
				defer plan.release()
			}
		}
		if plan == nil {
			var err error
			if logLines, err = exportLog(s); err != nil {
				return err
			}
			if undoLines, err = d.exportUndo(); err != nil {
				return err
			}
		}
	}
	for _, e := range s.Log {
		b, err := json.Marshal(e)
		if err != nil {
			return err
		}
		logLines = append(logLines, b)
	}
	for _, sn := range s.Undo {
		b, err := json.Marshal(sn)
		if err != nil {
			return err
		}
		undoLines = append(undoLines, b)
	}
	h, err := marshalIndent(&head)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(h[:len(h)-2]) // without "\n}"
	for _, part := range []struct {
		key   string
		lines [][]byte
		file  func(item func(line []byte))
	}{{"log", logLines, plan.copyLog()}, {"undo", undoLines, plan.copyUndo()}} {
		fmt.Fprintf(bw, ",\n  %q: [", part.key)
		n := 0
		item := func(l []byte) {
			if n > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString("\n    ")
			bw.Write(bytes.TrimRight(l, "\n"))
			n++
		}
		if part.file != nil {
			part.file(item)
		}
		for _, l := range part.lines {
			item(l)
		}
		if n > 0 {
			bw.WriteString("\n  ")
		}
		bw.WriteByte(']')
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// marshalIndent is json.MarshalIndent(f, "", "  "), marshalled by
// marshalSave and indented by appendIndent.
func marshalIndent(f *saveFile) ([]byte, error) {
	b, err := marshalSave(f)
	if err != nil {
		return nil, err
	}
	if h, ok := appendIndent(make([]byte, 0, 2*len(b)), b); ok {
		return h, nil
	}
	var h bytes.Buffer
	err = json.Indent(&h, b, "", "  ")
	return h.Bytes(), err
}

// exportPlan is what Export copies of the side files, checked.
type exportPlan struct {
	logLines  [][]byte // the log file's events to copy (the session's unread ones)
	undone    []bool   // of those, the ones to mark undone
	undoLines [][]byte // the undo stack's snapshots, oldest first
	mapped    [][]byte // the mappings the lines are cut from
}

// release unmaps the side files; nothing may use the plan's lines after.
func (p *exportPlan) release() {
	for _, b := range p.mapped {
		fsutil.Unmap(b)
	}
	p.mapped = nil
}

// side returns the first n bytes of a side file (mapped when it can be)
// when they are whole lines; ok false otherwise (or for a file shorter
// than n: Export then reads the files whole, for the error).
func (p *exportPlan) side(path string, n int64, crc *uint32) (b []byte, ok bool) {
	if n <= 0 {
		return nil, false
	}
	f, err := openSide("", path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.Size() < n {
		return nil, false
	}
	if b, ok = fsutil.MapFile(f, n); ok {
		p.mapped = append(p.mapped, b)
	} else {
		b = make([]byte, n)
		if _, err := io.ReadFull(f, b); err != nil {
			return nil, false
		}
	}
	return b, b[n-1] == '\n' && verifySide("", path, b, crc) == nil
}

// catchFault makes reading a mapped side file that another process cut
// short (a step rolled back while this one reads) an error, not a crash:
// the fault panics (debug.SetPanicOnFault) and the func it returns, run
// deferred, recovers it into err.
func (s who) catchFault(err *error) func() {
	old := debug.SetPanicOnFault(true)
	return func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			*err = s.corruptf("a side file was cut short while it was read (%v)", r)
		}
	}
}

// inChunks runs check over [0, n) in parallel chunks (a long game's side
// files are megabytes), reporting whether every chunk passed; a fault
// reading a mapping fails its chunk.
func inChunks(n, per int, check func(lo, hi int) bool) bool {
	chunks := min(runtime.GOMAXPROCS(0), 4, 1+n/per)
	ok := make([]bool, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() {
				if r := recover(); r != nil {
					if _, fault := r.(interface{ Addr() uintptr }); !fault {
						panic(r)
					}
				}
			}()
			ok[c] = check(c*n/chunks, (c+1)*n/chunks)
		}()
	}
	wg.Wait()
	for _, good := range ok {
		if !good {
			return false
		}
	}
	return true
}

// planExport checks the side files' lines Export copies: the log's first
// unread events (each JSON, of step and seq 0 or more) and the undo
// stack's snapshots (each JSON, linked from the top down to line starts),
// each file whole lines up to the length the save records. Nil when
// anything is wrong: Export then reads the files whole, for the error. A
// plan that is not nil must be released.
func planExport(s *referee.Session) (plan *exportPlan) {
	d := historyOf(s).disk
	p := &exportPlan{}
	defer func() {
		if plan == nil {
			p.release()
		}
	}()
	if n := unread(s); n > 0 {
		b, ok := p.side(d.logPath, d.log.Bytes, d.log.CRC)
		if !ok {
			return nil
		}
		p.logLines = make([][]byte, 0, n)
		for len(b) > 0 && len(p.logLines) < n {
			k := bytes.IndexByte(b, '\n') // found: b ends a line
			p.logLines = append(p.logLines, b[:k+1])
			b = b[k+1:]
		}
		if len(p.logLines) < n || (len(b) > 0 && n == d.log.Events) {
			return nil
		}
		marks := make([]mark, n)
		if !inChunks(n, 512, func(lo, hi int) bool {
			for i := lo; i < hi; i++ {
				line, m := p.logLines[i], &marks[i]
				if !validJSON(line) {
					return false
				}
				var ok bool
				if *m, ok = eventHead(line); !ok && json.Unmarshal(line, m) != nil {
					return false
				}
				if m.Step < 0 || m.Seq < 0 {
					return false
				}
			}
			return true
		}) {
			return nil
		}
		p.undone = undoneMarks(marks, s.Log)
	}
	if d.undoN == 0 {
		return p
	}
	b, ok := p.side(d.undoPath, d.undo.Bytes, d.undo.CRC)
	if !ok {
		return nil
	}
	// the stack from the top, which must land on line starts
	p.undoLines = make([][]byte, d.undoN)
	at := d.undoTop
	for i := d.undoN - 1; i >= 0; i-- {
		if at < 0 || at >= int64(len(b)) || (at > 0 && b[at-1] != '\n') {
			return nil
		}
		line := b[at:]
		line = line[:bytes.IndexByte(line, '\n')+1] // found: b ends a line
		prev, ok := linePrev(line[:len(line)-1])
		if !ok || (i > 0 && (prev < 0 || prev >= at)) {
			return nil
		}
		p.undoLines[i] = line
		at = prev
	}
	if !inChunks(d.undoN, 256, func(lo, hi int) bool {
		for _, l := range p.undoLines[lo:hi] {
			if !validJSON(l[:len(l)-1]) {
				return false
			}
		}
		return true
	}) {
		return nil
	}
	return p
}

// copyLog returns what copies the log file's lines planned, marking the
// undone ones (nil: none planned).
func (p *exportPlan) copyLog() func(item func(line []byte)) {
	if p == nil || len(p.logLines) == 0 {
		return nil
	}
	return func(item func(line []byte)) {
		var buf []byte
		for i, line := range p.logLines {
			if p.undone[i] {
				l := bytes.TrimRight(line, "\n")
				buf = append(append(buf[:0], l[:len(l)-1]...), `,"undone":true}`...)
				line = buf
			}
			item(line)
		}
	}
}

// copyUndo returns what copies the undo stack's lines planned, oldest
// first (nil: none planned).
func (p *exportPlan) copyUndo() func(item func(line []byte)) {
	if p == nil || len(p.undoLines) == 0 {
		return nil
	}
	return func(item func(line []byte)) {
		for _, line := range p.undoLines {
			item(line)
		}
	}
}

// exportLog returns the lines of the log file still unread (those read
// are in Log), each with "undone":true added when its step was undone.
func exportLog(s *referee.Session) ([][]byte, error) {
	n, lerr := s.Unread()
	if n == 0 {
		return nil, lerr
	}
	marks := make([]mark, n)
	lines := make([][]byte, n)
	err := historyOf(s).disk.decodeLog(n, func(_, i int, line []byte) error {
		lines[i] = line
		if !validJSON(line) {
			return errors.New("not JSON")
		}
		if m, ok := eventHead(line); ok {
			marks[i] = m
			return nil
		}
		return json.Unmarshal(line, &marks[i])
	}, func(i int) (int, int) { return marks[i].Step, marks[i].Seq })
	if err != nil {
		return nil, err
	}
	evs := make([]referee.Event, n, n+len(s.Log))
	for i, m := range marks {
		evs[i] = referee.Event{Step: m.Step, Type: m.Type, Undone: m.Undone}
	}
	referee.MarkUndone(append(evs, s.Log...))
	for i := range lines {
		if evs[i].Undone && !marks[i].Undone {
			l := bytes.TrimRight(lines[i], "\n")
			lines[i] = append(l[:len(l)-1:len(l)-1], `,"undone":true}`...)
		}
	}
	return lines, nil
}

// undoneMarks reports, for each mark, whether Export marks its event
// undone: referee.MarkUndone on the marks' events followed by tail would mark it,
// and its line does not say so already (no Events built for a long log).
func undoneMarks(marks []mark, tail []referee.Event) []bool {
	var undone map[int]bool // steps with an undo event after this one
	later := func(step int, typ string) bool {
		if typ == "undo" {
			if undone == nil {
				undone = map[int]bool{}
			}
			undone[step] = true
			return false
		}
		return undone[step]
	}
	for i := len(tail) - 1; i >= 0; i-- {
		later(tail[i].Step, tail[i].Type)
	}
	out := make([]bool, len(marks))
	for i := len(marks) - 1; i >= 0; i-- {
		out[i] = later(marks[i].Step, marks[i].Type) && !marks[i].Undone
	}
	return out
}

// mark is what export needs of a logged event to mark it undone.
type mark struct {
	Seq    int    `json:"seq"`
	Step   int    `json:"step"`
	Type   string `json:"type"`
	Undone bool   `json:"undone"`
}

// eventHead reads a mark from the start of a log line as bosun writes it,
// {"seq":N,"step":N,"type":"T",... (ok false: decode the line instead).
// Its Type is cut from line, not copied.
func eventHead(line []byte) (m mark, ok bool) {
	num := func(b []byte, key string) (int, []byte, bool) {
		rest, ok := bytes.CutPrefix(b, []byte(key))
		if !ok {
			return 0, nil, false
		}
		end := bytes.IndexByte(rest, ',')
		if end < 0 {
			return 0, nil, false
		}
		n, err := strconv.Atoi(string(rest[:end]))
		return n, rest[end+1:], err == nil
	}
	var rest []byte
	if m.Seq, rest, ok = num(line, `{"seq":`); !ok {
		return m, false
	}
	if m.Step, rest, ok = num(rest, `"step":`); !ok {
		return m, false
	}
	rest, ok = bytes.CutPrefix(rest, []byte(`"type":"`))
	end := bytes.IndexByte(rest, '"')
	if !ok || end < 0 || bytes.IndexByte(rest[:end], '\\') >= 0 {
		return m, false
	}
	m.Type = lineString(rest[:end])
	m.Undone = bytes.HasSuffix(bytes.TrimRight(line, "\n"), []byte(`"undone":true}`))
	return m, true
}

// exportUndo returns the lines of the undo file's stack, oldest first.
func (d *diskRefs) exportUndo() ([][]byte, error) {
	s := d.name
	if d.undoN == 0 {
		return nil, nil
	}
	b, err := readSide(s, d.undoPath, d.undo.Bytes, d.undo.CRC)
	if err != nil {
		return nil, err
	}
	// The stack walked without checking each line, then the lines checked
	// in parallel; anything wrong: the walk again, checking each line as
	// it goes, for the error that names the first line wrong from the top.
	if lines, err := d.undoStack(b, false); err == nil && validLines(lines) {
		return lines, nil
	}
	return d.undoStack(b, true)
}

// validLines reports whether every line is JSON, checking them in parallel
// chunks (a long game's undo file is megabytes).
func validLines(lines [][]byte) bool {
	n := len(lines)
	chunks := min(runtime.GOMAXPROCS(0), 4, 1+n/256)
	bad := make([]bool, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, l := range lines[c*n/chunks : (c+1)*n/chunks] {
				if !validJSON(l) {
					bad[c] = true
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, b := range bad {
		if b {
			return false
		}
	}
	return true
}

// undoStack returns the lines of the undo file's stack in b, oldest
// first, checking that each is JSON when check is set.
func (d *diskRefs) undoStack(b []byte, check bool) ([][]byte, error) {
	s := d.name
	name := filepath.Base(d.undoPath)
	lines := make([][]byte, d.undoN)
	at := d.undoTop
	for i := d.undoN - 1; i >= 0; i-- {
		if at < 0 || at >= int64(len(b)) {
			return nil, s.corruptf("%s: snapshot %d links to byte %d", name, i+1, at)
		}
		line := b[at:]
		if j := bytes.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if check && !validJSON(line) {
			return nil, s.corruptf("%s: snapshot at byte %d is not JSON", name, at)
		}
		prev, ok := linePrev(line)
		if !ok {
			return nil, s.corruptf("%s: snapshot at byte %d has no prev offset", name, at)
		}
		if i > 0 && (prev < 0 || prev >= at) {
			return nil, s.corruptf("%s: snapshot at byte %d links to byte %d; accepted: 0 to %d", name, at, prev, at-1)
		}
		lines[i] = line
		at = prev
	}
	return lines, nil
}

// linePrev reads the prev offset that starts every line of the undo file.
func linePrev(line []byte) (int64, bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"prev":`))
	if !ok {
		var u struct {
			Prev *int64 `json:"prev"`
		}
		if json.Unmarshal(line, &u) != nil || u.Prev == nil {
			return 0, false
		}
		return *u.Prev, true
	}
	end := bytes.IndexAny(rest, ",}")
	if end < 0 {
		return 0, false
	}
	n, err := strconv.ParseInt(string(rest[:end]), 10, 64)
	return n, err == nil
}

// lineString views a line decodeLog read as a string, without a copy: the
// strings decodeBrief cuts from it then alias the file's bytes, which
// decodeLog reads into a buffer of its own, or WithBriefEvents maps
// read-only for as long as fn runs, and nothing writes after.
func lineString(line []byte) string {
	if len(line) == 0 {
		return ""
	}
	return unsafe.String(&line[0], len(line))
}

// readSide reads the first n bytes of a side file, checking them against
// the checksum the save records (crc; nil: none recorded).
func readSide(s who, path string, n int64, crc *uint32) ([]byte, error) {
	f, err := openSide(s, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, s.corruptf("%s is shorter than the %d bytes the save records", filepath.Base(path), n)
	}
	if err := verifySide(s, path, b, crc); err != nil {
		return nil, err
	}
	return b, nil
}

// briefEvent is what BriefEvents decodes of a logged event.
type briefEvent struct {
	Seq  int    `json:"seq"`
	Step int    `json:"step"`
	Type string `json:"type"`
	Text string `json:"text"`
	Data struct {
		FullText *string `json:"full_text"`
	} `json:"data"`
	Cites  []string       `json:"cites"`
	Rolls  []referee.Roll `json:"rolls"`
	Undone bool           `json:"undone"`
}

// event is the referee.Event b stands for (its data is referee.FullTextKey alone).
func (b *briefEvent) event() referee.Event {
	e := referee.Event{Seq: b.Seq, Step: b.Step, Type: b.Type, Text: b.Text, Cites: b.Cites, Rolls: b.Rolls, Undone: b.Undone}
	if b.Data.FullText != nil {
		e.Data = map[string]any{referee.FullTextKey: *b.Data.FullText}
	}
	return e
}

// decodeBriefLine decodes a line of the log file into e (zero) as
// encoding/json does into a briefEvent: by decodeBrief, or, for a line
// it does not read, by encoding/json.
func decodeBriefLine(line []byte, e *referee.Event) error {
	var d briefDecoder
	return d.decodeLine(line, e)
}

// decodeLine is decodeBriefLine, the cites cut from d's slab.
func (d *briefDecoder) decodeLine(line []byte, e *referee.Event) error {
	if d.decode(lineString(line), e) {
		return nil
	}
	*e = referee.Event{}
	var b briefEvent
	if err := json.Unmarshal(line, &b); err != nil {
		return err
	}
	*e = b.event()
	return nil
}

// WithBriefEvents calls fn with the events BriefEvents returns, decoded
// from the log file mapped read-only (read where it cannot be mapped):
// their strings are cut from the mapping, which is removed when fn
// returns, so fn must not keep them. A fault reading the mapping (the
// file cut short meanwhile: a step rolled back by another process) is an
// error, not a crash.
func WithBriefEvents(s *referee.Session, fn func(evs []referee.Event) error) (err error) {
	if n, lerr := s.Unread(); n == 0 || lerr != nil {
		if lerr != nil {
			return lerr
		}
		return fn(s.Log)
	}
	d := historyOf(s).disk
	defer d.name.catchFault(&err)()
	b, release, err := mapSide(d.name, d.logPath, d.log.Bytes, d.log.CRC)
	if err != nil {
		return err
	}
	defer release()
	evs, err := briefEvents(s, b)
	if err != nil {
		return err
	}
	return fn(evs)
}

// mapSide returns the first n bytes of a side file (n > 0) mapped
// read-only, or read where it cannot be mapped, and what releases them.
func mapSide(s who, path string, n int64, crc *uint32) (b []byte, release func(), err error) {
	f, err := openSide(s, path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	short := s.corruptf("%s is shorter than the %d bytes the save records", filepath.Base(path), n)
	if info, err := f.Stat(); err != nil || info.Size() < n {
		return nil, nil, short
	}
	if b, ok := fsutil.MapFile(f, n); ok {
		if err := verifySide(s, path, b, crc); err != nil {
			fsutil.Unmap(b)
			return nil, nil, err
		}
		return b, func() { fsutil.Unmap(b) }, nil
	}
	b = make([]byte, n)
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, nil, short
	}
	if err := verifySide(s, path, b, crc); err != nil {
		return nil, nil, err
	}
	return b, func() {}, nil
}

// BriefEvents returns the whole log as `bosun log` shows it: the events
// still in the log file are decoded without their answers, and of their
// data only referee.FullTextKey, which is most of the time it takes to read a
// long game's log. Log is left as it is.
func BriefEvents(s *referee.Session) ([]referee.Event, error) {
	if n, lerr := s.Unread(); n == 0 || lerr != nil {
		return s.Log, lerr
	}
	d := historyOf(s).disk
	b, err := readSide(d.name, d.logPath, d.log.Bytes, d.log.CRC)
	if err != nil {
		return nil, err
	}
	return briefEvents(s, b)
}

// briefEvents is BriefEvents on the log file's bytes b.
func briefEvents(s *referee.Session, b []byte) ([]referee.Event, error) {
	n := unread(s)
	evs := make([]referee.Event, n, n+len(s.Log))
	var decs [maxChunks]briefDecoder // one a chunk: their slabs are not shared
	err := historyOf(s).disk.decodeLines(b, n, func(c, i int, line []byte) error {
		return decs[c].decodeLine(line, &evs[i])
	}, func(i int) (int, int) { return evs[i].Step, evs[i].Seq })
	if err != nil {
		return nil, err
	}
	evs = append(evs, s.Log...)
	referee.MarkUndone(evs)
	return evs, nil
}
