package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// ptyGame is a session prepared with scripted commands, then stepped with
// `bosun next` at an 80x24 terminal where a few questions are left to the
// player.
type ptyGame struct {
	t     *testing.T
	dir   string
	repo  string
	env   []string
	files int // answers files written
}

func newPTYGame(t *testing.T) *ptyGame {
	t.Helper()
	dir := t.TempDir()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return &ptyGame{t: t, dir: dir, repo: repo, env: []string{
		"BOSUN_DATA_DIR=" + filepath.Join(dir, "data"),
		"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
	}}
}

// run runs bosun without a terminal (stdin empty) and fails on an error.
func (g *ptyGame) run(args ...string) string {
	g.t.Helper()
	cmd := exec.Command(bosunBin(g.t), args...)
	cmd.Dir = g.dir
	cmd.Env = append(os.Environ(), g.env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		g.t.Fatalf("bosun %s: %v\n%s%s", strings.Join(args, " "), err, out.String(), errOut.String())
	}
	return out.String()
}

// answers writes the repo's answers file without the keys left to the
// terminal and returns its path; every key dropped must be in the file.
func (g *ptyGame) answers(file string, drop ...string) string {
	g.t.Helper()
	found := 0
	p := g.keep(file, func(key string) bool {
		if slices.Contains(drop, key) {
			found++
			return false
		}
		return true
	})
	if found != len(drop) {
		g.t.Fatalf("%s does not hold every key of %q", file, drop)
	}
	return p
}

// keep writes the repo's answers file with only the keys that ok accepts
// and returns its path.
func (g *ptyGame) keep(file string, ok func(key string) bool) string {
	g.t.Helper()
	b, err := os.ReadFile(filepath.Join(g.repo, file))
	if err != nil {
		g.t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil || len(doc.Content) == 0 {
		g.t.Fatalf("%s: %v", file, err)
	}
	m := doc.Content[0]
	var keep []*yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		if ok(m.Content[i].Value) {
			keep = append(keep, m.Content[i], m.Content[i+1])
		}
	}
	m.Content = keep
	out, err := yaml.Marshal(&doc)
	if err != nil {
		g.t.Fatal(err)
	}
	g.files++
	p := filepath.Join(g.dir, fmt.Sprintf("answers-%d.yaml", g.files))
	if err := os.WriteFile(p, out, 0o644); err != nil {
		g.t.Fatal(err)
	}
	return p
}

func (g *ptyGame) term(args ...string) *Term {
	return StartTerm(g.t, 80, 24, g.dir, g.env, args...)
}

