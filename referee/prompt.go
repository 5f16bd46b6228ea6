package referee

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of answer a Question accepts.
type Kind string

// The kinds of question.
const (
	KindChoose  Kind = "choose"
	KindNumber  Kind = "number"
	KindConfirm Kind = "confirm"
	KindText    Kind = "text"
	KindList    Kind = "list" // a comma-separated list, each item validated by Item
)

// Question is one prompt. Key is stable across versions (for example
// "weather.tile.move") so that answers files keep working.
type Question struct {
	Key     string   `json:"key"`
	Text    string   `json:"text"`
	Kind    Kind     `json:"kind"`
	Options []string `json:"options,omitempty"` // KindChoose, and item options for KindList
	Min     int      `json:"min,omitempty"`     // KindNumber (and list items when Options is empty)
	Max     int      `json:"max,omitempty"`
	Count   int      `json:"count,omitempty"` // KindList: exact number of items (0: any)
	Default string   `json:"default,omitempty"`
	// Where names the physical component to read the answer from, if any.
	Where string `json:"where,omitempty"`
	// Accepted, when set, replaces the generated description of the
	// accepted answers (for text checked by its asker, such as dice).
	Accepted string `json:"accepted,omitempty"`
	// Check, when set, validates the canonical answer further (a ship spec,
	// a die face, a reward) and may rewrite it. It runs inside Normalize, so
	// a terminal re-asks a refused answer in place instead of aborting the
	// step, and a scripted answer it refuses is a usage error naming the key.
	Check func(canonical string) (string, error) `json:"-"`
	// Choices, when set on a KindText question, lists answers a terminal
	// may offer to pick from (the faces of one labelled die); the question
	// still accepts whatever Normalize accepts, so scripted answers are
	// unchanged.
	Choices []string `json:"-"`
	// Labels, when set, says in words what some options are (the cards a
	// type stands for: "sea-monster": "a Sea Monster card, e.g. the
	// Kraken"); a terminal shows and searches them, and the answer is
	// still the option.
	Labels map[string]string `json:"labels,omitempty"`
}

// Accepts describes in one line what answers are accepted.
func (q Question) Accepts() string {
	if q.Accepted != "" {
		return q.Accepted
	}
	switch q.Kind {
	case KindChoose:
		return "one of: " + strings.Join(q.Options, ", ")
	case KindNumber:
		return fmt.Sprintf("a whole number from %d to %d", q.Min, q.Max)
	case KindConfirm:
		return "yes or no"
	case KindList:
		item := "text"
		if len(q.Options) > 0 {
			item = "one of " + strings.Join(q.Options, ", ")
		} else if q.Min != 0 || q.Max != 0 {
			item = fmt.Sprintf("a whole number from %d to %d", q.Min, q.Max)
		}
		if q.Count > 0 {
			return fmt.Sprintf("%s, each %s", Noun(q.Count, "1 value", Count(q.Count, "comma-separated value")), item)
		}
		return "comma-separated values, each " + item
	default:
		return "any text"
	}
}

// Normalize validates a raw answer and returns its canonical form: the exact
// option for KindChoose (matched case-insensitively, or by its 1-based
// number), a decimal for KindNumber, "yes"/"no" for KindConfirm, and
// comma-joined canonical items for KindList.
func (q Question) Normalize(raw string) (string, error) {
	v, err := q.normalize(raw)
	if err != nil || q.Check == nil {
		return v, err
	}
	c, err := q.Check(v)
	if err != nil {
		if re, reask := reaskOf(err); reask {
			if re.Then == "" {
				re.Then, re.Value = q.Key, v // the answer that showed it
			}
			return "", err
		}
		if errors.Is(err, ErrUsage) {
			// The refusal names the question it refuses, so that --json's
			// error carries its key; its rulebook cites stay.
			var ue *UsageError
			if errors.As(err, &ue) && !strings.Contains(ue.Msg, q.Key) {
				return "", &UsageError{Msg: fmt.Sprintf("answer %q for %s (%s): %s", v, q.Key, q.Text, ue.Msg), Cites: ue.Cites}
			}
			return "", err
		}
		return "", Usagef("answer %q for %s (%s): %v", v, q.Key, q.Text, err)
	}
	return c, nil
}

