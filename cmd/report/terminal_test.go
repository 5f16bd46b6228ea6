package report_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/report"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// termWords are the words the terminal view adds to the Markdown's: the
// labels of its blocks and columns.
var termWords = []string{"odds:", "dice:", "result:", "luck:", "first", "applied", "to:", "once", "times", "Place", "Player", "Score", "Detail", "→", "—"}

// mdWords is the set of the words of a Markdown report, its table pipes,
// code and bold marks left out, with the terminal view's labels.
func mdWords(md string) map[string]bool {
	set := map[string]bool{}
	md = strings.ReplaceAll(md, `\|`, "\x00")
	for _, w := range strings.Fields(strings.ReplaceAll(md, "|", " ")) {
		set[bare(strings.ReplaceAll(w, "\x00", "|"))] = true
	}
	for _, w := range termWords {
		set[w] = true
	}
	return set
}

// bare is a word without Markdown's code and bold marks.
func bare(w string) string {
	return strings.ReplaceAll(strings.ReplaceAll(w, "`", ""), "**", "")
}

var blockNumber = regexp.MustCompile(`^#[0-9]+$|^[0-9]+\.$`)

// splitWords returns the words of the terminal lines that are not a word
// of the Markdown: a word cut across two lines shows as two such pieces. A
// word broken after a "/" or "-" at the end of a line (a section id wider
// than the line) is joined to the next line's first word before the check.
func splitWords(lines []string, words map[string]bool) []string {
	type tok struct {
		w    string
		last bool // the last word of its line
	}
	var toks []tok
	for _, l := range lines {
		f := strings.Fields(l)
		for i, w := range f {
			toks = append(toks, tok{bare(w), i == len(f)-1})
		}
	}
	var bad []string
	for i := 0; i < len(toks); i++ {
		w := toks[i].w
		for !words[w] && toks[i].last && strings.ContainsAny(w[len(w)-1:], "/-") && i+1 < len(toks) {
			i++
			w += toks[i].w
		}
		if !words[w] && !blockNumber.MatchString(w) {
			bad = append(bad, w)
		}
	}
	return bad
}

// The terminal view of every scripted game fits 40, 60, 80 and 120
// columns: no line is wider (the charts included), and every word outside
// the charts is a whole word of the Markdown report, none cut in two.
func TestTerminalFitsTheWidth(t *testing.T) {
	for _, g := range games {
		var ch chronicle.Chronicle
		b, err := os.ReadFile(filepath.Join("testdata", g.name+".json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &ch))
		var md bytes.Buffer
		require.NoError(t, report.Write(&md, &ch, report.FormatMarkdown, 100))
		words := mdWords(md.String())
		for _, width := range []int{40, 60, 80, 120} {
			var buf bytes.Buffer
			require.NoError(t, report.Write(&buf, &ch, report.FormatTerminal, width))
			var text []string
			chart := false
			for _, l := range strings.Split(buf.String(), "\n") {
				assert.LessOrEqual(t, runewidth.StringWidth(l), width, "%s at %d: %q", g.name, width, l)
				if l == "```" {
					chart = !chart
					continue
				}
				if !chart {
					text = append(text, l)
					continue
				}
				// In a chart, the names and labels are whole words too.
				for _, w := range strings.Fields(l) {
					if strings.ContainsAny(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
						assert.True(t, words[strings.TrimSuffix(w, ":")], "%s at %d: chart word %q is not a word of the Markdown (cut?) in %q", g.name, width, w, l)
					}
				}
			}
			assert.False(t, chart, "%s at %d: a chart's code block is not closed", g.name, width)
			assert.Empty(t, splitWords(text, words), "%s at %d: words that are not the Markdown's (cut across lines?)", g.name, width)
			assert.NotContains(t, buf.String(), "|---", "%s at %d: a Markdown table left in the terminal view", g.name, width)
		}
	}
}

// The Result is aligned columns, the battles and the rulings one block per
// row, and the Winner paragraph continues at the margin, at 80 columns on
// the Quests & Cannons teams game (where issue #17 saw them garbled).
func TestTerminalTables(t *testing.T) {
	var ch chronicle.Chronicle
	b, err := os.ReadFile(filepath.Join("testdata", "qc-team-2v2.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &ch))
	var buf bytes.Buffer
	require.NoError(t, report.Write(&buf, &ch, report.FormatTerminal, 80))
	s := buf.String()
	assert.Contains(t, s, "\n**Winner: Ann+Bob.** most Prosperity wins, ties by Coins: Ann+Bob 20 Prosperity,\n11 Coins; Cid+Dee 1 Prosperity, 2 Coins\n")
	assert.Contains(t, s, "\nPlace  Player   Score\n1      Ann+Bob  20 Prosperity\n2      Cid+Dee  1 Prosperity\n")
	assert.Contains(t, s, "\n#1 Round 1 — Ann fires 2 Cannons at Cid\n"+
		"   odds: 0 damage 8.3%; 1 damage 50%; 2 damage 38.9%; 3 damage 2.8%\n"+
		"   dice: 4, 4 (entered) → 8 dots, 2 damage\n"+
		"   luck: Ann: 65th percentile (about the odds)\n\n#2 Round 2 — ")
	assert.Contains(t, s, "\nquests-and-cannons/prosperity 10 times\n"+
		"   first applied to: team Ann+Bob (delf): Prosperity Goal 20, tracker next to\n"+
		"                     the 1 space\n")

	// At 40 columns a long detail and a long section id still read whole.
	buf.Reset()
	require.NoError(t, report.Write(&buf, &ch, report.FormatTerminal, 40))
	s = buf.String()
	assert.Contains(t, s, "\nquests-and-cannons/exchanging-with-\n   teammates once\n")
	assert.Contains(t, s, "\n   odds: 0 damage 8.3%; 1 damage 50%;\n         2 damage 38.9%; 3 damage 2.8%\n")
}

// A Detail too wide to sit beside the other columns goes under its row.
func TestTerminalRanksDetailUnderRow(t *testing.T) {
	var ch chronicle.Chronicle
	b, err := os.ReadFile(filepath.Join("testdata", "rs-solo-basic.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &ch))
	var buf bytes.Buffer
	require.NoError(t, report.Write(&buf, &ch, report.FormatTerminal, 40))
	assert.Contains(t, buf.String(), "\nPlace  Player            Score\n1      Captain Ironside  216 Renown\n       Storyteller Extraordinaire;\n")
	buf.Reset()
	require.NoError(t, report.Write(&buf, &ch, report.FormatTerminal, 80))
	assert.Contains(t, buf.String(), "\nPlace  Player            Score       Detail\n1      Captain Ironside  216 Renown  Storyteller Extraordinaire; column 85,\n                                     final story 40, ending port 0, bonus 91,\n")
}
