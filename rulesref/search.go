package rulesref

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
)

// SearchOptions narrow a search.
type SearchOptions struct {
	// Games limits the search to these game ids (none: all games, with
	// the game detected from game-specific words).
	Games []string
	// Prefer is a game to favour when the query does not name one (the
	// current session's game).
	Prefer string
	// Limit is the number of results (default 5).
	Limit int
	// TopOnly fills only the first result's Game, ID and Score, as a
	// full search ranks it, and makes no passage or answer: what a caller
	// needs to compare two searches before it shows one of them.
	TopOnly bool

	noNotes bool // leave out errata/Q&A entries (when linking them)
	all     bool // no "no ruling" threshold (when linking them)
}

// Result is one passage answering a query.
type Result struct {
	Game  string  `json:"game"`
	ID    string  `json:"id"`
	Path  string  `json:"path"`
	Title string  `json:"title"`
	Kind  string  `json:"kind"`
	Line  int     `json:"line"`
	Text  string  `json:"text"`
	Score float64 `json:"score"`
	// Errata are the texts of the errata, official Q&A and FAQ entries
	// that amend this passage.
	Errata []string `json:"errata"`
	Notes  []Note   `json:"notes,omitempty"`
	// Terms are the words of the passage that matched the query.
	Terms  []string `json:"terms,omitempty"`
	Manual string   `json:"manual,omitempty"`
	// Answer is the sentence of Text (or two consecutive ones) that
	// meets the most of the question: the rulebook's words, verbatim.
	Answer string `json:"answer,omitempty"`
	// CutBefore, CutAfter: Text is a window of a longer section, cut
	// before its first line / after its last one.
	CutBefore bool `json:"cut_before,omitempty"`
	CutAfter  bool `json:"cut_after,omitempty"`
}

// Minimum share of the query's weight a result must match, and the
// minimum score of the best result, below which nothing is answered.
const (
	minCover = 0.25
	minScore = 2.2
	// minScorePartlyUnknown: the best score a question needs when a
	// third of its words are unknown to the rulebooks (partlyUnknown);
	// about the 5th percentile of the dev set's best scores
	minScorePartlyUnknown = 20
	// minCoverPartlyUnknown: nor when its best passage matches this share
	// of its weight
	minCoverPartlyUnknown = 0.6
)

// maxUncovered: the share of the question's weight its best passage
// leaves unmet (uncovered) at which nothing is answered. Issue #28's
// off-topic fifth pass: the largest share of any answered rules question
// of the dev, held-out, outsiders' and v10-v20 sets is 0.731 ("Enemy
// fleet is coming at my home base..."), of the off-topic questions still
// answered 0.854 ("has rolling seas won any awards?") and 0.782 ("our
// copy came missing the black pirate die..."); see docs/rules-search.md,
// "Off-topic, fifth pass".
const maxUncovered = 0.76

// uncovered is the share of the question's weight that passage h does not
// meet: the weights (idf) of the player's concepts it misses, with each of
// the player's words that no rulebook uses and that is not common English
// ("longitude", "nominated", "ink") weighing as a word only one passage
// holds. A question whose words are mostly met by no single section
// ("has rolling seas won any awards? friend says it was nominated for
// something") asks about something the rules do not cover. Needs no list
// of topics: it is read from the rulebooks' own vocabulary.
func (c *corpus) uncovered(h hit, pq *parsedQuery) float64 {
	rare := 0.0
	if len(pq.unknownWords) > 0 {
		n := float64(len(c.ix.DocLen))
		one := math.Log(1 + (n-0.5)/1.5) // the idf of a term one passage holds
		for _, w := range pq.unknownWords {
			if !commonWord(w) {
				rare += one
			}
		}
	}
	met := h.full | h.part
	var tot, miss float64
	for i, w := range pq.concepts {
		tot += w
		if i < 32 && met&(1<<uint(i)) == 0 {
			miss += w
		}
	}
	if tot+rare == 0 {
		return 0
	}
	return (miss + rare) / (tot + rare)
}

// partlyUnknown: at least one of the player's words is unknown to the
// rulebooks and the table talk, and with the guessed typo corrections
// they make a third of the question ("who won the world cup in 2018",
// "how does bitcoin mining work"): it is answered only when its best
// passage scores or matches well (minScorePartlyUnknown,
// minCoverPartlyUnknown; "amo price at port" is answered).
func partlyUnknown(pq *parsedQuery) bool {
	return pq.unknown > 0 && 3*(pq.unknown+pq.typos) >= pq.content
}

type parsedQuery struct {
	raw     string // the question as asked
	terms   []qterm
	phrases []string
	game    string
	stems   map[string]bool
	unknown int
	// unknownWords: the player's words counted in unknown (uncovered)
	unknownWords []string
	// elsewhere: a word no rulebook, table talk or typo correction knows,
	// nor common English, follows "in" or "of" ("in catan", "in uno"):
	// the question names a game or a place outside the rulebooks ("in
	// theory", "in colour" are common English, "in teh" a typo)
	elsewhere bool
	// content counts the player's words that are not stop words, typos
	// those of them that were corrected
	content, typos int
	// pairs are the player's consecutive words (stop words left out) as
	// term ids+seqBase, weighted, for the proximity boost
	pairs [][2]int32
	pairW []float64
	// concepts are the weights (idf) of the query's concepts: each of the
	// player's content words, met by its own term or its table talk
	concepts []float64
	// parts are the question's asking clauses when it asks more than
	// one thing ("how many rounds are left, and does the countdown
	// stop?"): the concepts of each and its text
	parts []askPart
}

type askPart struct {
	concepts uint32
	text     string
}

