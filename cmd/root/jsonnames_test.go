package root_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// controlName holds a character of every kind a JSON writer must escape
// (issue 26 item 3): DEL, C0 (SOH, ESC), C1 (CSI), the line and paragraph
// separators and a bidirectional override.
const controlName = "A\x7f\x01\x1b[2J\u009b\u2028\u2029\u202en"

// TestEveryJSONOutputEscapesControlCharacters: with a player named
// controlName, every --json output and bosun export is one valid JSON
// document that reads back the name as it was, and no control character
// reaches stdout raw (encoding/json leaves DEL and C1 raw; the terminal
// writer then made \x7f of a DEL, which is not JSON).
func TestEveryJSONOutputEscapesControlCharacters(t *testing.T) {
	misty(t)
	n := controlName
	code, _, errOut := runHere(t, "", "new", "misty-waters", "--players", n+":red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "s1",
		"--set", "misty.setup.base."+n+"=NE", "--set", "misty.setup.base.Bob=SW")
	require.Equal(t, 0, code, errOut)
	sets := []string{"--answers", twoPlayers}
	for _, kv := range []string{"attack=none", "ports=none", "treasure=none", "stop-card=no", "captured=0"} {
		sets = append(sets, "--set", "misty.player."+n+"."+kv)
	}
	code, _, errOut = runHere(t, "", append([]string{"next", "--steps", "2"}, sets...)...)
	require.Equal(t, 0, code, errOut)

	for _, c := range []struct {
		args []string
		code int
		// want: "name" the document holds the name as it was, "error" it
		// is an error document (whose message quotes the name escaped, as
		// every message does), "" it is valid JSON (undo prints no name)
		want string
	}{
		{[]string{"status", "--json"}, 0, "name"},
		{[]string{"sessions", "--json"}, 0, "name"},
		{[]string{"log", "--json"}, 0, "name"},
		{[]string{"log", "--all", "--json"}, 0, "name"},
		{[]string{"report", "--json"}, 0, "name"},
		{[]string{"export", "s1"}, 0, "name"},
		{[]string{"export", "--json"}, 0, "name"},
		{append([]string{"next", "--json"}, sets...), 0, "name"},
		{[]string{"undo", "--json", "--force"}, 0, ""},
		{[]string{"next", "--json", "--answers", twoPlayers}, 2, "error"}, // an answer for the name is missing
		{[]string{"status", "--json", "--session", "no-such" + n}, 2, "error"},
	} {
		code, out, errOut := runHere(t, "", c.args...)
		require.Equal(t, c.code, code, "bosun %q: %s", c.args, errOut)
		require.True(t, json.Valid([]byte(out)), "bosun %q prints one JSON document: %.400q", c.args, out)
		var doc any
		require.NoError(t, json.Unmarshal([]byte(out), &doc))
		for i, r := range out {
			if r == '\n' {
				continue
			}
			if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\u202e' || (r == utf8.RuneError) {
				t.Errorf("bosun %q: a raw %U at byte %d", c.args, r, i)
				break
			}
		}
		switch c.want {
		case "name":
			assert.True(t, holds(doc, n), "bosun %q reads back the name", c.args)
		case "error":
			assert.Contains(t, doc, "error")
		}
	}
}

// holds reports whether a decoded JSON value has a string containing s.
func holds(v any, s string) bool {
	switch x := v.(type) {
	case string:
		return strings.Contains(x, s)
	case []any:
		for _, e := range x {
			if holds(e, s) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if holds(e, s) {
				return true
			}
		}
	}
	return false
}
