package dice

import (
	"bytes"
	"io"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parse runs `roll ARGS` with a runF that keeps the options it is given.
func parse(t *testing.T, args ...string) (*RollOptions, *cmdutil.Factory, error) {
	t.Helper()
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}})
	var got *RollOptions
	cmd := NewCmdRoll(f, func(o *RollOptions) error { got = o; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	return got, f, err
}

func TestRollRunF(t *testing.T) {
	o, f, err := parse(t, "3d6")
	require.NoError(t, err)
	assert.Equal(t, &RollOptions{F: f, Specs: []string{"3d6"}}, o)
	o, _, err = parse(t, "wind", "exploration", "ammo:3")
	require.NoError(t, err)
	assert.Equal(t, []string{"wind", "exploration", "ammo:3"}, o.Specs, "each positional arg is one spec, in order; rollRun parses them")
	// The specs are parsed by rollRun, not while parsing the command line:
	// the real command refuses a bad one.
	f = cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}})
	cmd := NewCmdRoll(f, nil)
	cmd.SetArgs([]string{"2x6"})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err = cmd.Execute()
	assert.True(t, referee.IsUsage(err), "%v", err)
	assert.ErrorContains(t, err, `"2x6"`)

	o, _, err = parse(t)
	assert.Error(t, err, "roll needs at least one SPEC")
	assert.Nil(t, o)
	o, _, err = parse(t, "--sides", "6")
	assert.Error(t, err, "roll has no flags of its own (--seed, --dice and --set are global)")
	assert.Nil(t, o)
}
