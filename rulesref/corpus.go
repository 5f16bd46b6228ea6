package rulesref

import (
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// entry is a section of the corpus.
type entry struct {
	GameIdx  int
	Book     int
	ID       string
	Title    string
	Kind     string
	Level    int
	Parent   int // corpus index, -1 at top level
	Children []int
	Start    int // line indexes into the book
	End      int
	Last     int
	Notes    []int // errata, Q&A and FAQ entries that amend this section
	Amends   []int // for a note: the sections it amends
	summary  bool  // a quick reference or turn summary restating other sections
	parts    bool  // a list of the components in the box
	example  bool  // a worked example restating rules
	minigame bool  // a tavern mini-game ('Dice Poker', 'Aged Falcon')
	tavern   bool  // its heading names taverns
}

func (e *entry) searchable() bool { return e.Kind != KindTitle && e.Kind != KindTOC }

// corpus is every rulebook, parsed.
type corpus struct {
	Books []*book
	Secs  []entry
	ix    *index
	// byID and aliases resolve section ids (find); idMu guards them,
	// built on first use
	idMu    sync.Mutex
	byID    map[string]int
	aliases map[string]int
}

func gameIndex(game string) int {
	for i, g := range Games {
		if g == game {
			return i
		}
	}
	return -1
}

// addBook appends the sections of b to the corpus.
func (c *corpus) addBook(b *book) {
	bi := len(c.Books)
	c.Books = append(c.Books, b)
	base := len(c.Secs)
	gi := gameIndex(b.Game)
	prefix := ""
	if b.User {
		prefix = b.Game + "/" + slugify(b.Title) // once, not per section
	}
	// every section's children share one array, carved by count (the
	// appends below fill each part in order without growing it)
	nchild := make([]int32, len(b.Secs))
	total := 0
	for _, s := range b.Secs {
		if s.Parent >= 0 {
			nchild[s.Parent]++
			total++
		}
	}
	kids := make([]int, total)
	// an added manual's ids (<game>/<manual>/<slug>) are carved from one
	// buffer: one allocation, not one a section
	var ids []byte
	if b.User {
		n := 0
		for _, s := range b.Secs {
			n += len(prefix) + len(strings.TrimPrefix(s.ID, b.Game))
		}
		ids = make([]byte, 0, n)
	}
	for k, s := range b.Secs {
		p := -1
		if s.Parent >= 0 {
			p = base + s.Parent
		}
		id := s.ID
		if b.User {
			// an added manual: <game>/<manual>/<slug>
			at := len(ids)
			ids = append(ids, prefix...)
			ids = append(ids, strings.TrimPrefix(s.ID, b.Game)...)
			id = ""
			if len(ids) > at {
				// never written again: the appends stay in its capacity
				id = unsafe.String(&ids[at], len(ids)-at)
			}
		}
		c.Secs = append(c.Secs, entry{GameIdx: gi, Book: bi, ID: id, Title: s.Title, Kind: s.Kind,
			Level: s.Level, Parent: p, Start: s.Start, End: s.End, Last: s.Last})
		if n := int(nchild[k]); n > 0 {
			c.Secs[base+k].Children, kids = kids[:0:n], kids[n:]
		}
		if p >= 0 {
			c.Secs[p].Children = append(c.Secs[p].Children, base+k)
		}
	}
	// a section inherits its parent's flags (parents come first), so
	// each title is lowercased once (an ASCII one into a reused buffer)
	var buf []byte
	for k := base; k < len(c.Secs); k++ {
		e := &c.Secs[k]
		var t string
		t, buf = lowerTitle(e.Title, buf)
		if e.Parent >= 0 {
			p := &c.Secs[e.Parent]
			e.summary, e.parts = p.summary, p.parts
			// a game inside the game: a quoted card title under Tavern Cards
			e.minigame = strings.HasPrefix(e.Title, "'") && p.tavern
		}
		if strings.Contains(t, "quick reference") || strings.Contains(t, "turn summary") {
			e.summary = true
		}
		if t == "components" && e.Parent < 0 {
			e.parts = true
		}
		e.tavern = strings.Contains(t, "tavern")
		if strings.Contains(t, "example") || strings.HasPrefix(t, "sample ") {
			e.example = true
		}
	}
}

// lowerTitle is strings.ToLower(title), in buf when the title is ASCII:
// the result is valid until buf is reused.
func lowerTitle(title string, buf []byte) (string, []byte) {
	if title == "" {
		return "", buf
	}
	// copied at once, then lowered in place in one pass (not appended
	// byte by byte after a pass that looks for non-ASCII)
	buf = append(buf[:0], title...)
	for i, ch := range buf {
		if ch >= utf8.RuneSelf {
			return strings.ToLower(title), buf
		}
		if 'A' <= ch && ch <= 'Z' {
			buf[i] = ch + 'a' - 'A'
		}
	}
	return unsafe.String(&buf[0], len(buf)), buf
}

// index forgets the id and alias maps after sections were added: they
// are built on the first lookup of an id (find), not at every start (a
// search looks up none, and with a large added manual the id map alone
// was a tenth of its start).
func (c *corpus) index() {
	c.idMu.Lock()
	c.byID, c.aliases = nil, nil
	c.idMu.Unlock()
}

// buildIDs maps each section id to its section (idMu held).
func (c *corpus) buildIDs() {
	c.byID = make(map[string]int, len(c.Secs))
	for i := range c.Secs {
		c.byID[c.Secs[i].ID] = i
	}
}

// buildAliases (idMu held): "<game>/<slug>" for a duplicated heading names its first
// occurrence outside summaries; the full title path
// ("<game>/<chapter>/<section>") names any section.
func (c *corpus) buildAliases() {
	c.aliases = map[string]int{}
	for i := range c.Secs {
		e := &c.Secs[i]
		game := Games[e.GameIdx]
		slug := slugify(e.Title)
		short := game + "/" + slug
		if _, ok := c.byID[short]; !ok {
			if j, ok := c.aliases[short]; !ok || c.Secs[j].summary && !e.summary {
				c.aliases[short] = i
			}
		}
		var parts []string
		for a := i; a >= 0; a = c.Secs[a].Parent {
			parts = append([]string{slugify(c.Secs[a].Title)}, parts...)
		}
		full := game + "/" + strings.Join(parts, "/")
		if _, ok := c.byID[full]; !ok {
			if _, ok := c.aliases[full]; !ok {
				c.aliases[full] = i
			}
		}
		// a glossary entry without its page reference
		if e.Kind == KindGlossary {
			if k := strings.Index(e.Title, " ("); k > 0 {
				a := game + "/" + slugify(e.Title[:k])
				if _, ok := c.byID[a]; !ok {
					c.aliases[a] = i
				}
			}
		}
	}
}

// find resolves an id or alias.
func (c *corpus) find(id string) (int, bool) {
	id = strings.TrimSpace(strings.ToLower(id))
	c.idMu.Lock()
	defer c.idMu.Unlock()
	if c.byID == nil {
		c.buildIDs()
	}
	if i, ok := c.byID[id]; ok {
		return i, true
	}
	if c.aliases == nil {
		c.buildAliases()
	}
	i, ok := c.aliases[id]
	return i, ok
}

func (e *entry) book(c *corpus) *book { return c.Books[e.Book] }

// ownText is the section's heading line and the lines up to its first
// sub-section, exactly as in the rulebook.
func (e *entry) ownText(c *corpus) string {
	return joinLines(e.book(c).Lines()[e.Start:e.End])
}

// fullText includes every sub-section.
func (e *entry) fullText(c *corpus) string {
	return joinLines(e.book(c).Lines()[e.Start:e.Last])
}

func joinLines(ls []string) string {
	for len(ls) > 0 && strings.TrimSpace(ls[len(ls)-1]) == "" {
		ls = ls[:len(ls)-1]
	}
	return strings.Join(ls, "\n")
}

// path is the title path, " > " separated.
func (e *entry) path(c *corpus) string {
	var parts []string
	for a := e; ; a = &c.Secs[a.Parent] {
		parts = append([]string{a.Title}, parts...)
		if a.Parent < 0 {
			break
		}
	}
	if b := e.book(c); b.User {
		parts = append([]string{b.Title}, parts...)
	}
	return strings.Join(parts, " > ")
}

// parentPath is the titles of the enclosing sections.
func (e *entry) parentPath(c *corpus) string {
	var parts []string
	for a := e.Parent; a >= 0; a = c.Secs[a].Parent {
		parts = append(parts, c.Secs[a].Title)
	}
	return strings.Join(parts, " ")
}

// nearest returns up to n ids close to id, for "did you mean".
func (c *corpus) nearest(id string, n int) []string {
	id = strings.ToLower(strings.TrimSpace(id))
	type cand struct {
		id string
		d  int
	}
	var cs []cand
	tail := id
	if k := strings.LastIndex(id, "/"); k >= 0 {
		tail = id[k+1:]
	}
	for i := range c.Secs {
		e := &c.Secs[i]
		if !e.searchable() {
			continue
		}
		et := e.ID[strings.LastIndex(e.ID, "/")+1:]
		d := levenshtein(tail, et, 40)
		if strings.Contains(et, tail) || strings.Contains(tail, et) {
			d = d / 3
		}
		if strings.HasPrefix(id, Games[e.GameIdx]+"/") {
			d--
		}
		cs = append(cs, cand{e.ID, d})
	}
	sort.SliceStable(cs, func(a, b int) bool { return cs[a].d < cs[b].d })
	var out []string
	for _, x := range cs {
		if len(out) == n {
			break
		}
		out = append(out, x.id)
	}
	return out
}
