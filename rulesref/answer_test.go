package rulesref

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQuestionKind(t *testing.T) {
	for q, want := range map[string]int{
		"how many actions per turn?":            askAmount,
		"max dice in a sword fight":             askAmount,
		"price of ammo dice":                    askAmount,
		"can i attack a ship sitting in port":   askAllowed,
		"do i have to keep rolling":             askAllowed,
		"is it allowed to sail through a reef":  askAllowed,
		"how many cannons am i allowed to buy":  askAmount | askAllowed,
		"how many cannons can i buy at a port":  askAmount,
		"what happens when my ship sinks":       0,
		"lost the battle, where do my ships go": 0,
	} {
		assert.Equalf(t, want, questionKind(q), "%q", q)
	}
}

func TestSentenceFlags(t *testing.T) {
	assert.Equal(t, int32(sentAmount), sentenceFlags(words("Buy Ammo: Pay 1 coin to gain 2 Ammo.")))
	assert.Equal(t, int32(sentModal), sentenceFlags(words("Sails can't be used to start moving.")))
	assert.Equal(t, int32(sentAmount|sentModal), sentenceFlags(words("You may have up to nine Ammo dice.")))
	assert.Equal(t, int32(0), sentenceFlags(words("Discard the Ammo dice you spent.")))
}

// TestAnswerCues: the sentence that states what was asked lifts its
// passage (the cue reads the index's sentence markers).
func TestAnswerCues(t *testing.T) {
	c := builtin()
	st := newStemmer()
	pq := c.parseQuery("how much is ammo", st)
	bits := map[int32][2]uint32{}
	for _, x := range pq.terms {
		bits[x.id] = [2]uint32{x.full, x.part}
	}
	i, ok := c.find("quests-and-cannons/maintenance")
	assert.True(t, ok)
	for d := range c.ix.DocSec {
		if int(c.ix.DocSec[d]) != i {
			continue
		}
		best, amount, _ := c.sentenceCue(int32(d), &pq, bits)
		assert.Equal(t, 1.0, best, "a sentence holds every concept")
		assert.True(t, amount, "Pay 1 coin to gain 2 Ammo")
	}
}
