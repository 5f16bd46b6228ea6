// Package refereetest has test doubles for the referee: a prompter that
// expects exactly the questions a test scripts, in order.
package refereetest

import (
	"fmt"
	"os"
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
		p.t.Errorf("%d scripted answers were never asked for, first %s", len(p.queue), p.queue[0].key)
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
