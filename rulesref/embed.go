package rulesref

import "embed"

//go:embed data/*.txt
var dataFS embed.FS

// Games lists the rulebooks bosun ships, in a fixed order.
var Games = []string{"misty-waters", "rolling-seas", "war-for-atraxia", "quests-and-cannons"}

func rulebookText(game string) string {
	b, err := dataFS.ReadFile("data/" + game + ".txt")
	if err != nil {
		panic("rulesref: missing embedded rulebook " + game)
	}
	return string(b)
}
