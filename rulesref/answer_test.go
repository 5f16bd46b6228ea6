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

// TestRestatingSections: tavern mini-games and worked examples give way
// to the rule unless the question names them; an FAQ question the player
// did not mirror goes below the rule it explains.
func TestRestatingSections(t *testing.T) {
	c := builtin()
	i, ok := c.find("misty-waters/dice-poker")
	assert.True(t, ok)
	assert.True(t, c.Secs[i].minigame)
	j, _ := c.find("misty-waters/step-4b-boarding-battle")
	assert.False(t, c.Secs[j].minigame)

	top := func(q string) string {
		rs := Search(q, SearchOptions{Limit: 3})
		if len(rs) == 0 {
			return ""
		}
		return rs[0].ID
	}
	assert.Equal(t, "misty-waters/dice-poker", top("how do you play dice poker at the tavern"))
	assert.Equal(t, "quests-and-cannons/champion-abilities", top("what does dwunny luck do"))
	var ids []string
	for _, r := range Search("can i use my sails to start moving", SearchOptions{Limit: 3}) {
		ids = append(ids, r.ID)
	}
	assert.Contains(t, ids, "quests-and-cannons/can-i-use-my-sails-to-start-moving", "a mirrored FAQ stays in the top 3")
}
