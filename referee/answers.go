package referee

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/referee/safetext"
	"gopkg.in/yaml.v3"
)

// MaxAnswersSize is the largest answers file bosun reads.
const MaxAnswersSize = 16 << 20

// RepeatMarker, as the last item of an answers-file list, repeats the
// list's last answer for every further ask of its key.
const RepeatMarker = "..."

// AnswersFile is a parsed answers file: for each key, in the order the
// file first names them, the queue of its answers.
type AnswersFile struct {
	Source string // the file's name, for errors
	Queues []AnswerQueue
}

// AnswerQueue is the answers a file gives one key, used in order.
type AnswerQueue struct {
	Key     string
	Answers []string
	// Repeat is set when the last answer stands for every further ask:
	// a single value (key: value, or one key=value line) or a list that
	// ends with "...".
	Repeat bool
}

// ParseAnswers reads an answers file, either a YAML map or key=value lines
// (blank lines and # comments skipped). In YAML a plain value answers its
// key every time it is asked; a list is a queue of answers, one per ask,
// and running out of it is an error unless its last item is a plain ...
// (repeat the last answer); an item that is itself a list is one answer,
// its items comma-joined (dice: [[6, 4, 1], [2]]). In key=value lines a key
// on one line is a plain value and a key on several lines a queue (a final
// KEY=... repeats). Errors start with source.
func ParseAnswers(r io.Reader, source string) (*AnswersFile, error) {
	b, err := safetext.ReadLimited(r, source, MaxAnswersSize)
	if errors.Is(err, safetext.ErrTooLarge) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	f := &AnswersFile{Source: source}
	pairs, isKV, err := kvLines(string(b))
	if !isKV {
		pairs, err = yamlAnswers(b)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", source, err)
	}
	at := map[string]int{}
	closed := map[string]bool{} // the repeat marker was given
	for _, p := range pairs {
		i, ok := at[p.key]
		if !ok {
			i = len(f.Queues)
			at[p.key] = i
			f.Queues = append(f.Queues, AnswerQueue{Key: p.key})
		}
		q := &f.Queues[i]
		if closed[p.key] {
			return nil, fmt.Errorf("%s: line %d: %s: %q must be its last answer", source, p.line, p.key, RepeatMarker)
		}
		if p.more {
			if len(q.Answers) == 0 {
				return nil, fmt.Errorf("%s: line %d: %s: %q repeats the last answer, but there is none before it", source, p.line, p.key, RepeatMarker)
			}
			q.Repeat, closed[p.key] = true, true
			continue
		}
		q.Answers = append(q.Answers, p.value)
		// A single plain value is the answer every time; a second answer
		// makes a queue.
		q.Repeat = !p.listed && len(q.Answers) == 1
	}
	out := f.Queues[:0]
	for _, q := range f.Queues {
		if len(q.Answers) > 0 {
			out = append(out, q)
		}
	}
	f.Queues = out
	return f, nil
}

// answerItem is one answer of a file: listed when it is an item of a YAML
// list, more for the repeat marker.
type answerItem struct {
	key, value   string
	line         int
	listed, more bool
}

// kvLines reads key=value lines; isKV is false when the text is not in
// that form (then it is read as YAML).
func kvLines(text string) (items []answerItem, isKV bool, err error) {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		k = strings.TrimSpace(k)
		if !ok || strings.ContainsAny(k, ": ") {
			return nil, false, nil
		}
		if k == "" && err == nil {
			err = fmt.Errorf("line %d: empty key", i+1)
		}
		v = strings.TrimSpace(v)
		items = append(items, answerItem{key: k, value: v, line: i + 1, more: v == RepeatMarker})
	}
	if err != nil {
		return nil, true, err
	}
	return items, true, nil
}

func yamlAnswers(b []byte) ([]answerItem, error) {
	var node yaml.Node
	if err := yaml.Unmarshal(b, &node); err != nil {
		return nil, fmt.Errorf("not a YAML map of key: value nor key=value lines: %v", err)
	}
	if len(node.Content) == 0 || node.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("expected a YAML map of key: value or key=value lines")
	}
	var out []answerItem
	m := node.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			return nil, fmt.Errorf("line %d: keys must be plain text", k.Line)
		}
		switch v.Kind {
		case yaml.ScalarNode:
			out = append(out, answerItem{key: k.Value, value: v.Value, line: v.Line})
		case yaml.SequenceNode:
			for _, it := range v.Content {
				switch {
				case it.Kind == yaml.SequenceNode:
					var parts []string
					for _, x := range it.Content {
						if x.Kind != yaml.ScalarNode {
							return nil, fmt.Errorf("line %d: %s: items of an inner list must be plain values", x.Line, k.Value)
						}
						parts = append(parts, x.Value)
					}
					out = append(out, answerItem{key: k.Value, value: strings.Join(parts, ","), line: it.Line, listed: true})
				case it.Kind != yaml.ScalarNode:
					return nil, fmt.Errorf("line %d: %s: list items must be plain values", it.Line, k.Value)
				default:
					more := it.Value == RepeatMarker && it.Style == 0
					out = append(out, answerItem{key: k.Value, value: it.Value, line: it.Line, listed: true, more: more})
				}
			}
		default:
			return nil, fmt.Errorf("line %d: %s: value must be a plain value or a list", v.Line, k.Value)
		}
	}
	return out, nil
}

// AddAnswers adds the queues of an answers file to s as preset answers
// (recorded with source "answers"), after those of earlier files.
func (s *Scripted) AddAnswers(f *AnswersFile) {
	if s.Repeat == nil {
		s.Repeat = map[string]bool{}
	}
	if s.File == nil {
		s.File = map[string]string{}
	}
	for _, q := range f.Queues {
		for _, a := range q.Answers {
			s.Set(q.Key, a, "answers")
		}
		s.Repeat[q.Key] = q.Repeat
		s.File[q.Key] = f.Source
	}
}