// parseQuery reads the player's question in stages: quoted phrases,
// corrected words, the game it names, the player's own words (terms,
// concepts, word pairs) and the table talk they expand to.
func (c *corpus) parseQuery(q string, st *stemmer) parsedQuery {
	var pq parsedQuery
	pq.raw = q
	pq.phrases = quotedPhrases(q)
	initVocab()
	ws := words(q)
	typo, alt := c.correctWords(ws, st)
	var gameAt []int
	pq.game, gameAt = detectGameName(ws)
	skip := map[int]bool{}
	for _, k := range gameAt {
		skip[k] = true
	}
	pq.stems = map[string]bool{}
	b := newQueryBuilder()
	kept, keptConcept := b.ownWords(c, st, &pq, ws, skip, typo, alt)
	b.expandTableTalk(c, st, &pq, kept, keptConcept)
	pq.concepts = b.conceptWeights()
	pq.terms = b.terms()
	return pq
}

// quotedPhrases returns the phrases the question quotes ("..." or
// “...”), normalised.
func quotedPhrases(q string) []string {
	var phrases []string
	rest := q
	for {
		a := strings.IndexAny(rest, "\"“”")
		if a < 0 {
			break
		}
		rl := rest[a+1:]
		if strings.HasPrefix(rest[a:], "“") || strings.HasPrefix(rest[a:], "”") {
			rl = rest[a+3:]
		}
		b := strings.IndexAny(rl, "\"“”")
		if b < 0 {
			break
		}
		if p := strings.TrimSpace(rl[:b]); p != "" && len(words(p)) > 0 {
			phrases = append(phrases, normPhrase(p))
		}
		rest = rl[b:]
		if strings.HasPrefix(rest, "\"") {
			rest = rest[1:]
		} else if len(rest) >= 3 {
			rest = rest[3:]
		}
	}
	return phrases
}

// correctWords spells out ordinals and corrects misspelled words in ws,
// in place, first, so that game names, table talk and stop words are
// recognised in them too. typo marks the corrected words; alt holds a
// second reading of a word ("3rd" and "third", a second correction).
func (c *corpus) correctWords(ws []string, st *stemmer) (typo []bool, alt []string) {
	typo = make([]bool, len(ws))
	alt = make([]string, len(ws))
	for i, w := range ws {
		if o, ok := ordinalWords[w]; ok {
			// "3rd": also "third", as the rulebooks mostly write it
			// (some print "3rd" or "5th place" too)
			if c.known(st, w) {
				alt[i] = o
			} else {
				ws[i] = o
			}
		}
	}
	for i, w := range ws {
		if stopWords[w] || c.known(st, w) || synonymWords[w] || commonWord(w) {
			continue
		}
		if cands := c.ix.corrections(w); len(cands) > 0 {
			ws[i], typo[i] = cands[0], true
			if len(cands) > 1 {
				alt[i] = cands[1]
			}
		}
	}
	return typo, alt
}

// queryBuilder gathers a question's terms and concepts. Each of the
// player's content words is one concept, met by its own term (fully) or
// by a word its table talk stands for (partly); see coverage.
type queryBuilder struct {
	weights map[int32]float64
	typos   map[int32]bool
	words   map[int32]string
	order   []int32
	full    map[int32]uint32
	part    map[int32]uint32
	cw      []float64 // concept weights (idf of its own terms)
	cexp    []float64 // idf sums of its expansion terms, for a concept without own terms
	cn      []int
}

func newQueryBuilder() *queryBuilder {
	return &queryBuilder{weights: map[int32]float64{}, typos: map[int32]bool{}, words: map[int32]string{},
		full: map[int32]uint32{}, part: map[int32]uint32{}}
}

// add adds terms with weight w (a term keeps its highest weight).
func (b *queryBuilder) add(ids []int32, w float64, word string) {
	for _, id := range ids {
		if _, ok := b.weights[id]; !ok {
			b.order = append(b.order, id)
			b.words[id] = word
		}
		if w > b.weights[id] {
			b.weights[id] = w
		}
	}
}

// newConcept returns a new concept's index (-1: no more than 32).
func (b *queryBuilder) newConcept() int {
	if len(b.cw) >= 32 {
		return -1
	}
	b.cw, b.cexp, b.cn = append(b.cw, 0), append(b.cexp, 0), append(b.cn, 0)
	return len(b.cw) - 1
}

// ownWords adds the player's own words (those not naming the game): their
// terms, concepts and consecutive pairs, and counts the content words,
// typos and unknown words. It returns the words left for table talk and
// the concept of each (-1: none).
func (b *queryBuilder) ownWords(c *corpus, st *stemmer, pq *parsedQuery, ws []string, skip map[int]bool, typo []bool, alt []string) (kept []string, keptConcept []int) {
	prev := int32(-1)
	clause, asked := askingWords(pq.raw, len(ws))
	if len(asked) > 1 {
		pq.parts = make([]askPart, len(asked))
		for k, t := range asked {
			pq.parts[k].text = t
		}
	}
	for i, w := range ws {
		if skip[i] {
			prev = -1
			continue
		}
		kept = append(kept, w)
		keptConcept = append(keptConcept, -1)
		if stopWords[w] {
			continue
		}
		pq.content++
		if typo[i] {
			pq.typos++
		}
		ids, ok := c.ix.lookup(st, w)
		if ok && alt[i] != "" {
			if more, ok2 := c.ix.lookup(st, alt[i]); ok2 && more[0] != ids[0] {
				ids = append(ids, more[0])
			}
		}
		if ok {
			if prev >= 0 && prev != ids[0] {
				pq.pairs = append(pq.pairs, [2]int32{prev + seqBase, ids[0] + seqBase})
				pq.pairW = append(pq.pairW, (c.ix.idf(prev)+c.ix.idf(ids[0]))/2)
			}
			prev = ids[0]
		} else {
			prev = -1
		}
		if ok {
			wt := 1.0
			if typo[i] {
				wt = 0.8 // a corrected typo
				for _, id := range ids {
					if _, ok := b.weights[id]; !ok {
						b.typos[id] = true
					}
				}
			}
			b.add(ids, wt, w)
			pq.stems[st.stem(w)] = true
			for _, id := range ids {
				pq.stems[c.ix.Terms[id]] = true
			}
			if k := b.newConcept(); k >= 0 {
				keptConcept[len(kept)-1] = k
				if pq.parts != nil && clause[i] >= 0 {
					pq.parts[clause[i]].concepts |= 1 << k
				}
				for _, id := range ids {
					b.full[id] |= 1 << k
					b.cw[k] = math.Max(b.cw[k], c.ix.idf(id))
				}
			}
		} else if isNumber(w) {
			// a number no rulebook prints ("160 renown") is no sign the
			// question is about something else
			pq.content--
		} else if _, syn := lookupSynonym([]string{w}, []string{st.stem(w)}); !syn {
			// an unknown word still counts against the coverage (table
			// talk the synonyms know is not unknown: "slowed")
			pq.unknown++
			pq.unknownWords = append(pq.unknownWords, w)
			if i > 0 && (ws[i-1] == "in" || ws[i-1] == "of") && !commonWord(w) && !stopWordTypo(w) {
				pq.elsewhere = true
			}
		} else if k := b.newConcept(); k >= 0 {
			keptConcept[len(kept)-1] = k // met by its table talk only
		}
	}
	return kept, keptConcept
}

