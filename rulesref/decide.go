package rulesref

import "strings"

// The deciding fact: what the answer line shows first. A section is about
// its topic in every sentence, so the words the whole passage shares with
// the question (its heading's, those of most of its sentences) do not tell
// its sentences apart; the sentence that settles the question holds the
// question's other words, and states the kind of fact asked for: the
// number of a "how many", the price of a "how much does it cost", the
// can/cannot of a "can I", the order of a "who goes first", the outcome
// of a "what happens if". These traits choose the answer line only; the
// ranking of passages does not read them.

// What a question asks for (asks) and what a sentence states (traits).
const (
	factNumber  = 1 << iota // a count, limit or amount
	factCost                // a price: pay, cost, spend
	factLimit               // a restriction: cannot, only, never, no more than
	factAllowed             // a permission: can, may
	factOrder               // an order: first, then, before, after
	factOutcome             // a condition and what follows: if, when, instead
	factNegated             // a case that is not: cannot pay, no Sailors left, without a Capital Ship
	factYesNo               // a yes or no: "does diagonal count as adjacent?"
	factTie                 // a tie and how it is broken: "we both bid 4 silver"
)

// How much of its score a sentence keeps when it does not state a kind
// of fact the question asks for: a "how many" is not settled by a sentence
// without a number, nor a "how much does it cost" without a price; a "can
// I" is settled best by the sentence that says "cannot" or "only", then
// by one that says "can" or "may".
const (
	missNumber  = 0.6
	missCost    = 0.6
	missOrder   = 0.8
	missOutcome = 0.8
	missModal   = 0.7 // neither a restriction nor a permission
	// missNegated: a question about a case that is not ("can't afford
	// the upkeep", "no sailors left") is settled by the sentence that
	// says what happens then ("If they cannot pay ..."); measured on all
	// batches: 0.8 67.5%, 0.6 67.8%, 0.5 68.2%, 0.4 68.3% (losing two
	// more than it gains)
	missNegated = 0.5
	// missYesNo: a "does/is/are ..." question is settled by a sentence
	// that says what may or may not be ("You are only considered
	// adjacent ... when you are orthogonally adjacent"); measured on all
	// batches: 0.85 70.4%, 0.7 70.9%, 0.6 71.0% (from 70.3%, none lost)
	missYesNo = 0.7
	// missTie: a question about a tie ("tied on crystals", "we both
	// ended with 187") is settled by the sentence that says what breaks
	// it, not the one that says who wins; measured on all batches: 0.6
	// 69.9%, 0.4 70.4%, 0.3 70.4% (+1), from 69.5%, none lost
	missTie     = 0.4
	onlyAllowed = 0.9 // a permission, no restriction
	// localShare: a concept met by every sentence of the passage counts
	// this share of its weight in choosing among them (1: no discount).
	localShare = 0.4
)

// asks returns the kinds of fact question q asks for.
func asks(q string) int {
	ws := words(q)
	k := 0
	at := func(i int) string {
		if i >= 0 && i < len(ws) {
			return ws[i]
		}
		return ""
	}
	for i, w := range ws {
		if isNumber(w) || numberWords[w] && w != "more" && w != "less" && w != "fewer" {
			k |= factNumber // "can I have three ...": the count decides
		}
		switch w {
		case "how":
			switch at(i + 1) {
			case "many", "far", "long", "often", "big", "high":
				k |= factNumber
			case "much":
				k |= factNumber | factCost
			}
		case "max", "maximum", "min", "minimum", "limit", "most", "least", "cap", "capped", "number", "count":
			k |= factNumber
		case "cost", "costs", "price", "pay", "afford", "buy", "spend", "expensive", "cheap", "fee", "fees", "upkeep":
			k |= factCost
		case "can", "may", "could", "allowed", "legal", "able", "cant", "cannot", "possible":
			if i < 4 || w == "allowed" || w == "legal" || w == "possible" {
				k |= factAllowed
			}
		case "have", "need", "must":
			if at(i+1) == "to" || w == "must" {
				k |= factAllowed
			}
		case "first", "order", "before", "after", "sequence", "next", "starts", "start", "begins":
			k |= factOrder
		case "happens", "happen", "now", "if", "when", "then", "instead":
			if w == "happens" || w == "happen" || w == "instead" || at(i-1) == "what" {
				k |= factOutcome
			}
		case "what":
			if p, n := at(i-1), at(i+1); p == "now" || p == "then" || n == "now" || n == "then" {
				k |= factOutcome // "can't afford it, now what?"
			}
		case "who", "which":
			if at(i+1) == "goes" || at(i+1) == "moves" || at(i+1) == "acts" || at(i+1) == "first" {
				k |= factOrder
			}
		}
	}
	if negated(q) {
		k |= factNegated
	}
	if tied(ws) {
		k |= factTie
	}
	if len(ws) > 0 && yesNoOpeners[ws[0]] {
		k |= factYesNo
	}
	return k
}

