package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/report"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden reports under testdata/ and the screenshots under docs/")

// scripted is one of the repo's scripted games (the answers files the
// games' own tests and cmd/bosun's scripts play), with the command line
// that starts it.
type scripted struct {
	name    string
	game    string // the screenshot's game id (docs/report-<game>.png), for one game per id
	args    []string
	answers []string // answers files (relative to the repo root) or inline YAML (starting with "inline:")
}

const repo = "../.."

var games = []scripted{
	{"mw-three-players", "misty-waters", []string{"misty-waters", "--players", "Ann:red,Bob:blue,Cy:white", "--seed", "7"}, []string{"games/mistywaters/procedure/testdata/three-players.yaml"}},
	{"mw-two-players", "", []string{"misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3"}, []string{"games/mistywaters/procedure/testdata/two-players.yaml"}},
	{"rs-solo-training", "", []string{"rolling-seas", "--players", "Alma", "--option", "ironside=training", "--seed", "11"}, []string{"games/rollingseas/testdata/solo-training.yaml"}},
	{"rs-solo-basic", "", []string{"rolling-seas", "--players", "Alma", "--option", "ironside=basic", "--seed", "12"}, []string{"games/rollingseas/testdata/solo-basic.yaml"}},
	{"rs-solo-standard", "", []string{"rolling-seas", "--players", "Alma", "--option", "ironside=standard", "--seed", "13"}, []string{"games/rollingseas/testdata/solo-standard.yaml"}},
	{"rs-solo-formidable", "", []string{"rolling-seas", "--players", "Alma", "--option", "ironside=formidable", "--option", "ambush=on", "--seed", "14"}, []string{"games/rollingseas/testdata/solo-formidable.yaml"}},
	{"rs-solo-legendary", "", []string{"rolling-seas", "--players", "Alma", "--option", "ironside=legendary", "--seed", "15"}, []string{"games/rollingseas/testdata/solo-legendary.yaml"}},
	{"rs-two-players-standard", "rolling-seas", []string{"rolling-seas", "--players", "Alma,Sara", "--option", "ironside=standard", "--option", "ambush=on", "--seed", "16"}, []string{"games/rollingseas/testdata/two-players-standard.yaml"}},
	{"rs-three-players-ambush", "", []string{"rolling-seas", "--players", "Alma,Sara,Tim", "--option", "ambush=on", "--seed", "17"}, []string{"games/rollingseas/testdata/three-players-ambush.yaml"}},
	{"rs-solo-no-automa", "", []string{"rolling-seas", "--players", "Alma", "--seed", "18"}, []string{"games/rollingseas/testdata/solo-no-automa.yaml"}},
	{"wfa-four-clans", "war-for-atraxia", []string{"war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--option", "pirates=yes", "--option", "countdown=marker", "--seed", "1"},
		[]string{"games/atraxia/testdata/session-4p.yaml", `inline:wfa.pirate.roll: ["1,1", "3,3"]`}},
	{"qc-coop-easy", "quests-and-cannons", []string{"quests-and-cannons", "--players", "Valkyr", "--option", "coop=easy", "--seed", "1"}, []string{"games/questsandcannons/testdata/coop-easy.yaml"}},
	{"qc-team-2v2", "", []string{"quests-and-cannons", "--players", "Ann:Valkyr,Bob:Kerris,Cid:Quaeth,Dee:Ormund", "--option", "teams=2", "--seed", "1"}, []string{"games/questsandcannons/testdata/team-2v2.yaml"}},
}

// table is a fresh data and config dir: a table that has not been asked
// any board value yet.
type table struct {
	t   *testing.T
	dir string
}

func newTable(t *testing.T) *table {
	dir := t.TempDir()
	t.Setenv("BOSUN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("NO_COLOR", "1")
	return &table{t: t, dir: dir}
}

// run executes bosun in-process (stdout not a terminal) and returns the
// exit code, stdout and stderr.
func (tb *table) run(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	io := &cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, Cols: 100}
	f := cmdutil.New(io)
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs(args)
	code := root.Execute(cmd, f)
	return code, out.String(), errOut.String()
}