// expandTableTalk adds the words the table talk in ws stands for. The
// words a table-talk phrase stands for share one weight, so that a long
// expansion does not outweigh the player's own words; they meet the
// concepts of the words they stand for partly.
func (b *queryBuilder) expandTableTalk(c *corpus, st *stemmer, pq *parsedQuery, ws []string, keptConcept []int) {
	for _, group := range expandQuery(ws) {
		var ids []int32
		for _, w := range group.words {
			if stopWords[w] {
				continue
			}
			if id, ok := c.ix.term(st.stem(w)); ok {
				ids = append(ids, id)
				pq.stems[st.stem(w)] = true
			}
		}
		wt := expW / math.Pow(float64(len(ids)), expP)
		for _, id := range ids {
			b.add([]int32{id}, wt, group.words[0])
		}
		var mask uint32
		for k := group.from; k < group.to; k++ {
			if kc := keptConcept[k]; kc >= 0 {
				mask |= 1 << kc
			}
		}
		if mask == 0 {
			if k := b.newConcept(); k >= 0 {
				mask = 1 << k
			}
		}
		for _, id := range ids {
			if b.full[id]&mask != mask {
				b.part[id] |= mask
			}
			for k := range b.cw {
				if mask&(1<<k) != 0 {
					b.cexp[k] += c.ix.idf(id)
					b.cn[k]++
				}
			}
		}
	}
}

// conceptWeights returns the concepts' weights: the idf of their own
// terms, or for a concept met by table talk only the mean idf of its
// expansion.
func (b *queryBuilder) conceptWeights() []float64 {
	for k := range b.cw {
		if b.cw[k] == 0 && b.cn[k] > 0 {
			b.cw[k] = b.cexp[k] / float64(b.cn[k])
		}
	}
	return b.cw
}

// terms returns the question's terms in the order they were met.
func (b *queryBuilder) terms() []qterm {
	var out []qterm
	for _, id := range b.order {
		out = append(out, qterm{id: id, weight: b.weights[id], word: b.words[id], typo: b.typos[id] && b.weights[id] < 1,
			full: b.full[id], part: b.part[id] &^ b.full[id]})
	}
	return out
}

// rankCtx is what ranking a query found out about it, for the learned
// reranker's features (ltr.go).
type rankCtx struct {
	pq     *parsedQuery
	post   []float64 // P(game|query), nil when the games are given
	pmax   float64
	named  int // a game one of the player's words names, or < 0
	prefer int // the session's game, or < 0
	kind   int // questionKind
	bits   map[int32][2]uint32
	qids   map[int32]bool // the player's own words' terms
	// pairTot: the weight of the player's word pairs (proximity)
	pairTot float64
	why     bool // a why question
	// agg: per section, what all its passages matched
	agg    map[int]*secAgg
	rawTop float64 // the best BM25 score
}

// secAgg is what the passages of one section matched.
type secAgg struct {
	n          int     // passages
	sum        float64 // their scores
	full, part uint32  // the query concepts they meet
}

// search ranks the corpus's sections for q.
func (c *corpus) search(q string, opt SearchOptions) []Result {
	st := newStemmer()
	hits, rc := c.rank(q, opt, st)
	if rc == nil {
		return nil
	}
	limit := opt.Limit
	if limit <= 0 {
		limit = 5
	}
	// a question for a known game's player count has its answer in the
	// rulebook's statement of it, whatever its other words meet ("how
	// many ppl can play misty waters? weve got 5 tonite")
	boxFact := !opt.all && asksPlayerCount(q) && (rc.pq.game != "" || len(searchGames(opt, rc.pq)) == 1)
	if !boxFact && (len(hits) == 0 || !opt.all && (hits[0].score < minScore || hits[0].cover < minCover)) {
		return nil
	}
	if !boxFact && !opt.all && partlyUnknown(rc.pq) && hits[0].score < minScorePartlyUnknown && hits[0].cover < minCoverPartlyUnknown {
		return nil
	}
	if !boxFact && !opt.all && c.uncovered(hits[0], rc.pq) >= maxUncovered {
		return nil
	}
	// the hits that may be shown: the first ones scoring at least a
	// quarter of the best and matching enough of the question
	n := len(hits)
	if !opt.all {
		for k, h := range hits {
			if h.score < hits[0].score*0.25 || h.cover < minCover*0.7 {
				n = k
				break
			}
		}
		hits = c.rerank(hits[:n], rc)
	}
	lifted := false
	if !opt.all {
		hits, lifted = c.liftPlayerCount(hits, q, searchGames(opt, rc.pq), rc.pq)
		n = max(n, 1)
	}
	if opt.TopOnly {
		h := hits[0]
		e := &c.Secs[h.sec]
		return []Result{{Game: Games[e.GameIdx], ID: e.ID, Score: math.Round(h.score*1000) / 1000}}
	}
	var res []Result
	for _, h := range hits[:min(n, len(hits))] {
		if len(res) == limit {
			break
		}
		res = append(res, c.result(h, *rc.pq, st))
	}
	if lifted {
		res[0].Answer = playerCountSentence(res[0].Text, res[0].Answer)
	}
	return res
}

