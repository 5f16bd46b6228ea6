// Package refereetest has test doubles for the referee: a prompter that
// expects exactly the questions a test scripts, in order.
package refereetest

import (
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// Prompter answers expected questions in order and fails the test on a
// question it did not expect; Verify fails it on answers left unused.
type Prompter struct {
	t     testing.TB
	queue []expect
	Asked []referee.Question
}

type expect struct{ key, answer string }

// NewPrompter returns a prompter bound to t; it calls Verify at cleanup.
func NewPrompter(t testing.TB) *Prompter {
	p := &Prompter{t: t}
	t.Cleanup(p.Verify)
	return p
}

// Expect queues an answer for the next question, which must have key.
func (p *Prompter) Expect(key, answer string) *Prompter {
	p.queue = append(p.queue, expect{key, answer})
	return p
}

// Ask implements referee.Prompter.
func (p *Prompter) Ask(q referee.Question) (string, error) {
	p.t.Helper()
	p.Asked = append(p.Asked, q)
	if len(p.queue) == 0 {
		p.t.Fatalf("unexpected question %s: %s", q.Key, q.Text)
		return "", fmt.Errorf("unexpected question %s", q.Key)
	}
	e := p.queue[0]
	p.queue = p.queue[1:]
	if e.key != q.Key {
		p.t.Fatalf("asked %s (%s), expected %s", q.Key, q.Text, e.key)
	}
	return q.Normalize(e.answer)
}

// Verify fails the test if scripted answers were never asked for.
func (p *Prompter) Verify() {
	p.t.Helper()
	if len(p.queue) > 0 {
		p.t.Errorf("%s never asked for, first %s", referee.Count(len(p.queue), "scripted answer")+" "+referee.Noun(len(p.queue), "was", "were"), p.queue[0].key)
	}
}

// LoadAnswers reads an answers file as the CLI's --answers does
// (referee.ParseAnswers) into a scripted prompter; it fails t when the file
// cannot be read or parsed.
func LoadAnswers(t testing.TB, path string) *referee.Scripted {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := referee.ParseAnswers(f, path)
	if err != nil {
		t.Fatal(err)
	}
	p := referee.NewScripted()
	p.AddAnswers(a)
	return p
}

// Typos answers as a terminal does when someone mistypes: each typo queued
// for a key is first given to the question's Normalize (which runs its
// Check) and its refusal recorded as the terminal would print it, then the
// question is answered by the scripted answer. A typo Normalize accepts
// fails the test.
type Typos struct {
	*referee.Scripted
	t       testing.TB
	queue   map[string][]string
	Refused []string            // every refusal, in order
	ByKey   map[string][]string // the refusals of each key
	Asked   map[string]int      // how often each key was asked
}

// NewTypos wraps sp with the typos to give first, by key.
func NewTypos(t testing.TB, sp *referee.Scripted, typos map[string][]string) *Typos {
	return &Typos{Scripted: sp, t: t, queue: typos, ByKey: map[string][]string{}, Asked: map[string]int{}}
}

// Unasked lists the keys whose typos were never given because their
// question was never asked.
func (p *Typos) Unasked() []string {
	var keys []string
	for k := range p.queue {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Ask implements referee.Prompter.
func (p *Typos) Ask(q referee.Question) (string, error) {
	p.Asked[q.Key]++
	for _, typo := range p.queue[q.Key] {
		if _, err := q.Normalize(typo); err != nil {
			p.Refused = append(p.Refused, err.Error())
			p.ByKey[q.Key] = append(p.ByKey[q.Key], err.Error())
		} else {
			p.t.Errorf("%s: typo %q was accepted", q.Key, typo)
		}
	}
	delete(p.queue, q.Key)
	return p.Scripted.Ask(q)
}