func (q Question) normalize(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" && q.Default != "" {
		raw = q.Default
	}
	bad := func(why string) error {
		return Usagef("answer %q for %s (%s) %s; accepted: %s", raw, q.Key, q.Text, why, q.Accepts())
	}
	switch q.Kind {
	case KindChoose:
		if v, ok := matchOption(q.Options, raw); ok {
			return v, nil
		}
		return "", bad("is not an option")
	case KindNumber:
		n, err := strconv.Atoi(raw)
		if err != nil {
			return "", bad("is not a whole number")
		}
		if n < q.Min || n > q.Max {
			return "", bad("is out of range")
		}
		return strconv.Itoa(n), nil
	case KindConfirm:
		switch strings.ToLower(raw) {
		case "y", "yes", "true", "1", "on":
			return "yes", nil
		case "n", "no", "false", "0", "off":
			return "no", nil
		}
		return "", bad("is not yes or no")
	case KindList:
		items := SplitList(raw)
		if q.Count > 0 && len(items) != q.Count {
			return "", bad(fmt.Sprintf("has %s, want %d (all in one answer: \"a,b\"; in a YAML answers file a plain list [a, b] is a queue of separate answers, write [[a, b]] or \"a,b\")", Count(len(items), "value"), q.Count))
		}
		out := make([]string, len(items))
		for i, it := range items {
			switch {
			case len(q.Options) > 0:
				v, ok := matchOption(q.Options, it)
				if !ok {
					return "", bad(fmt.Sprintf("has %q, which is not accepted", it))
				}
				out[i] = v
			case q.Min != 0 || q.Max != 0:
				n, err := strconv.Atoi(it)
				if err != nil || n < q.Min || n > q.Max {
					return "", bad(fmt.Sprintf("has %q, which is not accepted", it))
				}
				out[i] = strconv.Itoa(n)
			default:
				out[i] = it
			}
		}
		return strings.Join(out, ","), nil
	default:
		if raw == "" {
			return "", bad("is empty")
		}
		return raw, nil
	}
}

// SplitList splits "6,4, 4 1" into its items (commas and/or spaces).
func SplitList(raw string) []string {
	return strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

func matchOption(options []string, raw string) (string, bool) {
	for _, o := range options {
		if strings.EqualFold(o, raw) {
			return o, true
		}
	}
	// "no" where nothing happening is an option means it ("no attack").
	if strings.EqualFold(raw, "no") {
		for _, o := range options {
			if o == "none" {
				return o, true
			}
		}
	}
	if n, err := strconv.Atoi(raw); err == nil && n >= 1 && n <= len(options) {
		// A number answers a choice by position only when no option is itself a number.
		numeric := false
		for _, o := range options {
			if _, err := strconv.Atoi(o); err == nil {
				numeric = true
				break
			}
		}
		if !numeric {
			return options[n-1], true
		}
	}
	return "", false
}

// Prompter asks one question and returns the validated, canonical answer
// (see Question.Normalize). Implementations: the promptui terminal adapter
// (cmd), Scripted (answers from --set, --answers and stdin), and
// refereetest.Prompter for tests.
type Prompter interface {
	Ask(q Question) (string, error)
}

// Presetter is implemented by prompters that may hold an answer for a key
// before it is asked (scripted answers). Dice use it so that one roll can be
// entered even in a virtual-dice session.
type Presetter interface {
	HasAnswer(key string) bool
}

// Number asks for a whole number in [min, max].
func Number(p Prompter, key, text string, min, max int) (int, error) {
	a, err := p.Ask(Question{Key: key, Text: text, Kind: KindNumber, Min: min, Max: max})
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(a)
}

// Text asks for free text.
func Text(p Prompter, key, text string) (string, error) {
	return p.Ask(Question{Key: key, Text: text, Kind: KindText})
}

// NoAnswerError is returned when a question has no answer and nobody can be
// asked (no terminal). It is a usage error (exit 2).
type NoAnswerError struct{ Q Question }

func (e *NoAnswerError) Error() string {
	msg := fmt.Sprintf("no answer for %s: %s; accepted: %s; answer with --set %s=VALUE or an --answers file", e.Q.Key, e.Q.Text, e.Q.Accepts(), e.Q.Key)
	if e.Q.Where != "" {
		msg += " (read it from " + e.Q.Where + ")"
	}
	return msg
}

// Is makes a NoAnswerError an ErrUsage.
func (e *NoAnswerError) Is(target error) bool { return target == ErrUsage }

// Answer is one answered question, as recorded in the event log.
type Answer struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Source string `json:"source"` // set, answers, stdin, terminal, default
}

