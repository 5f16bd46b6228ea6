package rulesref

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSentenceBM25: each body sentence is its own BM25 unit; the title
// and heading lines do not count.
func TestSentenceBM25(t *testing.T) {
	const b = seqBase
	seq := []int32{
		b + 1, 0, // title: term 1
		1 + sentHeading, b + 1, b + 2, // heading line: terms 1, 2 (would score 4.4)
		1, b + 1, b + 3, b + 3, // sentence: term 1 once, length 3
		1, b + 2, // sentence: term 2, length 1
	}
	sq := &sentQuery{pos: map[int32]int{1: 0, 2: 1}, f: []float64{2, 1}, tot: 3, tf: make([]float64, 2)}
	// 2 x 2.2 / (1 + 1.2 x (0.25 + 0.75 x 3/9)) against 2.2 / 1.4
	assert.InDelta(t, 2.75, sentenceBM25(seq, sq), 1e-9)
	assert.InDelta(t, 2.2/1.4, sentenceBM25([]int32{0, 1, b + 2}, sq), 1e-9)
	assert.Zero(t, sentenceBM25([]int32{b + 1, b + 2, 0, 1 + sentHeading, b + 1}, sq))
}

// TestSentenceCueLiftsScore: the first stage multiplies a hit's score by
// 1 + sentBMA x its best sentence's BM25 per idf of the question, on top
// of the concept cue, and so lifts the passage that states the answer in
// one sentence over one that spreads the same words.
func TestSentenceCueLiftsScore(t *testing.T) {
	require.Greater(t, sentBMA, 0.0)
	c := builtin()
	q := "how many actions per turn in war for atraxia"
	pq := c.parseQuery(q, newStemmer())
	bits := conceptBits(&pq)
	sq := c.newSentQuery(&pq)
	d := int32(-1)
	for i := int32(0); int(i) < len(c.ix.DocSec); i++ {
		text, _, _ := c.passageWindow(i)
		if strings.Contains(text, "On each turn, a Clan Leader may perform any two Active Actions.") {
			d = i
			break
		}
	}
	require.GreaterOrEqual(t, d, int32(0), "the passage of the answer")
	share := c.sentenceShare(d, sq)
	assert.Greater(t, share, 0.3, "the answering sentence holds most of the question")
	assert.InDelta(t, sentenceBM25(c.ix.docSeq(d), sq)/sq.tot, share, 1e-12)

	best, _, _ := c.sentenceCue(d, &pq, bits)
	hits := []hit{{doc: d, sec: int(c.ix.DocSec[d]), score: 2}}
	c.boostAnswerCues(hits, &pq, bits, 0) // kind 0: no amount or permission cue
	assert.InDelta(t, 2*(1+sentB*best)*(1+sentBMA*share), hits[0].score, 1e-9)
	assert.Greater(t, hits[0].score, 2*(1+sentB*best), "the sentence cue lifts the score")
}
