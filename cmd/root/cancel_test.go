package root_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const twoPlayers = "../../games/mistywaters/procedure/testdata/two-players.yaml"

// table is a fake terminal for the questions the answers file leaves out:
// it answers the board value board, then presses Ctrl-C at the next
// question when cancel is set. It notes what stdout and the session file
// held at that moment.
type table struct {
	t        *testing.T
	out      *bytes.Buffer
	session  string // the session file
	board    string // key of the board value it answers
	value    string
	cancel   bool
	answered bool   // the board value was answered
	canceled bool   // Ctrl-C was pressed
	outAtC   string // stdout when Ctrl-C was pressed
	saveAtC  []byte // the session file when Ctrl-C was pressed
}

func (tb *table) Ask(q referee.Question) (string, error) {
	switch {
	case q.Key == tb.board && !tb.answered:
		tb.answered = true
		return q.Normalize(tb.value)
	case tb.answered && tb.cancel && !tb.canceled:
		tb.canceled, tb.outAtC = true, tb.out.String()
		tb.saveAtC, _ = os.ReadFile(tb.session)
		return "", referee.ErrCanceled
	}
	return "", fmt.Errorf("the fake table was asked %s", q.Key)
}

// answersWithout writes the scripted session's answers file without the
// given keys (so that they are asked at the terminal).
func answersWithout(t *testing.T, keys ...string) string {
	b, err := os.ReadFile(twoPlayers)
	require.NoError(t, err)
	var keep []string
	for _, l := range strings.Split(string(b), "\n") {
		k, _, _ := strings.Cut(l, ":")
		if !slices.Contains(keys, k) {
			keep = append(keep, l)
		}
	}
	path := filepath.Join(t.TempDir(), "answers.yaml")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(keep, "\n")), 0o600))
	return path
}

// atTable runs bosun with args at a (fake) terminal.
func atTable(tb *table, out, errOut *bytes.Buffer, args ...string) int {
	return atTableWith(tb, out, errOut, args...)
}

// atTableWith runs bosun with args at a terminal answered by p.
func atTableWith(p referee.Prompter, out, errOut *bytes.Buffer, args ...string) int {
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: out, ErrOut: errOut, TTYIn: true})
	f.Terminal = func(*cmdutil.IO) referee.Prompter { return p }
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs(args)
	return root.Execute(cmd, f)
}

// misty starts the scripted two-player Misty Waters session (setup from
// the answers file, no board value asked yet) in a fresh data and config
// dir, and returns the session file and the tables overlay paths.
func misty(t *testing.T) (string, string) {
	dir := t.TempDir()
	t.Setenv("BOSUN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	var out, errOut bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs([]string{"new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "mw2", "--answers", twoPlayers})
	require.Equal(t, 0, root.Execute(cmd, f), errOut.String())
	overlay := filepath.Join(dir, "config", "bosun", "tables.yaml")
	require.NoFileExists(t, overlay, "setup asked no board value")
	return filepath.Join(dir, "data", "sessions", "mw2.json"), overlay
}

// Ctrl-C in the middle of a step, after a board value was typed in it: nothing
// of the step is saved (session, tables overlay), one line says so, and next
// and play exit alike, with the events of the step shown before the
// question. In the scripted session, step 10 asks the Falcon Race distance
// (a board value) and then Bob's bet; the steps before it are saved.
func TestCtrlCSavesNothingInNextAndPlay(t *testing.T) {
	for _, verb := range [][]string{{"next", "--to-end"}, {"play", "--set", "play.menu=next step"}} {
		t.Run(verb[0], func(t *testing.T) {
			session, overlay := misty(t)
			answers := answersWithout(t, "misty.board.falcon-distance", "misty.falcon.Bob.bet")
			var out, errOut bytes.Buffer
			tb := &table{t: t, out: &out, session: session, board: "misty.board.falcon-distance", value: "12", cancel: true}
			code := atTable(tb, &out, &errOut, append(verb, "--answers", answers)...)
			require.True(t, tb.canceled, "the fake table pressed Ctrl-C; stderr %s", errOut.String())
			assert.Equal(t, root.ExitCanceled, code, errOut.String())
			assert.Equal(t, 1, strings.Count(errOut.String(), "\n"), "one line: %q", errOut.String())
			assert.Contains(t, errOut.String(), "bosun: canceled; nothing was saved of step 10")
			assert.Contains(t, errOut.String(), "did not happen", "the events already printed are said void")
			assert.Contains(t, errOut.String(), "9 steps", "the steps done before it are saved")
			// Board values of the saved steps (from the answers file) are
			// remembered; the one typed in the canceled step is not.
			b, err := os.ReadFile(overlay)
			require.NoError(t, err)
			assert.Contains(t, string(b), "speed")
			assert.NotContains(t, string(b), "falcon-distance")
			now, err := os.ReadFile(session)
			require.NoError(t, err)
			assert.Contains(t, string(tb.saveAtC), `"step":10,`, "steps 1-9 were saved before")
			assert.Equal(t, string(tb.saveAtC), string(now), "the session is as before the canceled step")

			// The step's events were on screen before the question Ctrl-C
			// stopped: after the step's heading, at least one event.
			i := strings.LastIndex(tb.outAtC, "Step 10:\n")
			require.GreaterOrEqual(t, i, 0, "step 10's heading is shown: %q", tb.outAtC)
			assert.Contains(t, tb.outAtC[i:], "\n- ", "an event of the step in progress is shown")
			assert.Equal(t, tb.outAtC, out.String(), "nothing printed after Ctrl-C on stdout")
		})
	}
}

// Without Ctrl-C, the board value typed during a step is remembered once
// the step is saved.
func TestBoardValueOfASavedStepIsRemembered(t *testing.T) {
	session, overlay := misty(t)
	answers := answersWithout(t, "misty.board.falcon-distance")
	var out, errOut bytes.Buffer
	tb := &table{t: t, out: &out, session: session, board: "misty.board.falcon-distance", value: "12"}
	require.Equal(t, 0, atTable(tb, &out, &errOut, "next", "--steps", "10", "--answers", answers), errOut.String())
	require.True(t, tb.answered)
	b, err := os.ReadFile(overlay)
	require.NoError(t, err)
	assert.Contains(t, string(b), "falcon-distance")
}
