package rulesref

import (
	"fmt"
	"strings"
	"sync"
)

var (
	defOnce sync.Once
	defC    *corpus
)

// builtin returns the corpus of the shelved rulebooks, parsed once.
func builtin() *corpus {
	defOnce.Do(func() { shelf(); defC = loadBuiltin() })
	return defC
}

// loadBuiltin parses the rulebooks and loads the prebuilt index (or
// builds it when the rulebooks changed since `go generate`).
func loadBuiltin() *corpus {
	if c, ok := decodeAll(prebuilt); ok {
		return c
	}
	c := parseAll()
	c.ix = buildIndex(c)
	linkNotes(c)
	return c
}

// parseAll parses the shelved rulebooks.
func parseAll() *corpus {
	c := &corpus{}
	for _, g := range GameIDs() {
		c.addBook(parseBook(g, rulebookText(g)))
	}
	c.index()
	return c
}

// SectionInfo is a section of a rulebook.
type SectionInfo struct {
	Game     string   `json:"game"`
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Path     string   `json:"path"`
	Kind     string   `json:"kind"`
	Level    int      `json:"level"`
	Line     int      `json:"line"`
	Parent   string   `json:"parent,omitempty"`
	Children []string `json:"children"`
	// Text is the section's own text; Full adds its sub-sections.
	Text   string   `json:"text"`
	Full   string   `json:"full"`
	Errata []string `json:"errata"`
	Notes  []Note   `json:"notes,omitempty"`
	// Amends lists, for an errata or Q&A entry, the sections it amends.
	Amends []string `json:"amends,omitempty"`
	Manual string   `json:"manual,omitempty"`
}

func (c *corpus) info(i int) SectionInfo {
	e := &c.Secs[i]
	r := c.resultOf(i)
	s := SectionInfo{Game: r.Game, ID: e.ID, Title: e.Title, Path: r.Path, Kind: e.Kind, Level: e.Level,
		Line: e.Start + 1, Children: []string{}, Text: r.Text, Full: e.fullText(c), Errata: r.Errata,
		Notes: r.Notes, Manual: r.Manual}
	if e.Parent >= 0 {
		s.Parent = c.Secs[e.Parent].ID
	}
	for _, k := range e.Children {
		s.Children = append(s.Children, c.Secs[k].ID)
	}
	for _, k := range e.Amends {
		s.Amends = append(s.Amends, c.Secs[k].ID)
	}
	return s
}

// Section returns the section with this id (or an alias of it).
func Section(id string) (SectionInfo, bool) {
	c := builtin()
	i, ok := c.find(id)
	if !ok {
		return SectionInfo{}, false
	}
	return c.info(i), true
}

// Exists reports whether id names a section of the shipped rulebooks.
func Exists(id string) bool {
	_, ok := builtin().find(id)
	return ok
}

// Cite formats a citation of a section for a ruling: its title path and
// id, e.g. `Battles > Step 4B: Boarding Battle (misty-waters/step-4b-boarding-battle)`.
// An unknown id is returned as it is, marked unknown.
func Cite(id string) string {
	c := builtin()
	i, ok := c.find(id)
	if !ok {
		return id + " (unknown section)"
	}
	e := &c.Secs[i]
	return fmt.Sprintf("%s (%s)", e.path(c), e.ID)
}

// Canonical returns the canonical id of id or an alias of it.
func Canonical(id string) (string, bool) {
	c := builtin()
	i, ok := c.find(id)
	if !ok {
		return "", false
	}
	return c.Secs[i].ID, true
}

// AllIDs lists every section id of the shipped rulebooks in rulebook order.
func AllIDs() []string {
	c := builtin()
	out := make([]string, 0, len(c.Secs))
	for i := range c.Secs {
		out = append(out, c.Secs[i].ID)
	}
	return out
}

// Nearest suggests up to n ids close to an unknown id.
func Nearest(id string, n int) []string { return builtin().nearest(id, n) }

// Search ranks the passages of the shipped rulebooks for a question. No
// result means no passage answers it well enough.
func Search(q string, opt SearchOptions) []Result { return builtin().search(q, opt) }

// TOCEntry is a line of a table of contents.
type TOCEntry struct {
	Game  string `json:"game"`
	ID    string `json:"id"`
	Title string `json:"title"`
	Level int    `json:"level"`
	Path  string `json:"path"`
}

func (c *corpus) toc(games []string) []TOCEntry {
	want := map[string]bool{}
	for _, g := range games {
		want[g] = true
	}
	var out []TOCEntry
	for i := range c.Secs {
		e := &c.Secs[i]
		g := Games[e.GameIdx]
		if len(want) > 0 && !want[g] || !e.searchable() {
			continue
		}
		lvl := e.Level
		if c.Books[e.Book].User {
			lvl++
		}
		out = append(out, TOCEntry{Game: g, ID: e.ID, Title: e.Title, Level: lvl, Path: e.path(c)})
	}
	return out
}

// TOC lists the sections of the given games (all when none).
func TOC(games ...string) []TOCEntry { return builtin().toc(games) }

// ErrataEntry is an errata or official Q&A entry with the sections it amends.
type ErrataEntry struct {
	Note
	Game   string   `json:"game"`
	Amends []string `json:"amends"`
	Paths  []string `json:"paths"`
}

func (c *corpus) errata(games []string) []ErrataEntry {
	want := map[string]bool{}
	for _, g := range games {
		want[g] = true
	}
	var out []ErrataEntry
	for i := range c.Secs {
		e := &c.Secs[i]
		g := Games[e.GameIdx]
		if !e.isNote() || len(want) > 0 && !want[g] {
			continue
		}
		x := ErrataEntry{Note: c.note(i), Game: g, Amends: []string{}, Paths: []string{}}
		for _, k := range e.Amends {
			x.Amends = append(x.Amends, c.Secs[k].ID)
			x.Paths = append(x.Paths, c.Secs[k].path(c))
		}
		out = append(out, x)
	}
	return out
}

// Errata lists the errata and official Q&A entries of the given games.
func Errata(games ...string) []ErrataEntry { return builtin().errata(games) }

// ResolveGame reports whether name is the id of a game whose rulebook the
// index holds. Aliases are the games list's to resolve (games/all): the
// rules reference keeps no second copy of them.
func ResolveGame(name string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, g := range GameIDs() {
		if g == n {
			return g, true
		}
	}
	return "", false
}
