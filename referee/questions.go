package referee

import (
	"fmt"
	"sort"
	"strings"
)

// The questions a game can ask, with their declared defaults.
//
// Enter at a terminal takes a question's Default. A default that grants a
// bonus, triggers an attack or cancels one makes a ruling nobody at the
// table chose, so every question declares its default on purpose: the
// answer that is usual at the table, or none, and then Enter re-asks. A
// game lists its questions (Asker); a test plays the scripted games and
// fails on a question that is asked without a declaration, or whose
// default does not follow it, and the docs print the list.

// QuestionSpec declares one question key (or a family of keys) a game can
// ask and what Enter takes there.
type QuestionSpec struct {
	// Key is the question's key. A segment "*" stands for any one segment
	// (a player's name, an NPC id, a number); a last segment "**" for one
	// or more segments (a battle's roll names).
	Key  string `json:"key"`
	Kind Kind   `json:"kind"`
	// Default is the declared default: the same every time it is asked
	// ("no", "none"). Empty with Varies empty: no default, Enter re-asks.
	Default string `json:"default,omitempty"`
	// Varies, when set, says how a default that depends on the board or on
	// earlier answers is chosen ("the spec given last for that ship").
	Varies string `json:"varies,omitempty"`
	// Why says why that default is the usual answer at the table, or why
	// there is none.
	Why string `json:"why"`
}

// Asker is implemented by games that list the questions they can ask.
type Asker interface {
	Questions() []QuestionSpec
}

// NoDefault is the Default of a question with no usual answer: Enter
// re-asks instead of answering.
const NoDefault = ""

// Match reports whether key is one of the keys spec declares.
func (spec QuestionSpec) Match(key string) bool {
	return matchKey(strings.Split(spec.Key, "."), strings.Split(key, "."))
}

func matchKey(pat, key []string) bool {
	for i, p := range pat {
		if p == "**" && i == len(pat)-1 {
			return len(key) > i
		}
		if i >= len(key) {
			return false
		}
		if p != "*" && p != key[i] {
			return false
		}
	}
	return len(pat) == len(key)
}

// FindSpec returns the most specific spec that declares key: one with
// fewer wildcard segments wins, then a longer pattern.
func FindSpec(specs []QuestionSpec, key string) (QuestionSpec, bool) {
	best, found := QuestionSpec{}, false
	score := func(s QuestionSpec) (int, int) {
		segs := strings.Split(s.Key, ".")
		wild := 0
		for _, p := range segs {
			if p == "*" || p == "**" {
				wild++
			}
		}
		return wild, len(segs)
	}
	for _, s := range specs {
		if !s.Match(key) {
			continue
		}
		if !found {
			best, found = s, true
			continue
		}
		w1, l1 := score(s)
		w0, l0 := score(best)
		if w1 < w0 || (w1 == w0 && l1 > l0) {
			best = s
		}
	}
	return best, found
}

// CheckDeclared checks a question as asked against its game's
// declarations: a spec must declare its key, with the same kind, and a
// fixed declared default must be the question's default (a question
// declared with no default must have none).
func CheckDeclared(specs []QuestionSpec, q Question) error {
	spec, ok := FindSpec(specs, q.Key)
	if !ok {
		return fmt.Errorf("%s (%s question %q) is asked but declares no default policy (add a QuestionSpec to the game's Questions)", q.Key, q.Kind, q.Text)
	}
	if spec.Kind != q.Kind {
		return fmt.Errorf("%s is declared by %s as a %s question but asked as a %s question", q.Key, spec.Key, spec.Kind, q.Kind)
	}
	if strings.TrimSpace(spec.Why) == "" {
		return fmt.Errorf("%s: its spec %s does not say why its default is the usual answer", q.Key, spec.Key)
	}
	if spec.Varies != "" {
		return nil
	}
	if q.Default != spec.Default {
		want := fmt.Sprintf("%q", spec.Default)
		if spec.Default == NoDefault {
			want = "none"
		}
		return fmt.Errorf("%s is asked with default %q, but %s declares %s (%s)", q.Key, q.Default, spec.Key, want, spec.Why)
	}
	return nil
}

// SortSpecs sorts specs by key.
func SortSpecs(specs []QuestionSpec) []QuestionSpec {
	out := append([]QuestionSpec(nil), specs...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// Confirm asks a yes/no question whose Enter takes usual ("yes", "no", or
// NoDefault: Enter re-asks). There is no Confirm without a usual answer:
// a yes/no question whose Enter took "yes" where the usual answer is no
// made rulings nobody chose, so every caller says which answer Enter takes.
func Confirm(p Prompter, key, text, usual string) (bool, error) {
	a, err := p.Ask(Question{Key: key, Text: text, Kind: KindConfirm, Default: usual})
	return a == "yes", err
}

// Choose asks a choice whose Enter takes usual (one of options, or
// NoDefault), for the same reason as Confirm.
func Choose(p Prompter, key, text, usual string, options ...string) (string, error) {
	return p.Ask(Question{Key: key, Text: text, Kind: KindChoose, Options: options, Default: usual})
}
