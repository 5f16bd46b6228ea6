package rulesref

import _ "embed"

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
