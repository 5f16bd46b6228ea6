package serve_test

import (
	"encoding/json"
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportRows are the rows of bosun report's battles table (Markdown),
// by the battle's number: the cells # When Battle Odds Dice Result Luck.
func reportRows(t *testing.T, md string) map[string][]string {
	t.Helper()
	rows := map[string][]string{}
	in := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "| # | When | Battle |") {
			in = true
			continue
		}
		if in && !strings.HasPrefix(line, "|") {
			break
		}
		if in && !strings.HasPrefix(line, "|---") {
			cells := strings.Split(strings.Trim(line, "|"), " | ")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			rows[cells[0]] = cells
		}
	}
	require.NotEmpty(t, rows, "the report has a battles table:\n%s", md)
	return rows
}

// TestBattles: the page shows each battle with the figures bosun report
// gives it (the same chronicle): its exact odds before the dice, the
// dice, the result and their luck, newest first, on the page as served
// and in the JSON the live page redraws from; a game with no battle yet
// says so.
func TestBattles(t *testing.T) {
	tb := newTable(t)
	name := tb.threePlayers()
	_, hs0 := newServer(t, tb, name, nil)
	v := viewOf(t, hs0.URL+"/api/view")
	assert.Equal(t, 0, v.Fought)
	assert.Empty(t, v.Battles)
	_, page := get(t, hs0.URL+"/")
	assert.Contains(t, page, "No battle so far.")

	tb.must("next", "--session", name, "--to-end", "--answers", threeAnswers)
	var ch chronicle.Chronicle
	require.NoError(t, json.Unmarshal([]byte(tb.must("report", name, "--json")), &ch))
	rows := reportRows(t, tb.must("report", name, "--format", "md"))
	require.Len(t, ch.Battles, 7, "the scripted game's battles")

	_, hs := newServer(t, tb, name, nil)
	v = viewOf(t, hs.URL+"/api/view")
	assert.Equal(t, len(ch.Battles), v.Fought)
	require.Len(t, v.Battles, len(ch.Battles))
	lucky := 0
	for i, b := range v.Battles {
		want := ch.Battles[len(ch.Battles)-1-i] // newest first
		assert.Equal(t, len(ch.Battles)-i, b.N)
		assert.Equal(t, want.Step, b.Step)
		assert.Equal(t, want.Title, b.Title)
		assert.Equal(t, want.Odds, b.Outcomes, "the exact odds of battle %d", b.N)
		assert.Equal(t, want.Luck, b.Percentile, "the luck of battle %d", b.N)
		row := rows[strconv.Itoa(b.N)]
		require.Len(t, row, 7, "report row %d", b.N)
		assert.Equal(t, []string{row[1], row[2], row[3], row[4], row[5], row[6]},
			[]string{b.Round, b.Title, b.Odds, b.Dice, b.Result, b.Luck}, "battle %d in the report's words", b.N)
		if b.Percentile != nil {
			lucky++
		}
	}
	assert.Greater(t, lucky, 3, "most battles' dice have a luck")
	assert.Contains(t, v.Battles[0].Odds, "%")
	assert.Contains(t, v.Battles[1].Luck, "percentile")

	_, page = get(t, hs.URL+"/")
	assert.Contains(t, page, `<dd class="b-odds">`+html.EscapeString(v.Battles[0].Odds)+`</dd>`, "the newest battle's odds on the page as served")
	assert.Contains(t, page, html.EscapeString(v.Battles[1].Luck))
	assert.Contains(t, page, "(7 so far)")
	assert.NotContains(t, page, "No battle so far.")
}
