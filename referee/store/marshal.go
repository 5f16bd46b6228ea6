package store

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/bosun-referee/bosun/referee"
)

// marshalSave is json.Marshal(f), the answers cursor written by
// appendCursor: a long game's cursor is thousands of answers, and
// encoding/json's reflection over them (and its sorting of the keys) was
// most of what marshalling a save cost. The save (Save) and the head of
// bosun export (marshalIndent) are written by it. The cursor and the
// pending values are saveFile's last fields (TestMarshalSaveEqualsEncodingJSON
// checks that), so they are appended after the rest.
func marshalSave(f *saveFile) ([]byte, error) {
	rest := *f
	rest.Cursor, rest.Pending = nil, nil
	b, err := json.Marshal(&rest)
	if err != nil || (f.Cursor == nil && len(f.Pending) == 0) {
		return b, err
	}
	b = b[:len(b)-1] // without its '}'
	if f.Cursor != nil {
		b = appendCursor(append(b, `,"answers_cursor":`...), f.Cursor)
	}
	if len(f.Pending) > 0 {
		p, err := json.Marshal(f.Pending)
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"pending_tables":`...), p...)
	}
	return append(b, '}'), nil
}

// appendCursor appends c as json.Marshal writes it: its keys sorted, each
// answer as encoding/json quotes it.
func appendCursor(b []byte, c *referee.AnswerCursor) []byte {
	b = append(b, `{"used":`...)
	if c.Used == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '{')
		for i, k := range sortedKeys(c.Used) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendString(b, k), ':')
			b = strconv.AppendInt(b, int64(c.Used[k]), 10)
		}
		b = append(b, '}')
	}
	if len(c.Seen) > 0 { // omitempty
		b = append(b, `,"seen":{`...)
		for i, k := range sortedKeys(c.Seen) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendString(b, k), ':')
			seen := c.Seen[k]
			if seen == nil {
				b = append(b, "null"...)
				continue
			}
			b = append(b, '[')
			for j, a := range seen {
				if j > 0 {
					b = append(b, ',')
				}
				b = appendString(b, a)
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// appendString appends s quoted as json.Marshal quotes it: as it is when
// every byte is printable ASCII that encoding/json does not escape (a
// quote, a backslash, and <, > and & for HTML), else by encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
