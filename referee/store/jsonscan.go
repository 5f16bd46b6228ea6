package store

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// A hand-written JSON scanner for the side files' lines: `bosun export`
// checks every line it copies and `bosun log` decodes every event, and on
// a long game's megabytes encoding/json's byte-at-a-time state machine was
// most of what those commands cost. It accepts exactly what json.Valid
// accepts (tested against it), strings scanned eight bytes at a time.

// maxJSONDepth is encoding/json's nesting limit: deeper is invalid.
const maxJSONDepth = 10000

// validJSON reports whether b is one JSON value with optional white space
// around it, as json.Valid does.
func validJSON(b []byte) bool {
	i := skipWS(b, 0)
	i, ok := skipValue(b, i, 0)
	if !ok {
		return false
	}
	return skipWS(b, i) == len(b)
}

// bytesView views s as bytes, read only, without a copy (the scanner
// reads lines held as strings too).
func bytesView(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipWS(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && isWS(b[i]) { // bosun writes none: one comparison
		i++
	}
	return i
}

// skipValue returns the end of the value starting at b[i] (no white
// space before it), which sits depth arrays or objects deep.
func skipValue(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '"':
		end, _, _, ok := scanString(b, i)
		return end, ok
	case c == '{':
		return skipObject(b, i, depth+1)
	case c == '[':
		return skipArray(b, i, depth+1)
	case c == '-' || (c >= '0' && c <= '9'):
		return scanNumber(b, i)
	case c == 't':
		return skipLit(b, i, "true")
	case c == 'f':
		return skipLit(b, i, "false")
	case c == 'n':
		return skipLit(b, i, "null")
	}
	return i, false
}

func skipLit(b []byte, i int, lit string) (int, bool) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit { // no copy: a comparison
		return i, false
	}
	return i + len(lit), true
}

func skipObject(b []byte, i, depth int) (int, bool) {
	if depth > maxJSONDepth {
		return i, false
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, false
		}
		var ok bool
		if i, _, _, ok = scanString(b, i); !ok {
			return i, false
		}
		i = skipWS(b, i)
		if i >= len(b) || b[i] != ':' {
			return i, false
		}
		if i, ok = skipValue(b, skipWS(b, i+1), depth); !ok {
			return i, false
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return i, false
		}
		switch b[i] {
		case '}':
			return i + 1, true
		case ',':
			i = skipWS(b, i+1)
		default:
			return i, false
		}
	}
}

func skipArray(b []byte, i, depth int) (int, bool) {
	if depth > maxJSONDepth {
		return i, false
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = skipValue(b, i, depth); !ok {
			return i, false
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return i, false
		}
		switch b[i] {
		case ']':
			return i + 1, true
		case ',':
			i = skipWS(b, i+1)
		default:
			return i, false
		}
	}
}

// scanNumber returns the end of the number at b[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func scanNumber(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(b, i)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// SWAR masks: a byte of a word that is '"', '\\' or below 0x20 stops the
// fast scan of a string.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// specials marks, in the little-endian word w, the bytes that are '"',
// '\\' or a control character (below 0x20) with their high bit. A byte
// after a marked one can be marked wrongly (a borrow), never an earlier
// one, and none is missed: the lowest mark is always the first such byte.
func specials(w uint64) uint64 {
	q := w ^ (ones * '"')
	bs := w ^ (ones * '\\')
	return ((q-ones)&^q | (bs-ones)&^bs | (w-ones*0x20)&^w) & highs
}

// scanString returns the end of the string whose opening quote is at
// b[i], whether it holds an escape, and whether it holds a byte above
// 0x7f (wide: only then can it be invalid UTF-8). It scans eight bytes at
// a time up to the first quote, backslash or control character.
func scanString(b []byte, i int) (end int, escaped, wide, ok bool) {
	i++
	var or uint64 // the bytes scanned, or-ed: the high bits say wide
	for {
		for i+8 <= len(b) {
			w := binary.LittleEndian.Uint64(b[i : i+8])
			if m := specials(w); m != 0 {
				k := uint(bits.TrailingZeros64(m)) &^ 7 // the first special byte's bit offset
				or |= w << (64 - k)                     // the bytes before it (none when k is 0)
				i += int(k >> 3)
				break
			}
			or |= w
			i += 8
		}
		if i >= len(b) {
			return i, escaped, or&highs != 0, false
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, escaped, or&highs != 0, true
		case c == '\\':
			escaped = true
			if i+1 >= len(b) {
				return i, escaped, true, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if len(b)-i < 6 {
					return i, escaped, true, false
				}
				for k := i + 2; k < i+6; k++ {
					if !isHex(b[k]) {
						return i, escaped, true, false
					}
				}
				i += 6
			default:
				return i, escaped, true, false
			}
		case c < 0x20:
			return i, escaped, true, false
		default:
			or |= uint64(c)
			i++
		}
	}
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
