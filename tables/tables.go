// Package tables holds bosun's embedded data tables. Every row says where
// its value comes from: "rulebook" (with the rulebook line or section it
// rests on), "board" (printed on a component the rulebook text does not
// reproduce), "assumed" (a reading bosun chose, documented in docs/), or
// "user" (entered by the players and kept in their overlay file).
//
// A row may be known (it has a value) or unknown (a board value bosun has
// not been told yet). Game code asks for unknown values once through
// referee.AskOnce, and the answer is remembered in the overlay.
//
//	set, _ := tables.New("", nil) // or store.LoadTables(overlayPath)
//	row, ok := set.Lookup("dice", "direction")
//
// The package is data and rules about data, with no disk in it: the
// overlay file is read and written by the store (referee/store), so the
// engine and the games, which import tables, never import os.
package tables

import (
	"fmt"
	"sort"

	"gopkg.in/yaml.v3"
)

// The shipped tables are written in data/*.yaml and compiled into Go values
// (shipped.go, written by go generate ./tables/ and checked by go test:
// TestShippedGo, TestShippedGoMatchesYAML),
// so that a command reads a table without parsing YAML; only the user's
// overlay file is YAML at run time.
//
//go:generate go run ./internal/gen

// Sources a row may come from.
const (
	SourceRulebook = "rulebook"
	SourceBoard    = "board"
	SourceAssumed  = "assumed"
	SourceUser     = "user"
)

// Row is one value of a table.
type Row struct {
	Key    string `yaml:"key,omitempty" json:"key"`
	Value  any    `yaml:"value,omitempty" json:"value,omitempty"`
	Source string `yaml:"source" json:"source"`
	Ref    string `yaml:"ref,omitempty" json:"ref,omitempty"`
	Note   string `yaml:"note,omitempty" json:"note,omitempty"`
	// Where names the component to read an unknown board value from.
	Where string `yaml:"where,omitempty" json:"where,omitempty"`
}

// Known reports whether the row has a value.
func (r Row) Known() bool { return r.Value != nil }

