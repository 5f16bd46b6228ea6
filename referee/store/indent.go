package store

// appendIndent appends to dst the compact JSON src (as json.Marshal
// writes it) indented as json.MarshalIndent indents it with no prefix and
// indent "  ": `bosun export`'s head holds a long game's answers cursor,
// thousands of answers a line each, and json.Indent's byte-at-a-time
// scanner cost four times the marshalling. Strings are copied whole
// (scanString); white space between tokens is dropped, as json.Indent
// drops it. ok false when src is not JSON as this reads it (the caller
// then indents with encoding/json).
func appendIndent(dst, src []byte) (_ []byte, ok bool) {
	depth := 0
	open := false // a '{' or '[' was just written: its newline waits for a first member
	newline := func(depth int) {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, "  "...)
		}
	}
	for i := 0; i < len(src); {
		c := src[i]
		if isWS(c) {
			i++
			continue
		}
		if open && c != '}' && c != ']' {
			open = false
			depth++
			newline(depth)
		}
		switch c {
		case '"':
			end, _, _, ok := scanString(src, i)
			if !ok {
				return dst, false
			}
			dst = append(dst, src[i:end]...)
			i = end
			continue
		case '{', '[':
			open = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline(depth)
		case ':':
			dst = append(dst, ':', ' ')
		case '}', ']':
			if open {
				open = false
			} else {
				depth--
				newline(depth)
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
		i++
	}
	return dst, depth == 0 && !open
}
