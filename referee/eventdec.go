package referee

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
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
func decodeBrief(line string, e *Event) (ok bool) {
	i := skipWS(bytesView(line), 0)
	if i >= len(line) || line[i] != '{' {
		return false
	}
	var seen uint16
	i, ok = eachKey(line, i, 1, func(key string, i int) (int, bool) {
		f := briefField(key)
		if f < 0 {
			if foldsToField(key, briefFields[:]) {
				return i, false
			}
			return skipValue(bytesView(line), i, 1)
		}
		if seen&(1<<f) != 0 {
			return i, false
		}
		seen |= 1 << f
		switch briefFields[f] {
		case "seq":
			return jsonInt(line, i, &e.Seq)
		case "step":
			return jsonInt(line, i, &e.Step)
		case "type":
			return jsonString(line, i, &e.Type)
		case "text":
			return jsonString(line, i, &e.Text)
		case "data":
			return briefData(line, i, e)
		case "cites":
			return briefCites(line, i, e)
		case "rolls":
			return briefRolls(line, i, e)
		default: // "undone"
			return jsonBool(line, i, &e.Undone)
		}
	})
	return ok && skipWS(bytesView(line), i) == len(line)
}

// briefFields are the JSON names of briefEvent's fields.
var briefFields = [...]string{"seq", "step", "type", "text", "data", "cites", "rolls", "undone"}

func briefField(key string) int {
	for f, name := range briefFields {
		if key == name {
			return f
		}
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

// eachKey walks the object whose '{' is at line[i] (depth deep), calling
// value with each key (unescaped keys only: ok false otherwise) and the
// start of its value; value returns the value's end.
func eachKey(line string, i, depth int, value func(key string, i int) (int, bool)) (int, bool) {
	if depth > maxJSONDepth {
		return i, false
	}
	i = skipWS(bytesView(line), i+1)
	if i < len(line) && line[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(line) || line[i] != '"' {
			return i, false
		}
		end, escaped, ok := scanString(bytesView(line), i)
		if !ok || escaped {
			return i, false
		}
		key := line[i+1 : end-1]
		i = skipWS(bytesView(line), end)
		if i >= len(line) || line[i] != ':' {
			return i, false
		}
		if i, ok = value(key, skipWS(bytesView(line), i+1)); !ok {
			return i, false
		}
		i = skipWS(bytesView(line), i)
		if i >= len(line) {
			return i, false
		}
		switch line[i] {
		case '}':
			return i + 1, true
		case ',':
			i = skipWS(bytesView(line), i+1)
		default:
			return i, false
		}
	}
}

// eachItem walks the array whose '[' is at line[i], calling item with the
// start of each element; item returns the element's end.
func eachItem(line string, i int, item func(i int) (int, bool)) (int, bool) {
	i = skipWS(bytesView(line), i+1)
	if i < len(line) && line[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = item(i); !ok {
			return i, false
		}
		i = skipWS(bytesView(line), i)
		if i >= len(line) {
			return i, false
		}
		switch line[i] {
		case ']':
			return i + 1, true
		case ',':
			i = skipWS(bytesView(line), i+1)
		default:
			return i, false
		}
	}
}

// jsonString decodes the string at line[i] into v: cut from line when it
// is plain (no escape, valid UTF-8, as encoding/json keeps it), else
// decoded by encoding/json (escapes, and invalid UTF-8 it replaces).
func jsonString(line string, i int, v *string) (int, bool) {
	if i >= len(line) || line[i] != '"' {
		return i, false
	}
	end, escaped, ok := scanString(bytesView(line), i)
	if !ok {
		return i, false
	}
	if s := line[i+1 : end-1]; !escaped && utf8.ValidString(s) {
		*v = s
		return end, true
	}
	if json.Unmarshal([]byte(line[i:end]), v) != nil {
		return i, false
	}
	return end, true
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
func briefData(line string, i int, e *Event) (int, bool) {
	if i >= len(line) || line[i] != '{' {
		return i, false
	}
	var full *string
	end, ok := eachKey(line, i, 2, func(key string, i int) (int, bool) {
		if key != FullTextKey {
			if strings.EqualFold(key, FullTextKey) {
				return i, false
			}
			return skipValue(bytesView(line), i, 2)
		}
		if full != nil {
			return i, false
		}
		full = new(string)
		return jsonString(line, i, full)
	})
	if ok && full != nil {
		e.Data = map[string]any{FullTextKey: *full}
	}
	return end, ok
}

func briefCites(line string, i int, e *Event) (int, bool) {
	if i >= len(line) || line[i] != '[' {
		return i, false
	}
	e.Cites = make([]string, 0, 2)
	return eachItem(line, i, func(i int) (int, bool) {
		var s string
		end, ok := jsonString(line, i, &s)
		e.Cites = append(e.Cites, s)
		return end, ok
	})
}

// rollFields are the JSON names of Roll's fields.
var rollFields = []string{"key", "die", "value", "label", "entered"}

func briefRolls(line string, i int, e *Event) (int, bool) {
	if i >= len(line) || line[i] != '[' {
		return i, false
	}
	e.Rolls = make([]Roll, 0, 4)
	return eachItem(line, i, func(i int) (int, bool) {
		if i >= len(line) || line[i] != '{' {
			return i, false
		}
		var r Roll
		var seen uint8
		end, ok := eachKey(line, i, 3, func(key string, i int) (int, bool) {
			f := -1
			for k, name := range rollFields {
				if key == name {
					f = k
				}
			}
			if f < 0 {
				if foldsToField(key, rollFields) {
					return i, false
				}
				return skipValue(bytesView(line), i, 3)
			}
			if seen&(1<<f) != 0 {
				return i, false
			}
			seen |= 1 << f
			switch f {
			case 0:
				return jsonString(line, i, &r.Key)
			case 1:
				return jsonString(line, i, &r.Die)
			case 2:
				return jsonInt(line, i, &r.Value)
			case 3:
				return jsonString(line, i, &r.Label)
			default:
				return jsonBool(line, i, &r.Entered)
			}
		})
		e.Rolls = append(e.Rolls, r)
		return end, ok
	})
}
