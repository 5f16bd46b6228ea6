package rulesref

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A start takes the table talk's stems from the prebuilt index as they
// are when its keys are the table's (no sort, no copy), and they are the
// stems a start without them computes; a table that differs from the
// index's (a key gone, or one out of order) is stemmed again.
func TestSynonymStemsFromIndex(t *testing.T) {
	_, ok := decodeAll(prebuilt)
	require.True(t, ok)
	preSynMu.Lock()
	pk, ps := preSynKeys, preSynStems
	preSynMu.Unlock()
	wantK, wantS := stemSynonymKeys(nil, nil)
	require.Equal(t, wantK, pk)
	require.Equal(t, wantS, ps)

	k, s := stemSynonymKeys(pk, ps)
	require.Equal(t, wantK, k)
	require.Equal(t, wantS, s)
	require.Zero(t, testing.AllocsPerRun(10, func() { stemSynonymKeys(pk, ps) }), "taken as they are")

	k, s = stemSynonymKeys(pk[1:], ps[1:])
	require.Equal(t, wantK, k, "a key the index lacks")
	require.Equal(t, wantS, s)
	swapped := append([]string(nil), pk...)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	k, _ = stemSynonymKeys(swapped, ps)
	require.Equal(t, wantK, k, "keys out of order")

	// an inflected phrase finds its entry by the stems of the words
	ws := []string{"sword", "fighting"}
	require.NotContains(t, synonyms, "sword fighting")
	st := newStemmer()
	got, ok := lookupSynonym(ws, []string{st.stem(ws[0]), st.stem(ws[1])})
	require.True(t, ok)
	require.Contains(t, got, synonyms["sword fight"])
}
