package root_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
)

// TestAPanicExitsOneWithAMessage: a panic is a bug, not bad input: it must
// not exit 2 (Go's code for an unrecovered panic) and must say what
// happened in one line.
func TestAPanicExitsOneWithAMessage(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("BOSUN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	for _, args := range [][]string{{"boom"}, {"--json", "boom"}} {
		var out, errOut bytes.Buffer
		f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
		cmd := root.NewCmdRoot(f)
		cmd.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error {
			var s []int
			_ = s[-1+len(s)]
			return nil
		}})
		cmd.SetArgs(args)
		code := root.Execute(cmd, f)
		assert.Equal(t, root.ExitError, code, args)
		assert.Contains(t, errOut.String(), "bosun: internal error: runtime error: index out of range")
		assert.Contains(t, errOut.String(), "this is a bug in bosun")
		assert.Equal(t, 1, strings.Count(errOut.String(), "\n"), "one line, no stack trace")
		if args[0] == "--json" {
			assert.Contains(t, out.String(), `"code": 1`)
		}
	}
}
