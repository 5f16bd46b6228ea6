package cmdutil

import (
	"bytes"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// fitWriter keeps every line promptui draws within the terminal width. A
// line wider than max (an answer longer than the row, or a long search) is
// shown as its first keep columns (the label), "…", and its end (where the
// cursor is): a line that wrapped would take two rows, and promptui, which
// moves up one row per line to redraw, would leave a copy on each keystroke.
// Escape sequences pass through untouched and take no columns.
type fitWriter struct {
	w    io.Writer
	max  int // columns a line may take
	keep int // columns kept at the start of a cut line
}

func (f fitWriter) Close() error { return nil }

func (f fitWriter) Write(p []byte) (int, error) {
	lines := bytes.Split(p, []byte("\n"))
	for i, l := range lines {
		lines[i] = fitLine(l, f.max, f.keep)
	}
	if _, err := f.w.Write(bytes.Join(lines, []byte("\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// escLen returns the length of the escape sequence starting b (0 if none).
func escLen(b []byte) int {
	if len(b) < 2 || b[0] != 0x1b {
		return 0
	}
	if b[1] != '[' {
		return 2
	}
	for i := 2; i < len(b); i++ {
		if b[i] >= 0x40 && b[i] <= 0x7e {
			return i + 1
		}
	}
	return len(b)
}

// fitLine cuts one line (without its newline) to max columns, counting
// from its last carriage return.
func fitLine(l []byte, max, keep int) []byte {
	start := bytes.LastIndexByte(l, '\r') + 1
	width := 0
	for b := l[start:]; len(b) > 0; {
		if n := escLen(b); n > 0 {
			b = b[n:]
			continue
		}
		r, n := utf8.DecodeRune(b)
		width += runewidth.RuneWidth(r)
		b = b[n:]
	}
	if width <= max || max < 1 {
		return l
	}
	keep = min(keep, max-1)
	drop := width - max + 1 // columns cut, the ellipsis takes one back
	out := append([]byte(nil), l[:start]...)
	col, marked := 0, false
	for b := l[start:]; len(b) > 0; {
		if n := escLen(b); n > 0 {
			out = append(out, b[:n]...)
			b = b[n:]
			continue
		}
		r, n := utf8.DecodeRune(b)
		w := runewidth.RuneWidth(r)
		switch {
		case col < keep:
			out = append(out, b[:n]...)
		case col < keep+drop:
			if !marked {
				out = append(out, "…"...)
				marked = true
			}
		default:
			out = append(out, b[:n]...)
		}
		col += w
		b = b[n:]
	}
	return out
}

// gateWriter passes promptui's drawing on until its Run returns. promptui
// redraws from readline's goroutine, which may still write after Run has
// returned (Ctrl-C, Enter): a late redraw of the prompt or list would then
// land over what bosun prints next (the cancel message, the next
// question). Once shut, writes are dropped; shut waits for a write in
// progress.
type gateWriter struct {
	w    io.WriteCloser
	mu   sync.Mutex
	done bool
	// noResults replaces promptui's bare "No results" under a pick list
	// whose search matches nothing (empty: left as it is).
	noResults []byte
}

func newGate(w io.WriteCloser) *gateWriter { return &gateWriter{w: w} }

// promptuiNoResults is what promptui draws under a pick list whose search
// text matches no option; Enter there does nothing, so the line says what
// to do instead (noResultsHelp).
var promptuiNoResults = []byte("No results")

// noResultsHelp is the line shown under a pick list that nothing matches,
// cut to the width (a wrapped line would break promptui's redrawing).
func noResultsHelp(width int) []byte {
	return []byte(Truncate("No results: Enter takes nothing here; Backspace and type part of an option", width-1))
}

func (g *gateWriter) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.done {
		return len(p), nil
	}
	if len(g.noResults) > 0 && bytes.Contains(p, promptuiNoResults) {
		if _, err := g.w.Write(bytes.ReplaceAll(p, promptuiNoResults, g.noResults)); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return g.w.Write(p)
}

func (g *gateWriter) Close() error { return nil }

func (g *gateWriter) shut() {
	g.mu.Lock()
	g.done = true
	g.mu.Unlock()
}
