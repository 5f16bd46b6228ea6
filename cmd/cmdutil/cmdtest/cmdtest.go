// Package cmdtest holds what the command packages' tests share: running a
// command through its gh-style runF seam to see the options it parsed.
package cmdtest

import (
	"bytes"
	"io"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
)

// ParseOpts builds a command with a runF that keeps the options it is
// given, runs it with args and returns them: nil when the command refused
// the arguments before running.
func ParseOpts[O any](t *testing.T, build func(*cmdutil.Factory, func(*O) error) *cobra.Command, args ...string) (*O, *cmdutil.Factory, error) {
	t.Helper()
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}})
	var got *O
	cmd := build(f, func(o *O) error { got = o; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	if err != nil {
		assert.Nil(t, got, "%v: refused, so the run function is not called", args)
	}
	return got, f, err
}