// answered returns the values recorded for key in `bosun log --json`, in
// order, with their sources.
func (g *ptyGame) answered(key string) []string {
	g.t.Helper()
	var doc any
	if err := json.Unmarshal([]byte(g.run("log", "--json")), &doc); err != nil {
		g.t.Fatalf("bosun log --json: %v", err)
	}
	var out []string
	var walk func(any)
	walk = func(x any) {
		switch v := x.(type) {
		case map[string]any:
			if v["key"] == key {
				if val, ok := v["value"].(string); ok {
					src, _ := v["source"].(string)
					out = append(out, val+"@"+src)
				}
			}
			for _, c := range v {
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	walk(doc)
	return out
}

// answer waits for a question, types keys one by one checking after each
// that the question is on the screen exactly once, then presses Enter.
func answer(t *testing.T, tm *Term, question string, keys ...string) {
	t.Helper()
	waitPrompt(tm, question)
	check := func(after string) {
		t.Helper()
		s := tm.Screen()
		if n := Count(s, question); n != 1 {
			t.Fatalf("after typing %q the question %q is on the screen %d times:\n%s", after, question, n, s)
		}
	}
	typed := ""
	for _, k := range keys {
		tm.Type(k)
		typed += k
		check(typed)
	}
	tm.Type(KeyEnter)
}

// waitPrompt waits until question is on the screen with a prompt taking
// keys below it: a pick list's "Search:" line or a typed prompt's cursor.
// Keys typed before that would reach a terminal not yet in raw mode.
func waitPrompt(tm *Term, question string) {
	tm.WaitUntil("a prompt for "+question, func(s string) bool {
		i := strings.LastIndex(s, question)
		return i >= 0 && (strings.Contains(s[i:], "Search:") || strings.Contains(s[i:], "█"))
	})
}

// sessionFile returns the saved session's bytes.
func (g *ptyGame) sessionFile(name string) []byte {
	g.t.Helper()
	b, err := os.ReadFile(filepath.Join(g.dir, "data", "sessions", name+".json"))
	if err != nil {
		g.t.Fatal(err)
	}
	return b
}

// cancelSavesNothing starts `bosun next` with args, waits for question,
// types a few keys and Ctrl-C: the session file is unchanged, the exit code
// is not 0 and the screen says "canceled".
func (g *ptyGame) cancelSavesNothing(session, question string, args ...string) {
	g.t.Helper()
	g.cancelWith(KeyCtrlC, session, question, args...)
}

// cancelWith is cancelSavesNothing with another key (Ctrl-D).
func (g *ptyGame) cancelWith(key, session, question string, args ...string) {
	g.t.Helper()
	before := g.sessionFile(session)
	tm := g.term(append([]string{"next"}, args...)...)
	waitPrompt(tm, question)
	tm.Type("1")
	if key == KeyCtrlD {
		tm.Type(KeyBack) // Ctrl-D ends input only on an empty line
	}
	tm.Type(key)
	code := tm.Exit()
	s := tm.Screen()
	if code == 0 || !strings.Contains(s, "canceled") {
		g.t.Fatalf("Ctrl-C: exit code %d, want non-zero and \"canceled\" on the screen:\n%s", code, s)
	}
	if !bytes.Equal(before, g.sessionFile(session)) {
		g.t.Fatalf("Ctrl-C changed the saved session")
	}
}

func wantAnswers(t *testing.T, g *ptyGame, key string, want ...string) {
	t.Helper()
	got := g.answered(key)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s recorded %q, want %q", key, got, want)
	}
}

func TestPTYMistyWaters(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "mw2",
		"--answers", filepath.Join(g.repo, file))

	// Ctrl-C at the first board question saves nothing.
	a := g.answers(file, "misty.board.wind.speed.5", "misty.player.Ann.attack", "misty.player.Ann.treasure")
	g.cancelSavesNothing("mw2", "speed modification in the sail", "--answers", a)

	// Step 2: a number out of range is re-asked with the reason; a pick list
	// is filtered by typing; a choice matching nothing is re-asked.
	tm := g.term("next", "--answers", a)
	answer(t, tm, "speed modification in the sail next to Wind Force", "7")
	tm.WaitFor(`"7" is out of range`)
	answer(t, tm, "speed modification in the sail next to Wind Force", KeyBack, "0")
	answer(t, tm, "does a Player Ship of yours (Sloop, Caravel) attack?", "none")
	answer(t, tm, "did a ship of yours at the 'X' load", "gld")
	tm.WaitFor("No results")
	answer(t, tm, "did a ship of yours at the 'X' load", KeyBack, KeyBack, KeyBack, "none")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "misty.board.wind.speed.5", "0@terminal")
	wantAnswers(t, g, "misty.player.Ann.attack", "none@terminal")
	wantAnswers(t, g, "misty.player.Ann.treasure", "none@terminal")

	// Steps 3-13 scripted; step 14 enters the Direction Dice at the
	// terminal (a pick list of its faces, a bad face first) and answers
	// "yes" to a yes/no question.
	g.run("next", "--steps", "11", "--answers", filepath.Join(g.repo, file))
	a = g.answers(file, "misty.npc.pirate-1.direction", "misty.npc.pirate-1.final-occupied")
	tm = g.term("next", "--dice", "physical", "--answers", a)
	answer(t, tm, "enter the roll of Direction Dice", "Q")
	tm.WaitFor("No results")
	answer(t, tm, "enter the roll of Direction Dice", KeyBack, "s>se")
	answer(t, tm, "where pirate-1 would end its movement occupied?", "yes")
	occupiedThrice(t, g, tm)
}

// occupiedThrice answers "Y" to the final-occupied question as it comes
// back for each further space of pirate-1's move, then checks the step
// ended and recorded the S>SE|SW die and the four yes answers.
func occupiedThrice(t *testing.T, g *ptyGame, tm *Term) {
	t.Helper()
	for i := 1; i <= 3; i++ {
		tm.WaitUntil("the next final-occupied question", func(s string) bool {
			last := strings.LastIndex(s, "final-occupied: yes")
			return Count(s, "final-occupied: yes") == i && strings.Contains(s[last:], "Search:")
		})
		tm.Type("Y", KeyEnter)
	}
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "misty.npc.pirate-1.direction", "S>SE|SW@terminal")
	wantAnswers(t, g, "misty.npc.pirate-1.final-occupied", "yes@terminal", "yes@terminal", "yes@terminal", "yes@terminal")
}

