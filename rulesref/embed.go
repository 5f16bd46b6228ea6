package rulesref

import (
	_ "embed"
	"sort"
	"strings"
	"sync"
)

// The shipped rulebooks, unchanged. Embedded as strings so that reading
// them copies nothing.
var (
	//go:embed data/misty-waters.txt
	textMisty string
	//go:embed data/rolling-seas.txt
	textRolling string
	//go:embed data/war-for-atraxia.txt
	textAtraxia string
	//go:embed data/quests-and-cannons.txt
	textQuests string
)

// Games lists the rulebooks bosun ships, in a fixed order.
var Games = []string{"misty-waters", "rolling-seas", "war-for-atraxia", "quests-and-cannons"}

func rulebookText(game string) string {
	switch game {
	case "misty-waters":
		return textMisty
	case "rolling-seas":
		return textRolling
	case "war-for-atraxia":
		return textAtraxia
	case "quests-and-cannons":
		return textQuests
	}
	panic("rulesref: no embedded rulebook " + game)
}

// commonWords are common spoken English words (data/common-words.txt),
// sorted, one a line, after '#' comment lines.
//
//go:embed data/common-words.txt
var commonWordsText string

var commonList = sync.OnceValue(func() []string {
	var out []string
	for _, l := range strings.Split(commonWordsText, "\n") {
		if l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
})

// commonWord reports whether w is a common English word: such a word is
// never taken for a misspelled rulebook word ("slow" is not "show").
func commonWord(w string) bool {
	commonList := commonList()
	i := sort.SearchStrings(commonList, w)
	return i < len(commonList) && commonList[i] == w
}
