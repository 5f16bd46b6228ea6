package store

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// roundTrip is what cloneCursor must give: c written and read back by
// encoding/json.
func roundTrip(t *testing.T, c *referee.AnswerCursor) *referee.AnswerCursor {
	t.Helper()
	if c == nil {
		return nil
	}
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var out referee.AnswerCursor
	require.NoError(t, json.Unmarshal(b, &out))
	return &out
}

// cloneCursor copies a cursor as a JSON round trip would give it (nil
// and empty maps and lists, strings that are not UTF-8), without the
// round trip: its allocations do not grow with the answers.
func TestCloneCursorIsAJSONRoundTrip(t *testing.T) {
	cursors := []*referee.AnswerCursor{
		nil, {}, {Used: map[string]int{}}, {Seen: map[string][]string{}}, {Used: map[string]int{"a": 0}, Seen: map[string][]string{"a": {}}},
		{Used: map[string]int{"a": 0}, Seen: map[string][]string{"a": nil}}, {Used: map[string]int{"a": 2}, Seen: map[string][]string{"a": {"x", "x"}}},
	}
	for _, s := range oddStrings {
		cursors = append(cursors,
			&referee.AnswerCursor{Used: map[string]int{s: 1}, Seen: map[string][]string{s: {s}}},
			&referee.AnswerCursor{Used: map[string]int{"k": 3}, Seen: map[string][]string{"k": {"ok", s, s}}},
			&referee.AnswerCursor{Used: map[string]int{s: 1, "\xff": 2, "\xfe": 3}})
	}
	for _, c := range cursors {
		got := cloneCursor(c)
		require.Equal(t, roundTrip(t, c), got, "%#v", c)
		if c != nil && got != nil {
			require.NotSame(t, c, got)
			for k, seen := range got.Seen {
				if len(seen) > 0 && len(c.Seen[k]) > 0 {
					require.NotSame(t, &c.Seen[k][0], &seen[0], "the lists are copied")
				}
			}
		}
	}
	long := &referee.AnswerCursor{Used: map[string]int{"k": 2000}, Seen: map[string][]string{"k": {}}}
	for i := range 2000 {
		long.Seen["k"] = append(long.Seen["k"], fmt.Sprint("answer ", i))
	}
	require.Equal(t, roundTrip(t, long), cloneCursor(long))
	allocs := testing.AllocsPerRun(10, func() { cloneCursor(long) })
	require.Less(t, allocs, 20.0, "a copy, not a round trip of 2,000 answers")
}
