package procedure

import (
	"fmt"
	"slices"
	"strconv"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
)

// GameID is the id the referee registers under.
const GameID = "misty-waters"

// Game is the Misty Waters session referee (referee.Game).
type Game struct {
	// Battles resolves NPC and player battles. Nil uses EngineBattles, the
	// battle engine of package mistywaters.
	Battles Battles
}

// Info implements referee.Game.
func (g *Game) Info() referee.GameInfo {
	return referee.GameInfo{ID: GameID, Aliases: []string{"mw", "misty"}, Name: "Misty Waters: At the World's Edge", MinPlayers: 1, MaxPlayers: 4, Side: "colour",
		Runs: "6-phase rounds, Wheel of Time, weather and Wind Force, NPC movement and attacks, Broadside and Boarding battles, end game, Viceroy voting", Rulebook: "misty-waters.txt", Guide: "misty-session.md"}
}

// DirectionDie is the Direction Dice that move the NPC ships and monsters.
var DirectionDie = referee.DieInfo{Name: "direction", Title: "Direction Dice", Game: GameID, Count: 1, Note: "main direction, top-left, top-right"}

// Dice implements referee.Game.
func (g *Game) Dice() []referee.DieInfo { return []referee.DieInfo{DirectionDie} }

func (g *Game) battles() Battles {
	if g.Battles != nil {
		return g.Battles
	}
	return EngineBattles{}
}

// step carries one step's session, environment and state.
type step struct {
	g   *Game
	s   *referee.Session
	env *referee.Env
	st  *State
	// last is the text of the event emitted last in this step, so that a
	// battle's result does not repeat the announcement just before it.
	last string
}

func (r *step) emit(typ, text string, data map[string]any, cites ...string) {
	r.last = text
	r.env.Emit(referee.Event{Type: typ, Text: text, Data: data, Cites: cites})
}

func (r *step) ask(q referee.Question) (string, error) {
	if r.env.Prompt == nil {
		return "", &referee.NoAnswerError{Q: q}
	}
	return r.env.Prompt.Ask(q)
}

func (r *step) choose(key, text string, options ...string) (string, error) {
	return r.ask(referee.Question{Key: key, Text: text, Kind: referee.KindChoose, Options: options, Default: noneDefault(options)})
}

// chooseUsual asks a choice whose Enter takes usual (one of options, or
// referee.NoDefault).
func (r *step) chooseUsual(key, text, usual string, options ...string) (string, error) {
	return r.ask(referee.Question{Key: key, Text: text, Kind: referee.KindChoose, Options: options, Default: usual})
}

// noneDefault is the default of a choice or list that offers none: nothing
// happening (no attack, no target, no port, no bet) is the usual answer,
// and Enter takes it.
func noneDefault(options []string) string {
	if slices.Contains(options, "none") {
		return "none"
	}
	return ""
}

// numberRule asks a number in min..max that refuse, when it returns an
// error, refuses inside the question (a rule or the box; re-asked at a
// terminal, exit 2 when scripted).
func (r *step) numberRule(key, text string, min, max int, refuse func(int) error) (int, error) {
	a, err := r.ask(referee.Question{Key: key, Text: text, Kind: referee.KindNumber, Min: min, Max: max,
		Check: func(a string) (string, error) {
			n, err := strconv.Atoi(a)
			if err != nil {
				return a, err
			}
			return a, refuse(n)
		}})
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(a)
	if err != nil {
		return 0, err
	}
	return n, refuse(n)
}

func (r *step) number(key, text string, min, max int) (int, error) {
	a, err := r.ask(referee.Question{Key: key, Text: text, Kind: referee.KindNumber, Min: min, Max: max})
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(a)
}

// confirm asks a yes/no question whose Enter takes usual ("yes", "no",
// or referee.NoDefault: Enter re-asks). Every call site says which answer
// is usual at the table (see Questions).
func (r *step) confirm(key, text, usual string) (bool, error) {
	a, err := r.ask(referee.Question{Key: key, Text: text, Kind: referee.KindConfirm, Default: usual})
	return a == "yes", err
}

// list asks a list of options ("none" for none) and returns the items
// named; check, when given, refuses a list inside the question.
func (r *step) list(key, text string, options []string, check ...func(string) (string, error)) ([]string, error) {
	q := referee.Question{Key: key, Text: text, Kind: referee.KindList, Options: options, Default: noneDefault(options)}
	if len(check) > 0 {
		q.Check = check[0]
	}
	a, err := r.ask(q)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, it := range referee.SplitList(a) {
		if it != "none" {
			out = append(out, it)
		}
	}
	return out, nil
}

func (r *step) d6(key string) (int, error) {
	roll, err := r.env.Dice.Roll(key, referee.D(6))
	return roll.Value, err
}

// roundName is "Round XIII (Wheel of Time I)".
func (st *State) roundName() string {
	return fmt.Sprintf("Round %s (Wheel of Time %s)", Roman(st.Round), Roman(Wheel(st.Round)))
}

func (st *State) priorityName() string { return st.Players[st.Priority].Name }

func load(s *referee.Session) (*State, error) {
	var st State
	if err := s.LoadState(&st); err != nil {
		return nil, err
	}
	if st.Round == 0 {
		return nil, fmt.Errorf("mistywaters: session %s has no game state (was it set up?)", s.Name)
	}
	return &st, nil
}

