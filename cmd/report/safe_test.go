package report_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rawControl matches a control character a name may carry into a file:
// C0 but tab and newline, DEL and C1.
var rawControl = regexp.MustCompile("[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f]")

// TestReportIsSafeToShare (issue 26 item 4): with players named as HTML
// and with terminal escapes, the Markdown holds no raw HTML (a viewer
// would run it), the HTML and the Markdown files hold no raw control
// character, and --json is one JSON document that reads the names back.
func TestReportIsSafeToShare(t *testing.T) {
	tb := newTable(t)
	script := "<script>alert(1)</script>\x1b]0;t\x07\x08\x7f"
	img := "<img src=x onerror=alert(1)>![](//example.com/t.png)"
	// Misty Waters two steps in: the first name is in the story, the
	// second (Bob's answers are the scripted ones) in the setup facts.
	tb.must("new", "misty-waters", "--players", script+":red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "h",
		"--set", "misty.setup.base."+script+"=NE", "--set", "misty.setup.base.Bob=SW")
	args := []string{"next", "--steps", "2", "--answers", filepath.Join(repo, "games/mistywaters/procedure/testdata/two-players.yaml")}
	for _, kv := range []string{"attack=none", "ports=none", "treasure=none", "stop-card=no", "captured=0"} {
		args = append(args, "--set", "misty.player."+script+"."+kv)
	}
	tb.must(args...)
	tb.must("new", "rolling-seas", "--players", img+",Sara", "--seed", "1", "--name", "i")

	for _, s := range []string{"h", "i"} {
		md := filepath.Join(tb.dir, s+".md")
		html := filepath.Join(tb.dir, s+".html")
		tb.must("report", s, "-o", md)
		tb.must("report", s, "-o", html)
		for _, p := range []string{md, html} {
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.False(t, rawControl.Match(b), "%s holds a raw control character: %q", p, rawControl.Find(b))
			assert.NotContains(t, string(b), "<script", p)
			assert.NotContains(t, string(b), "<img", p)
		}
		b, _ := os.ReadFile(md)
		if s == "h" {
			assert.Contains(t, string(b), `- Players: &lt;script>alert(1)&lt;/script>\x1b]0;t\x07\x08\x7f (red), Bob (blue)`)
			assert.Contains(t, string(b), `&lt;script>alert(1)&lt;/script>\x1b]0;t\x07\x08\x7f's turn`, "in the story too")
		} else {
			assert.Contains(t, string(b), `- Players: &lt;img src=x onerror=alert(1)>![]\(//example.com/t.png), Sara`)
		}
		out := tb.must("report", s, "--format", "md")
		assert.NotContains(t, out, "<script")
		assert.NotContains(t, out, "<img")

		out = tb.must("report", s, "--json")
		var doc struct{ Players []struct{ Name string } }
		require.NoError(t, json.Unmarshal([]byte(out), &doc), "report --json is one JSON document: %.300q", out)
		require.NotEmpty(t, doc.Players)
		assert.Contains(t, []string{script, img}, doc.Players[0].Name, "the name reads back as it was")
	}
	// The HTML escapes it as HTML.
	b, _ := os.ReadFile(filepath.Join(tb.dir, "h.html"))
	assert.Contains(t, string(b), `&lt;script&gt;alert(1)&lt;/script&gt;\x1b]0;t\x07\x08\x7f`)
}

// TestReportRefusesAnUnreadableLog (issue 26 item 4): a session whose log
// file is garbage is refused as bosun export refuses it, with its code
// and its message, not told as "Nothing happened yet." with exit 0.
func TestReportRefusesAnUnreadableLog(t *testing.T) {
	tb := newTable(t)
	g := games[1]
	tb.start(g)
	tb.must(append([]string{"next", "--session", g.name, "--steps", "2"}, tb.answers(g)...)...)
	log := filepath.Join(tb.dir, "data", "sessions", g.name+".log")
	b, err := os.ReadFile(log)
	require.NoError(t, err)
	require.NotEmpty(t, b)
	// every line garbage, the file as long as the save says
	garbage := regexp.MustCompile(`[^\n]`).ReplaceAll(b, []byte("x"))
	require.NoError(t, os.WriteFile(log, garbage, 0o600))

	code, out, errOut := tb.run("export", g.name)
	require.NotEqual(t, 0, code, "export refuses the log: %s", out)
	for _, args := range [][]string{{"report", g.name}, {"report", g.name, "--format", "html"}, {"report", g.name, "-o", filepath.Join(tb.dir, "r.md")}} {
		c, o, e := tb.run(args...)
		assert.Equal(t, code, c, "bosun %v exits as export does: %s", args, e)
		assert.Empty(t, o)
		assert.NotContains(t, o, "Nothing happened yet.")
		assert.Contains(t, e, g.name+".log")
		assert.Contains(t, e, strings.SplitN(errOut, "(", 2)[0], "the message export gives")
	}
	assert.NoFileExists(t, filepath.Join(tb.dir, "r.md"))
	c, o, _ := tb.run("report", g.name, "--json")
	assert.Equal(t, code, c)
	assert.Contains(t, o, `"error"`)
}