func TestPTYRollingSeas(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/rollingseas/testdata/solo-basic.yaml"
	g.run("new", "rolling-seas", "--players", "Alma", "--option", "ironside=basic", "--seed", "12", "--name", "rs",
		"--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "rs.setup.adventure.1")
	g.cancelSavesNothing("rs", "the type of setup Adventure Card 1", "--answers", a)
	g.cancelWith(KeyCtrlD, "rs", "the type of setup Adventure Card 1", "--answers", a)

	// Step 2: a card type not in the list is re-asked; the card typed next
	// is kept and the step goes on to the second card (scripted).
	tm := g.term("next", "--answers", a)
	answer(t, tm, "the type of setup Adventure Card 1", "zz")
	tm.WaitFor("No results")
	answer(t, tm, "the type of setup Adventure Card 1", KeyBack, KeyBack, "cur")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "rs.setup.adventure.1", "currents@terminal")
	wantAnswers(t, g, "rs.setup.adventure.2", "sea-monster@answers")

	// Step 4 with entered dice: three Wind Dice given as two is re-asked
	// with the reason; an Exploration Die face out of range too.
	g.run("next", "--answers", filepath.Join(g.repo, file))
	a = g.answers(file, "rs.dice.wind", "rs.dice.exploration")
	tm = g.term("next", "--dice", "physical", "--answers", a)
	answer(t, tm, "enter the roll of 3 × Wind Dice", "SW,E")
	tm.WaitFor("needs 3 values")
	answer(t, tm, "enter the roll of 3 × Wind Dice", ",NE")
	answer(t, tm, "enter the roll of Exploration Die", "9")
	tm.WaitFor(`"9" is not a face of the Exploration Die`)
	answer(t, tm, "enter the roll of Exploration Die", KeyBack, "5")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "rs.dice.wind", "SW,E,NE@terminal")
	wantAnswers(t, g, "rs.dice.exploration", "5@terminal")
	// Rolling Seas asks no yes/no question: "yes" is checked in the other
	// three games.
}

func TestPTYAtraxia(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/atraxia/testdata/session-4p.yaml"
	g.run("new", "war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--option", "pirates=yes",
		"--name", "w", "--seed", "1", "--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "wfa.turn.action", "wfa.collect.oc")
	g.cancelSavesNothing("w", "Xanthe (fox clan): action 1 of 2", "--answers", a)

	tm := g.term("next", "--answers", a)
	answer(t, tm, "Xanthe (fox clan): action 1 of 2", "zzz")
	tm.WaitFor("No results")
	answer(t, tm, "Xanthe (fox clan): action 1 of 2", KeyBack, KeyBack, KeyBack, "collect")
	answer(t, tm, "Xanthe collects: total OC marked", "999")
	tm.WaitFor(`"999" is out of range`)
	answer(t, tm, "Xanthe collects: total OC marked", KeyBack, KeyBack, KeyBack, "8")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "wfa.turn.action", "collect@terminal")
	wantAnswers(t, g, "wfa.collect.oc", "8@terminal")

	// Step 3: "yes" at a yes/no question.
	a = g.answers(file, "wfa.turn.continent")
	tm = g.term("next", "--answers", a, "--set", "wfa.turn.action=teleporter+move")
	answer(t, tm, "control every island of the fox continent", "yes")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "wfa.turn.continent", "yes@terminal")
}

// A typo in a location (wfa.move.from) is refused inside the question:
// re-asked in place with the reason, and the step completes with the
// corrected answer instead of ending.
func TestPTYAtraxiaTypoReasked(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/atraxia/testdata/session-4p.yaml"
	g.run("new", "war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--option", "pirates=yes",
		"--name", "w", "--seed", "1", "--answers", filepath.Join(g.repo, file))
	g.run("next", "--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "wfa.move.from")
	tm := g.term("next", "--answers", a, "--set", "wfa.turn.action=teleporter+move")
	answer(t, tm, "Xanthe moves ships: from which location?", "fox-hmoe")
	tm.WaitFor(`"fox-hmoe" is not a location`)
	keys := slices.Repeat([]string{KeyBack}, len("fox-hmoe"))
	answer(t, tm, "Xanthe moves ships: from which location?", append(keys, "fox-home")...)
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "wfa.move.from", "fox-home@terminal")
}

