package referee

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/bosun-referee/bosun/tables"
)

// SchemaVersion is the version of the session save format that the store
// (referee/store) writes and Session.Schema records. Version 2 keeps undo
// snapshots' states gzip-compressed (Z); version 1 files have plain
// snapshot states. Version 3 writes each snapshot's answers cursor as a
// delta against the next state's, and puts the session's cursor before
// the log and the undo snapshots, so that reading the head of a save stops
// there. Version 4 moves the event log and the undo snapshots out of the
// save into two append-only files beside it: the save holds the current
// state and how far each file goes, so a step appends its own bytes
// instead of rewriting the game. Versions 1 to 3 are read and written back
// as 4.
const SchemaVersion = 4

// Player is one seat at the table. Side is the colour, nation, clan or
// Champion, as the game needs.
type Player struct {
	Name string `json:"name"`
	Side string `json:"side,omitempty"`
}

// Event is one entry of a session's event log.
type Event struct {
	Seq     int            `json:"seq"`
	Step    int            `json:"step"`
	Type    string         `json:"type"`
	Text    string         `json:"text"`
	Data    map[string]any `json:"data,omitempty"`
	Cites   []string       `json:"cites,omitempty"` // rulebook section ids the ruling rests on
	Rolls   []Roll         `json:"rolls,omitempty"`
	Answers []Answer       `json:"answers,omitempty"`
	Undone  bool           `json:"undone,omitempty"` // the step was undone (the log itself is never cut)
}

// FullTextKey is the Data key of an event whose Text shortens boilerplate
// shown once per session (a reference instead of the paragraph): it holds
// the text in full, which `bosun log --full` prints.
const FullTextKey = "full_text"

// RulesQuestionType is the type of the event that records a rules question
// asked during a session (from `bosun play`), with Data "query" (the
// question) and "answer" (the id of the section shown first, if any).
// `bosun log` lists it and `bosun report` gathers these events.
const RulesQuestionType = "rules-question"

// Snapshot is what undo restores: the state before a step.
type Snapshot struct {
	Step  int             `json:"step"`
	State json.RawMessage `json:"state,omitempty"` // schema 1
	// Z is the gzip of {"state": ..., "cursor": ...} (schema 2): a long
	// game keeps hundreds of snapshots, and compressed the save stays
	// small enough to load and write in a few milliseconds.
	Z        []byte        `json:"z,omitempty"`
	RNG      []byte        `json:"rng"`
	Over     bool          `json:"over,omitempty"`
	Revealed bool          `json:"revealed,omitempty"` // the step showed dice or a card
	Cursor   *AnswerCursor `json:"answers_cursor,omitempty"`
}

// AnswerCursor remembers how far a session got through the queues of its
// answers files, so that the same file given to each `bosun next` goes on
// where the last step stopped. For each key it keeps how many answers were
// used and the answers themselves: a queue resumes only while the file
// still starts with them, so a table may append answers to its file as the
// game goes, and a different file starts from its first answer.
type AnswerCursor struct {
	Used map[string]int      `json:"used"`
	Seen map[string][]string `json:"seen,omitempty"`
}

// Session is one game at one table.
type Session struct {
	Schema   int               `json:"schema"`
	Name     string            `json:"name"`
	Game     string            `json:"game"`
	Players  []Player          `json:"players"`
	Options  map[string]string `json:"options,omitempty"`
	Seed     uint64            `json:"seed"`
	DiceMode Mode              `json:"dice"`
	RNG      []byte            `json:"rng"`
	Step     int               `json:"step"`
	Over     bool              `json:"over,omitempty"`
	State    json.RawMessage   `json:"state"`
	Cursor   *AnswerCursor     `json:"answers_cursor,omitempty"`
	// Pending are board values a step remembered that the tables overlay
	// may not hold yet (store.SaveStep).
	Pending []tables.Pending `json:"pending_tables,omitempty"`
	// Log is the event log. A session loaded from a save holds here only
	// the events of this process until Events or LoadLog reads the earlier
	// ones from its History: code that looks back at the log calls Events.
	Log []Event `json:"log"`
	// Undo holds the snapshots of this process's steps (earlier ones are
	// in its History, read one at a time by UndoStep).
	Undo []Snapshot `json:"undo,omitempty"`

	// past is what the session did before this process (nil: nothing, a
	// new session). Log holds the events from unread on: the first unread
	// events are still only in past until Events reads them, and logErr
	// is why they could not be read.
	past   History
	unread int
	logErr error
}

