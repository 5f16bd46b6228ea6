package rulesref

import (
	"math"
	"sort"
	"strings"
)

// The learned reranker: the hits the hand-tuned ranking puts first (at
// most rerankTop, those that may be shown) are reordered by a linear
// model over features of each hit: the hand-tuned score and rank, how
// much of the question its heading, its enclosing headings and its
// passage hold, the answer cues, the game prior, the kind of section.
// The weights (ltrWeights, ltr_weights.go) are fitted on the dev set
// by `LTR_TRAIN=1 go test -run TestTrainRanker ./rulesref/`
// (ltr_train_test.go), with cross-validation by batch; see
// docs/rules-search.md. The features read only the index (term
// sequences), never the text, so reranking costs microseconds.

// rerankTop is the number of hits the learned model reorders.
const rerankTop = 30

// Features of a hit (ltrFeature).
const (
	fLnScore     = iota // log of the hand-tuned score over the best one's
	fRank0              // the hand-tuned ranking's first
	fInvRank            // 1/(1+hand-tuned rank)
	fBM25Body           // BM25 of the passage's own words, per idf of the question
	fHeadOwn            // idf share of the player's words in the section's heading
	fHeadAll            // ... with table talk at its weight
	fPathOwn            // idf share of the player's words in the enclosing headings
	fBodyOwn            // idf share of the player's words in the passage
	fCover              // the share of the query's weight matched (hit.cover)
	fConcept            // concept coverage of the passage (table talk partly)
	fSent               // the best sentence's concept coverage
	fAmount             // a how-many question, and a near-best sentence states an amount
	fModal              // a can-I question, and a near-best sentence states a permission
	fRareBody           // the player's rarest word is in the passage
	fRareHead           // ... in the heading
	fExpShare           // share of the matched weight met only through table talk
	fProx               // the player's adjacent words adjacent in the passage
	fGameRatio          // P(its game|q) / P(most likely game|q) (1 when the game is given)
	fGameArg            // its game is the most likely one
	fOtherNamed         // a word of the question names another game
	fFAQ                // an FAQ/Q&A question entry
	fErrata             // an errata or official interpretation entry (not a question)
	fFAQMirror          // an FAQ/Q&A question entry x how much the question mirrors its heading
	fGloss              // a glossary entry
	fSummary            // a quick reference or turn summary
	fExample            // a worked example
	fParts              // a component list
	fMini               // a tavern mini-game
	fEmpty              // a heading without text of its own
	fParent             // a section with sub-sections
	fLogLen             // log(1 + passage length)
	fLogSec             // log(1 + the section's lines)
	fDepth              // depth in the section tree
	fLong               // a section longer than the returned window
	fFirstDoc           // the passage is the section's first
	fHeadAmount         // a how-many question x heading share
	fNoteAsk            // an FAQ/Q&A entry x a can-I question
	fHeadPrec           // idf share of the heading's words in the question
	fHeadLen            // log(1 + the heading's words)
	fDocPos             // log(1 + the passage's place in its section)
	fChildIn            // a sub-section is among the candidates
	fParentIn           // the parent section is among the candidates
	fAncAbove           // an enclosing section ranks above it
	fAmendsIn           // a note amending one of the first five candidates
	fAmendedIn          // a section amended by a note among the first five
	fSameGame0          // the game of the hand-tuned first
	fWhy                // a why question and a "Why ...?" entry
	fGameConf           // gameRatio x P(most likely game|q)
	fBestBM25           // the best bm25Body among the candidates
	fBestConcept        // the best concept coverage
	fBestSent           // the best sentence
	fBestHead           // the best headOwn
	fBestProx           // the best proximity
	nFeat
)

// featNames name the features, for the training report.
var featNames = [nFeat]string{
	"lnScore", "rank0", "invRank", "bm25Body", "headOwn", "headAll", "pathOwn", "bodyOwn",
	"cover", "concept", "sent", "amount", "modal", "rareBody", "rareHead", "expShare",
	"prox", "gameRatio", "gameArg", "otherNamed", "faq", "errata", "faqMirror", "gloss",
	"summary", "example", "parts", "mini", "empty", "parent", "logLen", "logSec", "depth",
	"long", "firstDoc", "headAmount", "noteAsk", "headPrec", "headLen", "docPos", "childIn",
	"parentIn", "ancAbove", "amendsIn", "amendedIn", "sameGame0", "why", "gameConf",
	"bestBM25", "bestConcept", "bestSent", "bestHead", "bestProx",
}

// firstDocs maps each section to its first passage (-1: none), built on
// first use.
func (c *corpus) firstDocs() []int32 {
	c.ix.fdOnce.Do(func() {
		fd := make([]int32, len(c.Secs))
		for i := range fd {
			fd[i] = -1
		}
		for d := len(c.ix.DocSec) - 1; d >= 0; d-- {
			fd[c.ix.DocSec[d]] = int32(d)
		}
		c.ix.fd = fd
	})
	return c.ix.fd
}

