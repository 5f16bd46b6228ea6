package chartsvg_test

import (
	"encoding/xml"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/chronicle/chartsvg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var chart = chronicle.Chart{ID: "coins", Title: `Coins of <script> & "Bob"`, X: "round", Y: "coins", Kind: "line", Series: []chronicle.Series{
	{Name: "<b>Ann</b>", Points: []chronicle.Point{{X: 1, Y: 3}, {X: 2, Y: 5.5}, {X: 3, Y: 4}}},
	{Name: "Bob", Points: []chronicle.Point{{X: 1, Y: 1}, {X: 3, Y: 8}}},
}}

// TestImageIsTheReportsDrawingStandingAlone: the image drawn for an <img>
// has the report's marks, every line stroked and every text filled by
// attributes (no style sheet reaches an image), a size, and the names
// escaped; it is well-formed XML.
func TestImageIsTheReportsDrawingStandingAlone(t *testing.T) {
	for _, c := range []chronicle.Chart{chart, func() chronicle.Chart { b := chart; b.Kind = "bar"; return b }()} {
		inPage, alone := chartsvg.SVG(c, nil), chartsvg.Image(c, nil)
		assert.Equal(t, strings.Count(inPage, `class="mark"`), strings.Count(alone, `class="mark"`), "the same marks")
		assert.Equal(t, 5, strings.Count(alone, `class="mark"`)-strings.Count(alone, "<polyline"), "a dot or bar a value")
		assert.NotContains(t, inPage, "stroke=\"#e3e3e3\"", "the report's page styles its own")
		for _, line := range regexp.MustCompile(`<line [^>]*>`).FindAllString(alone, -1) {
			assert.Contains(t, line, ` stroke="#`, "a line the image draws: %s", line)
		}
		assert.Contains(t, alone, `<g font-family=`, "the texts' font and fill")
		assert.Regexp(t, `^<svg [^>]*width="720" height="\d+"`, alone, "a size of its own")
		for _, s := range c.Series {
			assert.Contains(t, alone, ">"+html.EscapeString(s.Name)+"</text>", "the legend names %s under the plot", s.Name)
		}
		assert.Contains(t, alone, `fill="#fff"`, "a white ground in dark mode too")
		assert.NotContains(t, alone, "<script>")
		assert.NotContains(t, alone, "<b>")
		assert.Contains(t, alone, "&lt;b&gt;Ann&lt;/b&gt;")
		d := xml.NewDecoder(strings.NewReader(alone))
		for {
			_, err := d.Token()
			if err != nil {
				require.Equal(t, "EOF", err.Error(), "well-formed: %s", alone)
				break
			}
		}
	}
}
