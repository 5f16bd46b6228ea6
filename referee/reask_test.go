package referee_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cardGame draws a card each step: a die is rolled, then the table types
// the card's number and the level printed on it. Card 6 is a Level 1
// card, so a level of 2 shows that the number typed before it is wrong.
type cardGame struct{}

func (cardGame) Info() referee.GameInfo {
	return referee.GameInfo{ID: "cards", Name: "Cards", MinPlayers: 1, MaxPlayers: 1}
}
func (cardGame) Dice() []referee.DieInfo                    { return nil }
func (cardGame) Options() []referee.OptionSpec              { return nil }
func (cardGame) Setup(*referee.Session, *referee.Env) error { return nil }
func (cardGame) Status(*referee.Session, *referee.Env) (referee.StatusView, error) {
	return nil, nil
}
func (cardGame) Next(s *referee.Session, env *referee.Env) error {
	r, err := env.Dice.Roll("cards.roll", referee.D(6))
	if err != nil {
		return err
	}
	env.Emit(referee.Event{Type: "roll", Text: fmt.Sprintf("rolled %d", r.Value)})
	n, err := env.Prompt.Ask(referee.Question{Key: "cards.number", Text: "card number?", Kind: referee.KindNumber, Min: 1, Max: 9})
	if err != nil {
		return err
	}
	lvl, err := env.Prompt.Ask(referee.Question{Key: "cards.level", Text: "its level?", Kind: referee.KindNumber, Min: 1, Max: 2,
		Check: func(v string) (string, error) {
			if n == "6" && v == "2" {
				return "", referee.Reask("cards.number", referee.Usagef("card 6 is a Level 1 card, so it cannot show Level 2: check the card's number"))
			}
			return v, nil
		}})
	if err != nil {
		return err
	}
	env.Emit(referee.Event{Type: "card", Text: "card " + n + " level " + lvl})
	return nil
}

// terminal answers from a queue, as a person would, and remembers what it
// was asked.
type terminal struct {
	answers []string
	asked   []referee.Question
}

func (t *terminal) Ask(q referee.Question) (string, error) {
	t.asked = append(t.asked, q)
	for len(t.answers) > 0 {
		a := t.answers[0]
		t.answers = t.answers[1:]
		v, err := q.Normalize(a)
		if err == nil {
			return v, nil
		}
		if _, ok := referee.AsReask(err); ok {
			return "", err
		}
		// refused in place: the next answer is typed
	}
	return "", fmt.Errorf("terminal: nothing more to type for %s", q.Key)
}

func newCardSession(t *testing.T, p referee.Prompter) (*referee.Session, *referee.Env, *[]string) {
	env := &referee.Env{Prompt: p}
	s, err := referee.NewSession(cardGame{}, "c", []referee.Player{{Name: "Ann"}}, nil, 5, referee.Virtual, env)
	require.NoError(t, err)
	env.Dice, err = referee.DiceFor(s, p)
	require.NoError(t, err)
	var printed []string
	env.OnEmit = func(ev referee.Event) { printed = append(printed, ev.Text) }
	return s, env, &printed
}

func TestALaterAnswerAsksTheEarlierQuestionAgainKeepingTheDice(t *testing.T) {
	term := &terminal{answers: []string{"6", "2", "7"}}
	sp := referee.NewScripted()
	sp.Fallback = term
	s, env, printed := newCardSession(t, sp)
	evs, err := referee.Next(cardGame{}, s, env)
	require.NoError(t, err, "the step goes on: the card number is asked again")
	require.Len(t, evs, 2)
	assert.Equal(t, "card 7 level 2", evs[1].Text, "the level typed stands, the number is the new one")
	require.Len(t, term.asked, 3, "number, level, then the number again; the level is not asked twice")
	again := term.asked[2]
	assert.Equal(t, "cards.number", again.Key)
	assert.Equal(t, "6", again.Default, "the old answer is the default")
	assert.Contains(t, again.Text, "asked again: card 6 is a Level 1 card")
	roll := evs[0].Text
	assert.Equal(t, []string{roll, "card 7 level 2"}, *printed, "the roll is printed once, and rolled once")
	assert.Len(t, evs[0].Rolls, 1)
	var keys []string
	for _, e := range evs {
		for _, a := range e.Answers {
			keys = append(keys, a.Key+"="+a.Value)
		}
	}
	assert.Equal(t, []string{"cards.number=7", "cards.level=2"}, keys, "the step records the answers that stand")

	// The same die as a run without the re-ask.
	sp2 := referee.NewScripted()
	sp2.Fallback = &terminal{answers: []string{"7", "2"}}
	s2, env2, _ := newCardSession(t, sp2)
	evs2, err := referee.Next(cardGame{}, s2, env2)
	require.NoError(t, err)
	assert.Equal(t, evs2[0].Text, roll)
	assert.Equal(t, s2.State, s.State)
	assert.Equal(t, s2.RNG, s.RNG)
}

func TestTheSameEarlierAnswerAgainAsksTheLaterQuestionAfresh(t *testing.T) {
	// The number was right and the level a typo: 6 again, then level 1.
	term := &terminal{answers: []string{"6", "2", "6", "1"}}
	sp := referee.NewScripted()
	sp.Fallback = term
	s, env, _ := newCardSession(t, sp)
	evs, err := referee.Next(cardGame{}, s, env)
	require.NoError(t, err)
	assert.Equal(t, "card 6 level 1", evs[len(evs)-1].Text)
	var keys []string
	for _, q := range term.asked {
		keys = append(keys, q.Key)
	}
	assert.Equal(t, []string{"cards.number", "cards.level", "cards.number", "cards.level"}, keys)
}

func TestAScriptedEarlierAnswerIsNotAskedAgain(t *testing.T) {
	sp := referee.NewScripted()
	sp.Set("cards.number", "6", "answers")
	sp.Fallback = &terminal{answers: []string{"2", "1"}}
	s, env, _ := newCardSession(t, sp)
	before := append([]byte(nil), s.State...)
	_, err := referee.Next(cardGame{}, s, env)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err), "a wrong scripted answer is exit 2, as before")
	assert.True(t, strings.Contains(err.Error(), "card 6 is a Level 1 card"), err.Error())
	assert.Equal(t, before, []byte(s.State))
}
