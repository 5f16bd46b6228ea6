package store_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tables overlay file as the store reads and writes it (what the
// values mean is tested in tables).

func TestOverlayOverridesAndRemembers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bosun", "tables.yaml")
	set, err := store.LoadTables(path)
	require.NoError(t, err)
	row, ok := set.Lookup("dice", "ammo")
	require.True(t, ok)
	assert.False(t, row.Known())

	require.NoError(t, set.Remember("dice", "ammo", "0,1,1,2,2,3", "asked"))
	require.NoError(t, set.Remember("dice", "wind", []any{"N", "E", "S", "W", "N", "S"}, "asked"))
	require.NoError(t, store.FlushTables(set))
	again, err := store.LoadTables(path)
	require.NoError(t, err)
	row, _ = again.Lookup("dice", "ammo")
	assert.Equal(t, "0,1,1,2,2,3", row.Value)
	assert.Equal(t, tables.SourceUser, row.Source)
	tb, ok := again.Table("dice")
	require.True(t, ok)
	for _, r := range tb.Rows {
		if r.Key == "wind" {
			assert.Equal(t, tables.SourceUser, r.Source)
			assert.Len(t, r.Value, 6)
		}
	}
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
}

func TestMalformedOverlayIsReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.yaml")
	require.NoError(t, os.WriteFile(path, []byte("dice: [oops"), 0o600))
	_, err := store.LoadTables(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path)
}

func TestDiscardForgetsWhatAFailedStepRemembered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.yaml")
	set, err := store.LoadTables(path)
	require.NoError(t, err)
	require.NoError(t, set.Remember("dice", "ammo", "1,2,3,4,5,6", "asked"))
	require.NoError(t, store.FlushTables(set))
	require.NoError(t, set.Remember("dice", "wind", "N,S", "asked"))
	row, _ := set.Lookup("dice", "wind")
	assert.Equal(t, "N,S", row.Value, "remembered in memory at once")
	set.Discard()
	row, _ = set.Lookup("dice", "wind")
	assert.Equal(t, tables.SourceAssumed, row.Source, "forgotten after a failed step")
	require.NoError(t, store.FlushTables(set))
	again, err := store.LoadTables(path)
	require.NoError(t, err)
	row, _ = again.Lookup("dice", "ammo")
	assert.Equal(t, "1,2,3,4,5,6", row.Value)
	row, _ = again.Lookup("dice", "wind")
	assert.Equal(t, tables.SourceAssumed, row.Source)
}

func TestFlushKeepsWhatAnotherProcessWrote(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.yaml")
	a, err := store.LoadTables(path)
	require.NoError(t, err)
	b, err := store.LoadTables(path)
	require.NoError(t, err)
	require.NoError(t, b.Remember("dice", "wind", "N,S", "asked"))
	require.NoError(t, store.FlushTables(b))
	require.NoError(t, a.Remember("dice", "ammo", "1,2,3,4,5,6", "asked"))
	require.NoError(t, store.FlushTables(a)) // a read the file before b wrote it
	c, err := store.LoadTables(path)
	require.NoError(t, err)
	row, _ := c.Lookup("dice", "wind")
	assert.Equal(t, "N,S", row.Value, "b's answer survives a's flush")
	row, _ = c.Lookup("dice", "ammo")
	assert.Equal(t, "1,2,3,4,5,6", row.Value)
}

func TestOverlayFIFOAndSizeAreRefused(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(tables.MaxOverlaySize+1))
	f.Close()
	_, err = store.LoadTables(big)
	assert.ErrorContains(t, err, "larger than the limit of 1 MiB")
	fifo := filepath.Join(dir, "fifo.yaml")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	_, err = store.LoadTables(fifo)
	assert.ErrorContains(t, err, "is a FIFO, expected a regular file")
}
