package rulesref

import (
	"encoding/binary"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// The index's uvarints read back whatever their width (one byte on the
// fast path, more on the slow one), in order.
func TestDecUvarints(t *testing.T) {
	t.Parallel()
	vals := []uint64{0, 1, 127, 128, 300, 16383, 16384, 1 << 35, math.MaxUint64, 5}
	e := &enc{}
	for _, v := range vals {
		e.u(v)
	}
	d := &dec{b: e.b}
	for _, v := range vals {
		require.Equal(t, v, d.u())
	}
	require.NoError(t, d.err)
	require.Empty(t, d.b)
	require.Zero(t, d.u(), "past the end")
	require.Error(t, d.err)

	// what binary.Uvarint refuses (more than 64 bits) is an error
	over := [][]byte{
		{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02},
		{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01},
	}
	for _, b := range over {
		_, n := binary.Uvarint(b)
		require.LessOrEqual(t, n, 0)
		d = &dec{b: b}
		require.Zero(t, d.u())
		require.Error(t, d.err, "% x", b)
	}
}

// After a truncated read every read gives zero: the bytes after the
// error are not taken for the next field (the one-byte path reads the
// data directly, so a failure must leave it nothing to read).
func TestDecStopsAtError(t *testing.T) {
	t.Parallel()
	d := &dec{b: []byte{5, 'a', 7, 9}} // a string of 5 bytes, 3 left
	require.Equal(t, "", d.s())
	require.Error(t, d.err)
	require.Zero(t, d.u(), "a read after the error")
	require.Zero(t, d.f())

	d = &dec{b: []byte{0x80}} // a uvarint cut short
	require.Zero(t, d.u())
	require.Error(t, d.err)

	for _, n := range []int{0, 3} { // an exact weight cut short
		d = &dec{b: make([]byte, n), exact: true}
		require.Zero(t, d.f())
		require.Error(t, d.err, "%d bytes", n)
		d = &dec{b: make([]byte, n+4), exact: true}
		require.Zero(t, d.f64())
		require.Error(t, d.err, "%d bytes", n+4)
	}
}

// The manuals' cache keeps weights bit for bit, in fixed width (four
// bytes a float32, eight a float64), and the shipped index's rounded
// ones still read back to the hundredth.
func TestDecWeights(t *testing.T) {
	t.Parallel()
	f32 := []float32{0, float32(math.Copysign(0, -1)), 1.5, 0.1, math.SmallestNonzeroFloat32, math.MaxFloat32, float32(math.Inf(1)), math.Float32frombits(0x7fc00001)}
	f64 := []float64{0, 0.1, 1e300, math.SmallestNonzeroFloat64, math.Float64frombits(0x7ff8000000000001)}
	e := &enc{exact: true}
	for _, v := range f32 {
		e.f(v)
	}
	require.Len(t, e.b, 4*len(f32))
	for _, v := range f64 {
		e.f64(v)
	}
	require.Len(t, e.b, 4*len(f32)+8*len(f64))
	e.u(42)
	d := &dec{b: e.b, exact: true}
	for _, v := range f32 {
		require.Equal(t, math.Float32bits(v), math.Float32bits(d.f()))
	}
	for _, v := range f64 {
		require.Equal(t, math.Float64bits(v), math.Float64bits(d.f64()))
	}
	require.Equal(t, uint64(42), d.u())
	require.NoError(t, d.err)

	e = &enc{}
	e.f(2.345)
	e.f64(17.25)
	d = &dec{b: e.b}
	require.Equal(t, float32(2.35), d.f())
	require.Equal(t, 17.25, d.f64())
	require.NoError(t, d.err)
}

// The docs' table and the parts' sizes are four bytes each in the
// manuals' cache, uvarints in the shipped index, and read back as written.
func TestDecTableNumbers(t *testing.T) {
	t.Parallel()
	vals := []int{0, 1, 127, 128, 70000, math.MaxUint32}
	for _, exact := range []bool{true, false} {
		e := &enc{exact: exact}
		for _, v := range vals {
			e.n(v)
		}
		if exact {
			require.Len(t, e.b, 4*len(vals))
		} else {
			require.Len(t, e.b, 1+1+1+2+3+5)
		}
		d := &dec{b: e.b, exact: exact}
		for _, v := range vals {
			require.Equal(t, uint64(v), d.n())
		}
		require.NoError(t, d.err)
		require.Zero(t, d.n(), "past the end")
		require.Error(t, d.err)
	}
	require.Panics(t, func() { (&enc{exact: true}).n(-1) })
}

// The manuals' cache records each book's line count, which a start then
// does not count: it is the count of the text, and a count the text
// cannot have is refused.
func TestCacheLineCounts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	addTestManual(t, dir, "misty-waters", "Empires Expansion Rules", rulebookText("quests-and-cannons"))
	ms, err := ListManuals(dir)
	require.NoError(t, err)
	data, err := os.ReadFile(cachePath(dir))
	require.NoError(t, err)
	c, _, _, err := decodeCache(data, cacheKey(ms), dir, ms)
	require.NoError(t, err)
	require.Len(t, c.Books, len(Games)+1)
	for _, b := range c.Books {
		require.Equal(t, newBook(b.Game, b.Text).NumLines(), b.NumLines(), b.Game)
		require.Equal(t, len(b.Lines()), b.NumLines(), b.Game)
	}

	// the books' part of the cache, decoded as it is and with the first
	// book's count (after the book count and the game) one past what its
	// text can have
	text := rulebookText("quests-and-cannons")
	body := data[cacheHead+stampSize+len(text):]
	srcs := append(shippedBooks(), bookSrc{game: "misty-waters", text: text, user: true, title: "Empires Expansion Rules"})
	_, ok := decodeBooks(&dec{b: body, exact: true}, srcs)
	require.True(t, ok)
	at := 1 + 1 + len(Games[0])
	require.Equal(t, uint32(c.Books[0].NumLines()), binary.LittleEndian.Uint32(body[at:]))
	bad := append([]byte(nil), body...)
	binary.LittleEndian.PutUint32(bad[at:], uint32(len(rulebookText(Games[0]))+2))
	_, ok = decodeBooks(&dec{b: bad, exact: true}, srcs)
	require.False(t, ok, "more lines than the text can have")
}
