package cmdutil_test

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrompterDoesNotReadStdinUntilAsked: a command that asks nothing must
// not wait on a pipe that never closes.
func TestPrompterDoesNotReadStdinUntilAsked(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	f := cmdutil.New(&cmdutil.IO{In: r, Out: io.Discard, ErrOut: io.Discard})
	done := make(chan error, 1)
	go func() { _, err := f.Prompter(); done <- err }()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(2 * time.Second):
		t.Fatal("Prompter blocked reading stdin before anything was asked")
	}
}

// TestAnOverlongStdinLineIsAnError: a line over the limit used to stop the
// scanner silently, dropping every answer; now no stdin answer is taken and
// the first question read from stdin fails naming the limit.
func TestAnOverlongStdinLineIsAnError(t *testing.T) {
	in := "2\n" + strings.Repeat("x", cmdutil.MaxStdinLine+1) + "\n3\n"
	io := &cmdutil.IO{In: strings.NewReader(in)}
	f := cmdutil.New(io)
	p, err := f.Prompter()
	require.NoError(t, err)
	_, err = referee.Number(p, "k", "a number", 0, 5)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "line 2 is longer than the limit of 64 KiB")
	assert.Nil(t, io.StdinLines())

	// A line at the limit is read.
	io = &cmdutil.IO{In: strings.NewReader(strings.Repeat("y", cmdutil.MaxStdinLine) + "\n")}
	assert.Len(t, io.StdinLines(), 1)
	assert.NoError(t, io.StdinErr())
}
