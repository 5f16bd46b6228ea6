package rulesref

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
)

// ErrBadManual is wrapped by the errors AddManual returns for a file that
// cannot be indexed (empty, binary, unknown game).
var ErrBadManual = errors.New("rulesref: bad manual")

// Manual is an extra rulebook the user owns and added with
// `bosun rules add` (the 'Empires Expansion Rules' manual, for example).
type Manual struct {
	Game     string `json:"game"`
	Title    string `json:"title"`
	ID       string `json:"id"` // <game>/<slug of title>, the prefix of its section ids
	File     string `json:"file"`
	Sections int    `json:"sections"`
}

// Library is the shipped rulebooks plus the manuals added under a data
// directory.
type Library struct {
	c       *corpus
	Manuals []Manual
}

func manualDir(dataDir string) string { return filepath.Join(dataDir, "rules") }

// Open returns the library for dataDir: the shipped rulebooks alone when
// no manual was added (no disk access beyond one directory read).
func Open(dataDir string) (*Library, error) {
	ms, err := ListManuals(dataDir)
	if err != nil {
		return nil, err
	}
	if len(ms) == 0 {
		return &Library{c: builtin()}, nil
	}
	c, err := openManuals(dataDir, ms)
	if err != nil {
		return nil, err
	}
	for i := range ms {
		ms[i].Sections = len(c.Books[len(Games)+i].Secs)
	}
	return &Library{c: c, Manuals: ms}, nil
}

// Builtin is the library of the shipped rulebooks.
func Builtin() *Library { return &Library{c: builtin()} }

// ListManuals lists the manuals added under dataDir.
func ListManuals(dataDir string) ([]Manual, error) {
	ents, err := os.ReadDir(manualDir(dataDir))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Manual
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		b, err := fsutil.ReadRegular(filepath.Join(manualDir(dataDir), e.Name()), maxRecordSize)
		if err != nil {
			return nil, fmt.Errorf("rulesref: %w", err)
		}
		var m Manual
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("rulesref: %s: %w", e.Name(), err)
		}
		if err := m.check(e.Name()); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].ID < out[b].ID })
	return out, nil
}

// Limits on added manuals: the text of one manual and its record.
const (
	MaxManualSize = 16 << 20
	maxRecordSize = 64 << 10
)

