package tables_test

import (
	"path/filepath"
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
		_, err := tables.New(path, []byte(c.yaml))
		require.Error(t, err, c.yaml)
		assert.Contains(t, err.Error(), "overlay "+path+": table ")
		assert.Contains(t, err.Error(), c.want)
		var ve *tables.ValueError
		assert.ErrorAs(t, err, &ve)
	}
	// Good values load, and entered values are checked the same way.
	path := filepath.Join(t.TempDir(), "tables.yaml")
	set, err := tables.New(path, []byte("dice:\n  ammo:\n    value: 0,1,1,2,2,3\n  direction:\n    value: [\"N>NW|NE\", \"S>SE|SW\"]\n"))
	require.NoError(t, err)
	assert.ErrorContains(t, set.Remember("dice", "ammo", "1,2,99", "asked"), `face "99"`)
	assert.NoError(t, set.Remember("dice", "ammo", "1,2,3", "asked"))
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