// tied reports whether question words ws tell of a tie: "tie", "tied",
// or "both" or "same" with a number ("we both bid 4", "the same 15").
func tied(ws []string) bool {
	both, num := false, false
	for _, w := range ws {
		switch {
		case tieWords[w]:
			return true
		case w == "both" || w == "same" || w == "equal":
			both = true
		case isNumber(w):
			num = true
		}
	}
	return both && num
}

var tieWords = map[string]bool{"tie": true, "tied": true, "ties": true, "tiebreak": true, "tiebreaker": true, "tiebreakers": true}

// negated reports whether text says a case is not: a "not", "no",
// "cannot", "-n't", "without", "never", "none", "unable".
func negated(text string) bool {
	for _, f := range strings.Fields(strings.ToLower(strings.NewReplacer("’", "'").Replace(text))) {
		f = strings.Trim(f, ",.;:!?()\"'")
		if strings.HasSuffix(f, "n't") || negWords[f] {
			return true
		}
	}
	return false
}

// yesNoOpeners open a question answered yes or no ("does ...", "is
// there ...").
var yesNoOpeners = map[string]bool{
	"does": true, "do": true, "is": true, "are": true, "will": true, "would": true, "should": true,
	"did": true, "was": true, "were": true,
}

var negWords = map[string]bool{
	"not": true, "no": true, "cannot": true, "cant": true, "dont": true, "doesnt": true, "wont": true,
	"isnt": true, "arent": true, "didnt": true, "without": true, "never": true, "none": true,
	"unable": true, "nor": true, "nothing": true, "zero": true, "0": true,
}

var (
	numberWords = map[string]bool{
		"one": true, "two": true, "three": true, "four": true, "five": true, "six": true,
		"seven": true, "eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true,
		"twice": true, "double": true, "half": true, "once": true, "maximum": true, "minimum": true,
		"unlimited": true, "more": true, "less": true, "fewer": true,
		// ordinals but "first" (which says an order): "equip a third card"
		"second": true, "third": true, "fourth": true, "fifth": true, "sixth": true,
	}
	costWords = map[string]bool{
		"pay": true, "pays": true, "paid": true, "paying": true, "cost": true, "costs": true,
		"spend": true, "spends": true, "spent": true, "price": true, "prices": true, "fee": true,
		"fees": true, "coin": true, "coins": true, "gold": true, "silver": true, "free": true,
		"sell": true, "sold": true, "receive": true, "receives": true, "gain": true, "gains": true,
	}
	limitWords = map[string]bool{
		"cannot": true, "cant": true, "not": true, "never": true, "only": true, "no": true,
		"must": true, "unless": true, "except": true, "exception": true, "required": true,
		"limit": true, "limited": true, "maximum": true, "instead": true, "nor": true,
	}
	allowedWords = map[string]bool{"can": true, "may": true, "allowed": true, "able": true, "choose": true, "optional": true}
	orderWords   = map[string]bool{
		"first": true, "then": true, "followed": true, "before": true, "after": true, "order": true,
		"last": true, "next": true, "begins": true, "starts": true, "sequentially": true, "finally": true,
		"priority": true, "clockwise": true, "turn": true,
	}
	outcomeWords = map[string]bool{"if": true, "when": true, "instead": true, "otherwise": true, "unless": true}
)

// traits returns the kinds of fact a sentence of words ws states.
func traits(ws []string) int {
	t := 0
	for _, w := range ws {
		if isNumber(w) || numberWords[w] {
			t |= factNumber
		}
		if costWords[w] {
			t |= factCost
		}
		if limitWords[w] {
			t |= factLimit
		}
		if allowedWords[w] {
			t |= factAllowed
		}
		if orderWords[w] {
			t |= factOrder
		}
		if outcomeWords[w] {
			t |= factOutcome
		}
		if tieWords[w] {
			t |= factTie
		}
	}
	return t
}

// factFit is the share of its score a sentence with traits t keeps for a
// question that asks for k.
func factFit(k, t int) float64 {
	v := 1.0
	for _, m := range [...]struct {
		f    int
		miss float64
	}{{factNumber, missNumber}, {factCost, missCost}, {factOrder, missOrder}, {factOutcome, missOutcome}, {factNegated, missNegated}, {factTie, missTie}} {
		if k&m.f != 0 && t&m.f == 0 {
			v *= m.miss
		}
	}
	if k&factYesNo != 0 && k&factAllowed == 0 && t&(factLimit|factAllowed) == 0 {
		v *= missYesNo
	}
	if k&factAllowed != 0 {
		switch {
		case t&factLimit != 0:
		case t&factAllowed != 0:
			v *= onlyAllowed
		default:
			v *= missModal
		}
	}
	return v
}

