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
// by `go run ./rulesref/internal/train -write` (its package doc says
// how), with cross-validation by batch; see docs/rules-search.md. The
// features read only the index (term sequences), never the text, so
// reranking costs microseconds.

// rerankTop is the number of hits the learned model reorders (a var,
// so that the training can measure others).
var rerankTop = 30

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
	fSecDocs            // log(1 + the section's passages that match)
	fSecSum             // log of the section's passages' scores over its best
	fSecConcept         // concept coverage of the whole section
	fRaw                // log of the passage's BM25 before priors and cues, over the best
	fPinned             // a rule ruleOverNote placed next to its FAQ/Q&A entry
	fAnchor             // the FAQ/Q&A entry such a rule was placed next to
	fXScore             // BM25 of the passage's questions field, per idf of the question
	fXOwn               // idf share of the player's words in the passage's questions
	fBestX              // the best xScore among the candidates
	fQSim               // cosine of the question and the closest of the passage's questions
	fBestQSim           // the best qSim among the candidates
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
	"bestBM25", "bestConcept", "bestSent", "bestHead", "bestProx", "secDocs", "secSum",
	"secConcept", "raw", "pinned", "anchor", "xScore", "xOwn", "bestX",
	"qSim", "bestQSim",
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

// qinfo is what the features need of the query's terms, and scratch
// space for one candidate.
type qinfo struct {
	ids    []int32
	f      []float64 // idf x weight
	idf    []float64
	own    []bool // the player's own word (weight >= 0.8)
	pos    map[int32]int
	ownTot float64
	allTot float64
	rare   int32 // the player's rarest word
	// qsw: per term, idf x weight x idf (questionSim); qnorm the query
	// vector's norm
	qsw   []float64
	qnorm float64
	// scratch, per candidate
	tf             []float64
	inHead, inPath []bool
	heads          map[int][]int32 // section -> its heading's terms
}

func (c *corpus) queryInfo(rc *rankCtx) *qinfo {
	n := len(rc.pq.terms)
	qi := &qinfo{pos: make(map[int32]int, n), rare: -1, tf: make([]float64, n),
		inHead: make([]bool, n), inPath: make([]bool, n), heads: map[int][]int32{}}
	best := -1.0
	for _, t := range rc.pq.terms {
		f := c.ix.idf(t.id)
		qi.pos[t.id] = len(qi.ids)
		qi.ids = append(qi.ids, t.id)
		qi.f = append(qi.f, f*t.weight)
		qi.qsw = append(qi.qsw, f*f*t.weight)
		qi.qnorm += f * t.weight * f * t.weight
		qi.idf = append(qi.idf, f)
		qi.own = append(qi.own, t.weight >= 0.8)
		qi.allTot += f * t.weight
		if t.weight >= 0.8 {
			qi.ownTot += f
			if f > best {
				best, qi.rare = f, t.id
			}
		}
	}
	qi.qnorm = math.Sqrt(qi.qnorm)
	return qi
}

