package cmdutil_test

import (
	"io"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseAnswers(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want [][2]string
		err  string
	}{
		{"kv lines", "# c\na.b=1\n\nc = x y\n", [][2]string{{"a.b", "1"}, {"c", "x y"}}, ""},
		{"yaml map", "a.b: 1\nc: yes\n", [][2]string{{"a.b", "1"}, {"c", "yes"}}, ""},
		{"yaml queue", "w:\n  - 2\n  - 3\n", [][2]string{{"w", "2"}, {"w", "3"}}, ""},
		{"yaml dice list", "d: [[6, 4, 1], [2]]\n", [][2]string{{"d", "6,4,1"}, {"d", "2"}}, ""},
		{"empty", "  \n", nil, ""},
		{"not a map", "- a\n- b\n", nil, "YAML map"},
		{"nested map", "a:\n  b: 1\n", nil, "plain value"},
		{"broken yaml", "a: [1\n", nil, "not a YAML map"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := cmdutil.ParseAnswers([]byte(tt.in))
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func FuzzParseAnswers(f *testing.F) {
	for _, s := range []string{"a=1", "a: 1", "a: [1, 2]", "a:\n - [1]\n", "=", ":", "a: {b: 1}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		kvs, err := cmdutil.ParseAnswers([]byte(s))
		if err != nil {
			return
		}
		for _, kv := range kvs {
			if kv[0] == "" {
				t.Fatalf("%q: empty key accepted", s)
			}
		}
	})
}

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
