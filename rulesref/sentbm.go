package rulesref

import "math"

// The first-stage sentence cue (issue #16, fourth pass): each sentence of
// a passage scored as its own BM25 unit, and the hand-tuned score of the
// first hits lifted by the best sentence's share of the question.

// sentBMA lifts a hit's score by 1+sentBMA x (its best sentence's BM25
// per idf of the question's terms), in boostAnswerCues.
const sentBMA = 0.1

// sentAvgLen is the length norm of sentenceBM25: the mean sentence of
// the rulebooks' passages (8.9 terms when measured).
const sentAvgLen = 9.0

// sentQuery is what sentenceBM25 needs of the question: each term's
// index and its idf x weight, and their sum (the best a sentence can
// reach with a tf saturated at one occurrence is about that sum).
type sentQuery struct {
	pos map[int32]int
	f   []float64
	tot float64
	tf  []float64 // scratch
}

// newSentQuery reads the question's terms with the index's idf.
func (c *corpus) newSentQuery(pq *parsedQuery) *sentQuery {
	sq := &sentQuery{pos: make(map[int32]int, len(pq.terms))}
	for _, t := range pq.terms { // one entry per term (queryBuilder.terms)
		f := c.ix.idf(t.id) * t.weight
		sq.pos[t.id] = len(sq.f)
		sq.f = append(sq.f, f)
		sq.tot += f
	}
	sq.tf = make([]float64, len(sq.f))
	return sq
}

// sentenceBM25 scores each sentence of a passage's term sequence
// (index.Seq; heading lines and the title left out) as its own unit with
// BM25 (the passages' idf, the sentence's length against sentAvgLen) and
// returns the best sentence's score.
func sentenceBM25(seq []int32, sq *sentQuery) float64 {
	const b = 0.75 // the experiment's (4c09cda), not the passages' bm25B
	cur := sq.tf
	for i := range cur {
		cur[i] = 0
	}
	var best, clen float64
	open := false
	flush := func() {
		if !open {
			return
		}
		var s float64
		for i, f := range sq.f {
			if t := cur[i]; t > 0 {
				s += f * t * (bm25K1 + 1) / (t + bm25K1*(1-b+b*clen/sentAvgLen))
			}
			cur[i] = 0
		}
		best = math.Max(best, s)
		clen = 0
	}
	body := false
	for _, v := range seq {
		switch {
		case v == 0:
			body = true
		case !body:
		case v < seqBase:
			flush()
			open = (v-1)&sentHeading == 0
		case open:
			clen++
			if i, ok := sq.pos[v-seqBase]; ok {
				cur[i]++
			}
		}
	}
	flush()
	return best
}

// sentenceShare is the best sentence's BM25 of doc d per idf of the
// question (0 when the question has no terms).
func (c *corpus) sentenceShare(d int32, sq *sentQuery) float64 {
	if sq.tot <= 0 {
		return 0
	}
	return sentenceBM25(c.ix.docSeq(d), sq) / sq.tot
}
