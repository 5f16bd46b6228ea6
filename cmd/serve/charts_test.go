package serve_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/chronicle/chartsvg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCharts: the page lists bosun report's charts so far, and each is
// the report's drawing as an image (chartsvg.Image of the same chart);
// a new save redraws the ones that changed; an id not in the view is
// 404 and names nothing on disk.
func TestCharts(t *testing.T) {
	tb := newTable(t)
	name := tb.threePlayers()
	for range 12 {
		tb.next(name)
	}
	srv, hs := newServer(t, tb, name, nil)
	check := func() map[string]string {
		t.Helper()
		var ch chronicle.Chronicle
		require.NoError(t, json.Unmarshal([]byte(tb.must("report", name, "--json")), &ch))
		v := viewOf(t, hs.URL+"/api/view")
		require.Len(t, v.Charts, len(ch.Charts), "the report's charts")
		revs := map[string]string{}
		for i, c := range ch.Charts {
			cv := v.Charts[i]
			assert.Equal(t, c.ID, cv.ID)
			assert.Equal(t, c.Title, cv.Title)
			assert.Equal(t, c.Note, cv.Note)
			if c.Empty() {
				assert.Empty(t, cv.Rev, "%s: nothing to draw", c.ID)
				continue
			}
			require.NotEmpty(t, cv.Rev, c.ID)
			revs[c.ID] = cv.Rev
			resp, body := get(t, hs.URL+"/api/chart?id="+c.ID+"&v="+cv.Rev)
			require.Equal(t, 200, resp.StatusCode, c.ID)
			assert.Equal(t, "image/svg+xml", resp.Header.Get("Content-Type"))
			assert.Equal(t, chartsvg.Image(c, ch.Players), body, "chart %s is the report's drawing", c.ID)
		}
		return revs
	}
	revs := check()
	require.NotEmpty(t, revs, "charts so far after 13 steps")
	_, page := get(t, hs.URL+"/")
	for id, rev := range revs {
		assert.Contains(t, page, `<img src="/api/chart?id=`+id+`&amp;v=`+rev+`"`, "chart %s on the page as served", id)
	}

	tb.must("next", "--session", name, "--steps", "20", "--answers", threeAnswers)
	srv.Check()
	later := check()
	changed := 0
	for id, rev := range later {
		if revs[id] != rev {
			changed++
		}
	}
	assert.Positive(t, changed, "20 steps later a chart is drawn anew")

	resp, body := get(t, hs.URL+"/api/chart?id=nosuch")
	assert.Equal(t, 404, resp.StatusCode)
	assert.Contains(t, body, "no chart")
	resp, _ = get(t, hs.URL+"/api/chart?id=../../sessions/mw3.json")
	assert.Equal(t, 404, resp.StatusCode)
	assert.False(t, strings.Contains(body, tb.dir), "no path in the answer")
}