// rank returns the hits for q, best first, one per section, and what it
// found out about the query (nil: no ruling). Its stages: parse the
// question, score the candidates (BM25), weigh them by what the question
// says about the game and the kind of section, lift the passages that hold
// the player's words together and the sentence that answers, keep each
// section's best passage, and reorder the first few.
func (c *corpus) rank(q string, opt SearchOptions, st *stemmer) ([]hit, *rankCtx) {
	pq := c.parseQuery(q, st)
	games := searchGames(opt, &pq)
	known := pq.terms
	if len(known) == 0 {
		return nil, nil
	}
	if !opt.all && notAboutTheseGames(&pq) && !(asksPlayerCount(q) && pq.game != "") {
		return nil, nil
	}
	if _, ok := elsewhereQuestion(words(q), pq.game != ""); ok && !opt.all {
		return nil, nil // another game, real sailing, a game to play (elsewhere.go)
	}
	hits, rawTop := c.candidates(known, games)
	pr := priors{
		opt:    opt,
		games:  games,
		scale:  c.coverScale(known, float64(pq.unknown)),
		named:  c.namedGame(known),
		prefer: gameIndex(opt.Prefer),
	}
	pr.post, pr.pmax = c.gamePrior(known, games)
	pr.qids, pr.allIDs = queryIDs(known)
	hits = c.applyPriors(hits, &pq, pr)
	sortHits(hits)
	tot := c.boostProximity(hits, &pq)
	sortHits(hits)
	bits := conceptBits(&pq)
	kind := questionKind(q)
	c.boostAnswerCues(hits, &pq, bits, kind)
	hits, agg := bestPerSection(hits, opt.all)
	if !opt.all {
		hits = c.reorderTop(hits, &pq, pr, st)
	}
	return hits, &rankCtx{pq: &pq, post: pr.post, pmax: pr.pmax, named: pr.named, prefer: pr.prefer,
		kind: kind, bits: bits, qids: pr.qids, pairTot: tot, why: strings.HasPrefix(strings.TrimSpace(strings.ToLower(q)), "why"), agg: agg, rawTop: rawTop}
}

// searchGames is the set of games searched: those of the options, else
// the one the question names (nil: all).
func searchGames(opt SearchOptions, pq *parsedQuery) map[int]bool {
	var games map[int]bool
	if len(opt.Games) > 0 {
		games = map[int]bool{}
		for _, g := range opt.Games {
			games[gameIndex(g)] = true
		}
	} else if pq.game != "" {
		games = map[int]bool{gameIndex(pq.game): true}
	}
	return games
}

// stopWordTypo: w, too short for the typo corrector, is a stop word
// with two letters swapped or one letter changed ("teh").
func stopWordTypo(w string) bool {
	if len(w) > 3 {
		return false
	}
	for s := range stopWords {
		if len(s) != len(w) {
			continue
		}
		if levenshtein(w, s, 1) <= 1 || sortedLetters(s) == sortedLetters(w) {
			return true
		}
	}
	return false
}

func sortedLetters(w string) string {
	b := []byte(w)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return string(b)
}

// notAboutTheseGames: words the rulebooks do not know, with guessed
// corrections for the rest, make at least half the question: it is not
// about these games ("what is the airspeed of an unladen swallow").
func notAboutTheseGames(pq *parsedQuery) bool {
	return pq.elsewhere || pq.unknown > 0 && 2*(pq.unknown+pq.typos) >= pq.content
}

// candidates scores the passages that hold the question's terms (BM25)
// and returns them with the best raw score.
func (c *corpus) candidates(known []qterm, games map[int]bool) ([]hit, float64) {
	hits := c.ix.score(c, known, games)
	var rawTop float64
	for _, h := range hits {
		rawTop = math.Max(rawTop, h.raw)
	}
	return hits, rawTop
}

// coverScale is the factor on every hit's coverage: an unknown word
// lowers it as much as an average word would.
func (c *corpus) coverScale(known []qterm, unknown float64) float64 {
	var total, avgIDF float64
	for _, t := range known {
		if t.weight >= 0.8 {
			total += c.ix.idf(t.id) * t.weight
		}
		avgIDF += c.ix.idf(t.id)
	}
	avgIDF /= float64(len(known))
	if total == 0 {
		total = avgIDF
	}
	return total / (total + unknown*avgIDF)
}

// namedGame is the game a word of the player's names: a word only one
// rulebook uses ("workshop", "capital ship", "Ironside"), when no other
// game has such a word (-1: none, -2: words of two games, no evidence).
func (c *corpus) namedGame(known []qterm) int {
	excl := make([]float64, len(Games))
	for _, t := range known {
		if t.weight < 0.8 || synonymWords[t.word] {
			continue // table talk ("gale") is no evidence
		}
		in := c.ix.inGame(c, t.id)
		only, n := -1, 0
		for g := range Games {
			if in[g] {
				only, n = g, n+1
			}
		}
		if n == 1 {
			excl[only] += c.ix.idf(t.id)
		}
	}
	named := -1
	for g, v := range excl {
		if v == 0 {
			continue
		}
		if named == -1 {
			named = g
		} else {
			named = -2 // words of two games: no evidence
		}
	}
	return named
}

// gamePrior is P(game | query) from each rulebook's language model
// (gamelm.go) and its largest value; nil when the games are given.
func (c *corpus) gamePrior(known []qterm, games map[int]bool) (post []float64, pmax float64) {
	if games == nil {
		post = c.gamePosterior(known)
	}
	for _, v := range post {
		pmax = math.Max(pmax, v)
	}
	return post, pmax
}

