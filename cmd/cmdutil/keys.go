package cmdutil

import (
	"bytes"
	"io"
)

// keyReader hands promptui the keys typed at the terminal, one prompt after
// another, keeping keys typed ahead for the next prompt.
//
// For a typed prompt it ends the line itself: Enter is not passed on but
// read as the end of input. readline calls promptui's redraw for the Enter
// key from its own goroutine after the line was returned, racing with
// promptui drawing the answered line: a late redraw leaves the prompt drawn
// a second time below the next question. Ending the input instead makes
// readline stop without that redraw; the Terminal then draws the answered
// line itself.
type keyReader struct {
	in          io.Reader
	pending     []byte
	stopAtEnter bool
	entered     bool
}

func (k *keyReader) Close() error { return nil }

func (k *keyReader) Read(p []byte) (int, error) {
	for len(k.pending) == 0 {
		buf := make([]byte, 256)
		n, err := k.in.Read(buf)
		k.pending = append(k.pending, buf[:n]...)
		if n == 0 && err != nil {
			return 0, err
		}
	}
	if k.stopAtEnter {
		switch i := bytes.IndexAny(k.pending, "\r\n"); {
		case i == 0:
			k.pending = k.pending[1:]
			k.entered, k.stopAtEnter = true, false
			return 0, io.EOF
		case i > 0:
			n := copy(p, k.pending[:i])
			k.pending = k.pending[n:]
			return n, nil
		}
	}
	n := copy(p, k.pending)
	k.pending = k.pending[n:]
	return n, nil
}
