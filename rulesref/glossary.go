package rulesref

import (
	"sort"
	"strings"
)

// GlossaryEntry is a defined term. Quests & Cannons prints a glossary;
// for the other games the glossary is built from the rulebook's headings
// and bold lead-ins, defined by the first sentence of their text.
type GlossaryEntry struct {
	Game  string `json:"game"`
	Term  string `json:"term"`
	ID    string `json:"id"`
	Text  string `json:"text"`
	Print bool   `json:"printed"` // from a printed glossary
}

func (c *corpus) glossaryEntries(games []string) []GlossaryEntry {
	want := map[string]bool{}
	for _, g := range games {
		want[g] = true
	}
	printed := map[int]bool{}
	for i := range c.Secs {
		if c.Secs[i].Kind == KindGlossary {
			printed[c.Secs[i].GameIdx] = true
		}
	}
	var out []GlossaryEntry
	seen := map[string]bool{}
	for i := range c.Secs {
		e := &c.Secs[i]
		g := Games[e.GameIdx]
		if len(want) > 0 && !want[g] || !e.searchable() || e.isNote() || e.summary {
			continue
		}
		if printed[e.GameIdx] && e.Kind != KindGlossary {
			continue
		}
		term := e.Title
		if k := strings.Index(term, " ("); k > 0 && e.Kind == KindGlossary {
			term = term[:k]
		}
		term = strings.Trim(term, "'*")
		key := g + "/" + strings.ToLower(term)
		if seen[key] {
			continue
		}
		def := definition(e, c)
		if def == "" {
			continue
		}
		seen[key] = true
		out = append(out, GlossaryEntry{Game: g, Term: term, ID: e.ID, Text: def, Print: e.Kind == KindGlossary})
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Game != out[b].Game {
			return gameIndex(out[a].Game) < gameIndex(out[b].Game)
		}
		return strings.ToLower(out[a].Term) < strings.ToLower(out[b].Term)
	})
	return out
}

// definition is the first sentence of a section's text after its heading.
func definition(e *entry, c *corpus) string {
	lines := e.book(c).Lines()[e.Start:e.End]
	var body string
	if e.Kind == KindHeading {
		for _, l := range lines[1:] {
			if t := strings.TrimSpace(l); t != "" && !isTableLine(l) {
				body = strings.TrimSpace(reBullet.ReplaceAllString(t, ""))
				break
			}
		}
	} else {
		l := lines[0]
		if k := strings.Index(l, ": "); k >= 0 {
			body = strings.TrimSpace(l[k+2:])
		}
		if e.Kind == KindGlossary {
			return body
		}
	}
	if k := strings.Index(body, ". "); k > 0 {
		body = body[:k+1]
	}
	return body
}

func (c *corpus) glossary(term string, games []string) []GlossaryEntry {
	all := c.glossaryEntries(games)
	t := strings.ToLower(strings.TrimSpace(term))
	if t == "" {
		return all
	}
	var exact, part []GlossaryEntry
	for _, e := range all {
		lt := strings.ToLower(e.Term)
		switch {
		case lt == t || strings.TrimSuffix(lt, "s") == strings.TrimSuffix(t, "s"):
			exact = append(exact, e)
		case strings.Contains(lt, t):
			part = append(part, e)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	if len(part) > 0 {
		return part
	}
	// a misspelled term
	var near []GlossaryEntry
	for _, e := range all {
		if levenshtein(t, strings.ToLower(e.Term), 2) <= 2 {
			near = append(near, e)
		}
	}
	return near
}