// LoadState decodes the game state into v.
func (s *Session) LoadState(v any) error {
	if len(s.State) == 0 {
		return nil
	}
	if err := json.Unmarshal(s.State, v); err != nil {
		return fmt.Errorf("session %s: game state: %w", s.Name, err)
	}
	return nil
}

// SaveState encodes v as the game state.
func (s *Session) SaveState(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	s.State = b
	return nil
}

// History is what a session did before this process: the events logged
// and the undo snapshots kept by earlier commands. A new session has none;
// a saved one gets its history from the store (referee/store), which reads
// its files only when asked and one snapshot at a time, so a command that
// never looks back costs nothing for a long game.
type History interface {
	// ReadLog returns the first n events of the log (n is at most what
	// the history holds), with Undone as the log file records it.
	ReadLog(n int) ([]Event, error)
	// UndoDepth is how many undo snapshots it holds.
	UndoDepth() int
	// LastSnapshot returns the newest of them, its state still packed;
	// pop removes it from the history.
	LastSnapshot() (sn Snapshot, pop func(), err error)
}

// Attach makes h the session's history, of which the first unread events
// are not in Log (the store attaches a history when it loads or saves a
// session).
func (s *Session) Attach(h History, unread int) {
	s.past, s.unread = h, unread
}

// Past returns the session's history (nil for a new session).
func (s *Session) Past() History { return s.past }

// Unread is how many events of the log are still only in the history,
// and why they could not be read (LoadLog failed).
func (s *Session) Unread() (int, error) { return s.unread, s.logErr }

// Events returns the whole event log. A session loaded from a save reads
// its earlier events on the first call only (a step that never looks back
// at the log never reads them); when they cannot be read the log holds the
// events of this process only, and the error is kept for LoadLog and Next
// to return.
func (s *Session) Events() []Event {
	s.LoadLog()
	return s.Log
}

// LoadLog reads the events still in the history into Log.
func (s *Session) LoadLog() error {
	if s.unread == 0 || s.logErr != nil {
		return s.logErr
	}
	evs, err := s.past.ReadLog(s.unread)
	if err != nil {
		s.logErr = err
		return err
	}
	s.Log = append(evs, s.Log...)
	s.unread = 0
	MarkUndone(s.Log)
	return nil
}

// MarkUndone marks the events of each undone step: those of the step an
// "undo" event names, logged before it (as UndoStep marks them). Walked
// from the end, that is every event with a later undo of its step. A log
// read back from a file is marked this way, since the file is never
// rewritten.
func MarkUndone(evs []Event) {
	var undone map[int]bool // steps with an undo event after this one
	for i := len(evs) - 1; i >= 0; i-- {
		e := &evs[i]
		if e.Type == "undo" {
			if undone == nil {
				undone = map[int]bool{}
			}
			undone[e.Step] = true
			continue
		}
		if undone[e.Step] {
			e.Undone = true
		}
	}
}

// LogLen is the number of events in the log, read or not.
func (s *Session) LogLen() int { return s.unread + len(s.Log) }

// Live returns the events not undone.
func (s *Session) Live() []Event {
	var out []Event
	for _, e := range s.Events() {
		if !e.Undone {
			out = append(out, e)
		}
	}
	return out
}

// Option returns an option value or def.
func (s *Session) Option(key, def string) string {
	if v, ok := s.Options[key]; ok {
		return v
	}
	return def
}

// GameInfo describes a game bosun referees.
type GameInfo struct {
	ID         string   `json:"id"`
	Aliases    []string `json:"aliases"`
	Name       string   `json:"name"`
	MinPlayers int      `json:"min_players"`
	MaxPlayers int      `json:"max_players"`
	Side       string   `json:"side"` // what Player.Side holds: colour, nation, clan, champion
	Runs       string   `json:"runs"`
	Rulebook   string   `json:"rulebook"`
	// Guide is the game's user guide in docs/ ("misty-session.md"), where
	// cmd/gendocs writes its questions table; empty for a game with none.
	Guide string `json:"-"`
}

// StatusView is what a game's Status returns: a value that encodes as the
// `bosun status --json` document and prints itself for people.
type StatusView interface {
	Text() string
}

// Game is one game as a plug-in: it describes itself (Info, Dice,
// Options) and runs its procedure (Setup, Next, Status). Implementations
// live in games/<id>; games/all lists them, and the engine never names one.
type Game interface {
	// Info says what the game is: id, aliases, player counts, rulebook.
	Info() GameInfo
	// Dice lists the game's named dice (plain dN are always known).
	Dice() []DieInfo
	// Options declares the --option keys the game accepts.
	Options() []OptionSpec
	// Setup validates players and options and builds the initial state. It
	// may ask questions and roll dice through env.
	Setup(s *Session, env *Env) error
	// Next runs the next step of the procedure: it tells the players what
	// to do, asks its inputs, computes, and emits events.
	Next(s *Session, env *Env) error
	// Status returns the view of the current state that `bosun status` shows.
	Status(s *Session, env *Env) (StatusView, error)
}

