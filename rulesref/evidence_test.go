package rulesref

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDisplaySentences(t *testing.T) {
	assert.Equal(t, []string{
		"If Boarding Battle (e.g. sword duels) was declared, roll.",
		"Officers do not count (i.e. they stay).",
		"3 dice at most!",
		"Then stop.",
	}, displaySentences("If Boarding Battle (e.g. sword duels) was declared, roll. Officers do not count (i.e. they stay). 3 dice at most! Then stop."))
}

// TestAnswerSentence: each result names the sentence of its text that
// settles the question, verbatim, and a window cut from a longer section
// says where it was cut.
func TestAnswerSentence(t *testing.T) {
	for q, want := range map[string]string{
		"in the npc phase who goes first, pirates or the monsters?": "Pirate Ships move first, followed by other NPC Ships, then Sea Monsters last.",
		"how many actions per turn in war for atraxia":              "On each turn, a Clan Leader may perform any two Active Actions.",
		"can pirates shoot at me while im at the tavern":            "Pirate Ships will not attack Player Ships stopped at a Tavern",
	} {
		rs := Search(q, SearchOptions{Limit: 3})
		found := false
		for _, r := range rs {
			require.NotEmpty(t, r.Answer, q)
			for _, piece := range strings.Split(r.Answer, AnswerGap) {
				assert.Contains(t, r.Text, piece, q)
			}
			if strings.Contains(r.Answer, want) {
				found = true
			}
		}
		assert.True(t, found, "%q: no answer holds %q", q, want)
	}
	var cut bool
	for _, id := range AllIDs() {
		i, _ := builtin().find(id)
		e := &builtin().Secs[i]
		if len(e.ownText(builtin())) <= maxWindow {
			continue
		}
		for d := int32(0); int(d) < len(builtin().ix.DocSec); d++ {
			if int(builtin().ix.DocSec[d]) != i {
				continue
			}
			text, before, after := builtin().passageWindow(d)
			full := e.ownText(builtin())
			assert.Equal(t, before, !strings.HasPrefix(full, text), id)
			assert.Equal(t, after, !strings.HasSuffix(strings.TrimSpace(full), strings.TrimSpace(text)), id)
			cut = cut || before || after
		}
	}
	assert.True(t, cut, "some window is cut")
}
