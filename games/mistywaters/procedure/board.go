package procedure

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// boardValue returns a board value of one of the procedure's tables
// (mwp-*): the value remembered in the tables, else the table's answer to
// q, asked once. Every value is checked before it is used and an answer
// before it is remembered, so a bad answer is refused (exit 2) naming what
// is accepted and never lands in the user's tables.yaml; a bad value
// already there is reported with the row to correct.
func (r *run) boardValue(table, key string, q referee.Question, check func(string) error) (string, error) {
	set := r.env.Tables
	if q.Accepted == "" {
		q.Accepted = q.Accepts()
	}
	if set != nil {
		if row, ok := set.Lookup(table, key); ok {
			if row.Known() {
				v := strings.TrimSpace(fmt.Sprint(row.Value))
				if err := check(v); err != nil {
					return "", referee.Usagef("mistywaters: table %s, row %s holds %q, which is not accepted (%v); accepted: %s; correct the row in your tables overlay (tables.yaml) or delete it, and bosun asks %s again",
						table, key, v, err, q.Accepted, q.Key)
				}
				return v, nil
			}
			if q.Where == "" {
				q.Where = row.Where
			}
		}
	}
	if r.env.Prompt == nil {
		return "", &referee.NoAnswerError{Q: q}
	}
	a, err := r.env.Prompt.Ask(q)
	if err != nil {
		return "", err
	}
	a = strings.TrimSpace(a)
	if err := check(a); err != nil {
		return "", referee.Usagef("mistywaters: answer %q for %s (%s) is not accepted (%v); accepted: %s", a, q.Key, q.Text, err, q.Accepted)
	}
	if set != nil {
		if err := set.Remember(table, key, a, "asked as "+q.Key); err != nil {
			return "", fmt.Errorf("mistywaters: remembering %s.%s: %w", table, key, err)
		}
	}
	return a, nil
}

// intIn checks a whole number from lo to hi.
func intIn(lo, hi int) func(string) error {
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

// boardInt is boardValue for a whole number from q.Min to q.Max.
func (r *run) boardInt(table, key string, q referee.Question) (int, error) {
	q.Kind = referee.KindNumber
	v, err := r.boardValue(table, key, q, intIn(q.Min, q.Max))
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(v)
}

// overboardAccepted is the format of an Overboard removal.
const overboardAccepted = "0 (no removal), 'N crew' (Sailors or Officers), 'N cannons', or both as 'N crew, N cannons', N from 1 to 5"