// qinfo is what the features need of the query's terms.
type qinfo struct {
	own     map[int32]float64 // the player's words: idf
	all     map[int32]float64 // every term: idf x weight
	ownTot  float64
	allTot  float64
	rare    int32 // the player's rarest word
	weights map[int32]float64
}

func (c *corpus) queryInfo(rc *rankCtx) qinfo {
	qi := qinfo{own: map[int32]float64{}, all: map[int32]float64{}, weights: map[int32]float64{}, rare: -1}
	best := -1.0
	for _, t := range rc.pq.terms {
		f := c.ix.idf(t.id)
		qi.all[t.id] = f * t.weight
		qi.allTot += f * t.weight
		qi.weights[t.id] = t.weight
		if t.weight >= 0.8 {
			qi.own[t.id] = f
			qi.ownTot += f
			if f > best {
				best, qi.rare = f, t.id
			}
		}
	}
	return qi
}

// ltrFeatures computes the features of hit h at hand-tuned rank k.
func (c *corpus) ltrFeatures(h hit, k int, top float64, rc *rankCtx, qi *qinfo, x []float64) {
	for i := range x {
		x[i] = 0
	}
	ix := c.ix
	e := &c.Secs[h.sec]
	x[fLnScore] = math.Log(math.Max(h.score, 1e-6) / top)
	if k == 0 {
		x[fRank0] = 1
	}
	x[fInvRank] = 1 / float64(1+k)
	seq := ix.docSeq(h.doc)
	head := map[int32]bool{}
	tf := map[int32]float64{}
	body := false
	var blen float64
	for _, v := range seq {
		switch {
		case v == 0:
			body = true
		case v < seqBase:
		case !body:
			head[v-seqBase] = true
		default:
			blen++
			if _, ok := qi.all[v-seqBase]; ok {
				tf[v-seqBase]++
			}
		}
	}
	path := map[int32]bool{}
	fd := c.firstDocs()
	for p := e.Parent; p >= 0; p = c.Secs[p].Parent {
		d := fd[p]
		if d < 0 {
			continue
		}
		for _, v := range ix.docSeq(d) {
			if v == 0 {
				break
			}
			if v >= seqBase {
				path[v-seqBase] = true
			}
		}
	}
	var bm, headOwn, headAll, pathOwn, bodyOwn, exp, matched float64
	for id, f := range qi.all {
		t := tf[id]
		if t > 0 {
			bm += f * t * (bm25K1 + 1) / (t + bm25K1*(1-bm25B+bm25B*blen/float64(ix.avgLen)))
		}
		if head[id] {
			headAll += f
		}
		if t > 0 || head[id] {
			matched += f
			if qi.weights[id] < 0.8 {
				exp += f
			}
		}
	}
	for id, f := range qi.own {
		if head[id] {
			headOwn += f
		}
		if path[id] {
			pathOwn += f
		}
		if tf[id] > 0 {
			bodyOwn += f
		}
	}
	if qi.allTot > 0 {
		x[fBM25Body] = bm / qi.allTot
		x[fHeadAll] = headAll / qi.allTot
	}
	if qi.ownTot > 0 {
		x[fHeadOwn] = headOwn / qi.ownTot
		x[fPathOwn] = pathOwn / qi.ownTot
		x[fBodyOwn] = bodyOwn / qi.ownTot
	}
	if matched > 0 {
		x[fExpShare] = exp / matched
	}
	x[fCover] = h.cover
	x[fConcept] = rc.pq.coverage(h)
	best, amount, modal := c.sentenceCue(h.doc, rc.pq, rc.bits)
	x[fSent] = best
	if rc.kind&askAmount != 0 {
		if amount {
			x[fAmount] = 1
		}
		x[fHeadAmount] = x[fHeadOwn]
	}
	if rc.kind&askAllowed != 0 && modal {
		x[fModal] = 1
	}
	if qi.rare >= 0 {
		if tf[qi.rare] > 0 {
			x[fRareBody] = 1
		}
		if head[qi.rare] {
			x[fRareHead] = 1
		}
	}
	if rc.pairTot > 0 {
		x[fProx] = proximityIn(seq, rc.pq.pairs, rc.pq.pairW) / rc.pairTot
	}
	x[fGameRatio], x[fGameArg] = 1, 1
	if rc.post != nil && rc.pmax > 0 {
		x[fGameRatio] = rc.post[e.GameIdx] / rc.pmax
		if rc.post[e.GameIdx] < rc.pmax {
			x[fGameArg] = 0
		}
	}
	if rc.named >= 0 && e.GameIdx != rc.named {
		x[fOtherNamed] = 1
	}
	if e.isNote() {
		if c.restates(h.sec) {
			x[fFAQ] = 1
			x[fFAQMirror] = c.mirror(h.doc, rc.qids)
			if rc.kind&askAllowed != 0 {
				x[fNoteAsk] = 1
			}
		} else {
			x[fErrata] = 1
		}
	}
	b2f := func(b bool) float64 {
		if b {
			return 1
		}
		return 0
	}
	x[fGloss] = b2f(e.Kind == KindGlossary)
	x[fSummary] = b2f(e.summary)
	x[fExample] = b2f(e.example)
	x[fParts] = b2f(e.parts)
	x[fMini] = b2f(e.minigame)
	x[fEmpty] = b2f(e.Kind == KindHeading && e.End-e.Start <= 1)
	x[fParent] = b2f(len(e.Children) > 0)
	x[fLogLen] = math.Log1p(float64(ix.DocLen[h.doc]))
	x[fLogSec] = math.Log1p(float64(e.End - e.Start))
	x[fDepth] = float64(e.Level)
	x[fFirstDoc] = b2f(fd[h.sec] == h.doc)
	x[fHeadPrec] = c.mirror(h.doc, rc.qids)
	x[fHeadLen] = math.Log1p(float64(len(head)))
	x[fDocPos] = math.Log1p(float64(h.doc - fd[h.sec]))
	if rc.post != nil {
		x[fGameConf] = x[fGameRatio] * rc.pmax
	} else {
		x[fGameConf] = x[fGameRatio]
	}
	if rc.why && e.isNote() && strings.HasPrefix(e.Title, "Why") {
		x[fWhy] = 1
	}
	x[fLong] = b2f(fd[h.sec] != h.doc || int(h.doc)+1 < len(ix.DocSec) && int(ix.DocSec[h.doc+1]) == h.sec)
}

