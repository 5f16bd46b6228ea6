package referee_test

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		q    referee.Question
		in   string
		want string
		err  string
	}{
		{"choose exact", referee.Question{Key: "k", Kind: referee.KindChoose, Options: []string{"Fire", "Board"}}, "board", "Board", ""},
		{"choose by number", referee.Question{Key: "k", Kind: referee.KindChoose, Options: []string{"Fire", "Board"}}, "2", "Board", ""},
		{"choose bad", referee.Question{Key: "k", Kind: referee.KindChoose, Options: []string{"Fire", "Board"}}, "ram", "", "one of: Fire, Board"},
		{"numeric options are not positions", referee.Question{Key: "k", Kind: referee.KindChoose, Options: []string{"3", "5"}}, "1", "", "not an option"},
		{"number", referee.Question{Key: "k", Kind: referee.KindNumber, Min: 1, Max: 6}, " 4 ", "4", ""},
		{"number out of range", referee.Question{Key: "k", Kind: referee.KindNumber, Min: 1, Max: 6}, "7", "", "from 1 to 6"},
		{"confirm", referee.Question{Key: "k", Kind: referee.KindConfirm}, "Y", "yes", ""},
		{"confirm bad", referee.Question{Key: "k", Kind: referee.KindConfirm}, "maybe", "", "yes or no"},
		{"list", referee.Question{Key: "k", Kind: referee.KindList, Min: 1, Max: 6, Count: 3}, "6 4,1", "6,4,1", ""},
		{"list count", referee.Question{Key: "k", Kind: referee.KindList, Min: 1, Max: 6, Count: 3}, "6", "", "want 3"},
		{"text empty", referee.Question{Key: "k", Kind: referee.KindText}, "", "", "empty"},
		{"default", referee.Question{Key: "k", Kind: referee.KindNumber, Min: 0, Max: 3, Default: "2"}, "", "2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.q.Normalize(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				assert.Contains(t, err.Error(), "k", "names the key")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestScriptedQueuesThenRepeatsLast(t *testing.T) {
	p := referee.NewScripted()
	p.Set("w", "1", "answers")
	p.Set("w", "2", "answers")
	q := referee.Question{Key: "w", Kind: referee.KindNumber, Min: 0, Max: 9}
	for _, want := range []string{"1", "2", "2"} {
		got, err := p.Ask(q)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	rec := p.TakeRecord()
	require.Len(t, rec, 3)
	assert.Equal(t, "answers", rec[0].Source)
}

func TestScriptedStdinLinesAndMissingAnswer(t *testing.T) {
	p := referee.NewScripted()
	p.Lines = []string{"yes"}
	ok, err := referee.Confirm(p, "a", "sure?")
	require.NoError(t, err)
	assert.True(t, ok)
	_, err = referee.Number(p, "b", "how many?", 1, 3)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "no answer for b")
	assert.Contains(t, err.Error(), "from 1 to 3")
}
