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

	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
)

// The added manuals' index is built once (when a manual is added or
// removed, or when the cache is missing, stale or corrupt) and saved next
// to the manuals; `rules search` and `rules show` then load it like the
// shipped index instead of stemming every manual at each start.
//
// The file is cacheMagic, the key (sha256 of this format, the shipped
// index's length and crc32 (prebuiltCRC, computed when it is generated:
// checksumming it at start read 400 KB that a search with the cache never
// reads), and every manual's metadata), the crc32 of the rest, then the
// rest: for each manual its stamp (cacheStamp: the size,
// times and inode its file had when it was read, and the crc32 of its
// text) and its text, then the shipped books and the manuals encoded as
// encodeBody does, with every weight kept bit for bit so that a loaded
// cache ranks exactly as an index built at start. The crc32s are IEEE's
// (carry-less multiply on amd64): Castagnoli's are as fast to compute,
// but Go builds their tables on first use, a quarter of a millisecond at
// every start.
//
// A start neither reads nor checksums the manuals: each is only stat'ed,
// and its text is the cache's (mapped). A manual whose stat differs from
// its stamp is read: the same text (a copy, a touch) gives the cache a new
// stamp; another text, or a file whose magic, key or crc does not match,
// or that does not decode, is rebuilt, never trusted.
const (
	cacheMagic = "BOSUNMC7"
	cacheFile  = "manuals-index.bin"
)

func cachePath(dataDir string) string { return filepath.Join(manualDir(dataDir), cacheFile) }

// cacheStamp is what a cache records of a manual's file: a file whose
// stat gives the same size, times and inode is taken to hold the text the
// cache holds (a text written over within the same clock tick, at the
// same size, would not be noticed; an edit always changes the ctime).
type cacheStamp struct {
	Size, MTime, Ino, CTime uint64
	Sum                     uint32 // crc32 (IEEE) of the text
}

// stampSize is the encoded size of a cacheStamp: fixed, so that a new
// stamp is written over the old one in place.
const stampSize = 4*8 + 4

func stampOf(info os.FileInfo, text []byte) cacheStamp {
	ino, ctime := fileIDs(info)
	return cacheStamp{Size: uint64(info.Size()), MTime: uint64(info.ModTime().UnixNano()), Ino: ino, CTime: ctime, Sum: crc32.ChecksumIEEE(text)}
}

func (st cacheStamp) append(b []byte) []byte {
	for _, v := range []uint64{st.Size, st.MTime, st.Ino, st.CTime} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return binary.LittleEndian.AppendUint32(b, st.Sum)
}

func readStamp(b []byte) cacheStamp {
	u := func(k int) uint64 { return binary.LittleEndian.Uint64(b[8*k:]) }
	return cacheStamp{Size: u(0), MTime: u(1), Ino: u(2), CTime: u(3), Sum: binary.LittleEndian.Uint32(b[32:])}
}

// manualSrcs reads the added manuals' texts, with their stamps.
func manualSrcs(dataDir string, ms []Manual) ([]bookSrc, []cacheStamp, error) {
	srcs := shippedBooks()
	var stamps []cacheStamp
	for _, m := range ms {
		// read, not mapped: a user may edit a manual in place, which
		// would pull a mapped text from under a long session
		b, info, err := readSizedInfo(filepath.Join(manualDir(dataDir), m.File), MaxManualSize, false)
		if err != nil {
			return nil, nil, fmt.Errorf("rulesref: manual %s: %w", m.ID, err)
		}
		// the stamp is of the stat before the read: a file changed
		// during the read does not match its stamp next time
		stamps = append(stamps, stampOf(info, b))
		// the text aliases the bytes read (never written): no copy of
		// a large manual
		text := ""
		if len(b) > 0 {
			text = unsafe.String(&b[0], len(b))
		}
		srcs = append(srcs, bookSrc{game: m.Game, text: text, user: true, title: m.Title})
	}
	return srcs, stamps, nil
}

