package serve

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/chronicle/chartsvg"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/tables"
)

// MaxEvents is how many of the latest events the page shows (newest
// first); the whole log is `bosun log`.
const MaxEvents = 40

// View is what the page shows of a session, and the JSON document the
// page receives on every change (GET /api/view, and each Server-Sent
// Event).
type View struct {
	// Version grows by one each time the view changes while the server
	// runs; a page ignores an update older than the one it shows.
	Version  int64            `json:"version"`
	Session  string           `json:"session"`
	Game     string           `json:"game"`
	GameName string           `json:"game_name"`
	Step     int              `json:"step"`
	Over     bool             `json:"over"`
	Players  []referee.Player `json:"players"`
	// Facts are the headline of the status: round, phase, whose turn,
	// wind, what comes next (those the game's status has).
	Facts []Fact `json:"facts"`
	// StatusText is the game's status as `bosun status` prints it;
	// Status is its JSON (`bosun status --json`'s "status").
	StatusText string          `json:"status_text"`
	Status     json.RawMessage `json:"status"`
	// Events are the latest live events, newest first.
	Events []EventView `json:"events"`
	// Total is the number of live events in the log.
	Total int `json:"total"`
	// Battles are the latest battles, newest first, with their exact
	// odds before the dice and the luck of the dice that fell: the
	// figures of bosun report (referee/chronicle). Fought is how many
	// the game has had.
	Battles []BattleView `json:"battles"`
	Fought  int          `json:"fought"`
	// Charts are bosun report's charts so far (its HTML page's order);
	// each is drawn by GET /api/chart?id=ID.
	Charts []ChartView `json:"charts"`
	// Undo is what bosun undo would undo now (nil: nothing); with
	// --answer the page offers it.
	Undo *UndoView `json:"undo,omitempty"`
	// Answering is set when the server runs the steps (--answer);
	// Running while one runs, Question while it waits for an answer, and
	// StepError says why the last step failed (nothing of it saved).
	Answering bool          `json:"answering,omitempty"`
	Running   bool          `json:"running,omitempty"`
	Question  *QuestionView `json:"question,omitempty"`
	StepError string        `json:"step_error,omitempty"`
	// Error says why the save could not be read at the last change (the
	// view is then the last one read).
	Error string `json:"error,omitempty"`
}

// Fact is one labelled value of the status headline.
type Fact struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// EventView is one event as the page shows it.
type EventView struct {
	Seq   int      `json:"seq"`
	Step  int      `json:"step"`
	Type  string   `json:"type"`
	Text  string   `json:"text"`
	Dice  string   `json:"dice,omitempty"`
	Cites []string `json:"cites,omitempty"`
}

// ChartView is one of the report's charts as the page lists it: the
// picture is GET /api/chart?id=ID&v=REV (REV changes with the drawing).
type ChartView struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Note  string `json:"note,omitempty"`
	Rev   string `json:"rev,omitempty"` // "" when there is nothing to draw (the note says why)
	svg   []byte
}

// UndoView is the step an undo would restore, and whether it revealed
// dice or a card (then only a forced undo, logged, undoes it).
type UndoView struct {
	Step     int  `json:"step"`
	Revealed bool `json:"revealed"`
}

// BattleView is one battle as the page shows it: the words of bosun
// report's battles table, and the numbers behind them.
type BattleView struct {
	// N is the battle's number in bosun report's battles table.
	N     int    `json:"n"`
	Step  int    `json:"step"`
	Round string `json:"round,omitempty"`
	Title string `json:"title"`
	// Odds, Dice and Luck are the report's words (chronicle.Battle's
	// OddsText, DiceText, LuckText); Outcomes and Percentile the
	// figures.
	Odds       string              `json:"odds"`
	Outcomes   []chronicle.Outcome `json:"outcomes,omitempty"`
	Dice       string              `json:"dice"`
	Result     string              `json:"result"`
	Luck       string              `json:"luck"`
	Percentile *float64            `json:"percentile,omitempty"`
}