func (tb *table) must(args ...string) string {
	tb.t.Helper()
	code, out, errOut := tb.run(args...)
	require.Equal(tb.t, 0, code, "bosun %s\nstderr: %s", strings.Join(args, " "), errOut)
	return out
}

func (tb *table) answers(g scripted) []string {
	var out []string
	for i, a := range g.answers {
		if body, ok := strings.CutPrefix(a, "inline:"); ok {
			p := filepath.Join(tb.dir, g.name+"-"+string(rune('a'+i))+".yaml")
			require.NoError(tb.t, os.WriteFile(p, []byte(body+"\n"), 0o600))
			out = append(out, "--answers", p)
			continue
		}
		out = append(out, "--answers", filepath.Join(repo, a))
	}
	return out
}

// start sets up a scripted game under its name.
func (tb *table) start(g scripted) {
	tb.t.Helper()
	args := append([]string{"new"}, g.args...)
	args = append(args, "--name", g.name)
	tb.must(append(args, tb.answers(g)...)...)
}

// play sets up a scripted game and runs it to its end.
func (tb *table) play(g scripted) {
	tb.t.Helper()
	tb.start(g)
	tb.must(append([]string{"next", "--session", g.name, "--to-end"}, tb.answers(g)...)...)
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "golden file missing: run go test ./cmd/report/ -update")
	assert.Equal(t, string(want), got, "%s differs (go test ./cmd/report/ -update rewrites it)", path)
}

// TestScriptedGames plays every scripted game, checks its Markdown and
// JSON chronicle against the golden files, and checks what each must
// hold: the result, battles with odds and luck, non-empty charts, and
// cites that fit their events (checkCites).
func TestScriptedGames(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			tb := newTable(t)
			tb.play(g)
			md := tb.must("report", g.name, "--format", "md")
			js := tb.must("report", g.name, "--json")
			golden(t, filepath.Join("testdata", g.name+".md"), md)
			golden(t, filepath.Join("testdata", g.name+".json"), js)

			var ch chronicle.Chronicle
			require.NoError(t, json.Unmarshal([]byte(js), &ch))
			s := saved(t, tb, g.name)
			checkCites(t, s.Live(), &ch)
			t.Run("charts", func(t *testing.T) { checkCharts(t, g, s, s.Live(), &ch) })
			assert.True(t, ch.Over)
			assert.Equal(t, "final", ch.Progress)
			require.NotNil(t, ch.Result, "a finished game has a result")
			assert.NotEmpty(t, ch.Result.Why)
			assert.NotEmpty(t, ch.Rounds)
			assert.NotEmpty(t, ch.Rulings)
			require.NotEmpty(t, ch.Charts)
			for _, c := range ch.Charts {
				assert.True(t, !c.Empty() || c.Note != "", "chart %s is empty without a note", c.ID)
			}
			for _, b := range ch.Battles {
				if len(b.Odds) > 0 {
					sum := 0.0
					for _, o := range b.Odds {
						assert.True(t, o.P >= 0 && o.P <= 1, "%s: %v", b.Title, o)
						sum += o.P
					}
					// Misty Waters gives the chance of each side's defeat (not exclusive);
					// the other games a full distribution.
					if !strings.HasPrefix(g.name, "mw-") {
						assert.InDelta(t, 1, sum, 0.01, "odds of %s", b.Title)
					}
				}
				if b.Luck != nil {
					assert.True(t, *b.Luck >= 0 && *b.Luck <= 1, "%s luck %v", b.Title, *b.Luck)
				}
			}
			assert.Contains(t, md, "## Result\n")
			assert.NotContains(t, md, "so far")

			// HTML: one self-contained page with an inline SVG per chart.
			html := tb.must("report", g.name, "--format", "html")
			// Counts in words go through referee.Count and referee.Noun:
			// no "1 Coins" or "1 Experience Tokens" in any format.
			term := reportTerminal(t, js, 80)
			for format, text := range map[string]string{"md": md, "json": jsonTexts(t, js), "html": htmlText(html), "terminal": term} {
				assert.Empty(t, refereetest.BadWords(text), "%s report of %s", format, g.name)
			}
			assert.True(t, strings.HasPrefix(html, "<!DOCTYPE html>"))
			// a picture per chart for a screen and one for a phone (the
			// legend keys are small SVGs without a namespace)
			assert.Equal(t, len(nonEmpty(ch.Charts)), strings.Count(html, `<svg xmlns="http://www.w3.org/2000/svg" class="chart-wide"`))
			assert.Equal(t, len(nonEmpty(ch.Charts)), strings.Count(html, `<svg xmlns="http://www.w3.org/2000/svg" class="chart-narrow"`))
			assert.Equal(t, 2*len(nonEmpty(ch.Charts)), strings.Count(html, "<svg xmlns="))
			for _, bad := range []string{"<script", "http://", "https://", "@import", "url("} {
				if bad == "http://" {
					// the SVG namespace is a name, not a request
					assert.Equal(t, strings.Count(html, "http://www.w3.org/2000/svg"), strings.Count(html, "http://"))
					continue
				}
				assert.NotContains(t, html, bad)
			}
		})
	}
}

