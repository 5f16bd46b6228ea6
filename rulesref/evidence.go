package rulesref

import (
	"slices"
	"sort"
	"strings"
)

// Sentence evidence: a rule usually settles a question in one or two
// sentences. The result names them (Result.Answer) so that the player
// reads them first; the passage follows.

// answerPairGain: two consecutive sentences of a line are shown together
// when together they meet at least this much more of the question than
// the better one alone. Measured on all batches (answer line, mean
// length): 0.2 68.9% 154 bytes, 0.1 69.2% 157, 0.05 69.5% 160, 0 71.6%
// 188 (every line two sentences: the figure rewards length, a reader
// does not).
const answerPairGain = 0.05

// AnswerGap joins two sentences of an answer that are not next to each
// other in the passage: each piece is the rulebook's words, verbatim.
const AnswerGap = " … "

// nearTie: a second sentence scoring this share of the best is shown with
// it, when the two together are at most maxAnswerLen bytes.
const (
	nearTie      = 0.85
	maxAnswerLen = 320
	// partMin, partGain: a sentence joins the answer for a part of the
	// question when it meets at least partMin of that part and
	// partGain times what the first sentence meets of it
	partMin  = 0.4
	partGain = 1.5
	// maxLeadAnswerLen: the answer with a list item's lead-in before it
	// is at most this long (else the item is shown alone)
	maxLeadAnswerLen = 480
	// leadInShare: a lead-in ending with ":" that list items follow
	// keeps this share of its score (its items state the facts)
	leadInShare = 0.8
	// quotedShare: a sentence wholly in quotation marks (flavour text)
	// keeps this share of its score
	quotedShare = 0.5
)

