package refereetest

import (
	"regexp"
	"strings"
)

// Words a player should never read: a count of one with a plural noun
// ("1 Coins", "1 Experience Tokens", "1 actions"), a noun that leaves its
// number to the reader ("3 crystal(s)"), "a" before a vowel
// ("on a island"), an empty list in brackets ("(removed )"), a value that
// is said to have itself ("`no` has `no`"), and a resource shouted in
// capitals ("ALWOOD").
var badWords = []struct {
	why string
	re  *regexp.Regexp
}{
	{badCount, regexp.MustCompile(`(?:^|[^\d.,/:=+-])1 (?:[A-Z][A-Za-z-]+ ){0,2}(?:Coins|Actions|Tokens|Cannons|Sailors|Sails|Hearts|Provisions|Pieces|Points|Ships|Destroyers|Frigates|Gunboats|Officers|Crystals|Cards|Markers|Islands|Rounds|Turns|Dice|Barrels|Crates|Locations|Teleporters|Pirates|Hits|Votes|Marauders|Quests|Clues|Players|Plantations|Renown ticks|Slots)\b|(?:^|[^\d.,/:=+-])1 (?:[A-Za-z][A-Za-z0-9-]* )?(?:coins|actions|tokens|cannons|sailors|cards|dice|ships|spaces|rounds|turns|points|locations|islands|pirates|ports|hits|duels|rerolls|re-rolls|crystals|clans|tiles|steps|players|dots|parsecs|targets|resources|replacements|sections|faces|arguments|monoliths|provisions|rolls|values|answers|types|ticks)\b`)},
	{"a noun with (s)", regexp.MustCompile(`(?:^|[^g]|[^a]g|[^l]ag|[^f]lag)\(s\)`)}, // not cobra's "required flag(s)"
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
			if b.why == badCount && (labelled(text[:loc[0]+1]) || joined(m)) {
				continue // "Turn 1 dice", "the Level 1 cards", "1 or more players"
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

// BadTemplate lists the shapes of badWords a format string can print: each
// count verb (%d) is tried as 1, so "%d Cannons" is found as "1 Cannons"
// while "%s" (a referee.Count) is left alone.
func BadTemplate(format string) []string {
	if !strings.Contains(format, "%d") && !strings.Contains(format, "(s)") {
		return nil
	}
	return BadWords(strings.ReplaceAll(format, "%d", "1"))
}

// joins are the words that, between a 1 and a plural, make the plural
// another thing's ("1 of 3 players", "1 or more Cannons").
var joins = map[string]bool{"of": true, "or": true, "to": true, "in": true, "and": true, "the": true, "per": true, "for": true, "from": true,
	"at": true, "on": true, "with": true, "than": true, "a": true, "an": true, "each": true, "every": true, "all": true, "between": true, "among": true}

func joined(m string) bool {
	f := strings.Fields(m)
	for i, w := range f {
		if i > 0 && i < len(f)-1 && joins[strings.ToLower(w)] {
			return true
		}
	}
	return false
}
