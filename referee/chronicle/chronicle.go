// Package chronicle turns a session's event log into a Chronicle: the
// story of a game a table wants to look at after the game night. It is
// pure: it reads a loaded session (referee.Session, as `bosun log` and
// `bosun export` read it) and returns data; cmd/report renders it as
// Markdown, HTML with inline SVG charts, terminal text or JSON.
//
// A game tells its own part of the story (rounds, battles with their odds,
// automa decisions, result, chart series) by implementing Teller on its
// referee.Game; a game without it still gets the generic chronicle.
//
//	ch := chronicle.Build(s, game)
//	fmt.Println(ch.Title)
package chronicle

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Version is the version of the Chronicle JSON document.
const Version = 1

// NotRecorded is the note of a chart whose values an older save does not
// carry.
const NotRecorded = "not recorded in this save"

// Teller is implemented by a game that tells its part of a chronicle. It
// reads the session's live events (and, where it helps, the saved state)
// and must accept saves of every schema: a value an older save lacks is
// left out with a note, never guessed.
type Teller interface {
	Chronicle(s *referee.Session, events []referee.Event) Story
}

// Story is what a game's Teller returns.
type Story struct {
	Rounds    []Round    `json:"rounds,omitempty"`
	Battles   []Battle   `json:"battles,omitempty"`
	Decisions []Decision `json:"decisions,omitempty"`
	Result    *Result    `json:"result,omitempty"`
	Charts    []Chart    `json:"charts,omitempty"`
	Notes     []string   `json:"notes,omitempty"`
}

// Chronicle is the whole report of one session.
type Chronicle struct {
	Version   int        `json:"version"`
	Title     string     `json:"title"`
	Session   string     `json:"session"`
	Game      string     `json:"game"`
	GameName  string     `json:"game_name"`
	Over      bool       `json:"over"`
	Progress  string     `json:"progress"` // "final" or "so far"
	Step      int        `json:"step"`
	Players   []Player   `json:"players"`
	Options   []Option   `json:"options"`
	Seed      uint64     `json:"seed"`
	Dice      string     `json:"dice"`
	Result    *Result    `json:"result,omitempty"`
	Rounds    []Round    `json:"rounds"`
	Battles   []Battle   `json:"battles"`
	Decisions []Decision `json:"decisions"`
	Rulings   []Ruling   `json:"rulings"`
	Questions []Question `json:"questions"`
	Charts    []Chart    `json:"charts"`
	Notes     []string   `json:"notes,omitempty"`
}

// Player is one seat.
type Player struct {
	Name string `json:"name"`
	Side string `json:"side,omitempty"`
}

// Option is one session option.
type Option struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Result is how the game ended (or stands, so far).
type Result struct {
	Winners   []string `json:"winners,omitempty"`
	Why       string   `json:"why,omitempty"`
	Ranks     []Rank   `json:"ranks,omitempty"`
	TieBreaks []string `json:"tie_breaks,omitempty"`
}

// Rank is one line of the final standings.
type Rank struct {
	Place  int    `json:"place"`
	Name   string `json:"name"`
	Score  string `json:"score"`
	Detail string `json:"detail,omitempty"`
}

// Round is one round (or turn) of the story in short lines.
type Round struct {
	Label string   `json:"label"`
	Lines []string `json:"lines"`
}

// Outcome is one possible result of a battle with its exact probability.
type Outcome struct {
	Label string  `json:"label"`
	P     float64 `json:"p"`
	Exact string  `json:"exact,omitempty"` // the probability as a fraction, where known
}

// Battle is one battle: who fought, the odds before the dice, the dice,
// what happened and how lucky the dice were.
type Battle struct {
	Round    string    `json:"round,omitempty"`
	Step     int       `json:"step"`
	Title    string    `json:"title"`
	Odds     []Outcome `json:"odds,omitempty"`
	OddsNote string    `json:"odds_note,omitempty"`
	Dice     string    `json:"dice,omitempty"`
	Entered  bool      `json:"entered"` // the dice were entered at the table (else bosun rolled them)
	Result   string    `json:"result"`
	// Luck is the percentile of the dice that fell for the side named in
	// LuckFor, against the exact distribution (ties counted half): 0.5 is
	// an average roll, 0.95 a roll better than 95% of all rolls.
	Luck    *float64 `json:"luck,omitempty"`
	LuckFor string   `json:"luck_for,omitempty"`
}

// Decision is one notable decision of the automa or the NPCs.
type Decision struct {
	Round string `json:"round,omitempty"`
	Who   string `json:"who"`
	Text  string `json:"text"`
}

