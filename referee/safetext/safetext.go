// Package safetext makes text that came from a user or a file safe to
// show: a value quoted in a message is cut to MaxQuoted characters with an
// ellipsis, and control characters (terminal escape sequences among them)
// are shown escaped, as \x1b, instead of reaching the terminal raw.
//
//	fmt.Errorf("player %s is not seated", safetext.Quote(name))
//	fmt.Fprintln(w, safetext.Escape(name))
//
// Text read from a user or a file is bounded too: ReadLimited (limit.go)
// reads a stream up to a size and says which limit was passed.
//
// It lives beside the engine because the engine's messages are its first
// users (referee.Quote, the answers files); it imports nothing of bosun, so
// every layer uses it: tables (whose value errors quote a key), the store,
// rulesref and the commands, which write every output through Writer.
package safetext

import (
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQuoted is how many characters of a value a message quotes.
const MaxQuoted = 80

// Ellipsis ends a value that was cut.
const Ellipsis = "..."

// Shorten cuts s to MaxQuoted characters, the last three an ellipsis, and
// returns s itself when it is no longer.
func Shorten(s string) string {
	if utf8.RuneCountInString(s) <= MaxQuoted {
		return s
	}
	n := 0
	for i := range s {
		if n == MaxQuoted-len(Ellipsis) {
			return s[:i] + Ellipsis
		}
		n++
	}
	return s
}

// Quote is s shortened and Go-quoted, so control characters read as \x1b,
// \n and the like: the one way a message quotes a value.
func Quote(s string) string { return strconv.Quote(Shorten(s)) }

// Escape returns s with every control character (C0, DEL, C1, and bytes
// that are not UTF-8) written as an escape, \x1b or \u009b; tabs and
// newlines stay. Printable text is unchanged, quotes and backslashes too.
func Escape(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case isControl(r):
			b.WriteString(escapeRune(r))
		default:
			b.WriteString(s[i : i+size])
		}
	}
	return b.String()
}

// EscapeJSON returns the JSON text s with every control character
// Escape would escape (C0 but tab and newline, DEL, C1, the bidirectional
// overrides) and the line and paragraph separators U+2028 and U+2029
// written as JSON's \u escapes, and each byte that is not UTF-8 as
// \ufffd (what a JSON reader makes of it). In valid JSON such characters
// stand only inside strings, where the escape means the same character:
// the document reads back the same, and nothing in it reaches a terminal
// raw. encoding/json leaves DEL, C1 and the overrides as they are.
func EscapeJSON(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case isControl(r) || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
	}
	return b.String()
}