// answerSentence returns the sentence (or two consecutive sentences of
// one line) of text that decides the question, and the line of text it is
// on (0-based), or "" when no sentence meets any of it. A sentence scores
// its share of the question's concepts, each concept weighed down the more
// of the passage's sentences (and its heading) meet it (localShare: what
// every sentence says is the topic, not the answer), times factFit for
// the kinds of fact the question asks for that it states (decide.go).
// Ties go to the earlier sentence. Heading lines (no end punctuation,
// fewer than five words) are left out, but their concepts count as met
// by every sentence. The question's numbers count as one more concept
// (numberHits); a list item meets in part what its lead-in meets and is
// shown after it; a sentence in brackets is part of the one before it.
// The answer's pieces are joined by AnswerGap unless they are next to
// each other on one line.
func (c *corpus) answerSentence(text string, pq *parsedQuery, _ int) (string, int) {
	bits := conceptBits(pq)
	type sent struct {
		s          string
		line       int
		full, part uint32
		traits     int
		lead       int    // the lead-in a list item belongs to, or -1
		isLead     bool   // it ends with ":" and list items follow it
		inherit    uint32 // concepts only its lead-in meets (met in part)
		quoted     bool   // wholly within quotation marks
	}
	var ss []sent
	var heading uint32
	lead := -1 // the lead-in ("... roll the Traveler Die:") of the list being read
	meet := func(ws []string) (full, part uint32) {
		for _, w := range ws {
			if stopWords[w] {
				continue
			}
			if id, ok := c.ix.surf(w); ok {
				if b, ok := bits[id]; ok {
					full |= b[0]
					part |= b[1]
				}
			}
		}
		return full, part
	}
	for ln, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		item := listItem(line)
		if !item {
			lead = -1
		}
		quotes := 0 // the quotation marks of the line before this sentence
		for _, s := range withAsides(displaySentences(line)) {
			inQuote := quotes%2 == 1 || strings.HasPrefix(s, "\"") || strings.HasPrefix(s, "“")
			quotes += strings.Count(s, "\"") + strings.Count(s, "“") + strings.Count(s, "”")
			ws := words(s)
			if !strings.ContainsAny(s[len(s)-1:], ".?!:") && (len(ws) < 5 || len(ws) <= 10 && titleCase(s, false)) {
				f, p := meet(ws)
				heading |= f | p
				continue
			}
			x := sent{s: s, line: ln, traits: traits(ws), lead: -1}
			if negated(s) {
				x.traits |= factNegated
			}
			// a sentence wholly within quotation marks is a character's
			// words ("Sink one, and another comes back even stronger."),
			// not a rule
			x.quoted = inQuote && (strings.HasSuffix(s, "\"") || strings.HasSuffix(s, "”"))
			if label, rest, ok := sentenceLabel(s); ok && len(ss) == 0 {
				// a bold lead-in ("Tavern Fees: ...") names the topic, as
				// a heading; the labels of later sentences ("Winner:",
				// "Tie:") tell them apart
				f, p := meet(words(label))
				heading |= f | p
				ws = words(rest)
			}
			x.full, x.part = meet(ws)
			if item && lead >= 0 && lead < len(ss) {
				// a list item ("- On a result of 1-3, take 1 damage ...",
				// a table row "- 20 or more → 5 OC") says its fact under
				// its lead-in's words: it meets in part what the lead-in meets
				ss[lead].isLead = true
				x.lead = lead
				x.inherit = (ss[lead].full | ss[lead].part) &^ x.full &^ x.part
				x.traits |= ss[lead].traits &^ factNumber
			}
			ss = append(ss, x)
		}
		if last := len(ss) - 1; last >= 0 && ss[last].line == ln && strings.HasSuffix(line, ":") {
			lead = last
		}
	}
	if len(ss) == 0 {
		return "", 0
	}
	// the local weight of each concept: 1 when one sentence meets it,
	// localShare when all do
	w := make([]float64, len(pq.concepts))
	var tot float64
	for k, cw := range pq.concepts {
		df := 0
		for _, x := range ss {
			if (x.full|x.part)&(1<<k) != 0 {
				df++
			}
		}
		share := 1.0
		if heading&(1<<k) != 0 {
			df = len(ss)
		}
		if len(ss) > 1 && df > 1 {
			share = 1 - (1-localShare)*float64(df-1)/float64(len(ss)-1)
		}
		w[k] = cw * share
		tot += w[k]
	}
	kind := asks(pq.raw)
	// the question's numbers are one more concept, met by a sentence
	// whose number or range holds one of them (numberHits)
	qnums := questionNumbers(pq.raw)
	spans := make([][]span, len(ss))
	if len(qnums) > 0 {
		for k, x := range ss {
			spans[k] = sentenceSpans(x.s)
		}
	}
	nhit := numberHits(qnums, spans)
	var numW, tieW float64
	if len(qnums) > 0 && len(w) > 0 {
		numW = numberConcept * tot / float64(len(w))
		tot += numW
	}
	if kind&factTie != 0 && len(w) > 0 {
		// a tie is one more concept too: "we both ended with 187" names
		// none of the words of the sentence that breaks it
		tieW = numberConcept * tot / float64(len(w))
		tot += tieW
	}
	score := func(full, part, inh uint32, traits int, num float64) float64 {
		got := num
		for k := range w {
			switch {
			case full&(1<<k) != 0:
				got += w[k]
			case part&(1<<k) != 0:
				got += partCredit * w[k]
			case inh&(1<<k) != 0:
				got += partCredit * w[k] // a concept a list item meets through its lead-in
			}
		}
		if got == 0 {
			return 0
		}
		v := 1.0
		if tot > 0 {
			v = got / tot
		}
		return v * factFit(kind, traits)
	}
	sc := func(k int) float64 {
		x := ss[k]
		num := 0.0
		if nhit[k] {
			num = numW
		}
		if x.traits&factTie != 0 {
			num += tieW
		}
		v := score(x.full, x.part, x.inherit, x.traits, num)
		if x.quoted {
			v *= quotedShare
		}
		if x.isLead {
			// "you can do any of the following:" is not the fact; its
			// items are, and an item is shown with it
			v *= leadInShare
		}
		return v
	}
	best, bestV := -1, 0.0
	for k := range ss {
		if v := sc(k); v > bestV {
			best, bestV = k, v
		}
	}
	if best < 0 {
		return "", 0
	}
	b := ss[best]
	if strings.HasSuffix(b.s, "?") && best+1 < len(ss) {
		// an FAQ or Q&A entry: its reply follows the question ("Do I have
		// to keep rolling ...? No. Failing your roll just stops ..."); a
		// bare "No." or "Yes!" takes the sentence after it too
		reply := ss[best+1].s
		if len(words(reply)) <= 3 && best+2 < len(ss) {
			reply += " " + ss[best+2].s
		}
		return b.s + " " + reply, b.line
	}
	// a near tie: two sentences that decide the question about equally
	// well are both shown, in the passage's order (the answer line reads
	// "only two Equip slots" with the sentence that names Loot cards)
	show := []int{best}
	second, secondV := -1, 0.0
	for k := range ss {
		if v := sc(k); k != best && v > secondV {
			second, secondV = k, v
		}
	}
	if second >= 0 && secondV >= nearTie*bestV && len(b.s)+len(ss[second].s) <= maxAnswerLen {
		show = append(show, second)
	} else {
		for _, k := range []int{best - 1, best + 1} {
			if k < 0 || k >= len(ss) || ss[k].line != b.line {
				continue
			}
			o := ss[k]
			if v := score(b.full|o.full, b.part|o.part, 0, b.traits|o.traits, 0); v >= bestV+answerPairGain {
				show = append(show, k)
				break
			}
		}
	}
	size := 0
	for _, k := range show {
		size += len(ss[k].s)
	}
	for _, k := range partAnswers(pq.parts, show, len(ss), func(k int, mask uint32, kind int) float64 {
		x := ss[k]
		v := 0.0
		var all float64
		for c := range w {
			if mask&(1<<c) == 0 {
				continue
			}
			all += w[c]
			switch {
			case x.full&(1<<c) != 0:
				v += w[c]
			case (x.part|x.inherit)&(1<<c) != 0:
				v += partCredit * w[c]
			}
		}
		if all == 0 || x.isLead || x.quoted {
			return 0
		}
		return v / all * factFit(kind, x.traits)
	}) {
		// a question that asks two things ("how many rounds are left,
		// and does the countdown stop?") gets the sentence that answers
		// the part the others leave
		if size+len(ss[k].s) <= maxLeadAnswerLen {
			show = append(show, k)
			size += len(ss[k].s)
		}
	}
	// a list item is shown after its lead-in, which says what the item
	// is a case of ("When you move onto a Treacherous Sea, roll the
	// Traveler Die: … - On a result of 1-3, take 1 damage ...")
	for _, k := range show {
		if l := ss[k].lead; l >= 0 && !contains(show, l) && size+len(ss[l].s) <= maxLeadAnswerLen {
			show = append(show, l)
			size += len(ss[l].s)
		}
	}
	sort.Ints(show)
	var out strings.Builder
	for i, k := range show {
		if i > 0 {
			if p := show[i-1]; k == p+1 && ss[k].line == ss[p].line {
				out.WriteString(" ")
			} else {
				out.WriteString(AnswerGap) // text left out between them
			}
		}
		out.WriteString(ss[k].s)
	}
	return out.String(), ss[show[0]].line
}

