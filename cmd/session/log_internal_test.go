package session

import (
	"bufio"
	"bytes"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLogRowsArePipedTable checks that the rows `bosun log` writes
// straight when piped are the bytes f.Table writes of logTable's rows,
// with every flag: undone events, rolls, full texts, cites and --why.
func TestLogRowsArePipedTable(t *testing.T) {
	evs := []referee.Event{
		{Seq: 1, Step: 0, Type: "start", Text: "Game set up"},
		{Seq: 2, Step: 1, Type: "turn", Text: "Round 1: Ann's turn", Cites: []string{"war-for-atraxia/player-actions"}},
		{Seq: 3, Step: 2, Type: "battle", Text: "Ann attacks Bob", Cites: []string{"a/b", "c/d"},
			Rolls: []referee.Roll{{Die: "d6", Value: 3}, {Die: "d6", Value: 5, Label: "hit"}, {Die: "d8", Value: 2, Entered: true}}},
		{Seq: 4, Step: 3, Type: "adventure", Text: "see the placement rules", Data: map[string]any{referee.FullTextKey: "Place the card\twith care"}, Undone: true},
		{Seq: 5, Step: 3, Type: "undo", Text: "undid step 3", Cites: []string{"nowhy/x"}},
		{Seq: 6, Step: 4, Type: "odd", Text: "", Data: map[string]any{referee.FullTextKey: 7}, Rolls: []referee.Roll{{Die: "d20", Value: 20}}},
	}
	why := func(id string) string {
		if id == "nowhy/x" {
			return ""
		}
		return "the text of " + id
	}
	for _, all := range []bool{false, true} {
		for _, full := range []bool{false, true} {
			for _, withWhy := range []bool{false, true} {
				var want, got bytes.Buffer
				f := cmdutil.New(&cmdutil.IO{Out: &want})
				if withWhy {
					f.Hooks.Why = why
				}
				require.NoError(t, logTable(f, &want, evs, all, withWhy, full))
				bw := bufio.NewWriter(&got)
				logRows(bw, evs, all, full, whyHook(f, withWhy))
				require.NoError(t, bw.Flush())
				assert.Equal(t, want.String(), got.String(), "all %v, full %v, why %v", all, full, withWhy)
				assert.Contains(t, got.String(), "Ann attacks Bob (d6 rolled: 3, hit; d8 entered: 2)\ta/b c/d\n")
				assert.Equal(t, all, bytes.Contains(got.Bytes(), []byte("(undone) ")))
				assert.Equal(t, withWhy, bytes.Contains(got.Bytes(), []byte("\t\t\t  a/b: the text of a/b\t\n")))
			}
		}
	}
}
