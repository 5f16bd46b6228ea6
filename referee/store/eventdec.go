package store

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bosun-referee/bosun/referee"
)

// decodeBrief decodes one line of the log file into e, which must be zero,
// as json.Unmarshal into a briefEvent and briefEvent.event do: `bosun log`
// reads thousands of events, and encoding/json's reflection was most of
// its time. The strings of e are cut from line (no copy) unless they hold
// an escape.
//
// It reads the lines bosun writes; ok false when a line holds what it does
// not read the way encoding/json would for certain (a null, a key repeated
// or in another case, a number that is not an int, a key with an escape,
// a value of the wrong type, invalid JSON): the caller then decodes that
// line with encoding/json, which gives the value or the error.
func decodeBrief(line string, e *referee.Event) bool {
	var d briefDecoder
	return d.decode(line, e)
}

// briefDecoder is decodeBrief with a slab the events' cites are cut
// from: one allocation for hundreds of events, not one each. One
// goroutine at a time may use it.
type briefDecoder struct {
	cites []string
}

// decode is decodeBrief.
func (d *briefDecoder) decode(line string, e *referee.Event) bool {
	b := bytesView(line)
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	var seen uint16
	i, more, ok := objFirst(b, i)
	for ok && more {
		var key string
		if key, i, ok = objKey(line, i); !ok {
			return false
		}
		f := briefField(key)
		switch {
		case f < 0 && foldsToField(key, briefFields[:]):
			return false
		case f < 0:
			i, ok = skipValue(b, i, 1)
		case seen&(1<<f) != 0:
			return false
		default:
			seen |= 1 << f
			switch f {
			case 0: // seq
				i, ok = jsonInt(line, i, &e.Seq)
			case 1: // step
				i, ok = jsonInt(line, i, &e.Step)
			case 2: // type
				i, ok = jsonString(line, i, &e.Type)
			case 3: // text
				i, ok = jsonString(line, i, &e.Text)
			case 4: // data
				i, ok = briefData(line, i, e)
			case 5: // cites
				i, ok = d.briefCites(line, i, e)
			case 6: // rolls
				i, ok = briefRolls(line, i, e)
			default: // "undone"
				i, ok = jsonBool(line, i, &e.Undone)
			}
		}
		if ok {
			i, more, ok = objNext(b, i, '}')
		}
	}
	return ok && skipWS(b, i) == len(b)
}

// briefFields are the JSON names of briefEvent's fields.
var briefFields = [...]string{"seq", "step", "type", "text", "data", "cites", "rolls", "undone"}

// briefField is the index of key in briefFields, -1 for none (a switch:
// a loop of comparisons was a tenth of decoding a long log).
func briefField(key string) int {
	switch key {
	case "seq":
		return 0
	case "step":
		return 1
	case "type":
		return 2
	case "text":
		return 3
	case "data":
		return 4
	case "cites":
		return 5
	case "rolls":
		return 6
	case "undone":
		return 7
	}
	return -1
}

// foldsToField reports a key encoding/json could match to one of the
// fields by its case-insensitive rule.
func foldsToField(key string, fields []string) bool {
	for _, name := range fields {
		if strings.EqualFold(key, name) {
			return true
		}
	}
	return false
}

