package referee

import (
	"fmt"
	"strings"
)

// Count says n of a thing in words, singular or plural: Count(1,
// "Cannon") is "1 Cannon", Count(2, "Cannon") "2 Cannons". An irregular
// plural is given as the third argument: Count(3, "Barrel", "Barrels").
// The plural of a word ending in s, x, ch or sh adds "es", of one ending
// in a consonant and y "ies".
func Count(n int, one string, many ...string) string {
	return fmt.Sprintf("%d %s", n, Noun(n, one, many...))
}

// Noun is one or its plural, as n asks (see Count).
func Noun(n int, one string, many ...string) string {
	if n == 1 || n == -1 {
		return one
	}
	if len(many) > 0 {
		return many[0]
	}
	return plural(one)
}

func plural(one string) string {
	// "Story Point" -> "Story Points"; "Bonus Renown tick" -> "Bonus Renown ticks".
	lower := strings.ToLower(one)
	switch {
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "ch"), strings.HasSuffix(lower, "sh"):
		return one + "es"
	case strings.HasSuffix(lower, "y") && len(lower) > 1 && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return one[:len(one)-1] + "ies"
	}
	return one + "s"
}

// JoinAnd joins words as a sentence does: "a", "a and b", "a, b and c".
func JoinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Ordinal writes n as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 22nd.
func Ordinal(n int) string {
	suf := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suf = "st"
		case 2:
			suf = "nd"
		case 3:
			suf = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suf)
}

// A puts "a" or "an" before a noun, as its sound asks: "an island", "a
// calm space", "a unit".
func A(noun string) string {
	lower := strings.ToLower(noun)
	an := lower != "" && strings.ContainsRune("aeiou", rune(lower[0]))
	for _, p := range []string{"uni", "use", "usu", "eu", "one"} {
		if strings.HasPrefix(lower, p) {
			an = false
		}
	}
	if an {
		return "an " + noun
	}
	return "a " + noun
}
