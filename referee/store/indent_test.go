package store

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// appendIndent indents as json.MarshalIndent does, on what encoding/json
// marshals: the scripted games' events, odd strings, a save with a long
// answers cursor, and random documents of every shape.
func TestAppendIndentEqualsMarshalIndent(t *testing.T) {
	var docs []any
	for _, l := range testEvents(t) {
		var v any
		require.NoError(t, json.Unmarshal(l, &v))
		docs = append(docs, v, json.RawMessage(l))
	}
	for _, s := range oddStrings {
		docs = append(docs, s, map[string]any{s: []any{s, map[string]any{}, []any{}}})
	}
	cursor := &referee.AnswerCursor{Used: map[string]int{"a": 2, "b": 0}, Seen: map[string][]string{"a": {"x", "{[,:]}"}, "b": {}}}
	docs = append(docs, saveFile{Schema: referee.SchemaVersion, Name: "t1", Game: "g", Players: []referee.Player{{Name: "Ann"}}, RNG: []byte("rng"),
		State: json.RawMessage(" {\"a\" : [1, {}, [ ]],\n \"b\":\"c\"} "), Cursor: cursor}, []any{}, map[string]any{}, 0, -1.5e300, true, nil,
		[]any{[]any{[]any{}}, map[string]any{"": map[string]any{"": nil}}})
	r := rand.New(rand.NewPCG(25, 5))
	var random func(depth int) any
	random = func(depth int) any {
		switch k := r.IntN(8); {
		case depth > 4 || k < 2:
			return []any{"s", 1.5, true, nil, oddStrings[r.IntN(len(oddStrings))], "", 0}[r.IntN(7)]
		case k < 5:
			a := make([]any, r.IntN(4))
			for i := range a {
				a[i] = random(depth + 1)
			}
			return a
		default:
			m := map[string]any{}
			for range r.IntN(4) {
				m[oddStrings[r.IntN(len(oddStrings))]] = random(depth + 1)
			}
			return m
		}
	}
	for range 3000 {
		docs = append(docs, random(0))
	}
	if b, err := os.ReadFile("testdata/events.jsonl"); err == nil {
		docs = append(docs, json.RawMessage(bytes.ReplaceAll(bytes.TrimSpace(b), []byte("\n"), []byte(","))))
	}
	for _, d := range docs {
		compact, err := json.Marshal(d)
		if err != nil {
			continue // a raw line list that is not one document
		}
		want, err := json.MarshalIndent(d, "", "  ")
		require.NoError(t, err)
		got, ok := appendIndent([]byte("head"), compact)
		require.True(t, ok, "%s", compact)
		require.Equal(t, "head"+string(want), string(got), "%s", compact)
	}
	for _, bad := range []string{`{`, `[[]`, `"abc`, `{"a":1}}`} {
		_, ok := appendIndent(nil, []byte(bad))
		require.False(t, ok, bad)
	}
}
