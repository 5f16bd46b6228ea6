package rulesref

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every block of data/questions.txt names a passage of the shipped
// rulebooks (section, passage number and opening): when the rulebooks or
// the passage splitting change, the questions must be moved with them.
func TestQuestionsAttach(t *testing.T) {
	blocks := parseQuestions(questionsText)
	c := parseAll()
	used := map[string]int{}
	for si := range c.Secs {
		e := &c.Secs[si]
		if !e.searchable() {
			continue
		}
		lines := e.book(c).Lines
		for ord, p := range sectionPassages(lines, e.Start, e.End) {
			if qs := passageQuestions(blocks, e.ID, ord+1, joinLines(lines[p[0]:p[1]])); qs != nil {
				used[e.ID]++
			}
		}
	}
	n := 0
	for id, bs := range blocks {
		n += len(bs)
		assert.Equalf(t, len(bs), used[id], "section %s: blocks that attach to no passage (moved or changed text?)", id)
		for _, b := range bs {
			assert.NotEmptyf(t, b.qs, "section %s #%d: a block without questions", id, b.ord)
		}
	}
	require.Greater(t, n, 800, "most passages have questions")
}

// The questions are a second field of their passage: a word only they
// use is known to the search and finds that passage, and the prebuilt
// index holds the same field as one built from the text.
func TestQuestionsField(t *testing.T) {
	c := builtin()
	ix := c.ix
	found := 0
	for tid := range ix.Terms {
		if len(ix.post(int32(tid))) > 0 || len(ix.xpost(int32(tid))) != 1 || len(ix.Terms[tid]) < 6 {
			continue
		}
		d := ix.xpost(int32(tid))[0].Doc
		// the surface word the questions used
		var w string
		for k, s := range ix.Surface {
			if ix.SurfTo[k] == int32(tid) {
				w = s
				break
			}
		}
		if w == "" || stopWords[w] || synonymWords[w] || commonWord(w) {
			continue
		}
		r := Search(w, SearchOptions{Limit: 3, Games: []string{Games[c.Secs[ix.DocSec[d]].GameIdx]}})
		require.NotEmptyf(t, r, "%q (only in the questions of %s) finds nothing", w, c.Secs[ix.DocSec[d]].ID)
		var ids []string
		for _, x := range r {
			ids = append(ids, x.ID)
		}
		assert.Containsf(t, ids, c.Secs[ix.DocSec[d]].ID, "%q", w)
		if found++; found == 10 {
			break
		}
	}
	require.Equal(t, 10, found, "words only the questions use")
	built := buildIndex(parseAll())
	require.Equal(t, len(built.XLen), len(ix.XLen))
	for d := range ix.XLen {
		require.InDeltaf(t, built.XLen[d], ix.XLen[d], 0.01, "doc %d", d)
	}
	assert.False(t, strings.Contains(questionsText, "\t"), "no tabs")
}