func TestPTYQuestsAndCannons(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/questsandcannons/testdata/coop-easy.yaml"
	g.run("new", "quests-and-cannons", "--players", "Valkyr", "--option", "coop=easy", "--seed", "1", "--name", "coop",
		"--answers", filepath.Join(g.repo, file))
	g.run("next", "--steps", "3", "--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "qc.action", "qc.marauder.1.reach", "qc.marauder.1.ammo")
	g.cancelSavesNothing("coop", "Valkyr (", "--answers", a)
	b := g.answers(file, "qc.marauder.1.ammo")
	g.cancelWith(KeyCtrlD, "coop", "enter the roll of 2 × Ammo die", "--dice", "physical", "--answers", b)

	// Step 5: the action picked by typing; "yes" at a yes/no question; two
	// Ammo dice entered as one is re-asked with the reason.
	tm := g.term("next", "--dice", "physical", "--answers", a)
	answer(t, tm, "Valkyr (", "end")
	answer(t, tm, "can Marauder 1 reach Valkyr", "yes")
	answer(t, tm, "enter the roll of 2 × Ammo die", "3")
	tm.WaitFor("needs 2 values")
	answer(t, tm, "enter the roll of 2 × Ammo die", ",3")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "qc.action", "ammo@answers", "move@answers", "end@terminal")
	wantAnswers(t, g, "qc.marauder.1.reach", "yes@terminal")
	wantAnswers(t, g, "qc.marauder.1.ammo", "3,3@terminal")
}

// At 40 columns with NO_COLOR: nothing is drawn twice while answers are
// typed, and the prompts use no colour codes.
func TestPTYNarrowPlain(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "mw2",
		"--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "misty.board.wind.speed.5", "misty.player.Ann.attack", "misty.player.Ann.ports")
	tm := StartTerm(t, 40, 24, g.dir, append(g.env, "NO_COLOR=1"), "next", "--answers", a)
	once := func(text string) {
		t.Helper()
		if n := Count(tm.Screen(), text); n != 1 {
			t.Fatalf("%q is on the screen %d times:\n%s", text, n, tm.Screen())
		}
	}
	tm.WaitUntil("the typed prompt", func(s string) bool { return strings.Contains(s, "? speed.5: |") })
	for _, k := range []string{"4", KeyBack, "-", "1"} {
		tm.Type(k)
		once("speed modification in the sail")
		once("? speed.5:")
	}
	tm.Type(KeyEnter)
	tm.WaitForOutput("speed.5: -1")
	tm.WaitFor("Search:")
	for _, k := range []string{"n", "o", "n", "e"} {
		tm.Type(k)
		once("does a Player Ship of yours")
		once("? attack [none]:")
	}
	tm.Type(KeyEnter)
	// An answer longer than the row: the line shows its end after "…".
	tm.WaitUntil("the ports prompt", func(s string) bool { return strings.Contains(s, "? ports [none]: |") })
	long := "tavern,none,foreign-port,tavern-blocked"
	tm.Type(long)
	tm.WaitFor("? ports [none]: …")
	once("? ports [none]:")
	tm.Type(KeyEnter)
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "misty.player.Ann.ports", long+"@terminal")
	for _, l := range strings.Split(tm.Screen(), "\n") {
		if strings.HasPrefix(l, "?") && strings.Count(l, "?") > 1 {
			t.Errorf("a prompt drawn over another: %q", l)
		}
	}
	if sgr := regexp.MustCompile(`\x1b\[[0-9;]*m`).FindString(tm.Raw()); sgr != "" {
		t.Errorf("NO_COLOR: the output has the colour code %q", sgr)
	}
}

// TestPTYEventsBeforeNextQuestion plays Ann's first turn at the terminal:
// she attacks a Pirate Ship, mistypes her ship's spec (re-asked in place,
// the step goes on), and the battle's result is on the screen before the
// next "does a Player Ship of yours attack?" question; Enter at the ports
// question takes its default, shown on the answered line.
func TestPTYEventsBeforeNextQuestion(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "ev",
		"--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "misty.player.Ann.attack", "misty.ship.Ann", "misty.player.Ann.ports", "misty.player.Ann.treasure")
	tm := g.term("next", "--answers", a)
	const attack = "does a Player Ship of yours (Sloop, Caravel) attack?"
	answer(t, tm, attack, "pirate-1")
	answer(t, tm, "describe your Player Ship in this battle", "sloop:canons=2")
	tm.WaitFor(`"canons" is not a known key`)
	keys := []string{}
	for range "sloop:canons=2" {
		keys = append(keys, KeyBack)
	}
	answer(t, tm, "describe your Player Ship in this battle", append(keys, "sloop:cannons=2,sailors=2")...)
	// Asked again for the ship that has not attacked: the Sloop did.
	const again = "does a Player Ship of yours (Caravel) that has not attacked yet attack?"
	tm.WaitUntil("the attack question asked again", func(s string) bool {
		last := strings.LastIndex(s, again)
		return strings.Count(tm.Raw(), attack) == 1 && last >= 0 && strings.Contains(s[last:], "Search:")
	})
	raw := tm.Raw()
	battle := strings.Index(raw, "attacks pirate-1 by Broadside Battle")
	if battle < 0 || battle > strings.LastIndex(raw, again) {
		t.Fatalf("the battle's result was not printed before the next question:\n%s", tm.Screen())
	}
	tm.Type(KeyEnter) // none, the default
	waitPrompt(tm, "where are your ships stopped at the end of your turn?")
	tm.Type("t", KeyBack, KeyEnter) // a change of mind: empty takes none, the default
	tm.WaitFor("ports: none")
	answer(t, tm, "did a ship of yours at the 'X' load", "none")
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
	wantAnswers(t, g, "misty.ship.Ann", "sloop:cannons=2,sailors=2@terminal")
	wantAnswers(t, g, "misty.player.Ann.attack", "pirate-1@terminal", "none@terminal")
	wantAnswers(t, g, "misty.player.Ann.ports", "none@terminal")
}

