package cmdutil_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
)

func widest(s string) int {
	w := 0
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		w = max(w, runewidth.StringWidth(l))
	}
	return w
}

func TestWrapText(t *testing.T) {
	long := "- Ann attacks the Pirate Ship with 3 Cannons: rolled 6, 4, 4 and 1, two hits; the Pirate Ship loses 2 Sailors and takes a Damage Marker"
	got := cmdutil.WrapText(long, 40)
	assert.LessOrEqual(t, widest(got), 40)
	assert.Equal(t, strings.Fields(long), strings.Fields(got), "wrapping keeps every word, in order")
	for _, l := range strings.Split(got, "\n")[1:] {
		assert.True(t, strings.HasPrefix(l, "  ") && l[2] != ' ', "a bullet's continuation is indented under its text: %q", l)
	}
	assert.Equal(t, "short line\nnext", cmdutil.WrapText("short line\nnext", 40))
	assert.Equal(t, "Players: Ann, Bob, Cid, Dan,\n         Eve", cmdutil.WrapText("Players: Ann, Bob, Cid, Dan, Eve", 30))
	word := strings.Repeat("x", 30)
	assert.Equal(t, "a\n"+word+"\nb", cmdutil.WrapText("a "+word+" b", 20), "a word wider than the line is left whole")
	table := "│ " + strings.Repeat("cell ", 20) + "│"
	assert.Equal(t, table, cmdutil.WrapText(table, 40), "table borders are never wrapped")
}

func TestWrapWriter(t *testing.T) {
	var b bytes.Buffer
	ww := cmdutil.NewWrapWriter(&b, 20)
	fmt.Fprint(ww, "one two three four ")
	fmt.Fprint(ww, "five six\nseven")
	assert.Equal(t, "one two three four\nfive six\n", b.String(), "complete lines are written as they come")
	require.NoError(t, ww.Flush())
	assert.Equal(t, "one two three four\nfive six\nseven", b.String())
}

func TestTableFitsTheWidth(t *testing.T) {
	header := []string{"ID", "ALIASES", "GAME", "WHAT BOSUN RUNS"}
	rows := [][]string{
		{"war-for-atraxia", "atraxia, wfa", "War for Atraxia", "turns and actions, battles (fleet strength + ammo + power cards), pirates and privateers, Isle of Myth upkeep and end-game countdown"},
		{"quests-and-cannons", "qc, quests", "Quests & Cannons: The Risen Islands", "turns and rounds, attacks with ammo dice, Treacherous Seas, sinking, Prosperity goal, co-op Marauder automa"},
	}
	for _, width := range []int{120, 80, 60} {
		var b bytes.Buffer
		f := cmdutil.New(&cmdutil.IO{Out: &b, TTYOut: true, Cols: width})
		require.NoError(t, f.Table(&b, header, rows))
		assert.LessOrEqual(t, widest(b.String()), width, "at %d columns:\n%s", width, b.String())
		assert.Contains(t, b.String(), "quests-and-cannons", "at %d columns an id is not broken", width)
		assert.Contains(t, b.String(), "┌", "at %d columns it is still a table", width)
	}
	var b bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{Out: &b, TTYOut: true, Cols: 40})
	require.NoError(t, f.Table(&b, header, rows))
	assert.LessOrEqual(t, widest(b.String()), 40, b.String())
	assert.Contains(t, b.String(), "ID: war-for-atraxia\nALIASES: atraxia, wfa\n", "too narrow for columns: one record per row")
	assert.Equal(t, strings.Fields("turns and actions, battles (fleet strength + ammo + power cards), pirates and privateers, Isle of Myth upkeep and end-game countdown"),
		strings.Fields(strings.SplitN(strings.SplitN(b.String(), "WHAT BOSUN RUNS:", 2)[1], "\n\n", 2)[0]))

	b.Reset()
	f = cmdutil.New(&cmdutil.IO{Out: &b, TTYOut: false, Cols: 40})
	require.NoError(t, f.Table(&b, header, rows[:1]))
	assert.Equal(t, strings.Join(header, "\t")+"\n"+strings.Join(rows[0], "\t")+"\n", b.String(), "piped rows are never wrapped")
}

func TestRenderWrapsOnATerminal(t *testing.T) {
	long := strings.Repeat("word ", 30)
	var b bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{Out: &b, TTYOut: true, Cols: 40})
	require.NoError(t, f.Render(nil, func(w io.Writer) error { _, err := fmt.Fprintln(w, long); return err }))
	assert.LessOrEqual(t, widest(b.String()), 40)
	b.Reset()
	f = cmdutil.New(&cmdutil.IO{Out: &b, Cols: 40})
	require.NoError(t, f.Render(nil, func(w io.Writer) error { _, err := fmt.Fprintln(w, long); return err }))
	assert.Equal(t, long+"\n", b.String(), "piped output is not wrapped")
}