// sentenceLabel splits a sentence that opens with a Title Case label and a colon
// ("Tavern Fees: A Player Ship can ...", "'Ghost Ship'*: They said ...")
// into the label and the rest.
func sentenceLabel(s string) (label, rest string, ok bool) {
	i := strings.Index(s, ": ")
	if i <= 0 || i > 60 {
		return "", "", false
	}
	label = s[:i]
	ws := strings.Fields(label)
	if len(ws) == 0 || len(ws) > 6 {
		return "", "", false
	}
	for _, w := range ws {
		w = strings.TrimLeft(w, "'\"(-•")
		if w == "" {
			continue
		}
		if c := w[0]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') && !smallTitleWords[w] {
			return "", "", false
		}
	}
	return label, s[i+2:], true
}

// smallTitleWords are the lower-case words a Title Case label may hold.
var smallTitleWords = map[string]bool{"a": true, "an": true, "the": true, "of": true, "and": true, "or": true, "to": true, "in": true, "on": true, "for": true, "with": true, "from": true, "at": true, "by": true}

// displaySentences splits a line at sentence ends for showing: a ".",
// "?" or "!" followed by a space and a capital, digit, quote or
// bracket, not after an abbreviation ("e.g.", "i.e.", "etc.", "vs.",
// "p.", a single letter).
func displaySentences(line string) []string {
	var out []string
	start := 0
	for i := 0; i+2 < len(line); i++ {
		ch := line[i]
		if ch != '.' && ch != '?' && ch != '!' || line[i+1] != ' ' {
			continue
		}
		n := line[i+2]
		if !(n >= 'A' && n <= 'Z' || n >= '0' && n <= '9' || n == '"' || n == '(' || n == '\'' || n == '[' || n == 0xE2) {
			continue
		}
		if ch == '.' {
			j := i
			for j > start && line[j-1] != ' ' && line[j-1] != '(' {
				j--
			}
			tok := strings.ToLower(line[j : i+1])
			if len(tok) <= 2 || abbreviations[tok] || strings.Count(tok, ".") > 1 {
				continue
			}
		}
		out = append(out, line[start:i+1])
		start = i + 2
	}
	if start < len(line) {
		out = append(out, line[start:])
	}
	return out
}

