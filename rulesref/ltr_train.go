package rulesref

import "strings"

// The learned reranker's training data, for the training tool
// (rulesref/internal/train, see its package doc). Nothing in bosun calls
// these: they expose the candidates and features the reranker sees, so
// that the tool can fit ltrWeights outside the package.

// TrainQuestion is a dev-set question (rulesref/testdata/devset.yaml).
type TrainQuestion struct {
	Q   string   `yaml:"q"`
	IDs []string `yaml:"ids"`
	// Set names the batch the question was written in ("" the first).
	Set string `yaml:"set"`
	// Answers, when given, make a candidate relevant only if its passage
	// holds one of them (as TestDevSet grades).
	Answers []string `yaml:"answers"`
	// Game, when given, limits the search to that game (as --game or a
	// session does); the dev set leaves it empty.
	Game string `yaml:"game"`
}

// TrainQuery is one question's reranker candidates: the hits search may
// show, at most rerankTop, in the hand-tuned order.
type TrainQuery struct {
	Q   string
	Set string
	// X holds each candidate's features (TrainFeatures names them).
	X [][]float64
	// Rel says whether the candidate's passage answers the question.
	Rel []bool
	// IDs are the candidates' section ids.
	IDs []string
	// Pin is the candidate each is pinned next to (-1: none), After
	// whether after it (see TrainPinOrder).
	Pin   []int
	After []bool
}

// TrainCandidates computes the candidates of every question with the
// hand-tuned ranking (the learned reranker off). pool > 0 is the number of
// hits the reranker would reorder (rerankTop) meanwhile. It changes
// package state while it runs: never call it beside a search.
func TrainCandidates(qs []TrainQuestion, pool int) []TrainQuery {
	c := builtin()
	saveOn, saveTop := ltrOn, rerankTop
	ltrOn = false
	if pool > 0 {
		rerankTop = pool
	}
	defer func() { ltrOn, rerankTop = saveOn, saveTop }()
	out := make([]TrainQuery, 0, len(qs))
	for _, dq := range qs {
		tq := TrainQuery{Q: dq.Q, Set: dq.Set}
		opt := SearchOptions{Limit: 3}
		if dq.Game != "" {
			opt.Games = []string{dq.Game}
		}
		hits, rc := c.rank(dq.Q, opt, newStemmer())
		if rc != nil && len(hits) > 0 && hits[0].score >= minScore && hits[0].cover >= minCover {
			n := len(hits)
			for k, h := range hits {
				if h.score < hits[0].score*0.25 || h.cover < minCover*0.7 {
					n = k
					break
				}
			}
			hits = hits[:min(n, rerankTop)]
			tq.X = c.ltrMatrix(hits, rc)
			for _, h := range hits {
				p, after := hitPin(hits, h)
				tq.Pin = append(tq.Pin, p)
				tq.After = append(tq.After, after)
				tq.IDs = append(tq.IDs, c.Secs[h.sec].ID)
				tq.Rel = append(tq.Rel, trainRelevant(c, dq, h))
			}
		}
		out = append(out, tq)
	}
	return out
}

// trainRelevant: the passage search would show for h answers dq (as
// TestDevSet grades it).
func trainRelevant(c *corpus, dq TrainQuestion, h hit) bool {
	if len(dq.Answers) > 0 {
		text := c.passageText(h.doc)
		for _, a := range dq.Answers {
			if strings.Contains(text, a) {
				return true
			}
		}
		return false
	}
	for _, id := range dq.IDs {
		if c.Secs[h.sec].ID == id {
			return true
		}
	}
	return false
}

// Indexes of the features the fit starts from and is pulled towards: the
// log of the hand-tuned score and the inverse hand-tuned rank.
const (
	TrainLnScore = fLnScore
	TrainInvRank = fInvRank
)

// TrainFeatures names the reranker's features, in the order of a weight
// list.
func TrainFeatures() []string { return append([]string(nil), featNames[:]...) }

// TrainShippedWeights returns the weights search uses now
// (ltr_weights.go).
func TrainShippedWeights() []float64 { return append([]float64(nil), ltrWeights...) }

// TrainPinOrder keeps each candidate pinned to another next to it, as the
// reranker does (order lists candidate indexes).
func TrainPinOrder(order, pin []int, after []bool) []int { return pinOrder(order, pin, after) }
