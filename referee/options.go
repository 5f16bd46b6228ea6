package referee

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionKind is the grammar of an option's value.
type OptionKind string

// Option kinds.
const (
	// OptionChoice is one of Values (in any case). When Values hold "no",
	// "none" or "off", the other no-words (YesNoWords) select it too, and
	// likewise the yes-words select "yes" or "on".
	OptionChoice OptionKind = "choice"
	// OptionYesNo is yes or no, written as any of YesNoWords; the value
	// is "yes" or "no". Given with an empty value ("pirates=") it is yes,
	// as a switch.
	OptionYesNo OptionKind = "yes-no"
	// OptionSet is a comma-separated list of Values, or "all" or "none"
	// (and their yes/no synonyms); the value lists the chosen Values in
	// declared order, comma-separated ("" for none).
	OptionSet OptionKind = "set"
	// OptionNumber is a whole number from Min to Max (no Max when 0).
	OptionNumber OptionKind = "number"
	// OptionText is free text the game checks itself (team lists).
	OptionText OptionKind = "text"
)

// OptionSpec declares one --option KEY=VALUE a game accepts. An option
// left out, or given with an empty value, takes Default ("" for an option
// whose absence means something of its own, as Help says); a yes/no
// option given with an empty value is yes.
type OptionSpec struct {
	Key     string     `json:"key"`
	Kind    OptionKind `json:"kind"`
	Values  []string   `json:"values,omitempty"`
	Min     int        `json:"min,omitempty"`
	Max     int        `json:"max,omitempty"`
	Default string     `json:"default"`
	Help    string     `json:"help"`
}

// YesNoWords are the words read as yes and as no, in every game.
var YesNoWords = struct{ Yes, No []string }{
	Yes: []string{"yes", "y", "true", "on", "1"},
	No:  []string{"no", "n", "false", "off", "0"},
}

// Accepts says in a few words what the option accepts.
func (o OptionSpec) Accepts() string {
	switch o.Kind {
	case OptionYesNo:
		return "yes or no"
	case OptionSet:
		return "all, none or a comma list of " + strings.Join(o.Values, ", ")
	case OptionNumber:
		if o.Max > 0 {
			return fmt.Sprintf("a whole number from %d to %d", o.Min, o.Max)
		}
		return fmt.Sprintf("a whole number from %d", o.Min)
	case OptionText:
		return o.Help
	}
	return strings.Join(o.Values, ", ")
}

// ParseOptions checks a session's options against the game's specs and
// returns every declared key with its canonical value: the default for an
// option left out or empty, the exact declared spelling for a choice, "yes"
// or "no", a set in declared order, a number in decimal. An unknown key or
// a value outside an option's grammar is a usage error naming what is
// accepted.
func ParseOptions(game string, specs []OptionSpec, given map[string]string) (map[string]string, error) {
	byKey := map[string]OptionSpec{}
	var keys []string
	for _, o := range specs {
		byKey[o.Key] = o
		keys = append(keys, o.Key)
	}
	sort.Strings(keys)
	var givenKeys []string
	for k := range given {
		givenKeys = append(givenKeys, k)
	}
	sort.Strings(givenKeys) // the first bad option is reported, whatever the map's order
	for _, k := range givenKeys {
		if _, ok := byKey[k]; !ok {
			return nil, Usagef("unknown option %q for %s; accepted: %s", k, game, strings.Join(keys, ", "))
		}
	}
	out := make(map[string]string, len(specs))
	for _, o := range specs {
		v0, present := given[o.Key]
		raw := strings.TrimSpace(v0)
		switch {
		case raw == "" && present && o.Kind == OptionYesNo:
			raw = "yes" // "--option pirates=": the switch on
		case raw == "":
			raw = o.Default
		}
		v, ok := o.canonical(raw)
		if !ok {
			return nil, Usagef("option %s=%s for %s: accepted: %s", o.Key, given[o.Key], game, o.Accepts())
		}
		out[o.Key] = v
	}
	return out, nil
}

// canonical reads raw (already trimmed, default applied) as o's grammar.
func (o OptionSpec) canonical(raw string) (string, bool) {
	if raw == "" {
		return "", true // a default of "" means "not given"
	}
	low := strings.ToLower(raw)
	switch o.Kind {
	case OptionYesNo:
		switch {
		case slices.Contains(YesNoWords.Yes, low):
			return "yes", true
		case slices.Contains(YesNoWords.No, low):
			return "no", true
		}
		return "", false
	case OptionSet:
		switch {
		case low == "all" || slices.Contains(YesNoWords.Yes, low):
			return strings.Join(o.Values, ","), true
		case low == "none" || slices.Contains(YesNoWords.No, low):
			return "", true
		}
		chosen := map[string]bool{}
		for _, it := range SplitList(low) {
			if !slices.Contains(o.Values, it) {
				return "", false
			}
			chosen[it] = true
		}
		var out []string
		for _, v := range o.Values {
			if chosen[v] {
				out = append(out, v)
			}
		}
		return strings.Join(out, ","), true
	case OptionNumber:
		n, err := strconv.Atoi(raw)
		if err != nil || n < o.Min || (o.Max > 0 && n > o.Max) {
			return "", false
		}
		return strconv.Itoa(n), true
	case OptionText:
		return raw, true
	}
	for _, v := range o.Values {
		if strings.EqualFold(v, raw) {
			return v, true
		}
	}
	words, as := YesNoWords.No, []string{"no", "none", "off"}
	if slices.Contains(YesNoWords.Yes, low) {
		words, as = YesNoWords.Yes, []string{"yes", "on"}
	}
	if slices.Contains(words, low) {
		for _, v := range o.Values {
			if slices.Contains(as, v) {
				return v, true
			}
		}
	}
	return "", false
}

// OptionSetOf returns the members of an OptionSet value.
func OptionSetOf(v string) map[string]bool {
	out := map[string]bool{}
	for _, it := range SplitList(v) {
		out[it] = true
	}
	return out
}