// Ruling is one rulebook section bosun applied, with how often.
type Ruling struct {
	Section string `json:"section"`
	Count   int    `json:"count"`
	First   string `json:"first"` // the first event that rested on it
}

// Question is one rules question asked at the table during the session.
type Question struct {
	Step  int    `json:"step"`
	Query string `json:"query"`
	// Answer is the id of the section bosun showed first, if any.
	Answer string `json:"answer,omitempty"`
}

// Chart is one chart: series of points over a shared x axis.
type Chart struct {
	ID     string   `json:"id"`
	Title  string   `json:"title"`
	X      string   `json:"x"` // what the x axis counts: "round", "turn", "battle"
	Y      string   `json:"y"`
	Kind   string   `json:"kind"` // "line" or "bar"
	Series []Series `json:"series,omitempty"`
	Note   string   `json:"note,omitempty"` // why a series is missing or what it leaves out
}

// Series is one named line of a chart.
type Series struct {
	Name   string  `json:"name"`
	Points []Point `json:"points"`
}

// Point is one value at one x.
type Point struct {
	X     int     `json:"x"`
	Label string  `json:"label,omitempty"`
	Y     float64 `json:"y"`
}

// Empty reports whether the chart has no point to draw.
func (c Chart) Empty() bool {
	for _, s := range c.Series {
		if len(s.Points) > 0 {
			return false
		}
	}
	return true
}

// Build makes the chronicle of session s of game g (g may be nil when the
// game is not in this bosun: the generic chronicle is built).
func Build(s *referee.Session, g referee.Game) *Chronicle {
	evs := s.Live()
	ch := &Chronicle{Version: Version, Session: s.Name, Game: s.Game, GameName: s.Game, Over: s.Over, Step: s.Step,
		Seed: s.Seed, Dice: string(s.DiceMode), Progress: "so far",
		Rounds: []Round{}, Battles: []Battle{}, Decisions: []Decision{}, Rulings: []Ruling{}, Questions: []Question{}, Charts: []Chart{}}
	if s.Over {
		ch.Progress = "final"
	}
	if g != nil {
		ch.GameName = g.Info().Name
	}
	ch.Title = fmt.Sprintf("%s: %s", ch.GameName, s.Name)
	if !s.Over {
		ch.Title += fmt.Sprintf(" (so far, step %d)", s.Step)
	}
	for _, p := range s.Players {
		ch.Players = append(ch.Players, Player(p))
	}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	ch.Options = []Option{}
	for _, k := range keys {
		ch.Options = append(ch.Options, Option{Key: k, Value: s.Options[k]})
	}
	ch.Rulings = rulings(evs)
	ch.Questions = questions(evs)
	var st Story
	if t, ok := g.(Teller); ok {
		st = t.Chronicle(s, evs)
	} else {
		st = Generic(evs)
	}
	ch.Result = st.Result
	if st.Rounds != nil {
		ch.Rounds = st.Rounds
	}
	if st.Battles != nil {
		ch.Battles = st.Battles
	}
	if st.Decisions != nil {
		ch.Decisions = st.Decisions
	}
	ch.Notes = st.Notes
	for _, c := range st.Charts {
		if c.Empty() && c.Note == "" {
			continue
		}
		ch.Charts = append(ch.Charts, c)
	}
	if lc := LuckChart(ch.Battles); !lc.Empty() {
		ch.Charts = append(ch.Charts, lc)
	}
	return ch
}

// LuckChart is the luck of every battle whose dice have a percentile.
func LuckChart(bs []Battle) Chart {
	c := Chart{ID: "luck", Title: "Luck of the dice in each battle (percentile against the exact odds)", X: "battle", Y: "percentile", Kind: "bar"}
	for i, b := range bs {
		if b.Luck == nil {
			continue
		}
		if len(c.Series) == 0 {
			c.Series = append(c.Series, Series{Name: "percentile"})
		}
		k := 0
		// "#3 Ann": the battle's number in the battles table and whose luck.
		label := fmt.Sprintf("#%d", i+1)
		if b.LuckFor != "" {
			label += " " + b.LuckFor
		}
		c.Series[k].Points = append(c.Series[k].Points, Point{X: i + 1, Label: label, Y: Round3(*b.Luck * 100)})
	}
	return c
}

// Round3 rounds to 3 decimals, so that JSON and golden files are stable.
func Round3(f float64) float64 {
	if f < 0 {
		return -Round3(-f)
	}
	return float64(int64(f*1000+0.5)) / 1000
}