// buildView reads the named session from the store (read-only: no lock,
// nothing written) and makes its view.
func buildView(st *store.Store, name string, t *tables.Set) (*View, error) {
	s, err := st.Load(name)
	if err != nil {
		return nil, err
	}
	g, err := all.Lookup(s.Game)
	if err != nil {
		return nil, err
	}
	if t != nil && len(s.Pending) > 0 {
		// board values committed by a step whose overlay write was lost:
		// in memory only, as a read-only command sees them
		if err := store.ReplayPending(s, t); err != nil {
			return nil, err
		}
	}
	d, err := referee.DiceFor(s, referee.NewScripted())
	if err != nil {
		return nil, err
	}
	sv, err := g.Status(s, &referee.Env{Dice: d, Prompt: referee.NewScripted(), Tables: t})
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(sv)
	if err != nil {
		return nil, err
	}
	// the whole log, with the events' data: the battles' odds and luck
	// are read from it as bosun report reads them
	if err := s.LoadLog(); err != nil {
		return nil, err
	}
	evs := s.Log
	v := &View{
		Session: s.Name, Game: s.Game, GameName: all.Info(s.Game).Name, Step: s.Step, Over: s.Over,
		Players: s.Players, StatusText: sv.Text(), Status: js, Events: []EventView{}, Battles: []BattleView{},
	}
	if n, revealed, err := referee.Undoable(s); err == nil {
		v.Undo = &UndoView{Step: n, Revealed: revealed}
	}
	ch := chronicle.Build(s, g)
	v.Charts = []ChartView{}
	for _, c := range ch.Charts {
		cv := ChartView{ID: c.ID, Title: c.Title, Note: c.Note}
		if !c.Empty() {
			cv.svg = []byte(chartsvg.Image(c, ch.Players))
			h := fnv.New64a()
			h.Write(cv.svg)
			cv.Rev = fmt.Sprintf("%016x", h.Sum64())
		}
		v.Charts = append(v.Charts, cv)
	}
	v.Fought = len(ch.Battles)
	for i := len(ch.Battles) - 1; i >= 0 && len(v.Battles) < MaxEvents; i-- {
		b := ch.Battles[i]
		v.Battles = append(v.Battles, BattleView{N: i + 1, Step: b.Step, Round: b.Round, Title: b.Title,
			Odds: b.OddsText(), Outcomes: b.Odds, Dice: b.DiceText(), Result: b.Result, Luck: b.LuckText(), Percentile: b.Luck})
	}
	if v.Players == nil {
		v.Players = []referee.Player{}
	}
	if v.StatusText == "" {
		v.StatusText = string(js)
	}
	v.Facts = facts(js, s)
	for i := len(evs) - 1; i >= 0; i-- {
		e := &evs[i]
		if e.Undone {
			continue
		}
		v.Total++
		if len(v.Events) < MaxEvents {
			text := e.Text
			if ft, ok := e.Data[referee.FullTextKey].(string); ok && ft != "" && text == "" {
				text = ft
			}
			v.Events = append(v.Events, EventView{Seq: e.Seq, Step: e.Step, Type: e.Type, Text: text, Dice: cmdutil.RollsText(e.Rolls), Cites: e.Cites})
		}
	}
	return v, nil
}

// facts picks the headline of a game's status JSON: the fields the four
// games name alike (round, phase, whose turn, wind, what runs next).
func facts(js []byte, s *referee.Session) []Fact {
	var m map[string]any
	if json.Unmarshal(js, &m) != nil {
		m = nil
	}
	var out []Fact
	add := func(label string, v any) {
		str := scalar(v)
		if str != "" {
			out = append(out, Fact{label, str})
		}
	}
	add("Step", s.Step)
	if r, ok := m["round"]; ok {
		rs := scalar(r)
		if n := scalar(m["round_name"]); n != "" {
			rs = n // Misty Waters: "I", as the Wheel of Time says
		}
		if n := scalar(m["rounds"]); n != "" && n != "0" {
			rs += " of " + n
		}
		add("Round", rs)
	}
	if p := scalar(m["phase_name"]); p != "" {
		add("Phase", p)
	} else {
		add("Phase", m["phase"])
	}
	switch t := m["turn"].(type) {
	case string:
		add("Turn", t)
	case float64:
		add("Turn", t)
	}
	add("Turn", m["current_player"])
	add("Actions left", m["actions_left"])
	add("Priority", m["priority"])
	add("Wind", m["wind"])
	add("Next", m["next"])
	if s.Over {
		out = append(out, Fact{"Game", "over"})
	}
	return out
}

// scalar renders a JSON scalar, or a list of them joined by commas ("" for
// anything else, or nothing).
func scalar(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return fmt.Sprint(x)
	case int:
		return fmt.Sprint(x)
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case []any:
		var parts []string
		for _, e := range x {
			if s := scalar(e); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, ", ")
	}
	return ""
}

// sideClass is the CSS class of a player's side when it names one of the
// colours the page knows ("" otherwise: no colour swatch).
func sideClass(side string) string {
	switch c := strings.ToLower(strings.TrimSpace(side)); c {
	case "red", "blue", "white", "black", "green", "yellow", "purple", "orange", "grey", "gray", "brown", "pink":
		return "side-" + c
	}
	return ""
}
