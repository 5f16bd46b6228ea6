package referee

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

type packed struct {
	State  json.RawMessage `json:"state"`
	Cursor *AnswerCursor   `json:"cursor,omitempty"`
}

// Pack moves the snapshot's state into Z. The cursor stays apart: the
// store writes it as a delta against the next state's.
func (sn *Snapshot) Pack() {
	b, _ := json.Marshal(packed{State: sn.State})
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	w.Write(b)
	w.Close()
	sn.Z, sn.State = buf.Bytes(), nil
}

// Unpack restores State from Z, and the cursor too when Z holds it (schema
// 2). Schema-1 snapshots have them plain and no Z.
func (sn *Snapshot) Unpack() error {
	if len(sn.Z) == 0 {
		return nil
	}
	r, err := gzip.NewReader(bytes.NewReader(sn.Z))
	if err != nil {
		return err
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	var p packed
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	sn.State = p.State
	if p.Cursor != nil {
		sn.Cursor = p.Cursor
	}
	return nil
}

// NewSession sets up a new session of game g. Nothing is saved; the caller
// saves the returned session.
func NewSession(g Game, name string, players []Player, options map[string]string, seed uint64, mode Mode, env *Env) (*Session, error) {
	info := g.Info()
	if len(players) < info.MinPlayers || len(players) > info.MaxPlayers {
		return nil, Usagef("%s takes %d to %s, got %d", info.ID, info.MinPlayers, Count(info.MaxPlayers, "player"), len(players))
	}
	seen := map[string]bool{}
	for _, p := range players {
		if p.Name == "" {
			return nil, Usagef("players: a player has no name (give NAME or NAME:%s)", info.Side)
		}
		if seen[p.Name] {
			return nil, Usagef("players: %q appears twice", p.Name)
		}
		seen[p.Name] = true
	}
	if options == nil {
		options = map[string]string{}
	}
	s := &Session{Schema: SchemaVersion, Name: name, Game: info.ID, Players: players, Options: options, Seed: seed, DiceMode: mode, Log: []Event{}}
	if env.Dice == nil {
		env.Dice = NewDice(mode, seed, env.Prompt)
	}
	if err := g.Setup(s, env); err != nil {
		return nil, err
	}
	if rec, ok := env.Prompt.(Recorder); ok && len(env.events) > 0 {
		last := &env.events[len(env.events)-1]
		for _, a := range rec.TakeRecord() {
			if !strings.HasPrefix(a.Key, LocalPrefix) {
				last.Answers = append(last.Answers, a)
			}
		}
	}
	for _, ev := range env.takeEvents() {
		s.appendEvent(ev) // setup events belong to step 0, which undo never reaches
	}
	s.Step = 1
	s.RNG = env.Dice.State()
	return s, nil
}

func (e *Env) takeEvents() []Event {
	ev := e.events
	e.events = nil
	return ev
}

func (s *Session) appendEvent(ev Event) {
	ev.Seq = s.LogLen() + 1
	ev.Step = s.Step
	s.Log = append(s.Log, ev)
}

// DiceFor builds the session's dice with its saved RNG state.
func DiceFor(s *Session, p Prompter) (*Dice, error) {
	d := NewDice(s.DiceMode, s.Seed, p)
	if err := d.Restore(s.RNG); err != nil {
		return nil, fmt.Errorf("session %s: dice state: %w", s.Name, err)
	}
	return d, nil
}

// Next runs one step of the procedure. On error the session is unchanged.
func Next(g Game, s *Session, env *Env) ([]Event, error) {
	if s.Over {
		return nil, Usagef("session %s is over; start a new one with bosun new", s.Name)
	}
	snap := Snapshot{Step: s.Step, State: append([]byte(nil), s.State...), RNG: append([]byte(nil), s.RNG...), Over: s.Over, Cursor: s.Cursor}
	env.events = nil
	env.revealed = false
	env.Dice.TakeRolls() // rolls of an earlier, failed step are not this step's
	rec, recording := env.Prompt.(Recorder)
	if recording {
		rec.TakeRecord() // answers given before this step (a failed one) are not its answers
	}
	rewind := env.Dice.mark()
	err := g.Next(s, env)
	err = replaySteps(g, s, env, snap, rewind, err)
	if err == nil {
		err = s.logErr // the step looked back at a log that could not be read
	}
	if err != nil {
		s.State, s.RNG, s.Over = snap.State, snap.RNG, snap.Over
		return nil, err
	}
	if rest := env.Dice.TakeRolls(); len(rest) > 0 {
		env.events = append(env.events, Event{Type: "dice", Text: "dice rolled", Rolls: rest})
		env.revealed = true
	}
	if recording && len(env.events) > 0 {
		// Answers given after the step's last event belong to that event.
		last := &env.events[len(env.events)-1]
		for _, a := range rec.TakeRecord() {
			if !strings.HasPrefix(a.Key, LocalPrefix) {
				last.Answers = append(last.Answers, a)
			}
		}
	}
	snap.Revealed = env.revealed
	snap.Pack()
	s.Undo = append(s.Undo, snap)
	first := len(s.Log)
	for _, ev := range env.takeEvents() {
		s.appendEvent(ev)
	}
	s.Step++
	s.RNG = env.Dice.State()
	return s.Log[first:], nil
}

// Undoable says what UndoStep would undo now, changing nothing: the step,
// and whether it revealed dice or a card (then only a forced undo, which
// is logged, undoes it). Its error is UndoStep's refusal when nothing can
// be undone.
func Undoable(s *Session) (step int, revealed bool, err error) {
	snap, _, err := s.undoSnapshot()
	if err != nil {
		return 0, false, err
	}
	return snap.Step, snap.Revealed, nil
}

// undoSnapshot is the snapshot an undo would restore, checked, and how to
// drop it from the session.
func (s *Session) undoSnapshot() (Snapshot, func(), error) {
	if s.undoDepth() == 0 {
		return Snapshot{}, nil, Usagef("session %s: nothing to undo", s.Name)
	}
	snap, pop, err := s.lastSnapshot()
	if err != nil {
		return Snapshot{}, nil, fmt.Errorf("session %s: undo snapshot of step %d: %w", s.Name, s.Step-1, err)
	}
	if err := s.checkSnapshot(snap); err != nil {
		return Snapshot{}, nil, err
	}
	return snap, pop, nil
}

// UndoStep restores the state before the last step. A step that revealed
// dice or a card needs force, and a forced undo is itself logged.
func UndoStep(s *Session, force bool) (Event, error) {
	snap, pop, err := s.undoSnapshot()
	if err != nil {
		return Event{}, err
	}
	if snap.Revealed && !force {
		return Event{}, Usagef("session %s: step %d revealed information (dice or a card); undo it with --force (the undo is logged)", s.Name, snap.Step)
	}
	pop()
	// Events still in the history are marked when it is read (MarkUndone).
	for i := range s.Log {
		if s.Log[i].Step == snap.Step && s.Log[i].Type != "undo" {
			s.Log[i].Undone = true
		}
	}
	s.State, s.RNG, s.Over, s.Cursor = snap.State, snap.RNG, snap.Over, snap.Cursor
	s.Step = snap.Step
	ev := Event{Type: "undo", Text: fmt.Sprintf("step %d undone", snap.Step), Data: map[string]any{"step": snap.Step, "forced": force && snap.Revealed}}
	if force && snap.Revealed {
		ev.Text = fmt.Sprintf("step %d undone with --force although it had revealed dice or a card", snap.Step)
	}
	s.appendEvent(ev)
	return s.Log[len(s.Log)-1], nil // as logged, with its seq and step
}

// replaySteps runs the step again while it fails with a ReaskError whose
// earlier answer a person gave (Replayer): every other answer of the
// failed attempt is given again, dice rolled by bosun roll the same, and
// the events already printed are not printed twice.
func replaySteps(g Game, s *Session, env *Env, snap Snapshot, rewind func(), err error) error {
	rp, ok := env.Prompt.(Replayer)
	if !ok {
		return err
	}
	defer rp.EndReplay()
	onEmit := env.OnEmit
	defer func() { env.OnEmit = onEmit }()
	for n := 0; err != nil && n < maxReasks; n++ {
		re, ok := reaskOf(err)
		if !ok {
			return err
		}
		var answers []Answer
		var shown []string
		for _, ev := range env.events {
			answers = append(answers, ev.Answers...)
			shown = append(shown, ev.Text)
		}
		if rec, ok := env.Prompt.(Recorder); ok {
			answers = append(answers, rec.TakeRecord()...)
		}
		if !rp.Replay(answers, re) {
			return err
		}
		s.State, s.RNG, s.Over = append([]byte(nil), snap.State...), append([]byte(nil), snap.RNG...), snap.Over
		rewind()
		env.events, env.revealed = nil, false
		if onEmit != nil {
			i := 0
			env.OnEmit = func(ev Event) {
				if i < len(shown) && shown[i] == ev.Text {
					i++
					return
				}
				i = len(shown) // past the first difference, everything is new
				onEmit(ev)
			}
		}
		err = g.Next(s, env)
	}
	return err
}
