package referee_test

import (
	"errors"
	"fmt"
	"strings"
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

func TestScriptedQueuesThenRepeatsLastWhenAsked(t *testing.T) {
	p := referee.NewScripted()
	p.Set("w", "1", "answers")
	p.Set("w", "2", "answers")
	p.Repeat["w"] = true
	q := referee.Question{Key: "w", Kind: referee.KindNumber, Min: 0, Max: 9}
	for _, want := range []string{"1", "2", "2"} {
		got, err := p.Ask(q)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	rec := p.TakeRecord()
	require.Len(t, rec, 3)
	assert.Equal(t, "answers", rec[0].Source)

	p.Repeat["w"] = false
	_, err := p.Ask(q)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "no more answers for w in the preset answers (it had 2)")
}

// A --set value repeats for every ask of its key.
func TestSetValuesRepeat(t *testing.T) {
	p := referee.NewScripted()
	p.Set("w", "1", "set")
	for range 3 {
		n, err := referee.Number(p, "w", "w", 0, 9)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
	}
}

func TestScriptedStdinLinesAndMissingAnswer(t *testing.T) {
	p := referee.NewScripted()
	p.Lines = []string{"yes"}
	ok, err := referee.Confirm(p, "a", "sure?", referee.NoDefault)
	require.NoError(t, err)
	assert.True(t, ok)
	_, err = referee.Number(p, "b", "how many?", 1, 3)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "no answer for b")
	assert.Contains(t, err.Error(), "from 1 to 3")
}

func TestCursorResumesAnAppendedFileAndRestartsAnother(t *testing.T) {
	q := referee.Question{Key: "k", Kind: referee.KindText}
	first := referee.NewScripted()
	first.Set("k", "a", "answers")
	first.Set("k", "b", "answers")
	v, _ := first.Ask(q)
	assert.Equal(t, "a", v)
	cur := first.Cursor()
	assert.Equal(t, 1, cur.Used["k"])

	// The same file, one answer appended: go on from the second answer.
	again := referee.NewScripted()
	for _, a := range []string{"a", "b", "c"} {
		again.Set("k", a, "answers")
	}
	again.Resume(cur)
	v, _ = again.Ask(q)
	assert.Equal(t, "b", v)

	// Another file whose queue starts differently: from its first answer.
	other := referee.NewScripted()
	other.Set("k", "x", "answers")
	other.Set("k", "y", "answers")
	other.Resume(cur)
	v, _ = other.Ask(q)
	assert.Equal(t, "x", v)
}

func TestPlayMenuKeysAreNotPartOfTheCursor(t *testing.T) {
	p := referee.NewScripted()
	p.Set("play.menu", "status", "answers")
	p.Set("play.menu", "quit", "answers")
	v, _ := p.Ask(referee.Question{Key: "play.menu", Kind: referee.KindText})
	assert.Equal(t, "status", v)
	assert.Empty(t, p.Cursor().Used)
	p.Resume(&referee.AnswerCursor{})
	v, _ = p.Ask(referee.Question{Key: "play.menu", Kind: referee.KindText})
	assert.Equal(t, "quit", v, "the menu keeps its place when a session is reloaded")
}

func TestCursorAfterTheLastAnswerRepeatedGoesOnWithAppendedAnswers(t *testing.T) {
	q := referee.Question{Key: "k", Kind: referee.KindText}
	p := referee.NewScripted()
	p.Set("k", "a", "answers")
	p.Repeat["k"] = true
	for i := 0; i < 3; i++ {
		v, _ := p.Ask(q)
		assert.Equal(t, "a", v)
	}
	cur := p.Cursor()
	next := referee.NewScripted()
	for _, a := range []string{"a", "b", "c", "d"} {
		next.Set("k", a, "answers")
	}
	next.Resume(cur)
	v, _ := next.Ask(q)
	assert.Equal(t, "b", v, "the first appended answer, not a later one")
}

func TestStdinLinesAreReadOnlyWhenAsked(t *testing.T) {
	p := referee.NewScripted()
	calls := 0
	p.LinesFunc = func() []string { calls++; return []string{"4"} }
	assert.Equal(t, 0, calls)
	v, err := referee.Number(p, "k", "n", 1, 6)
	require.NoError(t, err)
	assert.Equal(t, 4, v)
	_, _ = referee.Number(p, "k2", "n", 1, 6)
	assert.Equal(t, 1, calls, "read once")
}

func TestNormalizeCheckRefusesAndRewrites(t *testing.T) {
	q := referee.Question{Key: "k", Text: "a sloop spec", Kind: referee.KindText, Check: func(v string) (string, error) {
		if v != "sloop" {
			return "", fmt.Errorf("%q is not a ship type (sloop)", v)
		}
		return "Sloop", nil
	}}
	v, err := q.Normalize(" sloop ")
	if err != nil || v != "Sloop" {
		t.Fatalf("Normalize(sloop) = %q, %v; want Sloop", v, err)
	}
	_, err = q.Normalize("slop")
	if !errors.Is(err, referee.ErrUsage) || !strings.Contains(err.Error(), "k") || !strings.Contains(err.Error(), "not a ship type") {
		t.Fatalf("Normalize(slop) error = %v; want a usage error naming the key and the reason", err)
	}
}

func TestNoAnswersNoneWhereNoneIsOffered(t *testing.T) {
	q := referee.Question{Key: "qc.move.free", Kind: referee.KindChoose, Options: []string{"none", "calm", "island"}}
	v, err := q.Normalize("no")
	if err != nil || v != "none" {
		t.Fatalf("no = %q, %v", v, err)
	}
	l := referee.Question{Key: "misty.player.Ann.ports", Kind: referee.KindList, Options: []string{"none", "tavern"}}
	if v, err := l.Normalize("No"); err != nil || v != "none" {
		t.Errorf("list: No = %q, %v", v, err)
	}
	yn := referee.Question{Key: "k", Kind: referee.KindChoose, Options: []string{"yes", "no", "none"}}
	if v, _ := yn.Normalize("no"); v != "no" {
		t.Errorf("an option no is itself: %q", v)
	}
	if _, err := (referee.Question{Key: "k", Kind: referee.KindChoose, Options: []string{"calm"}}).Normalize("no"); err == nil {
		t.Error("no is refused where none is not offered")
	}
}