// queryIDs are the terms of the player's own words (qids: not corrected
// typos or table talk) and all the question's terms.
func queryIDs(known []qterm) (qids, allIDs map[int32]bool) {
	qids = make(map[int32]bool, len(known))
	allIDs = make(map[int32]bool, len(known))
	for _, t := range known {
		allIDs[t.id] = true
		if t.weight >= 0.8 {
			qids[t.id] = true
		}
	}
	return qids, allIDs
}

// priors is what the question says about where its answer is, for
// applyPriors and reorderTop.
type priors struct {
	opt    SearchOptions
	games  map[int]bool
	scale  float64   // coverScale
	post   []float64 // gamePrior
	pmax   float64
	named  int // namedGame
	prefer int // the session's game, or < 0
	qids   map[int32]bool
	allIDs map[int32]bool
}

// applyPriors scales each hit's coverage and weighs its score by the game
// prior, the game a word names, the session's game, the kind of section
// (summaries, empty headings, examples, notes, the glossary) and the
// quoted phrases; with noNotes it leaves the errata and Q&A out.
func (c *corpus) applyPriors(hits []hit, pq *parsedQuery, pr priors) []hit {
	out := hits[:0]
	for _, h := range hits {
		e := &c.Secs[h.sec]
		if pr.opt.noNotes && (e.isNote() || e.Kind == KindHeading && strings.Contains(strings.ToLower(e.Title), "errata")) {
			continue
		}
		h.cover *= pr.scale
		if pr.post != nil {
			// the game prior: (P(game|q) / P(best game|q))^lmA
			h.score *= math.Max(lmFloor, math.Pow(pr.post[e.GameIdx]/pr.pmax, lmA))
		}
		if pr.named >= 0 && e.GameIdx != pr.named {
			h.score *= exclF
		}
		if e.summary {
			h.score *= summaryF // it restates the rules of its section
		}
		if e.Kind == KindHeading && e.End-e.Start <= 1 {
			h.score *= emptyF // a heading without text: its sub-sections hold the rules
		}
		if f := c.restatePrior(e); f < 1 && !c.queryNames(h.doc, pr.qids) {
			// a component list, a worked example, a tavern mini-game: the
			// rule itself first, unless the question names the section
			h.score *= f
		}
		if e.isNote() {
			h.score *= noteFV // the rule itself first, its errata flagged on it
		}
		if e.Kind == KindGlossary {
			h.score *= 0.75
		}
		if e.GameIdx == pr.prefer && pr.games == nil {
			h.score *= 1.15
		}
		if len(pq.phrases) > 0 {
			t := normPhrase(c.docText(h.doc) + " " + e.Title)
			n := 0
			for _, p := range pq.phrases {
				if strings.Contains(t, p) {
					n++
				}
			}
			if n == 0 {
				h.score *= 0.3
			} else {
				h.score *= 1 + float64(n)
			}
		}
		out = append(out, h)
	}
	return out
}

// sortHits orders hits by score, best first (ties: the earlier passage).
func sortHits(hits []hit) {
	// a total order (a doc has one hit), so any sort gives this one: the
	// keys are sorted (16 bytes, not a hit's 64), then the hits placed
	keys := make([]hitKey, len(hits))
	for i, h := range hits {
		keys[i] = hitKey{h.score, h.doc, int32(i)}
	}
	slices.SortFunc(keys, func(x, y hitKey) int {
		if x.score != y.score {
			if x.score > y.score {
				return -1
			}
			return 1
		}
		return cmp.Compare(x.doc, y.doc)
	})
	sorted := make([]hit, len(hits))
	for i, k := range keys {
		sorted[i] = hits[k.at]
	}
	copy(hits, sorted)
}

// hitKey is what sortHits orders a hit by, and where it was.
type hitKey struct {
	score   float64
	doc, at int32
}

// boostProximity lifts the first hits whose passage holds the player's
// words next to each other ("ammo dice", "wind in your sails"). It
// returns the weight of all the player's word pairs.
func (c *corpus) boostProximity(hits []hit, pq *parsedQuery) float64 {
	var tot float64
	for _, w := range pq.pairW {
		tot += w
	}
	top := len(hits)
	if top > proxTop {
		top = proxTop
	}
	for k := 0; k < top && len(pq.pairs) > 0 && proxW > 0; k++ {
		if p := c.ix.proximity(hits[k].doc, pq.pairs, pq.pairW); p > 0 {
			hits[k].score *= 1 + proxW*p/tot
		}
	}
	return tot
}

// conceptBits maps each term of the question to the concepts it meets
// fully and partly.
func conceptBits(pq *parsedQuery) map[int32][2]uint32 {
	bits := make(map[int32][2]uint32, len(pq.terms))
	for _, t := range pq.terms {
		bits[t.id] = [2]uint32{t.full, t.part}
	}
	return bits
}

// boostAnswerCues lifts the first hits by their answer cues (answer.go):
// the sentence that holds the question's concepts, with an amount or a
// permission when the question (of kind) asks for one; then re-sorts.
func (c *corpus) boostAnswerCues(hits []hit, pq *parsedQuery, bits map[int32][2]uint32, kind int) {
	top := min(len(hits), cueTop)
	if top <= 0 {
		return
	}
	for k := 0; k < top; k++ {
		best, amount, modal := c.sentenceCue(hits[k].doc, pq, bits)
		f := 1 + sentB*best
		if kind&askAmount != 0 && amount {
			f *= 1 + amountB
		}
		if kind&askAllowed != 0 && modal {
			f *= 1 + modalB
		}
		hits[k].score *= f
	}
	sortHits(hits)
}

