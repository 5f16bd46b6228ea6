package root_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
)

// run executes bosun in-process with args and stdin, returning the exit
// code, stdout and stderr.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("BOSUN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	var out, errOut bytes.Buffer
	io := &cmdutil.IO{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut}
	f := cmdutil.New(io)
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs(args)
	code := root.Execute(cmd, f)
	return code, out.String(), errOut.String()
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		name    string
		stdin   string
		args    []string
		code    int
		wantErr string
	}{
		{"ok", "", []string{"roll", "d6", "--seed", "1"}, 0, ""},
		{"unknown command", "", []string{"nosuch"}, 2, "unknown command"},
		{"missing arg", "", []string{"roll"}, 2, "requires at least 1 arg"},
		{"bad flag", "", []string{"roll", "d6", "--frob"}, 2, "unknown flag"},
		{"bad spec", "", []string{"roll", "2x6"}, 2, `"2x6"`},
		{"die face 7 from stdin", "7\n", []string{"roll", "d6", "--dice", "physical"}, 2, "1-6"},
		{"die face 0 from --set", "", []string{"roll", "d6", "--dice", "physical", "--set", "roll.d6=0"}, 2, "1-6"},
		{"no answer", "", []string{"roll", "d6", "--dice", "physical"}, 2, "no answer for roll.d6"},
		{"unknown game", "", []string{"new", "chess", "--players", "A"}, 2, "unknown game"},
		{"bad --set", "", []string{"roll", "d6", "--set", "novalue"}, 2, "key=value"},
		{"missing answers file", "", []string{"roll", "d6", "--answers", "/nonexistent/a.yaml"}, 2, "--answers"},
		{"bad config file", "", []string{"roll", "d6", "--config", "/nonexistent/c.yaml"}, 2, "--config"},
		{"missing required flag", "", []string{"rolling", "cost", "--wind", "N"}, 2, `required flag(s) "path" not set`},
		{"answers file is a directory", "", []string{"roll", "d6", "--answers", os.TempDir()}, 2, "is a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, tt.stdin, tt.args...)
			assert.Equal(t, tt.code, code, "stderr: %s", errOut)
			if tt.wantErr != "" {
				assert.Contains(t, errOut, tt.wantErr)
				assert.Empty(t, out, "nothing on stdout on error")
			}
		})
	}
}

func TestCorruptSaveExitsTwoAndIsUntouched(t *testing.T) {
	dir := t.TempDir()
	sessions := filepath.Join(dir, "sessions")
	assert.NoError(t, os.MkdirAll(sessions, 0o700))
	body := []byte(`{"schema":1,"name":"x","game":"misty-waters","log":[`)
	path := filepath.Join(sessions, "x.json")
	assert.NoError(t, os.WriteFile(path, body, 0o600))
	var out, errOut bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	for _, args := range [][]string{{"status"}, {"next"}, {"undo"}, {"export", "x"}} {
		cmd := root.NewCmdRoot(f)
		cmd.SetArgs(append(args, "--data-dir", dir, "--session", "x"))
		code := root.Execute(cmd, f)
		assert.Equal(t, 2, code, "%v: %s", args, errOut.String()) // a save that cannot be vouched for
		assert.Contains(t, errOut.String(), "corrupt")
		now, _ := os.ReadFile(path)
		assert.Equal(t, body, now)
	}
}

func TestExitCodeOfCtrlC(t *testing.T) {
	assert.Equal(t, root.ExitCanceled, root.ExitCode(referee.ErrCanceled))
	assert.Equal(t, 130, root.ExitCode(fmt.Errorf("step 3: %w", &cmdutil.CanceledError{})))
	assert.Equal(t, root.ExitUsage, root.ExitCode(fmt.Errorf("2 steps done and saved: %w", &referee.NoAnswerError{})))
}
