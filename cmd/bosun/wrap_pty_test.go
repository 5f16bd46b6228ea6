package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// piped runs bosun with stdout and stderr on pipes and returns them.
func piped(t *testing.T, dir string, env []string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(bosunBin(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	_ = cmd.Run()
	return out.String(), errOut.String()
}

// TestPTYMessagesWrapAtWords: an error line and a command's help printed
// to a terminal are wrapped at words to its width (issue 24: the terminal
// cut "Play/er" and "fox-hom/e" at column 80), and the words are the same
// as on a pipe, where nothing is wrapped.
func TestPTYMessagesWrapAtWords(t *testing.T) {
	g := newPTYGame(t)
	const file = "games/mistywaters/procedure/testdata/two-players.yaml"
	full := filepath.Join(g.repo, file)
	g.run("new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "mw2", "--answers", full)
	g.run("next", "--steps", "3", "--answers", full)
	for _, c := range []struct {
		cols int
		args []string
	}{
		{80, []string{"new", "chess", "--players", "Ann"}},
		{40, []string{"new", "chess", "--players", "Ann"}},
		{60, []string{"next", "--help"}},
		{40, []string{"undo", "--help"}},
		// Tables on a terminal, tab-separated rows on a pipe: the rows fit.
		{60, []string{"log"}},
		{60, []string{"status"}},
		{60, []string{"log", "--why"}},
	} {
		out, errOut := piped(t, g.dir, g.env, c.args...)
		want := strings.Fields(out + errOut)
		if strings.Contains(errOut, "\n") && strings.Index(errOut, "\n") < len(errOut)-1 {
			t.Fatalf("%q: the message on a pipe is not one line:\n%s", c.args, errOut)
		}
		tm := StartTerm(t, c.cols, 200, g.dir, g.env, c.args...)
		tm.Exit()
		screen := tm.Screen()
		if got := strings.Fields(screen); c.args[0] != "log" && c.args[0] != "status" && strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%d columns, bosun %s: the words on the screen are not those printed on a pipe (a word cut at the edge):\n%s", c.cols, strings.Join(c.args, " "), screen)
		}
		for _, l := range strings.Split(screen, "\n") {
			if len([]rune(l)) > c.cols {
				t.Errorf("a row wider than %d: %q", c.cols, l)
			}
		}
	}
}
