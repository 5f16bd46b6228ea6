package rulesref

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEveryTOCEntryIsASection(t *testing.T) {
	for _, g := range Games {
		b := parseBook(g, rulebookText(g))
		titles := map[string]bool{}
		for _, s := range b.Secs {
			titles[slugify(s.Title)] = true
		}
		for _, e := range b.TOC {
			assert.Truef(t, titles[slugify(e.Title)], "%s: contents entry %q is not a section", g, e.Title)
		}
	}
	// Misty Waters and Rolling Seas print a table of contents.
	assert.NotEmpty(t, parseBook("misty-waters", rulebookText("misty-waters")).TOC)
	assert.NotEmpty(t, parseBook("rolling-seas", rulebookText("rolling-seas")).TOC)
}

func TestNoLineIsLost(t *testing.T) {
	for _, g := range Games {
		text := rulebookText(g)
		b := parseBook(g, text)
		var sb strings.Builder
		next := 0
		for _, s := range b.Secs {
			require.Equalf(t, next, s.Start, "%s: sections must tile the file", g)
			require.Greater(t, s.End, s.Start)
			sb.WriteString(strings.Join(b.Lines()[s.Start:s.End], "\n") + "\n")
			next = s.End
		}
		require.Equal(t, len(b.Lines()), next)
		assert.Equalf(t, strings.TrimRight(text, "\n")+"\n", sb.String(), "%s: the sections together are the file", g)
	}
}

func TestIDsUniqueAndScheme(t *testing.T) {
	seen := map[string]bool{}
	for _, id := range AllIDs() {
		require.False(t, seen[id], "duplicate id %s", id)
		seen[id] = true
		parts := strings.Split(id, "/")
		require.GreaterOrEqual(t, len(parts), 2)
		require.Contains(t, Games, parts[0])
		for _, p := range parts[1:] {
			assert.Equal(t, slugify(p), p, "id %s", id)
		}
	}
	// examples from the brief and the rulebooks
	for _, id := range []string{
		"misty-waters/step-4b-boarding-battle",
		"misty-waters/step-4a-broadside-battle",
		"misty-waters/rounds-and-phases/phase-2-npc-movement-and-attack-phase",
		"misty-waters/phase-2-npc-movement-and-attack-phase", // alias of the main one
		"misty-waters/bases/weather-refuge",
		"misty-waters/taverns/no-battles",
		"misty-waters/battles/step-4b-boarding-battle", // full-path alias
		"rolling-seas/iii-action-phase/1-sail",
		"war-for-atraxia/upkeep-cost",
		"quests-and-cannons/treacherous-sea", // glossary entry without its page
	} {
		assert.Truef(t, Exists(id), "%s", id)
	}
	c, _ := Canonical("misty-waters/phase-2-npc-movement-and-attack-phase")
	assert.Equal(t, "misty-waters/rounds-and-phases/phase-2-npc-movement-and-attack-phase", c)
	assert.False(t, Exists("misty-waters/no-such-section"))
	s, ok := Section("misty-waters/step-4b-boarding-battle")
	require.True(t, ok)
	assert.Equal(t, "Battles > Step 4B: Boarding Battle", s.Path)
	assert.Contains(t, s.Children, "misty-waters/duel-arrangement")
	assert.Equal(t, "Battles > Step 4B: Boarding Battle (misty-waters/step-4b-boarding-battle)", Cite("misty-waters/step-4b-boarding-battle"))
}

func TestErrataLinks(t *testing.T) {
	es := Errata("misty-waters")
	byID := map[string]ErrataEntry{}
	for _, e := range es {
		byID[e.ID] = e
	}
	p37 := byID["misty-waters/page-37-boarding-battle-duel-arrangement-and-rerolls"]
	assert.Contains(t, p37.Amends, "misty-waters/duel-arrangement")
	assert.Contains(t, p37.Amends, "misty-waters/step-4b-boarding-battle/rerolls-and-action-cards")
	assert.Equal(t, []string{
		"A second-row dice will add its number to the total in that individual duel",
		"A single die cannot ever exceed the value of 6",
	}, p37.Reading)
	p22 := byID["misty-waters/page-22-event-cards"]
	assert.Contains(t, p22.Amends, "misty-waters/event-cards")
	assert.Contains(t, p22.Amends, "misty-waters/step-1-pirate-ship-movement")
	for _, e := range es {
		assert.NotEmptyf(t, e.Amends, "%s is linked to a section", e.ID)
	}
	ga := byID["misty-waters/conquistador-s-galleass-under-player-command"]
	assert.Contains(t, ga.Amends, "misty-waters/acquiring-the-galleass")
	s, _ := Section("misty-waters/duel-arrangement")
	require.NotEmpty(t, s.Notes)
	assert.Equal(t, "errata", s.Notes[0].Kind)
}

