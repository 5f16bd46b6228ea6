package rules

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run executes `rules ARGS...` with --json and a data dir, as the root would.
func run(t *testing.T, dataDir string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &out, ErrOut: &errb})
	f.V.Set("data-dir", dataDir)
	cmd := NewCmd(f)
	cmd.PersistentFlags().BoolVar(&f.G.JSON, "json", false, "")
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SilenceUsage = true
	cmd.SilenceErrors = true
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), errb.String(), err
}

type jsonResult struct {
	Game   string   `json:"game"`
	ID     string   `json:"id"`
	Path   string   `json:"path"`
	Text   string   `json:"text"`
	Score  float64  `json:"score"`
	Errata []string `json:"errata"`
}

func TestSearchJSON(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "search", "--json", "--limit", "3", "max", "dice", "in", "a", "sword", "fight?")
	require.NoError(t, err)
	var rs []jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &rs))
	require.NotEmpty(t, rs)
	require.LessOrEqual(t, len(rs), 3)
	ids := []string{}
	for _, r := range rs {
		ids = append(ids, r.ID)
		assert.Equal(t, "misty-waters", r.Game)
		assert.NotEmpty(t, r.Path)
		assert.NotEmpty(t, r.Text)
		assert.NotNil(t, r.Errata)
	}
	assert.Contains(t, ids, "misty-waters/step-4b-boarding-battle")
}

func TestSearchErrataFlag(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "search", "--json", "who arranges dice first in a boarding duel")
	require.NoError(t, err)
	var rs []jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &rs))
	found := false
	for _, r := range rs {
		if r.ID == "misty-waters/duel-arrangement" {
			found = true
			require.NotEmpty(t, r.Errata)
			assert.Contains(t, r.Errata[0], "max 6")
		}
	}
	assert.True(t, found)
}

func TestSearchNoRuling(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "search", "--json", "is it raining in paris")
	require.NoError(t, err)
	assert.JSONEq(t, "[]", out)
	out, _, err = run(t, t.TempDir(), "search", "is it raining in paris")
	require.NoError(t, err)
	assert.Contains(t, out, "No ruling found")
}

// A question about another game or real sailing gets no ruling, and the
// human output says why.
func TestSearchElsewhere(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "search", "--json", "how many victory points do you need to win catan")
	require.NoError(t, err)
	assert.JSONEq(t, "[]", out)
	out, _, err = run(t, t.TempDir(), "search", "how many victory points do you need to win catan")
	require.NoError(t, err)
	assert.Contains(t, out, "No ruling found")
	assert.Contains(t, out, "That question names another game (catan).")
	out, _, err = run(t, t.TempDir(), "search", "what knot should i use to tie my sailboat to a dock cleat")
	require.NoError(t, err)
	assert.Contains(t, out, "That question asks about real sailing.")
	for _, l := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, len(l), 80, l)
	}
	// a plain miss says nothing of the kind
	out, _, err = run(t, t.TempDir(), "search", "is it raining in paris")
	require.NoError(t, err)
	assert.NotContains(t, out, "That question")
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	_, _, err := run(t, dir, "search")
	assert.True(t, referee.IsUsage(err), "empty query: %v", err)
	_, _, err = run(t, dir, "search", "--game", "chess", "castling")
	assert.True(t, referee.IsUsage(err), "unknown game: %v", err)
	_, _, err = run(t, dir, "show", "misty-waters/step-4b-boarding-batle")
	require.True(t, referee.IsUsage(err), "unknown id: %v", err)
	assert.Contains(t, err.Error(), "misty-waters/step-4b-boarding-battle")

	empty := filepath.Join(dir, "empty.txt")
	require.NoError(t, os.WriteFile(empty, []byte("  \n"), 0o644))
	_, _, err = run(t, dir, "add", empty, "--game", "mw")
	assert.True(t, referee.IsUsage(err), "empty manual: %v", err)
	bin := filepath.Join(dir, "bin.txt")
	require.NoError(t, os.WriteFile(bin, []byte{0x7f, 'E', 'L', 'F', 0, 0, 1}, 0o644))
	_, _, err = run(t, dir, "add", bin, "--game", "mw")
	assert.True(t, referee.IsUsage(err), "binary manual: %v", err)
	_, err = os.Stat(filepath.Join(dir, "rules"))
	if err == nil {
		ents, _ := os.ReadDir(filepath.Join(dir, "rules"))
		assert.Empty(t, ents, "nothing stored")
	}
}

