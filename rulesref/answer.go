package rulesref

import "math"

// Answer cues: a rule that settles a question usually says it in one
// sentence that holds most of the question's concepts, and a "how many"
// question is settled by a sentence with a number in it, a "can I"
// question by one that says can, cannot, may, must or only. These cues
// rerank the first hits (answerTop); they read the passage's text, not
// the index.

// question kinds
const (
	askAmount  = 1 << iota // how many, how much, max, cost, price
	askAllowed             // can I, may I, is it allowed, do I have to
)

// questionKind returns the kinds of question q is (askAmount, askAllowed).
func questionKind(q string) int {
	ws := words(q)
	k := 0
	for i, w := range ws {
		next := ""
		if i+1 < len(ws) {
			next = ws[i+1]
		}
		switch w {
		case "how":
			if next == "many" || next == "much" || next == "far" || next == "long" {
				k |= askAmount
			}
		case "max", "maximum", "min", "minimum", "limit", "cost", "costs", "price", "prices", "pay",
			"much", "many":
			k |= askAmount
		case "can", "may", "could", "must", "allowed", "cant", "cannot", "able", "legal":
			if i < 3 || w == "allowed" || w == "legal" {
				k |= askAllowed
			}
		case "have", "need", "has":
			if next == "to" && i < 4 {
				k |= askAllowed
			}
		}
	}
	return k
}

// amountWords are the words that state an amount in a rule.
var amountWords = map[string]bool{
	"one": true, "two": true, "three": true, "four": true, "five": true, "six": true,
	"seven": true, "eight": true, "nine": true, "ten": true, "twice": true, "double": true,
	"half": true, "maximum": true, "minimum": true, "max": true, "unlimited": true,
	"infinite": true, "any": true, "all": true, "once": true, "no": true,
}

// modalWords are the words a permission or duty is stated with.
var modalWords = map[string]bool{
	"can": true, "cannot": true, "cant": true, "may": true, "must": true, "only": true,
	"not": true, "never": true, "always": true, "allowed": true, "unless": true,
	"except": true, "exception": true, "required": true,
}

// Sentence flags, stored in the index's term sequences (index.Seq): a
// sentence that states an amount, one that states a permission or duty,
// and a section's heading line.
const (
	sentAmount  = 1
	sentModal   = 2
	sentHeading = 4
	// seqBase: term ids are stored plus seqBase in index.Seq; 0 ends the
	// title, 1..seqBase-1 open a sentence (1+flags)
	seqBase = 9
)

// sentenceFlags returns the flags of a sentence's words.
func sentenceFlags(ws []string) int32 {
	var f int32
	for _, w := range ws {
		if amountWords[w] || isNumber(w) {
			f |= sentAmount
		}
		if modalWords[w] {
			f |= sentModal
		}
	}
	return f
}

// sentenceCue scores the passage of doc d for the question: the best
// sentence's share of the query's concepts (idf-weighted, as coverage),
// and whether the sentences that match nearly as well state an amount or
// a permission. bits maps term ids to the concepts they meet.
func (c *corpus) sentenceCue(d int32, pq *parsedQuery, bits map[int32][2]uint32) (best float64, amount, modal bool) {
	return sentenceCueSeq(c.ix.docSeq(d), pq, bits)
}

// sentenceCueSeq is sentenceCue over a doc's decoded term sequence.
func sentenceCueSeq(seq []int32, pq *parsedQuery, bits map[int32][2]uint32) (best float64, amount, modal bool) {
	type sent struct {
		cov   float64
		flags int32
	}
	var buf [64]sent
	ss := buf[:0]
	var full, part uint32
	flags := int32(-1)
	flush := func() {
		if flags >= 0 && flags&sentHeading == 0 {
			ss = append(ss, sent{pq.coverage(hit{full: full, part: part &^ full}), flags})
		}
		full, part = 0, 0
	}
	body := false
	for _, v := range seq {
		switch {
		case v == 0:
			body = true
		case !body:
		case v < seqBase:
			flush()
			flags = v - 1
		default:
			if b, ok := bits[v-seqBase]; ok {
				full |= b[0]
				part |= b[1]
			}
		}
	}
	flush()
	for _, s := range ss {
		best = math.Max(best, s.cov)
	}
	if best == 0 {
		return 0, false, false
	}
	for _, s := range ss {
		if s.cov >= best*cueNear {
			amount = amount || s.flags&sentAmount != 0
			modal = modal || s.flags&sentModal != 0
		}
	}
	return best, amount, modal
}

// splitSentences splits a line at sentence ends (". ", "? ", "! ").
func splitSentences(line string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(line); i++ {
		if (line[i] == '.' || line[i] == '?' || line[i] == '!') && line[i+1] == ' ' {
			out = append(out, line[start:i+1])
			start = i + 2
		}
	}
	if start < len(line) {
		out = append(out, line[start:])
	}
	return out
}
