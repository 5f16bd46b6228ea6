package referee_test

import (
	"errors"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func embedded(t *testing.T) *tables.Set {
	t.Helper()
	set, err := tables.New("", nil)
	require.NoError(t, err)
	return set
}

var speedQ = referee.Question{Key: "misty.board.wind.speed.1", Text: "speed modification at box 1", Min: -3, Max: 3}

// An unknown board row is asked once, typed, and remembered; the next
// read does not ask again.
func TestAskIntAsksOnceAndRemembers(t *testing.T) {
	set := embedded(t)
	p := refereetest.NewPrompter(t).Expect("misty.board.wind.speed.1", "-2")
	n, err := referee.AskInt(set, p, "mwp-wind-force", "speed.1", speedQ)
	require.NoError(t, err)
	assert.Equal(t, -2, n)
	require.Len(t, p.Asked, 1)
	assert.Equal(t, referee.KindNumber, p.Asked[0].Kind)
	assert.Contains(t, p.Asked[0].Where, "box 1 oB", "the row's component is named")
	n, err = referee.AskInt(set, p, "mwp-wind-force", "speed.1", speedQ)
	require.NoError(t, err)
	assert.Equal(t, -2, n)
	assert.Len(t, p.Asked, 1, "asked once")
	row, _ := set.Lookup("mwp-wind-force", "speed.1")
	assert.Equal(t, "-2", row.Value)
}

// A bad answer is refused with what is accepted and never remembered.
func TestAskTextRefusesBeforeRemembering(t *testing.T) {
	set := embedded(t)
	p := referee.NewScripted()
	p.Set("misty.board.wind.speed.1", "7", "answers")
	_, err := referee.AskInt(set, p, "mwp-wind-force", "speed.1", speedQ)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "a whole number from -3 to 3")
	row, _ := set.Lookup("mwp-wind-force", "speed.1")
	assert.False(t, row.Known(), "not remembered")

	// The game's own check also runs before remembering, and at a
	// terminal it is part of the question, so a typo is re-asked in place.
	odd := func(s string) error {
		if s != "1" && s != "3" {
			return errors.New("not odd")
		}
		return nil
	}
	p = referee.NewScripted()
	p.Set("k", "2", "answers")
	_, err = referee.AskText(set, p, "mwp-wind-force", "speed.1", referee.Question{Key: "k", Text: "odd", Kind: referee.KindText, Accepted: "1 or 3"}, odd)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not odd; accepted: 1 or 3")
	row, _ = set.Lookup("mwp-wind-force", "speed.1")
	assert.False(t, row.Known(), "not remembered")

	tp := refereetest.NewPrompter(t).Expect("k", "3")
	v, err := referee.AskText(set, tp, "mwp-wind-force", "speed.1", referee.Question{Key: "k", Text: "odd", Kind: referee.KindText}, odd)
	require.NoError(t, err)
	assert.Equal(t, "3", v)
	require.NotNil(t, tp.Asked[0].Check, "the check travels with the question")
	_, err = tp.Asked[0].Check("2")
	assert.Error(t, err)
}

// A remembered value that fails the check is refused naming the row to
// correct, not used.
func TestAskIntRefusesABadRememberedValue(t *testing.T) {
	set := embedded(t)
	require.NoError(t, set.Remember("mwp-wind-force", "speed.1", "-9", "test"))
	_, err := referee.AskInt(set, nil, "mwp-wind-force", "speed.1", speedQ)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `table mwp-wind-force, row speed.1 holds "-9", which is not accepted (not from -3 to 3)`)
	assert.Contains(t, err.Error(), "tables.yaml")
	assert.Contains(t, err.Error(), "misty.board.wind.speed.1")
}

func TestAskWithoutPrompterNamesTheKey(t *testing.T) {
	_, err := referee.AskInt(embedded(t), nil, "mwp-wind-force", "speed.1", speedQ)
	var na *referee.NoAnswerError
	require.ErrorAs(t, err, &na)
	assert.Equal(t, "misty.board.wind.speed.1", na.Q.Key)
}

func TestAskListAndKnownInt(t *testing.T) {
	set := embedded(t)
	p := refereetest.NewPrompter(t).Expect("k", "a, b c")
	items, err := referee.AskList(set, p, "mwp-wind-force", "speed.2", referee.Question{Key: "k", Text: "items", Kind: referee.KindText}, func(it []string) error {
		if len(it) != 3 {
			return errors.New("want 3")
		}
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b", "c"}, items)

	require.NoError(t, set.Remember("t", "n", 4.0, "test"))
	require.NoError(t, set.Remember("t", "bad", "four", "test"))
	n, ok, err := referee.KnownInt(set, "t", "n")
	assert.Equal(t, []any{4, true, nil}, []any{n, ok, err})
	_, ok, err = referee.KnownInt(set, "t", "missing")
	assert.False(t, ok)
	assert.NoError(t, err)
	_, _, err = referee.KnownInt(set, "t", "bad")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `table t, row bad: "four" is not a whole number`)
}

func TestAnsweredAhead(t *testing.T) {
	p := referee.NewScripted()
	assert.False(t, referee.AnsweredAhead(p, "k"))
	p.Set("k", "x", "answers")
	assert.True(t, referee.AnsweredAhead(p, "k"))
	assert.False(t, referee.AnsweredAhead(p, "other"))
	p.Lines = []string{"y"}
	assert.True(t, referee.AnsweredAhead(p, "other"), "a line of stdin answers whatever is asked next")
	assert.False(t, referee.AnsweredAhead(refereetest.NewPrompter(t), "k"))

	p.Set("b", "1", "set")
	p.Set("k", "2", "set")
	p.Set("a", "1", "answers")
	assert.Equal(t, []string{"b", "k", "a"}, referee.PresetKeys(p), "--set keys first, each group sorted")
}
