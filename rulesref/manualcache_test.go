package rulesref

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// addTestManual adds a manual built from a shipped rulebook's text under a
// new title (a realistic size and vocabulary), returning its path.
func addTestManual(t *testing.T, dataDir, game, title, text string) Manual {
	t.Helper()
	p := filepath.Join(t.TempDir(), "manual.txt")
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	m, err := AddManual(dataDir, p, game, title)
	require.NoError(t, err)
	return m
}

// sameLibrary checks that two libraries answer alike: dev-set questions
// (a fixed-seed sample of four of every batch and game, every question
// with BOSUN_EXHAUSTIVE=1) and a few aimed at the manuals give the same
// results, scores included, and every section reads the same. want's
// answers are searched once per library (wantSearch): a test compares
// several libraries with one rebuilt library.
func sameLibrary(t *testing.T, want, got *Library, extra ...string) {
	t.Helper()
	qs := extra
	for _, dc := range sampleDev(loadDevSet(t), 4, 3) {
		qs = append(qs, dc.Q)
	}
	for _, q := range qs {
		require.Equal(t, wantSearch(want, q), got.Search(q, SearchOptions{Limit: 5}), "%q", q)
	}
	ids := want.IDs("")
	require.Equal(t, ids, got.IDs(""))
	for _, id := range ids {
		a, _ := want.Section(id)
		b, _ := got.Section(id)
		require.Equal(t, a, b, id)
	}
	require.Equal(t, want.TOC(), got.TOC())
}

// wantAnswers holds the answers of the libraries sameLibrary takes as
// the reference, by library and question.
var wantAnswers sync.Map

type libQuestion struct {
	lib *Library
	q   string
}

// wantSearch is l.Search(q) at limit 5, searched once per library and
// question.
func wantSearch(l *Library, q string) []Result {
	k := libQuestion{l, q}
	if r, ok := wantAnswers.Load(k); ok {
		return r.([]Result)
	}
	r := l.Search(q, SearchOptions{Limit: 5})
	wantAnswers.Store(k, r)
	return r
}

func rebuiltLibrary(t *testing.T, dataDir string) *Library {
	t.Helper()
	ms, err := ListManuals(dataDir)
	require.NoError(t, err)
	srcs, _, err := manualSrcs(dataDir, ms)
	require.NoError(t, err)
	c := buildManuals(srcs, ms)
	for i := range ms {
		ms[i].Sections = len(c.Books[len(Games)+i].Secs)
	}
	return &Library{c: c, Manuals: ms}
}

func TestManualsIndexCache(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// an "expansion" made of another game's rulebook: large, and with
	// words the Misty Waters rulebook does not have
	addTestManual(t, dir, "misty-waters", "Empires Expansion Rules", rulebookText("quests-and-cannons"))
	addTestManual(t, dir, "rolling-seas", "Captain Notes", "Captain Notes\nStorm Rules\nDuring a storm every ship loses one sail and the kraken wakes.\n")
	data, err := os.ReadFile(cachePath(dir))
	require.NoError(t, err, "adding a manual builds the cache")

	ms, err := ListManuals(dir)
	require.NoError(t, err)
	_, _, restamp, err := decodeCache(data, cacheKey(ms), dir, ms)
	require.NoError(t, err, "the saved cache matches the manuals")
	require.Empty(t, restamp)

	cached, err := Open(dir)
	require.NoError(t, err)
	rebuilt := rebuiltLibrary(t, dir)
	require.Equal(t, rebuilt.Manuals, cached.Manuals)
	extra := []string{"what happens to the kraken in a storm", "empires expansion prosperity goal", "treacherous seas sinking"}
	sameLibrary(t, rebuilt, cached, extra...)
	top := cached.Search("kraken wakes during a storm", SearchOptions{Limit: 1})
	require.NotEmpty(t, top)
	require.True(t, strings.HasPrefix(top[0].ID, "rolling-seas/captain-notes/"), top[0].ID)

	// a corrupt cache (one byte flipped, or cut short) is rebuilt, never trusted
	for name, bad := range map[string][]byte{
		"flipped":   func() []byte { b := append([]byte(nil), data...); b[len(b)/2] ^= 0x40; return b }(),
		"truncated": data[:len(data)/3],
		"empty":     nil,
	} {
		require.NoError(t, os.WriteFile(cachePath(dir), bad, 0o644))
		lib, err := Open(dir)
		require.NoError(t, err, name)
		sameLibrary(t, rebuilt, lib, extra...)
		again, err := os.ReadFile(cachePath(dir))
		require.NoError(t, err)
		require.Equal(t, data, again, "%s: the cache is written again", name)
	}

	// a changed manual makes the cache stale: the new text is searched
	p := filepath.Join(manualDir(dir), ms[0].File) // rolling-seas--captain-notes.txt sorts after misty
	for _, m := range ms {
		if m.Game == "rolling-seas" {
			p = filepath.Join(manualDir(dir), m.File)
		}
	}
	require.NoError(t, os.WriteFile(p, []byte("Captain Notes\nFog Rules\nIn the fog every lighthouse guides the pirates home.\n"), 0o644))
	lib, err := Open(dir)
	require.NoError(t, err)
	top = lib.Search("lighthouse guides pirates in the fog", SearchOptions{Limit: 1})
	require.NotEmpty(t, top)
	require.Contains(t, top[0].Text, "lighthouse")
	sameLibrary(t, rebuiltLibrary(t, dir), lib, "lighthouse fog")

	// removing a manual rebuilds the cache for the rest; none left: no cache
	_, err = RemoveManual(dir, "captain notes")
	require.NoError(t, err)
	lib, err = Open(dir)
	require.NoError(t, err)
	require.Len(t, lib.Manuals, 1)
	_, err = RemoveManual(dir, "empires expansion rules")
	require.NoError(t, err)
	_, err = os.Stat(cachePath(dir))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// readSized gives a file's exact bytes (mapped or read), refuses a file
// over the limit and a symbolic link, like fsutil.ReadRegular.
func TestReadSized(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "m.txt")
	text := []byte(strings.Repeat("Boarding Battle\nRoll the dice.\n", 4000))
	require.NoError(t, os.WriteFile(p, text, 0o644))
	for _, mapOK := range []bool{true, false} {
		b, err := readSized(p, MaxManualSize, mapOK)
		require.NoError(t, err)
		require.Equal(t, text, b, "mapped: %v", mapOK)
	}

	empty := filepath.Join(dir, "empty.txt")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	b, err := readSized(empty, 10, true)
	require.NoError(t, err)
	require.Empty(t, b)

	_, err = readSized(p, int64(len(text)-1), false)
	require.ErrorIs(t, err, safetext.ErrTooLarge)

	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(p, link))
	_, err = readSized(link, MaxManualSize, true)
	require.Error(t, err, "a link is refused")
}

