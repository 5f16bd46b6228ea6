package rulesref

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

type devCase struct {
	Q   string   `yaml:"q"`
	IDs []string `yaml:"ids"`
	// Set names the batch a question was written in ("" the first, "v2"
	// the second), so each batch's accuracy is reported on its own.
	Set string `yaml:"set"`
	// Answers are rulebook sentences that settle the question: when
	// given, a result counts only if its text contains one of them (the
	// passage must show the rule, not just name its section).
	Answers []string `yaml:"answers"`
}

// loadDevSet reads testdata/devset.yaml, once per test binary: callers
// share the slice and must not change it.
func loadDevSet(t testing.TB) []devCase {
	t.Helper()
	devOnce.Do(func() {
		b, err := os.ReadFile("testdata/devset.yaml")
		if err != nil {
			devErr = err
			return
		}
		devErr = yaml.Unmarshal(b, &devCases)
	})
	require.NoError(t, devErr)
	return devCases
}

var (
	devOnce  sync.Once
	devCases []devCase
	devErr   error

	devTop3Once sync.Once
	devTop3     [][]Result
)

// devResults returns the built-in search's top 3 for every dev question
// (in dev-set order), searched once per test binary and shared by the
// tests that read them (TestDevSet, TestPassagesAreRulebookText).
func devResults(t testing.TB) [][]Result {
	cs := loadDevSet(t)
	devTop3Once.Do(func() {
		devTop3 = make([][]Result, len(cs))
		for i, c := range cs {
			devTop3[i] = Search(c.Q, SearchOptions{Limit: 3})
		}
	})
	return devTop3
}

// exhaustive reports whether BOSUN_EXHAUSTIVE=1 asks for the full runs
// (the weekly or pre-release run): tests over the whole growing dev set
// then take every question instead of their fixed-seed sample.
func exhaustive() bool { return os.Getenv("BOSUN_EXHAUSTIVE") == "1" }

// devClass is the class a dev question is sampled in: its batch and the
// game of its first section.
func devClass(c devCase) string {
	game := ""
	if len(c.IDs) > 0 {
		game, _, _ = strings.Cut(c.IDs[0], "/")
	}
	return c.Set + "|" + game
}

// sampleDev returns a fixed-seed sample of the dev set, in dev-set order:
// perClass questions (or all it has) of every class (batch x game), and
// the questions with the fewest and the most words; with
// BOSUN_EXHAUSTIVE=1, every question.
func sampleDev(cs []devCase, perClass int, seed uint64) []devCase {
	if exhaustive() {
		return cs
	}
	byClass := map[string][]int{}
	var classes []string
	shortest, longest := 0, 0
	for i, c := range cs {
		k := devClass(c)
		if byClass[k] == nil {
			classes = append(classes, k)
		}
		byClass[k] = append(byClass[k], i)
		if n := len(strings.Fields(c.Q)); n < len(strings.Fields(cs[shortest].Q)) {
			shortest = i
		} else if n > len(strings.Fields(cs[longest].Q)) {
			longest = i
		}
	}
	rng := rand.New(rand.NewPCG(seed, 25))
	keep := map[int]bool{shortest: true, longest: true}
	for _, k := range classes {
		idx := byClass[k]
		for _, j := range rng.Perm(len(idx))[:min(perClass, len(idx))] {
			keep[idx[j]] = true
		}
	}
	var out []devCase
	for i, c := range cs {
		if keep[i] {
			out = append(out, c)
		}
	}
	return out
}

// TestSampleDevCoversEveryClass: the normal run's sample holds every
// class of the dev set, the shortest and the longest question, and is
// the same sample on every run.
func TestSampleDevCoversEveryClass(t *testing.T) {
	if exhaustive() {
		t.Skip("BOSUN_EXHAUSTIVE=1: the tests take the whole dev set")
	}
	cs := loadDevSet(t)
	s := sampleDev(cs, 2, 1)
	require.Equal(t, s, sampleDev(cs, 2, 1), "a fixed seed gives a fixed sample")
	want, got := map[string]bool{}, map[string]int{}
	for _, c := range cs {
		want[devClass(c)] = true
	}
	for _, c := range s {
		got[devClass(c)]++
	}
	for k := range want {
		assert.Positivef(t, got[k], "class %q is not sampled", k)
	}
	minW, maxW := 1<<30, 0
	for _, c := range cs {
		minW, maxW = min(minW, len(strings.Fields(c.Q))), max(maxW, len(strings.Fields(c.Q)))
	}
	assert.True(t, slices.ContainsFunc(s, func(c devCase) bool { return len(strings.Fields(c.Q)) == minW }), "the shortest question is sampled")
	assert.True(t, slices.ContainsFunc(s, func(c devCase) bool { return len(strings.Fields(c.Q)) == maxW }), "the longest question is sampled")
	assert.Less(t, len(s), len(cs)/4, "a sample, not the set")
	t.Logf("%d classes, %d of %d questions sampled", len(want), len(s), len(cs))
}

// loadDevFloors reads the floors of the development set, per batch of
// questions (top-1, top-3; testdata/devfloors.yaml, shared with the
// reranker's training tool); raise them as the engine improves, never
// lower them.
func loadDevFloors(t testing.TB) map[string][2]float64 {
	b, err := os.ReadFile("testdata/devfloors.yaml")
	require.NoError(t, err)
	var fs map[string][2]float64
	require.NoError(t, yaml.Unmarshal(b, &fs))
	require.NotEmpty(t, fs, "testdata/devfloors.yaml holds no floor")
	for name, f := range fs {
		require.Truef(t, f[0] > 0 && f[0] <= f[1] && f[1] <= 1, "devfloors.yaml: batch %q: %v is not [top-1, top-3] with 0 < top-1 <= top-3 <= 1", name, f)
	}
	return fs
}

