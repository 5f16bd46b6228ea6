package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hinshun/vt10x"
	"github.com/mattn/go-runewidth"
)

// `bosun report` on a finished Quests & Cannons game at an 80x24 terminal
// (issue #17 saw its tables garbled there): every line of the report takes
// one row of the screen (none is wrapped by the terminal, so no word is cut
// at the edge), every word on the screen is a whole word of the Markdown
// report, and the Result, the battles and the rulings read as rows.
func TestPTYReport(t *testing.T) {
	g := newPTYGame(t)
	answers := filepath.Join(g.repo, "games/questsandcannons/testdata/team-2v2.yaml")
	g.run("new", "quests-and-cannons", "--players", "Ann:Valkyr,Bob:Kerris,Cid:Quaeth,Dee:Ormund", "--option", "teams=2",
		"--seed", "1", "--name", "friday", "--answers", answers)
	g.run("next", "--to-end", "--answers", answers)
	md := g.run("report", "--format", "md")

	tm := g.term("report")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun report exited %d:\n%s", code, tm.Screen())
	}
	screen := tm.Screen()
	// The whole report as the terminal drew it: the same output on a
	// screen of 80 columns tall enough to keep the rows scrolled off.
	tall := vt10x.New(vt10x.WithSize(80, 1000))
	if _, err := tall.Write([]byte(tm.Raw())); err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, r := range strings.Split(tall.String(), "\n") {
		rows = append(rows, strings.TrimRight(r, " \x00"))
	}
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(tm.Raw(), "\r\n", "\n"), "\n"), "\n")
	if len(lines) < 100 {
		t.Fatalf("the report has %d lines, want the whole chronicle:\n%s", len(lines), tm.Raw())
	}
	for i, l := range lines {
		if w := runewidth.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d columns wide, wider than the terminal: %q", i+1, w, l)
		}
		if i >= len(rows) || rows[i] != strings.TrimRight(l, " ") {
			t.Fatalf("line %d of the report is not row %d of the screen (wrapped by the terminal?):\nline %q\nrows %q", i+1, i+1, l, rows[i:min(i+3, len(rows))])
		}
	}
	// The last screen the player sees is the report's last rows.
	last := strings.Split(screen, "\n")
	for _, r := range last {
		if r != "" && !contains(lines, r) {
			t.Errorf("screen row %q is no line of the report", r)
		}
	}
	if !strings.Contains(screen, "quests-and-cannons/exchanging-with-teammates once") || !strings.Contains(screen, "## Rules questions asked") {
		t.Errorf("the last screen does not end the report with its rulings and questions:\n%s", screen)
	}

	words := map[string]bool{}
	for _, w := range strings.Fields(strings.NewReplacer("|", " ", "`", "", "**", "").Replace(md)) {
		words[w] = true
	}
	for _, w := range []string{"odds:", "dice:", "luck:", "first", "applied", "to:", "once", "times", "Place", "Player", "Score", "—", "→"} {
		words[w] = true
	}
	number := regexp.MustCompile(`^#[0-9]+$`)
	chart := false
	for _, l := range lines {
		if l == "```" {
			chart = !chart
			continue
		}
		for _, w := range strings.Fields(strings.NewReplacer("`", "", "**", "").Replace(l)) {
			if chart && !strings.ContainsAny(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
				continue // bars and values
			}
			if !words[w] && !number.MatchString(w) {
				t.Errorf("%q in %q is not a word of the Markdown report (cut in two?)", w, l)
			}
		}
	}

	for _, want := range []string{
		`^\*\*Winner: Ann\+Bob\.\*\* most Prosperity wins, ties by Coins: Ann\+Bob 20 Prosperity,$`,
		`^11 Coins; Cid\+Dee 1 Prosperity, 2 Coins$`,
		`^Place +Player +Score$`,
		`^1 +Ann\+Bob +20 Prosperity$`,
		`^2 +Cid\+Dee +1 Prosperity$`,
		`^#1 Round 1 — Ann fires 2 Cannons at Cid$`,
		`^   odds: 0 damage 8\.3%; 1 damage 50%; 2 damage 38\.9%; 3 damage 2\.8%$`,
		`^   dice: 4, 4 \(entered\) → 8 dots, 2 damage$`,
		`^   luck: Ann: 65th percentile \(about the odds\)$`,
		`^#3 Round 2 — Ann fires 2 Cannons at Cid$`,
		`^quests-and-cannons/prosperity 10 times$`,
		`^   first applied to: team Ann\+Bob \(delf\): Prosperity Goal 20, tracker next to$`,
	} {
		re := regexp.MustCompile(want)
		found := false
		for _, r := range rows {
			found = found || re.MatchString(r)
		}
		if !found {
			t.Errorf("no row of the screen matches %s", want)
		}
	}
}

func contains(lines []string, row string) bool {
	for _, l := range lines {
		if strings.TrimRight(l, " ") == row {
			return true
		}
	}
	return false
}
