package rollingseas

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playTyped plays a solo game's first steps with wrong answers typed first
// at the keys of typos (each must be refused by its question: a terminal
// re-asks it in place) and returns the prompter.
func playTyped(t *testing.T, options map[string]string, answers map[string][]string, drop []string, typos map[string][]string, steps int) (*refereetest.Typos, *referee.Session) {
	t.Helper()
	s, p, _ := session(t, []string{"Alma"}, options, answers)
	for _, k := range drop {
		delete(p.Override, k)
	}
	for k, vs := range answers {
		for _, v := range vs {
			if _, ok := p.Override[k]; !ok {
				p.Set(k, v, "set")
			}
		}
	}
	ty := refereetest.NewTypos(t, p, typos)
	var asked []referee.Question
	rec := &recording{Prompter: ty, t: t, asked: &asked}
	set := newTables(t)
	for i := 0; i < steps && !s.Over; i++ {
		env := &referee.Env{Prompt: rec, Tables: set, Dice: referee.WithRNG(&referee.Fixed{}, rec)}
		if _, err := next(t, s, env); err != nil {
			t.Fatalf("step %d: %v", s.Step, err)
		}
	}
	return ty, s
}

// A Captain Ironside Card whose level is read when it is drawn was
// refused after its level was accepted (the step, and the card's number,
// lost): a Level 2 card his deck cannot hold now is refused by the level
// question itself.
func TestIronsideCardLevelIsCheckedInItsQuestion(t *testing.T) {
	a := firstTurn("sea-monster", "W,SE,N")
	a["rs.ironside.card.number"] = []string{"10"}
	a["rs.ironside.card.10.level"] = []string{"1"}
	a["rs.player.Alma.pirates"] = []string{"0"}
	a["rs.player.Alma.ports"] = []string{"0"}
	a["rs.player.Alma.story"] = []string{"0"}
	a["rs.player.Alma.cannons"] = []string{"0"}
	ty, _ := playTyped(t, map[string]string{"ironside": "basic"}, a, []string{"rs.ironside.card.10.level"},
		map[string][]string{"rs.ironside.card.10.level": {"2"}}, 6)
	if got := ty.ByKey["rs.ironside.card.10.level"]; len(got) != 1 || !strings.Contains(got[0], "card 10 is a Level 2 card") {
		t.Errorf("the level question refuses a Level 2 first card: %q", got)
	}
	if ty.Asked["rs.ironside.card.10.level"] == 0 {
		t.Error("card 10's level was never asked")
	}
}