func TestShowJSON(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "show", "--json", "misty-waters/step-4b-boarding-battle")
	require.NoError(t, err)
	var s struct {
		jsonResult
		Children []string `json:"children"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	assert.Equal(t, "misty-waters/step-4b-boarding-battle", s.ID)
	assert.Contains(t, s.Children, "misty-waters/duel-arrangement")
	assert.Contains(t, s.Text, "maximum of 10 dice")
}

func TestAddSearchRemove(t *testing.T) {
	dir := t.TempDir()
	man := filepath.Join(dir, "empires.txt")
	require.NoError(t, os.WriteFile(man, []byte("Empires Expansion Rules\nNation Abilities\nEngland: English ships gain a zephyrine bonus of 1 speed when sailing north.\n"), 0o644))
	out, _, err := run(t, dir, "add", man, "--game", "misty-waters", "--title", "Empires Expansion Rules")
	require.NoError(t, err)
	assert.Contains(t, out, "misty-waters/empires-expansion-rules")
	out, _, err = run(t, dir, "search", "--json", "zephyrine")
	require.NoError(t, err)
	var rs []jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &rs))
	require.NotEmpty(t, rs)
	assert.Contains(t, rs[0].Text, "zephyrine")
	_, _, err = run(t, dir, "remove", "misty-waters/empires-expansion-rules")
	require.NoError(t, err)
	out, _, err = run(t, dir, "search", "--json", "zephyrine")
	require.NoError(t, err)
	assert.JSONEq(t, "[]", out)
	_, _, err = run(t, dir, "remove", "misty-waters/empires-expansion-rules")
	assert.True(t, referee.IsUsage(err))
}

func TestTOCErrataGlossary(t *testing.T) {
	dir := t.TempDir()
	out, _, err := run(t, dir, "toc", "--game", "rs")
	require.NoError(t, err)
	assert.Contains(t, out, "rolling-seas/iii-action-phase/1-sail")
	out, _, err = run(t, dir, "errata", "--json")
	require.NoError(t, err)
	assert.Contains(t, out, "misty-waters/duel-arrangement")
	assert.Contains(t, out, "A single die cannot ever exceed the value of 6")
	_, _, err = run(t, dir, "glossary", "xyzzyplugh")
	assert.True(t, referee.IsUsage(err))
}

type glossaryEntry struct {
	Game    string `json:"game"`
	Term    string `json:"term"`
	ID      string `json:"id"`
	Text    string `json:"text"`
	Printed bool   `json:"printed"`
}

// TestGlossaryDefinitions checks the definitions the glossary answers with,
// word for word against the rulebooks, not the words of the query.
func TestGlossaryDefinitions(t *testing.T) {
	dir := t.TempDir()
	glossary := func(args ...string) []glossaryEntry {
		t.Helper()
		out, _, err := run(t, dir, append([]string{"glossary", "--json"}, args...)...)
		require.NoError(t, err)
		var es []glossaryEntry
		require.NoError(t, json.Unmarshal([]byte(out), &es), out)
		return es
	}
	// quests-and-cannons/prosperity-p-10, the rulebook's own glossary.
	assert.Equal(t, []glossaryEntry{{
		Game: "quests-and-cannons", Term: "Prosperity", ID: "quests-and-cannons/prosperity-p-10", Printed: true,
		Text: "The envy of any nation, and the object of the game. When a player reaches the Prosperity Goal, the game will end at the end of the current round. The player or team with the most Prosperity wins.",
	}}, glossary("prosperity", "--game", "qc"))

	// misty-waters/bases/weather-refuge (a bold term under Bases) and misty-waters/weather-refuges (a heading).
	es := glossary("weather refuge", "--game", "mw")
	byTerm := map[string]glossaryEntry{}
	for _, e := range es {
		assert.Equal(t, "misty-waters", e.Game)
		byTerm[e.Term] = e
	}
	require.Contains(t, byTerm, "Weather Refuge")
	require.Contains(t, byTerm, "Weather Refuges")
	assert.Equal(t, "Bases represent a location on a nearby continent that are not At Sea and therefore any Player Ships there are unaffected by Wind Force and Weather Tile effects.", byTerm["Weather Refuge"].Text)
	assert.Equal(t, "misty-waters/bases/weather-refuge", byTerm["Weather Refuge"].ID)
	assert.Equal(t, "Wind Force effects that apply to ships only apply to them when they are At Sea and not at a Port, a Shoal, a Desert Island, an Atoll, or the Red Water Lagoon.", byTerm["Weather Refuges"].Text)
	assert.Equal(t, "misty-waters/weather-refuges", byTerm["Weather Refuges"].ID)
	assert.False(t, byTerm["Weather Refuges"].Printed, "Misty Waters prints no glossary: bosun builds it")

	// Text output carries the same definition.
	out, _, err := run(t, dir, "glossary", "prosperity", "--game", "qc")
	require.NoError(t, err)
	assert.Contains(t, out, "When a player reaches the Prosperity Goal, the game will end at the end of the current round.")
}

// saveSession makes a session of game the current one in dataDir.
func saveSession(t *testing.T, dataDir, game string) {
	t.Helper()
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}})
	f.V.Set("data-dir", dataDir)
	require.NoError(t, f.Store().Save(&referee.Session{Name: "table", Game: game, State: json.RawMessage(`{}`)}))
	require.Equal(t, "table", f.Store().Current())
}

func searchGames(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	out, _, err := run(t, dir, append([]string{"search", "--json"}, args...)...)
	require.NoError(t, err)
	var rs []jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &rs), out)
	var gs []string
	for _, r := range rs {
		gs = append(gs, r.Game)
	}
	return gs
}

// TestSearchSessionGameIsTheDefault: with a current session only its game
// is searched, and the output says so; --all-games lifts that, --game
// wins, and a question naming another game searches that game.
func TestSearchSessionGameIsTheDefault(t *testing.T) {
	dir := t.TempDir()
	q := []string{"how", "many", "actions", "do", "i", "get", "each", "turn"}
	without := searchGames(t, dir, q...)
	require.NotEmpty(t, without)
	assert.Greater(t, len(uniq(without)), 1, "no session: several games answer %v", without)

	saveSession(t, dir, "rolling-seas")
	gs := searchGames(t, dir, q...)
	require.NotEmpty(t, gs)
	assert.Equal(t, []string{"rolling-seas"}, uniq(gs))
	out, _, err := run(t, dir, append([]string{"search"}, q...)...)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(out, "Searching Rolling Seas (the current session); --all-games for all.\n"), out)

	assert.Greater(t, len(uniq(searchGames(t, dir, append([]string{"--all-games"}, q...)...))), 1)
	out, _, err = run(t, dir, append([]string{"search", "--all-games"}, q...)...)
	require.NoError(t, err)
	assert.NotContains(t, out, "current session")

	assert.Equal(t, []string{"quests-and-cannons"}, uniq(searchGames(t, dir, append([]string{"--game", "qc"}, q...)...)))
	assert.Equal(t, []string{"misty-waters"}, uniq(searchGames(t, dir, append(q, "in", "misty", "waters")...)))

	out, _, err = run(t, dir, "search", "is", "it", "raining", "in", "paris")
	require.NoError(t, err)
	assert.Contains(t, out, "No ruling found")
	assert.Contains(t, out, "search every game (--all-games)")
}

// A current session's game is the default scope, not a wall: a question
// in another game's words gets that game's answer, said in one line, and
// "no ruling" is not the answer when another game has one (issue #28).
func TestSearchOtherGamesWordsAnswerFromThatGame(t *testing.T) {
	dir := t.TempDir()
	saveSession(t, dir, "quests-and-cannons")
	for _, q := range []string{"can i hire a pirate", "what does the isle of myth do", "do i pay upkeep"} {
		out, _, err := run(t, dir, append([]string{"search", "--limit", "1"}, strings.Fields(q)...)...)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(strings.Join(strings.Fields(out), " "), "Answered from War for Atraxia: Quests & Cannons: The Risen Islands (the current session) has no rule that answers it as well; --game quests-and-cannons keeps to it. 1. "), "%q:\n%s", q, out)
		for _, l := range strings.Split(out, "\n") {
			if !strings.Contains(l, "\t") && !strings.HasPrefix(l, "   ") {
				assert.LessOrEqual(t, runewidth.StringWidth(l), 80, "a note or heading line fits 80 columns: %q", l)
			}
		}
		assert.NotContains(t, out, "No ruling found", q)
		assert.Equal(t, "war-for-atraxia", searchGames(t, dir, strings.Fields(q)...)[0], q)
	}
	// words both games use stay with the session's game
	for _, q := range []string{"max ammo", "treacherous seas roll"} {
		assert.Equal(t, []string{"quests-and-cannons"}, uniq(searchGames(t, dir, strings.Fields(q)...)), q)
		out, _, err := run(t, dir, append([]string{"search"}, strings.Fields(q)...)...)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(out, "Searching Quests & Cannons: The Risen Islands (the current session)"), out)
	}
	// --game keeps to the game named
	_, _, err := run(t, dir, "search", "--game", "qc", "can", "i", "hire", "a", "pirate")
	require.NoError(t, err)
}

// With no session and no game named, a question several games answer
// shows each game's answer once, named (issue #28).
func TestSearchSeveralGamesAnswerEach(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "search", "--brief", "--limit", "3", "how", "many", "actions", "do", "we", "get", "on", "a", "turn")
	require.NoError(t, err)
	assert.Contains(t, out, "A player can perform any number of actions", "the first game's answer")
	assert.Contains(t, out, "   War for Atraxia: On each turn, a Clan Leader may perform any two Active\n   Actions.", out)
	// one game's further passages stay one line each
	out, _, err = run(t, t.TempDir(), "search", "--brief", "--limit", "3", "can", "pirates", "shoot", "me", "at", "the", "tavern")
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(out, "Misty Waters: At the World's Edge"), out)
	assert.NotContains(t, out, "   Misty Waters: ", out)
}

func uniq(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// TestSearchAnswerSentence: --json gains the answering sentence, a
// verbatim part of the passage, which keeps its whole text.
func TestSearchAnswerSentence(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "search", "--json", "--limit", "3", "max", "dice", "in", "a", "sword", "fight?")
	require.NoError(t, err)
	var rs []struct {
		jsonResult
		Answer string `json:"answer"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rs))
	require.NotEmpty(t, rs)
	assert.Equal(t, "misty-waters/step-4b-boarding-battle", rs[0].ID)
	assert.Contains(t, rs[0].Answer, "up to a maximum of 10 dice")
	assert.True(t, strings.HasPrefix(rs[0].Answer, "If Boarding Battle (e.g. sword duels) was declared"), rs[0].Answer)
	for _, r := range rs {
		for _, piece := range strings.Split(r.Answer, rulesref.AnswerGap) {
			assert.Contains(t, r.Text, piece)
		}
		assert.Greater(t, len(r.Text), len(r.Answer))
	}
}