// headTerms returns the terms of section i's heading (from its first
// passage's term sequence), cached per query.
func (c *corpus) headTerms(qi *qinfo, i int) []int32 {
	if t, ok := qi.heads[i]; ok {
		return t
	}
	var t []int32
	if d := c.firstDocs()[i]; d >= 0 {
		for _, v := range c.ix.docSeq(d) {
			if v == 0 {
				break
			}
			if v >= seqBase {
				t = append(t, v-seqBase)
			}
		}
	}
	qi.heads[i] = t
	return t
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
	for i := range qi.ids {
		qi.tf[i], qi.inHead[i], qi.inPath[i] = 0, false, false
	}
	body := false
	var blen float64
	nhead := 0
	for _, v := range seq {
		switch {
		case v == 0:
			body = true
		case v < seqBase:
		case !body:
			nhead++
			if i, ok := qi.pos[v-seqBase]; ok {
				qi.inHead[i] = true
			}
		default:
			blen++
			if i, ok := qi.pos[v-seqBase]; ok {
				qi.tf[i]++
			}
		}
	}
	for p := e.Parent; p >= 0; p = c.Secs[p].Parent {
		for _, id := range c.headTerms(qi, p) {
			if i, ok := qi.pos[id]; ok {
				qi.inPath[i] = true
			}
		}
	}
	var bm, headOwn, headAll, pathOwn, bodyOwn, exp, matched float64
	for i, f := range qi.f {
		t := qi.tf[i]
		if t > 0 {
			bm += f * t * (bm25K1 + 1) / (t + bm25K1*(1-bm25B+bm25B*blen/float64(ix.avgLen)))
		}
		if qi.inHead[i] {
			headAll += f
		}
		if t > 0 || qi.inHead[i] {
			matched += f
			if !qi.own[i] {
				exp += f
			}
		}
		if !qi.own[i] {
			continue
		}
		g := qi.idf[i]
		if qi.inHead[i] {
			headOwn += g
		}
		if qi.inPath[i] {
			pathOwn += g
		}
		if t > 0 {
			bodyOwn += g
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
	best, amount, modal := sentenceCueSeq(seq, rc.pq, rc.bits)
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
		r := qi.pos[qi.rare]
		if qi.tf[r] > 0 {
			x[fRareBody] = 1
		}
		if qi.inHead[r] {
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
			x[fFAQMirror] = c.mirrorSeq(seq, rc.qids)
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
	fd := c.firstDocs()
	x[fFirstDoc] = b2f(fd[h.sec] == h.doc)
	if a := rc.agg[h.sec]; a != nil {
		x[fSecDocs] = math.Log1p(float64(a.n))
		x[fSecSum] = math.Log(math.Max(a.sum, 1e-6) / math.Max(h.score, 1e-6))
		x[fSecConcept] = rc.pq.coverage(hit{full: a.full, part: a.part &^ a.full})
	}
	x[fRaw] = math.Log(math.Max(h.raw, 1e-6) / math.Max(rc.rawTop, 1e-6))
	x[fHeadPrec] = c.mirrorSeq(seq, rc.qids)
	x[fHeadLen] = math.Log1p(float64(nhead))
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
	// the players' questions the passage answers (questions.go)
	if ix.xAvg > 0 {
		var xs, xown float64
		dl := float64(ix.XLen[h.doc])
		for i, id := range qi.ids {
			t := ix.xtf(id, h.doc)
			if t == 0 {
				continue
			}
			xs += qi.f[i] / qi.idf[i] * ix.xidf(id) * t * (xK1 + 1) / (t + xK1*(1-xB+xB*dl/float64(ix.xAvg)))
			if qi.own[i] {
				xown += qi.idf[i]
			}
		}
		if qi.allTot > 0 {
			x[fXScore] = xs / qi.allTot
		}
		if qi.ownTot > 0 {
			x[fXOwn] = xown / qi.ownTot
		}
		if qi.qnorm > 0 {
			x[fQSim] = ix.questionSim(h.doc, qi.pos, qi.qsw, qi.qnorm)
		}
	}
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
		c.ltrFeatures(hits[k], k, hits[0].score, rc, qi, xs[k])
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
		{fHeadOwn, fBestHead}, {fProx, fBestProx}, {fXScore, fBestX}, {fQSim, fBestQSim}}
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
		if p := hits[k].pin; p > 0 {
			x[fPinned] = 1
			if r, ok := at[p-1]; ok {
				xs[r][fAnchor] = 1
			}
		}
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
	ord := make([]int, n)
	for k := range ord {
		ord[k] = k
	}
	pins := make([]int, n)
	after := make([]bool, n)
	for k := range ss {
		pins[k], after[k] = hitPin(hits[:n], ss[k].h)
		if pins[k] >= 0 {
			// as an index of ss
			for j := range ss {
				if ss[j].h.sec == hits[pins[k]].sec {
					pins[k] = j
				}
			}
		}
	}
	ord = pinOrder(ord, pins, after)
	// scores fall with the rank: the best hand-tuned score times
	// exp(model score - best model score), at most the one above
	top := hits[0].score
	prev := ss[0].s
	for k, o := range ord {
		hits[k] = ss[o].h
		prev = math.Min(prev, ss[o].s)
		if k == 0 {
			prev = ss[0].s
		}
		hits[k].score = top * math.Exp(prev-ss[0].s)
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

// pinOrder keeps each candidate pinned to another (pin[k] >= 0: the
// rule ruleOverNote placed next to an FAQ/Q&A entry) right before or
// (after[k]) right after it, the pair in the better place of the two;
// order lists candidate indexes.
func pinOrder(order []int, pin []int, after []bool) []int {
	for k, p := range pin {
		if p < 0 || p == k || p >= len(order) {
			continue // a hit is never pinned to itself (two passages of one section)
		}
		out := make([]int, 0, len(order))
		placed := false
		for _, o := range order {
			if o != k && o != p {
				out = append(out, o)
				continue
			}
			if !placed {
				if after[k] {
					out = append(out, p, k)
				} else {
					out = append(out, k, p)
				}
				placed = true
			}
		}
		if len(out) != len(order) {
			continue // not a permutation (chained pins): keep the order as it was
		}
		order = out
	}
	return order
}

// hitPin returns the index in hits (the hand-tuned order) of the FAQ/Q&A
// entry h was placed next to by ruleOverNote and whether h follows it,
// when h is still next to it (else -1).
func hitPin(hits []hit, h hit) (int, bool) {
	if h.pin == 0 {
		return -1, false
	}
	for j, o := range hits {
		if o.sec != h.sec {
			continue
		}
		if j+1 < len(hits) && hits[j+1].sec == h.pin-1 {
			return j + 1, false
		}
		if j > 0 && hits[j-1].sec == h.pin-1 {
			return j - 1, true
		}
	}
	return -1, false
}
