package rulesref

import (
	"strings"

	"github.com/kljensen/snowball/english"
)

// stopWords are dropped from documents and queries: English function words
// and the filler of table talk ("hey, what happens if...").
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are aren't as at
be because been before being below between both but by can can't cannot could couldn't did didn't do does
doesn't doing don't down during each few for from further had hadn't has hasn't have haven't having he he'd
he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it
it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours
ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than that that's the
their theirs them themselves then there there's these they they'd they'll they're they've this those through
to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's where
where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're you've your
yours yourself yourselves s t d ll re ve m
hey hi guys gonna wanna gotta okay ok yeah yes please thanks thank just really actually basically like get
got getting happens happen happened happening rule rules rulebook say says said allowed allow allows
anyone someone somebody anybody something anything thing things kind sort way even also still ever
whats hows wheres theres im ive id dont doesnt cant isnt wont ya u ur lol pls plz exactly much many
tell know mean means question wondering wonder supposed need needs bit okay`) {
		m[w] = true
	}
	return m
}()

// stemCache avoids stemming a word twice.
type stemmer struct{ cache map[string]string }

func newStemmer() *stemmer { return &stemmer{cache: map[string]string{}} }

func (s *stemmer) stem(w string) string {
	if st, ok := s.cache[w]; ok {
		return st
	}
	st := w
	if base, ok := irregular[w]; ok {
		w = base
	}
	if len(w) > 2 && !isNumber(w) {
		st = english.Stem(w, false)
	}
	s.cache[w] = st
	return st
}

func isNumber(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// words splits text into lowercase words of letters and digits. Apostrophes
// inside words are dropped ("player's" -> "players").
func words(text string) []string {
	var out []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			cur = append(cur, c)
		case c >= 'A' && c <= 'Z':
			cur = append(cur, c+32)
		case c == '\'' && len(cur) > 0 && i+1 < len(text) && isLetter(text[i+1]):
			// "player's" -> "player", "it's" -> "it"
			j := i + 1
			for j < len(text) && isLetter(text[j]) {
				j++
			}
			if j-i-1 <= 2 {
				flush()
				i = j - 1
			}
		case c == 0xE2 && i+2 < len(text) && text[i+1] == 0x80 && text[i+2] == 0x99: // ’
			flush()
			j := i + 3
			for j < len(text) && isLetter(text[j]) {
				j++
			}
			if j-i-3 <= 2 {
				i = j - 1
			} else {
				i += 2
			}
		default:
			flush()
		}
	}
	flush()
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// normPhrase lowercases s and reduces it to single-spaced words, for
// phrase matching.
func normPhrase(s string) string { return " " + strings.Join(words(s), " ") + " " }

// levenshtein returns the edit distance of a and b, giving up above max.
func levenshtein(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	pp := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := prev[j-1] + cost
			if prev[j]+1 < v {
				v = prev[j] + 1
			}
			if cur[j-1]+1 < v {
				v = cur[j-1] + 1
			}
			// a transposition counts as one edit
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] && pp[j-2]+1 < v {
				v = pp[j-2] + 1
			}
			cur[j] = v
			if v < best {
				best = v
			}
		}
		if best > max {
			return max + 1
		}
		pp, prev, cur = prev, cur, pp
	}
	return prev[len(b)]
}

// irregular maps irregular verb forms to their base, which the Snowball
// stemmer leaves apart ("drew" and "draw", "sank" and "sink").
var irregular = map[string]string{
	"drew": "draw", "drawn": "draw", "sank": "sink", "sunk": "sink", "won": "win",
	"lost": "lose", "fought": "fight", "paid": "pay", "bought": "buy", "took": "take",
	"taken": "take", "gave": "give", "given": "give", "held": "hold", "sold": "sell",
	"chose": "choose", "chosen": "choose", "stole": "steal", "stolen": "steal",
	"began": "begin", "begun": "begin", "fell": "fall", "fallen": "fall", "kept": "keep",
	"threw": "throw", "thrown": "throw", "spent": "spend", "built": "build", "dealt": "deal",
	"went": "go", "gone": "go", "came": "come", "ran": "run", "wrote": "write",
	"written": "write", "rode": "ride", "hid": "hide", "hidden": "hide", "shot": "shoot",
	"struck": "strike", "met": "meet", "lay": "lie", "brought": "bring", "caught": "catch",
	"sent": "send", "rolled": "roll", "rerolled": "reroll", "bid": "bid",
}
