package referee_test

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type queue = referee.AnswerQueue

func TestParseAnswers(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []queue
		err  string
	}{
		{"kv lines", "# c\na.b=1\n\nc = x y\n", []queue{{"a.b", []string{"1"}, true}, {"c", []string{"x y"}, true}}, ""},
		{"kv queue", "a=1\nb=2\na=3\n", []queue{{"a", []string{"1", "3"}, false}, {"b", []string{"2"}, true}}, ""},
		{"kv queue repeated", "a=1\na=3\na=...\n", []queue{{"a", []string{"1", "3"}, true}}, ""},
		{"yaml map", "a.b: 1\nc: yes\n", []queue{{"a.b", []string{"1"}, true}, {"c", []string{"yes"}, true}}, ""},
		{"yaml queue", "w:\n  - 2\n  - 3\n", []queue{{"w", []string{"2", "3"}, false}}, ""},
		{"yaml one-item list is a queue", "w: [2]\n", []queue{{"w", []string{"2"}, false}}, ""},
		{"yaml queue repeated", "w: [2, 3, ...]\n", []queue{{"w", []string{"2", "3"}, true}}, ""},
		{"yaml block queue repeated", "w:\n- 2\n- ...\n", []queue{{"w", []string{"2"}, true}}, ""},
		{"quoted dots are an answer", "w: [2, '...']\n", []queue{{"w", []string{"2", "..."}, false}}, ""},
		{"yaml dice list", "d: [[6, 4, 1], [2]]\n", []queue{{"d", []string{"6,4,1", "2"}, false}}, ""},
		{"empty list", "d: []\n", nil, ""},
		{"empty", "  \n", nil, ""},
		{"not a map", "- a\n- b\n", nil, "YAML map"},
		{"nested map", "a:\n  b: 1\n", nil, "plain value"},
		{"broken yaml", "a: [1\n", nil, "not a YAML map"},
		{"empty key", "a=1\n=2\n", nil, "line 2: empty key"},
		{"repeat first", "w: [..., 2]\n", nil, "there is none before it"},
		{"repeat not last", "w: [1, ..., 2]\n", nil, `"..." must be its last answer`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := referee.ParseAnswers(strings.NewReader(tt.in), "f.yaml")
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				assert.True(t, strings.HasPrefix(err.Error(), "f.yaml: "), err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "f.yaml", got.Source)
			if len(tt.want) == 0 {
				assert.Empty(t, got.Queues)
				return
			}
			assert.Equal(t, tt.want, got.Queues)
		})
	}
}

func scripted(t *testing.T, file string) *referee.Scripted {
	t.Helper()
	f, err := referee.ParseAnswers(strings.NewReader(file), "game.yaml")
	require.NoError(t, err)
	p := referee.NewScripted()
	p.AddAnswers(f)
	return p
}

// An answers-file list that runs out is an error naming the key, the file
// and how many answers it had (issue #12 item 8), not a silent repeat.
func TestAnswerQueueRunsOut(t *testing.T) {
	q := referee.Question{Key: "rs.adventure.card", Text: "the card", Kind: referee.KindChoose, Options: []string{"reefs", "calm", "storm"}}
	p := scripted(t, "rs.adventure.card: [reefs, calm]\n")
	for _, want := range []string{"reefs", "calm"} {
		got, err := p.Ask(q)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := p.Ask(q)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err), "exit 2")
	assert.Contains(t, err.Error(), "no more answers for rs.adventure.card in game.yaml (it had 2)")
	var nm *referee.NoMoreAnswersError
	require.ErrorAs(t, err, &nm)
	assert.Equal(t, 2, nm.Had)
}

func TestAnswerQueueRepeatsWhenAsked(t *testing.T) {
	q := referee.Question{Key: "rs.adventure.card", Text: "the card", Kind: referee.KindChoose, Options: []string{"reefs", "calm", "storm"}}
	for _, file := range []string{"rs.adventure.card: [reefs, calm, ...]\n", "rs.adventure.card=reefs\nrs.adventure.card=calm\nrs.adventure.card=...\n"} {
		p := scripted(t, file)
		var got []string
		for range 4 {
			a, err := p.Ask(q)
			require.NoError(t, err, file)
			got = append(got, a)
		}
		assert.Equal(t, []string{"reefs", "calm", "calm", "calm"}, got, file)
	}
	// A single plain value answers every ask, as --set does.
	p := scripted(t, "rs.adventure.card: storm\n")
	p.Set("rs.other", "1", "set")
	for range 3 {
		a, err := p.Ask(q)
		require.NoError(t, err)
		assert.Equal(t, "storm", a)
		n, err := referee.Number(p, "rs.other", "other", 0, 5)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
	}
}

func FuzzParseAnswers(f *testing.F) {
	for _, s := range []string{"a=1", "a: 1", "a: [1, 2]", "a:\n - [1]\n", "=", ":", "a: {b: 1}", "a: [1, ...]", "a=...", "a: [[...]]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		af, err := referee.ParseAnswers(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		for _, q := range af.Queues {
			if q.Key == "" {
				t.Fatalf("%q: empty key accepted", s)
			}
			if len(q.Answers) == 0 {
				t.Fatalf("%q: key %s has no answers", s, q.Key)
			}
		}
	})
}
