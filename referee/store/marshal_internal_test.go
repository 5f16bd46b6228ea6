package store

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/require"
)

// marshalSave writes a save as json.Marshal does: with and without a
// cursor and pending values, cursors of every shape (nil and empty maps
// and lists, odd keys and answers: escapes, HTML, bytes that are not
// UTF-8), and indented as export writes its head.
func TestMarshalSaveEqualsEncodingJSON(t *testing.T) {
	typ := reflect.TypeOf(saveFile{})
	require.Equal(t, "Cursor", typ.Field(typ.NumField()-2).Name, "marshalSave appends the cursor after the other fields")
	require.Equal(t, "Pending", typ.Field(typ.NumField()-1).Name, "marshalSave appends the pending values last")

	cursors := []*referee.AnswerCursor{nil, {}, {Used: map[string]int{}}, {Seen: map[string][]string{}}, {Used: map[string]int{"a": 0}, Seen: map[string][]string{"a": nil, "b": {}}},
		{Used: map[string]int{"b": 2, "a": 1, "c": -3}, Seen: map[string][]string{"b": {"x", "y"}, "a": {"z"}}}, {Seen: map[string][]string{"a": {"x"}}}}
	for _, s := range oddStrings {
		cursors = append(cursors, &referee.AnswerCursor{Used: map[string]int{s: 1, s + "2": 2}, Seen: map[string][]string{s: {s, "plain", s}, "k": {s}}})
	}
	long := &referee.AnswerCursor{Used: map[string]int{}, Seen: map[string][]string{}}
	for k := range 5 {
		key := fmt.Sprint("wfa.key.", k)
		for i := range 300 {
			long.Seen[key] = append(long.Seen[key], []string{"end", "collect", "0", "1", "<&>"}[(i*k)%5])
		}
		long.Used[key] = 300
	}
	cursors = append(cursors, long)
	pendings := [][]tables.Pending{nil, {}, {{Table: "t", Key: "k", Value: 3}, {Table: "u", Key: "<k>", Value: "v", Ref: "r"}}}
	for _, c := range cursors {
		for _, p := range pendings {
			f := saveFile{Schema: referee.SchemaVersion, Name: "t1", Game: "g", Players: []referee.Player{{Name: "Ann <&>"}}, Options: map[string]string{"b": "1", "a": "2"},
				Seed: 3, DiceMode: referee.Virtual, RNG: []byte("rng"), Step: 4, LogFile: logRef{Events: 2, Bytes: 40}, State: json.RawMessage(`{"total": 3}`), Cursor: c, Pending: p}
			want, err := json.Marshal(f)
			require.NoError(t, err)
			got, err := marshalSave(&f)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got))
			wantIndent, err := json.MarshalIndent(f, "", "  ")
			require.NoError(t, err)
			gotIndent, err := marshalIndent(&f)
			require.NoError(t, err)
			require.Equal(t, string(wantIndent), string(gotIndent))
		}
	}
}