// rulings lists the cited sections in order of first use, with counts.
func rulings(evs []referee.Event) []Ruling {
	out := []Ruling{}
	at := map[string]int{}
	for _, e := range evs {
		for _, c := range e.Cites {
			if i, ok := at[c]; ok {
				out[i].Count++
				continue
			}
			at[c] = len(out)
			out = append(out, Ruling{Section: c, Count: 1, First: Short(e.Text, 100)})
		}
	}
	return out
}

// questions lists the rules questions a session's log holds: events of
// type "rules-question" (Data "query"). Sessions that never logged one
// have none.
func questions(evs []referee.Event) []Question {
	out := []Question{}
	for _, e := range evs {
		if e.Type != referee.RulesQuestionType {
			continue
		}
		q := Str(e.Data, "query")
		if q == "" {
			q = e.Text
		}
		out = append(out, Question{Step: e.Step, Query: q, Answer: Str(e.Data, "answer")})
	}
	return out
}

// Line adds a story line (its first clause, at most 140 characters) to
// the round labelled label, starting that round when the last one has
// another label.
func (st *Story) Line(label, text string) {
	if n := len(st.Rounds); n == 0 || st.Rounds[n-1].Label != label {
		st.Rounds = append(st.Rounds, Round{Label: label})
	}
	r := &st.Rounds[len(st.Rounds)-1]
	r.Lines = append(r.Lines, Short(text, 140))
}

// Generic is the story of a game without a Teller: one round per step
// with the events' first clauses, and the last event as the result when
// the game is over.
func Generic(evs []referee.Event) Story {
	var st Story
	for _, e := range evs {
		label := fmt.Sprintf("Step %d", e.Step)
		if n := len(st.Rounds); n == 0 || st.Rounds[n-1].Label != label {
			st.Rounds = append(st.Rounds, Round{Label: label})
		}
		r := &st.Rounds[len(st.Rounds)-1]
		r.Lines = append(r.Lines, Short(e.Text, 120))
	}
	return st
}

// Short cuts a text to its first clause (before "; " or ": " after 40
// characters) and at most n runes.
func Short(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndex(cut, "; "); i > 40 {
		return cut[:i] + " …"
	}
	if i := strings.LastIndex(cut, " "); i > 0 {
		return cut[:i] + " …"
	}
	return cut + "…"
}

// Decode reads Data[key] into v (a loaded session holds JSON values, a
// session still in memory Go values: both decode).
func Decode(data map[string]any, key string, v any) bool {
	x, ok := data[key]
	if !ok || x == nil {
		return false
	}
	b, err := json.Marshal(x)
	if err != nil {
		return false
	}
	return json.Unmarshal(b, v) == nil
}

// Int reads Data[key] as an int (ok false when absent or not a number).
func Int(data map[string]any, key string) (int, bool) {
	var f float64
	if !Decode(data, key, &f) {
		return 0, false
	}
	return int(f), true
}

// Str reads Data[key] as a string ("" when absent).
func Str(data map[string]any, key string) string {
	var s string
	Decode(data, key, &s)
	return s
}

// Strs reads Data[key] as a list of strings.
func Strs(data map[string]any, key string) []string {
	var s []string
	Decode(data, key, &s)
	return s
}

// Tracker collects the values of named series over an x axis, keeping
// the last value given for each x.
type Tracker struct {
	names []string
	pts   map[string][]Point
}

// Set records name's value at x (a later Set at the same x replaces it).
func (t *Tracker) Set(name string, x int, label string, y float64) {
	if t.pts == nil {
		t.pts = map[string][]Point{}
	}
	if _, ok := t.pts[name]; !ok {
		t.names = append(t.names, name)
	}
	ps := t.pts[name]
	if n := len(ps); n > 0 && ps[n-1].X == x {
		ps[n-1] = Point{X: x, Label: label, Y: y}
	} else {
		ps = append(ps, Point{X: x, Label: label, Y: y})
	}
	t.pts[name] = ps
}

// Last returns name's last value (0 when none).
func (t *Tracker) Last(name string) float64 {
	ps := t.pts[name]
	if len(ps) == 0 {
		return 0
	}
	return ps[len(ps)-1].Y
}

// Series returns the series in the order given (names never set are
// left out), then any other in the order first set.
func (t *Tracker) Series(order ...string) []Series {
	var out []Series
	done := map[string]bool{}
	for _, n := range append(order, t.names...) {
		if done[n] || len(t.pts[n]) == 0 {
			continue
		}
		done[n] = true
		out = append(out, Series{Name: n, Points: t.pts[n]})
	}
	return out
}

// Names returns the names in the order first set.
func (t *Tracker) Names() []string { return slices.Clone(t.names) }