// objFirst starts reading the object or array whose '{' or '[' is at
// b[i]: more false when it is empty.
func objFirst(b []byte, i int) (next int, more, ok bool) {
	closer := byte('}')
	if b[i] == '[' {
		closer = ']'
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == closer {
		return i + 1, false, true
	}
	return i, true, true
}

// objKey reads a key (without escapes and valid UTF-8: ok false
// otherwise) and the ':'
// after it, returning the start of its value.
func objKey(line string, i int) (key string, next int, ok bool) {
	b := bytesView(line)
	if i >= len(b) || b[i] != '"' {
		return "", i, false
	}
	end, escaped, wide, ok := scanString(b, i)
	if !ok || escaped {
		return "", i, false
	}
	key = line[i+1 : end-1]
	if wide && !utf8.ValidString(key) { // encoding/json would replace its bad bytes
		return "", i, false
	}
	i = skipWS(b, end)
	if i >= len(b) || b[i] != ':' {
		return "", i, false
	}
	return key, skipWS(b, i+1), true
}

// objNext reads what follows a member or element ending at b[i]: a ','
// (more) or close, the end of the object or array.
func objNext(b []byte, i int, closer byte) (next int, more, ok bool) {
	i = skipWS(b, i)
	switch {
	case i >= len(b):
		return i, false, false
	case b[i] == closer:
		return i + 1, false, true
	case b[i] == ',':
		return skipWS(b, i+1), true, true
	}
	return i, false, false
}

// jsonString decodes the string at line[i] into v: cut from line when it
// is plain (no escape, valid UTF-8, as encoding/json keeps it), else
// decoded by encoding/json (escapes, and invalid UTF-8 it replaces).
func jsonString(line string, i int, v *string) (int, bool) {
	if i >= len(line) || line[i] != '"' {
		return i, false
	}
	end, escaped, wide, ok := scanString(bytesView(line), i)
	if !ok {
		return i, false
	}
	if s := line[i+1 : end-1]; !escaped && (!wide || utf8.ValidString(s)) {
		*v = s
		return end, true
	}
	t, ok := unquote(line[i:end])
	if !ok {
		return i, false
	}
	*v = t
	return end, true
}

// unquote decodes a JSON string with encoding/json: apart from jsonString
// so that the string it decodes into is allocated only here, not at every
// call of jsonString (its v would escape to the heap).
//
//go:noinline
func unquote(quoted string) (string, bool) {
	var t string
	if json.Unmarshal([]byte(quoted), &t) != nil {
		return "", false
	}
	return t, true
}

// jsonInt decodes the number at line[i] into v when it is an integer
// that fits (encoding/json refuses any other number for an int).
func jsonInt(line string, i int, v *int) (int, bool) {
	if i >= len(line) || (line[i] != '-' && (line[i] < '0' || line[i] > '9')) {
		return i, false
	}
	end, ok := scanNumber(bytesView(line), i)
	if !ok {
		return i, false
	}
	n, err := strconv.Atoi(line[i:end])
	if err != nil {
		return i, false
	}
	*v = n
	return end, true
}

func jsonBool(line string, i int, v *bool) (int, bool) {
	if end, ok := skipLit(bytesView(line), i, "true"); ok {
		*v = true
		return end, true
	}
	if end, ok := skipLit(bytesView(line), i, "false"); ok {
		*v = false
		return end, true
	}
	return i, false
}

// briefData reads "data": of its keys only full_text is decoded.
func briefData(line string, i int, e *referee.Event) (int, bool) {
	b := bytesView(line)
	if i >= len(b) || b[i] != '{' {
		return i, false
	}
	var full *string
	i, more, ok := objFirst(b, i)
	for ok && more {
		var key string
		if key, i, ok = objKey(line, i); !ok {
			return i, false
		}
		switch {
		case key == referee.FullTextKey && full == nil:
			full = new(string)
			i, ok = jsonString(line, i, full)
		case key == referee.FullTextKey || strings.EqualFold(key, referee.FullTextKey):
			return i, false
		default:
			i, ok = skipValue(b, i, 2)
		}
		if ok {
			i, more, ok = objNext(b, i, '}')
		}
	}
	if ok && full != nil {
		e.Data = map[string]any{referee.FullTextKey: *full}
	}
	return i, ok
}

// briefCites decodes "cites" into e.Cites, cut from the slab (with no
// room past its end: appending to it copies).
func (d *briefDecoder) briefCites(line string, i int, e *referee.Event) (int, bool) {
	b := bytesView(line)
	if i >= len(b) || b[i] != '[' {
		return i, false
	}
	if cap(d.cites)-len(d.cites) < 4 {
		d.cites = make([]string, 0, 1024)
	}
	start := len(d.cites)
	i, more, ok := objFirst(b, i)
	for ok && more {
		d.cites = append(d.cites, "")
		if i, ok = jsonString(line, i, &d.cites[len(d.cites)-1]); ok {
			i, more, ok = objNext(b, i, ']')
		}
	}
	if !ok {
		d.cites = d.cites[:start]
		return i, false
	}
	e.Cites = d.cites[start:len(d.cites):len(d.cites)]
	return i, true
}

// briefArray decodes the JSON array at line[i:] into *dst (made with room
// for n), each element by elem.
func briefArray[T any](line string, i int, dst *[]T, n int, elem func(string, int, *T) (int, bool)) (int, bool) {
	b := bytesView(line)
	if i >= len(b) || b[i] != '[' {
		return i, false
	}
	*dst = make([]T, 0, n)
	i, more, ok := objFirst(b, i)
	for ok && more {
		var zero T
		*dst = append(*dst, zero) // decoded in place: no v on the heap
		if i, ok = elem(line, i, &(*dst)[len(*dst)-1]); ok {
			i, more, ok = objNext(b, i, ']')
		}
	}
	return i, ok
}

// rollFields are the JSON names of referee.Roll's fields.
var rollFields = []string{"key", "die", "value", "label", "entered"}

func briefRolls(line string, i int, e *referee.Event) (int, bool) {
	return briefArray(line, i, &e.Rolls, 4, briefRoll)
}

func briefRoll(line string, i int, r *referee.Roll) (int, bool) {
	b := bytesView(line)
	if i >= len(b) || b[i] != '{' {
		return i, false
	}
	var seen uint8
	i, more, ok := objFirst(b, i)
	for ok && more {
		var key string
		if key, i, ok = objKey(line, i); !ok {
			return i, false
		}
		f := -1
		for k, name := range rollFields {
			if key == name {
				f = k
			}
		}
		switch {
		case f < 0 && foldsToField(key, rollFields):
			return i, false
		case f < 0:
			i, ok = skipValue(b, i, 3)
		case seen&(1<<f) != 0:
			return i, false
		default:
			seen |= 1 << f
			switch f {
			case 0:
				i, ok = jsonString(line, i, &r.Key)
			case 1:
				i, ok = jsonString(line, i, &r.Die)
			case 2:
				i, ok = jsonInt(line, i, &r.Value)
			case 3:
				i, ok = jsonString(line, i, &r.Label)
			default:
				i, ok = jsonBool(line, i, &r.Entered)
			}
		}
		if ok {
			i, more, ok = objNext(b, i, '}')
		}
	}
	return i, ok
}

// decodeCursor decodes an answers cursor (a save's answers_cursor, some
// tens of kilobytes in a long game: every answer used) as json.Unmarshal
// does into a fresh *referee.AnswerCursor; ok false for what it does not read the
// way encoding/json would for certain (a null, a key in another case or
// with an escape, a key repeated, a number that is not an int): the
// caller then decodes the save with encoding/json.
func decodeCursor(raw []byte) (c *referee.AnswerCursor, ok bool) {
	i := skipWS(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return nil, false
	}
	line := lineString(raw)
	c = &referee.AnswerCursor{}
	in := &interner{m: map[string]string{}}
	var seen [2]bool
	i, more, ok := objFirst(raw, i)
	for ok && more {
		var key string
		if key, i, ok = objKey(line, i); !ok {
			return nil, false
		}
		switch {
		case key == "used" && !seen[0]:
			seen[0] = true
			i, ok = cursorUsed(line, i, c, in)
		case key == "seen" && !seen[1]:
			seen[1] = true
			i, ok = cursorSeen(line, i, c, in)
		case strings.EqualFold(key, "used") || strings.EqualFold(key, "seen"):
			return nil, false
		default:
			i, ok = skipValue(raw, i, 1)
		}
		if ok {
			i, more, ok = objNext(raw, i, '}')
		}
	}
	if !ok || skipWS(raw, i) != len(raw) {
		return nil, false
	}
	return c, true
}

// cursorUsed reads "used": answers used, by key.
func cursorUsed(line string, i int, c *referee.AnswerCursor, in *interner) (int, bool) {
	b := bytesView(line)
	if i >= len(b) || b[i] != '{' {
		return i, false
	}
	c.Used = map[string]int{}
	i, more, ok := objFirst(b, i)
	for ok && more {
		var key string
		var n int
		if key, i, ok = objKey(line, i); !ok {
			return i, false
		}
		if i, ok = jsonInt(line, i, &n); ok {
			c.Used[in.get(key)] = n
			i, more, ok = objNext(b, i, '}')
		}
	}
	return i, ok
}

// cursorSeen reads "seen": the answers used, by key, in order.
func cursorSeen(line string, i int, c *referee.AnswerCursor, in *interner) (int, bool) {
	b := bytesView(line)
	if i >= len(b) || b[i] != '{' {
		return i, false
	}
	c.Seen = map[string][]string{}
	i, more, ok := objFirst(b, i)
	for ok && more {
		var key string
		if key, i, ok = objKey(line, i); !ok {
			return i, false
		}
		if i >= len(b) || b[i] != '[' {
			return i, false
		}
		// room for the answers "used" counts (read first, as bosun writes
		// it), if the bytes left can hold them (each takes 3 or more)
		list := make([]string, 0, min(c.Used[key], (len(b)-i)/3))
		var imore bool
		i, imore, ok = objFirst(b, i)
		for ok && imore {
			var s string
			if i, ok = jsonString(line, i, &s); ok {
				list = append(list, in.get(s))
				i, imore, ok = objNext(b, i, ']')
			}
		}
		if ok {
			c.Seen[in.get(key)] = list
			i, more, ok = objNext(b, i, '}')
		}
	}
	return i, ok
}

// interner copies the strings a decoder cut from bytes it does not own,
// once each: a cursor repeats a few answers thousands of times, so the
// last few are compared before the map is asked (hashing each answer was
// a third of reading a long game's cursor).
type interner struct {
	m      map[string]string
	recent [4]string
	next   int
}

func (in *interner) get(s string) string {
	for _, r := range in.recent {
		if r == s { // an empty slot holds "", which needs no copy
			return r
		}
	}
	c, ok := in.m[s]
	if !ok {
		c = strings.Clone(s)
		in.m[c] = c
	}
	in.recent[in.next] = c
	in.next = (in.next + 1) % len(in.recent)
	return c
}