// bestPerSection keeps one hit per section, its best passage, and (unless
// all) gathers what all of each section's passages matched.
func bestPerSection(hits []hit, all bool) ([]hit, map[int]*secAgg) {
	seen := map[int]bool{}
	agg := map[int]*secAgg{}
	out := hits[:0]
	for _, h := range hits {
		if !all {
			a := agg[h.sec]
			if a == nil {
				a = &secAgg{}
				agg[h.sec] = a
			}
			a.n++
			a.sum += h.score
			a.full |= h.full
			a.part |= h.part
		}
		if !seen[h.sec] {
			seen[h.sec] = true
			out = append(out, h)
		}
	}
	return out, agg
}

// reorderTop reorders the first hits: another game's answer keeps a place
// when the question names no game (diversify), an FAQ or Q&A entry that
// restates a rule brings that rule next to it (ruleOverNote), and a rule
// that scores nearly as well moves above the FAQ, glossary or summary
// entry that outranks it (rulesFirst).
func (c *corpus) reorderTop(hits []hit, pq *parsedQuery, pr priors, st *stemmer) []hit {
	if pr.games == nil && pr.named < 0 && pr.prefer < 0 {
		c.diversify(hits)
	}
	hits = c.ruleOverNote(hits, pr.qids, st, pq)
	c.rulesFirst(hits, pr.allIDs)
	return hits
}

// coverage is the idf-weighted share of the query's concepts that hit h
// meets: fully by a player's own word, partly (partCredit) by a word
// table talk stands for.
func (pq *parsedQuery) coverage(h hit) float64 {
	var tot, got float64
	for k, w := range pq.concepts {
		tot += w
		switch {
		case h.full&(1<<k) != 0:
			got += w
		case h.part&(1<<k) != 0:
			got += partCredit * w
		}
	}
	if tot == 0 {
		return 1
	}
	return got / tot
}

// diversify keeps a place in the top 3 for another game when the
// question does not say which game it is about ("how many actions do I
// get each turn"): when the first two results are of one game and another
// game's best passage matches as much of the question (cover) and scores
// at least divF of the first, it takes the third place.
func (c *corpus) diversify(hits []hit) {
	if len(hits) < 3 {
		return
	}
	g := c.Secs[hits[0].sec].GameIdx
	if c.Secs[hits[1].sec].GameIdx != g || c.Secs[hits[2].sec].GameIdx != g {
		return
	}
	for j := 3; j < len(hits) && j < 30; j++ {
		h := hits[j]
		if c.Secs[h.sec].GameIdx == g {
			continue
		}
		if h.score >= hits[0].score*divF && h.cover >= hits[0].cover-0.05 {
			copy(hits[3:j+1], hits[2:j])
			hits[2] = h
		}
		return
	}
}

// restates reports whether section i restates or explains other rules
// (an FAQ question, a glossary entry, a summary) rather than being the
// rule itself.
func (c *corpus) restates(i int) bool {
	e := &c.Secs[i]
	// an FAQ or Q&A question ("Can I use my Sails to start moving?", "Why
	// is my fleet limited to two ships?") explains a rule; the official
	// errata and interpretations change it and are answers in their own
	// right
	faq := e.isNote() && strings.HasSuffix(e.Title, "?")
	return faq || e.Kind == KindGlossary || e.summary
}