// Table is one embedded data file.
type Table struct {
	Name        string `yaml:"name" json:"name"`
	Title       string `yaml:"title" json:"title"`
	Game        string `yaml:"game,omitempty" json:"game,omitempty"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
	Rows        []Row  `yaml:"rows" json:"rows"`
}

// Set is the shipped tables with the user's overlay applied. A shipped
// table is built from its compiled values when first used, so a command
// that needs one table does not pay for all of them; every table is
// validated by go test (TestEveryEmbeddedTableIsValid) and again when it
// is first used.
type Set struct {
	OverlayPath string
	tables      map[string]*Table // built so far
	overlay     map[string]map[string]Row
	saved       map[string]map[string]Row // the overlay as last read or written
	pending     map[string]map[string]Row // remembered since then
	dirty       bool
}

// Embedded builds and validates every shipped table.
func Embedded() (map[string]*Table, error) {
	s, err := New("", nil)
	if err != nil {
		return nil, err
	}
	out := map[string]*Table{}
	for _, name := range shippedNames {
		t, err := s.embedded(name)
		if err != nil {
			return nil, err
		}
		out[name] = t
	}
	return out, nil
}

// embedded returns one shipped table, built on first use (nil when there
// is no such table).
func (s *Set) embedded(name string) (*Table, error) {
	if t, ok := s.tables[name]; ok {
		return t, nil
	}
	t := shippedTable(name)
	if t == nil {
		return nil, nil
	}
	if err := t.validate(); err != nil {
		return nil, fmt.Errorf("tables: data/%s.yaml: %w", name, err)
	}
	s.tables[name] = t
	return t, nil
}

// mustEmbedded is embedded for accessors that return no error: a malformed
// shipped table is a build defect, which go test catches.
func (s *Set) mustEmbedded(name string) *Table {
	t, err := s.embedded(name)
	if err != nil {
		panic(err)
	}
	return t
}

// New returns the shipped tables with an overlay applied: overlay is the
// contents of the user's overlay file (nil when there is none), path the
// file's name, which messages give and the store writes back to. A
// malformed overlay is an error naming the file. Reading and writing the
// file is the store's (referee/store: LoadTables, FlushTables): this
// package never touches the disk.
func New(path string, overlay []byte) (*Set, error) {
	s := &Set{OverlayPath: path, tables: map[string]*Table{}, overlay: map[string]map[string]Row{}}
	if overlay == nil {
		return s, nil
	}
	if err := yaml.Unmarshal(overlay, &s.overlay); err != nil {
		return nil, fmt.Errorf("tables: overlay %s is not valid YAML (table: key: {value, source, ref}): %w", path, err)
	}
	for tname, rows := range s.overlay {
		for k, r := range rows {
			r.Key = k
			if r.Source == "" {
				r.Source = SourceUser
			}
			if msg := s.checkValue(tname, k, r.Value); msg != "" {
				return nil, &ValueError{File: path, Table: tname, Key: k, Msg: msg + " (fix or delete it in the file)"}
			}
			rows[k] = r
		}
		if s.overlay[tname] == nil {
			s.overlay[tname] = map[string]Row{}
		}
	}
	s.saved = copyOverlay(s.overlay)
	return s, nil
}

func copyOverlay(o map[string]map[string]Row) map[string]map[string]Row {
	out := make(map[string]map[string]Row, len(o))
	for t, rows := range o {
		out[t] = make(map[string]Row, len(rows))
		for k, r := range rows {
			out[t][k] = r
		}
	}
	return out
}

func (t *Table) validate() error {
	if t.Title == "" {
		return fmt.Errorf("table %s has no title", t.Name)
	}
	seen := map[string]bool{}
	for i, r := range t.Rows {
		if r.Key == "" {
			return fmt.Errorf("row %d has no key", i+1)
		}
		if seen[r.Key] {
			return fmt.Errorf("row %q appears twice", r.Key)
		}
		seen[r.Key] = true
		switch r.Source {
		case SourceRulebook:
			if r.Ref == "" {
				return fmt.Errorf("row %q: a rulebook value needs ref (the line or section it rests on)", r.Key)
			}
			if !r.Known() {
				return fmt.Errorf("row %q: a rulebook value needs a value", r.Key)
			}
		case SourceBoard:
			if !r.Known() && r.Where == "" {
				return fmt.Errorf("row %q: an unknown board value needs where (the component to read it from)", r.Key)
			}
		case SourceAssumed:
			if r.Note == "" {
				return fmt.Errorf("row %q: an assumed value needs a note saying why", r.Key)
			}
		default:
			return fmt.Errorf("row %q: source %q is not rulebook, board or assumed", r.Key, r.Source)
		}
	}
	return nil
}

// Names lists the table names, sorted.
func (s *Set) Names() []string {
	n := append([]string(nil), shippedNames...)
	for k := range s.overlay {
		if shippedTable(k) == nil {
			n = append(n, k)
		}
	}
	sort.Strings(n)
	return n
}

// Table returns a table with the overlay applied (overlaid rows replace the
// embedded ones; rows only in the overlay are appended).
func (s *Set) Table(name string) (*Table, bool) {
	base := s.mustEmbedded(name)
	ok := base != nil
	ov := s.overlay[name]
	if !ok && ov == nil {
		return nil, false
	}
	t := &Table{Name: name, Title: name}
	if ok {
		cp := *base
		cp.Rows = append([]Row(nil), base.Rows...)
		t = &cp
	}
	seen := map[string]bool{}
	for i, r := range t.Rows {
		if o, ok := ov[r.Key]; ok {
			t.Rows[i] = o
		}
		seen[r.Key] = true
	}
	var extra []string
	for k := range ov {
		if !seen[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		t.Rows = append(t.Rows, ov[k])
	}
	return t, true
}

// Lookup returns one row (overlay first). ok is false when the table has no
// such row; a row may exist but be unknown (see Row.Known).
func (s *Set) Lookup(table, key string) (Row, bool) {
	if r, ok := s.overlay[table][key]; ok {
		return r, true
	}
	if t := s.mustEmbedded(table); t != nil {
		for _, r := range t.Rows {
			if r.Key == key {
				return r, true
			}
		}
	}
	return Row{}, false
}

// Remember stores a value in the overlay, so it is never asked again. It is
// written to the overlay file (store.FlushTables) once the step or command that asked
// it has succeeded: an answer that made the step fail is not kept.
func (s *Set) Remember(table, key string, value any, ref string) error {
	if msg := s.checkValue(table, key, value); msg != "" {
		return &ValueError{Table: table, Key: key, Msg: msg}
	}
	if s.overlay[table] == nil {
		s.overlay[table] = map[string]Row{}
	}
	r := Row{Key: key, Value: value, Source: SourceUser, Ref: ref}
	s.overlay[table][key] = r
	if s.pending == nil {
		s.pending = map[string]map[string]Row{}
	}
	if s.pending[table] == nil {
		s.pending[table] = map[string]Row{}
	}
	s.pending[table][key] = r
	s.dirty = true
	return nil
}

// Discard forgets the values remembered since the last Flushed.
func (s *Set) Discard() {
	if s.dirty {
		s.overlay = copyOverlay(s.saved)
		s.pending = nil
		s.dirty = false
	}
}

// Unflushed reports whether values were remembered since the last
// Flushed: the overlay file lacks them.
func (s *Set) Unflushed() bool { return s.dirty }

// Merge returns what the overlay file holds once the values remembered
// since the last Flushed are added to current, the file as it is now (nil
// when there is none): only the values remembered here are written, so
// another bosun process's answers written meanwhile are kept. The store
// calls it under the file's lock (referee/store.FlushTables).
func (s *Set) Merge(current []byte) ([]byte, error) {
	file := map[string]map[string]Row{}
	if current != nil {
		if err := yaml.Unmarshal(current, &file); err != nil {
			return nil, fmt.Errorf("tables: overlay %s is not valid YAML: %w", s.OverlayPath, err)
		}
	}
	if file == nil {
		file = map[string]map[string]Row{}
	}
	for t, rows := range s.pending {
		if file[t] == nil {
			file[t] = map[string]Row{}
		}
		for k, r := range rows {
			r.Key = ""
			file[t][k] = r
		}
	}
	return yaml.Marshal(file)
}

// Flushed records that the overlay file holds every value remembered so
// far (the store wrote what Merge returned, or the set has no file).
func (s *Set) Flushed() {
	s.saved = copyOverlay(s.overlay)
	s.pending = nil
	s.dirty = false
}

// Pending is a value remembered by a step and not yet known to be in the
// overlay file: a session keeps its step's pending values until the
// overlay is written (see referee.SaveStep), so that a process killed
// between the two writes loses neither.
type Pending struct {
	Table string `json:"table"`
	Key   string `json:"key"`
	Value any    `json:"value"`
	Ref   string `json:"ref,omitempty"`
}

// PendingValues lists the values remembered since the last Flushed, sorted.
func (s *Set) PendingValues() []Pending {
	var out []Pending
	for t, rows := range s.pending {
		for k, r := range rows {
			out = append(out, Pending{Table: t, Key: k, Value: r.Value, Ref: r.Ref})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Table != out[j].Table {
			return out[i].Table < out[j].Table
		}
		return out[i].Key < out[j].Key
	})
	return out
}

// InFile reports whether the overlay file, as last read or written, holds
// table/key.
func (s *Set) InFile(table, key string) bool {
	_, ok := s.saved[table][key]
	return ok
}

// Fork returns a copy of the set whose remembered values are its own: a
// value remembered in the fork is not in s, and the fork writes no file
// unless its caller flushes it.
func (s *Set) Fork() *Set {
	c := *s
	c.tables = make(map[string]*Table, len(s.tables))
	for k, t := range s.tables {
		c.tables[k] = t
	}
	c.overlay = copyOverlay(s.overlay)
	c.saved = copyOverlay(s.saved)
	if s.pending != nil {
		c.pending = copyOverlay(s.pending)
	}
	return &c
}
