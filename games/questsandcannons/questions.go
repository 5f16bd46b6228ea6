package questsandcannons

import "github.com/bosun-referee/bosun/referee"

// Questions implements referee.Asker: every question key Quests & Cannons
// can ask, with what Enter takes there and why. A test plays the scripted
// games and fails on a question asked without a declaration here, or
// whose default does not follow it.
func (Game) Questions() []referee.QuestionSpec {
	const (
		choose  = referee.KindChoose
		number  = referee.KindNumber
		confirm = referee.KindConfirm
		text    = referee.KindText
		list    = referee.KindList
	)
	none := referee.NoDefault
	read := "read from the board, a card or a component: only the table can say"
	dice := "a roll entered from physical dice: only the dice can say"
	return []referee.QuestionSpec{
		// Setup: the Champion tiles, the dice, the board prices.
		{Key: "tables.qc-champions.*.nation", Kind: choose, Default: none, Why: read + " (the Champion tile)"},
		{Key: "tables.qc-champions.*.role", Kind: choose, Default: none, Why: read + " (the Champion tile)"},
		{Key: "tables.qc-champions.*.hearts", Kind: number, Default: none, Why: read + " (the Champion tile)"},
		{Key: "tables.qc-champions.*.sails", Kind: text, Default: none, Why: read + " (the Champion tile)"},
		{Key: "tables.qc-champions.*.cannons", Kind: text, Default: none, Why: read + " (the Champion tile)"},
		{Key: "tables.qc-champions.*.cargo", Kind: text, Default: none, Why: read + " (the Champion tile)"},
		{Key: "tables.dice.ammo", Kind: list, Default: none, Why: read + " (the dots on an Ammo die)"},
		{Key: "tables.qc-prices.*", Kind: number, Default: none, Why: read + " (the selling prices printed as icons)"},
		{Key: "qc.setup.roll", Kind: text, Default: none, Why: dice},
		{Key: "qc.setup.reroll", Kind: text, Default: none, Why: dice},

		// A turn.
		{Key: "qc.action", Kind: choose, Default: none, Why: "what a player does next is theirs to say; Enter on end would end the turn and let the Marauders attack"},
		{Key: "qc.move.sea", Kind: choose, Varies: "stop once a space is entered; none before the first space (a Move enters one)", Why: "ending the Move where the ship is, is the usual answer once it has moved; before that, only the board says where it goes"},
		{Key: "qc.move.traveler", Kind: text, Default: none, Why: dice},
		{Key: "qc.move.luck", Kind: confirm, Default: "no", Why: "Dwunny Luck costs a Loot card and turns the roll into a 6: a bonus the table chooses"},
		{Key: "qc.move.bonus", Kind: number, Varies: "the least Traveler Bonus that makes the roll 4 or more, else 0", Why: "the spend follows the roll, as Kerris spends her one point on a 3; spending on a roll that fails anyway only loses points"},
		{Key: "qc.move.free", Kind: choose, Default: none, Why: "where the free move goes is the board's; Enter on none would throw the free move away"},
		{Key: "qc.land.unexplored", Kind: confirm, Default: none, Why: "yes gives the first to land a Coin; only the board says whether the token is face-down"},
		{Key: "qc.land.resource", Kind: choose, Default: none, Why: read + " (the Exploration token)"},
		{Key: "qc.gather.resource", Kind: choose, Default: none, Why: read + " (the Exploration token)"},
		{Key: "qc.gather.count", Kind: number, Varies: "the free Cargo Slots, when the supply has that many; none with a full hold", Why: "\"take any number of resources\": players fill their hold"},
		{Key: "qc.gather.discard", Kind: list, Default: none, Why: "which Resources make room is the player's choice"},
		{Key: "qc.solve.reward", Kind: choose, Default: none, Why: "Prosperity or a Loot card is the player's choice"},
		{Key: "qc.deliver.count", Kind: number, Varies: "every solved Clue held (not asked with one)", Why: "each delivered Clue is 1 Prosperity: players deliver them all"},
		{Key: "qc.quest.hard", Kind: confirm, Default: "no", Why: "most Quests are not hard, and a hard one counts for the Aid Mission: Enter never counts one"},
		{Key: "qc.quest.deliver", Kind: text, Default: none, Why: read + " (the Quest card)"},
		{Key: "qc.quest.reward", Kind: text, Default: none, Why: read + " (the Quest card)"},
		{Key: "qc.attack.target", Kind: choose, Default: none, Why: "which enemy ship shares the space is the board's (a single target is taken without asking at a terminal)"},
		{Key: "qc.attack.cannons", Kind: number, Varies: "every Cannon the Ready Cannons and Ammo allow (not asked when that is 1)", Why: "firing all is the usual attack (Valkyr \"chooses to fire all three\")"},
		{Key: "qc.attack.ammo", Kind: text, Default: none, Why: dice},
		{Key: "qc.attack.luck", Kind: number, Default: "0", Why: "0 is no Dwunny Luck: it costs a Loot card, and the table says when it is used"},
		{Key: "qc.ammo.coins", Kind: number, Default: none, Why: "how many Coins to spend is the player's to say (not asked when only 1 can be spent)"},
		{Key: "qc.repair.pay", Kind: choose, Default: none, Why: "what to pay with is the player's choice"},
		{Key: "qc.sell.item", Kind: choose, Default: none, Why: "what to sell is the player's choice"},
		{Key: "qc.upgrade.item", Kind: choose, Default: none, Why: "what to buy is the player's choice"},
		{Key: "qc.trade.item", Kind: choose, Default: none, Why: "what to buy is the player's choice"},
		{Key: "qc.trade.pay", Kind: list, Default: none, Why: "which Resources to pay is the player's choice"},
		{Key: "qc.trade.gain", Kind: choose, Default: none, Why: "which Resource to take is the player's choice"},
		{Key: "qc.exchange.with", Kind: choose, Default: none, Why: "which teammate is the players' to say (one is taken without asking at a terminal)"},
		{Key: "qc.exchange.give", Kind: text, Default: none, Why: "what is given is the players' to say"},
		{Key: "qc.exchange.take", Kind: text, Default: "none", Why: "a gift usually goes one way: nothing comes back unless the teammate says so"},
		{Key: "qc.equip.cost", Kind: text, Default: none, Why: read + " (the Loot card)"},
		{Key: "qc.mend.pay", Kind: choose, Default: none, Why: "Gem or Lumber is the player's choice"},
		{Key: "qc.mend.ship", Kind: choose, Default: none, Why: "whose ship to mend is the player's choice"},
		{Key: "qc.damage.target", Kind: choose, Default: none, Why: read + " (the card's effect)"},
		{Key: "qc.damage.amount", Kind: number, Default: none, Why: read + " (the card's effect)"},
		{Key: "qc.damage.by", Kind: choose, Default: none, Why: "whose effect it is decides the sinking's Prosperity: only the table can say"},
		{Key: "qc.adjust.what", Kind: text, Default: none, Why: read + " (the card's effect)"},

		// The Marauders.
		{Key: "qc.marauder.*.reach", Kind: confirm, Default: "no", Why: "a Marauder attacks only when the table sees it in range (\"if you're within range of a Marauder ship\"); Enter must never make one attack"},
		{Key: "qc.marauder.*.ammo", Kind: text, Default: none, Why: dice},
	}
}
