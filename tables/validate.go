package tables

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/bosun-referee/bosun/referee/safetext"
)

// Limits on overlay values: what a player could read off a component.
const (
	MaxOverlaySize = 1 << 20 // bytes of tables.yaml
	maxNumber      = 1_000_000
	maxText        = 200 // characters of one text value
	maxFaces       = 100
)

// ValueError is an overlay value that is not accepted: it names the
// table, the key and what is accepted. It is bad input (exit 2).
type ValueError struct {
	File, Table, Key string
	Msg              string
}

func (e *ValueError) Error() string {
	where := "tables"
	if e.File != "" {
		where = "tables: overlay " + e.File
	}
	return fmt.Sprintf("%s: table %s, key %s: %s", where, safetext.Escape(safetext.Shorten(e.Table)), safetext.Escape(safetext.Shorten(e.Key)), e.Msg)
}

// BadInput marks the error as bad input for referee.IsUsage.
func (e *ValueError) BadInput() bool { return true }

var (
	hexDirections     = []string{"N", "NE", "SE", "S", "SW", "NW"}
	compassDirections = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
)

// checkValue validates an overlay value with the rules of the question
// that asks it: the faces of a die, or a value shaped like the embedded
// row it replaces. It returns what was wrong and what is accepted, or "".
func (s *Set) checkValue(table, key string, v any) string {
	if table == "dice" {
		return checkFaces(key, v)
	}
	var base any
	if t := s.mustEmbedded(table); t != nil {
		for _, r := range t.Rows {
			if r.Key == key {
				base = r.Value
			}
		}
	}
	return checkLike(base, v)
}

func quote(s string) string { return safetext.Quote(s) }

// missing says that a value is missing (a YAML null, or nothing after the
// key's colon) where one is needed, and what is accepted: never "<nil>".
func missing(accepted string) string {
	return "a value is missing (null); accepted: " + accepted
}

// checkLike checks v against the shape of the embedded value base (nil
// when the row has no value yet).
func checkLike(base, v any) string {
	switch b := base.(type) {
	case int:
		if v == nil {
			return missing(fmt.Sprintf("a whole number from %d to %d", -maxNumber, maxNumber))
		}
		if _, ok := wholeNumber(v); !ok {
			return fmt.Sprintf("%s is not a whole number; accepted: a whole number from %d to %d", quote(fmt.Sprint(v)), -maxNumber, maxNumber)
		}
		return ""
	case []any:
		if x, ok := v.(string); ok {
			return checkText(x) // a list entered as text, e.g. N,E,S,W
		}
		items, ok := v.([]any)
		if v == nil {
			return missing(fmt.Sprintf("a list like %v", b))
		}
		if !ok {
			return fmt.Sprintf("%s is not a list; accepted: a list like %v", quote(fmt.Sprint(v)), b)
		}
		for _, it := range items {
			if msg := checkScalar(it); msg != "" {
				return msg
			}
		}
		return ""
	}
	if items, ok := v.([]any); ok {
		for _, it := range items {
			if msg := checkScalar(it); msg != "" {
				return msg
			}
		}
		return ""
	}
	return checkScalar(v)
}

// checkScalar accepts a bounded number or a short line of text.
func checkScalar(v any) string {
	switch x := v.(type) {
	case nil, bool:
		return ""
	case string:
		if msg := checkText(x); msg != "" {
			return msg
		}
		return ""
	}
	if _, ok := wholeNumber(v); ok {
		return ""
	}
	if f, ok := v.(float64); ok && !math.IsNaN(f) && math.Abs(f) <= maxNumber {
		return ""
	}
	return fmt.Sprintf("%s is not accepted; accepted: a number from %d to %d, a line of text of at most %d characters, or a list of them", quote(fmt.Sprint(v)), -maxNumber, maxNumber, maxText)
}

func checkText(x string) string {
	if len([]rune(x)) > maxText {
		return fmt.Sprintf("%s is longer than %d characters; accepted: a line of text of at most %d characters", quote(x), maxText, maxText)
	}
	for _, r := range x {
		if unicode.IsControl(r) {
			return fmt.Sprintf("%s holds a control character; accepted: one line of printable text", quote(x))
		}
	}
	return ""
}

