package rulesref

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSentenceSpans(t *testing.T) {
	assert.ElementsMatch(t, []span{{1, 1}, {1, 3}}, sentenceSpans("- On a result of 1-3, take 1 damage."))
	assert.Equal(t, []span{{20, openEnd}, {5, 5}}, sentenceSpans("- 20 or more → 5 OC"))
	assert.Equal(t, []span{{0, 10}}, sentenceSpans("A Clan Leader may contribute up to 10 Ammo cards per battle."))
	assert.Equal(t, []span{{3, 3}}, sentenceSpans("- With three players, only the west (W) Bases are available."))
	assert.Empty(t, sentenceSpans("Discard the Ammo dice you spent."))
}

func TestNumberHits(t *testing.T) {
	rows := [][]span{{{10, openEnd}}, {{20, openEnd}}, {{30, openEnd}}, nil}
	assert.Equal(t, []bool{false, true, false, false}, numberHits([]int{24}, rows), "24 is '20 or more', the highest threshold that holds it")
	assert.Equal(t, []bool{false, false, false, false}, numberHits(nil, rows), "a question without numbers")
	assert.Equal(t, []bool{true, false, false}, numberHits([]int{2}, [][]span{{{1, 3}}, {{4, 6}}, nil}))
	assert.Equal(t, []bool{false, true}, numberHits([]int{3}, [][]span{{{2, 2}}, {{3, 3}}}))
}

// TestAnswerListItem: the fact in a list item or a table row is shown
// with its lead-in; the question's number picks the row.
func TestAnswerListItem(t *testing.T) {
	for _, c := range []struct{ q, game, want, lead string }{
		{"fleet strength 24 on the isle, upkeep?", "war-for-atraxia", "- 20 or more → 5 OC", "fleet strength → Ocean Crystals to pay):"},
		{"rolled a 2 on treacherous seas ugh", "quests-and-cannons", "- On a result of 1-3, take 1 damage", "roll the Traveler Die:"},
	} {
		rs := Search(c.q, SearchOptions{Limit: 1, Games: []string{c.game}})
		require.NotEmpty(t, rs, c.q)
		assert.Contains(t, rs[0].Answer, c.want, c.q)
		assert.Contains(t, rs[0].Answer, c.lead, c.q)
		for _, piece := range strings.Split(rs[0].Answer, AnswerGap) {
			assert.Contains(t, rs[0].Text, piece, c.q)
		}
	}
}

func TestNegated(t *testing.T) {
	for _, s := range []string{"can't afford upkeep", "I have no sailors left", "If they cannot pay", "without spending an action", "I don’t have enough"} {
		assert.True(t, negated(s), s)
	}
	for _, s := range []string{"can I pay 3 coins", "another round at the tavern", "knots of wind"} {
		assert.False(t, negated(s), s)
	}
	assert.NotZero(t, asks("can't afford upkeep on the isle, then what")&factNegated)
	assert.NotZero(t, asks("can't afford upkeep on the isle, then what")&factOutcome, "then what")
	assert.Zero(t, asks("how much is the upkeep on the isle")&factNegated)
}

// TestAnswerNegatedCase: a question about a case that is not gets the
// sentence that says what happens then, not the rule's plain case.
func TestAnswerNegatedCase(t *testing.T) {
	for _, c := range []struct{ q, game, want string }{
		{"can't afford upkeep on the isle, then what", "war-for-atraxia", "If they cannot pay the full upkeep cost, they must move their entire fleet"},
		{"lost a duel but I have no sailors left, what comes off my ship?", "misty-waters", "no more Sailors to remove, they remove a Cannon instead"},
	} {
		opts := SearchOptions{Limit: 1}
		if c.game != "" {
			opts.Games = []string{c.game}
		}
		rs := Search(c.q, opts)
		require.NotEmpty(t, rs, c.q)
		assert.Contains(t, rs[0].Answer, c.want, c.q)
	}
}

func TestWithAsides(t *testing.T) {
	assert.Equal(t, []string{"Hard: 4 ships. (Not available in 3-player games.)", "Then stop."},
		withAsides([]string{"Hard: 4 ships.", "(Not available in 3-player games.)", "Then stop."}))
	assert.Equal(t, []string{"(Remember, a team may be one player.)", "Roll."},
		withAsides([]string{"(Remember, a team may be one player.)", "Roll."}), "an aside opening the line stays")
	rs := Search("sunk - do i keep my equipped loot?", SearchOptions{Limit: 1, Games: []string{"quests-and-cannons"}})
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Answer, "Discard all but one equipped Loot card. (Don't discard any Loot cards in your hand!)")
}

// TestAnswerNotFlavour: a character's words in quotation marks are not
// the rule the section gives.
func TestAnswerNotFlavour(t *testing.T) {
	rs := Search("when do sunk marauders come back", SearchOptions{Limit: 1, Games: []string{"quests-and-cannons"}})
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Answer, "Sunk Marauders Reinforce at the end of a round.")
	assert.NotContains(t, rs[0].Answer, "comes back even stronger")
}

