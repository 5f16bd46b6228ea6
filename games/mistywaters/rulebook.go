package mistywaters

import _ "embed"

// RulebookText is the Misty Waters rulebook, unchanged: the one source of
// its rules (the game's GameInfo.Rulebook names this file).
//
//go:embed misty-waters.txt
var RulebookText string
