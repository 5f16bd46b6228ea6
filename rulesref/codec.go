package rulesref

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"sort"
	"sync/atomic"
	"unsafe"
)

//go:generate go run ./internal/gen

// prebuilt is the search index of the shipped rulebooks, built by
// `go generate` (see internal/gen) so that a one-shot `bosun rules search`
// does not stem the whole corpus: decoding it takes well under a
// millisecond, building it about ten.
//
//go:embed data/index.bin
var prebuilt []byte

const indexMagic = "BOSUNIX7"

// sourceHash identifies the rulebook texts an index was built from.
func sourceHash() uint32 {
	var h uint32
	for _, g := range GameIDs() {
		h = crc32.Update(h, crc32.IEEETable, bytesOf(g))
		h = crc32.Update(h, crc32.IEEETable, bytesOf(rulebookText(g)))
	}
	h = crc32.Update(h, crc32.IEEETable, bytesOf(questionsText))
	return crc32.Update(h, crc32.IEEETable, bytesOf(playersText))
}

// bytesOf views a string's bytes without copying them (read only).
func bytesOf(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// BuildIndexData parses the shipped rulebooks and returns the encoded
// index that `go generate` embeds.
func BuildIndexData() []byte {
	c := parseAll()
	c.ix = buildIndex(c)
	linkNotes(c)
	return c.encodeIndex()
}

// enc writes an index. exact keeps every weight bit for bit (the added
// manuals' cache, which must rank exactly as an index built at start);
// the shipped index rounds them to hundredths.
type enc struct {
	b     []byte
	exact bool
}

func (e *enc) u(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *enc) s(v string) { e.u(uint64(len(v))); e.b = append(e.b, v...) }

// n writes a number of the docs' table or a part's size: in the cache
// (exact) four bytes, read without varint decoding (a start reads three
// for every doc, most of them two or three bytes long as uvarints); in
// the shipped index a uvarint, as small as it can be.
func (e *enc) n(v int) {
	if !e.exact {
		e.u(uint64(v))
		return
	}
	if v < 0 || uint64(v) > math.MaxUint32 {
		panic("rulesref: an index number over 32 bits")
	}
	e.b = binary.LittleEndian.AppendUint32(e.b, uint32(v))
}
func (e *enc) f(v float32) {
	if e.exact {
		// fixed width: float bits as a uvarint take five bytes and the
		// slow path of dec.u
		e.b = binary.LittleEndian.AppendUint32(e.b, math.Float32bits(v))
		return
	}
	e.u(uint64(math.Round(float64(v) * 100)))
}

// f64 writes a model size (rounded like f unless exact).
func (e *enc) f64(v float64) {
	if e.exact {
		e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v))
		return
	}
	e.u(uint64(math.Round(v * 100)))
}

// parts writes n parts, each written by part: their sizes, the total,
// then the parts, so that a loaded index aliases them (dec.parts).
func (e *enc) parts(n int, part func(i int, pe *enc)) {
	pe := &enc{exact: e.exact}
	for i := 0; i < n; i++ {
		at := len(pe.b)
		part(i, pe)
		e.n(len(pe.b) - at)
	}
	e.n(len(pe.b))
	e.b = append(e.b, pe.b...)
}

func (e *enc) ints(v []int) {
	e.u(uint64(len(v)))
	for _, x := range v {
		e.u(uint64(x))
	}
}

func (c *corpus) encodeIndex() []byte {
	e := &enc{b: []byte(indexMagic)}
	e.b = binary.LittleEndian.AppendUint32(e.b, sourceHash())
	c.encodeBody(e)
	return e.b
}

