package rollingseas

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// phaseNext says what the next `bosun next` does in each phase.
func (v StatusView) phaseNext() string {
	switch v.Phase {
	case PhaseSetup:
		return "next: reveal the two setup Adventures"
	case PhaseAdventure:
		return fmt.Sprintf("next: turn %d, reveal the top card of the Adventure Deck", v.Turn+1)
	case PhaseDice:
		return "next: roll the three Wind Dice and the Exploration Die"
	case PhaseAction:
		if v.Ironside != nil {
			return "next: everyone chooses Sail, Explore or Visit a Port, then the Captain Ironside phase"
		}
		return "next: everyone chooses Sail, Explore or Visit a Port"
	case PhaseScoring:
		return "next: the last card was drawn; final scoring"
	case PhaseOver:
		return "the game is over"
	}
	return ""
}

var kindTitles = map[string]string{KindSmooth: "Smooth Sailing", KindMonster: "Sea Monster", KindPerils: "Perils of the Sea",
	KindCurrent: "Currents", KindReef: "Reefs", KindAmbush: "Ambush"}

func kindTitle(k string) string {
	if t, ok := kindTitles[k]; ok {
		return t
	}
	return k
}

// Text is the view `bosun status` prints at the table: the turn and the
// Adventure Deck, the Adventure in force, this turn's dice and phase, each
// player's Ship Tokens and waiting Ambushes, Captain Ironside's board and
// the Ship Tokens on the Exploration Board.
func (v StatusView) Text() string {
	var b strings.Builder
	line := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	switch {
	case v.Turn == 0:
		line("Before the first turn: %s in the Adventure Deck", referee.Count(v.CardsLeft, "card"))
	case v.Phase == PhaseOver || v.Phase == PhaseScoring:
		line("Turn %d was the last: the Adventure Deck is empty", v.Turn)
	default:
		left := referee.Count(v.CardsLeft, "card") + " left in the Adventure Deck"
		if v.CardsLeft == 0 {
			left = "no card left in the Adventure Deck: this is the last turn"
		}
		line("Turn %d: %s", v.Turn, left)
	}
	phase := v.Phase
	if n := v.phaseNext(); n != "" {
		phase += " (" + n + ")"
	}
	line("Phase:       %s", phase)
	switch {
	case v.Card == "":
		line("Adventure:   none revealed this turn yet")
	case v.Card == KindSmooth:
		what := v.smooth.String()
		if len(v.smooth.Options) == 1 {
			what = "every player gains " + v.smooth.Options[0].Text()
		} else if len(v.smooth.Options) == 2 {
			what = "every player chooses " + v.smooth.Options[0].Text() + " OR " + v.smooth.Options[1].Text()
		}
		line("Adventure:   Smooth Sailing: %s", what)
	default:
		a := kindTitle(v.Card)
		if v.pass != "" {
			a += ", Adventure Boards pass " + v.pass
		}
		line("Adventure:   %s (drawn on every Adventure Board)", a)
	}
	if len(v.Wind) > 0 {
		line("Dice:        Wind %s; Exploration Die %d", strings.Join(v.Wind, ", "), v.Exploration)
	} else {
		line("Dice:        not rolled this turn yet")
	}
	if v.Reefs > 0 {
		line("Reefs:       %d on each Adventure Board", v.Reefs)
	}
	line("Players:")
	for _, p := range v.Players {
		var parts []string
		if len(p.Tokens) > 0 {
			var own []string
			for _, o := range p.Tokens {
				if o != "" {
					own = append(own, tokenOwner(o))
				}
			}
			held := referee.Count(len(p.Tokens), "Ship Token") + " held"
			if len(own) > 0 {
				held += " (" + strings.Join(own, ", ") + ")"
			}
			parts = append(parts, held)
		} else if v.Ironside != nil && v.Options.Ironside != "legendary" {
			parts = append(parts, "no Ship Token held")
		}
		if len(p.Ambushes) > 0 {
			parts = append(parts, referee.Noun(len(p.Ambushes), "Ambush")+" on the board drawn by "+referee.JoinAnd(p.Ambushes))
		}
		if len(parts) == 0 {
			parts = append(parts, "nothing bosun tracks (the rest is on the Ship Board)")
		}
		line("  %s: %s", p.Name, strings.Join(parts, "; "))
	}
	if ir := v.Ironside; ir != nil {
		line("Captain Ironside (%s):", ir.Difficulty)
		line("  Story %d, Renown %d (column %s), Gold %d, Provisions %d, Wind in Its Sails %d, Cannons %d, Ship %d",
			ir.Story, ir.RenownColumn(), intsText(ir.Renown), ir.Gold, ir.Provisions, ir.Wind, ir.Cannons, ir.Ship)
		line("  Ports %d of 8, Ancient Monoliths %d of 3, Pirates %d; Bonus Renown ticks %d (+%d Bonus Renown); Sea Monster Strength %d, Pirate Strength %d",
			ir.Ports, ir.Monoliths, ir.Pirates, ir.Ticks, ir.BonusRenown, ir.MonsterStrength, ir.PirateStrength)
		deck := fmt.Sprintf("  deck %s, discard %d, Level 2 cards left %d", referee.Count(len(ir.Deck), "card"), len(ir.Discard), len(ir.Level2))
		if len(ir.AmbushAside) > 0 {
			deck += fmt.Sprintf(", Ambush card set aside %d", len(ir.AmbushAside))
		}
		if ir.LastAction != "" {
			deck += "; last action: " + ir.LastAction
		}
		line("%s", deck)
	}
	if len(v.Tokens) > 0 {
		var pos []string
		for _, t := range v.Tokens {
			if t.Owner != "" {
				pos = append(pos, t.Pos+" ("+tokenOwner(t.Owner)+")")
			} else {
				pos = append(pos, t.Pos)
			}
		}
		where := "between die spaces"
		if v.Tokens[0].Owner == "" {
			where = "next to die spaces"
		}
		line("Ship Tokens on the Exploration Board, %s: %s", where, strings.Join(pos, ", "))
	}
	if len(v.Scores) > 0 {
		line("Final scores:")
		for _, sc := range v.Scores {
			line("  %d. %s: %d Renown (%s)", sc.Place, sc.Name, sc.Total, sc.Rank)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func tokenOwner(o string) string {
	if o == "ironside" {
		return IronsideName
	}
	return o
}

func intsText(v []int) string {
	if len(v) == 0 {
		return "empty"
	}
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, "+")
}

// Status implements referee.Game.
func (g Game) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	st, err := load(s)
	if err != nil {
		return nil, err
	}
	return MakeStatus(st), nil
}

// MakeStatus builds the status view of a state.
func MakeStatus(st *State) StatusView {
	return StatusView{
		Phase: st.Phase, Turn: st.Turn, CardsLeft: st.Deck.Size - st.Deck.Drawn, Card: st.Card.Kind,
		Wind: st.Wind, Exploration: st.Explore, Reefs: st.Reefs, Ironside: st.Iron, Tokens: st.Tokens,
		Players: st.Players, Scores: st.Scores, Options: st.Opt,
		deckSize: st.Deck.Size, smooth: st.Card.Smooth, pass: st.Card.Pass,
	}
}

// StatusView is what `bosun status` shows.
type StatusView struct {
	Phase       string        `json:"phase"`
	Turn        int           `json:"turn"`
	CardsLeft   int           `json:"cards_left"`
	Card        string        `json:"card,omitempty"`
	Wind        []string      `json:"wind,omitempty"`
	Exploration int           `json:"exploration_die,omitempty"`
	Reefs       int           `json:"reefs"`
	Ironside    *Ironside     `json:"ironside,omitempty"`
	Tokens      []Token       `json:"ship_tokens,omitempty"`
	Players     []PlayerState `json:"players"`
	Scores      []Score       `json:"scores,omitempty"`
	Options     Options       `json:"options"`

	// For the text view only (the JSON view is unchanged).
	deckSize int
	smooth   SmoothCard
	pass     string
}
