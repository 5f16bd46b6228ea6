package referee

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/tables"
)

// SchemaVersion is the version of the session save format. Version 2 keeps
// undo snapshots' states gzip-compressed (StateZ); version 1 files, with
// plain snapshot states, are read as they are and written back as 2.
const SchemaVersion = 2

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
	Log      []Event           `json:"log"`
	Undo     []Snapshot        `json:"undo,omitempty"`
	Cursor   *AnswerCursor     `json:"answers_cursor,omitempty"`
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

// Live returns the events not undone.
func (s *Session) Live() []Event {
	var out []Event
	for _, e := range s.Log {
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
}

// Game is the procedure of one game. Implementations live in games/<id>.
type Game interface {
	Info() GameInfo
	// Setup validates players and options and builds the initial state. It
	// may ask questions and roll dice through env.
	Setup(s *Session, env *Env) error
	// Next runs the next step of the procedure: it tells the players what
	// to do, asks its inputs, computes, and emits events.
	Next(s *Session, env *Env) error
	// Status returns the view of the current state that `bosun status` shows.
	Status(s *Session, env *Env) (any, error)
}

var registry = map[string]Game{}

// Register adds a game; games call it from init.
func Register(g Game) { registry[g.Info().ID] = g }

// Games returns the registered games sorted by id.
func Games() []Game {
	var out []Game
	for _, g := range registry {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().ID < out[j].Info().ID })
	return out
}

// AllGameInfo lists every game bosun knows, registered or not yet, so that
// `bosun games` and game-id resolution work before a game's referee exists.
var AllGameInfo = []GameInfo{
	{ID: "misty-waters", Aliases: []string{"mw", "misty"}, Name: "Misty Waters: At the World's Edge", MinPlayers: 1, MaxPlayers: 4, Side: "colour",
		Runs: "6-phase rounds, Wheel of Time, weather and Wind Force, NPC movement and attacks, Broadside and Boarding battles, end game, Viceroy voting", Rulebook: "misty-waters.txt"},
	{ID: "rolling-seas", Aliases: []string{"rs", "rolling"}, Name: "Rolling Seas", MinPlayers: 1, MaxPlayers: 6, Side: "",
		Runs: "adventure deck, wind and exploration dice, sailing costs, encounters, Ambush battles, Captain Ironside automa, scoring and ranks", Rulebook: "rolling-seas.txt"},
	{ID: "war-for-atraxia", Aliases: []string{"atraxia", "wfa"}, Name: "War for Atraxia", MinPlayers: 3, MaxPlayers: 6, Side: "clan",
		Runs: "turns and actions, battles (fleet strength + ammo + power cards), pirates and privateers, Isle of Myth upkeep and end-game countdown", Rulebook: "war-for-atraxia.txt"},
	{ID: "quests-and-cannons", Aliases: []string{"qc", "quests"}, Name: "Quests & Cannons: The Risen Islands", MinPlayers: 1, MaxPlayers: 6, Side: "champion",
		Runs: "turns and rounds, attacks with ammo dice, Treacherous Seas, sinking, Prosperity goal, co-op Marauder automa", Rulebook: "quests-and-cannons.txt"},
}

// ResolveGame maps an id or alias to the canonical game id.
func ResolveGame(name string) (string, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	var ids []string
	for _, g := range AllGameInfo {
		ids = append(ids, g.ID)
		if g.ID == n {
			return g.ID, nil
		}
		for _, a := range g.Aliases {
			if a == n {
				return g.ID, nil
			}
		}
	}
	return "", Usagef("unknown game %q; accepted: %s (or an alias: mw, rs, atraxia, qc, ...)", name, strings.Join(ids, ", "))
}

// Info returns the GameInfo of a game id.
func Info(id string) GameInfo {
	for _, g := range AllGameInfo {
		if g.ID == id {
			return g
		}
	}
	return GameInfo{ID: id}
}

// Lookup returns the registered referee of a game id.
func Lookup(id string) (Game, error) {
	g, ok := registry[id]
	if !ok {
		return nil, fmt.Errorf("the %s session referee is not built yet (its battle and rules commands work)", id)
	}
	return g, nil
}

// Env is what a step may use: dice, the prompter and the data tables.
type Env struct {
	Dice   *Dice
	Prompt Prompter
	Tables *tables.Set
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
}

// Reveal marks the current step as one that showed hidden information (a
// card drawn): undoing it needs --force.
func (e *Env) Reveal() { e.revealed = true }
