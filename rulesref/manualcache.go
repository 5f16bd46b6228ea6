package rulesref

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"unsafe"

	"github.com/bosun-referee/bosun/tables/fsutil"
)

// The added manuals' index is built once (when a manual is added or
// removed, or when the cache is missing, stale or corrupt) and saved next
// to the manuals; `rules search` and `rules show` then load it like the
// shipped index instead of stemming every manual at each start.
//
// The file is cacheMagic, the key (sha256 of this format, the shipped
// index's length and crc32, and every manual's metadata, length and
// crc32: the texts are checksummed, not hashed with sha256, at each start,
// which cost more than a millisecond a megabyte), the crc32 of the body, then
// the body: the shipped books and the manuals encoded as encodeBody does,
// with every weight kept bit for bit so that a loaded cache ranks exactly
// as an index built at start. A file whose magic, key or crc does not
// match, or that does not decode, is rebuilt, never trusted.
const (
	cacheMagic = "BOSUNMC2"
	cacheFile  = "manuals-index.bin"
)

func cachePath(dataDir string) string { return filepath.Join(manualDir(dataDir), cacheFile) }

// manualSrcs reads the added manuals' texts.
func manualSrcs(dataDir string, ms []Manual) ([]bookSrc, error) {
	srcs := shippedBooks()
	for _, m := range ms {
		// read, not mapped: a user may edit a manual in place, which
		// would pull a mapped text from under a long session
		b, err := readSized(filepath.Join(manualDir(dataDir), m.File), MaxManualSize, false)
		if err != nil {
			return nil, fmt.Errorf("rulesref: manual %s: %w", m.ID, err)
		}
		// the text aliases the bytes read (never written): no copy of
		// a large manual
		text := ""
		if len(b) > 0 {
			text = unsafe.String(&b[0], len(b))
		}
		srcs = append(srcs, bookSrc{game: m.Game, text: text, user: true, title: m.Title})
	}
	return srcs, nil
}

// cacheKey identifies the books a cache was built from, the shipped index
// and the encoding.
func cacheKey(ms []Manual, srcs []bookSrc) [sha256.Size]byte {
	h := sha256.New()
	field := func(s string) {
		h.Write([]byte(strconv.Itoa(len(s))))
		h.Write([]byte{':'})
		h.Write(bytesOf(s))
	}
	sum := func(b []byte) {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(b))))
		h.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(b)))
	}
	field(cacheMagic)
	field(indexMagic)
	sum(prebuilt)
	for i, m := range ms {
		field(m.Game)
		field(m.Title)
		field(m.ID)
		field(m.File)
		sum(bytesOf(srcs[len(Games)+i].text))
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// encodeCache encodes c (the shipped books and the manuals) under key.
func encodeCache(c *corpus, key [sha256.Size]byte) []byte {
	body := &enc{exact: true}
	c.encodeBody(body)
	out := make([]byte, 0, len(cacheMagic)+len(key)+4+len(body.b))
	out = append(out, cacheMagic...)
	out = append(out, key[:]...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(body.b))
	return append(out, body.b...)
}

var errStaleCache = errors.New("rulesref: manuals index cache is stale or corrupt")

// decodeCache loads a cache written by encodeCache for key and srcs.
func decodeCache(data []byte, key [sha256.Size]byte, srcs []bookSrc) (*corpus, error) {
	head := len(cacheMagic) + len(key) + 4
	if len(data) < head || string(data[:len(cacheMagic)]) != cacheMagic ||
		string(data[len(cacheMagic):len(cacheMagic)+len(key)]) != string(key[:]) {
		return nil, errStaleCache
	}
	body := data[head:]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[head-4:head]) {
		return nil, errStaleCache
	}
	c, ok := decodeBooks(&dec{b: body, exact: true}, srcs)
	if !ok {
		return nil, errStaleCache
	}
	return c, nil
}

// buildManuals indexes the shipped books plus the manuals (what Open did
// at every start before the cache).
func buildManuals(srcs []bookSrc, ms []Manual) *corpus {
	c := loadBuiltin() // a private copy: the manuals are added to it
	st := newStemmer()
	for i := range ms {
		src := srcs[len(Games)+i]
		bk := parseBook(src.game, src.text)
		bk.User = true
		bk.Title = src.title
		base := len(c.Secs)
		c.addBook(bk)
		for si := base; si < len(c.Secs); si++ {
			c.ix.addDoc(c, st, si, nil)
		}
	}
	c.index()
	c.ix.finish(c)
	return c
}

// openManuals returns the corpus of the shipped books and the manuals ms:
// from the cache when it matches them, else built and the cache saved
// (best effort: a read-only data dir still searches, only slower).
func openManuals(dataDir string, ms []Manual) (*corpus, error) {
	srcs, err := manualSrcs(dataDir, ms)
	if err != nil {
		return nil, err
	}
	key := cacheKey(ms, srcs)
	if data, err := readSized(cachePath(dataDir), 1<<30, true); err == nil {
		if c, err := decodeCache(data, key, srcs); err == nil {
			return c, nil
		}
	}
	c := buildManuals(srcs, ms)
	_ = writeAtomic(cachePath(dataDir), encodeCache(c, key))
	return c, nil
}

// refreshCache rebuilds the cache after the manuals changed (none left:
// the cache is removed).
func refreshCache(dataDir string) error {
	ms, err := ListManuals(dataDir)
	if err != nil {
		return err
	}
	if len(ms) == 0 {
		if err := os.Remove(cachePath(dataDir)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	_, err = openManuals(dataDir, ms)
	return err
}

// readSized reads a regular file (a link is refused) of at most limit
// bytes: mapped when mapOK and it can be (mapFile; only for the index
// cache, which bosun alone writes, always by rename), else into a buffer
// of its size (io.ReadAll's doubling buffers cost more than the read
// itself for a large manual and its index). The bytes are never written.
func readSized(path string, limit int64, mapOK bool) ([]byte, error) {
	f, err := fsutil.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() > limit {
		return nil, &fsutil.TooLargeError{Name: path, Limit: limit}
	}
	if mapOK {
		if b, ok := mapFile(f, info.Size()); ok {
			return b, nil
		}
	}
	// one byte more than the size: a file that grew since the stat is
	// read on to the limit
	buf := make([]byte, info.Size()+1)
	n, err := io.ReadFull(f, buf)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return buf[:n], nil
	case err != nil:
		return nil, err
	}
	rest, err := fsutil.ReadLimited(f, path, limit-int64(n))
	if err != nil {
		var tl *fsutil.TooLargeError
		if errors.As(err, &tl) {
			tl.Limit = limit
		}
		return nil, err
	}
	return append(buf, rest...), nil
}
