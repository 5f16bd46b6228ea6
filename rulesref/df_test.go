package rulesref

import "testing"

// TestDFReadsTheEncodedCounts: the document frequency read from the
// encoded postings' counts (before they are decoded) is the length of the
// decoded postings, for every term of the shipped index, so idf ranks as
// if every posting were decoded.
func TestDFReadsTheEncodedCounts(t *testing.T) {
	c, ok := decodeAll(prebuilt)
	if !ok {
		t.Fatal("the prebuilt index does not decode")
	}
	ix := c.ix
	if ix.postBlob == nil {
		t.Fatal("a decoded index keeps its postings encoded until read")
	}
	zero := 0
	for k := range ix.Terms {
		term := int32(k)
		if ix.postDone[term].Load() {
			t.Fatalf("term %q decoded before it was read", ix.Terms[k])
		}
		got := ix.df(term)
		if ix.postDone[term].Load() {
			t.Fatalf("df decoded term %q's postings", ix.Terms[k])
		}
		want := len(ix.post(term))
		if want == 0 {
			want = len(ix.xpost(term))
			zero++
		}
		if got != want {
			t.Errorf("term %q: df %d from the encoded counts, %d decoded", ix.Terms[k], got, want)
		}
		if again := ix.df(term); again != want {
			t.Errorf("term %q: df %d once decoded, want %d", ix.Terms[k], again, want)
		}
	}
	if zero == 0 {
		t.Error("no term only in the expansion fields: the second count is not tested")
	}
}