// "no" is none at rs.player.NAME.explored (it was refused as `"no" has
// "no"`), and the spaces are read as before.
func TestExploredNoIsNone(t *testing.T) {
	for _, tc := range []struct{ in, want string }{{"no", "none"}, {"none", "none"}, {"NO", "none"}, {"2, 5", "2,5"}, {"none,3,3", "3"}} {
		got, err := exploredSpaces("rs.player.Alma.explored", tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%q: got %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := exploredSpaces("rs.player.Alma.explored", "7"); err == nil || !strings.Contains(err.Error(), "rs.player.Alma.explored") {
		t.Errorf("space 7 is refused naming the key: %v", err)
	}
	a := firstTurn("sea-monster", "W,SE,N")
	a["rs.player.Alma.explored"] = []string{"no"}
	a["rs.ironside.card.number"] = []string{"1"}
	a["rs.player.Alma.pirates"] = []string{"0"}
	a["rs.player.Alma.ports"] = []string{"0"}
	a["rs.player.Alma.story"] = []string{"0"}
	a["rs.player.Alma.cannons"] = []string{"0"}
	ty, _ := playTyped(t, map[string]string{"ironside": "basic"}, a, nil, map[string][]string{"rs.player.Alma.explored": {"8", "yes"}}, 6)
	if len(ty.ByKey["rs.player.Alma.explored"]) != 2 {
		t.Errorf("8 and yes are refused in place: %q", ty.ByKey["rs.player.Alma.explored"])
	}
}

// The Adventure Card counts of a virtual deck add up to 24: a count that
// cannot was refused after all four were accepted; each question refuses
// it now, and the last pile's only possible count is its default.
func TestAdventureDeckCountsCheckedInTheirQuestions(t *testing.T) {
	a := map[string][]string{"rs.board.deck.sea-monster": {"6"}, "rs.board.deck.perils": {"6"}, "rs.board.deck.currents": {"6"}, "rs.board.deck.reefs": {""}}
	p := referee.NewScripted()
	for k, v := range boardData {
		p.Set(k, v, "set")
	}
	for k, vs := range a {
		for _, v := range vs {
			p.Set(k, v, "set")
		}
	}
	var asked []referee.Question
	ty := refereetest.NewTypos(t, p, map[string][]string{"rs.board.deck.currents": {"13"}, "rs.board.deck.reefs": {"5", "7"}})
	rec := &recording{Prompter: ty, t: t, asked: &asked}
	set := newTables(t)
	var ps []referee.Player
	ps = append(ps, referee.Player{Name: "Alma"})
	env := &referee.Env{Prompt: rec, Tables: set, Dice: referee.NewDice(referee.Virtual, 1, rec)}
	if _, err := chaosTable.NewSession(t, Game{}, "t", ps, map[string]string{"adventure-deck": "virtual"}, 1, referee.Virtual, env); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"rs.board.deck.currents", "rs.board.deck.reefs"} {
		if ty.Asked[k] == 0 {
			t.Fatalf("%s was not asked", k)
		}
	}
	if n := len(ty.ByKey["rs.board.deck.currents"]) + len(ty.ByKey["rs.board.deck.reefs"]); n != 3 {
		t.Errorf("13, 5 and 7 are refused in place: %q %q", ty.ByKey["rs.board.deck.currents"], ty.ByKey["rs.board.deck.reefs"])
	}
	for _, q := range asked {
		if q.Key == "rs.board.deck.reefs" && q.Default != "6" {
			t.Errorf("the last pile's default is the count that makes 24: %q", q.Default)
		}
	}
}

// recording records the questions asked and checks each against the
// game's declarations.
type recording struct {
	referee.Prompter
	t     *testing.T
	asked *[]referee.Question
}

func (r *recording) Ask(q referee.Question) (string, error) {
	*r.asked = append(*r.asked, q)
	if err := referee.CheckDeclared(Game{}.Questions(), q); err != nil {
		r.t.Errorf("%v", err)
	}
	return r.Prompter.Ask(q)
}

func (r *recording) HasAnswer(key string) bool {
	ps, ok := r.Prompter.(referee.Presetter)
	return ok && ps.HasAnswer(key)
}

// A card's condition compares the Captain with the player furthest along
// in its category: each category the cards can name (here the ones no
// scripted card names) asks every player's count for it, and the event
// says who is furthest along and whether the condition holds.
func TestIronsideConditionAsksEveryCategory(t *testing.T) {
	for _, cat := range []string{"monoliths", "ships", "wind"} {
		a := firstTurn("sea-monster", "W,SE,N")
		a["rs.ironside.card.number"] = []string{"4"}
		a["rs.player.Alma."+cat] = []string{"2"}
		s, p, next := session(t, []string{"Alma"}, map[string]string{"ironside": "basic"}, a)
		p.Override["rs.ironside.card.4.condition"] = []string{"more-" + cat}
		var text string
		for i := 0; i < 6 && !s.Over && text == ""; i++ {
			for _, e := range next() {
				if strings.Contains(e.Text, "draws card 4") {
					text = e.Text
				}
			}
		}
		// "he has 1 ship", "he has 0 monoliths": the count in words.
		if !regexp.MustCompile(`he has \d+ ` + strings.TrimSuffix(cat, "s") + `s?, Alma \(furthest along\) 2: he does not have more: the condition does not hold`).MatchString(text) {
			t.Errorf("%s: card 4's event: %q", cat, text)
		}
	}
}

// keyTerminal answers as a person at a terminal: the answers typed for
// each key in turn, a refused one re-typed in place; a refusal that names
// an earlier question (referee.Reask) goes back to it.
type keyTerminal struct {
	typed map[string][]string
	asked []referee.Question
}

func (k *keyTerminal) Ask(q referee.Question) (string, error) {
	k.asked = append(k.asked, q)
	for len(k.typed[q.Key]) > 0 {
		a := k.typed[q.Key][0]
		k.typed[q.Key] = k.typed[q.Key][1:]
		v, err := q.Normalize(a)
		if err == nil {
			return v, nil
		}
		if _, ok := referee.AsReask(err); ok {
			return "", err
		}
	}
	return "", fmt.Errorf("nothing typed for %s", q.Key)
}

// A card's level that its number makes impossible asks the number again
// at a terminal (the number is the likelier misreading), keeping the
// step: the first card read as 10 and Level 2 (no Level 2 card is in his
// deck before a shuffle) is asked again, with the reason and 10 as the
// default, and becomes card 1.
func TestIronsideLevelAsksTheCardNumberAgain(t *testing.T) {
	a := firstTurn("sea-monster", "W,SE,N")
	a["rs.player.Alma.pirates"] = []string{"0"}
	a["rs.player.Alma.ports"] = []string{"0"}
	a["rs.player.Alma.story"] = []string{"0"}
	a["rs.player.Alma.cannons"] = []string{"0"}
	s, p, next := session(t, []string{"Alma"}, map[string]string{"ironside": "basic"}, a)
	for _, card := range []string{"1", "10"} {
		for _, f := range []string{"level", "action", "condition", "alternate", "basic.directions", "basic.bonus"} {
			delete(p.Override, "rs.ironside.card."+card+"."+f)
		}
	}
	term := &keyTerminal{typed: map[string][]string{
		"rs.ironside.card.number":   {"10", "1"},
		"rs.ironside.card.10.level": {"2"}, // a Level 2 card first: the number was misread
		"rs.ironside.card.1.level":  {"1"},
		"rs.ironside.card.1.action": {"sail"}, "rs.ironside.card.1.condition": {"none"},
		"rs.ironside.card.1.basic.directions": {"NW"}, "rs.ironside.card.1.basic.bonus": {"gold"},
	}}
	p.Fallback = term
	var drew string
	for i := 0; i < 6 && !s.Over && drew == ""; i++ {
		for _, e := range next() {
			if strings.Contains(e.Text, "Captain Ironside draws card") {
				drew = e.Text
			}
		}
	}
	var keys []string
	for _, q := range term.asked {
		keys = append(keys, q.Key)
	}
	require.Equal(t, []string{"rs.ironside.card.number", "rs.ironside.card.10.level", "rs.ironside.card.number",
		"rs.ironside.card.1.level", "rs.ironside.card.1.action", "rs.ironside.card.1.condition", "rs.ironside.card.1.basic.directions", "rs.ironside.card.1.basic.bonus"}, keys)
	again := term.asked[2]
	assert.Equal(t, "10", again.Default, "Enter keeps the number first typed")
	assert.Contains(t, again.Text, "asked again: level 2 cannot be card 10's level now (card 10 is a Level 2 card, and his deck cannot hold it now")
	assert.Contains(t, again.Text, "the card number is asked again; Enter keeps 10, and its level is then asked again")
	assert.Contains(t, drew, "Captain Ironside draws card 1 (sail)")
	assert.Equal(t, []int{1}, stateOf(t, s).Iron.Seen, "card 1 is the card seen; card 10 was never drawn")
}