// cacheKey identifies the manuals a cache was built for (not their texts:
// see cacheStamp), the shipped index and the encoding.
func cacheKey(ms []Manual) [sha256.Size]byte {
	h := sha256.New()
	field := func(s string) {
		h.Write([]byte(strconv.Itoa(len(s))))
		h.Write([]byte{':'})
		h.Write(bytesOf(s))
	}
	field(cacheMagic)
	field(indexMagic)
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(prebuilt))))
	h.Write(binary.LittleEndian.AppendUint32(nil, prebuiltCRC))
	for _, m := range ms {
		field(m.Game)
		field(m.Title)
		field(m.ID)
		field(m.File)
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// cacheHead is the size of the magic, the key and the crc.
const cacheHead = len(cacheMagic) + sha256.Size + 4

// encodeCache encodes c (the shipped books and the manuals, whose texts
// and stamps are srcs and stamps) under key.
func encodeCache(c *corpus, key [sha256.Size]byte, srcs []bookSrc, stamps []cacheStamp) []byte {
	body := &enc{exact: true}
	for i, st := range stamps {
		body.b = st.append(body.b)
		body.b = append(body.b, srcs[len(Games)+i].text...)
	}
	c.encodeBody(body)
	out := make([]byte, 0, cacheHead+len(body.b))
	out = append(out, cacheMagic...)
	out = append(out, key[:]...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(body.b))
	return append(out, body.b...)
}

var errStaleCache = errors.New("rulesref: manuals index cache is stale or corrupt")

// decodeCache loads a cache written by encodeCache for key and the
// manuals ms under dataDir. restamp lists the manuals whose files hold
// the cache's text under another stat (then stamps holds their new
// stamps).
func decodeCache(data []byte, key [sha256.Size]byte, dataDir string, ms []Manual) (c *corpus, stamps []cacheStamp, restamp []int, err error) {
	if len(data) < cacheHead || string(data[:len(cacheMagic)]) != cacheMagic ||
		string(data[len(cacheMagic):len(cacheMagic)+len(key)]) != string(key[:]) {
		return nil, nil, nil, errStaleCache
	}
	body := data[cacheHead:]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[cacheHead-4:cacheHead]) {
		return nil, nil, nil, errStaleCache
	}
	srcs := shippedBooks()
	for i, m := range ms {
		if len(body) < stampSize {
			return nil, nil, nil, errStaleCache
		}
		st := readStamp(body)
		if st.Size > uint64(len(body)-stampSize) {
			return nil, nil, nil, errStaleCache
		}
		text := body[stampSize : stampSize+int(st.Size)]
		body = body[stampSize+int(st.Size):]
		now, ok := currentStamp(filepath.Join(manualDir(dataDir), m.File), st, text)
		if !ok {
			return nil, nil, nil, errStaleCache
		}
		if now != st {
			restamp = append(restamp, i)
		}
		stamps = append(stamps, now)
		// the text aliases the cache, mapped read-only and never unmapped
		s := ""
		if len(text) > 0 {
			s = unsafe.String(&text[0], len(text))
		}
		srcs = append(srcs, bookSrc{game: m.Game, text: s, user: true, title: m.Title})
	}
	c, ok := decodeBooks(&dec{b: body, exact: true}, srcs)
	if !ok {
		return nil, nil, nil, errStaleCache
	}
	return c, stamps, restamp, nil
}

// currentStamp checks that the manual at path still holds text, which a
// cache stamped st: at once when its stat matches st, else by reading it
// (ok, with its new stamp, when it holds the same text).
func currentStamp(path string, st cacheStamp, text []byte) (cacheStamp, bool) {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return st, false
	}
	ino, ctime := fileIDs(info)
	if uint64(info.Size()) == st.Size && uint64(info.ModTime().UnixNano()) == st.MTime && ino == st.Ino && ctime == st.CTime {
		return st, true
	}
	b, info, err := readSizedInfo(path, MaxManualSize, false)
	if err != nil || string(b) != string(text) {
		return st, false
	}
	return stampOf(info, b), true
}

// restampCache writes new stamps over the old ones of the manuals
// restamp in a copy of the cache data, and a new crc.
func restampCache(data []byte, stamps []cacheStamp, restamp []int) []byte {
	out := append([]byte(nil), data...)
	at := cacheHead
	for i, k := 0, 0; i < len(stamps); i++ {
		st := readStamp(out[at:])
		if k < len(restamp) && restamp[k] == i {
			stamps[i].append(out[at:at])
			k++
		}
		at += stampSize + int(st.Size)
	}
	binary.LittleEndian.PutUint32(out[cacheHead-4:], crc32.ChecksumIEEE(out[cacheHead:]))
	return out
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
	key := cacheKey(ms)
	if data, err := readSized(cachePath(dataDir), 1<<30, true); err == nil {
		if c, stamps, restamp, err := decodeCache(data, key, dataDir, ms); err == nil {
			if len(restamp) > 0 {
				_ = writeAtomic(cachePath(dataDir), restampCache(data, stamps, restamp))
			}
			return c, nil
		}
	}
	srcs, stamps, err := manualSrcs(dataDir, ms)
	if err != nil {
		return nil, err
	}
	c := buildManuals(srcs, ms)
	_ = writeAtomic(cachePath(dataDir), encodeCache(c, key, srcs, stamps))
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
// bytes: mapped when mapOK and it can be (fsutil.MapFile; only for the index
// cache, which bosun alone writes, always by rename), else into a buffer
// of its size (io.ReadAll's doubling buffers cost more than the read
// itself for a large manual and its index). The bytes are never written.
func readSized(path string, limit int64, mapOK bool) ([]byte, error) {
	b, _, err := readSizedInfo(path, limit, mapOK)
	return b, err
}

// readSizedInfo is readSized, also returning the file's stat from before
// the read.
func readSizedInfo(path string, limit int64, mapOK bool) ([]byte, os.FileInfo, error) {
	f, err := fsutil.OpenRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if info.Size() > limit {
		return nil, nil, &safetext.TooLargeError{Name: path, Limit: limit}
	}
	if mapOK {
		if b, ok := fsutil.MapFile(f, info.Size()); ok {
			return b, info, nil
		}
	}
	// one byte more than the size: a file that grew since the stat is
	// read on to the limit
	buf := make([]byte, info.Size()+1)
	n, err := io.ReadFull(f, buf)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return buf[:n], info, nil
	case err != nil:
		return nil, nil, err
	}
	rest, err := safetext.ReadLimited(f, path, limit-int64(n))
	if err != nil {
		var tl *safetext.TooLargeError
		if errors.As(err, &tl) {
			tl.Limit = limit
		}
		return nil, nil, err
	}
	return append(buf, rest...), info, nil
}
