//go:build unix

package store

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// faultSink keeps the read of a cut page from being optimized away.
var faultSink byte

// TestACutMappedSideFileIsAnErrorNotACrash cuts a mapped file short (as a
// step rolled back by another process would) and reads past its new end:
// Export's guard turns the fault into a corrupt-save error, and a checking
// chunk fails instead of crashing the process.
func TestACutMappedSideFileIsAnErrorNotACrash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.log")
	require.NoError(t, os.WriteFile(path, make([]byte, 3<<16), 0o600))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	b, ok := fsutil.MapFile(f, 3<<16)
	require.True(t, ok)
	defer fsutil.Unmap(b)
	require.NoError(t, os.Truncate(path, 0))

	s := who("cut")
	read := func() (err error) {
		defer s.catchFault(&err)()
		faultSink = b[2<<16]
		return nil
	}
	err = read()
	require.Error(t, err)
	assert.True(t, errors.Is(err, referee.ErrCorrupt), err)
	assert.Contains(t, err.Error(), "cut short while it was read")

	assert.False(t, inChunks(4, 1, func(lo, hi int) bool { return b[lo<<15] == 0 }))
	assert.True(t, inChunks(4, 1, func(lo, hi int) bool { return true }))

	// a panic that is not a fault is not swallowed
	assert.Panics(t, func() {
		var err error
		defer s.catchFault(&err)()
		panic("not a fault")
	})
}