// The question's own numbers: "rolled a 2 on treacherous seas", "fleet
// strength 24, upkeep?", "3 of us playing": the sentence that settles it
// states that number, or a range or threshold that holds it ("On a result
// of 1-3", "20 or more → 5 OC", "With 3 players"), where its neighbours
// state other numbers.
//
// numberConcept: the question's numbers are one more concept, weighing
// this share of its average concept (a table row "126-150 Rent-a-Bard"
// holds 140 and none of the question's words). Measured: the share 1.0
// and a factor 1.5 for a sentence holding the number, 0.85 for one
// stating other numbers, did worse (the "three" of "can I have three
// Loot cards" is denied by the sentence that says two).
const numberConcept = 0.5

var numberValues = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}

// questionNumbers returns the numbers question q states (digits or
// number words up to twelve).
func questionNumbers(q string) []int {
	var ns []int
	for _, w := range words(q) {
		if v, ok := numberValues[w]; ok {
			ns = append(ns, v)
		} else if isNumber(w) && len(w) <= 4 {
			ns = append(ns, atoi(w))
		}
	}
	return ns
}

func atoi(w string) int {
	n := 0
	for i := 0; i < len(w); i++ {
		n = n*10 + int(w[i]-'0')
	}
	return n
}

// span is a range of numbers a sentence states: an exact number (lo ==
// hi), a range ("1-3", "4 to 6"), a threshold ("10 or more": hi < 0) or
// a cap ("up to 10", "5 or fewer": lo 0).
type span struct{ lo, hi int }

const openEnd = -1

// sentenceSpans returns the numbers and ranges sentence s states.
func sentenceSpans(s string) []span {
	// "1-3": words() would split the range at its hyphen
	var out []span
	fs := strings.Fields(strings.NewReplacer("–", "-").Replace(s))
	for i, f := range fs {
		a, b, ok := strings.Cut(strings.Trim(f, ",.;:()"), "-")
		if ok && isNumber(a) && isNumber(b) && len(a) <= 3 && len(b) <= 3 && atoi(b) > atoi(a) {
			out = append(out, span{atoi(a), atoi(b)})
			fs[i] = "range"
		}
	}
	ws := words(strings.NewReplacer("+", " plus ").Replace(strings.Join(fs, " ")))
	num := func(i int) (int, bool) {
		if i < 0 || i >= len(ws) {
			return 0, false
		}
		if v, ok := numberValues[ws[i]]; ok {
			return v, true
		}
		if isNumber(ws[i]) && len(ws[i]) <= 4 {
			return atoi(ws[i]), true
		}
		return 0, false
	}
	at := func(i int) string {
		if i >= 0 && i < len(ws) {
			return ws[i]
		}
		return ""
	}
	for i := 0; i < len(ws); i++ {
		v, ok := num(i)
		if !ok {
			continue
		}
		switch {
		case at(i+1) == "to" || at(i+1) == "through":
			if b, ok := num(i + 2); ok && b > v {
				out = append(out, span{v, b})
				i += 2
				continue
			}
		case at(i+1) == "or" && (at(i+2) == "more" || at(i+2) == "higher" || at(i+2) == "greater" || at(i+2) == "above"),
			at(i+1) == "plus":
			out = append(out, span{v, openEnd})
			continue
		case at(i+1) == "or" && (at(i+2) == "less" || at(i+2) == "fewer" || at(i+2) == "lower" || at(i+2) == "below"),
			at(i-1) == "to" && at(i-2) == "up", at(i-1) == "most" && at(i-2) == "at",
			at(i-1) == "than" && at(i-2) == "more" && at(i-3) == "no",
			at(i-1) == "of" && (at(i-2) == "maximum" || at(i-2) == "max"), at(i-1) == "maximum" || at(i-1) == "max":
			out = append(out, span{0, v})
			continue
		case at(i-1) == "least" && at(i-2) == "at":
			out = append(out, span{v, openEnd})
			continue
		}
		out = append(out, span{v, v})
	}
	return out
}

