package chronicle_test

import (
	"math/big"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSumDistAndPercentile(t *testing.T) {
	d := chronicle.SumDist(chronicle.D6, 2)
	require.Len(t, d, 11)
	assert.Equal(t, big.NewRat(1, 6).String(), d[7].String())
	assert.Equal(t, big.NewRat(1, 36).String(), d[2].String())
	// 7 on 2d6: 15/36 below, 6/36 equal: (15+3)/36 = 0.5.
	assert.InDelta(t, 0.5, chronicle.Percentile(d, 7), 1e-12)
	assert.InDelta(t, 0.5/36, chronicle.Percentile(d, 2), 1e-12)
	assert.InDelta(t, 1-0.5/36, chronicle.Percentile(d, 12), 1e-12)
	p, exact := chronicle.PAtLeast(d, 11)
	assert.InDelta(t, 3.0/36, p, 1e-12)
	assert.Equal(t, "1/12", exact)
}

func TestWords(t *testing.T) {
	assert.Equal(t, "37.5%", chronicle.Pct(0.375))
	assert.Equal(t, "50%", chronicle.Pct(0.5))
	assert.Equal(t, "73rd percentile", chronicle.Ordinal(0.73))
	assert.Equal(t, "11th percentile", chronicle.Ordinal(0.11))
	assert.Equal(t, "far above the odds", chronicle.LuckWord(0.95))
	assert.Equal(t, "about the odds", chronicle.LuckWord(0.5))
	assert.Equal(t, "short", chronicle.Short("short", 10))
	assert.Equal(t, "one two …", chronicle.Short("one two three", 9))
}

func TestTracker(t *testing.T) {
	var tr chronicle.Tracker
	tr.Set("b", 1, "I", 1)
	tr.Set("a", 1, "I", 2)
	tr.Set("a", 1, "I", 3) // same x: replaced
	tr.Set("a", 2, "II", 4)
	assert.Equal(t, 4.0, tr.Last("a"))
	s := tr.Series("a")
	require.Len(t, s, 2)
	assert.Equal(t, "a", s[0].Name)
	assert.Equal(t, []chronicle.Point{{X: 1, Label: "I", Y: 3}, {X: 2, Label: "II", Y: 4}}, s[0].Points)
	assert.Equal(t, "b", s[1].Name)
}

// A game bosun does not know (or one without a Teller) gets the generic
// chronicle: a round per step, the rulings with their counts, and the
// rules questions its log holds.
func TestBuildGeneric(t *testing.T) {
	s := &referee.Session{Name: "t", Game: "coin-flip", Players: []referee.Player{{Name: "Ann"}}, Step: 3, Seed: 1, DiceMode: referee.Virtual,
		Log: []referee.Event{
			{Step: 1, Type: "flip", Text: "heads", Cites: []string{"coin/flip"}},
			{Step: 1, Type: "rules-question", Text: "asked", Data: map[string]any{"query": "can I flip twice?"}},
			{Step: 2, Type: "flip", Text: "tails", Cites: []string{"coin/flip", "coin/score"}},
			{Step: 2, Type: "flip", Text: "undone", Undone: true, Cites: []string{"coin/undo"}},
		}}
	ch := chronicle.Build(s, nil)
	assert.Equal(t, "coin-flip: t (so far, step 3)", ch.Title)
	assert.Equal(t, "so far", ch.Progress)
	assert.Nil(t, ch.Result)
	require.Len(t, ch.Rounds, 2)
	assert.Equal(t, []string{"heads", "asked"}, ch.Rounds[0].Lines)
	assert.Equal(t, []chronicle.Ruling{{Section: "coin/flip", Count: 2, First: "heads"}, {Section: "coin/score", Count: 1, First: "tails"}}, ch.Rulings)
	assert.Equal(t, []chronicle.Question{{Step: 1, Query: "can I flip twice?"}}, ch.Questions)
	assert.Empty(t, ch.Charts)
}

func TestLuckChart(t *testing.T) {
	l1, l2 := 0.25, 0.9
	c := chronicle.LuckChart([]chronicle.Battle{{Title: "a", Luck: &l1, LuckFor: "Ann"}, {Title: "b"}, {Title: "c", Luck: &l2}})
	require.Len(t, c.Series, 1)
	assert.Equal(t, []chronicle.Point{{X: 1, Label: "#1 Ann", Y: 25}, {X: 3, Label: "#3", Y: 90}}, c.Series[0].Points)
}