// Next implements referee.Game: it runs one step (a phase, or one NPC's
// move, one player's turn, one voting step).
func (g *Game) Next(s *referee.Session, env *referee.Env) error {
	return referee.Step(s, load, func(st *State) error {
		r := &step{g: g, s: s, env: env, st: st}
		err := referee.Phases[int]{
			PhaseWheel:   r.phase1,
			PhaseNPC:     r.phase2,
			PhaseWeather: r.phase3,
			PhaseDraw:    r.phase4,
			PhaseTurns:   r.phase5,
			PhaseReset:   r.phase6,
			PhaseVoting:  r.voting,
		}.Run(st.Phase, referee.Usagef("session %s is over", s.Name))
		if err != nil {
			return err
		}
		if st.Phase == PhaseOver {
			s.Over = true
		}
		return nil
	})
}

// advance moves to the next phase; after Phase 6 a new round starts.
func (r *step) advance() {
	st := r.st
	st.Queue = nil
	if st.Phase == PhaseReset {
		st.Round++
		st.Phase = PhaseWheel
		return
	}
	st.Phase++
}

// speedMod returns the Winds Feed the Sails modification of the current box
// (a board value, asked once).
func (r *step) speedMod() (int, error) {
	return r.windSpeed(r.st.Wind)
}

func (r *step) windSpeed(box int) (int, error) {
	return r.boardInt("mwp-wind-force", fmt.Sprintf("speed.%d", box), referee.Question{
		Key:  fmt.Sprintf("misty.board.wind.speed.%d", box),
		Text: fmt.Sprintf("speed modification in the sail next to Wind Force box %d oB (0 if none)", box),
		Kind: referee.KindNumber, Min: -3, Max: 3,
		Where: fmt.Sprintf("the Wind Force track, box %d oB", box),
	})
}

// effectBox returns the Wind Force box where an ongoing effect starts.
// The question and the table are the battle engine's (mw.TableBoxes), so
// a session and the battle commands read the same box.
func (r *step) effectBox(effect string) (int, error) {
	return mw.TableBoxes{Set: r.env.Tables, Prompt: r.env.Prompt}.Box(effect)
}

var effectTitles = mw.WindEffectTitles

// effectOrder is the order effects are listed in.
var effectOrder = []string{"clearing-up", "no-transshipments", "sheath-the-swords", "sea-giveth", "rocky-seas", "return-to-the-depths", "hunker-down"}

var effectCites = map[string]string{
	"clearing-up": citeClearingUp, "no-transshipments": citeNoTransship, "sheath-the-swords": citeSheath,
	"sea-giveth": citeSeaGiveth, "rocky-seas": citeRockySeas, "return-to-the-depths": citeReturnDepths, "hunker-down": citeHunkerDown,
}

// inForce reports whether an ongoing Wind Force effect is in force: they
// accumulate upward from their box.
func (r *step) inForce(effect string) (bool, error) {
	b, err := r.effectBox(effect)
	if err != nil {
		return false, err
	}
	return r.st.Wind >= b, nil
}

// effects lists the ongoing Wind Force effects in force at the current box.
func (r *step) effects() ([]string, error) {
	var out []string
	for _, e := range effectOrder {
		on, err := r.inForce(e)
		if err != nil {
			return nil, err
		}
		if on {
			out = append(out, e)
		}
	}
	return out, nil
}

// knownEffects lists effects in force without asking (for Status).
func knownEffects(env *referee.Env, box int) []string {
	var out []string
	if env == nil || env.Tables == nil {
		return out
	}
	for _, e := range effectOrder {
		row, ok := env.Tables.Lookup("mwp-wind-force", "box."+e)
		if !ok || !row.Known() {
			continue
		}
		if b, err := referee.ValueInt(row.Value); err == nil && box >= b {
			out = append(out, e)
		}
	}
	return out
}

// ClampRange applies the minimum Maximum Range of 1.
func ClampRange(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// NPCRange returns an NPC's Maximum Range at a Wind Force box with speed
// modification mod (the caller passes the mod of the current box).
func NPCRange(n NPC, box, mod int) int {
	switch n.Kind {
	case KindPirate, KindCaravel:
		base := 4
		if n.Damage > 0 {
			base = 3
		}
		return ClampRange(base + mod)
	case KindFreighter:
		return ClampRange(8 + mod)
	case KindGalleass:
		r := 4
		if box >= 3 { // not affected by Wind Force effects below 3 oB
			r += mod
		}
		r = ClampRange(r)
		if n.Lagoon && r > 3 {
			r = 3
		}
		return r
	case KindDutchman:
		return 4
	case KindMonster:
		return n.Range
	}
	return 0
}

// MaxRange returns a Player Ship's Maximum Range: the ship type's speed,
// +1 with a Captain, -1 with no Sailors, the Wind Force modification when
// the ship is At Sea at any point of its move, at most 3 when it moves
// within or out of the Red Water Lagoon, never below 1.
func MaxRange(speed int, captain, noSailors, atSea bool, windMod int, lagoon bool) int {
	r := speed
	if captain {
		r++
	}
	if noSailors {
		r--
	}
	if atSea {
		r += windMod
	}
	r = ClampRange(r)
	if lagoon && r > 3 {
		r = 3
	}
	return r
}

// ShipSpeeds are the ship speeds the rulebook's Ship Type Summary gives.
var ShipSpeeds = map[string]int{"S": 5, "C": 4, "T": 5, "B": 6}