func escapeRune(r rune) string {
	if r < 0x80 {
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// isControl reports a character that a terminal may act on instead of
// showing: C0 and C1 controls, DEL, and the bidirectional overrides.
func isControl(r rune) bool {
	if unicode.IsControl(r) {
		return true
	}
	switch {
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

func clean(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return false // checked rune by rune
		}
		if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// MaxWord is the longest run of characters without a space that Message
// keeps: a value printed in full (with %s, not Quote) is cut there.
const MaxWord = 200

// Message makes an error message safe to print: every Go-quoted value in
// it longer than MaxQuoted characters is shortened, any other run of more
// than MaxWord characters without a space too, and control characters are
// escaped. It is the last stop of every error bosun prints, so a value a
// message quoted in full (a 10 MB answer) is cut there all the same.
func Message(msg string) string {
	msg = shortenQuoted(msg)
	msg = shortenWords(msg)
	return Escape(msg)
}

// shortenQuoted shortens the Go-quoted strings of msg ("..." with
// backslash escapes) that are longer than MaxQuoted characters.
func shortenQuoted(msg string) string {
	if len(msg) <= MaxQuoted {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		msg = msg[i:]
		q, err := strconv.QuotedPrefix(msg)
		if err != nil {
			b.WriteByte('"')
			msg = msg[1:]
			continue
		}
		if v, err := strconv.Unquote(q); err == nil && utf8.RuneCountInString(v) > MaxQuoted {
			b.WriteString(Quote(v))
		} else {
			b.WriteString(q)
		}
		msg = msg[len(q):]
	}
}

// shortenWords cuts every run of more than MaxWord characters without
// white space.
func shortenWords(msg string) string {
	if len(msg) <= MaxWord {
		return msg
	}
	var b strings.Builder
	run, cut := 0, false
	for _, r := range msg {
		if unicode.IsSpace(r) {
			run, cut = 0, false
			b.WriteRune(r)
			continue
		}
		run++
		switch {
		case run <= MaxWord-len(Ellipsis):
			b.WriteRune(r)
		case !cut:
			b.WriteString(Ellipsis)
			cut = true
		}
	}
	return b.String()
}

// Writer escapes the control characters of what is written through it
// (see Escape). With SGR set it lets the colour and bold sequences bosun
// itself writes on a colour terminal (ESC [ digits and ';' m) through and
// escapes every other sequence: a name cannot move the cursor, clear the
// screen, set the window title or reach the clipboard.
//
// With JSON set, what is written is JSON text and the escapes are JSON's
// (see EscapeJSON): a DEL in a name is \u007f, which a JSON reader reads
// back as the DEL it was, where \x7f would make the document unreadable.
// SGR is ignored then (a raw ESC is never valid in JSON).
type Writer struct {
	W    io.Writer
	SGR  bool
	JSON bool
	part []byte // the start of a character split between two writes
}

// Write escapes p and writes it; it reports len(p) on success. A UTF-8
// character split between two writes is written whole with the second.
func (w *Writer) Write(p []byte) (int, error) {
	n := len(p)
	if len(w.part) > 0 {
		p = append(w.part, p...)
		w.part = nil
	}
	if k := incompleteTail(p); k > 0 {
		w.part = append([]byte(nil), p[len(p)-k:]...)
		p = p[:len(p)-k]
	}
	if cleanBytes(p) {
		if _, err := w.dest().Write(p); err != nil {
			return 0, err
		}
		return n, nil
	}
	if w.JSON {
		if _, err := io.WriteString(w.dest(), EscapeJSON(string(p))); err != nil {
			return 0, err
		}
		return n, nil
	}
	s := string(p)
	var b strings.Builder
	for len(s) > 0 {
		if w.SGR && s[0] == 0x1b {
			if n := sgrLen(s); n > 0 {
				b.WriteString(s[:n])
				s = s[n:]
				continue
			}
		}
		i := 1
		for i < len(s) && s[i] != 0x1b {
			i++
		}
		b.WriteString(Escape(s[:i]))
		s = s[i:]
	}
	if _, err := io.WriteString(w.W, b.String()); err != nil {
		return 0, err
	}
	return n, nil
}

// dest is where w writes what it made safe: W, or with JSON set, past the
// Writers W is (a command's output is one) that hold no split character.
// What a JSON Writer writes is escaped as much as any Writer would escape
// it (EscapeJSON escapes all Escape does, and a raw ESC never passes), so
// a second scan would change nothing: bosun export writes megabytes.
func (w *Writer) dest() io.Writer {
	if !w.JSON {
		return w.W
	}
	out := w.W
	for {
		in, ok := out.(*Writer)
		if !ok || len(in.part) > 0 {
			return out
		}
		out = in.W
	}
}

// cleanBytes is clean for bytes, without a copy and 32 bytes at a time:
// everything bosun prints passes here, `bosun export` megabytes of it.
func cleanBytes(p []byte) bool {
	i := 0
	for ; i+32 <= len(p); i += 32 {
		q := p[i : i+32 : i+32]
		if unclean(binary.LittleEndian.Uint64(q[0:8]))|unclean(binary.LittleEndian.Uint64(q[8:16]))|
			unclean(binary.LittleEndian.Uint64(q[16:24]))|unclean(binary.LittleEndian.Uint64(q[24:32])) != 0 {
			return false
		}
	}
	for ; i+8 <= len(p); i += 8 {
		if unclean(binary.LittleEndian.Uint64(p[i:i+8])) != 0 {
			return false
		}
	}
	return cleanRun(p[i:])
}

// unclean is not 0 when a byte of the word w is not clean: 0x80 or more,
// DEL, or below 0x20 but a tab or a newline. For a word of bytes below
// 0x80 each sum below stays within its byte (no carry), so the test is
// exact byte by byte; a word with a byte of 0x80 or more is unclean
// whatever the sums give. (It used to flag the words to look at byte by
// byte, which every newline did: an indented document, an answer a line,
// was read at a fifth of the speed.)
func unclean(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	low := ^(w + ones*0x60)               // high bit set: below 0x20
	nl := ^((w ^ ones*'\n') + ones*0x7f)  // high bit set: a newline
	tab := ^((w ^ ones*'\t') + ones*0x7f) // high bit set: a tab
	del := w + ones                       // high bit set: DEL (or 0x80 or more)
	return (w | low&^(nl|tab) | del) & highs
}

// cleanRun is clean for a few bytes.
func cleanRun(p []byte) bool {
	for _, c := range p {
		if c >= 0x80 || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// incompleteTail is how many bytes at the end of p start a UTF-8
// character that is not complete yet (0 when none).
func incompleteTail(p []byte) int {
	for k := 1; k <= 3 && k <= len(p); k++ {
		c := p[len(p)-k]
		if c < 0x80 {
			return 0
		}
		if utf8.RuneStart(c) {
			if utf8.FullRune(p[len(p)-k:]) {
				return 0
			}
			return k
		}
	}
	return 0
}

// sgrLen is the length of the SGR sequence s starts with, or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s) && i < 32; i++ {
		c := s[i]
		switch {
		case c == 'm':
			return i + 1
		case c >= '0' && c <= '9', c == ';':
		default:
			return 0
		}
	}
	return 0
}