// TestPTYLongListKeepsTheQuestion: on a short terminal a pick list takes
// only the rows the question leaves, so the question stays on the screen
// while its answer is picked.
func TestPTYLongListKeepsTheQuestion(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "short",
		"--answers", filepath.Join(g.repo, file))
	a := g.answers(file, "misty.player.Ann.attack")
	tm := StartTerm(t, 80, 12, g.dir, g.env, "next", "--answers", a)
	const attack = "does a Player Ship of yours (Sloop, Caravel) attack?"
	s := tm.WaitUntil("the attack list", func(s string) bool { return strings.Contains(s, "Search:") })
	if !strings.Contains(s, attack) || !strings.Contains(s, "none") {
		t.Fatalf("at 80x12 the question is not on the screen with its list:\n%s", s)
	}
	tm.Type("n", "o", "n", "e", KeyEnter)
	if code := tm.Exit(); code != 0 {
		t.Fatalf("bosun next exited %d:\n%s", code, tm.Screen())
	}
}

// TestPTYEventsBeforeQuestionsInEveryGame: in each game a step that
// tells the table something before it asks prints it first: the "Step N:"
// heading and the event are on the screen before the question (the events
// of a step used to appear only after all its questions).
func TestPTYEventsBeforeQuestionsInEveryGame(t *testing.T) {
	for _, c := range []struct {
		name, file, event, question string
		args, drop                  []string
		before                      int // scripted steps first
	}{
		{"rolling-seas", "games/rollingseas/testdata/solo-basic.yaml", "Setup Adventure 1: currents", "the type of setup Adventure Card 2",
			[]string{"rolling-seas", "--players", "Alma", "--option", "ironside=basic", "--seed", "12"},
			[]string{"rs.setup.adventure.1", "rs.setup.adventure.2"}, 0},
		{"war-for-atraxia", "games/atraxia/testdata/session-4p.yaml", "Round 1: Xanthe's turn", "Xanthe (fox clan): action 1 of 2",
			[]string{"war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--option", "pirates=yes", "--seed", "1"},
			[]string{"wfa.turn.action"}, 0},
		{"quests-and-cannons", "games/questsandcannons/testdata/coop-easy.yaml", "Valkyr ends the turn", "can Marauder 1 reach Valkyr",
			[]string{"quests-and-cannons", "--players", "Valkyr", "--option", "coop=easy", "--seed", "1"},
			[]string{"qc.marauder.1.reach"}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newPTYGame(t)
			g.run(append(append([]string{"new"}, c.args...), "--name", "ev", "--answers", filepath.Join(g.repo, c.file))...)
			if c.before > 0 {
				g.run("next", "--steps", fmt.Sprint(c.before), "--answers", filepath.Join(g.repo, c.file))
			}
			tm := g.term("next", "--answers", g.answers(c.file, c.drop...))
			if c.name == "rolling-seas" {
				answer(t, tm, "the type of setup Adventure Card 1", "currents")
			}
			waitPrompt(tm, c.question)
			raw := tm.Raw()
			heading := fmt.Sprintf("Step %d:", c.before+1)
			q, ev, head := strings.LastIndex(raw, c.question), strings.Index(raw, c.event), strings.Index(raw, heading)
			if ev < 0 || head < 0 || ev > q || head > ev {
				t.Fatalf("%q (under %q) is not printed before the question %q:\n%s", c.event, heading, c.question, tm.Screen())
			}
			tm.Type(KeyCtrlC)
			if code := tm.Exit(); code == 0 {
				t.Fatalf("Ctrl-C exited 0:\n%s", tm.Screen())
			}
		})
	}
}
