package cmdutil

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// DefaultWidth is the width assumed when the terminal's is unknown.
const DefaultWidth = 80

// minTextWidth keeps wrapping sane on absurdly narrow terminals.
const minTextWidth = 20

// Width returns the number of columns human output may use: Cols when
// set, else the width of the terminal on stdout, else DefaultWidth.
func (o *IO) Width() int {
	if o.Cols > 0 {
		return max(o.Cols, minTextWidth)
	}
	if w, _, ok := sizeOf(o.Out); ok && o.TTYOut {
		return max(w, minTextWidth)
	}
	return DefaultWidth
}

// WrapText breaks each line of s longer than width display columns at word
// boundaries. A continuation line repeats the line's indentation; a line
// that starts with a bullet ("- ", "* "), or an unindented one that starts
// with a label of up to three words ending in ": " (at most a third of the
// width), is continued under the text after it. A word wider than the
// line is left whole. Colour and bold (SGR, "ESC[...m") sequences take no
// columns and stay with their word; lines that hold any other escape
// sequence, or table borders, are never touched.
func WrapText(s string, width int) string {
	if width <= 0 {
		return s
	}
	lines := strings.Split(s, "\n")
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if displayWidth(l) <= width || hasNonSGREscape(l) || isTableLine(l) {
			b.WriteString(l)
			continue
		}
		ind := hangingIndent(l, width)
		if n := len(ind); n > 0 && n < len(l) && l[n-1] == ' ' && l[0] != ' ' && strings.TrimSpace(l[:n]) != "" && !strings.HasPrefix(l, "- ") && !strings.HasPrefix(l, "* ") {
			// a label padded to a column ("Next step:      bosun next
			// ..."): the label and its padding stay, and the text is
			// wrapped in its column (strings.Fields would close the gap)
			var t strings.Builder
			wrapLine(&t, ind+l[n:], width, ind)
			b.WriteString(l[:n])
			b.WriteString(t.String()[n:])
			continue
		}
		wrapLine(&b, l, width, ind)
	}
	return b.String()
}

// WrapIndent wraps one line of text to width like WrapText, with continuation
// lines starting with indent.
func WrapIndent(s string, width int, indent string) string {
	var b strings.Builder
	wrapLine(&b, s, width, indent)
	return b.String()
}

func wrapLine(b *strings.Builder, line string, width int, indent string) {
	words := strings.Fields(line)
	lead := line[:len(line)-len(strings.TrimLeft(line, " "))]
	col := 0
	first := true
	for _, w := range words {
		ww := displayWidth(w)
		switch {
		case first:
			b.WriteString(lead)
			b.WriteString(w)
			col = displayWidth(lead) + ww
			first = false
		case col+1+ww <= width:
			b.WriteByte(' ')
			b.WriteString(w)
			col += 1 + ww
		case len(indent)+ww > width:
			// A word too wide for the indented line starts at the edge
			// rather than run past the width.
			b.WriteByte('\n')
			b.WriteString(w)
			col = ww
		default:
			b.WriteByte('\n')
			b.WriteString(indent)
			b.WriteString(w)
			col = len(indent) + ww
		}
	}
}