// ltrScores returns the features of the first n hits (n <= rerankTop).
func (c *corpus) ltrMatrix(hits []hit, rc *rankCtx) [][]float64 {
	n := min(len(hits), rerankTop)
	if n == 0 {
		return nil
	}
	qi := c.queryInfo(rc)
	xs := make([][]float64, n)
	flat := make([]float64, n*nFeat)
	for k := 0; k < n; k++ {
		xs[k] = flat[k*nFeat : (k+1)*nFeat]
		c.ltrFeatures(hits[k], k, hits[0].score, rc, &qi, xs[k])
	}
	// features of the candidate among the others
	at := make(map[int]int, n) // section -> rank
	for k := 0; k < n; k++ {
		at[hits[k].sec] = k
	}
	g0 := c.Secs[hits[0].sec].GameIdx
	best := func(f int) float64 {
		m := math.Inf(-1)
		for _, x := range xs {
			m = math.Max(m, x[f])
		}
		return m
	}
	bests := [][2]int{{fBM25Body, fBestBM25}, {fConcept, fBestConcept}, {fSent, fBestSent},
		{fHeadOwn, fBestHead}, {fProx, fBestProx}}
	for _, b := range bests {
		m := best(b[0])
		for _, x := range xs {
			if m > 0 && x[b[0]] >= m-1e-9 {
				x[b[1]] = 1
			}
		}
	}
	for k := 0; k < n; k++ {
		e := &c.Secs[hits[k].sec]
		x := xs[k]
		for _, ch := range e.Children {
			if _, ok := at[ch]; ok {
				x[fChildIn] = 1
			}
		}
		if e.Parent >= 0 {
			if _, ok := at[e.Parent]; ok {
				x[fParentIn] = 1
			}
		}
		for p := e.Parent; p >= 0; p = c.Secs[p].Parent {
			if r, ok := at[p]; ok && r < k {
				x[fAncAbove] = 1
			}
		}
		for _, a := range e.Amends {
			if r, ok := at[a]; ok && r < 5 {
				x[fAmendsIn] = 1
			}
		}
		for _, nt := range e.Notes {
			if r, ok := at[nt]; ok && r < 5 {
				x[fAmendedIn] = 1
			}
		}
		if e.GameIdx == g0 {
			x[fSameGame0] = 1
		}
	}
	return xs
}

// ltrOn switches the learned reranker (a var, so that the training can
// measure the hand-tuned ranking).
var ltrOn = true

// rerank reorders the first hits by the learned model (ltrWeights).
// Scores become the best hit's score times exp(model score - best
// model score), so that they still fall with the rank.
func (c *corpus) rerank(hits []hit, rc *rankCtx) []hit {
	if !ltrOn || len(ltrWeights) != nFeat || len(hits) < 2 {
		return hits
	}
	xs := c.ltrMatrix(hits, rc)
	n := len(xs)
	type sc struct {
		h hit
		s float64
	}
	ss := make([]sc, n)
	for k := range ss {
		ss[k] = sc{hits[k], dot(ltrWeights, xs[k])}
	}
	sort.SliceStable(ss, func(a, b int) bool { return ss[a].s > ss[b].s })
	top := hits[0].score
	for k := range ss {
		hits[k] = ss[k].h
		hits[k].score = top * math.Exp(ss[k].s-ss[0].s)
	}
	for k := n; k < len(hits); k++ {
		hits[k].score = math.Min(hits[k].score, hits[n-1].score)
	}
	return hits
}

func dot(w, x []float64) float64 {
	var s float64
	for i := range w {
		s += w[i] * x[i]
	}
	return s
}
