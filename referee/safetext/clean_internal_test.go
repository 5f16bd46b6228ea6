package safetext

import (
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