// wholeNumber reads v as a whole number within ±maxNumber.
func wholeNumber(v any) (int, bool) {
	var n int
	switch x := v.(type) {
	case int:
		n = x
	case int64:
		if x < -maxNumber || x > maxNumber {
			return 0, false
		}
		n = int(x)
	case uint64:
		if x > maxNumber {
			return 0, false
		}
		n = int(x)
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > maxNumber {
			return 0, false
		}
		n = int(x)
	case string:
		s := strings.TrimSpace(x)
		if len(s) > 8 {
			return 0, false
		}
		i, err := strconv.Atoi(s)
		if err != nil {
			return 0, false
		}
		n = i
	default:
		return 0, false
	}
	return n, n >= -maxNumber && n <= maxNumber
}

// faceItems splits a die's faces: a YAML list or a comma-separated text.
func faceItems(v any) ([]any, bool) {
	switch x := v.(type) {
	case []any:
		return x, true
	case string:
		var out []any
		for _, f := range strings.FieldsFunc(x, func(r rune) bool { return r == ',' || r == ' ' }) {
			out = append(out, f)
		}
		return out, true
	}
	return nil, false
}

// checkFaces validates the faces of a die of the dice table.
func checkFaces(key string, v any) string {
	items, ok := faceItems(v)
	if v == nil {
		return missing("the faces as a list or comma-separated, e.g. 1,2,3,4,5,6")
	}
	if !ok {
		return fmt.Sprintf("%s is not a list of faces; accepted: the faces as a list or comma-separated, e.g. 1,2,3,4,5,6", quote(fmt.Sprint(v)))
	}
	if len(items) == 0 || len(items) > maxFaces {
		return fmt.Sprintf("faces: %d; accepted: from 1 to %d", len(items), maxFaces)
	}
	for i, it := range items {
		if it == nil {
			return fmt.Sprintf("face %d of %d is missing (null); accepted: a value for each face, e.g. 1,2,3,4,5,6", i+1, len(items))
		}
		s := strings.TrimSpace(fmt.Sprint(it))
		switch key {
		case "ammo":
			if n, ok := wholeNumber(it); !ok || n < 0 || n > 20 {
				return fmt.Sprintf("face %s is not a number of dots; accepted: the dots on each face of an Ammo die as comma-separated whole numbers from 0 to 20, e.g. 1,2,3,4,5,6", quote(s))
			}
		case "direction":
			m, rest, ok1 := strings.Cut(s, ">")
			tl, tr, ok2 := strings.Cut(rest, "|")
			if !ok1 || !ok2 || !oneOf(m, hexDirections) || !oneOf(tl, hexDirections) || !oneOf(tr, hexDirections) {
				return fmt.Sprintf("face %s is not a Direction Dice face; accepted: MAIN>TOPLEFT|TOPRIGHT, each one of %s (e.g. N>NW|NE)", quote(s), strings.Join(hexDirections, ", "))
			}
		case "wind":
			if !oneOf(s, compassDirections) {
				return fmt.Sprintf("face %s is not a wind direction; accepted: one of %s", quote(s), strings.Join(compassDirections, ", "))
			}
		case "exploration", "traveler", "pirate":
			if n, ok := wholeNumber(it); !ok || n < 1 || n > 1000 {
				return fmt.Sprintf("face %s is not accepted; accepted: whole numbers from 1 to 1000, e.g. 1,2,3,4,5,6", quote(s))
			}
		default:
			if _, ok := wholeNumber(it); ok {
				continue
			}
			if _, isNum := it.(string); !isNum || s == "" {
				return fmt.Sprintf("face %s is not accepted; accepted: a whole number from %d to %d or a label", quote(s), -maxNumber, maxNumber)
			}
			if len([]rune(s)) > 40 {
				return fmt.Sprintf("face %s is longer than 40 characters; accepted: a whole number or a short label", quote(s))
			}
			if msg := checkText(s); msg != "" {
				return msg
			}
		}
	}
	return ""
}

func oneOf(s string, list []string) bool {
	for _, x := range list {
		if s == x {
			return true
		}
	}
	return false
}
