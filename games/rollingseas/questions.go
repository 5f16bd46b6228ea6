package rollingseas

import "github.com/bosun-referee/bosun/referee"

// Questions implements referee.Asker: every question key Rolling Seas can
// ask, with what Enter takes there and why. A test plays the scripted
// games and fails on a question asked without a declaration here, or whose
// default does not follow it.
func (Game) Questions() []referee.QuestionSpec {
	const (
		choose = referee.KindChoose
		number = referee.KindNumber
		text   = referee.KindText
		list   = referee.KindList
	)
	none := referee.NoDefault
	read := "read from the board or a card: only the table can say"
	dice := "a roll entered from physical dice: only the dice can say"
	sheet := "read from the player's Ship Board: only the player can say"
	sticky := "the last answer given for it in the session (none the first time): Enter repeats it"
	out := []referee.QuestionSpec{
		// The board, the dice and the Captain's cards, asked once and
		// remembered.
		{Key: "rs.board.exploration.*", Kind: text, Default: none, Why: read + " (the Exploration Board)"},
		{Key: "rs.board.monolith.reward.*", Kind: text, Default: none, Why: read + " (the Ancient Monoliths Awards)"},
		{Key: "rs.board.*.bonuses", Kind: text, Default: none, Why: read + " (the Ship Board's track Bonuses)"},
		{Key: "rs.board.ship.*.*", Kind: number, Default: none, Why: read + " (the Ship Board)"},
		{Key: "rs.board.cannon.*.*", Kind: number, Default: none, Why: read + " (the Cannon Track)"},
		{Key: "rs.board.strength.max", Kind: number, Default: none, Why: read + " (the Strength tracks)"},
		{Key: "rs.board.track.*", Kind: number, Default: none, Why: read + " (the Ship Board's tracks)"},
		{Key: "rs.board.deck.*", Kind: number, Varies: "for the last pile, the one count that makes the 24; none before", Why: read + " (the count of a pile of the box; the counts add up to 24)"},
		{Key: "rs.ironside.card.*.level", Kind: choose, Default: none, Why: read + " (the Captain Ironside Card)"},
		{Key: "rs.ironside.card.*.action", Kind: choose, Default: none, Why: read + " (the Captain Ironside Card)"},
		{Key: "rs.ironside.card.*.condition", Kind: choose, Default: none, Why: read + " (the Captain Ironside Card)"},
		{Key: "rs.ironside.card.*.alternate", Kind: choose, Default: none, Why: read + " (the Captain Ironside Card)"},
		{Key: "rs.ironside.card.*.*.directions", Kind: text, Default: none, Why: read + " (the Captain Ironside Card's orange box)"},
		{Key: "rs.ironside.card.*.*.bonus", Kind: text, Default: none, Why: read + " (the Captain Ironside Card's Bonus)"},

		// Setup and each turn.
		{Key: "rs.setup.adventure.*", Kind: choose, Default: none, Why: read + " (the setup Adventure Card)"},
		{Key: "rs.tokens.place", Kind: list, Default: none, Why: dice + " (the random positions of the Ship Tokens)"},
		{Key: "rs.adventure.card", Kind: choose, Default: none, Why: read + " (the Adventure Deck card revealed)"},
		{Key: "rs.adventure.pass", Kind: choose, Default: none, Why: read + " (the side the card shows)"},
		{Key: "rs.smooth.card", Kind: text, Default: none, Why: read + " (the Smooth Sailing Card's icons)"},
		{Key: "rs.dice.wind", Kind: text, Default: none, Why: dice},
		{Key: "rs.dice.exploration", Kind: text, Default: none, Why: dice},
		{Key: "rs.ambush.roll.attacker", Kind: text, Default: none, Why: dice},
		{Key: "rs.ambush.roll.defender", Kind: text, Default: none, Why: dice},
		{Key: "rs.player.*.ambush", Kind: choose, Default: "none", Why: "most turns a Ship does not pass through an Ambush space; a Sea Battle is fought only when the player says whose"},
		{Key: "rs.player.*.explored", Kind: list, Default: "none", Why: "most turns a player takes no Exploration Reward next to a Ship Token"},
		{Key: "rs.player.*.tokens.spend", Kind: choose, Default: "none", Why: "most turns no Ship Token is spent: Enter never blocks the Captain's action nor takes his Bonus"},
		{Key: "rs.tokens.return", Kind: list, Default: none, Why: "the table chooses the empty spaces the spent Ship Tokens return to"},
		{Key: "rs.ironside.card.number", Kind: number, Default: none, Why: read + " (the Captain Ironside Card drawn)"},
		{Key: "rs.monoliths.taken", Kind: choose, Default: none, Why: "which Awards players took decides his: only the table can say"},

		// The end of the game.
		{Key: "rs.player.*.renown", Kind: number, Default: none, Why: sheet},
		{Key: "rs.player.*.story", Kind: number, Default: none, Why: sheet + " (Story Points change nearly every turn)"},
		{Key: "rs.player.*.ending-port", Kind: choose, Default: none, Why: "where the Ship ends is the board's (home and port give Renown, none gives none)"},
		{Key: "rs.player.*.bonus", Kind: number, Default: none, Why: sheet},
		{Key: "rs.player.*.gold", Kind: number, Default: none, Why: sheet},
		{Key: "rs.player.*.provisions", Kind: number, Default: none, Why: sheet},
	}
	// A player's counts asked for a Sea Battle or a card's condition: the
	// ones that change seldom repeat their last answer.
	for _, cat := range Categories {
		if _, ok := referee.FindSpec(out, "rs.player.NAME."+cat); ok {
			continue
		}
		spec := referee.QuestionSpec{Key: "rs.player.*." + cat, Kind: number, Default: none, Why: sheet}
		if stickyCounts[cat] {
			spec.Default, spec.Varies, spec.Why = "", sticky, sheet+"; a Cannon bought, a Port visited or a Pirate fought changes it seldom"
		}
		out = append(out, spec)
	}
	return out
}