// TestSearchFirstScreen: at 80x24 the first screen holds the top result's
// answering sentence, its title path and id, and a line for results 2 and
// 3; no line is wider than 80 columns there.
func TestSearchFirstScreen(t *testing.T) {
	for _, q := range [][]string{
		{"max", "dice", "in", "a", "sword", "fight"},
		{"in", "the", "npc", "phase", "who", "goes", "first,", "pirates", "or", "the", "monsters?"},
		{"how", "many", "actions", "do", "we", "get", "on", "a", "turn?"},
	} {
		var out bytes.Buffer
		f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &out, ErrOut: &bytes.Buffer{}, Cols: 80, TTYOut: true, NoColor: true})
		f.V.Set("data-dir", t.TempDir())
		opts := &SearchOptions{F: f, Query: strings.Join(q, " "), Limit: 5}
		require.NoError(t, searchRun(opts))
		var js bytes.Buffer
		fj := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &js, ErrOut: &bytes.Buffer{}})
		fj.V.Set("data-dir", t.TempDir())
		fj.G.JSON = true
		require.NoError(t, searchRun(&SearchOptions{F: fj, Query: opts.Query, Limit: 5}))
		var rs []struct {
			ID, Path, Answer string
		}
		require.NoError(t, json.Unmarshal(js.Bytes(), &rs))
		require.GreaterOrEqual(t, len(rs), 3)

		lines := strings.Split(out.String(), "\n")
		screen := lines[:min(24, len(lines))]
		text := strings.Join(screen, "\n")
		for _, l := range screen {
			assert.LessOrEqual(t, runewidth.StringWidth(l), 80, "%q", l)
		}
		assert.Contains(t, text, rs[0].Path)
		assert.Contains(t, text, rs[0].ID)
		require.NotEmpty(t, rs[0].Answer)
		for _, piece := range strings.Split(rs[0].Answer, rulesref.AnswerGap) {
			assert.Contains(t, strings.Join(strings.Fields(text), " "), piece, "the answer on the first screen")
		}
		assert.Contains(t, text, "2. "+rs[1].ID)
		assert.Contains(t, text, "3. "+rs[2].ID)
	}
}

