package atraxia

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
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

// shellWords splits a command line like a shell (quotes, no expansion).
func shellWords(s string) []string {
	var out []string
	var w strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, w.String())
	}
	return out
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

// Every Example of the command group and its commands works as written,
// in a fresh environment with no terminal.
func TestHelpExamplesRunAsWritten(t *testing.T) {
	var f cmdutil.Factory
	group := NewCmd(&f)
	cmds := append([]*cobra.Command{group}, group.Commands()...)
	n := 0
	for _, c := range cmds {
		for _, line := range exampleLines(c.Example) {
			n++
			t.Run(c.Name()+": "+line, func(t *testing.T) {
				out, err := runLine(t, line)
				if err != nil {
					t.Fatalf("%s: %v\n%s", line, err, out)
				}
				if out == "" {
					t.Errorf("%s printed nothing", line)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no examples found")
	}
}
