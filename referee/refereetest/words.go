package refereetest

import (
	"regexp"
	"strings"
)

// Words a player should never read: a count of one with a plural noun
// ("1 Coins", "1 Experience Tokens", "1 actions"), "a" before a vowel
// ("on a island"), an empty list in brackets ("(removed )"), a value that
// is said to have itself ("`no` has `no`"), and a resource shouted in
// capitals ("ALWOOD").
var badWords = []struct {
	why string
	re  *regexp.Regexp
}{
	{badCount, regexp.MustCompile(`(?:^|[^\d.,/:=+-])1 (?:[A-Z][A-Za-z]+ ){0,2}(?:Coins|Actions|Tokens|Cannons|Sailors|Sails|Hearts|Provisions|Pieces|Points|Ships|Destroyers|Frigates|Gunboats|Officers|Crystals|Cards|Markers|Islands|Rounds|Turns|Dice|Barrels|Crates|Locations|Teleporters|Pirates)\b|(?:^|[^\d.,/:=+-])1 (?:coins|actions|tokens|cannons|sailors|cards|dice|ships|spaces|rounds|turns|points|locations|islands|pirates|ports|hits|duels|rerolls|re-rolls)\b`)},
	{`"a" before a vowel`, regexp.MustCompile(`\b[Aa] (?:island|Island|apex|Apex|action|Action|ammo|Ammo|isle|Isle|empty|other|open|extra|enemy|opponent|adjacent|attack|Attack|Ambush|ambush|Exploration|exploration|upgrade|Upgrade|Oceanic|OC)\b`)},
	{"an empty list in brackets", regexp.MustCompile(`\((?:removed|lost|left|gone|added)?\s*\)`)},
	{"a value that has itself", regexp.MustCompile("`([^`]+)` has `([^`]+)`")},
	{"a resource in capitals", regexp.MustCompile(`\bALWOOD\b|\bALWood\b`)},
}

// BadWords lists each shape of badWords found in text, with the words.
func BadWords(text string) []string {
	var out []string
	for _, b := range badWords {
		for _, loc := range b.re.FindAllStringSubmatchIndex(text, -1) {
			m := text[loc[0]:loc[1]]
			if b.why == "a value that has itself" && text[loc[2]:loc[3]] != text[loc[4]:loc[5]] {
				continue
			}
			if b.why == badCount && labelled(text[:loc[0]+1]) {
				continue // "Turn 1 dice", "the Level 1 cards"
			}
			out = append(out, b.why+": "+strings.TrimSpace(m))
		}
	}
	return out
}

const badCount = "a count of one with a plural noun"

// labels are the words before a number that name it rather than count
// ("Turn 1", "Level 1 cards", "Whirlpool 1").
var labels = map[string]bool{"turn": true, "round": true, "level": true, "phase": true, "step": true, "box": true, "card": true,
	"whirlpool": true, "marauder": true, "apex": true, "quest": true, "mission": true, "player": true, "no.": true, "#": true, "time": true, "clue": true, "space": true, "die": true}

func labelled(before string) bool {
	f := strings.Fields(before)
	if len(f) == 0 {
		return false
	}
	return labels[strings.ToLower(strings.TrimRight(f[len(f)-1], ":,("))]
}