// --brief (what bosun play shows above its menu): the answer, one line per
// further result and the command for the whole passage, in a few lines
// that leave the menu room on an 80x24 screen; no passage.
func TestSearchBrief(t *testing.T) {
	var out bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &out, ErrOut: &bytes.Buffer{}, Cols: 80, TTYOut: true, NoColor: true})
	f.V.Set("data-dir", t.TempDir())
	require.NoError(t, searchRun(&SearchOptions{F: f, Query: "how much upkeep do i pay on the isle of myth", Game: "wfa", Limit: 3, Brief: true}))
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	assert.LessOrEqual(t, len(lines), 10, "%s", out.String())
	for _, l := range lines {
		assert.LessOrEqual(t, runewidth.StringWidth(l), 80, "%q", l)
	}
	text := out.String()
	assert.Contains(t, text, "1. The Isle of Myth > Upkeep Cost")
	assert.Contains(t, text, "2. ")
	assert.Contains(t, text, "3. ")
	assert.Equal(t, "Whole passage: bosun rules show war-for-atraxia/upkeep-cost", lines[len(lines)-1])
	assert.NotContains(t, text, "The upkeep table printed on the player mat", "no passage")
}

// The play menu's rules answer is one search: the section it records is
// the one it showed first, a table's own manual included (it used to
// search again without the manuals and record a rulebook section the
// player never saw).
func TestAnswerRecordsWhatItShows(t *testing.T) {
	dir := t.TempDir()
	man := filepath.Join(dir, "empires.txt")
	require.NoError(t, os.WriteFile(man, []byte("Empires Expansion Rules\nNation Abilities\nEngland: English ships gain a zephyrine bonus of 1 speed when sailing north.\n"), 0o644))
	_, _, err := run(t, dir, "add", man, "--game", "misty-waters", "--title", "Empires Expansion Rules")
	require.NoError(t, err)

	var out bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &out, ErrOut: &out})
	f.V.Set("data-dir", dir)
	var shown bytes.Buffer
	id, err := Answer(f, "misty-waters", "what is the zephyrine bonus", &shown)
	require.NoError(t, err)
	assert.Equal(t, "misty-waters/empires-expansion-rules/england", id, shown.String())
	assert.Contains(t, shown.String(), id, "the id recorded is printed in the answer shown")
	assert.Contains(t, shown.String(), "zephyrine")

	// the session's game is the default, as in bosun rules search
	shown.Reset()
	id, err = Answer(f, "quests-and-cannons", "can i hire a pirate", &shown)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(id, "war-for-atraxia/"), id)
	assert.True(t, strings.HasPrefix(shown.String(), "Answered from War for Atraxia: "), shown.String())
	assert.NotContains(t, shown.String(), "--all-games", "the play menu has no --all-games")

	shown.Reset()
	id, err = Answer(f, "misty-waters", "qwxz vprtk", &shown)
	require.NoError(t, err)
	assert.Empty(t, id)
	assert.Contains(t, shown.String(), "No ruling found")
}