// ReflowHelp fits a command's help text to width: when a line is wider,
// each paragraph of unindented lines (the long description, pre-wrapped at
// 80 columns) is joined and wrapped again, and every other line is wrapped
// on its own, a flag's description continuing under its column ("--dice
// string   virtual (bosun rolls) or ..."). Help that fits is returned as it is.
func ReflowHelp(s string, width int) string {
	lines := strings.Split(s, "\n")
	wide := false
	for _, l := range lines {
		wide = wide || displayWidth(l) > width
	}
	if !wide || width <= 0 {
		return s
	}
	var out []string
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, WrapIndent(strings.Join(para, " "), width, ""))
			para = nil
		}
	}
	for _, l := range lines {
		switch {
		case strings.TrimSpace(l) != "" && !strings.HasPrefix(l, " ") && !strings.HasSuffix(l, ":") && !hasNonSGREscape(l):
			para = append(para, l)
		default:
			flush()
			if displayWidth(l) > width && !hasNonSGREscape(l) && !isTableLine(l) {
				l = wrapColumn(l, width)
			}
			out = append(out, l)
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// wrapColumn wraps an indented help line: a flag's description (the text
// after its first run of three spaces) is wrapped in its column, spaces
// kept, when its words fit there; any other line continues at its own
// indentation.
func wrapColumn(l string, width int) string {
	n := len(l) - len(strings.TrimLeft(l, " "))
	if i := strings.Index(l[n:], "   "); i > 0 {
		j := n + i
		for j < len(l) && l[j] == ' ' {
			j++
		}
		fits := true
		for _, w := range strings.Fields(l[j:]) {
			fits = fits && displayWidth(w) <= width-displayWidth(l[:j])
		}
		if c := displayWidth(l[:j]); c <= width/2 && fits {
			pad := strings.Repeat(" ", c)
			return l[:j] + strings.ReplaceAll(WrapIndent(l[j:], width-c, ""), "\n", "\n"+pad)
		}
	}
	return WrapIndent(l, width, strings.Repeat(" ", min(n, width/2)))
}

// hangingIndent is what a continuation line of line starts with.
func hangingIndent(line string, width int) string {
	n := len(line) - len(strings.TrimLeft(line, " "))
	rest := line[n:]
	switch {
	case strings.HasPrefix(rest, "- "), strings.HasPrefix(rest, "* "):
		n += 2
	case n == 0: // an indented line keeps its indentation, like its siblings
		if i := strings.Index(rest, ": "); i > 0 && i+2 <= width/3 && strings.Count(rest[:i], " ") < 3 {
			n += i + 2
			// padding after the label is part of it: the text's column
			for n < len(rest) && rest[n] == ' ' && n < width/2 {
				n++
			}
		}
	}
	if n > width/2 {
		n = width / 2
	}
	return strings.Repeat(" ", n)
}

// isTableLine reports whether line is part of a bordered table, which
// Table already fits to the width.
func isTableLine(line string) bool {
	t := strings.TrimSpace(line)
	if t == "" {
		return false
	}
	switch []rune(t)[0] {
	case '│', '┌', '├', '└', '┬', '┼', '┴', '─', '╭', '╰', '|':
		return true
	case '+':
		return strings.HasPrefix(t, "+-")
	}
	return false
}

// WrapWriter wraps the text written to it at word boundaries (see WrapText),
// line by line. Call Flush after the last write.
type WrapWriter struct {
	W     io.Writer
	Width int
	buf   []byte
}

// NewWrapWriter returns a WrapWriter writing to w at width columns.
func NewWrapWriter(w io.Writer, width int) *WrapWriter {
	return &WrapWriter{W: w, Width: width}
}

// Write implements io.Writer: complete lines are wrapped and written, the
// rest waits for its newline (or Flush).
func (ww *WrapWriter) Write(p []byte) (int, error) {
	ww.buf = append(ww.buf, p...)
	i := bytes.LastIndexByte(ww.buf, '\n')
	if i < 0 {
		return len(p), nil
	}
	out := WrapText(string(ww.buf[:i+1]), ww.Width)
	ww.buf = append(ww.buf[:0], ww.buf[i+1:]...)
	if _, err := io.WriteString(ww.W, out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what is left of the last, unterminated line.
func (ww *WrapWriter) Flush() error {
	if len(ww.buf) == 0 {
		return nil
	}
	out := WrapText(string(ww.buf), ww.Width)
	ww.buf = ww.buf[:0]
	_, err := io.WriteString(ww.W, out)
	return err
}

// unwrap returns the writer beneath a WrapWriter (after flushing it), so a
// table, already fitted to the width, is written as it is.
func unwrap(w io.Writer) io.Writer {
	if ww, ok := w.(*WrapWriter); ok {
		_ = ww.Flush()
		return ww.W
	}
	return w
}

// Lines returns the writer for human text printed line by line (as `bosun
// play` does): on a terminal it wraps each complete line at words to the
// width, else it is Out itself. Text without a final newline waits for it.
func (o *IO) Lines() io.Writer {
	if !o.TTYOut {
		return o.Out
	}
	return NewWrapWriter(o.Out, o.Width())
}

// ErrWidth is the width lines printed on ErrOut are wrapped to: ErrCols
// when set, else the terminal's width when ErrOut is a terminal, else 0:
// a message going to a pipe or a file stays on one line, byte for byte
// what it was, so scripts and logs that grep it keep working.
func (o *IO) ErrWidth() int {
	if o.ErrCols > 0 {
		return max(o.ErrCols, minTextWidth)
	}
	if w, _, ok := sizeOf(o.ErrOut); ok {
		return max(w, minTextWidth)
	}
	return 0
}

// Message prints a message of bosun's on ErrOut: "bosun: " and msg, wrapped
// at words to ErrWidth, its continuation lines under the message's start
// (a terminal breaking a long line at its edge cuts words: "Play/er").
func (o *IO) Message(msg string) { o.Note("bosun: ", msg) }

// Note prints msg on ErrOut after prefix ("see: "), wrapped like Message.
func (o *IO) Note(prefix, msg string) {
	width := o.ErrWidth()
	if width == 0 {
		fmt.Fprintln(o.ErrOut, prefix+msg)
		return
	}
	fmt.Fprintln(o.ErrOut, WrapMessage(prefix, msg, width))
}

// WrapMessage wraps prefix+msg at words to width, each continuation line
// indented by the prefix's width (at most a third of the width).
func WrapMessage(prefix, msg string, width int) string {
	indent := strings.Repeat(" ", min(displayWidth(prefix), width/3))
	var b strings.Builder
	for i, l := range strings.Split(msg, "\n") {
		if i > 0 {
			b.WriteByte('\n')
			l = indent + l
		} else {
			l = prefix + l
		}
		b.WriteString(WrapIndent(l, width, indent))
	}
	return b.String()
}

// displayWidth is the number of columns s takes on a terminal: its SGR
// (colour, bold) sequences take none.
func displayWidth(s string) int {
	if !strings.ContainsRune(s, '\x1b') {
		return runewidth.StringWidth(s)
	}
	return runewidth.StringWidth(stripSGR(s))
}

// stripSGR removes the "ESC[...m" sequences of s.
func stripSGR(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\x1b' {
			if n := sgrLen(s[i:]); n > 0 {
				i += n - 1
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// sgrLen is the length of the SGR sequence s starts with, or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != '\x1b' || s[1] != '[' {
		return 0
	}
	for j := 2; j < len(s); j++ {
		switch c := s[j]; {
		case c == 'm':
			return j + 1
		case c == ';' || c >= '0' && c <= '9':
		default:
			return 0
		}
	}
	return 0
}

// hasNonSGREscape reports whether s holds an escape sequence other than
// colour and bold (a cursor move, say), which wrapping could break.
func hasNonSGREscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\x1b' {
			n := sgrLen(s[i:])
			if n == 0 {
				return true
			}
			i += n - 1
		}
	}
	return false
}