// reportTerminal is the terminal view of a chronicle's JSON at a width.
func reportTerminal(t *testing.T, js string, width int) string {
	t.Helper()
	var ch chronicle.Chronicle
	require.NoError(t, json.Unmarshal([]byte(js), &ch))
	var buf bytes.Buffer
	require.NoError(t, report.Write(&buf, &ch, report.FormatTerminal, width))
	return buf.String()
}

// jsonTexts is every string of a JSON document, one a line (a word
// checker reads the words, not the quotes).
func jsonTexts(t *testing.T, js string) string {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(js), &v))
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString(x + "\n")
		case []any:
			for _, y := range x {
				walk(y)
			}
		case map[string]any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(v)
	return b.String()
}

var tags = regexp.MustCompile(`<[^>]*>`)

// htmlText is the text a reader of the page sees (tags as spaces).
func htmlText(page string) string {
	return html.UnescapeString(tags.ReplaceAllString(page, " "))
}

func nonEmpty(cs []chronicle.Chart) []chronicle.Chart {
	var out []chronicle.Chart
	for _, c := range cs {
		if !c.Empty() {
			out = append(out, c)
		}
	}
	return out
}

// The charts each game's issue names are there, with their series.
func TestGameCharts(t *testing.T) {
	want := map[string]map[string][]string{
		"mw-three-players":        {"wind": {"Wind Force"}, "islands": {"Ann", "Bob", "Cy"}, "silver": {"Ann", "Bob", "Cy"}, "luck": {"percentile"}},
		"rs-two-players-standard": {"ironside": {"Captain Ironside Renown", "Captain Ironside Story Points"}, "final": {"Renown", "Story Points (final)"}, "luck": {"percentile"}},
		"wfa-four-clans":          {"crystals": {"Xanthe", "Myles", "Ann", "Bob"}, "strength": {"Xanthe", "Myles", "Ann", "Bob"}, "countdown": {"countdown"}, "luck": {"percentile"}},
		"qc-coop-easy":            {"prosperity": {"Valkyr"}, "marauders": {"Marauders sunk (total)", "damage dealt by Marauders"}, "luck": {"percentile"}},
	}
	for name, charts := range want {
		var ch chronicle.Chronicle
		b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &ch))
		got := map[string][]string{}
		for _, c := range ch.Charts {
			for _, s := range c.Series {
				got[c.ID] = append(got[c.ID], s.Name)
				assert.NotEmpty(t, s.Points, "%s %s %s", name, c.ID, s.Name)
			}
		}
		assert.Equal(t, charts, got, name)
	}
}

