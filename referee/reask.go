package referee

import (
	"errors"
	"fmt"
)

// Asking an earlier question again. Most rules that refuse an answer live
// in the question itself (its offered values, its Check), so a terminal
// re-asks the answer in place. Some answers can only be judged against a
// later one (the level printed on a card makes the card number typed
// before it impossible). Then the later question's Check, or the step,
// returns Reask naming the earlier key: at a terminal the step is run
// again with every answer of the step kept (dice included) except that
// one, which is asked again with the reason and its old answer as the
// default. Answered again the same, the later question is asked afresh
// too. An earlier answer that came from --set or an answers file is not
// asked again: the step fails as any refused scripted answer does.

// ReaskError says that the answer given earlier in the step to Key is
// what is wrong.
type ReaskError struct {
	// Key is the earlier question to ask again.
	Key string
	// Then, when set, is the later question whose answer showed it: when
	// Key is answered again the same, Then is asked again too; answered
	// otherwise, Then keeps its answer.
	Then string
	// Value is Then's answer when Then's own check refused it (it was
	// never accepted, so the step's record does not hold it).
	Value string
	// Err says why, naming both answers; it is a usage or rule error.
	Err error
}

func (e *ReaskError) Error() string { return e.Err.Error() }
func (e *ReaskError) Unwrap() error { return e.Err }

// Reask returns a ReaskError for key with why (made a usage error if it is
// not one).
func Reask(key string, why error) error {
	if !IsUsage(why) {
		why = Usagef("%v", why)
	}
	return &ReaskError{Key: key, Err: why}
}

// Replayer is a prompter that can run a step again with the answers of a
// failed attempt (Scripted).
type Replayer interface {
	// Replay queues answers to be given again in order of their keys,
	// except the last one of re.Key, which is asked again with re's
	// reason. It reports false when that answer did not come from a person
	// at a terminal, or was not given in this step.
	Replay(answers []Answer, re *ReaskError) bool
	// EndReplay drops what Replay queued and has not been used.
	EndReplay()
}

// maxReasks bounds how often one step asks an earlier question again.
const maxReasks = 12

// AsReask returns the ReaskError in err, if any.
func AsReask(err error) (*ReaskError, bool) {
	var re *ReaskError
	ok := errors.As(err, &re)
	return re, ok
}

func reaskOf(err error) (*ReaskError, bool) { return AsReask(err) }

// Replay implements Replayer.
func (s *Scripted) Replay(answers []Answer, re *ReaskError) bool {
	last := -1
	for i, a := range answers {
		if a.Key == re.Key {
			last = i
		}
	}
	if last < 0 || answers[last].Source != "terminal" {
		return false
	}
	s.replay = map[string][]Answer{}
	for i, a := range answers {
		if i == last {
			continue
		}
		s.replay[a.Key] = append(s.replay[a.Key], a)
	}
	s.reask = &pendingReask{ReaskError: re, old: answers[last].Value}
	switch {
	case re.Then != "" && re.Value != "":
		s.reask.then = Answer{Key: re.Then, Value: re.Value, Source: "terminal"}
	case re.Then != "":
		// The answer that showed it is last of its key before the failure.
		if q := s.replay[re.Then]; len(q) > 0 {
			s.reask.then = q[len(q)-1]
			s.replay[re.Then] = q[:len(q)-1]
		}
	}
	return true
}

// EndReplay implements Replayer.
func (s *Scripted) EndReplay() { s.replay, s.reask = nil, nil }

type pendingReask struct {
	*ReaskError
	old  string
	then Answer
}

// fromReplay answers q from a step's earlier attempt, or asks it again
// when it is the question being re-asked; ok is false when neither.
func (s *Scripted) fromReplay(q Question) (v string, ok bool, err error) {
	if r := s.reask; r != nil && q.Key == r.Key && s.Fallback != nil {
		s.reask = nil
		q.Text = fmt.Sprintf("%s (asked again: %s)", q.Text, r.Err.Error())
		q.Default = r.old
		v, err := s.Fallback.Ask(q)
		if err != nil {
			return "", true, err
		}
		s.Record = append(s.Record, Answer{Key: q.Key, Value: v, Source: "terminal"})
		if v != r.old && r.then.Key != "" {
			// Another answer here: the later one may stand as it was.
			s.replay[r.then.Key] = append(s.replay[r.then.Key], r.then)
		}
		return v, true, nil
	}
	queue := s.replay[q.Key]
	if len(queue) == 0 {
		return "", false, nil
	}
	a := queue[0]
	s.replay[q.Key] = queue[1:]
	v, err = q.Normalize(a.Value)
	if err != nil {
		// The earlier answer no longer fits the question as it is asked
		// now: ask it as if for the first time.
		return "", false, nil
	}
	s.Record = append(s.Record, Answer{Key: q.Key, Value: v, Source: a.Source})
	return v, true, nil
}
