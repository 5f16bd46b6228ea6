package report_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/bosun-referee/bosun/cmd/report"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/stretchr/testify/require"
)

// edgeChronicles are chronicles the scripted games never produce: every
// section empty, a result without a winner or without a why, several
// winners, tie-breaks, a battle without dice or odds, an empty chart, and
// text that Markdown or HTML must escape ("|", "<", "&", quotes, a line
// break) in every field that is printed.
func edgeChronicles() map[string]*chronicle.Chronicle {
	luck, low := 0.97, 0.031
	return map[string]*chronicle.Chronicle{
		"edge-empty-over": {
			Title: "Misty Waters: empty", Over: true, Step: 3,
			Players: []chronicle.Player{{Name: "Ann"}}, Dice: "virtual", Seed: 1,
		},
		"edge-empty-so-far": {
			Title: "War for Atraxia: empty (so far, step 2)", Step: 2,
			Players: []chronicle.Player{{Name: "Ann", Side: "fox"}, {Name: "Bob"}}, Dice: "physical",
			Result: &chronicle.Result{Winners: []string{"Ann"}},
		},
		"edge-no-winner": {
			Title: "Quests & Cannons: <none>", Over: true, Step: 9,
			Players: []chronicle.Player{{Name: "Valkyr"}}, Dice: "virtual", Seed: 4,
			Result: &chronicle.Result{Why: "the Marauders sank the fleet | all of it & more"},
			Rounds: []chronicle.Round{{Label: "Round 1"}},
			Charts: []chronicle.Chart{{ID: "prosperity", Title: "Prosperity", X: "round", Y: "Prosperity", Kind: "line", Note: "not recorded in this save"}},
		},
		"edge-everything": {
			Title: `Rolling Seas: "odd" <names> & 'pipes' | here`, Step: 12,
			Players: []chronicle.Player{{Name: "A|nn", Side: "<red>"}, {Name: "Bob & Co", Side: "'blue'"}, {Name: "Cid"}},
			Options: []chronicle.Option{{Key: "ambush", Value: "on|off"}, {Key: "ironside", Value: "<standard>"}},
			Dice:    "virtual", Seed: 77,
			Result: &chronicle.Result{
				Winners: []string{"A|nn", "Bob & Co"},
				Why:     "tied on Renown\nand on <Story Points>",
				Ranks: []chronicle.Rank{
					{Place: 1, Name: "A|nn", Score: "12 Renown", Detail: "port <Havana> & bonus | 3"},
					{Place: 1, Name: "Bob & Co", Score: "12 Renown"},
					{Place: 3, Name: "Cid", Score: "2 Renown", Detail: "a detail long enough to wrap under its own column at forty columns of terminal width"},
				},
				TieBreaks: []string{"most Story Points | none", "shared victory & <glory>"},
			},
			Rounds: []chronicle.Round{
				{Label: "Round 1 <first>", Lines: []string{"A|nn sails\nnorth", "Bob & Co 'waits'"}},
				{Label: "Round 2"},
				{Label: "Round 3", Lines: []string{"a story line long enough to be wrapped at words by the terminal view of the report, with a | and a <tag> in it"}},
			},
			Battles: []chronicle.Battle{
				{Round: "Round 1", Step: 2, Title: "A|nn fires at <Bob>", Odds: []chronicle.Outcome{{Label: "0 damage", P: 0.25}, {Label: "1 damage", P: 0.75}},
					OddsNote: "exact & complete", Dice: "4, 6", Entered: true, Result: "1 damage | sunk", Luck: &luck, LuckFor: "A|nn"},
				{Step: 5, Title: "Ambush", Odds: []chronicle.Outcome{{Label: "win", P: 0.5}, {Label: "lose", P: 0.5}}, Dice: "3", Result: "lost", Luck: &low},
				{Round: "Round 3", Step: 8, Title: "Storm", OddsNote: "no odds: the card decides", Result: "nothing happened"},
				{Round: "Round 3", Step: 9, Title: "Kraken", Result: "fled"},
			},
			Decisions: []chronicle.Decision{{Round: "Round 1", Who: "Captain <Ironside>", Text: "moves 2 | east & west"}, {Who: "NPC", Text: "waits"}},
			Rulings: []chronicle.Ruling{
				{Section: "rolling-seas/ambush-battles", Count: 1, First: "A|nn fires at <Bob>"},
				{Section: "rolling-seas/a-very-long-section-id-that-must-break-at-hyphens", Count: 3, First: "Round 1 & more"},
			},
			Questions: []chronicle.Question{{Step: 3, Query: "can I | ambush <twice>?", Answer: "rolling-seas/ambush-battles"}, {Step: 4, Query: "what is 'renown' & why"}},
			Charts: []chronicle.Chart{
				{ID: "empty", Title: "Nothing <here>", X: "round", Y: "value", Kind: "line", Note: "not recorded | in this save"},
				{ID: "renown", Title: "Renown & Story", X: "round", Y: "Renown", Kind: "line", Note: "Cid's track is missing",
					Series: []chronicle.Series{
						{Name: "A|nn", Points: []chronicle.Point{{X: 1, Label: "R1", Y: 2}, {X: 2, Label: "R2", Y: 5.5}, {X: 3, Y: 12}}},
						{Name: "Bob & Co", Points: []chronicle.Point{{X: 2, Y: -1}, {X: 3, Label: "R3", Y: 12}}},
						{Name: "no points"},
					}},
				{ID: "luck", Title: "Luck of each battle", X: "battle", Y: "percentile", Kind: "bar",
					Series: []chronicle.Series{{Name: "luck", Points: []chronicle.Point{{X: 1, Label: "#1 A|nn fires at <Bob>", Y: 97}, {X: 2, Label: "#2 Ambush", Y: 3.1}}}}},
			},
			Notes: []string{"a note | with a pipe", "a note with <html> & \"quotes\""},
		},
	}
}

// TestFormatsGolden writes each edge chronicle in every format (Markdown,
// HTML, the terminal view at 40 and 100 columns) against golden files.
func TestFormatsGolden(t *testing.T) {
	for name, ch := range edgeChronicles() {
		for _, f := range []struct {
			format string
			width  int
			ext    string
		}{
			{report.FormatMarkdown, 80, "md"},
			{report.FormatHTML, 80, "html"},
			{report.FormatTerminal, 40, "term40.txt"},
			{report.FormatTerminal, 100, "term100.txt"},
		} {
			t.Run(fmt.Sprintf("%s.%s", name, f.ext), func(t *testing.T) {
				var buf bytes.Buffer
				require.NoError(t, report.Write(&buf, ch, f.format, f.width))
				golden(t, filepath.Join("testdata", "formats", name+"."+f.ext), buf.String())
			})
		}
	}
}
