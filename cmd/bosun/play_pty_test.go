package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPTYPlayCtrlCReturnsToTheMenu: in bosun play, Ctrl-C at a question
// cancels the step and the menu comes back; the step run again offers the
// answers already given as defaults (Enter keeps them), and Ctrl-C at the
// menu ends play with exit 130. The forced-undo question takes "no" on
// Enter (issue 24: it started on yes).
func TestPTYPlayCtrlCReturnsToTheMenu(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "mw2",
		"--answers", filepath.Join(g.repo, file))
	before := g.sessionFile("mw2")
	a := g.answers(file, "misty.board.wind.speed.5", "misty.player.Ann.attack")
	tm := g.term("play", "--answers", a)
	const menu, speed, attack = "What now?", "speed modification in the sail next to Wind Force", "does a Player Ship of yours (Sloop, Caravel) attack?"
	waitPrompt(tm, menu)
	tm.WaitFor("? menu [next step]:")
	tm.Type(KeyEnter)
	answer(t, tm, speed, "0")
	waitPrompt(tm, attack)
	tm.Type("pir", KeyCtrlC)
	tm.WaitFor("step 1 canceled; nothing saved")
	if b := g.sessionFile("mw2"); string(b) != string(before) {
		t.Fatalf("the canceled step changed the saved session")
	}
	// The menu is back; the step again: the speed question offers 0.
	tm.WaitUntil("the menu again", func(s string) bool {
		i := strings.LastIndex(s, "step 1 canceled")
		return i >= 0 && strings.Contains(s[i:], "? menu [next step]:")
	})
	tm.Type(KeyEnter)
	tm.WaitUntil("the speed question with the answer given as its default", func(s string) bool {
		i := strings.LastIndex(s, speed)
		return i >= 0 && strings.Contains(s[i:], "? speed.5 [0]: ")
	})
	tm.Type(KeyEnter)
	tm.WaitFor("speed.5: 0")
	answer(t, tm, attack, "none")
	// The step is saved: the menu, then Ctrl-C ends play.
	tm.WaitUntil("the menu after the step", func(s string) bool {
		i := strings.LastIndex(s, "attack: none")
		return i >= 0 && strings.Contains(s[i:], "? menu [next step]:")
	})
	tm.Type(KeyCtrlC)
	if code := tm.Exit(); code != 130 {
		t.Fatalf("Ctrl-C at the menu exited %d, want 130:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "misty.board.wind.speed.5", "0@terminal")
	wantAnswers(t, g, "misty.player.Ann.attack", "none@terminal")

	// The forced-undo question: Enter takes no.
	tm = g.term("play")
	waitPrompt(tm, menu)
	tm.Type("undo")
	tm.WaitFor("Search: undo")
	tm.Type(KeyEnter)
	tm.WaitFor("? force [no]:")
	tm.Type(KeyEnter)
	tm.WaitFor("force: no")
	tm.WaitUntil("the menu after the undo", func(s string) bool {
		i := strings.LastIndex(s, "force: no")
		return i >= 0 && strings.Contains(s[i:], "? menu [next step]:")
	})
	tm.Type(KeyCtrlC)
	if code := tm.Exit(); code != 130 {
		t.Fatalf("Ctrl-C at the menu exited %d, want 130:\n%s", code, tm.Screen())
	}
}

// TestPTYPlayRerunStartsOnTheAnswer: run again after Ctrl-C, a pick list
// starts on the answer of the canceled run, and Enter takes it.
func TestPTYPlayRerunStartsOnTheAnswer(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/atraxia/testdata/session-4p.yaml"
	g.run("new", "war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--option", "pirates=yes",
		"--name", "w", "--seed", "1", "--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "wfa.turn.action", "wfa.move.from")
	tm := g.term("play", "--answers", a)
	const action, from = "Xanthe (fox clan): action 1 of 2", "Xanthe moves ships: from which location?"
	waitPrompt(tm, "What now?")
	tm.Type(KeyEnter)
	answer(t, tm, action, "move")
	waitPrompt(tm, from)
	tm.Type(KeyCtrlC)
	tm.WaitFor("step 1 canceled; nothing saved")
	tm.WaitUntil("the menu again", func(s string) bool {
		i := strings.LastIndex(s, "step 1 canceled")
		return i >= 0 && strings.Contains(s[i:], "? menu [next step]:")
	})
	tm.Type(KeyEnter)
	s := tm.WaitUntil("the action list again", func(s string) bool {
		i := strings.LastIndex(s, action)
		return i >= 0 && strings.Contains(s[i:], "? action [move]:") && strings.Contains(s[i:], "▸ move")
	})
	if strings.Contains(s[strings.LastIndex(s, action):], "▸ collect") {
		t.Fatalf("the list starts on collect, not on move:\n%s", s)
	}
	tm.Type(KeyEnter)
	tm.WaitFor("action: move")
	waitPrompt(tm, from)
	tm.Type(KeyCtrlC)
	tm.WaitUntil("the menu once more", func(s string) bool {
		return Count(tm.Raw(), "canceled; nothing saved") == 2 && strings.HasSuffix(strings.TrimSpace(s), "quit")
	})
	tm.Type(KeyCtrlC)
	if code := tm.Exit(); code != 130 {
		t.Fatalf("Ctrl-C at the menu exited %d, want 130:\n%s", code, tm.Screen())
	}
}
