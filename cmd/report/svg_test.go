package report_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/chronicle/chartsvg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func chronicleOf(t *testing.T, name string) *chronicle.Chronicle {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	require.NoError(t, err)
	var ch chronicle.Chronicle
	require.NoError(t, json.Unmarshal(b, &ch))
	return &ch
}

var polyline = regexp.MustCompile(`<polyline class="mark" data-series="([^"]+)" fill="none" stroke="([^"]+)"[^>]* points="([^"]+)"`)

// Lines are drawn in the players' own colours from the session (Misty
// Waters' nations), and lines on equal values stay visible: Ann's and
// Cy's 0 Captured Islands in Rounds I-IV are drawn side by side, not one
// under the other.
func TestSVGLinesOwnColoursAndEqualValuesApart(t *testing.T) {
	ch := chronicleOf(t, "mw-three-players")
	c := chartOf(ch, "islands")
	require.NotNil(t, c)
	svg := chartsvg.SVG(*c, ch.Players)
	lines := map[string][]string{}
	colours := map[string]string{}
	for _, m := range polyline.FindAllStringSubmatch(svg, -1) {
		lines[m[1]] = strings.Fields(m[3])
		colours[m[1]] = m[2]
	}
	require.Len(t, lines, 3)
	assert.Equal(t, map[string]string{"Ann": "#d62728", "Bob": "#1f5fb4", "Cy": "#ffffff"}, colours, "red, blue and white nations")
	assert.Contains(t, svg, `class="halo"`, "a white line has a dark outline on the white page")
	for i := 0; i < 4; i++ { // Rounds I-IV: all three on 0
		assert.NotEqual(t, lines["Ann"][i], lines["Cy"][i], "round %d", i+1)
		assert.NotEqual(t, lines["Ann"][i], lines["Bob"][i], "round %d", i+1)
		assert.NotEqual(t, lines["Bob"][i], lines["Cy"][i], "round %d", i+1)
	}
	// every series has its own dash and marker, in the legend too
	assert.Contains(t, svg, `stroke-dasharray="7 3"`)
	assert.Contains(t, svg, `<rect class="mark"`)
}

var xlabel = regexp.MustCompile(`<text class="xlabel"[^>]*>([^<]*)</text>`)

// No label is cut ("Captain Irons…" was): long labels are turned and the
// margins grow to hold them whole.
func TestSVGLabelsWhole(t *testing.T) {
	ch := chronicleOf(t, "rs-two-players-standard")
	var labels []string
	for _, id := range []string{"final", "luck"} {
		c := chartOf(ch, id)
		require.NotNil(t, c, id)
		for _, m := range xlabel.FindAllStringSubmatch(chartsvg.SVG(*c, ch.Players), -1) {
			labels = append(labels, m[1])
		}
	}
	assert.Contains(t, labels, "Captain Ironside")
	assert.Contains(t, labels, "#3 Captain Ironside")
	for _, l := range labels {
		assert.NotContains(t, l, "…")
	}
}
