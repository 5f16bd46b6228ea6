package tables_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryEmbeddedTableIsValid walks every embedded file, so a malformed
// row fails go test, never a player's session.
func TestEveryEmbeddedTableIsValid(t *testing.T) {
	ts, err := tables.Embedded()
	require.NoError(t, err)
	require.NotEmpty(t, ts)
	for name, tb := range ts {
		assert.NotEmpty(t, tb.Rows, name)
		for _, r := range tb.Rows {
			switch r.Source {
			case tables.SourceRulebook:
				assert.NotEmpty(t, r.Ref, "%s.%s", name, r.Key)
			case tables.SourceAssumed:
				assert.NotEmpty(t, r.Note, "%s.%s", name, r.Key)
			case tables.SourceBoard:
				if !r.Known() {
					assert.NotEmpty(t, r.Where, "%s.%s", name, r.Key)
				}
			default:
				t.Errorf("%s.%s: source %q", name, r.Key, r.Source)
			}
		}
	}
}

func TestOverlayOverridesAndRemembers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bosun", "tables.yaml")
	set, err := tables.Load(path)
	require.NoError(t, err)
	row, ok := set.Lookup("dice", "ammo")
	require.True(t, ok)
	assert.False(t, row.Known())

	require.NoError(t, set.Remember("dice", "ammo", "0,1,1,2,2,3", "asked"))
	require.NoError(t, set.Remember("dice", "wind", []any{"N", "E", "S", "W", "N", "S"}, "asked"))
	require.NoError(t, set.Flush())
	again, err := tables.Load(path)
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
	_, err := tables.Load(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path)
}

func TestDiscardForgetsWhatAFailedStepRemembered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.yaml")
	set, err := tables.Load(path)
	require.NoError(t, err)
	require.NoError(t, set.Remember("dice", "ammo", "1,2,3,4,5,6", "asked"))
	require.NoError(t, set.Flush())
	require.NoError(t, set.Remember("dice", "wind", "N,S", "asked"))
	row, _ := set.Lookup("dice", "wind")
	assert.Equal(t, "N,S", row.Value, "remembered in memory at once")
	set.Discard()
	row, _ = set.Lookup("dice", "wind")
	assert.Equal(t, tables.SourceAssumed, row.Source, "forgotten after a failed step")
	require.NoError(t, set.Flush())
	again, err := tables.Load(path)
	require.NoError(t, err)
	row, _ = again.Lookup("dice", "ammo")
	assert.Equal(t, "1,2,3,4,5,6", row.Value)
	row, _ = again.Lookup("dice", "wind")
	assert.Equal(t, tables.SourceAssumed, row.Source)
}

func TestFlushKeepsWhatAnotherProcessWrote(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.yaml")
	a, err := tables.Load(path)
	require.NoError(t, err)
	b, err := tables.Load(path)
	require.NoError(t, err)
	require.NoError(t, b.Remember("dice", "wind", "N,S", "asked"))
	require.NoError(t, b.Flush())
	require.NoError(t, a.Remember("dice", "ammo", "1,2,3,4,5,6", "asked"))
	require.NoError(t, a.Flush()) // a read the file before b wrote it
	c, err := tables.Load(path)
	require.NoError(t, err)
	row, _ := c.Lookup("dice", "wind")
	assert.Equal(t, "N,S", row.Value, "b's answer survives a's flush")
	row, _ = c.Lookup("dice", "ammo")
	assert.Equal(t, "1,2,3,4,5,6", row.Value)
}

// TestOverlayValuesAreValidated: every overlay value is checked when the
// file is loaded, with the rules of the question that asks it, and the
// error names the file, the table, the key and what is accepted.
func TestOverlayValuesAreValidated(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"dice:\n  ammo:\n    value: a,b,c,d,e,f\n", `key ammo: face "a" is not a number of dots; accepted: the dots`},
		{"dice:\n  ammo:\n    value: -5,-5,-5,-5,-5,-5\n", `face "-5" is not a number of dots`},
		{"dice:\n  ammo:\n    value: [12345678901234567890, 1]\n", `key ammo: face "12345678901234567890" is not a number of dots`},
		{"dice:\n  ammo:\n    value: \"12345678901234567890\"\n", `is not a number of dots`},
		{"dice:\n  direction:\n    value: garbage\n", `key direction: face "garbage" is not a Direction Dice face; accepted: MAIN>TOPLEFT|TOPRIGHT`},
		{"dice:\n  direction:\n    value: [\"N>NW|XX\"]\n", `face "N>NW|XX"`},
		{"dice:\n  wind:\n    value: [N, Q]\n", `key wind: face "Q" is not a wind direction`},
		{"mw-wind-force:\n  " + firstIntKey(t, "mw-wind-force") + ":\n    value: lots\n", `is not a whole number`},
	} {
		path := filepath.Join(t.TempDir(), "tables.yaml")
		require.NoError(t, os.WriteFile(path, []byte(c.yaml), 0o600))
		_, err := tables.Load(path)
		require.Error(t, err, c.yaml)
		assert.Contains(t, err.Error(), "overlay "+path+": table ")
		assert.Contains(t, err.Error(), c.want)
		var ve *tables.ValueError
		assert.ErrorAs(t, err, &ve)
	}
	// Good values load, and entered values are checked the same way.
	path := filepath.Join(t.TempDir(), "tables.yaml")
	require.NoError(t, os.WriteFile(path, []byte("dice:\n  ammo:\n    value: 0,1,1,2,2,3\n  direction:\n    value: [\"N>NW|NE\", \"S>SE|SW\"]\n"), 0o600))
	set, err := tables.Load(path)
	require.NoError(t, err)
	assert.ErrorContains(t, set.Remember("dice", "ammo", "1,2,99", "asked"), `face "99"`)
	assert.NoError(t, set.Remember("dice", "ammo", "1,2,3", "asked"))
}

func TestOverlayFIFOAndSizeAreRefused(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(tables.MaxOverlaySize+1))
	f.Close()
	_, err = tables.Load(big)
	assert.ErrorContains(t, err, "larger than the limit of 1 MiB")
	fifo := filepath.Join(dir, "fifo.yaml")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	_, err = tables.Load(fifo)
	assert.ErrorContains(t, err, "is a FIFO, expected a regular file")
}

func firstIntKey(t *testing.T, table string) string {
	all, err := tables.Embedded()
	require.NoError(t, err)
	for _, r := range all[table].Rows {
		if _, ok := r.Value.(int); ok {
			return r.Key
		}
	}
	t.Fatalf("no whole-number row in %s", table)
	return ""
}
