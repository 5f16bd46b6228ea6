package rulesref

import (
	"encoding/binary"
	"math"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// BM25 parameters and field weights.
const (
	titleWeight = 3.0 // a word of the section's own heading
	pathWeight  = 0.7 // a word of an enclosing heading
)

type posting struct {
	Doc int32
	TF  float32 // weighted term frequency (body + title + path)
}

// index is an inverted index over the searchable sections of a corpus.
type index struct {
	Terms  []string         // term id -> stem
	termID map[string]int32 // stem -> term id
	Post   [][]posting      // term id -> postings, by doc
	// XPost: term id -> postings of the expansion field (the players'
	// questions each passage answers, questions.go), by doc; XLen the
	// field's length per doc. A term only the questions use has no Post.
	XPost [][]posting
	XLen  []float32
	xAvg  float32
	// A decoded index decodes a term's postings (both fields) when a
	// query first reads them (post, xpost): postBlob holds them,
	// postOff[t] where term t's start; postDone which are decoded.
	postBlob []byte
	postOff  []uint32
	postDone []atomic.Bool
	postMu   sync.Mutex
	exact    bool // the blob's weights are bit for bit (enc.exact)
	// XSeq is, per doc, its questions one by one: [norm, n, term ids...]
	// with norm = 100 x sqrt(sum of idf^2 over the question's terms)
	// (for questionSim); a decoded index keeps them encoded
	// (xseqBlob, xseqOff) like Seq.
	XSeq     [][]int32
	xseqBlob []byte
	xseqOff  []uint32
	Surface  []string // surface words seen in the corpus
	SurfTo   []int32  // surface word -> term id
	surfID   map[string]int32
	sorted   bool // Terms and Surface are sorted (a decoded index): no maps needed
	DocLen   []float32
	DocSec   []int32 // doc -> corpus section index
	// DocFrom, DocTo: the doc's passage, a line range of its section's
	// book (the whole own text of a short section)
	DocFrom []int32
	DocTo   []int32
	// Seq is, per doc, its words' term ids in order (stop words left out):
	// the title's, a 0 separator, then the passage's, each id plus
	// seqBase; each sentence of the passage opens with a marker
	// 1+flags (sentAmount, sentModal, sentHeading).
	// A decoded index keeps them encoded (seqBlob, seqOff) and decodes the
	// few docs a query looks at.
	Seq     [][]int32
	seqBlob []byte
	seqOff  []uint32
	avgLen  float32
	// per-game document frequency share, for game detection
	gameDF [][]int32 // term id -> df per game (len(Games)+1 for user manuals)
	// gameTotal is, per game, the sum of its postings' weights (the
	// size of its language model), computed on first use
	gameTotal []float64
	// fd: each section's first doc (-1: none), built once (firstDocs)
	fd     []int32
	fdOnce sync.Once
}

// docTerms returns the weighted term counts of one section.
func docTerms(st *stemmer, title, path, body string) (map[string]float32, float32) {
	tf := map[string]float32{}
	var n float32
	for _, w := range words(body) {
		if stopWords[w] {
			continue
		}
		tf[st.stem(w)]++
		n++
	}
	for _, w := range words(title) {
		if stopWords[w] {
			continue
		}
		if isNumber(w) || len(w) <= 2 && w[len(w)-1] >= '0' && w[len(w)-1] <= '9' {
			// "Step 6", "Phase 3", "1. Sail": an ordinal, not a die face
			tf[w] += pathWeight
			continue
		}
		tf[st.stem(w)] += titleWeight
	}
	for _, w := range words(path) {
		if stopWords[w] {
			continue
		}
		tf[st.stem(w)] += pathWeight
	}
	return tf, n
}

// buildIndex indexes the searchable sections of c.
func buildIndex(c *corpus) *index {
	st := newStemmer()
	ix := &index{termID: map[string]int32{}, surfID: map[string]int32{}}
	blocks := expansionBlocks()
	for si := range c.Secs {
		ix.addDoc(c, st, si, blocks)
	}
	ix.finish(c)
	return ix
}

// term returns the id of a stem.
func (ix *index) term(s string) (int32, bool) {
	if ix.termID != nil {
		id, ok := ix.termID[s]
		return id, ok
	}
	i := sort.SearchStrings(ix.Terms, s)
	if i < len(ix.Terms) && ix.Terms[i] == s {
		return int32(i), true
	}
	return 0, false
}

// surf returns the term id of a surface word of the corpus.
func (ix *index) surf(w string) (int32, bool) {
	if ix.surfID != nil {
		id, ok := ix.surfID[w]
		return id, ok
	}
	i := sort.SearchStrings(ix.Surface, w)
	if i < len(ix.Surface) && ix.Surface[i] == w {
		return ix.SurfTo[i], true
	}
	return 0, false
}

// ensureMaps builds the lookup maps a growing index needs.
func (ix *index) ensureMaps() {
	if ix.postBlob != nil {
		for t := range ix.Terms {
			ix.post(int32(t))
		}
		ix.postBlob, ix.postOff, ix.postDone = nil, nil, nil
	}
	// decode into a new slice first: docSeq and docXSeq read the
	// decoded slice once it is set
	if ix.Seq == nil && ix.seqOff != nil {
		seq := make([][]int32, len(ix.seqOff)-1)
		for d := range seq {
			seq[d] = ix.docSeq(int32(d))
		}
		ix.Seq, ix.seqBlob, ix.seqOff = seq, nil, nil
	}
	if ix.XSeq == nil && ix.xseqOff != nil {
		xseq := make([][]int32, len(ix.xseqOff)-1)
		for d := range xseq {
			xseq[d] = ix.docXSeq(int32(d))
		}
		ix.XSeq, ix.xseqBlob, ix.xseqOff = xseq, nil, nil
	}
	if ix.termID == nil {
		ix.termID = make(map[string]int32, len(ix.Terms))
		for i, t := range ix.Terms {
			ix.termID[t] = int32(i)
		}
	}
	if ix.surfID == nil {
		ix.surfID = make(map[string]int32, len(ix.Surface))
		for i, w := range ix.Surface {
			ix.surfID[w] = ix.SurfTo[i]
		}
	}
	ix.sorted = false
}

// addDoc indexes section si, one doc per passage (call finish
// afterwards), each with its expansion questions from blocks (nil: none).
func (ix *index) addDoc(c *corpus, st *stemmer, si int, blocks map[string][]xblock) {
	ix.ensureMaps()
	e := &c.Secs[si]
	if !e.searchable() {
		return
	}
	lines := e.book(c).Lines()
	parent := e.parentPath(c)
	newTerm := func(k string) int32 {
		id, ok := ix.termID[k]
		if !ok {
			id = int32(len(ix.Terms))
			ix.termID[k] = id
			ix.Terms = append(ix.Terms, k)
			ix.Post = append(ix.Post, nil)
			ix.XPost = append(ix.XPost, nil)
		}
		return id
	}
	for ord, p := range sectionPassages(lines, e.Start, e.End) {
		doc := int32(len(ix.DocSec))
		ix.DocSec = append(ix.DocSec, int32(si))
		ix.DocFrom = append(ix.DocFrom, int32(p[0]))
		ix.DocTo = append(ix.DocTo, int32(p[1]))
		body := joinLines(lines[p[0]:p[1]])
		tf, n := docTerms(st, e.Title, parent, body)
		keys := make([]string, 0, len(tf))
		for k := range tf {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			id := newTerm(k)
			ix.Post[id] = append(ix.Post[id], posting{Doc: doc, TF: float32(math.Round(float64(tf[k])*100) / 100)})
		}
		ix.DocLen = append(ix.DocLen, n)
		// the expansion field
		xtf := map[string]float32{}
		var xn float32
		var xsurf []string
		var xseq []int32
		for _, b := range passageBlocks(blocks, e.ID, ord+1, body) {
			for _, q := range b.qs {
				at := len(xseq)
				xseq = append(xseq, 0, 0) // norm (finish), terms
				for _, w := range words(q) {
					if stopWords[w] {
						continue
					}
					xtf[st.stem(w)]++
					xn++
					if !b.players {
						xsurf = append(xsurf, w)
					}
					xseq = append(xseq, newTerm(st.stem(w)))
					xseq[at+1]++
				}
			}
		}
		ix.XSeq = append(ix.XSeq, xseq)
		keys = keys[:0]
		for k := range xtf {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			id := newTerm(k)
			ix.XPost[id] = append(ix.XPost[id], posting{Doc: doc, TF: xtf[k]})
		}
		ix.XLen = append(ix.XLen, xn)
		var seq []int32
		for _, w := range words(e.Title) {
			if !stopWords[w] {
				seq = append(seq, ix.termID[st.stem(w)]+seqBase)
			}
		}
		seq = append(seq, 0)
		for k, line := range lines[p[0]:p[1]] {
			for _, s := range splitSentences(line) {
				ws := words(s)
				flags := sentenceFlags(ws)
				if k == 0 && p[0] == e.Start && e.Kind == KindHeading {
					flags |= sentHeading // the heading line
				}
				seq = append(seq, 1+flags)
				for _, w := range ws {
					if !stopWords[w] {
						seq = append(seq, ix.termID[st.stem(w)]+seqBase)
					}
				}
			}
		}
		ix.Seq = append(ix.Seq, seq)
		// surface words, for typo tolerance (the questions' too)
		for _, w := range append(words(body), xsurf...) {
			if stopWords[w] || len(w) < 3 || isNumber(w) {
				continue
			}
			if _, ok := ix.surfID[w]; ok {
				continue
			}
			if id, ok := ix.termID[st.stem(w)]; ok {
				ix.surfID[w] = id
				ix.Surface = append(ix.Surface, w)
				ix.SurfTo = append(ix.SurfTo, id)
			}
		}
	}
}

// finish computes what is derived from the stored fields.
func (ix *index) finish(c *corpus) {
	if !ix.sorted {
		ix.ensureMaps()
	}
	var sum float32
	for _, l := range ix.DocLen {
		sum += l
	}
	if len(ix.DocLen) > 0 {
		ix.avgLen = sum / float32(len(ix.DocLen))
	}
	for len(ix.XPost) < len(ix.Post) {
		ix.XPost = append(ix.XPost, nil)
	}
	for len(ix.XLen) < len(ix.DocLen) {
		ix.XLen = append(ix.XLen, 0)
	}
	for len(ix.XSeq) < len(ix.DocLen) && ix.xseqOff == nil {
		ix.XSeq = append(ix.XSeq, nil)
	}
	// the questions' norms, with the whole corpus's idf
	for _, xs := range ix.XSeq {
		for k := 0; k+1 < len(xs); k += 2 + int(xs[k+1]) {
			var n float64
			for _, t := range xs[k+2 : k+2+int(xs[k+1])] {
				g := ix.idf(t)
				n += g * g
			}
			xs[k] = int32(math.Round(100 * math.Sqrt(n)))
		}
	}
	sum = 0
	for _, l := range ix.XLen {
		sum += l
	}
	if sum > 0 {
		ix.xAvg = sum / float32(len(ix.XLen))
	}
	ix.gameDF = nil
	ix.gameTotal = nil
	if ix.postBlob == nil {
		// every posting is in memory: the games' model sizes now, so
		// that concurrent searches only read them (a decoded index
		// gets them from the prebuilt data)
		ix.gameLen(c)
	}
}

func (ix *index) gameOfDoc(c *corpus, d int32) int {
	return c.Secs[ix.DocSec[d]].GameIdx
}

// idf is a term's inverse document frequency in the passages' text (in
// the expansion questions for a word only they use).
func (ix *index) idf(t int32) float64 {
	n := float64(len(ix.DocLen))
	df := float64(ix.df(t))
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// df is the number of passages whose text holds term t, or when none,
// of expansion fields. Postings not decoded yet are not decoded for it:
// their counts lead their encoding (decodePost), and a search asks the
// idf of many more terms (every term of the candidate passages) than it
// reads the postings of.
func (ix *index) df(t int32) int {
	if ix.postBlob == nil || ix.postDone[t].Load() {
		if n := len(ix.Post[t]); n > 0 {
			return n
		}
		return len(ix.XPost[t])
	}
	d := dec{b: ix.postBlob[ix.postOff[t]:ix.postOff[t+1]]}
	count := func() int {
		n := int(d.u())
		if n > len(ix.DocLen) {
			n = 0 // as decodePost reads it
		}
		return n
	}
	if n := count(); n > 0 {
		return n
	}
	return count() // no text postings: the expansion's count follows
}

// post returns the postings of term t in the passages' text.
func (ix *index) post(t int32) []posting {
	if ix.postBlob != nil && !ix.postDone[t].Load() {
		ix.decodePost(t)
	}
	return ix.Post[t]
}

// xpost returns the postings of term t in the expansion field.
func (ix *index) xpost(t int32) []posting {
	if ix.postBlob != nil && !ix.postDone[t].Load() {
		ix.decodePost(t)
	}
	return ix.XPost[t]
}

// decodePost decodes term t's postings from the prebuilt index on first
// use (see codec.go).
func (ix *index) decodePost(t int32) {
	ix.postMu.Lock()
	defer ix.postMu.Unlock()
	if ix.postDone[t].Load() {
		return
	}
	d := &dec{b: ix.postBlob[ix.postOff[t]:ix.postOff[t+1]], exact: ix.exact}
	read := func() []posting {
		n := int(d.u())
		if n > len(ix.DocLen) {
			n = 0
		}
		ps := make([]posting, n)
		doc := int32(0)
		for k := range ps {
			doc += int32(d.u())
			ps[k] = posting{Doc: doc, TF: d.f()}
		}
		if d.err != nil {
			return nil
		}
		return ps
	}
	ix.Post[t] = read()
	ix.XPost[t] = read()
	ix.postDone[t].Store(true)
}

// docXSeq returns doc d's questions (see index.XSeq).
func (ix *index) docXSeq(d int32) []int32 {
	if ix.XSeq != nil {
		return ix.XSeq[d]
	}
	if ix.xseqOff == nil {
		return nil
	}
	return uvarints(ix.xseqBlob[ix.xseqOff[d]:ix.xseqOff[d+1]])
}

// questionSim is how close the query is to the closest of doc d's
// questions: the cosine of idf-weighted term vectors (the query's terms
// at their weights, qnorm its norm; pos maps a query term to its index
// in w (weight x idf^2)).
func (ix *index) questionSim(d int32, pos map[int32]int, w []float64, qnorm float64) float64 {
	xs := ix.docXSeq(d)
	best := 0.0
	var seen []int
	for k := 0; k+1 < len(xs); k += 2 + int(xs[k+1]) {
		n := int(xs[k+1])
		if k+2+n > len(xs) {
			break
		}
		if xs[k] == 0 {
			continue // a question of stop words only
		}
		seen = seen[:0]
		var num float64
		for _, t := range xs[k+2 : k+2+n] {
			if i, ok := pos[t]; ok && !slices.Contains(seen, i) {
				seen = append(seen, i)
				num += w[i]
			}
		}
		if num > 0 {
			best = math.Max(best, num/(float64(xs[k])/100*qnorm))
		}
	}
	return best
}

// xtf is the weight of term t in doc d's expansion field (0: none).
func (ix *index) xtf(t int32, d int32) float64 {
	ps := ix.xpost(t)
	k := sort.Search(len(ps), func(i int) bool { return ps[i].Doc >= d })
	if k < len(ps) && ps[k].Doc == d {
		return float64(ps[k].TF)
	}
	return 0
}

// xidf is a term's inverse document frequency in the expansion field.
func (ix *index) xidf(t int32) float64 {
	n := float64(len(ix.DocLen))
	df := float64(len(ix.xpost(t)))
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// gameShare returns, per game, whether term t occurs in that game.
func (ix *index) inGame(c *corpus, t int32) []bool {
	g := make([]bool, len(c.Books))
	for _, p := range ix.post(t) {
		g[ix.gameOfDoc(c, p.Doc)] = true
	}
	return g
}

// qterm is one weighted query term.
type qterm struct {
	id     int32
	weight float64
	word   string // the player's word (for highlighting)
	typo   bool   // a correction of a misspelled word: counts half
	// full and part are the query concepts (bits) this term meets: as the
	// player's own word, or as a word table talk stands for
	full, part uint32
}

// Hit is one ranked section.
type hit struct {
	doc   int32
	sec   int
	score float64
	cover float64 // share of the query's weight this section matched
	// full, part: the query concepts the passage meets (bits)
	full, part uint32
	raw        float64 // the BM25 score, before priors and cues
	// pin is 1 + the section of the FAQ/Q&A entry this rule was placed
	// next to (ruleOverNote; 0: none), pinAfter whether after it
	pin      int
	pinAfter bool
}

// score ranks every doc for terms; game < 0 searches all games.
func (ix *index) score(c *corpus, terms []qterm, games map[int]bool) []hit {
	nd := len(ix.DocSec)
	acc := make([]float64, nd)
	matched := make([]float64, nd)
	fm := make([]uint32, nd)
	pm := make([]uint32, nd)
	var touched []int32
	var total float64
	seen := map[int32]bool{}
	mark := make([]int32, nd) // 1 + the term a doc's text matched last
	for qi, q := range terms {
		idf := ix.idf(q.id)
		if !seen[q.id] && q.weight >= 0.8 {
			total += idf * q.weight // the player's own words
		}
		for _, p := range ix.post(q.id) {
			if games != nil && !games[ix.gameOfDoc(c, p.Doc)] {
				continue
			}
			tf := float64(p.TF)
			dl := float64(ix.DocLen[p.Doc])
			norm := tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*dl/float64(ix.avgLen)))
			if acc[p.Doc] == 0 {
				touched = append(touched, p.Doc)
			}
			acc[p.Doc] += idf * norm * q.weight
			fm[p.Doc] |= q.full
			pm[p.Doc] |= q.part
			mark[p.Doc] = int32(qi) + 1
			if !seen[q.id] {
				m := idf * q.weight
				if q.typo {
					m *= typoCover
				}
				matched[p.Doc] += m
			}
		}
		// the expansion field: the questions players ask that the
		// passage answers
		if xW > 0 && ix.xAvg > 0 {
			xidf := ix.xidf(q.id)
			for _, p := range ix.xpost(q.id) {
				if games != nil && !games[ix.gameOfDoc(c, p.Doc)] {
					continue
				}
				tf := float64(p.TF)
				dl := float64(ix.XLen[p.Doc])
				norm := tf * (xK1 + 1) / (tf + xK1*(1-xB+xB*dl/float64(ix.xAvg)))
				if acc[p.Doc] == 0 {
					touched = append(touched, p.Doc)
				}
				acc[p.Doc] += xW * xidf * norm * q.weight
				if mark[p.Doc] != int32(qi)+1 {
					pm[p.Doc] |= q.full | q.part
					if !seen[q.id] {
						m := idf * q.weight * xCredit
						if q.typo {
							m *= typoCover
						}
						matched[p.Doc] += m
					}
				}
			}
		}
		seen[q.id] = true
	}
	hits := make([]hit, 0, len(touched))
	for _, d := range touched {
		cv := 0.0
		if total > 0 {
			cv = math.Min(1, matched[d]/total)
		}
		hits = append(hits, hit{doc: d, sec: int(ix.DocSec[d]), score: acc[d], raw: acc[d], cover: cv, full: fm[d], part: pm[d] &^ fm[d]})
	}
	return hits
}

// lookup maps a (corrected) word to its index term: its stem or, for a
// corpus word whose stem differs, the term it was indexed under.
func (ix *index) lookup(st *stemmer, w string) ([]int32, bool) {
	if id, ok := ix.term(st.stem(w)); ok {
		return []int32{id}, true
	}
	if id, ok := ix.surf(w); ok {
		return []int32{id}, true
	}
	return nil, false
}

// known reports whether w is a word the corpus knows.
func (c *corpus) known(st *stemmer, w string) bool {
	_, ok := c.ix.lookup(st, w)
	return ok || isNumber(w)
}

// corrections returns up to two words a misspelled w may stand for: the
// corpus, stop and table-talk words nearest by edit distance (1, or 2 for
// words of 8+ letters; the first letter must match below that), the most
// common first.
func (ix *index) corrections(w string) []string {
	if len(w) < 4 || isNumber(w) {
		return nil
	}
	max := 1
	if len(w) >= 8 {
		max = 2
	}
	type cand struct {
		w    string
		freq int
	}
	best := max + 1
	var cs []cand
	try := func(s string, freq int) bool {
		if max < 2 && s[0] != w[0] || len(s) < 3 {
			return false
		}
		d := levenshtein(w, s, max)
		if d > max || d > best {
			return false
		}
		if d < best {
			best, cs = d, cs[:0]
		}
		cs = append(cs, cand{s, freq})
		return true
	}
	for i, s := range ix.Surface {
		if try(s, 0) {
			// the corpus word's frequency, read only for a candidate
			cs[len(cs)-1].freq = len(ix.post(ix.SurfTo[i]))
		}
	}
	for _, s := range extraVocabulary() {
		freq := 40 // table talk
		if stopWords[s] {
			freq = 1000 // common English
		}
		try(s, freq)
	}
	sort.SliceStable(cs, func(a, b int) bool { return cs[a].freq > cs[b].freq })
	var out []string
	for _, c := range cs {
		if len(out) == 2 {
			break
		}
		if len(out) == 0 || out[0] != c.w {
			out = append(out, c.w)
		}
	}
	return out
}

// docSeq returns the term sequence of doc d (see index.Seq).
func (ix *index) docSeq(d int32) []int32 {
	if ix.Seq != nil {
		return ix.Seq[d]
	}
	return uvarints(ix.seqBlob[ix.seqOff[d]:ix.seqOff[d+1]])
}

// uvarints decodes a run of uvarints (a doc's Seq or XSeq).
func uvarints(b []byte) []int32 {
	out := make([]int32, 0, len(b))
	for len(b) > 0 {
		if b[0] < 0x80 { // one byte: most ids of a sequence
			out = append(out, int32(b[0]))
			b = b[1:]
			continue
		}
		v, n := binary.Uvarint(b)
		if n <= 0 {
			break
		}
		out = append(out, int32(v))
		b = b[n:]
	}
	return out
}

// proximity returns, for doc d, the weight of the query's word pairs
// (pairs of term ids+1, each with its weight) that occur next to each
// other, in order, in the doc's title or passage.
func (ix *index) proximity(d int32, pairs [][2]int32, w []float64) float64 {
	return proximityIn(ix.docSeq(d), pairs, w)
}

// proximityIn is proximity over a decoded term sequence (sentence
// markers do not separate words; the title separator does).
func proximityIn(seq []int32, pairs [][2]int32, w []float64) float64 {
	var sum float64
	for k, p := range pairs {
		prev := int32(0)
		for _, v := range seq {
			if v > 0 && v < seqBase {
				continue // a sentence marker
			}
			if prev == p[0] && v == p[1] {
				sum += w[k]
				break
			}
			prev = v
		}
	}
	return sum
}

// BM25 parameters.
const (
	bm25K1 = 1.2
	bm25B  = 0.6
)

// The expansion field's BM25 (vars, so that a measurement can vary
// them): its weight against the text's, k1, b, and the share of a
// word's weight it counts as matched when only the questions hold it.
var (
	xW      = 1.2
	xK1     = 1.2
	xB      = 0.5
	xCredit = 0.7
)

// typoCover is the share of a corrected typo's weight that counts as
// matched towards the coverage ("no ruling found" and the priors): a
// guessed word is less sure than the player's own.
var typoCover = 0.75