// Scripted answers questions from preset answers, then one line of Lines
// per question asked, then Fallback (the terminal), else a NoAnswerError.
// Preset answers come from --set (Override, which wins) and answers files
// (Preset). A key may hold a queue of answers, used in order. A --set
// queue repeats its last answer for every further ask of its key; a Preset
// queue that runs out is a usage error (NoMoreAnswersError) unless
// Repeat[key] is set (an answers file's single value, or a list ending in
// "...", see ParseAnswers). The cursor into the Preset queues can be saved
// with a session (Cursor/Resume), so that an answers file given to every
// `bosun next` of a session goes on where the previous step stopped.
type Scripted struct {
	Preset   map[string][]string
	Override map[string][]string
	Source   map[string]string // where each Preset key came from (recorded with its answers)
	// Repeat marks the Preset keys whose last answer repeats when their
	// queue runs out.
	Repeat map[string]bool
	// File names the answers file of each Preset key, for errors.
	File  map[string]string
	Lines []string
	// LinesFunc, when set, supplies Lines the first time a question falls
	// through to them (stdin is read only when something is asked).
	LinesFunc func() []string
	Fallback  Prompter
	// RefuseEmpty refuses an empty Override answer (--set key= on the
	// command line, more likely a value that went missing than a choice)
	// with the values the question accepts; without it an empty answer
	// takes the default, as Enter does at a terminal.
	RefuseEmpty bool
	used        map[string]int
	overUsed    map[string]int
	// Record collects every answer given, in order.
	Record []Answer
	// replay and reask run a step again after a ReaskError (Replay).
	replay map[string][]Answer
	reask  *pendingReask
}

// Recorder is implemented by prompters that record the answers given (the
// engine logs them with the step's events).
type Recorder interface {
	// TakeRecord returns and clears the answers recorded so far.
	TakeRecord() []Answer
}

// NoMoreAnswersError is returned when the queue of answers of a key in an
// answers file has run out. It is a usage error (exit 2).
type NoMoreAnswersError struct {
	Key  string
	File string
	Had  int
}

func (e *NoMoreAnswersError) Error() string {
	return fmt.Sprintf("no more answers for %s in %s (it had %d); add answers to its list, or end the list with \"...\" to repeat its last answer", e.Key, e.File, e.Had)
}

// Is makes a NoMoreAnswersError an ErrUsage.
func (e *NoMoreAnswersError) Is(target error) bool { return target == ErrUsage }

// NewScripted returns an empty Scripted prompter.
func NewScripted() *Scripted {
	return &Scripted{Preset: map[string][]string{}, Override: map[string][]string{}, Source: map[string]string{}, Repeat: map[string]bool{}, File: map[string]string{}, used: map[string]int{}, overUsed: map[string]int{}}
}

// Set adds a preset answer for key. Answers from source "set" (the command
// line) take priority over those from answers files, and their last one
// repeats. For other sources, as in an answers file, a key's single answer
// repeats and two or more are a queue that must not run out (set Repeat
// to repeat its last answer).
func (s *Scripted) Set(key, value, source string) {
	if source == "set" {
		if s.Override == nil {
			s.Override = map[string][]string{}
		}
		s.Override[key] = append(s.Override[key], value)
		return
	}
	if s.Repeat == nil {
		s.Repeat = map[string]bool{}
	}
	s.Preset[key] = append(s.Preset[key], value)
	s.Repeat[key] = len(s.Preset[key]) == 1
	s.Source[key] = source
}

// HasAnswer reports whether key has a preset answer (Presetter).
func (s *Scripted) HasAnswer(key string) bool {
	if _, ok := s.Override[key]; ok {
		return true
	}
	_, ok := s.Preset[key]
	return ok
}

// LinesAhead reports whether lines of stdin wait to answer the next
// questions (AnswersAhead).
func (s *Scripted) LinesAhead() bool { return len(s.Lines) > 0 }

// PresetKeys lists the keys with --set answers, then those with answers
// from files, each group sorted (AnswersAhead).
func (s *Scripted) PresetKeys() []string {
	out := sortedKeys(s.Override)
	for _, k := range sortedKeys(s.Preset) {
		if _, ok := s.Override[k]; !ok {
			out = append(out, k)
		}
	}
	return out
}

// LocalPrefix starts the keys of questions that belong to one process (the
// play menu), not to the session: their queue cursors are never saved with
// a session nor reset by Resume.
const LocalPrefix = "play."

