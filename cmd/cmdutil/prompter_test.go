package cmdutil_test

import (
	"io"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
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