func TestDevSet(t *testing.T) {
	t.Parallel()
	cs := loadDevSet(t)
	devFloors := loadDevFloors(t)
	require.GreaterOrEqual(t, len(cs), 90)
	games := map[string]int{}
	type tally struct{ n, top1, top3 int }
	sets := map[string]*tally{}
	all := &tally{}
	top3 := devResults(t)
	for i, c := range cs {
		for _, id := range c.IDs {
			require.Truef(t, Exists(id), "devset: %q names unknown section %s", c.Q, id)
			games[strings.SplitN(id, "/", 2)[0]]++
		}
		rank := devRank(c, top3[i])
		if sets[c.Set] == nil {
			sets[c.Set] = &tally{}
		}
		for _, x := range []*tally{all, sets[c.Set]} {
			x.n++
			if rank == 0 {
				x.top1++
			}
			if rank >= 0 {
				x.top3++
			}
		}
		if rank != 0 && testing.Verbose() {
			var got []string
			for _, r := range top3[i] {
				got = append(got, r.ID)
			}
			t.Logf("miss(rank %d): %q want %v got %v", rank, c.Q, c.IDs, got)
		}
	}
	assert.Len(t, games, 4, "every game has questions")
	for _, name := range []string{"", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16"} {
		if x := sets[name]; x != nil {
			t.Logf("dev set %q: %d questions, top-1 %.1f%%, top-3 %.1f%%", name, x.n,
				100*float64(x.top1)/float64(x.n), 100*float64(x.top3)/float64(x.n))
		}
	}
	t.Logf("dev set: %d questions, top-1 %.1f%%, top-3 %.1f%%", all.n,
		100*float64(all.top1)/float64(all.n), 100*float64(all.top3)/float64(all.n))
	for name, x := range sets {
		f, ok := devFloors[name]
		require.Truef(t, ok, "dev set batch %q has no floor", name)
		assert.GreaterOrEqualf(t, float64(x.top1)/float64(x.n), f[0], "batch %q top-1", name)
		assert.GreaterOrEqualf(t, float64(x.top3)/float64(x.n), f[1], "batch %q top-3", name)
	}
}

// devRank is the rank (0-2) of the first result of c's question (its
// top 3, res) that is one of its sections, or -1.
func devRank(c devCase, res []Result) int {
	for k, r := range res {
		if len(c.Answers) > 0 {
			for _, a := range c.Answers {
				if strings.Contains(r.Text, a) {
					return k
				}
			}
			continue
		}
		for _, id := range c.IDs {
			if r.ID == id {
				return k
			}
		}
	}
	return -1
}

// TestNoRuling: nonsense gets an honest "no ruling found"; real questions
// with a word or two the rulebooks do not use still get an answer.
func TestNoRuling(t *testing.T) {
	for _, q := range []string{
		"what is the airspeed of an unladen swallow",
		"asdf qwer zxcv",
		"how do i bake bread",
		"what's for dinner",
	} {
		assert.Emptyf(t, Search(q, SearchOptions{Limit: 3}), "%q", q)
	}
	for _, q := range []string{
		"how do you beat the galleass when a player sails it",
		"is the flying dutchman slowed down by the wind",
		"how fast can i go inside the red lagoon",
		// a number no rulebook prints and a typo are no sign of an
		// unrelated question
		"what rank do i get with 160 renwon",
		"how does gatehring work",
		"how do i get a 3rd action",
	} {
		assert.NotEmptyf(t, Search(q, SearchOptions{Limit: 3}), "%q", q)
	}
	r := Search("what rank do i get with 160 renwon", SearchOptions{Limit: 3})
	require.NotEmpty(t, r)
	assert.Equal(t, "rolling-seas/renown-ranks", r[0].ID)
}

// TestRuleOverNote: an FAQ/Q&A entry the player did not ask gives its
// place to its rule; one they asked, or one holding words its rule lacks,
// stays first with the rule shown after it.
func TestRuleOverNote(t *testing.T) {
	ids := func(q string) []string {
		var out []string
		for _, r := range Search(q, SearchOptions{Limit: 3}) {
			out = append(out, r.ID)
		}
		return out
	}
	got := ids("what does the gunner officer do")
	require.GreaterOrEqual(t, len(got), 2)
	assert.Equal(t, []string{"misty-waters/officer-summary", "misty-waters/why-is-cannon-fire-so-random"}, got[:2],
		"the rule, not the Q&A, first")
	got = ids("why is my fleet limited to two ships")
	require.GreaterOrEqual(t, len(got), 2)
	assert.Equal(t, []string{"misty-waters/why-is-my-fleet-limited-to-two-ships", "misty-waters/buying-player-ships"}, got[:2],
		"a mirrored Q&A stays first, its rule right after it")
	got = ids("can i use buoy mine after buoy lantern")
	require.NotEmpty(t, got)
	assert.Equal(t, "quests-and-cannons/can-the-same-event-trigger-multiple-effects", got[0], "only the FAQ's text answers it")
	// the rule that says "at most 2", found through the Q&A or directly,
	// is shown and carries the Q&A. In Misty Waters: with no game given,
	// the diversity rule gives third place to War for Atraxia's fleet
	// capacity (the question names no game, and each game limits ships).
	r := Search("how many ships can i own", SearchOptions{Limit: 3, Games: []string{"misty-waters"}})
	require.GreaterOrEqual(t, len(r), 2)
	k := slices.IndexFunc(r, func(x Result) bool { return x.ID == "misty-waters/buying-player-ships" })
	require.GreaterOrEqual(t, k, 0, "the rule in the first three: %v", r)
	assert.NotEmpty(t, r[k].Errata, "the rule carries the Q&A")
}