// A start takes a manual whose stat matches its stamp as the cache's text;
// a manual touched (same text) keeps the cache, restamped; a manual edited
// at the same size with its modification time set back is noticed (on
// Linux, by its change time) and searched anew.
func TestManualsCacheStamps(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := "Captain Notes\nStorm Rules\nDuring a storm every ship loses one sail and the kraken wakes.\n"
	m := addTestManual(t, dir, "rolling-seas", "Captain Notes", text)
	p := filepath.Join(manualDir(dir), m.File)
	ms, err := ListManuals(dir)
	require.NoError(t, err)
	data, err := os.ReadFile(cachePath(dir))
	require.NoError(t, err)
	_, stamps, restamp, err := decodeCache(data, cacheKey(ms), dir, ms)
	require.NoError(t, err)
	require.Empty(t, restamp)
	require.Len(t, stamps, 1)
	assert.Equal(t, uint64(len(text)), stamps[0].Size)

	// touched: the same text under a new stat
	later := time.Now().Add(time.Hour)
	require.NoError(t, os.Chtimes(p, later, later))
	_, stamps, restamp, err = decodeCache(data, cacheKey(ms), dir, ms)
	require.NoError(t, err, "the same text keeps the cache")
	require.Equal(t, []int{0}, restamp)
	assert.Equal(t, uint64(later.UnixNano()), stamps[0].MTime)
	lib, err := Open(dir)
	require.NoError(t, err)
	sameLibrary(t, rebuiltLibrary(t, dir), lib, "kraken wakes during a storm")
	again, err := os.ReadFile(cachePath(dir))
	require.NoError(t, err)
	require.Len(t, again, len(data), "restamped in place, not rebuilt")
	assert.NotEqual(t, data, again)
	_, _, restamp, err = decodeCache(again, cacheKey(ms), dir, ms)
	require.NoError(t, err)
	assert.Empty(t, restamp, "the new stamp matches the file")

	// edited at the same size, its modification time set back
	info, err := os.Stat(p)
	require.NoError(t, err)
	edited := strings.Replace(text, "kraken wakes", "whale sings", 1)
	edited += strings.Repeat(" ", len(text)-len(edited))
	require.Len(t, edited, len(text))
	require.NoError(t, os.WriteFile(p, []byte(edited), 0o600))
	require.NoError(t, os.Chtimes(p, info.ModTime(), info.ModTime()))
	if runtime.GOOS == "linux" {
		_, _, _, err = decodeCache(again, cacheKey(ms), dir, ms)
		require.ErrorIs(t, err, errStaleCache)
		lib, err = Open(dir)
		require.NoError(t, err)
		top := lib.Search("the whale sings in a storm", SearchOptions{Limit: 1})
		require.NotEmpty(t, top)
		require.Contains(t, top[0].Text, "whale sings")
		sameLibrary(t, rebuiltLibrary(t, dir), lib, "whale sings")
	}

	// a manual gone: the error names it, as without the cache
	require.NoError(t, os.Remove(p))
	_, err = Open(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), m.ID)
}
