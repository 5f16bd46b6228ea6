package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runMay runs bosun without a terminal and returns its exit code (a step
// that asks a question the answers leave out stops with exit 2, the steps
// before it saved).
func (g *ptyGame) runMay(args ...string) int {
	g.t.Helper()
	cmd := exec.Command(bosunBin(g.t), args...)
	cmd.Dir = g.dir
	cmd.Env = append(os.Environ(), g.env...)
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		g.t.Fatalf("bosun %s: %v", strings.Join(args, " "), err)
	}
	return 0
}

// labelDefault is the default a prompt's label shows ("? final-occupied
// [no]:"), and whether it shows one.
func labelDefault(screen, label string) (string, bool) {
	m := regexp.MustCompile(`(?m)^\? `+regexp.QuoteMeta(label)+`(?: \[(.*)\])?:`).FindAllStringSubmatch(screen, -1)
	if len(m) == 0 {
		return "", false
	}
	last := m[len(m)-1]
	return last[1], last[1] != ""
}

// TestPTYDirectionDiceAndNoDefault enters the Direction Dice at the
// terminal: Enter before picking a face picks nothing (the die has no
// usual face) and says so, typing S keeps only the face S>SE|SW (it used
// to keep SE>NE|S first, and Enter moved the pirate SE), and a yes/no
// question takes Enter only for the default its label shows.
func TestPTYDirectionDiceAndNoDefault(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	full := filepath.Join(g.repo, file)
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "mw2", "--answers", full)
	g.run("next", "--steps", "12", "--answers", full)
	a := g.answers(file, "misty.npc.pirate-1.direction", "misty.npc.pirate-1.final-occupied")
	tm := g.term("next", "--dice", "physical", "--answers", a)
	const die = "enter the roll of Direction Dice"
	waitPrompt(tm, die)
	tm.Type(KeyEnter)
	tm.WaitFor(">> no usual answer here: type or pick one")
	waitPrompt(tm, die)
	tm.Type("S")
	s := tm.WaitFor("Search: S")
	if !strings.Contains(s, "S>SE|SW") || strings.Contains(s, "SE>NE|S") || strings.Contains(s, "SW>S|NW") {
		t.Fatalf("typing S does not keep the face S>SE|SW alone:\n%s", s)
	}
	tm.Type(KeyEnter)
	tm.WaitFor("direction: S>SE|SW")

	// final-occupied: Enter takes the default shown, or nothing.
	const occ = "where pirate-1 would end its movement occupied?"
	waitPrompt(tm, occ)
	tm.WaitUntil("the final-occupied list", func(s string) bool { return strings.Contains(s, "? final-occupied") })
	if def, ok := labelDefault(tm.Screen(), "final-occupied"); !ok {
		tm.Type(KeyEnter)
		tm.WaitUntil("the reason under final-occupied", func(s string) bool {
			return strings.Count(s, ">> no usual answer here") == 2
		})
	} else if def != "yes" && def != "no" {
		t.Fatalf("final-occupied shows the default %q", def)
	}
	tm.Type("yes", KeyEnter)
	occupiedThrice(t, g, tm)
}

// TestPTYTypoPicksTheAction: "colect" at the action list picks collect
// (it said "No results").
func TestPTYTypoPicksTheAction(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/atraxia/testdata/session-4p.yaml"
	g.run("new", "war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--option", "pirates=yes",
		"--name", "w", "--seed", "1", "--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "wfa.turn.action")
	tm := g.term("next", "--answers", a)
	answer(t, tm, "Xanthe (fox clan): action 1 of 2", "colect")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "wfa.turn.action", "collect@terminal")
}

// TestPTYOneCharacterDefaultReadable: the Captured Islands count defaults
// to what bosun knows, one digit; the label shows it ("? captured [0]:")
// instead of drawing it under the cursor block, and Enter takes it.
func TestPTYOneCharacterDefaultReadable(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	full := filepath.Join(g.repo, file)
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "mw2", "--answers", full)
	a := g.answers(file, "misty.player.Ann.captured")
	if code := g.runMay("next", "--steps", "60", "--answers", a); code != 2 {
		t.Fatalf("the scripted steps up to the Captured Islands question exited %d, want 2", code)
	}
	tm := g.term("next", "--answers", a)
	const q = "Ann: how many Captured Islands do you control now"
	waitPrompt(tm, q)
	s := tm.WaitUntil("the captured prompt", func(s string) bool { return strings.Contains(s, "? captured") })
	def, ok := labelDefault(s, "captured")
	if !ok || len(def) != 1 || strings.Contains(s, "captured: █") {
		t.Fatalf("the one-digit default is not in the label:\n%s", s)
	}
	tm.Type(KeyEnter)
	tm.WaitFor("captured: " + def)
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "misty.player.Ann.captured", def+"@terminal")
}