var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "etc.": true, "vs.": true, "pg.": true, "no.": true, "approx.": true, "incl.": true}

// NamedGame is the game the question names by name ("in rolling seas",
// "for misty waters"), or "".
func NamedGame(q string) string {
	g, _ := detectGameName(words(q))
	return g
}

// GameOfWords is the game whose own words the question uses: a word of
// the player's that only one rulebook has ("isle of myth", "privateer",
// "Ironside"), with no word only another rulebook has; "" when there is
// none or the words of two games meet. The question may name no game at
// all: a session's game is then not the only one searched (cmd/rules).
func GameOfWords(q string) string {
	if g := NamedGame(q); g != "" {
		return g
	}
	c := builtin()
	pq := c.parseQuery(q, newStemmer())
	if g := c.namedGame(pq.terms); g >= 0 {
		return Games[g]
	}
	return ""
}

// withAsides joins a sentence in brackets to the sentence before it,
// which it qualifies: "Hard: 4 ships. (Not available in 3-player
// games.)", "Discard all but one equipped Loot card. (Don't discard any
// Loot cards in your hand!)".
func withAsides(ss []string) []string {
	out := ss[:0:0]
	for _, s := range ss {
		if n := len(out); n > 0 && strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && !strings.HasSuffix(out[n-1], ":") {
			out[n-1] += " " + s
			continue
		}
		out = append(out, s)
	}
	return out
}

// listItem reports whether a line is an item of a list or a table row:
// it opens with a bullet ("- ", "• ", "* ") or a number ("1. ", "2) ").
func listItem(line string) bool {
	for _, b := range []string{"- ", "• ", "* ", "– "} {
		if strings.HasPrefix(line, b) {
			return true
		}
	}
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i < 3 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' '
}

// partAnswers returns, for a question that asks two or more things
// (parts), the sentences (of n) that answer the parts the sentences shown
// leave unanswered, one for each such part at most, the largest gain
// first; none when the shown sentences answer every part as well as any
// sentence does. fit scores sentence k on a part's concepts (mask) for
// the kinds of fact that part asks for.
func partAnswers(parts []askPart, shown []int, n int, fit func(k int, mask uint32, kind int) float64) []int {
	type pick struct {
		k    int
		gain float64
	}
	var picks []pick
	for _, p := range parts {
		if p.concepts == 0 {
			continue
		}
		kind := asks(p.text)
		have := 0.0
		for _, k := range shown {
			have = max(have, fit(k, p.concepts, kind))
		}
		best := pick{-1, 0}
		for k := 0; k < n; k++ {
			if contains(shown, k) {
				continue
			}
			if v := fit(k, p.concepts, kind); v >= partMin && v-have > best.gain && v >= partGain*have {
				best = pick{k, v - have}
			}
		}
		if best.k >= 0 && !slices.ContainsFunc(picks, func(o pick) bool { return o.k == best.k }) {
			picks = append(picks, best)
		}
	}
	sort.SliceStable(picks, func(i, j int) bool { return picks[i].gain > picks[j].gain })
	out := make([]int, len(picks))
	for i, p := range picks {
		out[i] = p.k
	}
	return out
}
