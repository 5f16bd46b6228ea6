package rollingseas

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
)

var update = flag.Bool("update", false, "rewrite the golden logs of the scripted games (never the answers files: they are the games' input)")

// loadAnswers reads an answers file as --answers does.
func loadAnswers(t testing.TB, path string) *referee.Scripted {
	return refereetest.LoadAnswers(t, path)
}

func newTables(t testing.TB) *tables.Set {
	t.Helper()
	set, err := tables.New("", nil)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// play runs a whole session and returns it with every event.
func play(t testing.TB, players []string, options map[string]string, p referee.Prompter, set *tables.Set, seed uint64) (*referee.Session, []referee.Event) {
	t.Helper()
	var ps []referee.Player
	for _, n := range players {
		ps = append(ps, referee.Player{Name: n})
	}
	env := &referee.Env{Prompt: p, Tables: set, Dice: referee.NewDice(referee.Virtual, seed, p)}
	s, err := chaosTable.NewSession(t, Game{}, "t", ps, options, seed, referee.Virtual, env)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	for i := 0; !s.Over; i++ {
		if i > 200 {
			t.Fatal("game did not end")
		}
		env := &referee.Env{Prompt: p, Tables: set}
		d, err := referee.DiceFor(s, p)
		if err != nil {
			t.Fatal(err)
		}
		env.Dice = d
		if _, err := next(t, s, env); err != nil {
			t.Fatalf("step %d: %v", s.Step, err)
		}
	}
	return s, s.Live()
}

// cardData is the set of Captain Ironside Cards the test games use.
var cardData = map[string]string{}

// boardData is the set of board values the test games use.
var boardData = map[string]string{
	"rs.board.exploration.1": "gold", "rs.board.exploration.3": "gold:2,provision", "rs.board.exploration.4": "gold:4,provision:2",
	"rs.board.exploration.5": "story,wind", "rs.board.exploration.6": "cannon,gold",
	"rs.board.ship.2.hold": "6", "rs.board.ship.2.renown": "5", "rs.board.ship.3.renown": "10",
	"rs.board.cannon.1.price": "2", "rs.board.cannon.2.price": "3", "rs.board.cannon.3.price": "3", "rs.board.cannon.4.price": "4",
	"rs.board.cannon.5.price": "4", "rs.board.cannon.6.price": "5", "rs.board.cannon.7.price": "6", "rs.board.cannon.7.renown": "10",
	"rs.board.strength.max": "5", "rs.board.track.gold": "30", "rs.board.track.provisions": "30", "rs.board.track.story": "40",
	"rs.board.monolith.reward.1": "renown:15", "rs.board.monolith.reward.2": "renown:10", "rs.board.monolith.reward.3": "renown:5",
	"tables.dice.wind": "N,NE,E,SE,S,SW,W,NW",
	// The Ship Board's Bonuses (columns of 5 boxes on the Hold tracks).
	"rs.board.provisions-track.bonuses": "5:blue-gold,10:blue-story,15:yellow-2,20:blue-wind,25:yellow-3,30:yellow-5",
	"rs.board.gold-track.bonuses":       "5:blue-story,10:blue-wind,15:yellow-2,20:blue-story,25:yellow-3,30:yellow-5",
	"rs.board.cannon-track.bonuses":     "3:blue-story,4:blue-wind,5:blue-fill,6:yellow-5",
	"rs.board.story-track.bonuses":      "5:blue-gold,10:blue-wind,15:yellow-3,20:blue-fill,25:yellow-5,30:blue-story,35:yellow-8,40:yellow-10",
}

func init() {
	// number: level, action, condition, alternate, basic dirs/bonus, standard, formidable
	cards := []string{
		"1|1|sail|fewer-ports|port|none|none|NW,SE|gold|NW,NE,SE,SW|gold,provision",
		"2|1|explore|none||S|story|S,N|story|S,N,E|story:2",
		"3|1|port|none||E|discount|E,W|discount|E,W,N|discount,gold",
		"4|1|pirates|more-pirates|monoliths|SE|gold|SE,S|gold|SE,S,SW|gold:2",
		"5|1|sail|none||NE|wind|NE,E|wind|NE,E,SE|wind,story",
		"6|1|monoliths|none||W|provision|W,NW|provision|W,NW,N|provision:2",
		"7|1|sail|fewer-story|explore|none|none|N|story|N,S|story",
		"8|2|port|fewer-ports|port|SW|gold|SW,S|gold:2|SW,S,W|gold:2,story",
		"9|2|pirates|at-least-cannons|monoliths|N|cannon|N,NE|cannon|N,NE,E|cannon,gold",
		"10|2|sail|none||E|story|E,SE|story:2|E,SE,S|story:2,wind",
		"11|ambush|ambush|||NW|gold|NW,N|gold|NW,N,NE|gold:2",
		"12|ambush|ambush|||S|gold|S,SW|gold|S,SW,W|gold:2",
	}
	for _, c := range cards {
		f := strings.Split(c, "|")
		k := "rs.ironside.card." + f[0] + "."
		cardData[k+"level"], cardData[k+"action"] = f[1], f[2]
		if f[3] != "" {
			cardData[k+"condition"] = f[3]
		}
		if f[4] != "" {
			cardData[k+"alternate"] = f[4]
		}
		cardData[k+"basic.directions"], cardData[k+"basic.bonus"] = f[5], f[6]
		cardData[k+"standard.directions"], cardData[k+"standard.bonus"] = f[7], f[8]
		cardData[k+"formidable.directions"], cardData[k+"formidable.bonus"] = f[9], f[10]
	}
}

// rememberCards puts the test card set into a table set (as a table that
// has seen every card once).
func rememberCards(t testing.TB, set *tables.Set) {
	for k, v := range cardData {
		key := strings.TrimPrefix(k, "rs.ironside.card.")
		if err := set.Remember(TableCards, key, v, "test"); err != nil {
			t.Fatal(err)
		}
	}
}

// gameSpec is one scripted test game.
type gameSpec struct {
	file    string
	players []string
	options map[string]string
	seed    uint64
}

var games = []gameSpec{
	{"solo-training", []string{"Alma"}, map[string]string{"ironside": "training"}, 11},
	{"solo-basic", []string{"Alma"}, map[string]string{"ironside": "basic"}, 12},
	{"solo-standard", []string{"Alma"}, map[string]string{"ironside": "standard"}, 13},
	{"solo-formidable", []string{"Alma"}, map[string]string{"ironside": "formidable", "ambush": "on"}, 14},
	{"solo-legendary", []string{"Alma"}, map[string]string{"ironside": "legendary"}, 15},
	{"two-players-standard", []string{"Alma", "Sara"}, map[string]string{"ironside": "standard", "ambush": "on"}, 16},
	{"three-players-ambush", []string{"Alma", "Sara", "Tim"}, map[string]string{"ambush": "on"}, 17},
	{"solo-no-automa", []string{"Alma"}, map[string]string{}, 18},
}

// logText renders events as the golden log.
func logText(events []referee.Event) string {
	var b strings.Builder
	for _, ev := range events {
		fmt.Fprintf(&b, "[%d %s] %s\n", ev.Step, ev.Type, ev.Text)
		if len(ev.Cites) > 0 {
			fmt.Fprintf(&b, "    cites: %s\n", strings.Join(ev.Cites, " "))
		}
	}
	return b.String()
}
