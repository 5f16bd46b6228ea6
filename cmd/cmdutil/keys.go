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
//
// For a pick list it passes the keys up to and including the first Enter,
// and no further (readline reads ahead into a buffer that is dropped with
// the list: keys typed ahead would be lost), and it follows what the keys
// do to the list (see pickKeys), so that the Terminal can tell an Enter
// that takes a row somebody chose from one pressed on the row the list
// happened to start on.
type keyReader struct {
	in          io.Reader
	pending     []byte
	stopAtEnter bool
	entered     bool
	pick        *pickKeys // set while a pick list reads
	// inject is read before the keys typed and not followed by pick: the
	// moves that put a pick list's cursor on its default (promptui's
	// search mode puts it back on the first row when the list is drawn).
	inject []byte
}

// pickKeys follows the keys typed at a pick list: the length of the
// search text (promptui filters by it) and whether the cursor was moved
// since the text last changed (a change puts the cursor back on the first
// row shown).
type pickKeys struct {
	typed int    // runes in the search text
	moved bool   // an arrow (or Ctrl-N/P/B/F) since the text last changed
	esc   []byte // an escape sequence being read
	// chose is what the last Enter found: something was typed or the
	// cursor moved, so the highlighted row is the table's choice.
	chose bool
	// cursor is the default's row; emptied is set when a Backspace has
	// erased the whole search: promptui then shows the first row again,
	// and the cursor is moved back to the default, which Enter takes.
	cursor  int
	emptied bool
}

func (p *pickKeys) feed(b []byte) {
	for _, c := range b {
		if len(p.esc) > 0 {
			p.esc = append(p.esc, c)
			switch {
			case len(p.esc) == 2 && c != '[' && c != 'O':
				p.esc = nil // Alt+key: nothing promptui acts on
			case len(p.esc) > 2 && c >= 0x40 && c <= 0x7e:
				switch c {
				case 'A', 'B', 'C', 'D': // arrows: promptui's up, down and pages
					p.moved = true
				} // Home, End, Delete, F-keys...: promptui does nothing
				p.esc = nil
			}
			continue
		}
		switch {
		case c == 0x1b:
			p.esc = []byte{c}
		case c == '\r' || c == '\n':
			p.chose = p.typed > 0 || p.moved
		case c == 0x7f || c == 0x08:
			if p.typed > 0 {
				p.typed--
				p.emptied = p.typed == 0 && p.cursor > 0
			}
			p.moved = false
		case c == 0x0e || c == 0x10 || c == 0x02 || c == 0x06: // Ctrl-N, P, B, F
			p.moved = true
		case c < 0x20:
		case c&0xc0 == 0x80: // inside a UTF-8 rune
		default:
			p.typed++
			p.moved = false
		}
	}
}

// ctrlU is Ctrl-U, which erases what was typed.
const ctrlU = 0x15

func (k *keyReader) Close() error { return nil }

func (k *keyReader) Read(p []byte) (int, error) {
	if len(k.inject) > 0 {
		n := copy(p, k.inject)
		k.inject = k.inject[n:]
		return n, nil
	}
	for {
		for len(k.pending) == 0 {
			buf := make([]byte, 256)
			n, err := k.in.Read(buf)
			k.pending = append(k.pending, buf[:n]...)
			if n == 0 && err != nil {
				return 0, err
			}
		}
		if k.pick == nil || k.pending[0] != ctrlU {
			break
		}
		// Ctrl-U clears the line, as at a typed prompt: promptui's search
		// ignores it, so it becomes one Backspace a rune typed.
		k.pending = append(bytes.Repeat([]byte{0x7f}, k.pick.typed), k.pending[1:]...)
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
	end := len(k.pending)
	if k.pick != nil {
		if i := bytes.IndexAny(k.pending, "\r\n"); i >= 0 {
			end = i + 1
		}
	}
	if k.pick != nil {
		// Fed one byte at a time, so that the moves back to the default
		// come right after the Backspace that emptied the search.
		n := 0
		for n < min(end, len(p)) {
			if k.pending[n] == ctrlU {
				break // read on its own, after what came before it
			}
			k.pick.feed(k.pending[n : n+1])
			p[n] = k.pending[n]
			n++
			if k.pick.emptied {
				k.pick.emptied = false
				k.inject = bytes.Repeat([]byte{0x0e}, k.pick.cursor)
				break
			}
		}
		k.pending = k.pending[n:]
		return n, nil
	}
	n := copy(p, k.pending[:end])
	k.pending = k.pending[n:]
	return n, nil
}
