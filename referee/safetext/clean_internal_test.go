package safetext

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
)

// cleanBytes, which looks at eight bytes at a time, agrees with clean on
// every byte value at every position of a word and on random text.
func TestCleanBytesAgreesWithClean(t *testing.T) {
	base := []byte("The kraken wakes: roll 2d6, then\tmove\n 0123456789 ")
	for c := 0; c < 256; c++ {
		for at := 0; at < 24 && at < len(base); at++ {
			p := append([]byte(nil), base[:24]...)
			p[at] = byte(c)
			for n := 0; n <= len(p); n++ {
				if got, want := cleanBytes(p[:n]), clean(string(p[:n])); got != want {
					t.Fatalf("byte %#x at %d of %q: cleanBytes %v, clean %v", c, at, p[:n], got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		p := make([]byte, r.IntN(40))
		for i := range p {
			p[i] = byte(0x20 + r.IntN(0x5f))
			if r.IntN(30) == 0 {
				p[i] = byte(r.IntN(256))
			}
		}
		if got, want := cleanBytes(p), clean(string(p)); got != want {
			t.Fatalf("%q: cleanBytes %v, clean %v", p, got, want)
		}
	}
}

// A JSON Writer on a command's output (itself a Writer) writes past it,
// unless that one holds the start of a split character: what it writes
// is what that Writer would have written of it (a fixed point of every
// Writer), in pieces of every size, over a text Writer, a colour one and
// a JSON one.
func TestJSONWriterWritesPastTheOutputsWriter(t *testing.T) {
	doc := []byte("{\"name\":\"A\x7f\x01\x1b[1m\u0085\u009b\u2028\u202e é — ✠\",\"bad\":\"a\xffb\\u0000\"}\n")
	write := func(w io.Writer, piece int) {
		for p := doc; len(p) > 0; p = p[min(piece, len(p)):] {
			if _, err := w.Write(p[:min(piece, len(p))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, inner := range []Writer{{}, {SGR: true}, {JSON: true}} {
		for piece := 1; piece <= len(doc); piece++ {
			var alone, json, both bytes.Buffer
			write(&Writer{W: &alone, JSON: true}, piece)
			// what the JSON Writer writes, then scanned by the inner one
			in := inner
			in.W = &json
			if _, err := in.Write(alone.Bytes()); err != nil {
				t.Fatal(err)
			}
			in = inner
			in.W = &both
			write(&Writer{W: &in, JSON: true}, piece)
			if alone.String() != json.String() || both.String() != json.String() {
				t.Fatalf("inner %+v, pieces of %d: JSON %q, scanned again %q, through both %q", inner, piece, alone.String(), json.String(), both.String())
			}
		}
	}
	var sink bytes.Buffer
	out := &Writer{W: &sink, SGR: true}
	if got := (&Writer{W: out, JSON: true}).dest(); got != io.Writer(&sink) {
		t.Fatalf("a JSON Writer on the output writes to %T, not past it", got)
	}
	out.part = []byte{0xc3}
	if got := (&Writer{W: out, JSON: true}).dest(); got != io.Writer(out) {
		t.Fatal("a JSON Writer writes past a Writer holding a split character")
	}
	if got := (&Writer{W: out}).dest(); got != io.Writer(out) {
		t.Fatal("a text Writer writes past another")
	}
}

// cleanBytes tests 32 bytes at a time, each byte exactly: every byte value
// at every offset of a 70-byte text, beside a newline or a tab in the same
// word (whose borrow once flagged the bytes after it), and texts of
// newlines and indents, as an indented JSON document is.
func TestCleanBytesIsExactInEveryWord(t *testing.T) {
	base := []byte(`{"a": ["b", 1, true],` + "\n\t" + `"cdefghijklmnopqrstuvwxyz": "0123456789 ~!@#$%^&*()"}` + "\n")[:70]
	check := func(p []byte) {
		for _, n := range []int{len(p), len(p) - 1, 33, 32, 31, 9, 8, 7} {
			if n < 0 || n > len(p) {
				continue
			}
			if got, want := cleanBytes(p[:n]), clean(string(p[:n])); got != want {
				t.Fatalf("%q: cleanBytes %v, clean %v", p[:n], got, want)
			}
		}
	}
	for c := 0; c < 256; c++ {
		for at := 0; at < len(base); at++ {
			p := bytes.Clone(base)
			p[at] = byte(c)
			check(p)
			for _, near := range []int{at - 1, at + 1, at - 7, at + 7} {
				if near >= 0 && near < len(p) && near != at {
					for _, ws := range []byte{'\n', '\t', ' ', 0x1f, 0x7e} {
						q := bytes.Clone(p)
						q[near] = ws
						check(q)
					}
				}
			}
		}
	}
	indented := bytes.Repeat([]byte("\n      \"end\",\n\t\"0\","), 40)
	check(indented)
	if !cleanBytes(indented) {
		t.Fatal("newlines, tabs and indents are clean")
	}
}