// Cursor returns how far each Preset queue was used, with the answers
// used (see AnswerCursor). Keys of the play menu (LocalPrefix) are left out.
func (s *Scripted) Cursor() *AnswerCursor {
	c := &AnswerCursor{Used: map[string]int{}, Seen: map[string][]string{}}
	for k, n := range s.used {
		q, ok := s.Preset[k]
		if !ok || n == 0 || strings.HasPrefix(k, LocalPrefix) {
			continue
		}
		// Past the end of a repeating queue its last answer repeats; the
		// cursor stops at the end, so answers appended later are used next.
		n = max(min(n, len(q)), 0)
		c.Used[k] = n
		c.Seen[k] = append([]string(nil), q[:n]...)
	}
	return c
}

// Resume continues the Preset queues where a saved cursor left them: a
// key resumes when its queue still starts with the answers the cursor saw,
// and starts over otherwise. Play-menu keys keep their own position.
func (s *Scripted) Resume(c *AnswerCursor) {
	keep := map[string]int{}
	for k, n := range s.used {
		if strings.HasPrefix(k, LocalPrefix) {
			keep[k] = n
		}
	}
	if c != nil {
		for k, n := range c.Used {
			if strings.HasPrefix(k, LocalPrefix) {
				continue
			}
			// A count the save cannot have made (a hand-edited file) is
			// not resumed: the queue starts over.
			if n < 0 || n > MaxCursorUsed || (c.Seen[k] != nil && len(c.Seen[k]) != n) {
				continue
			}
			if hasPrefix(s.Preset[k], c.Seen[k]) {
				keep[k] = n
			}
		}
	}
	s.used = keep
}

func hasPrefix(q, prefix []string) bool {
	if len(prefix) > len(q) {
		return false
	}
	for i := range prefix {
		if q[i] != prefix[i] {
			return false
		}
	}
	return true
}

// next is the next answer of key's queue; past its end the last answer
// repeats when repeat is set, else ok is false.
func next(queue []string, used map[string]int, key string, repeat bool) (answer string, ok bool) {
	i := max(used[key], 0)
	if i >= len(queue) {
		if !repeat {
			return "", false
		}
		i = len(queue) - 1
	}
	used[key]++
	return queue[i], true
}

// Ask implements Prompter.
func (s *Scripted) Ask(q Question) (string, error) {
	if s.used == nil {
		s.used = map[string]int{}
	}
	if s.overUsed == nil {
		s.overUsed = map[string]int{}
	}
	if s.replay != nil {
		if v, ok, err := s.fromReplay(q); ok {
			return v, err
		}
	}
	if vals, ok := s.Override[q.Key]; ok && len(vals) > 0 {
		a, _ := next(vals, s.overUsed, q.Key, true)
		if s.RefuseEmpty && strings.TrimSpace(a) == "" {
			return "", Usagef("--set %s=: the value for %s is empty; accepted: %s (to take the default, leave --set %s out)", q.Key, q.Key, q.Accepts(), q.Key)
		}
		v, err := q.Normalize(a)
		if err != nil {
			return "", err
		}
		s.Record = append(s.Record, Answer{Key: q.Key, Value: v, Source: "set"})
		return v, nil
	}
	if vals, ok := s.Preset[q.Key]; ok && len(vals) > 0 {
		a, ok := next(vals, s.used, q.Key, s.Repeat[q.Key])
		if !ok {
			file := s.File[q.Key]
			if file == "" {
				file = "the preset answers"
			}
			return "", &NoMoreAnswersError{Key: q.Key, File: file, Had: len(vals)}
		}
		v, err := q.Normalize(a)
		if err != nil {
			return "", err
		}
		s.Record = append(s.Record, Answer{Key: q.Key, Value: v, Source: s.Source[q.Key]})
		return v, nil
	}
	if s.LinesFunc != nil {
		s.Lines = append(s.Lines, s.LinesFunc()...)
		s.LinesFunc = nil
	}
	if len(s.Lines) > 0 {
		line := s.Lines[0]
		s.Lines = s.Lines[1:]
		v, err := q.Normalize(line)
		if err != nil {
			return "", err
		}
		s.Record = append(s.Record, Answer{Key: q.Key, Value: v, Source: "stdin"})
		return v, nil
	}
	if s.Fallback != nil {
		v, err := s.Fallback.Ask(q)
		if err != nil {
			return "", err
		}
		s.Record = append(s.Record, Answer{Key: q.Key, Value: v, Source: "terminal"})
		return v, nil
	}
	return "", &NoAnswerError{Q: q}
}

// TakeRecord returns and clears the answers recorded so far.
func (s *Scripted) TakeRecord() []Answer {
	r := s.Record
	s.Record = nil
	return r
}
