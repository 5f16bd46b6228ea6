package rulesref

import "strings"

// Sentence evidence: a rule usually settles a question in one or two
// sentences. The result names them (Result.Answer) so that the player
// reads them first; the passage follows.

// answerKindBonus is what a sentence gains over another of equal
// coverage when it states the kind of thing asked for (an amount for a
// "how many", a permission for a "can I").
const answerKindBonus = 0.1

// answerPairGain: two consecutive sentences of a line are shown together
// when together they meet at least this much more of the question than
// the better one alone.
const answerPairGain = 0.2

// answerSentence returns the sentence (or two consecutive sentences of
// one line) of text that meets the most of the question's concepts, and
// the line of text it is on (0-based), or "" when no sentence meets any.
// Ties go to the sentence that states the kind of statement asked for,
// then to the earlier one. Heading lines (no end punctuation, fewer than
// five words) are left out.
func (c *corpus) answerSentence(text string, pq *parsedQuery, kind int) (string, int) {
	bits := conceptBits(pq)
	type sent struct {
		s          string
		line       int
		full, part uint32
		flags      int32
	}
	var ss []sent
	for ln, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		for _, s := range displaySentences(line) {
			ws := words(s)
			if len(ws) < 5 && !strings.ContainsAny(s[len(s)-1:], ".?!:") {
				continue // a heading
			}
			x := sent{s: s, line: ln, flags: sentenceFlags(ws)}
			for _, w := range ws {
				if stopWords[w] {
					continue
				}
				if id, ok := c.ix.surf(w); ok {
					if b, ok := bits[id]; ok {
						x.full |= b[0]
						x.part |= b[1]
					}
				}
			}
			ss = append(ss, x)
		}
	}
	score := func(full, part uint32, flags int32) float64 {
		v := pq.coverage(hit{full: full, part: part &^ full})
		if kind&askAmount != 0 && flags&sentAmount != 0 || kind&askAllowed != 0 && flags&sentModal != 0 {
			v += answerKindBonus
		}
		return v
	}
	best, bestV := -1, 0.0
	for k, x := range ss {
		if v := score(x.full, x.part, x.flags); v > bestV {
			best, bestV = k, v
		}
	}
	if best < 0 {
		return "", 0
	}
	b := ss[best]
	for _, k := range []int{best - 1, best + 1} {
		if k < 0 || k >= len(ss) || ss[k].line != b.line {
			continue
		}
		o := ss[k]
		if v := score(b.full|o.full, b.part|o.part, b.flags|o.flags); v >= bestV+answerPairGain {
			if k < best {
				return o.s + " " + b.s, b.line
			}
			return b.s + " " + o.s, b.line
		}
	}
	return b.s, b.line
}

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
