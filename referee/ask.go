package referee

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/tables"
)

// Asking a board value once. A value bosun needs but the rulebook does not
// print (a box of the Wind Force track, the price tag of a Cannon) is read
// from a table row; when the row is unknown it is asked once, checked, and
// remembered in the user's overlay (askOnce). The helpers below type and
// validate the value on both paths, so a bad answer is refused (re-asked in
// place at a terminal) and never remembered, and a bad value already in
// the overlay is refused with the row to correct:
//
//	n, err := referee.AskInt(env.Tables, env.Prompt, "mw-wind-force", "rocky-seas",
//		referee.Question{Key: "misty.table.wind-force.rocky-seas", Text: "...", Min: 1, Max: 12})

// AskText returns the value of table row key as text (a list value as its
// items comma-separated). An unknown row is asked once with q and
// remembered. check, when not nil, validates the value before it is used
// and an answer before it is remembered; its error says what is wrong.
func AskText(set *tables.Set, p Prompter, table, key string, q Question, check func(string) error) (string, error) {
	if check == nil {
		check = func(string) error { return nil }
	}
	accepted := q.Accepts()
	if set != nil {
		if r, ok := set.Lookup(table, key); ok && r.Known() {
			v := strings.TrimSpace(ValueText(r.Value))
			if err := check(v); err != nil {
				return "", Usagef("tables: table %s, row %s holds %q, which is not accepted (%v); accepted: %s; correct the row in your tables overlay (tables.yaml) or delete it, and bosun asks %s again",
					table, key, v, err, accepted, q.Key)
			}
			return v, nil
		}
	}
	if p != nil {
		p = checkedPrompter{p, check, accepted}
		// A terminal re-asks an answer the check refuses in place.
		q.Check = chainCheck(q.Check, check, accepted)
	}
	v, err := askOnce(set, p, table, key, q)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(ValueText(v)), nil
}

// AskInt returns a whole-number table row from q.Min to q.Max (both 0: any
// whole number, for rows the rulebook prints), asked once as a KindNumber
// question when unknown.
func AskInt(set *tables.Set, p Prompter, table, key string, q Question) (int, error) {
	q.Kind = KindNumber
	check := IntIn(q.Min, q.Max)
	if q.Min == 0 && q.Max == 0 {
		check = IntIn(math.MinInt, math.MaxInt)
	}
	v, err := AskText(set, p, table, key, q, check)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(v)
}

// AskList returns a list table row as its items, asked once as
// comma-separated text when unknown; check, when not nil, validates the
// items.
func AskList(set *tables.Set, p Prompter, table, key string, q Question, check func([]string) error) ([]string, error) {
	v, err := AskText(set, p, table, key, q, func(s string) error {
		items := SplitList(s)
		if len(items) == 0 {
			return errors.New("no values")
		}
		if check != nil {
			return check(items)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return SplitList(v), nil
}

// KnownInt reads a whole-number table row without asking: ok is false when
// the row is absent or unknown, and err says so when its value is not a
// whole number.
func KnownInt(set *tables.Set, table, key string) (n int, ok bool, err error) {
	if set == nil {
		return 0, false, nil
	}
	r, found := set.Lookup(table, key)
	if !found || !r.Known() {
		return 0, false, nil
	}
	n, err = ValueInt(r.Value)
	if err != nil {
		return 0, false, Usagef("tables: table %s, row %s: %v; correct the row in your tables overlay (tables.yaml)", table, key, err)
	}
	return n, true, nil
}

// ValueInt reads a table value (a YAML number or a remembered answer) as a
// whole number.
func ValueInt(v any) (int, error) {
	switch x := v.(type) {
	case int:
		return x, nil
	case int64:
		return int(x), nil
	case uint64:
		return int(x), nil
	case float64:
		if x == float64(int(x)) {
			return int(x), nil
		}
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(x)); err == nil {
			return n, nil
		}
	}
	return 0, fmt.Errorf("%q is not a whole number", ValueText(v))
}

// ValueText is a table value as text: a list as its items comma-separated.
func ValueText(v any) string {
	switch x := v.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, it := range x {
			parts[i] = fmt.Sprint(it)
		}
		return strings.Join(parts, ",")
	case []string:
		return strings.Join(x, ",")
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// IntIn checks a whole number from lo to hi.
func IntIn(lo, hi int) func(string) error {
	return func(v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return errors.New("not a whole number")
		}
		if n < lo || n > hi {
			return fmt.Errorf("not from %d to %d", lo, hi)
		}
		return nil
	}
}

// chainCheck runs a question's own Check, then check, whose refusal names
// what is accepted.
func chainCheck(first func(string) (string, error), check func(string) error, accepted string) func(string) (string, error) {
	return func(v string) (string, error) {
		if first != nil {
			var err error
			if v, err = first(v); err != nil {
				return "", err
			}
		}
		if err := check(strings.TrimSpace(v)); err != nil {
			if _, reask := AsReask(err); reask {
				return "", err // an earlier answer is what is wrong
			}
			return "", fmt.Errorf("%v; accepted: %s", err, accepted)
		}
		return v, nil
	}
}

// checkedPrompter validates answers before askOnce remembers them, also
// those of a prompter that does not run Question.Check.
type checkedPrompter struct {
	Prompter
	check    func(string) error
	accepted string
}

func (c checkedPrompter) Ask(q Question) (string, error) {
	a, err := c.Prompter.Ask(q)
	if err != nil {
		return "", err
	}
	a = strings.TrimSpace(a)
	if err := c.check(a); err != nil {
		if _, reask := AsReask(err); reask {
			return "", err
		}
		return "", Usagef("answer %q for %s (%s) is not accepted (%v); accepted: %s", a, q.Key, q.Text, err, c.accepted)
	}
	return a, nil
}

// Answers given ahead. A scripted prompter may hold the answer to a
// question before it is asked (--set, an answers file, lines of stdin);
// a game offering only the legal choices in a menu reads such an answer
// against every choice instead, so that one the rules forbid now is
// refused with the rule that forbids it.

// AnswersAhead is implemented by prompters that may hold answers given
// before a question is asked (Scripted).
type AnswersAhead interface {
	Presetter
	// LinesAhead reports whether lines of input wait to answer the next
	// questions in order, whatever their keys.
	LinesAhead() bool
	// PresetKeys lists the keys that hold preset answers, those that win
	// first (--set) before the others, each group sorted.
	PresetKeys() []string
}

// Scripted is the prompter that holds answers ahead and records them.
var (
	_ AnswersAhead = (*Scripted)(nil)
	_ Recorder     = (*Scripted)(nil)
)

// AnsweredAhead reports whether the answer to key is already given (by
// --set, an answers file or a line of stdin) rather than asked of someone
// looking at a menu.
func AnsweredAhead(p Prompter, key string) bool {
	if ps, ok := p.(Presetter); ok && ps.HasAnswer(key) {
		return true
	}
	if a, ok := p.(AnswersAhead); ok && a.LinesAhead() {
		return true
	}
	return false
}

// PresetKeys lists the keys p holds preset answers for (AnswersAhead), or
// none.
func PresetKeys(p Prompter) []string {
	if a, ok := p.(AnswersAhead); ok {
		return a.PresetKeys()
	}
	return nil
}

func sortedKeys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