// encodeBody writes the books' sections and the index.
func (c *corpus) encodeBody(e *enc) {
	// the parsed sections, so that loading does not parse
	e.u(uint64(len(c.Books)))
	for _, b := range c.Books {
		e.s(b.Game)
		if e.exact {
			// the cache: its line count, which a start would count
			// over the whole text (a megabyte for a large manual)
			e.n(b.NumLines())
		}
		e.u(uint64(len(b.Secs)))
		for _, x := range b.Secs {
			e.s(x.ID)
			e.s(x.Title)
			e.s(x.Kind)
			e.u(uint64(x.Level))
			e.u(uint64(x.Parent + 1))
			e.u(uint64(x.Start))
			e.u(uint64(x.End))
			e.u(uint64(x.Last))
		}
		e.u(uint64(len(b.TOC)))
		for _, t := range b.TOC {
			e.s(t.Title)
			e.u(uint64(t.Level))
		}
	}
	ix := c.ix
	e.u(uint64(len(ix.DocSec)))
	for d := range ix.DocSec {
		e.n(int(ix.DocSec[d]))
		e.n(int(ix.DocFrom[d]))
		e.n(int(ix.DocTo[d] - ix.DocFrom[d]))
		e.f(ix.DocLen[d])
		e.f(ix.XLen[d])
	}
	// terms and surface words sorted, so a decoded index needs no maps
	order := make([]int, len(ix.Terms))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return ix.Terms[order[a]] < ix.Terms[order[b]] })
	newID := make([]int32, len(ix.Terms))
	for n, o := range order {
		newID[o] = int32(n)
	}
	// the terms, then each term's postings' size, then the postings
	// (text, then questions), decoded term by term when a query reads
	// them
	e.u(uint64(len(ix.Terms)))
	for _, t := range order {
		e.s(ix.Terms[t])
	}
	e.parts(len(order), func(i int, pe *enc) {
		t := int32(order[i])
		for _, ps := range [][]posting{ix.post(t), ix.xpost(t)} {
			pe.u(uint64(len(ps)))
			prev := int32(0)
			for _, p := range ps {
				pe.u(uint64(p.Doc - prev))
				prev = p.Doc
				pe.f(p.TF)
			}
		}
	})
	// the games' language model sizes (gameLen), so that loading need
	// not read every posting
	for _, v := range ix.gameLen(c) {
		e.f64(v)
	}
	surf := make([]int, len(ix.Surface))
	for i := range surf {
		surf[i] = i
	}
	sort.Slice(surf, func(a, b int) bool { return ix.Surface[surf[a]] < ix.Surface[surf[b]] })
	e.u(uint64(len(ix.Surface)))
	for _, i := range surf {
		e.s(ix.Surface[i])
		e.u(uint64(newID[ix.SurfTo[i]]))
	}
	// the docs' term sequences, with the sorted term ids: the lengths,
	// then the sequences, so that a loaded index aliases them
	e.u(uint64(len(ix.DocSec)))
	e.parts(len(ix.DocSec), func(d int, pe *enc) {
		for _, t := range ix.docSeq(int32(d)) {
			if t >= seqBase {
				t = newID[t-seqBase] + seqBase
			}
			pe.u(uint64(t))
		}
	})
	// the docs' questions (XSeq), the same way
	e.u(uint64(len(ix.DocSec)))
	e.parts(len(ix.DocSec), func(d int, pe *enc) {
		xs := ix.docXSeq(int32(d))
		for k := 0; k+1 < len(xs); k += 2 + int(xs[k+1]) {
			pe.u(uint64(xs[k]))
			pe.u(uint64(xs[k+1]))
			for _, t := range xs[k+2 : k+2+int(xs[k+1])] {
				pe.u(uint64(newID[t]))
			}
		}
	})
	var notes []int
	for i := range c.Secs {
		if len(c.Secs[i].Amends) > 0 {
			notes = append(notes, i)
		}
	}
	e.u(uint64(len(notes)))
	for _, i := range notes {
		e.u(uint64(i))
		e.ints(c.Secs[i].Amends)
	}
	// the table talk's keys stemmed, so that the first query need not
	// stem them (buildStemmedSynonyms)
	keys, stems := stemSynonymKeys(nil, nil)
	e.u(uint64(len(keys)))
	for i := range keys {
		e.s(keys[i])
		e.s(stems[i])
	}
}

type dec struct {
	b     []byte
	err   error
	exact bool // weights bit for bit (see enc)
}

// u reads a uvarint. Most are one byte (lengths, deltas, small ids):
// those are read here; the rest by uSlow. An error
// empties b (fail), so that this path reads nothing after one.
func (d *dec) u() uint64 {
	if b := d.b; len(b) > 0 && b[0] < 0x80 {
		d.b = b[1:]
		return uint64(b[0])
	}
	return d.uSlow()
}

// fail records that the data is truncated and stops every later read.
func (d *dec) fail() {
	d.err = errTruncated
	d.b = nil
}

var errTruncated = errors.New("rulesref: truncated index")

