package rulesref

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// Document expansion ("doc2query"): for each passage of the shipped
// rulebooks, data/questions.txt holds questions a player at the table
// would ask that the passage answers, written in players' words from the
// rulebook alone (never from a test question). They are indexed as a
// second field of the passage (index.XPost), so that "can they shoot me
// while I'm tied up at the tavern" meets the passage that says "Player
// Ships in a Tavern cannot be attacked" through the words players use.
// The field never supplies text: results are always the rulebook's
// words. See docs/rules-search.md.
//
// Format: a block per passage,
//
//	= <section id> #<passage number in the section, from 1> | <the passage's first characters>
//	a question
//	another question
//
// The anchor (the passage's opening, up to anchorLen characters) ties a
// block to its passage; a block whose passage changed is not used (a
// test checks that every block is).
//
//go:embed data/questions.txt
var questionsText string

// playersText holds, in the same format, the questions of the outsiders'
// batches (players who saw only the rulebooks), each under the passage
// that holds its answering sentence: real table phrasings of the rules
// players actually ask about. Written by `go run
// ./rulesref/internal/train -expand SETS`; see docs/rules-search.md.
//
//go:embed data/players.txt
var playersText string

// expansionBlocks are the blocks the index is built from: the written
// questions', then the players'.
func expansionBlocks() map[string][]xblock {
	blocks := parseQuestions(questionsText)
	for id, bs := range parseQuestions(playersText) {
		for i := range bs {
			bs[i].players = true
		}
		blocks[id] = append(blocks[id], bs...)
	}
	return blocks
}

const anchorLen = 48

type xblock struct {
	ord    int
	anchor string
	qs     []string
	// players: a block of playersText. Its words are indexed but do not
	// join the vocabulary of known words (the typo corrector's): the
	// players' own misspellings ("immediatly", "teh") must still be
	// corrected, not matched as words of the rulebooks.
	players bool
}

// parseQuestions returns the expansion blocks by section id.
func parseQuestions(s string) map[string][]xblock {
	out := map[string][]xblock{}
	var cur *xblock
	var id string
	flush := func() {
		if cur != nil {
			out[id] = append(out[id], *cur)
		}
		cur = nil
	}
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "= "):
			flush()
			head, anchor, _ := strings.Cut(l[2:], " | ")
			sid, ord, _ := strings.Cut(strings.TrimSpace(head), " #")
			n, err := strconv.Atoi(ord)
			if err != nil {
				continue
			}
			id = sid
			cur = &xblock{ord: n, anchor: anchor}
		case cur != nil:
			cur.qs = append(cur.qs, l)
		}
	}
	flush()
	return out
}

// passageAnchor is the opening of a passage that its block names.
func passageAnchor(body string) string {
	body = strings.Join(strings.Fields(body), " ")
	if len(body) > anchorLen {
		body = body[:anchorLen]
		for len(body) > 0 && body[len(body)-1]&0xC0 == 0x80 {
			body = body[:len(body)-1] // not in the middle of a UTF-8 rune
		}
		if len(body) > 0 && body[len(body)-1] >= 0xC0 {
			body = body[:len(body)-1]
		}
	}
	return strings.TrimSpace(body)
}

// passageBlocks returns the blocks naming the ord-th passage (from 1) of
// section id whose text is body, in file order.
func passageBlocks(blocks map[string][]xblock, id string, ord int, body string) []xblock {
	a := passageAnchor(body)
	var out []xblock
	for _, b := range blocks[id] {
		if b.ord == ord && b.anchor == a {
			out = append(out, b)
		}
	}
	return out
}

// PassageHeads returns the block heads ("<id> #<passage> | <opening>") of
// every passage of the shipped rulebooks whose text holds snippet
// (spacing ignored), in rulebook order. The passages are split and their
// spacing folded once, on the first call (the training tool asks for
// thousands of snippets).
func PassageHeads(snippet string) []string {
	snippet = strings.Join(strings.Fields(snippet), " ")
	var out []string
	for _, p := range builtinPassages() {
		if strings.Contains(p.text, snippet) {
			out = append(out, p.head)
		}
	}
	return out
}

// headedPassage is a passage of the shipped rulebooks: its block head and
// its text with spacing folded.
type headedPassage struct{ head, text string }

var builtinPassages = sync.OnceValue(func() []headedPassage {
	var ps []headedPassage
	eachPassage(builtin(), func(e *entry, ord int, body string) {
		ps = append(ps, headedPassage{e.ID + " #" + strconv.Itoa(ord) + " | " + passageAnchor(body), strings.Join(strings.Fields(body), " ")})
	})
	return ps
})

// eachPassage calls f with every passage of c's searchable sections, in
// rulebook order: its section, its number in the section (from 1) and
// its text.
func eachPassage(c *corpus, f func(e *entry, ord int, body string)) {
	for si := range c.Secs {
		e := &c.Secs[si]
		if !e.searchable() {
			continue
		}
		lines := e.book(c).Lines()
		for ord, p := range sectionPassages(lines, e.Start, e.End) {
			f(e, ord+1, joinLines(lines[p[0]:p[1]]))
		}
	}
}
