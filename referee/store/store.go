package store

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
	"github.com/gofrs/flock"
)

// inUseError is a referee.ErrInUse whose message says which session and how long
// bosun waited, without repeating referee.ErrInUse's own text.
type inUseError struct{ msg string }

func (e *inUseError) Error() string        { return e.msg }
func (e *inUseError) Is(target error) bool { return target == referee.ErrInUse }

// Store keeps sessions as JSON files under Dir/sessions.
type Store struct {
	Dir         string
	LockTimeout time.Duration
}

var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ValidName checks a session name.
func ValidName(name string) error {
	if !validName.MatchString(name) {
		return referee.Usagef("session name %q is not accepted (1-64 letters, digits, '.', '_' or '-', starting with a letter or digit)", name)
	}
	return nil
}

func (st *Store) dir() string { return filepath.Join(st.Dir, "sessions") }

// Path is the save file of a session.
func (st *Store) Path(name string) string { return filepath.Join(st.dir(), name+".json") }

// Lock takes the session's writer lock, waiting up to LockTimeout (1 s by
// default). The returned function releases it.
//
// The lock is the file NAME.json.lock, which Remove deletes while it holds
// it. So a lock taken is held only if its file is still the one at that
// path: a process that waited on the file Remove deleted gets a lock of
// no name, which it gives back to lock the file now at the path (made by
// whoever came first). Two processes that create one name thus never both
// hold its lock.
func (st *Store) Lock(name string) (func(), error) {
	if err := os.MkdirAll(st.dir(), 0o700); err != nil {
		return nil, err
	}
	path := st.Path(name) + ".lock"
	timeout := st.LockTimeout
	if timeout == 0 {
		timeout = time.Second
	}
	deadline := time.Now().Add(timeout)
	var fl *flock.Flock
	for {
		if fl == nil {
			if err := checkLockFile(name, path); err != nil {
				return nil, err
			}
			var err error
			if fl, err = fsutil.NewLock(path); err != nil {
				return nil, fmt.Errorf("session %s: lock: %v; remove it and retry", name, err)
			}
		}
		ok, err := fl.TryLock()
		if err != nil {
			fl.Close()
			return nil, fmt.Errorf("session %s: lock: %w", name, err)
		}
		if ok {
			if lockTaken != nil {
				lockTaken()
			}
			held, herr := fl.Stat()
			now, nerr := os.Lstat(path)
			if herr == nil && nerr == nil && os.SameFile(held, now) {
				return func() { fl.Unlock() }, nil
			}
			// The file was removed (or replaced) while this one waited.
			fl.Unlock()
			fl = nil
			continue
		}
		if time.Now().After(deadline) {
			fl.Close()
			return nil, &inUseError{fmt.Sprintf("session %s is in use by another bosun process (waited %s)", name, timeout)}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// lockTaken, when set (tests only), runs when a lock is taken, before it
// is checked, where Remove's unlink can land (between opening the lock
// file and locking it).
var lockTaken func()

// Exists reports whether a session is saved.
func (st *Store) Exists(name string) bool {
	_, err := os.Stat(st.Path(name))
	return err == nil
}

// Load reads a session. A corrupt file or one from a newer schema is
// refused (and left untouched); an older schema is migrated in memory and
// written as the current one by the next save. A schema-4 save is read
// without its side files: the log is read when a command needs it
// (referee.Session.Events), an undo snapshot when undo pops it.
func (st *Store) Load(name string) (*referee.Session, error) {
	if err := ValidName(name); err != nil {
		return nil, err
	}
	b, err := st.readSave(name)
	if err != nil {
		return nil, err
	}
	if err := checkSchema(name, b); err != nil {
		return nil, err
	}
	var s *referee.Session
	if schema, _ := readSchema(b); *schema >= 4 {
		s, err = st.decodeMain(name, b)
	} else {
		s, err = Decode(name, b)
	}
	if err == nil {
		h := historyOf(s)
		h.saved = b // for SaveStep's rollback (txn.go)
		s.Attach(h, unread(s))
	}
	return s, err
}

// Decode parses a save file written as one document, as schemas 1 to 3
// are (the log and the undo snapshots inside it).
func Decode(name string, b []byte) (*referee.Session, error) {
	if err := checkSchema(name, b); err != nil {
		return nil, err
	}
	// Schema 1 differs from 2 only in how undo snapshots hold their state;
	// both are read as they are (snapJSON has both fields). The snapshots
	// are kept raw until decodeUndo, which knows each one's successor.
	var doc struct {
		referee.Session
		Undo []json.RawMessage `json:"undo,omitempty"`
		// Only schema 4 writes these: a save that holds them is not
		// of the schema it says.
		LogFile  json.RawMessage `json:"log_file"`
		UndoFile json.RawMessage `json:"undo_file"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		// The message names the fields as referee.Session has them.
		var plain referee.Session
		if perr := json.Unmarshal(b, &plain); perr != nil {
			err = perr
		}
		return nil, fmt.Errorf("session %s: the save file is corrupt and was left as it is (%v): %w", name, err, referee.ErrCorrupt)
	}
	s := &doc.Session
	if doc.LogFile != nil || doc.UndoFile != nil {
		return nil, schemaMismatch(name, s.Schema)
	}
	if s.Name != name || s.Game == "" {
		return nil, fmt.Errorf("session %s: the save file is corrupt (name %q, game %q) and was left as it is: %w", name, s.Name, s.Game, referee.ErrCorrupt)
	}
	if s.Log == nil {
		s.Log = []referee.Event{}
	}
	// The snapshots are decoded now, so that the next save writes them
	// to the undo file; validate checks them.
	if err := decodeUndo(s, doc.Undo, s.Schema < 3); err != nil {
		return nil, err
	}
	if err := validate(s); err != nil {
		return nil, err
	}
	s.Schema = referee.SchemaVersion
	return s, nil
}

// schemaMismatch is the error of a save of schema 1 to 3 that holds the
// side-file records only schema 4 writes: its log is in NAME.log, which
// reading it as the schema it says would drop.
func schemaMismatch(name string, schema int) error {
	return fmt.Errorf("session %s: the save file says schema %d but holds log_file and undo_file records, which only schema 4 writes (its history is in %s.log and %s.undo); it was left as it is: %w", name, schema, name, name, referee.ErrCorrupt)
}

// checkSchema refuses files that are not bosun saves or come from a newer
// bosun. It reads only up to the top-level schema field (the first one that
// bosun writes); the rest is checked when the file is decoded.
func checkSchema(name string, b []byte) error {
	schema, err := readSchema(b)
	if err != nil || schema == nil {
		return fmt.Errorf("session %s: the save file is corrupt and was left as it is (%v): %w", name, errOr(err, "no schema field"), referee.ErrCorrupt)
	}
	if *schema > referee.SchemaVersion {
		return fmt.Errorf("session %s: the save file is from a newer bosun (schema %d; this bosun reads up to %d); upgrade bosun: %w", name, *schema, referee.SchemaVersion, referee.ErrCorrupt)
	}
	if *schema < 1 {
		return fmt.Errorf("session %s: schema %d is not a bosun save: %w", name, *schema, referee.ErrCorrupt)
	}
	return nil
}

// readSchema returns the top-level schema field (nil when there is none).
func readSchema(b []byte) (*int, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errOr2(err, "not a JSON object")
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		if k == "schema" {
			var n int
			if err := dec.Decode(&n); err != nil {
				return nil, err
			}
			return &n, nil
		}
		var skipped json.RawMessage
		if err := dec.Decode(&skipped); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

func errOr2(err error, s string) error {
	if err != nil {
		return err
	}
	return errors.New(s)
}

func errOr(err error, s string) any {
	if err != nil {
		return err
	}
	return s
}

// LoadHead reads a session without its event log and undo snapshots, for
// commands that only show the state (status): a long game's log and undo
// history are most of its save file. From schema 3 on the head comes
// first and reading stops where the log starts.
func (st *Store) LoadHead(name string) (*referee.Session, error) {
	s, err := st.loadHead(name, func(key string, schema int) bool { return key == "log" && schema >= 3 || schema >= 4 })
	if errors.Is(err, errSchema4) {
		return st.Load(name) // the save is the head
	}
	return s, err
}

// errSchema4 stops loadHead at a schema-4 save, which holds no log.
var errSchema4 = errors.New("schema 4")

// loadHead decodes a save's top-level fields up to the first key for
// which stop is true, skipping the log and the undo snapshots.
func (st *Store) loadHead(name string, stop func(key string, schema int) bool) (*referee.Session, error) {
	if err := ValidName(name); err != nil {
		return nil, err
	}
	f, err := st.openSave(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	corrupt := func(err any) error {
		return fmt.Errorf("session %s: the save file is corrupt and was left as it is (%v): %w", name, err, referee.ErrCorrupt)
	}
	dec := json.NewDecoder(bufio.NewReaderSize(f, 8192))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, corrupt(errOr(err, "not a JSON object"))
	}
	head := map[string]json.RawMessage{}
	schema := 0
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, corrupt(err)
		}
		k, _ := t.(string)
		if stop(k, schema) {
			if schema >= 4 && k != "state" {
				return nil, errSchema4 // LoadHead: read the whole save
			}
			break
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, corrupt(err)
		}
		if k == "log" || k == "undo" {
			continue
		}
		head[k] = v
		if k == "schema" {
			json.Unmarshal(v, &schema)
		}
	}
	b, err := json.Marshal(head)
	if err != nil {
		return nil, corrupt(err)
	}
	if err := checkSchema(name, b); err != nil {
		return nil, err
	}
	_, hasLog := head["log_file"]
	_, hasUndo := head["undo_file"]
	if schema < 4 && (hasLog || hasUndo) {
		return nil, schemaMismatch(name, schema)
	}
	if schema >= 4 && (!hasLog || !hasUndo) {
		return nil, corrupt(fmt.Sprintf("schema %d with no log_file or undo_file record before the state", schema))
	}
	var s referee.Session
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, corrupt(err)
	}
	if s.Name != name || s.Game == "" {
		return nil, fmt.Errorf("session %s: the save file is corrupt (name %q, game %q) and was left as it is: %w", name, s.Name, s.Game, referee.ErrCorrupt)
	}
	if err := validate(&s); err != nil {
		return nil, err
	}
	s.Schema = referee.SchemaVersion
	return &s, nil
}

// GameOf returns the game id of a saved session, reading only the start of
// its file ("" when it cannot be read). The rules search uses it to prefer
// the current session's game without loading a long game's log.
func (st *Store) GameOf(name string) string {
	if ValidName(name) != nil {
		return ""
	}
	f, err := fsutil.OpenRegular(st.Path(name))
	if err != nil {
		return ""
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(f, 512))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return ""
		}
		if k == "game" {
			var g string
			if dec.Decode(&g) != nil {
				return ""
			}
			return g
		}
		var skipped json.RawMessage
		if dec.Decode(&skipped) != nil {
			return ""
		}
	}
	return ""
}

// Save writes a session and marks it the most recently used: first its
// new events and undo snapshots, appended to its side files, then the save
// file, atomically (see sidefile.go).
//
// A save that fails leaves every file as it was: the bytes it appended to
// the side files are cut back (and what an earlier save that did not
// complete left past the record is put back).
func (st *Store) Save(s *referee.Session) error {
	_, err := st.save(s)
	return err
}

// save is Save; restore puts the side files back as they were before it
// (SaveStep's rollback).
func (st *Store) save(s *referee.Session) (restore func() error, err error) {
	s.Schema = referee.SchemaVersion
	if err := os.MkdirAll(st.dir(), 0o700); err != nil {
		return nil, err
	}
	f, d, restore, err := st.saveSides(s)
	if err != nil {
		return nil, err
	}
	b, err := marshalSave(f)
	if err == nil {
		b = append(b, '\n')
		if err = writeSave(st.Path(s.Name), b); err != nil {
			err = fmt.Errorf("session %s: save: %w", s.Name, err)
		}
	}
	if err != nil {
		if rerr := restore(); rerr != nil {
			return nil, fmt.Errorf("%w (cutting the step's bytes from the session's log and undo files failed too: %v; they are past what the save records, ignored when read and cut by the next save)", err, rerr)
		}
		return nil, err
	}
	s.Attach(&history{disk: d, saved: b}, unread(s)) // saved: for SaveStep's rollback (txn.go)
	s.Undo = nil
	// The save is done: "current" only names the most recently used
	// session, so failing to write it does not fail (or undo) the save,
	// whose command would otherwise report a step as not saved that is.
	_ = st.SetCurrent(s.Name)
	return restore, nil
}

// writeSave writes the save file; tests replace it to fail as a full disk
// or a read-only directory does.
var writeSave = fsutil.WriteAtomic

// SetCurrent records name as the most recently used session.
// A file that names it already is left as it is: every step saves, and
// rewriting the same bytes (a temporary file, two fsyncs and a rename)
// changed nothing but what the step cost.
func (st *Store) SetCurrent(name string) error {
	path := filepath.Join(st.Dir, "current")
	if b, err := fsutil.ReadRegular(path, 4096); err == nil && string(b) == name+"\n" {
		return nil
	}
	return fsutil.WriteAtomic(path, []byte(name+"\n"))
}

// Current returns the most recently used session, or "".
func (st *Store) Current() string {
	b, err := fsutil.ReadRegular(filepath.Join(st.Dir, "current"), 4096)
	if err != nil {
		return ""
	}
	name := strings.TrimSpace(string(b))
	if !st.Exists(name) {
		return ""
	}
	return name
}

// Summary is one line of `bosun sessions`.
type Summary struct {
	Name    string    `json:"name"`
	Game    string    `json:"game"`
	Players []string  `json:"players"`
	Step    int       `json:"step"`
	Over    bool      `json:"over"`
	Current bool      `json:"current"`
	Saved   time.Time `json:"saved"`
	Error   string    `json:"error,omitempty"`
}

// List returns every saved session, most recent first.
func (st *Store) List() ([]Summary, error) {
	ents, err := os.ReadDir(st.dir())
	if os.IsNotExist(err) {
		return []Summary{}, nil
	}
	if err != nil {
		return nil, err
	}
	cur := st.Current()
	out := []Summary{}
	for _, e := range ents {
		n := e.Name()
		if !strings.HasSuffix(n, ".json") || strings.HasPrefix(n, ".") {
			continue
		}
		name := strings.TrimSuffix(n, ".json")
		info, _ := e.Info()
		sum := Summary{Name: name, Current: name == cur}
		if info != nil {
			sum.Saved = info.ModTime().UTC().Truncate(time.Second)
		}
		// Only what the list shows: the head up to the game state, which
		// every schema writes before the log and the undo snapshots.
		s, err := st.loadHead(name, func(key string, _ int) bool { return key == "state" })
		if err != nil {
			sum.Error = err.Error()
		} else {
			sum.Game, sum.Step, sum.Over = s.Game, s.Step, s.Over
			for _, p := range s.Players {
				sum.Players = append(sum.Players, p.Name)
			}
		}
		out = append(out, sum)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, nil
}

// Remove deletes a session and its lock file.
func (st *Store) Remove(name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	if !st.Exists(name) {
		return referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	if err := os.Remove(st.Path(name)); err != nil {
		return err
	}
	os.Remove(st.logPath(name))
	os.Remove(st.undoPath(name))
	os.Remove(st.Path(name) + ".lock")
	if st.Current() == "" {
		os.Remove(filepath.Join(st.Dir, "current"))
	}
	return nil
}