func TestOrdinalsCount(t *testing.T) {
	assert.NotZero(t, traits(words("If you equip a third card, discard one."))&factNumber)
	assert.NotZero(t, asks("can i equip a third loot card")&factNumber, "the count decides")
	assert.Zero(t, asks("who plays first")&factNumber, "first says an order")
}

// TestAnswerPair: the sentence next to the best one is shown with it
// when it meets more of the question ("Ships have only two Equip slots.
// If you equip a third card, discard one ...").
func TestAnswerPair(t *testing.T) {
	rs := Search("i already have two loot cards equipped, can i equip a third one?", SearchOptions{Limit: 1, Games: []string{"quests-and-cannons"}})
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Answer, "Ships have only two Equip slots. If you equip a third card")
}

// TestAnswerLabels: the labels of a list's sentences ("Winner:",
// "Loser:", "Tie:") tell them apart; only the first sentence's label
// names the passage's topic.
func TestAnswerLabels(t *testing.T) {
	rs := Search("sea battle ended in a tie, what do we both get", SearchOptions{Limit: 1, Games: []string{"rolling-seas"}})
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Answer, "Tie: gain 2 Story Points for each player.")
}

// TestAnswerYesNo: a "does/is there ..." question gets the sentence that
// says what may or may not be.
func TestAnswerYesNo(t *testing.T) {
	for _, c := range []struct{ q, game, want string }{
		{"does diagonal count as adjacent for exploring and ports?", "rolling-seas", "You are only considered adjacent to something when you are orthogonally adjacent."},
		{"is there a hand limit for quest cards", "quests-and-cannons", "Your hand can hold up to three of each type of card."},
	} {
		rs := Search(c.q, SearchOptions{Limit: 1, Games: []string{c.game}})
		require.NotEmpty(t, rs, c.q)
		assert.Contains(t, rs[0].Answer, c.want, c.q)
	}
	assert.NotZero(t, asks("does diagonal count as adjacent")&factYesNo)
	assert.Zero(t, asks("how does diagonal movement work")&factYesNo)
}

func TestAskingWords(t *testing.T) {
	q := "lion clan reached the isle. how many rounds are left, and if we knock him off does the countdown stop?"
	clause, asked := askingWords(q, len(words(q)))
	require.Len(t, clause, len(words(q)))
	assert.Equal(t, []string{"how many rounds are left,", "and if we knock him off does the countdown stop?"}, asked)
	assert.Equal(t, -1, clause[0], "the account of the board asks nothing")
	assert.Equal(t, 0, clause[5], "how")
	assert.Equal(t, 1, clause[len(clause)-1], "stop")
	q2 := "Can't pay the upkeep this turn, I'm 2 OC short. what happens to my fleet?"
	q3 := "Do I owe upkeep right away? And how is the amount worked out?"
	_, asked = askingWords(q2, len(words(q2)))
	assert.Equal(t, []string{"what happens to my fleet?"}, asked, "a can't that tells a case does not ask")
	_, asked = askingWords(q3, len(words(q3)))
	assert.Len(t, asked, 2, "a question opened by and")
	clause, _ = askingWords("can i sail twice", 99)
	assert.Nil(t, clause, "words that do not line up")
}

// TestAnswerTwoParts: a question that asks two things gets the sentence
// that answers the part the first sentences leave.
func TestAnswerTwoParts(t *testing.T) {
	q := "a capital ship just entered the isle of myth. how many rounds remain, and if he gets knocked off does the countdown stop?"
	rs := Search(q, SearchOptions{Limit: 1, Games: []string{"war-for-atraxia"}})
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Answer, "5 more rounds", "the first part")
	assert.Contains(t, rs[0].Answer, "cannot be stopped", "the second part")
	for _, piece := range strings.Split(rs[0].Answer, AnswerGap) {
		assert.Contains(t, rs[0].Text, piece)
	}
}

// TestAnswerTie: a question about a tie gets the sentence that breaks
// it, not the one that says who wins.
func TestAnswerTie(t *testing.T) {
	assert.True(t, tied(words("we both ended on 20 crystals")))
	assert.True(t, tied(words("tied on renown")))
	assert.False(t, tied(words("can both ships fire")), "both without a number")
	for _, c := range []struct{ q, game, want string }{
		{"my friend and i tied on magic crystals, who takes it?", "war-for-atraxia", "In case of a tie"},
		{"both of us bid 3 silver coins at the vote auction, who gets the votes?", "misty-waters", "If there is a tie for the most Silver Coins bid"},
		// the tie as one more concept: the sentence meets no other word
		{"rolling seas - what happens if the ambush fight ends up a tie", "", "Tie: gain 2 Story Points for each player."},
	} {
		opts := SearchOptions{Limit: 1}
		if c.game != "" {
			opts.Games = []string{c.game}
		}
		rs := Search(c.q, opts)
		require.NotEmpty(t, rs, c.q)
		assert.Contains(t, rs[0].Answer, c.want, c.q)
	}
}