// check validates a manual record read from rules/NAME: its file must be
// a plain .txt name inside rules/ (never a path out of the data
// directory), and its game one bosun knows.
func (m Manual) check(name string) error {
	bad := func(what string) error {
		return fmt.Errorf("%w: %s in %s; fix or delete that record (bosun writes file as GAME--SLUG.txt, a name inside rules/)", ErrBadManual, what, filepath.Join("rules", name))
	}
	if m.File == "" || m.File != filepath.Base(m.File) || strings.ContainsAny(m.File, `/\`) || strings.HasPrefix(m.File, ".") || !strings.HasSuffix(m.File, ".txt") {
		return bad(fmt.Sprintf("file %q is not a .txt file name inside rules/", quote(m.File)))
	}
	if strings.TrimSuffix(m.File, ".txt")+".json" != name {
		return bad(fmt.Sprintf("file %q does not match the record's name", quote(m.File)))
	}
	if g, ok := ResolveGame(m.Game); !ok || g != m.Game {
		return bad(fmt.Sprintf("game %q is not one of %s", quote(m.Game), strings.Join(Games, ", ")))
	}
	return nil
}

func quote(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}

// CheckManual validates a manual's content: readable text, not empty.
func CheckManual(name string, b []byte) error {
	if len(strings.TrimSpace(string(b))) == 0 {
		return fmt.Errorf("%w: %s is empty (expected the manual as plain text)", ErrBadManual, name)
	}
	if !utf8.Valid(b) || strings.ContainsRune(string(b), 0) {
		return fmt.Errorf("%w: %s is not plain text (expected UTF-8 text, one heading or paragraph per line)", ErrBadManual, name)
	}
	return nil
}

// MaxTitle is the longest title of a manual, in characters: its slug
// names the manual's files (game--slug.json), which must stay within the
// 255 bytes a file name may have.
const MaxTitle = 200

// AddManual stores the text file at path as a manual of game under
// dataDir. Nothing is stored when the file is not usable.
func AddManual(dataDir, path, game, title string) (Manual, error) {
	g, ok := ResolveGame(game)
	if !ok {
		return Manual{}, fmt.Errorf("%w: unknown game %q (accepted: %s)", ErrBadManual, game, strings.Join(Games, ", "))
	}
	b, err := readManual(path)
	if err != nil {
		return Manual{}, fmt.Errorf("%w: %v", ErrBadManual, err)
	}
	if err := CheckManual(path, b); err != nil {
		return Manual{}, err
	}
	if strings.TrimSpace(title) == "" {
		title = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	if n := utf8.RuneCountInString(strings.TrimSpace(title)); n > MaxTitle {
		return Manual{}, fmt.Errorf("%w: title %q is %d characters long; accepted: at most %d (give a shorter one with --title)", ErrBadManual, title, n, MaxTitle)
	}
	slug := slugify(title)
	if slug == "" {
		return Manual{}, fmt.Errorf("%w: title %q has no letters or digits", ErrBadManual, title)
	}
	m := Manual{Game: g, Title: strings.TrimSpace(title), ID: g + "/" + slug, File: g + "--" + slug + ".txt"}
	bk := parseBook(g, string(b))
	m.Sections = len(bk.Secs)
	dir := manualDir(dataDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Manual{}, err
	}
	if err := writeAtomic(filepath.Join(dir, m.File), b); err != nil {
		return Manual{}, err
	}
	meta, _ := json.MarshalIndent(m, "", "  ")
	if err := writeAtomic(filepath.Join(dir, g+"--"+slug+".json"), meta); err != nil {
		os.Remove(filepath.Join(dir, m.File))
		return Manual{}, err
	}
	// index the manuals once now, not at every search (best effort: a
	// search rebuilds a missing cache)
	_ = refreshCache(dataDir)
	return m, nil
}

// RemoveManual deletes an added manual, named by its id, title or slug.
func RemoveManual(dataDir, name string) (Manual, error) {
	ms, err := ListManuals(dataDir)
	if err != nil {
		return Manual{}, err
	}
	n := strings.ToLower(strings.TrimSpace(name))
	for _, m := range ms {
		if m.ID == n || slugify(m.Title) == slugify(n) || strings.EqualFold(m.Title, name) {
			dir := manualDir(dataDir)
			if err := os.Remove(filepath.Join(dir, strings.TrimSuffix(m.File, ".txt")+".json")); err != nil {
				return Manual{}, err
			}
			os.Remove(filepath.Join(dir, m.File))
			_ = refreshCache(dataDir)
			return m, nil
		}
	}
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.ID)
	}
	if len(ids) == 0 {
		return Manual{}, fmt.Errorf("%w: no manual %q: none has been added", ErrBadManual, name)
	}
	return Manual{}, fmt.Errorf("%w: no manual %q (added: %s)", ErrBadManual, name, strings.Join(ids, ", "))
}

// readManual reads the file `rules add` was given, up to MaxManualSize.
// It may be anywhere (a link is followed) but must be a regular file.
func readManual(path string) ([]byte, error) {
	b, err := fsutil.ReadConfig(path, MaxManualSize)
	if errors.Is(err, safetext.ErrTooLarge) {
		return nil, fmt.Errorf("%v (a manual is plain text, at most %s)", err, safetext.Size(MaxManualSize))
	}
	return b, err
}

// writeAtomic is fsutil.WriteAtomic: 0600 files in 0700 directories, and
// the temp files of a killed writer cleaned up.
func writeAtomic(path string, b []byte) error { return fsutil.WriteAtomic(path, b) }

// Search ranks the library's passages for q.
func (l *Library) Search(q string, opt SearchOptions) []Result { return l.c.search(q, opt) }

// Section returns a section by id or alias.
func (l *Library) Section(id string) (SectionInfo, bool) {
	i, ok := l.c.find(id)
	if !ok {
		return SectionInfo{}, false
	}
	return l.c.info(i), true
}

// Nearest suggests ids close to an unknown one.
func (l *Library) Nearest(id string, n int) []string { return l.c.nearest(id, n) }

// IDs lists every section id, optionally with the given prefix.
func (l *Library) IDs(prefix string) []string {
	var out []string
	for i := range l.c.Secs {
		if id := l.c.Secs[i].ID; strings.HasPrefix(id, prefix) && l.c.Secs[i].searchable() {
			out = append(out, id)
		}
	}
	return out
}

// TOC lists the sections of games (all when none).
func (l *Library) TOC(games ...string) []TOCEntry { return l.c.toc(games) }

// Errata lists the errata and official Q&A entries of games.
func (l *Library) Errata(games ...string) []ErrataEntry { return l.c.errata(games) }

// Glossary lists glossary entries of games matching term (all when empty).
func (l *Library) Glossary(term string, games ...string) []GlossaryEntry {
	return l.c.glossary(term, games)
}
