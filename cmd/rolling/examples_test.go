package rolling

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/session"
	"github.com/spf13/cobra"
)

// shellWords splits a command line like a shell (quotes, no expansion).
func shellWords(s string) []string {
	w, _ := session.SplitCommandLine(s)
	return w
}

// runLine runs one example as the binary would: a root with bosun's global
// flags, a fresh config and data dir, no terminal and nothing on stdin.
func runLine(t *testing.T, line string) (string, error) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("BOSUN_DATA_DIR", t.TempDir())
	var out bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &out})
	root := &cobra.Command{Use: "bosun", SilenceUsage: true, SilenceErrors: true}
	pf := root.PersistentFlags()
	pf.BoolVar(&f.G.JSON, "json", false, "")
	pf.Uint64Var(&f.G.Seed, "seed", 0, "")
	pf.StringVar(&f.G.Dice, "dice", "virtual", "")
	pf.StringArrayVar(&f.G.Set, "set", nil, "")
	pf.StringArrayVar(&f.G.Answers, "answers", nil, "")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		f.G.SeedSet = cmd.Flags().Changed("seed")
		return f.V.BindPFlag("dice", cmd.Flags().Lookup("dice"))
	}
	root.AddCommand(NewCmd(f))
	root.SetOut(&out)
	root.SetErr(&out)
	words := shellWords(line)
	if len(words) == 0 || words[0] != "bosun" {
		t.Fatalf("example %q does not start with bosun", line)
	}
	root.SetArgs(words[1:])
	err := root.Execute()
	return out.String(), err
}
