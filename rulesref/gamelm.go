package rulesref

import "math"

// Game identification as a probabilistic prior: each rulebook is a
// unigram language model over the index terms (Dirichlet-smoothed with
// the whole corpus), and P(game | query) ∝ P(game) · Π P(term | game)^w
// over the player's words (w: the word's query weight). A question in
// words every rulebook uses ("how much damage do my cannons do") gets a
// flat posterior; one with a word only one rulebook uses ("clan leader")
// a sharp one. Unlike counting how much of the query a game's vocabulary
// covers, the model weighs how often each game uses the words, and it
// does not favour the longest rulebook for knowing the most words.

// lmMu is the Dirichlet smoothing mass (in term occurrences).
const lmMu = 1000.0

// gameLen returns, per game, the total weighted term count of its docs
// (the same counts the postings hold), computed on first use.
func (ix *index) gameLen(c *corpus) []float64 {
	if ix.gameTotal != nil {
		return ix.gameTotal
	}
	tot := make([]float64, len(Games))
	for t := range ix.Terms {
		for _, p := range ix.post(int32(t)) {
			tot[ix.gameOfDoc(c, p.Doc)] += float64(p.TF)
		}
	}
	ix.gameTotal = tot
	return tot
}

// gamePosterior returns P(game | query) for the query's terms (the
// player's words and, at their lower weight, the words a table-talk
// phrase stands for), with a uniform prior, tempered to the mean
// log likelihood per word. It returns nil for no terms.
func (c *corpus) gamePosterior(terms []qterm) []float64 {
	ix := c.ix
	tot := ix.gameLen(c)
	var all float64
	for _, v := range tot {
		all += v
	}
	logp := make([]float64, len(Games))
	var n float64
	cnt := make([]float64, len(Games))
	for _, t := range terms {
		n++
		for g := range cnt {
			cnt[g] = 0
		}
		var sum float64
		for _, p := range ix.post(t.id) {
			cnt[ix.gameOfDoc(c, p.Doc)] += float64(p.TF)
			sum += float64(p.TF)
		}
		pc := (sum + 0.5) / (all + 1)
		for g := range logp {
			logp[g] += t.weight * math.Log((cnt[g]+lmMu*pc)/(tot[g]+lmMu))
		}
	}
	if n == 0 {
		return nil
	}
	// the mean per-word log likelihood: a long question is no surer of
	// its game than a short one
	for g := range logp {
		logp[g] /= n
	}
	max := math.Inf(-1)
	for _, v := range logp {
		max = math.Max(max, v)
	}
	var z float64
	post := make([]float64, len(Games))
	for g, v := range logp {
		post[g] = math.Exp(v - max)
		z += post[g]
	}
	for g := range post {
		post[g] /= z
	}
	return post
}