func TestWrapIndentedLinesKeepTheirIndent(t *testing.T) {
	got := cmdutil.WrapText("  Ann (tiger): OC 7, AlWood 5, Ammo 0, Power cards 0, Magic Crystals 0", 40)
	for _, l := range strings.Split(got, "\n")[1:] {
		assert.True(t, strings.HasPrefix(l, "  ") && l[2] != ' ', "an indented line continues at its indentation, as its siblings do: %q", l)
	}
}

func TestLinesWrapsOnlyOnATerminal(t *testing.T) {
	long := strings.Repeat("word ", 30) + "\n"
	var b bytes.Buffer
	fmt.Fprint((&cmdutil.IO{Out: &b, TTYOut: true, Cols: 40}).Lines(), long)
	assert.LessOrEqual(t, widest(b.String()), 40)
	b.Reset()
	fmt.Fprint((&cmdutil.IO{Out: &b, Cols: 40}).Lines(), long)
	assert.Equal(t, long, b.String())
}

// A message is wrapped at words, its continuation under its start (issue
// 24: the terminal cut "Play/er", "fox-hom/e" and "Al/Wood" at column 80).
func TestWrapMessage(t *testing.T) {
	msg := `answer "fox-hmoe" for wfa.move.from (Xanthe moves ships: from which location?): "fox-hmoe" is not a location; accepted: fox-home, fox-1, fox-2, isle, apex1-apex6 (a Player Ship of yours, AlWood)`
	got := cmdutil.WrapMessage("bosun: ", msg, 80)
	assert.LessOrEqual(t, widest(got), 80)
	assert.Equal(t, strings.Fields("bosun: "+msg), strings.Fields(got), "every word, whole and in order")
	lines := strings.Split(got, "\n")
	require.Greater(t, len(lines), 1)
	for _, l := range lines[1:] {
		assert.True(t, strings.HasPrefix(l, "       ") && l[7] != ' ', "continued under the message: %q", l)
	}

	var errOut bytes.Buffer
	io := &cmdutil.IO{ErrOut: &errOut, ErrCols: 60}
	io.Message(msg)
	assert.LessOrEqual(t, widest(errOut.String()), 60)
	// Not a terminal: one line, as it was.
	errOut.Reset()
	io.ErrCols = 0
	io.Message(msg)
	assert.Equal(t, "bosun: "+msg+"\n", errOut.String())
}

func TestReflowHelp(t *testing.T) {
	help := `Run the next step of the game's procedure: bosun says what to do with the
physical components, asks what it cannot see, rolls or asks for dice, and
records the events.

Usage:
  bosun next [flags]

Flags:
      --answers stringArray   answers file (YAML key: value, or key=value lines; - for stdin; repeatable)
      --json                  print one JSON document to stdout
`
	assert.Equal(t, help, cmdutil.ReflowHelp(help, 120), "help that fits is left alone")
	got := cmdutil.ReflowHelp(help, 60)
	assert.LessOrEqual(t, widest(got), 60)
	assert.Equal(t, strings.Fields(help), strings.Fields(got))
	assert.Contains(t, got, "Run the next step of the game's procedure: bosun says what\nto do with the physical components,")
	assert.Contains(t, got, "\nUsage:\n  bosun next [flags]\n\nFlags:\n")
	assert.Contains(t, got, "      --answers stringArray   answers file (YAML key: value,\n                              or key=value lines;")
}

// TestWrapTextKeepsALabelsColumn: a status line whose label is padded to a
// column ("Next step:      ...", beside "Phase:          ...") keeps its
// padding when it is wrapped, and continues under its text; at 80
// columns the padding was closed to one space.
func TestWrapTextKeepsALabelsColumn(t *testing.T) {
	in := "Phase:          Phase 5: Player's Turn\n" +
		"Next step:      bosun next runs Ann's turn (Phase 5): move your ships, then bosun asks for your attacks, ports and Treasure"
	want := "Phase:          Phase 5: Player's Turn\n" +
		"Next step:      bosun next runs Ann's turn (Phase 5): move your ships, then\n" +
		"                bosun asks for your attacks, ports and Treasure"
	assert.Equal(t, want, cmdutil.WrapText(in, 80))
	// a label without padding still continues under its text
	assert.Equal(t, "Event: one two three four five\n       six seven", cmdutil.WrapText("Event: one two three four five six seven", 30))
}
