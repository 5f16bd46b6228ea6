package cmdutil

import (
	"strings"
	"unicode"
)

// Searcher filters a pick list's options by what was typed, ignoring case.
// promptui shows only the options it accepts, in their order, and Enter
// takes the first one shown, so the filter keeps only the best kind of
// match there is, the first of these that any option has:
//
//  1. the option itself ("stop" finds stop, not nonstop);
//  2. the option's name, the text before its first mark ("S" finds the
//     Direction Dice face S>SE|SW, not SE>NE|S, which only starts with S);
//  3. options starting with the text ("st": stop, storm);
//  4. options with a word starting with it ("mon": sea-monster; "home":
//     fox-home);
//  5. options containing it ("alm": calm);
//  6. options whose name is within a typo of it: one letter missing,
//     extra, wrong or two swapped, two for text of 7 letters or more
//     ("colect": collect, not rebuild+collect); text shorter than 4 letters
//     never matches by typo ("yep" finds nothing, rather than yes);
//  7. options with a word within a typo of it ("rebiuld": rebuild+collect).
//
// options are the texts searched, one per list item; an item may be longer
// than its option (an option with a label naming it, "sea-monster Kraken"),
// so that names are found as well as types.
func Searcher(options []string) func(input string, index int) bool {
	lower := make([]string, len(options))
	for i, o := range options {
		lower[i] = strings.ToLower(strings.TrimSpace(o))
	}
	last, keep := "\x00", []bool(nil)
	return func(input string, index int) bool {
		in := strings.ToLower(strings.TrimSpace(input))
		if in == "" {
			return true
		}
		if in != last {
			last, keep = in, bestMatches(lower, in)
		}
		return index >= 0 && index < len(keep) && keep[index]
	}
}

// bestMatches marks the options (lower case) holding the best kind of
// match for in (see Searcher); none when no option matches at all.
func bestMatches(options []string, in string) []bool {
	tests := []func(o string) bool{
		func(o string) bool { return o == in },
		func(o string) bool { return head(o) == in },
		func(o string) bool { return strings.HasPrefix(o, in) },
		func(o string) bool {
			for _, w := range words(o) {
				if strings.HasPrefix(w, in) {
					return true
				}
			}
			return false
		},
		func(o string) bool { return strings.Contains(o, in) },
		func(o string) bool { return typoOf(o, in, false) },
		func(o string) bool { return typoOf(o, in, true) },
	}
	keep := make([]bool, len(options))
	for _, ok := range tests {
		found := false
		for i, o := range options {
			if ok(o) {
				keep[i], found = true, true
			}
		}
		if found {
			return keep
		}
	}
	return keep
}

// head is an option's name: its text before the first character that is
// not a letter, digit, '-' or '_' ("s>se|sw" → "s", "sloop:cannons=2" →
// "sloop").
func head(o string) string {
	if i := strings.IndexFunc(o, func(r rune) bool { return !isWordRune(r) && r != '-' && r != '_' }); i >= 0 {
		return o[:i]
	}
	return o
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// words splits an option at everything but letters and digits.
func words(o string) []string {
	return strings.FieldsFunc(o, func(r rune) bool { return !isWordRune(r) })
}

// maxTypos is how many typos text of n runes may hold and still match.
func maxTypos(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 7:
		return 1
	default:
		return 2
	}
}

// typoOf reports whether in is within its typo allowance of the option or
// its name, or with inWords of one of its words, or of the start of any
// of them (a name typed only in part: "kraek" for kraken).
func typoOf(o, in string, inWords bool) bool {
	n := len([]rune(in))
	k := maxTypos(n)
	if k == 0 {
		return false
	}
	cands := []string{o, head(o)}
	if inWords {
		cands = words(o)
	}
	for _, cand := range cands {
		c := []rune(cand)
		if editDistance(in, cand) <= k {
			return true
		}
		// The start of the word, as long as what was typed give or take
		// one letter.
		for l := n - 1; l <= n+1; l++ {
			if l >= 1 && l < len(c) && editDistance(in, string(c[:l])) <= k {
				return true
			}
		}
	}
	return false
}

// editDistance is the optimal string alignment distance between a and b:
// the fewest insertions, deletions, substitutions and swaps of two
// neighbouring runes that turn a into b.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
