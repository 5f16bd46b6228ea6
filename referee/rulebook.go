package referee

// Rulebook is a game's rulebook as the game's folder ships it: the text
// the rules reference (`bosun rules`, package rulesref) indexes, and how
// players talk about the game. GameInfo.Rulebook names the file in the
// game's folder the text is embedded from.
type Rulebook struct {
	// Text is the rulebook as plain text, unchanged.
	Text string
	// Names are the phrases a rules question names the game by ("misty
	// waters", "mw"), tried in this order.
	Names []string
	// Words is the game's table talk: a phrase players say (a key,
	// lowercase) and the rulebook's own words it stands for, searched
	// alongside the question's.
	Words map[string]string
}

// Rulebooker is a game that ships its rulebook; games/all's test requires
// it of every game in the list.
type Rulebooker interface {
	Rulebook() Rulebook
}