// Games is a list of games (games/all holds the one bosun ships). It
// resolves ids and aliases and gathers the games' dice.
type Games []Game

// Infos returns the GameInfo of every game, in the list's order.
func (gs Games) Infos() []GameInfo {
	out := make([]GameInfo, len(gs))
	for i, g := range gs {
		out[i] = g.Info()
	}
	return out
}

// Resolve maps an id or alias (any case) to its game.
func (gs Games) Resolve(name string) (Game, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	var ids, aliases []string
	for _, g := range gs {
		info := g.Info()
		ids = append(ids, info.ID)
		if len(info.Aliases) > 0 {
			aliases = append(aliases, info.Aliases[0])
		}
		if info.ID == n || slices.Contains(info.Aliases, n) {
			return g, nil
		}
	}
	return nil, Usagef("unknown game %q; accepted: %s (or an alias: %s, ...)", name, strings.Join(ids, ", "), strings.Join(aliases, ", "))
}

// ResolveID maps an id or alias to the canonical game id.
func (gs Games) ResolveID(name string) (string, error) {
	g, err := gs.Resolve(name)
	if err != nil {
		return "", err
	}
	return g.Info().ID, nil
}

// Lookup returns the game of a canonical id (a saved session's Game).
func (gs Games) Lookup(id string) (Game, error) {
	for _, g := range gs {
		if g.Info().ID == id {
			return g, nil
		}
	}
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.Info().ID)
	}
	return nil, fmt.Errorf("no game %q in this bosun; known: %s", id, strings.Join(ids, ", "))
}

// Info returns the GameInfo of a game id ({ID: id} when unknown).
func (gs Games) Info(id string) GameInfo {
	if g, err := gs.Lookup(id); err == nil {
		return g.Info()
	}
	return GameInfo{ID: id}
}

// Dice returns the named dice of every game, in the list's order.
func (gs Games) Dice() []DieInfo {
	var out []DieInfo
	for _, g := range gs {
		for _, d := range g.Dice() {
			if d.Game == "" {
				d.Game = g.Info().ID
			}
			out = append(out, d)
		}
	}
	return out
}

// Env is what a step may use: dice, the prompter and the data tables.
type Env struct {
	Dice   *Dice
	Prompt Prompter
	Tables *tables.Set
	// OnEmit, when set, is called with each event as it is emitted, so a
	// command can show it before the step's next question. The step may
	// still fail (and save nothing) after it.
	OnEmit func(Event)
	// events collected during the current step
	events   []Event
	revealed bool
}

// Emit appends an event to the current step. Rolls made since the previous
// Emit are attached to it, and so are the answers given (when the prompter
// records them).
func (e *Env) Emit(ev Event) {
	if e.Dice != nil {
		ev.Rolls = append(ev.Rolls, e.Dice.TakeRolls()...)
	}
	if len(ev.Rolls) > 0 {
		e.revealed = true
	}
	if rec, ok := e.Prompt.(Recorder); ok {
		for _, a := range rec.TakeRecord() {
			if !strings.HasPrefix(a.Key, LocalPrefix) { // the play menu is not part of the game
				ev.Answers = append(ev.Answers, a)
			}
		}
	}
	e.events = append(e.events, ev)
	if e.OnEmit != nil {
		e.OnEmit(ev)
	}
}

// Reveal marks the current step as one that showed hidden information (a
// card drawn): undoing it needs --force.
func (e *Env) Reveal() { e.revealed = true }

// Step is the shared shape of a game's Next: load the state, run one step
// on it, save it. A step that fails saves nothing: the session keeps the
// state it had.
func Step[S any](s *Session, load func(*Session) (*S, error), step func(*S) error) error {
	st, err := load(s)
	if err != nil {
		return err
	}
	if err := step(st); err != nil {
		return err
	}
	return s.SaveState(st)
}

// Phases maps each phase of a game's procedure to the function that runs
// one step of it.
type Phases[P comparable] map[P]func() error

// Run runs the step of phase p; a phase with no function (the game is
// over) returns over.
func (ph Phases[P]) Run(p P, over error) error {
	f, ok := ph[p]
	if !ok {
		return over
	}
	return f()
}
