package referee

import (
	"fmt"
	"regexp"
	"strconv"
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

var (
	// oneMany: "1 Cannons", "-1 Cannons"; never a number inside a word
	// ("value-1 Ammo cards", "3.1 cards").
	// "3 Story Point(s)", "1 card(s) of 10": a count and up to three words,
	// the last one with "(s)"; "1 Sailor(s)/Officer(s)".
	countS  = regexp.MustCompile(`(?:([A-Za-z]+) )?\b(\d+)((?: [A-Za-z][A-Za-z'-]*){0,2} )([A-Za-z][A-Za-z'-]*)\(s\)(?:/([A-Za-z][A-Za-z'-]*)\(s\))?`)
	oneMany = regexp.MustCompile(`(^-?|[^\d.,A-Za-z-]-?)(?:([A-Za-z]+) )?1 (Cannons|Sailors|Actions|Sails|Coins|Hearts|Provisions|Gold Pieces|Story Points|Destroyers|Frigates|Gunboats|Ships|Officers|Points|Crystals|Magic Crystals|Ammo cards|cards|dice|Silver Coins|Damage Markers|Renown ticks|spaces|Pirate Ships|ports|pirates|cannons|sailors)\b`)
)

// singulars names the singular of the nouns oneMany finds.
var singulars = map[string]string{"dice": "die", "Gold Pieces": "Gold Piece", "Story Points": "Story Point", "Magic Crystals": "Magic Crystal",
	"Ammo cards": "Ammo card", "Silver Coins": "Silver Coin", "Damage Markers": "Damage Marker", "Renown ticks": "Renown tick", "Pirate Ships": "Pirate Ship"}

// Tidy puts a human text's counts in the right number: "1 Story Point(s)"
// becomes "1 Story Point" and "3 Story Point(s)" "3 Story Points";
// "1 Cannons" becomes "1 Cannon". Texts are built from templates that
// cannot know their counts; Tidy runs on every event text.
func Tidy(s string) string {
	if !strings.Contains(s, "(s)") && !strings.Contains(s, "1 ") {
		return s
	}
	s = countS.ReplaceAllStringFunc(s, func(m string) string {
		g := countS.FindStringSubmatch(m)
		n, _ := strconv.Atoi(g[2])
		word, other := g[4], g[5]
		if n != 1 || isLabel(g[1]) {
			word = plural(word)
			if other != "" {
				other = plural(other)
			}
		}
		out := g[2] + g[3] + word
		if g[1] != "" {
			out = g[1] + " " + out
		}
		if other != "" {
			out += "/" + other
		}
		return out
	})
	return oneMany.ReplaceAllStringFunc(s, func(m string) string {
		g := oneMany.FindStringSubmatch(m)
		if isLabel(g[2]) {
			return m // "Level 1 cards", "Turn 1 dice": the 1 names, it does not count
		}
		one, ok := singulars[g[3]]
		if !ok {
			one = strings.TrimSuffix(g[3], "s")
		}
		if g[2] != "" {
			return g[1] + g[2] + " 1 " + one
		}
		return g[1] + "1 " + one
	})
}

// isLabel reports whether a number after word names something (Level 1,
// Turn 5, Exploration Board space 6) rather than counts.
func isLabel(word string) bool {
	if word == "" {
		return false
	}
	if word[0] >= 'A' && word[0] <= 'Z' {
		return true
	}
	switch word {
	case "level", "turn", "round", "phase", "step", "space", "card", "die", "box", "column", "row", "number", "player":
		return true
	}
	return false
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