// rulesFirst moves the rule itself above an FAQ, glossary or summary
// entry that outranks it when the rule scores nearly as well
// (ruleRatio): the player reads the rule, flagged with the note, and the
// note right after it. Only the first few places are reordered.
func (c *corpus) rulesFirst(hits []hit, ids map[int32]bool) {
	const top = 3
	for i := 0; i < top && i < len(hits); i++ {
		if !c.restates(hits[i].sec) {
			continue
		}
		g := c.Secs[hits[i].sec].GameIdx
		ratio := ruleRatioV
		if e := &c.Secs[hits[i].sec]; e.isNote() && c.mirror(hits[i].doc, ids) < mirrorMin {
			// the question does not mirror the FAQ's question: its rule
			// goes first even when it scores well below it
			ratio = ruleRatioLow
		}
		for j := i + 1; j < len(hits) && j < i+12; j++ {
			h := hits[j]
			if c.restates(h.sec) || c.Secs[h.sec].GameIdx != g || h.score < hits[i].score*ratio {
				continue
			}
			if c.Secs[hits[i].sec].isNote() && !contains(c.Secs[hits[i].sec].Amends, h.sec) {
				continue
			}
			copy(hits[i+1:j+1], hits[i:j])
			hits[i] = h
			break
		}
	}
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// result renders a hit: the section with the passage that matched.
func (c *corpus) result(h hit, pq parsedQuery, st *stemmer) Result {
	r := c.resultOf(h.sec)
	r.Score = math.Round(h.score*1000) / 1000
	r.Text, r.CutBefore, r.CutAfter = c.passageWindow(h.doc)
	// the passage's words the query matched; a corpus word maps to its
	// term without stemming it again
	qids := map[int32]bool{}
	for _, t := range pq.terms {
		qids[t.id] = true
	}
	seen := map[string]bool{}
	for _, w := range words(r.Text) {
		if stopWords[w] || seen[w] {
			continue
		}
		id, ok := c.ix.surf(w)
		if ok && qids[id] || !ok && pq.stems[st.stem(w)] {
			seen[w] = true
			r.Terms = append(r.Terms, w)
		}
	}
	r.Answer, _ = c.answerSentence(r.Text, &pq, questionKind(pq.raw))
	return r
}

// docText is the text of a doc's passage.
func (c *corpus) docText(d int32) string {
	e := &c.Secs[c.ix.DocSec[d]]
	return joinLines(e.book(c).Lines()[c.ix.DocFrom[d]:c.ix.DocTo[d]])
}

// passageText is the text returned for a doc: the whole section when it
// is short enough to read (maxWindow), else a window of consecutive
// passages around the doc: the passage before it (the lead of a list or
// a rule), then the ones after it, while the window fits. Always a
// contiguous slice of the rulebook, exactly as printed.
func (c *corpus) passageText(d int32) string {
	s, _, _ := c.passageWindow(d)
	return s
}

// passageWindow is passageText and whether the section goes on before
// and after the window.
func (c *corpus) passageWindow(d int32) (text string, before, after bool) {
	ix := c.ix
	e := &c.Secs[ix.DocSec[d]]
	lines := e.book(c).Lines()
	if len(joinLines(lines[e.Start:e.End])) <= maxWindow {
		return joinLines(lines[e.Start:e.End]), false, false
	}
	cut := func(from, to int) (string, bool, bool) {
		return joinLines(lines[from:to]), from > e.Start, strings.TrimSpace(joinLines(lines[to:e.End])) != ""
	}
	from, to := int(ix.DocFrom[d]), int(ix.DocTo[d])
	size := func(a, b int) int { return len(joinLines(lines[a:b])) }
	lo, hi := d, d // the docs covered
	back := true   // one passage back first
	for {
		n, p := hi+1, lo-1
		canN := int(n) < len(ix.DocSec) && ix.DocSec[n] == ix.DocSec[d] && size(from, int(ix.DocTo[n])) <= maxWindow
		canP := p >= 0 && ix.DocSec[p] == ix.DocSec[d] && size(int(ix.DocFrom[p]), to) <= maxWindow
		switch {
		case canP && (back || !canN):
			lo, from = p, int(ix.DocFrom[p])
			back = false
		case canN:
			hi, to = n, int(ix.DocTo[n])
		default:
			return cut(from, to)
		}
	}
}

func (c *corpus) resultOf(i int) Result {
	e := &c.Secs[i]
	b := e.book(c)
	r := Result{Game: Games[e.GameIdx], ID: e.ID, Path: e.path(c), Title: e.Title, Kind: e.Kind,
		Line: e.Start + 1, Text: e.ownText(c), Errata: []string{}}
	if b.User {
		r.Manual = b.Title
	}
	for _, n := range e.Notes {
		note := c.note(n)
		r.Notes = append(r.Notes, note)
		r.Errata = append(r.Errata, note.Text)
	}
	return r
}

// Ranking weights, measured on the development set (see
// docs/rules-search.md).
const (
	expW    = 0.7  // the words a table-talk phrase stands for, together
	expP    = 0.5  // ... divided by (number of words)^expP
	proxW   = 0.25 // the player's adjacent words adjacent in a passage
	proxTop = 40   // hits looked at for proximity
)

// Game weights: vars, so that a measurement can vary them.
var (
	exclF = 0.8 // other games, when a word names one game
	divF  = 0.6 // a second hit of one game, when the game is unclear
	// the game prior (gamelm.go): a hit is weighed by
	// max(lmFloor, (P(its game|q) / P(most likely game|q))^lmA)
	lmA     = 0.25
	lmFloor = 0.2
)

// Answer cues (answer.go) and concept coverage (coverage): vars, not
// constants, so that a measurement can vary them.
var (
	// partCredit: a concept met only through table talk (coverage)
	partCredit = 0.7
	// cueTop hits are reranked by their best sentence: times
	// 1+sentB*coverage, times 1+amountB when an amount is asked and
	// stated, 1+modalB when a permission is; cueNear: the sentences that
	// count for the amount or permission, as a share of the best one
	cueTop  = 20
	sentB   = 0.3
	amountB = 0.15
	modalB  = 0.25
	cueNear = 0.6
)

// Priors of sections that restate or stand beside the rules (see
// restatePrior), and of errata/Q&A/FAQ entries.
var (
	noteFV    = 0.95 // an errata/Q&A/FAQ entry against the rule it amends
	summaryF  = 0.6  // quick reference, turn summary
	partsFV   = 0.7  // component lists
	exampleFV = 0.85 // worked examples
	miniF     = 0.6  // a tavern mini-game ('Dice Poker', 'Aged Falcon')
	emptyF    = 0.5  // a heading with no text of its own
	// ruleRatioV: a rule scoring at least this share of an FAQ, Q&A,
	// glossary or summary entry above it goes first
	ruleRatioV = 0.75
	// an FAQ/Q&A question entry whose heading the question does not
	// mirror (less than mirrorMin of its words, idf-weighted) goes below
	// its rule when the rule scores at least ruleRatioLow of it
	mirrorMin    = 0.6
	ruleRatioLow = 0.6
	// ruleOverNote: a question mirroring an FAQ/Q&A entry's question
	// this much keeps the entry first; a linked rule must score linkMin
	// of the entry to be picked over its main rule; an entry meeting
	// more than keepNote of the question that its rule does not stays
	// first
	mirrorQ  = 0.5
	linkMin  = 0.5
	keepNote = 0.3
)

// mirror is the idf-weighted share of the heading words of doc d's
// section that the query holds.
func (c *corpus) mirror(d int32, ids map[int32]bool) float64 {
	return c.mirrorSeq(c.ix.docSeq(d), ids)
}

// mirrorSeq is mirror over a doc's decoded term sequence.
func (c *corpus) mirrorSeq(seq []int32, ids map[int32]bool) float64 {
	var tot, got float64
	for _, v := range seq {
		if v == 0 {
			break
		}
		if v >= seqBase {
			f := c.ix.idf(v - seqBase)
			tot += f
			if ids[v-seqBase] {
				got += f
			}
		}
	}
	if tot == 0 {
		return 0
	}
	return got / tot
}

// restatePrior is the prior of a section that is not itself the rule:
// the product of the factors that apply (1: none).
func (c *corpus) restatePrior(e *entry) float64 {
	f := 1.0
	if e.parts {
		f *= partsFV // the box's contents rarely settle a rule
	}
	if e.example {
		f *= exampleFV // an example restates the rule it shows
	}
	if e.minigame {
		f *= miniF
	}
	return f
}

// queryNames reports whether the question names the section of doc d:
// it holds the rarest word of the section's heading ("poker" for 'Dice
// Poker', "example" for "Boarding Battle Example").
func (c *corpus) queryNames(d int32, qids map[int32]bool) bool {
	best, bestIDF := int32(-1), -1.0
	for _, v := range c.ix.docSeq(d) {
		if v == 0 {
			break
		}
		if v >= seqBase {
			if f := c.ix.idf(v - seqBase); f > bestIDF {
				best, bestIDF = v-seqBase, f
			}
		}
	}
	return best >= 0 && qids[best]
}

// questionMirror is how closely the player's question mirrors an FAQ or
// Q&A entry's question: the larger of the idf-weighted share of the
// entry's heading words the player used (mirror) and the share of the
// player's own words found in the entry's question sentences (its
// leading sentences that end with '?': "Can the same event trigger
// multiple effects? For instance, if I sink, can I use two Tomes of
// Retribution?").
func (c *corpus) questionMirror(h hit, own map[int32]bool, st *stemmer) float64 {
	m := c.mirror(h.doc, own)
	text := strings.ReplaceAll(c.Secs[h.sec].ownText(c), "\n", " ")
	var qpart []string
	for _, s := range splitSentences(text) {
		if !strings.HasSuffix(strings.TrimSpace(s), "?") {
			break
		}
		qpart = append(qpart, s)
	}
	inQ := map[int32]bool{}
	for _, w := range words(strings.Join(qpart, " ")) {
		if stopWords[w] {
			continue
		}
		if id, ok := c.ix.surf(w); ok {
			inQ[id] = true
		} else if ids, ok := c.ix.lookup(st, w); ok {
			inQ[ids[0]] = true
		}
	}
	var tot, got float64
	for id := range own {
		f := c.ix.idf(id)
		tot += f
		if inQ[id] {
			got += f
		}
	}
	if tot > 0 {
		m = math.Max(m, got/tot)
	}
	return m
}

// ruleOverNote: an FAQ or Q&A question entry in the first three places
// explains a rule. When the player did not ask its question
// (questionMirror below mirrorQ) and the rule it is linked to meets the
// question's words as well (the entry holds no more than keepNote of
// them, idf-weighted, that the rule lacks: "buoy mine after buoy
// lantern" is only in the FAQ), the rule takes the entry's place and the
// entry follows; otherwise the rule follows the entry unless it is
// already shown. The linked rule is the best-ranked one that scores at
// least linkMin of the entry, else the entry's main rule, even when it
// matched none of the question's words: "how many ships can i own" ->
// the Q&A "Why is my fleet limited to two ships?" then Buying Player
// Ships, which says "at most 2". Only the first such entry is handled (a
// second one must not push the first one's rule out). The rule carries
// the entry in its errata.
func (c *corpus) ruleOverNote(hits []hit, own map[int32]bool, st *stemmer, pq *parsedQuery) []hit {
	const top = 3
	for i := 0; i < top && i < len(hits); i++ {
		e := &c.Secs[hits[i].sec]
		if !e.isNote() || !c.restates(hits[i].sec) || len(e.Amends) == 0 {
			continue
		}
		shown := false
		for k := 0; k < top && k < len(hits); k++ {
			if contains(e.Amends, hits[k].sec) {
				shown = k < i
				if k > i && c.questionMirror(hits[i], own, st) >= mirrorQ {
					shown = true
				}
			}
		}
		if shown {
			break // only the first entry's rule is placed
		}
		mirrored := c.questionMirror(hits[i], own, st) >= mirrorQ
		j := -1
		for k := i + 1; k < len(hits); k++ {
			if contains(e.Amends, hits[k].sec) {
				j = k
				break
			}
		}
		// the best-ranked linked rule that scores at least linkMin of the
		// entry, else the entry's main rule (the first it is linked to)
		if j >= 0 && hits[j].score < hits[i].score*linkMin && c.mainRule(hits[i].sec) != hits[j].sec {
			j = -1
			for k := i + 1; k < len(hits); k++ {
				if hits[k].sec == c.mainRule(hits[i].sec) {
					j = k
					break
				}
			}
		}
		var r hit
		if j >= 0 {
			r = hits[j]
			copy(hits[j:], hits[j+1:])
			hits = hits[:len(hits)-1]
		} else {
			m := c.mainRule(hits[i].sec)
			d := c.firstDoc(m)
			if d < 0 {
				continue
			}
			r = hit{doc: d, sec: m}
		}
		r.cover = math.Max(r.cover, hits[i].cover)
		at := i
		if mirrored {
			at = i + 1
		}
		if !mirrored {
			// the entry holds words of the question its rule does not
			// ("buoy mine after buoy lantern"): the entry answers it
			var tot, miss float64
			for k, w := range pq.concepts {
				tot += w
				if hits[i].full&(1<<k) != 0 && (r.full|r.part)&(1<<k) == 0 {
					miss += w
				}
			}
			if tot > 0 && miss/tot > keepNote {
				mirrored = true
				at = i + 1
			}
		}
		if mirrored {
			// right after the entry, even when it matched few of the
			// question's words (it is still shown)
			r.score = math.Max(r.score, hits[i].score*0.5)
		} else {
			r.score = hits[i].score // in the entry's place
		}
		// the learned reranker keeps the rule next to its entry
		r.pin, r.pinAfter = hits[i].sec+1, mirrored
		hits = append(hits, hit{})
		copy(hits[at+1:], hits[at:])
		hits[at] = r
		break
	}
	return hits
}

// mainRule is the rule an FAQ/Q&A entry is first linked to (qaLinks
// order), else its first linked section.
func (c *corpus) mainRule(note int) int {
	e := &c.Secs[note]
	if ids, ok := qaLinks[e.ID]; ok && len(ids) > 0 {
		if i, ok := c.find(ids[0]); ok {
			return i
		}
	}
	return e.Amends[0]
}

// firstDoc returns the first indexed passage of section i, or -1.
func (c *corpus) firstDoc(i int) int32 {
	for d, s := range c.ix.DocSec {
		if int(s) == i {
			return int32(d)
		}
	}
	return -1
}