// uSlow reads a uvarint of any width, as binary.Uvarint does (at most
// ten bytes, the tenth at most 1), without its call and results.
func (d *dec) uSlow() uint64 {
	var v uint64
	for i, c := range d.b {
		if i == binary.MaxVarintLen64 {
			break
		}
		if c < 0x80 {
			if i == binary.MaxVarintLen64-1 && c > 1 {
				break
			}
			d.b = d.b[i+1:]
			return v | uint64(c)<<(7*i)
		}
		v |= uint64(c&0x7f) << (7 * i)
	}
	d.fail()
	return 0
}

// n reads what enc.n wrote.
func (d *dec) n() uint64 {
	if !d.exact {
		return d.u()
	}
	if len(d.b) < 4 {
		d.fail()
		return 0
	}
	v := binary.LittleEndian.Uint32(d.b)
	d.b = d.b[4:]
	return uint64(v)
}

func (d *dec) s() string {
	n := int(d.u())
	if d.err != nil || n > len(d.b) {
		d.fail()
		return ""
	}
	// the index is embedded read-only data: its strings can alias it
	if n == 0 {
		return ""
	}
	v := unsafe.String(&d.b[0], n)
	d.b = d.b[n:]
	return v
}

func (d *dec) f() float32 {
	if d.exact {
		if len(d.b) < 4 {
			d.fail()
			return 0
		}
		v := binary.LittleEndian.Uint32(d.b)
		d.b = d.b[4:]
		return math.Float32frombits(v)
	}
	return float32(d.u()) / 100
}

func (d *dec) f64() float64 {
	if d.exact {
		if len(d.b) < 8 {
			d.fail()
			return 0
		}
		v := binary.LittleEndian.Uint64(d.b)
		d.b = d.b[8:]
		return math.Float64frombits(v)
	}
	return float64(d.u()) / 100
}

// parts reads what enc.parts wrote for n parts: their offsets into the
// blob (n+1) and the blob, aliasing the data.
func (d *dec) parts(n int) ([]uint32, []byte, bool) {
	off := make([]uint32, n+1)
	for k := 0; k < n; k++ {
		off[k+1] = off[k] + uint32(d.n())
	}
	size := int(d.n())
	if d.err != nil || size != int(off[n]) || size > len(d.b) {
		return nil, nil, false
	}
	blob := d.b[:size:size]
	d.b = d.b[size:]
	return off, blob, true
}

// decodeAll loads the shipped rulebooks from the prebuilt data: their
// sections and the index. False when the data is missing, corrupt or was
// built from other rulebook texts.
func decodeAll(data []byte) (*corpus, bool) {
	if len(data) < len(indexMagic)+4 || string(data[:len(indexMagic)]) != indexMagic {
		return nil, false
	}
	if binary.LittleEndian.Uint32(data[len(indexMagic):]) != sourceHash() {
		return nil, false
	}
	d := &dec{b: data[len(indexMagic)+4:]}
	return decodeBooks(d, shippedBooks())
}

// bookSrc is a book whose sections and index an encoded corpus holds:
// its text is read from where it lives (embedded, or the manual's file).
type bookSrc struct {
	game, text string
	user       bool   // an added manual
	title      string // its title
}

func shippedBooks() []bookSrc {
	out := make([]bookSrc, len(Games))
	for i, g := range Games {
		out[i] = bookSrc{game: g, text: rulebookText(g)}
	}
	return out
}

// decodeBooks decodes what encodeBody wrote for the books srcs.
func decodeBooks(d *dec, srcs []bookSrc) (*corpus, bool) {
	c := &corpus{}
	nb := int(d.u())
	if nb != len(srcs) {
		return nil, false
	}
	// the books are decoded first, then added to c at once: c.Secs is
	// made at its size (growing it book by book copied the shipped
	// books' sections twice on the way to an added manual's)
	books := make([]*book, 0, nb)
	total := 0
	for k := 0; k < nb && d.err == nil; k++ {
		g := d.s()
		if g != srcs[k].game {
			return nil, false
		}
		text := srcs[k].text
		var b *book
		if d.exact {
			// a text of n bytes has at most n+1 lines
			n := d.n()
			if n > uint64(len(text))+1 {
				return nil, false
			}
			b = &book{Game: g, Text: text, nLines: int(n)}
		} else {
			b = newBook(g, text)
		}
		b.User, b.Title = srcs[k].user, srcs[k].title
		ns := int(d.u())
		if ns > b.NumLines()+2 {
			return nil, false
		}
		b.Secs = make([]sec, ns)
		for i := range b.Secs {
			x := &b.Secs[i]
			x.ID, x.Title, x.Kind = d.s(), d.s(), d.s()
			x.Level = int(d.u())
			x.Parent = int(d.u()) - 1
			x.Start, x.End, x.Last = int(d.u()), int(d.u()), int(d.u())
			if x.Parent >= i || x.Start > x.End || x.End > b.NumLines() || x.Last > b.NumLines() {
				return nil, false
			}
		}
		nt := int(d.u())
		if nt > b.NumLines() {
			return nil, false
		}
		b.TOC = make([]tocEntry, nt)
		for i := range b.TOC {
			b.TOC[i].Title = d.s()
			b.TOC[i].Level = int(d.u())
		}
		if d.err != nil {
			return nil, false
		}
		books = append(books, b)
		total += len(b.Secs)
	}
	if d.err != nil {
		return nil, false
	}
	c.Secs = make([]entry, 0, total)
	for _, b := range books {
		c.addBook(b)
	}
	c.index()
	if d.err != nil || !c.loadIndex(d) {
		return nil, false
	}
	return c, true
}