// numberHits reports for each sentence (its spans) whether one of its
// spans holds one of the question's numbers qs; of thresholds, only the
// highest that holds it counts (fleet strength 24 is "20 or more", not
// "10 or more").
func numberHits(qs []int, spans [][]span) []bool {
	hit := make([]bool, len(spans))
	best := map[int]int{} // question number -> highest threshold holding it
	for _, ss := range spans {
		for _, p := range ss {
			for _, q := range qs {
				if p.hi == openEnd && q >= p.lo {
					if b, ok := best[q]; !ok || p.lo > b {
						best[q] = p.lo
					}
				}
			}
		}
	}
	for k, ss := range spans {
		for _, p := range ss {
			for _, q := range qs {
				if p.hi == openEnd && q >= p.lo && best[q] == p.lo || p.hi != openEnd && q >= p.lo && q <= p.hi {
					hit[k] = true
				}
			}
		}
	}
	return hit
}

// A question may ask two things ("how many rounds are left, and if we
// knock him off does the countdown stop?"); the answer line answers each
// (partAnswer). The question's clauses tell which words ask what.
//
// Measured and left: weighing down (0.4-0.8) the concepts of the clauses
// that only tell the situation ("my sea monster strength track is at 3.")
// in choosing the line; see docs/rules-search.md, issue #28's third pass.

// askingOpeners open a clause that asks: an auxiliary ("can I", "do we",
// "is it") or a question word.
var askingOpeners = map[string]bool{
	"can": true, "could": true, "may": true, "do": true, "does": true, "did": true, "is": true,
	"are": true, "am": true, "will": true, "would": true, "should": true, "must": true,
	"how": true, "what": true, "whats": true, "who": true, "whos": true, "which": true,
	"where": true, "why": true, "when": true, "whose": true,
}

// askWords are question words that make a clause ask wherever they
// stand ("and if i can't what happens").
var askWords = map[string]bool{
	"how": true, "what": true, "whats": true, "who": true, "whos": true, "which": true,
	"where": true, "why": true,
}

// askingWords reads the n words of q (as words(q) reads them) into
// clauses: each word's clause (-1: a clause that tells, not asks) and the
// asking clauses' texts. A clause asks when it ends with "?", opens with
// an auxiliary or question word, or holds a question word. Clauses end at
// ". ", "! ", "? ", "; ", a dash between spaces, and a comma before a
// clause that asks ("what does it cost, and what if I stay after that
// too?": two questions). It returns nil when the words do not line up
// with words(q).
func askingWords(q string, n int) (clause []int, asked []string) {
	start := 0
	flush := func(end int) {
		c := strings.TrimSpace(q[start:end])
		start = end
		ws := words(c)
		if len(ws) == 0 {
			return
		}
		// "can't pay the upkeep, ..." tells a case; "can I ..." asks
		fs := strings.Fields(strings.ToLower(c))
		lead := 0
		for lead < len(ws)-1 && lead < len(fs)-1 && joiners[ws[lead]] {
			lead++
		}
		a := strings.HasSuffix(c, "?") || askingOpeners[ws[lead]] && !strings.Contains(strings.NewReplacer("’", "'").Replace(fs[lead]), "n't")
		for _, w := range ws {
			a = a || askWords[w]
		}
		k := -1
		if a {
			k = len(asked)
			asked = append(asked, c)
		}
		for range ws {
			clause = append(clause, k)
		}
	}
	for i := 0; i < len(q); i++ {
		switch {
		case strings.ContainsRune(".!?;", rune(q[i])) && (i+1 == len(q) || q[i+1] == ' ' || q[i+1] == '\n'):
			j := i + 1
			for j < len(q) && strings.ContainsRune(".!?", rune(q[j])) {
				j++
			}
			flush(j)
			i = j - 1
		case q[i] == '\n':
			flush(i + 1)
		case i > 0 && q[i] == '-' && q[i-1] == ' ' && i+1 < len(q) && q[i+1] == ' ':
			flush(i + 1)
		case strings.HasPrefix(q[i:], "—") || strings.HasPrefix(q[i:], "–") && i > 0 && q[i-1] == ' ':
			flush(i)
		case q[i] == ',' && asksNext(q[i+1:]):
			flush(i + 1)
		}
	}
	flush(len(q))
	if len(clause) != n {
		return nil, nil
	}
	return clause, asked
}

// asksNext reports whether the text after a comma opens a clause that
// asks: an auxiliary or question word, after an "and", "or" or "but"
// and an "if" ("..., and if i can't what happens").
func asksNext(rest string) bool {
	ws := words(rest)
	for len(ws) > 0 && joiners[ws[0]] {
		ws = ws[1:]
	}
	return len(ws) > 0 && (askingOpeners[ws[0]] && ws[0] != "when" || ws[0] == "if")
}

// joiners open a clause that goes on from the one before ("and how
// ...", "or do I ...").
var joiners = map[string]bool{"and": true, "or": true, "but": true, "so": true, "then": true, "also": true}