// An unfinished game says "so far" and has no winner yet.
func TestSoFar(t *testing.T) {
	tb := newTable(t)
	g := games[0]
	tb.start(g)
	tb.must(append([]string{"next", "--session", g.name, "--steps", "30"}, tb.answers(g)...)...)
	md := tb.must("report", g.name)
	assert.Contains(t, md, "(so far, step 31)")
	assert.Contains(t, md, "## Result so far\n\nNo winner yet: the game goes on.")
	assert.Contains(t, md, "### Round III")
	js := tb.must("report", g.name, "--json")
	var ch chronicle.Chronicle
	require.NoError(t, json.Unmarshal([]byte(js), &ch))
	assert.False(t, ch.Over)
	assert.Equal(t, "so far", ch.Progress)
	assert.Nil(t, ch.Result)
}

// A save from before bosun report carried the charts' values: its charts
// and odds are left out with "not recorded in this save", never guessed.
func TestOlderSave(t *testing.T) {
	for _, g := range []scripted{games[0], games[10], games[11]} {
		t.Run(g.name, func(t *testing.T) {
			tb := newTable(t)
			tb.play(g)
			st := &store.Store{Dir: filepath.Join(tb.dir, "data")}
			s, err := st.Load(g.name)
			require.NoError(t, err)
			require.NoError(t, s.LoadLog())
			for i := range s.Log {
				d := s.Log[i].Data
				for _, k := range []string{"odds", "crystals", "strength", "faces", "battles"} {
					delete(d, k)
				}
				if s.Log[i].Type == "weather" {
					delete(d, "wind")
				}
			}
			// Written back as a schema-3 save (one document, the log
			// inside it, no side files), as a bosun from before these
			// data keys wrote it; loading it migrates it.
			s.Schema = 3
			b, err := json.Marshal(s)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(st.Path(g.name), b, 0o600))
			for _, ext := range []string{".log", ".undo"} {
				require.NoError(t, os.Remove(filepath.Join(tb.dir, "data", "sessions", g.name+ext)))
			}
			md := tb.must("report", g.name)
			assert.Contains(t, md, chronicle.NotRecorded)
			js := tb.must("report", g.name, "--json")
			var ch chronicle.Chronicle
			require.NoError(t, json.Unmarshal([]byte(js), &ch))
			notes := 0
			for _, c := range ch.Charts {
				if strings.Contains(c.Note, chronicle.NotRecorded) {
					notes++
					assert.True(t, c.Empty(), "%s: a chart not recorded has no series", c.ID)
				}
			}
			for _, b := range ch.Battles {
				if strings.Contains(b.OddsNote, chronicle.NotRecorded) {
					notes++
				}
			}
			assert.NotZero(t, notes)
		})
	}
}

func TestOutputFileAndErrors(t *testing.T) {
	tb := newTable(t)
	g := games[11]
	tb.play(g)
	htmlPath := filepath.Join(tb.dir, "out.html")
	out := tb.must("report", g.name, "-o", htmlPath)
	assert.Equal(t, "wrote "+htmlPath+"\n", out)
	b, err := os.ReadFile(htmlPath)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(b, []byte("<!DOCTYPE html>")))
	mdPath := filepath.Join(tb.dir, "out.md")
	tb.must("report", g.name, "-o", mdPath)
	b, err = os.ReadFile(mdPath)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(b, []byte("# Quests & Cannons")), string(b[:40]))

	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"report", g.name, "--format", "pdf"}, `--format "pdf": accepted: md, html`},
		{[]string{"report", g.name, "-o", filepath.Join(tb.dir, "x.pdf")}, "name a .md or .html file"},
		{[]string{"report", "nosuch"}, `no session named "nosuch"`},
	} {
		code, out, errOut := tb.run(tt.args...)
		assert.Equal(t, 2, code, "%v", tt.args)
		assert.Empty(t, out)
		assert.Contains(t, errOut, tt.msg)
	}
	code, out, _ := tb.run("report", "nosuch", "--json")
	assert.Equal(t, 2, code)
	assert.Contains(t, out, `"error"`)
}