func TestPrebuiltIndexIsFresh(t *testing.T) {
	assert.True(t, bytes.Equal(prebuilt, BuildIndexData()), "data/index.bin is stale: run go generate ./rulesref/")
}

func TestGlossary(t *testing.T) {
	es := Builtin().Glossary("prosperity", "quests-and-cannons")
	require.NotEmpty(t, es)
	assert.True(t, es[0].Print)
	for _, g := range Games {
		assert.NotEmptyf(t, Builtin().Glossary("", g), "%s has a glossary", g)
	}
	es = Builtin().Glossary("weather refuge", "misty-waters")
	require.NotEmpty(t, es)
}

func TestParagraphsAndPassage(t *testing.T) {
	rs := Search("how do ambush sea battles get resolved", SearchOptions{Games: []string{"rolling-seas"}, Limit: 5})
	require.NotEmpty(t, rs)
	for _, r := range rs {
		assert.LessOrEqual(t, len(r.Text), maxWindow, "%s: a passage, not a chapter", r.ID)
		s, _ := Section(r.ID)
		assert.Contains(t, s.Full, r.Text, "text is exactly as in the rulebook")
	}
}

func TestDecodedEqualsParsed(t *testing.T) {
	d, ok := decodeAll(prebuilt)
	require.True(t, ok)
	p := parseAll()
	require.Equal(t, len(p.Secs), len(d.Secs))
	for i := range p.Secs {
		a, b := p.Secs[i], d.Secs[i]
		assert.Equal(t, a.ID, b.ID)
		assert.Equal(t, a.ownText(p), b.ownText(d))
		assert.Equal(t, a.path(p), b.path(d))
	}
}

func TestQALinksAndNewSections(t *testing.T) {
	for note, ids := range qaLinks {
		require.Truef(t, Exists(note), "qaLinks: no entry %s", note)
		for _, id := range ids {
			assert.Truef(t, Exists(id), "qaLinks[%s]: no section %s", note, id)
		}
	}
	// lead-ins that are not strictly Title Case, FAQ questions and headings
	// with an editorial note are sections of their own
	for _, id := range []string{
		"misty-waters/waves-have-washed-up-a-castaway",
		"rolling-seas/spend-2-ship-tokens-and-choose-an-action",
		"misty-waters/ship-type-summary",
		"quests-and-cannons/can-i-use-my-sails-to-start-moving",
		"misty-waters/why-is-my-fleet-limited-to-two-ships",
	} {
		assert.Truef(t, Exists(id), "section %s", id)
	}
	s, ok := Section("quests-and-cannons/sails")
	require.True(t, ok)
	require.NotEmpty(t, s.Notes, "the FAQ answer is shown under the rule it clarifies")
	assert.Equal(t, "quests-and-cannons/can-i-use-my-sails-to-start-moving", s.Notes[0].ID)
	c, _ := Section("misty-waters/waves-have-washed-up-a-castaway")
	assert.Equal(t, "lead-in", c.Kind)
	assert.Contains(t, c.Text, "1 Raft token is placed on the Whirlpool")
}

// TestPassagesAreRulebookText: every passage a dev-set question gets is a
// contiguous slice of its rulebook, exactly as printed, and small enough
// to read at the table.
func TestPassagesAreRulebookText(t *testing.T) {
	t.Parallel()
	top3 := devResults(t)
	for i, c := range loadDevSet(t) {
		for _, r := range top3[i] {
			assert.Containsf(t, rulebookText(r.Game), r.Text, "%q: %s", c.Q, r.ID)
			assert.LessOrEqualf(t, len(r.Text), maxWindow, "%q: %s is a passage, not a chapter", c.Q, r.ID)
			s, _ := Section(r.ID)
			assert.Containsf(t, s.Full, r.Text, "%q: %s", c.Q, r.ID)
		}
	}
}

func TestSectionPassagesTile(t *testing.T) {
	c := builtin()
	for i := range c.Secs {
		e := &c.Secs[i]
		ps := sectionPassages(e.book(c).Lines(), e.Start, e.End)
		require.NotEmpty(t, ps)
		assert.Equal(t, e.Start, ps[0][0], e.ID)
		assert.Equal(t, e.End, ps[len(ps)-1][1], e.ID)
		for k := 1; k < len(ps); k++ {
			assert.Equal(t, ps[k-1][1], ps[k][0], "%s: passages are contiguous", e.ID)
		}
	}
}