// loadIndex decodes the index part of the prebuilt data.
func (c *corpus) loadIndex(d *dec) bool {
	ix := &index{sorted: true, exact: d.exact}
	nd := int(d.u())
	if nd > 1<<20 {
		return false
	}
	ix.DocSec = make([]int32, nd)
	ix.DocLen = make([]float32, nd)
	ix.XLen = make([]float32, nd)
	ix.DocFrom = make([]int32, nd)
	ix.DocTo = make([]int32, nd)
	for k := 0; k < nd; k++ {
		ix.DocSec[k] = int32(d.n())
		ix.DocFrom[k] = int32(d.n())
		ix.DocTo[k] = ix.DocFrom[k] + int32(d.n())
		ix.DocLen[k] = d.f()
		ix.XLen[k] = d.f()
		if ix.DocSec[k] < 0 || int(ix.DocSec[k]) >= len(c.Secs) {
			return false
		}
		if e := &c.Secs[ix.DocSec[k]]; int(ix.DocFrom[k]) < e.Start || ix.DocTo[k] < ix.DocFrom[k] || int(ix.DocTo[k]) > e.End {
			return false
		}
	}
	nt := int(d.u())
	if nt > 1<<22 {
		return false
	}
	ix.Terms = make([]string, nt)
	ix.Post = make([][]posting, nt)
	ix.XPost = make([][]posting, nt)
	for t := 0; t < nt; t++ {
		ix.Terms[t] = d.s()
	}
	var ok bool
	if ix.postOff, ix.postBlob, ok = d.parts(nt); !ok {
		return false
	}
	ix.postDone = make([]atomic.Bool, nt)
	gl := make([]float64, len(Games))
	for g := range gl {
		gl[g] = d.f64()
	}
	ns := int(d.u())
	if ns > 1<<22 {
		return false
	}
	ix.Surface = make([]string, ns)
	ix.SurfTo = make([]int32, ns)
	for k := 0; k < ns; k++ {
		ix.Surface[k] = d.s()
		ix.SurfTo[k] = int32(d.u())
	}
	if int(d.u()) != nd {
		return false
	}
	if ix.seqOff, ix.seqBlob, ok = d.parts(nd); !ok || int(d.u()) != nd {
		return false
	}
	if ix.xseqOff, ix.xseqBlob, ok = d.parts(nd); !ok {
		return false
	}
	nn := int(d.u())
	type lk struct{ note, target int }
	var links []lk
	for k := 0; k < nn && d.err == nil; k++ {
		i := int(d.u())
		m := int(d.u())
		for j := 0; j < m && d.err == nil; j++ {
			links = append(links, lk{i, int(d.u())})
		}
	}
	ns = int(d.u())
	if ns > 1<<16 {
		return false
	}
	keys, stems := make([]string, ns), make([]string, ns)
	for k := 0; k < ns; k++ {
		keys[k], stems[k] = d.s(), d.s()
	}
	if d.err != nil {
		return false
	}
	setPreSyn(keys, stems)
	for _, l := range links {
		if l.note >= len(c.Secs) || l.target >= len(c.Secs) {
			return false
		}
	}
	for _, l := range links {
		c.Secs[l.note].Amends = append(c.Secs[l.note].Amends, l.target)
		c.Secs[l.target].Notes = append(c.Secs[l.target].Notes, l.note)
	}
	ix.finish(c)
	ix.gameTotal = gl
	c.ix = ix
	return true
}
