package rulesref

import (
	"math"
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
}

// Minimum share of the query's weight a result must match, and the
// minimum score of the best result, below which nothing is answered.
const (
	minCover = 0.34
	minScore = 2.2
)

type parsedQuery struct {
	terms   []qterm
	phrases []string
	game    string
	stems   map[string]bool
	unknown int
}

func (c *corpus) parseQuery(q string, st *stemmer) parsedQuery {
	var pq parsedQuery
	// quoted phrases
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
			pq.phrases = append(pq.phrases, normPhrase(p))
		}
		rest = rl[b:]
		if strings.HasPrefix(rest, "\"") {
			rest = rest[1:]
		} else if len(rest) >= 3 {
			rest = rest[3:]
		}
	}
	ws := words(q)
	pq.game, ws = detectGameName(ws)
	pq.stems = map[string]bool{}
	weights := map[int32]float64{}
	typos := map[int32]bool{}
	words := map[int32]string{}
	var order []int32
	add := func(ids []int32, w float64, word string) {
		for _, id := range ids {
			if _, ok := weights[id]; !ok {
				order = append(order, id)
				words[id] = word
			}
			if w > weights[id] {
				weights[id] = w
			}
		}
	}
	for _, w := range ws {
		if stopWords[w] {
			continue
		}
		if ids, ok := c.ix.lookup(st, w); ok {
			wt := 1.0
			_, exact := c.ix.term(st.stem(w))
			if _, known := c.ix.surf(w); !exact && !known {
				wt = 0.8 // a corrected typo
				for _, id := range ids {
					if _, ok := weights[id]; !ok {
						typos[id] = true
					}
				}
			}
			add(ids, wt, w)
			pq.stems[st.stem(w)] = true
			for _, id := range ids {
				pq.stems[c.ix.Terms[id]] = true
			}
		} else {
			// an unknown word still counts against the coverage
			pq.unknown++
		}
	}
	for _, w := range expandQuery(ws) {
		if stopWords[w] {
			continue
		}
		if id, ok := c.ix.term(st.stem(w)); ok {
			add([]int32{id}, 0.5, w)
			pq.stems[st.stem(w)] = true
		}
	}
	for _, id := range order {
		pq.terms = append(pq.terms, qterm{id: id, weight: weights[id], word: words[id], typo: typos[id] && weights[id] < 1})
	}
	return pq
}

// search ranks the corpus's sections for q.
func (c *corpus) search(q string, opt SearchOptions) []Result {
	st := newStemmer()
	pq := c.parseQuery(q, st)
	limit := opt.Limit
	if limit <= 0 {
		limit = 5
	}
	var games map[int]bool
	if len(opt.Games) > 0 {
		games = map[int]bool{}
		for _, g := range opt.Games {
			games[gameIndex(g)] = true
		}
	} else if pq.game != "" {
		games = map[int]bool{gameIndex(pq.game): true}
	}
	known := pq.terms
	unknown := float64(pq.unknown)
	if len(known) == 0 {
		return nil
	}
	hits := c.ix.score(c, known, games)
	// An unknown word lowers every hit's coverage as much as an average
	// word would.
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
	scale := total / (total + unknown*avgIDF)

	// Game detection: how much of the query each game's words cover.
	share := make([]float64, len(Games))
	for _, t := range known {
		in := c.ix.inGame(c, t.id)
		for g := range share {
			if in[g] {
				share[g] += c.ix.idf(t.id) * t.weight / total
			}
		}
	}
	prefer := gameIndex(opt.Prefer)
	out := hits[:0]
	for _, h := range hits {
		e := &c.Secs[h.sec]
		if opt.noNotes && (e.isNote() || e.Kind == KindHeading && strings.Contains(strings.ToLower(e.Title), "errata")) {
			continue
		}
		h.cover *= scale
		h.score *= 0.55 + 0.45*share[e.GameIdx]
		if e.summary {
			h.score *= 0.6
		}
		if e.isNote() {
			h.score *= 0.85 // the rule itself first, its errata flagged on it
		}
		if e.Kind == KindGlossary {
			h.score *= 0.75
		}
		if e.GameIdx == prefer && games == nil {
			h.score *= 1.15
		}
		if len(pq.phrases) > 0 {
			t := normPhrase(e.ownText(c) + " " + e.Title)
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
	hits = out
	sort.Slice(hits, func(a, b int) bool {
		if hits[a].score != hits[b].score {
			return hits[a].score > hits[b].score
		}
		return hits[a].sec < hits[b].sec
	})
	if len(hits) == 0 || !opt.all && (hits[0].score < minScore || hits[0].cover < minCover) {
		return nil
	}
	var res []Result
	for _, h := range hits {
		if len(res) == limit {
			break
		}
		if !opt.all && (h.score < hits[0].score*0.25 || h.cover < minCover*0.7) {
			break
		}
		res = append(res, c.result(h.sec, h.score, pq, st))
	}
	return res
}

// result renders section i as a search result: its own text, or for a
// long section the paragraph that best matches the query.
func (c *corpus) result(i int, score float64, pq parsedQuery, st *stemmer) Result {
	e := &c.Secs[i]
	r := c.resultOf(i)
	r.Score = math.Round(score*1000) / 1000
	r.Text = c.passage(e, pq, st)
	seen := map[string]bool{}
	for _, w := range words(r.Text) {
		if !stopWords[w] && pq.stems[st.stem(w)] && !seen[w] {
			seen[w] = true
			r.Terms = append(r.Terms, w)
		}
	}
	return r
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

// maxPassage is the length above which only the best paragraph of a
// section is returned.
const maxPassage = 1100

// paragraphs splits lines into paragraphs: a line of prose with the list
// items and table rows that follow it.
func paragraphs(lines []string) [][2]int {
	var out [][2]int
	start := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			if start >= 0 {
				out = append(out, [2]int{start, i})
				start = -1
			}
		case isListLine(l) || isTableLine(l):
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 && i > 0 && strings.TrimSpace(lines[i-1]) != "" && !strings.HasSuffix(strings.TrimSpace(lines[i-1]), ":") {
				out = append(out, [2]int{start, i})
				start = i
			} else if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(lines)})
	}
	return out
}

func (c *corpus) passage(e *entry, pq parsedQuery, st *stemmer) string {
	own := e.ownText(c)
	if len(own) <= maxPassage {
		return own
	}
	lines := e.book(c).Lines[e.Start:e.End]
	var paras [][2]int
	for _, p := range paragraphs(lines) {
		if len(joinLines(lines[p[0]:p[1]])) <= maxPassage {
			paras = append(paras, p)
			continue
		}
		for k := p[0]; k < p[1]; k++ { // a long list: one item at a time
			paras = append(paras, [2]int{k, k + 1})
		}
	}
	best, bestScore := 0, -1.0
	for k, p := range paras {
		s := 0.0
		seen := map[string]bool{}
		for _, w := range words(strings.Join(lines[p[0]:p[1]], " ")) {
			if stopWords[w] {
				continue
			}
			sw := st.stem(w)
			if pq.stems[sw] && !seen[sw] {
				seen[sw] = true
				s++
			}
		}
		if s > bestScore {
			best, bestScore = k, s
		}
	}
	p := paras[best]
	end := p[1]
	// a short paragraph keeps its neighbour for context
	for k := best + 1; k < len(paras) && len(joinLines(lines[p[0]:end])) < 250; k++ {
		end = paras[k][1]
	}
	start := p[0]
	if best > 0 && len(joinLines(lines[start:end])) < 250 {
		start = paras[best-1][0]
	}
	return joinLines(lines[start:end])
}