// In a terminal the charts are text bars that fit the width.
func TestTerminalBars(t *testing.T) {
	var ch chronicle.Chronicle
	b, err := os.ReadFile(filepath.Join("testdata", "mw-three-players.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &ch))
	for _, width := range []int{40, 80} {
		var buf bytes.Buffer
		require.NoError(t, report.Write(&buf, &ch, report.FormatTerminal, width))
		s := buf.String()
		assert.Contains(t, s, "█")
		inChart := false
		for _, l := range strings.Split(s, "\n") {
			if l == "```" {
				inChart = !inChart
				continue
			}
			if inChart {
				assert.LessOrEqual(t, len([]rune(l)), width, "%q", l)
			}
		}
	}
}

// A schema-1 save (the first save format) is read by the store as bosun
// log reads it, and its chronicle says what it lacks.
func TestSchema1Save(t *testing.T) {
	tb := newTable(t)
	dir := filepath.Join(tb.dir, "data", "sessions")
	require.NoError(t, os.MkdirAll(dir, 0o700))
	save := `{"schema": 1, "name": "old", "game": "misty-waters", "players": [{"name": "Ann", "side": "red"}, {"name": "Bob", "side": "blue"}],
"seed": 3, "dice": "virtual", "rng": null, "step": 3, "state": {}, "log": [
{"seq": 1, "step": 0, "type": "round", "text": "Round I begins", "data": {"round": 1}, "cites": ["misty-waters/rounds-and-phases"]},
{"seq": 2, "step": 1, "type": "round", "text": "Round II", "data": {"round": 2}},
{"seq": 3, "step": 1, "type": "weather", "text": "Wind Force 8 oB", "data": {"from": 5, "wind": 8}},
{"seq": 4, "step": 2, "type": "battle", "text": "pirate-1 attacks Ann's Sloop", "data": {"battle": {"key": "k", "type": "broadside",
  "attacker": {"id": "pirate-1", "npc": true, "unit": {"kind": "pirate", "name": "pirate-1"}},
  "defender": {"id": "Ann", "player": "Ann", "unit": {"kind": "ship", "name": "Ann's Sloop", "owner": "Ann", "ship_type": "sloop", "cannons": 1, "sailors": 1}}},
  "result": {"type": "broadside", "to_attacker": {}, "to_defender": {"cannons": 1}}},
 "rolls": [{"key": "k.attack.roll", "die": "d6", "value": 6, "entered": true}]}
]}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "old.json"), []byte(save), 0o600))
	md := tb.must("report", "old")
	assert.Contains(t, md, "(so far, step 3)")
	assert.Contains(t, md, "### Round II\n\n- Round II\n- The wind turns: Wind Force 5 -> 8 oB\n- pirate-1 attacks Ann's Sloop (Broadside): neither side is defeated")
	assert.Contains(t, md, "(odds not recorded in this save)")
	assert.Contains(t, md, "| `misty-waters/rounds-and-phases` | 1 | Round I begins |")
}

// A Rolling Seas turn opens with its Adventure card: the card's line is
// told under its own turn, not the one before (golden files once held
// "Turn 1: ..." under Setup). A Quests & Cannons game ending in a round
// draws every team's Prosperity up to that round.
func TestStoryLinesUnderTheirRound(t *testing.T) {
	rs, err := os.ReadFile("testdata/rs-three-players-ambush.md")
	require.NoError(t, err)
	for n := 1; n <= 5; n++ {
		head := fmt.Sprintf("### Turn %d\n\n", n)
		i := strings.Index(string(rs), head)
		require.GreaterOrEqual(t, i, 0, "no %q", head)
		rest := string(rs)[i+len(head):]
		assert.True(t, strings.HasPrefix(rest, fmt.Sprintf("- Turn %d: ", n)), "turn %d opens with %q", n, rest[:min(60, len(rest))])
	}
	qc, err := os.ReadFile("testdata/qc-team-2v2.json")
	require.NoError(t, err)
	var ch chronicle.Chronicle
	require.NoError(t, json.Unmarshal(qc, &ch))
	for _, c := range ch.Charts {
		if c.ID != "prosperity" {
			continue
		}
		require.Len(t, c.Series, 2)
		assert.Equal(t, len(c.Series[0].Points), len(c.Series[1].Points), "every team drawn to the last round")
	}
}
