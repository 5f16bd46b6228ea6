package rulesref

import (
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every block of data/questions.txt names a passage of the shipped
// rulebooks (section, passage number and opening): when the rulebooks or
// the passage splitting change, the questions must be moved with them.
func TestQuestionsAttach(t *testing.T) {
	blocks := expansionBlocks() // data/questions.txt and data/players.txt
	used := map[string]int{}
	eachPassage(parseAll(), func(e *entry, ord int, body string) {
		used[e.ID] += len(passageBlocks(blocks, e.ID, ord, body))
	})
	n := 0
	for id, bs := range blocks {
		n += len(bs)
		assert.Equalf(t, len(bs), used[id], "section %s: blocks that attach to no passage (moved or changed text?)", id)
		for _, b := range bs {
			assert.NotEmptyf(t, b.qs, "section %s #%d: a block without questions", id, b.ord)
		}
	}
	require.Greater(t, n, 800, "most passages have questions")
	players := 0
	for _, bs := range parseQuestions(playersText) {
		players += len(bs)
	}
	require.Greater(t, players, 300, "the players' questions attach too")
}

// The players' questions are indexed, but their words do not join the
// words the typo corrector knows: a misspelling only a player wrote
// ("immediatly") is still corrected, and a word only players used is
// not a rulebook word.
func TestPlayersWordsNotVocabulary(t *testing.T) {
	known := map[string]bool{}
	for _, bs := range parseQuestions(questionsText) {
		for _, b := range bs {
			for _, q := range b.qs {
				for _, w := range words(q) {
					known[w] = true
				}
			}
		}
	}
	for _, g := range Games {
		for _, w := range words(rulebookText(g)) {
			known[w] = true
		}
	}
	ix := builtin().ix
	only := 0
	for _, bs := range parseQuestions(playersText) {
		for _, b := range bs {
			for _, q := range b.qs {
				for _, w := range words(q) {
					if known[w] || stopWords[w] || len(w) < 3 || isNumber(w) {
						continue
					}
					only++
					_, ok := ix.surf(w)
					assert.Falsef(t, ok, "%q (only in a player's question %q) is a known word", w, q)
				}
			}
		}
	}
	require.Greater(t, only, 10, "the players' questions hold words of their own")
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

// Every "= " header of data/questions.txt parses into a block (a header
// that fails to parse would drop its questions silently).
func TestQuestionsHeadersParse(t *testing.T) {
	for _, text := range []string{questionsText, playersText} {
		n := 0
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "= ") {
				n++
			}
		}
		got := 0
		for _, bs := range parseQuestions(text) {
			got += len(bs)
		}
		assert.Equal(t, n, got)
	}
}

// A decoded index made growable (as `bosun rules add` does before adding
// a manual's sections) ranks exactly as the prebuilt one: its term
// sequences, questions, postings and model sizes survive the decoding.
// Asked: a fixed-seed sample of the dev set, four questions of every batch
// and game (every question with BOSUN_EXHAUSTIVE=1).
func TestGrownIndexRanksAlike(t *testing.T) {
	t.Parallel()
	a, ok := decodeAll(prebuilt)
	require.True(t, ok)
	b, ok := decodeAll(prebuilt)
	require.True(t, ok)
	b.ix.ensureMaps()
	b.ix.finish(b)
	for _, dc := range sampleDev(loadDevSet(t), 4, 4) {
		ra := a.search(dc.Q, SearchOptions{Limit: 3})
		rb := b.search(dc.Q, SearchOptions{Limit: 3})
		require.Equalf(t, len(ra), len(rb), "%q", dc.Q)
		for i := range ra {
			assert.Equalf(t, ra[i].ID, rb[i].ID, "%q #%d", dc.Q, i+1)
			assert.InDeltaf(t, ra[i].Score, rb[i].Score, 1e-6*math.Max(1, ra[i].Score), "%q #%d", dc.Q, i+1)
		}
	}
}

// Searches may run concurrently on one corpus while it decodes postings
// on first use (run with -race).
func TestConcurrentFirstSearches(t *testing.T) {
	c, ok := decodeAll(prebuilt)
	require.True(t, ok)
	cs := loadDevSet(t)
	want := make([]string, 16)
	for i := range want {
		if r := builtin().search(cs[i*7].Q, SearchOptions{Limit: 1}); len(r) > 0 {
			want[i] = r[0].ID
		}
	}
	var wg sync.WaitGroup
	got := make([]string, len(want))
	for i := range want {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := c.search(cs[i*7].Q, SearchOptions{Limit: 1}); len(r) > 0 {
				got[i] = r[0].ID
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, want, got)
}
