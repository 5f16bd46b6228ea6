package root_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/bosun-referee/bosun/cmd/session"
	"github.com/spf13/cobra"
)

// exampleLines returns the command lines of a help Example: comments
// dropped, backslash continuations joined.
func exampleLines(ex string) []string {
	var out []string
	cur := ""
	for _, l := range strings.Split(ex, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.HasSuffix(l, "\\") {
			cur += strings.TrimSuffix(l, "\\") + " "
			continue
		}
		out = append(out, cur+l)
		cur = ""
	}
	return out
}

// needsTable lists the commands whose examples act on a saved session, a
// file of the user's or a terminal: the end-to-end scripts cover those.
var needsTable = map[string]bool{
	"new": true, "next": true, "status": true, "play": true, "undo": true, "log": true,
	"rm": true, "export": true, "sessions": true, "add": true, "remove": true, "report": true, "salvage": true,
	"serve": true, // a server on a saved session: cmd/serve's tests run it
}

// TestHelpExamplesRunAsWritten runs every Example of every one-shot command
// through the real root, in a fresh data and config dir with no terminal
// and nothing on stdin: a player copying an example must see it work.
func TestHelpExamplesRunAsWritten(t *testing.T) {
	var walk func(c *cobra.Command) []*cobra.Command
	walk = func(c *cobra.Command) []*cobra.Command {
		out := []*cobra.Command{c}
		for _, s := range c.Commands() {
			out = append(out, walk(s)...)
		}
		return out
	}
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}})
	n := 0
	for _, c := range walk(root.NewCmdRoot(f)) {
		if needsTable[c.Name()] || c.Name() == "completion" || (c.HasParent() && c.Parent().Name() == "completion") {
			continue
		}
		for _, line := range exampleLines(c.Example) {
			if strings.ContainsAny(line, "|<>") {
				continue // shell pipes: covered by the end-to-end scripts
			}
			n++
			t.Run(c.CommandPath()+": "+line, func(t *testing.T) {
				words, err := session.SplitCommandLine(line)
				if err != nil || len(words) == 0 || words[0] != "bosun" {
					t.Fatalf("example %q is not a bosun command line", line)
				}
				dir := t.TempDir()
				t.Setenv("BOSUN_DATA_DIR", filepath.Join(dir, "data"))
				t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
				var out, errOut bytes.Buffer
				f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
				cmd := root.NewCmdRoot(f)
				cmd.SetArgs(words[1:])
				if code := root.Execute(cmd, f); code != 0 {
					t.Fatalf("exit %d\nstderr: %s", code, errOut.String())
				}
				if out.Len() == 0 {
					t.Errorf("printed nothing")
				}
			})
		}
	}
	if n < 30 {
		t.Fatalf("only %d examples found; the walk is broken", n)
	}
}
