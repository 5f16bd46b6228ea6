package all

import (
	"strings"
)

// The help texts name the games from the list, so that a new game is
// named there without an edit to the commands.

var countWords = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}

// CountWord is how many games the list holds, in words ("four").
func CountWord() string {
	if n := len(Games()); n < len(countWords) {
		return countWords[n]
	}
	return "many"
}

// Titles names the games for a sentence, each by its name before a colon:
// "Misty Waters, Rolling Seas, War for Atraxia and Quests & Cannons".
func Titles() string {
	var names []string
	for _, g := range Games() {
		n, _, _ := strings.Cut(g.Info().Name, ":")
		names = append(names, n)
	}
	return andList(names)
}

// IDs lists the games' ids, in the list's order, joined by ", ".
func IDs() string {
	var ids []string
	for _, g := range Games() {
		ids = append(ids, g.Info().ID)
	}
	return strings.Join(ids, ", ")
}

// FirstAliases lists each game's first alias, joined by ", ".
func FirstAliases() string {
	var out []string
	for _, g := range Games() {
		if a := g.Info().Aliases; len(a) > 0 {
			out = append(out, a[0])
		}
	}
	return strings.Join(out, ", ")
}

// ShortAliases lists each game's shortest alias (the first of equals),
// joined by ", ".
func ShortAliases() string {
	var out []string
	for _, g := range Games() {
		best := ""
		for _, a := range g.Info().Aliases {
			if best == "" || len(a) < len(best) {
				best = a
			}
		}
		if best != "" {
			out = append(out, best)
		}
	}
	return strings.Join(out, ", ")
}

func andList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
