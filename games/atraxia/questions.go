package atraxia

import "github.com/bosun-referee/bosun/referee"

// Questions implements referee.Asker: every question a War for Atraxia
// session can ask, with what Enter takes there and why. The policy: the
// answer usual at the table; never one that grants an action or a bonus,
// starts a battle or calls one off; none where there is no usual answer
// (Enter then asks again). A number with one possible value is not asked
// at all. TestQuestionsDeclared plays the scripted games against this list.
func (Game) Questions() []referee.QuestionSpec {
	const (
		choose  = referee.KindChoose
		number  = referee.KindNumber
		confirm = referee.KindConfirm
		text    = referee.KindText
	)
	board := "read from the board: there is no usual answer"
	return []referee.QuestionSpec{
		// The turn.
		{Key: "wfa.turn.action", Kind: choose, Varies: "end once the turn's Active Actions are taken (only free actions are left), else none",
			Why: "which action to take is the player's choice; after the last Active Action ending the turn is the likely answer and grants nothing"},
		{Key: "wfa.turn.continent", Kind: confirm, Default: "no",
			Why: "a yes grants a third Active Action (\"if at any point during their turn, they control all the islands on their player continent\"), which the table must say"},
		{Key: "wfa.score.locations.*", Kind: number, Why: "counted on the board at the final scoring: there is no usual answer"},

		// Collect Resources.
		{Key: "wfa.collect.rebuild", Kind: text, Why: "which island is barren is on the board: there is no usual answer"},
		{Key: "wfa.collect.oc", Kind: number, Why: "the sum marked on the islands with a Gunboat, " + board},
		{Key: "wfa.collect.alwood", Kind: number, Why: "the sum marked on the islands with a Gunboat, " + board},
		{Key: "wfa.collect.ammo", Kind: number, Why: "the sum marked on the islands with a Gunboat, " + board},
		{Key: "wfa.collect.ammo.cards", Kind: text, Varies: "the fewest cards for the Ammo collected (5s, then 2s, then 1s), what bosun deals without the question",
			Why: "asked only when answered ahead; Enter takes the cards bosun would deal"},

		// Buy Multiple Ships and Buy Power Cards.
		{Key: "wfa.buy.power.count", Kind: number, Why: "how many cards to buy is the player's choice (asked only when 2 are still allowed)"},
		{Key: "wfa.buy.power.discard", Kind: number, Why: "asked only when more than one count is allowed: the player's choice"},
		{Key: "wfa.buy.power.oc", Kind: number, Why: "the cost printed on the cards bought, " + board},
		{Key: "wfa.buy.power.alwood", Kind: number, Why: "the cost printed on the cards bought, " + board},
		{Key: "wfa.buy.privateer", Kind: confirm, Default: "no", Why: "a yes spends 6 OC and 4 AlWood: the table says it"},
		{Key: "wfa.buy.gunboat", Kind: number, Default: "0", Why: "Enter buys none of this kind and spends nothing; most purchases take one or two of the three kinds"},
		{Key: "wfa.buy.frigate", Kind: number, Default: "0", Why: "Enter buys none of this kind and spends nothing; most purchases take one or two of the three kinds"},
		{Key: "wfa.buy.destroyer", Kind: number, Default: "0", Why: "Enter buys none of this kind and spends nothing; most purchases take one or two of the three kinds"},
		{Key: "wfa.buy.place.location", Kind: text, Why: "where the bought ships go is the player's choice"},
		{Key: "wfa.buy.place.capacity", Kind: number, Why: "the number in the island's flag, " + board},
		{Key: "wfa.buy.place.present", Kind: number, Why: "the ships on the island, " + board},
		{Key: "wfa.buy.place.ships", Kind: text, Varies: "all the ships still to place when they fit on the island, else none",
			Why: "placing the rest in one go is usual and changes nothing but where they stand"},

		// Move Ships, Redistribute Ships, Build & Deploy Teleporter.
		{Key: "wfa.teleporter.locations", Kind: text, Why: "where the teleporters go is the player's choice"},
		{Key: "wfa.move.from", Kind: text, Why: "which fleet moves is the player's choice"},
		{Key: "wfa.move.to", Kind: text, Why: "where it goes is the player's choice"},
		{Key: "wfa.move.to.holder", Kind: choose, Why: "whose ships are there is on the board; a default would start a battle or call one off"},
		{Key: "wfa.move.to.capacity", Kind: number, Why: "the number in the destination's flag, " + board},
		{Key: "wfa.move.to.present", Kind: number, Why: "the ships on the destination, " + board},
		{Key: "wfa.move.ships", Kind: text, Why: "which ships move is the player's choice"},
		{Key: "wfa.redistribute.from", Kind: text, Why: "which fleet moves is the player's choice"},
		{Key: "wfa.redistribute.to", Kind: text, Why: "where the ships go is the player's choice"},
		{Key: "wfa.redistribute.capacity", Kind: number, Why: "the number in the destination's flag, " + board},
		{Key: "wfa.redistribute.present", Kind: number, Why: "the ships on the destination, " + board},
		{Key: "wfa.redistribute.ships", Kind: text, Why: "which ships go is the player's choice"},
		{Key: "wfa.explore.oc", Kind: number, Why: "the cost on the Lost Expedition tile, " + board},
		{Key: "wfa.explore.alwood", Kind: number, Why: "the cost on the Lost Expedition tile, " + board},

		// Currency Conversion, Mount or Dismount.
		{Key: "wfa.mount.island", Kind: text, Why: "where to mount is the player's choice"},
		{Key: "wfa.mount.resource", Kind: choose, Why: "the resource the island produces is printed on it: there is no usual answer"},
		{Key: "wfa.dismount.island", Kind: choose, Why: "which crystal to dismount is the player's choice"},
		{Key: "wfa.convert.island", Kind: choose, Why: "which crystal converts is the player's choice"},
		{Key: "wfa.convert.pay", Kind: text, Varies: "none after a mount or dismount (converting is optional then), else none",
			Why: "what is converted is the player's choice; after the Bonus Action converting is optional and Enter converts nothing"},

		// Pirates, privateers and ransom.
		{Key: "wfa.pirate.choice", Kind: choose, Varies: "fight when hiring is not possible (the only answer left), else none",
			Why: "fighting or hiring is the Clan Leader's choice (\"must choose one of the two following scenarios\"); a default would start a battle or spend 6 OC and 4 AlWood"},
		{Key: "wfa.pirate.roll", Kind: text, Why: "a die rolled at the table: there is no usual answer"},
		{Key: "wfa.privateer.hostages", Kind: text, Why: "the ships on the blocked island, " + board},
		{Key: "wfa.privateer.response", Kind: choose, Default: "wait",
			Why: "waiting starts no battle and pays nothing (\"IF A CLAN LEADER CHOOSES TO NEITHER ENGAGE IN COMBAT, NOR PAY RANSOM ... THE PRIVATEER CONTINUES TO BLOCK\")"},
		{Key: "wfa.ransom.island", Kind: choose, Why: "which island to free is the player's choice"},
		{Key: "wfa.ransom.oc", Kind: number, Why: "the ransom is \"subject to negotiation\": there is no usual amount"},
		{Key: "wfa.ransom.alwood", Kind: number, Why: "the ransom is \"subject to negotiation\": there is no usual amount"},

		// The Isle of Myth.
		{Key: "wfa.isle.upkeep.to", Kind: text, Why: "the nearest island the clan controls is on the board: there is no usual answer"},
		{Key: "wfa.isle.upkeep.to.capacity", Kind: number, Why: "the number in the island's flag, " + board},
		{Key: "wfa.isle.upkeep.to.present", Kind: number, Why: "the ships on the island, " + board},

		// Battles: attacker and defender.
		{Key: "wfa.battle.defender.fleet", Kind: text, Why: "the defender's ships there, " + board},
		{Key: "wfa.battle.defender.reinforce", Kind: text, Default: "none",
			Why: "the free Redistribute is optional (\"if possible\"): Enter brings no reinforcement"},
		{Key: "wfa.battle.*.convert.island", Kind: choose, Why: "which crystal converts is the player's choice"},
		{Key: "wfa.battle.*.convert.pay", Kind: text, Default: "none",
			Why: "the free conversion in combat is optional (\"can perform 1 free convert resources action\"): Enter converts nothing"},
		{Key: "wfa.battle.*.ammo", Kind: text, Why: "the Ammo cards bid blind are the player's secret choice: there is no usual answer"},
		{Key: "wfa.battle.*.power", Kind: number, Why: "how many Power cards are played is the player's choice"},
		{Key: "wfa.battle.*.power.own", Kind: number, Default: "0", Why: "most Power cards change one total only: Enter adds nothing to this one"},
		{Key: "wfa.battle.*.power.against", Kind: number, Default: "0", Why: "most Power cards change one total only: Enter takes nothing from the opponent"},
		{Key: "wfa.battle.*.ability", Kind: number, Default: "0",
			Why: "a Clan Leader ability applies only \"if it is relevant\" (in the Battle Example neither does): Enter adds no bonus"},
		{Key: "wfa.battle.retreat.home", Kind: text, Varies: "the strongest ships of the half sent home, what bosun sends without the question",
			Why: "asked only when answered ahead; Enter takes bosun's split"},
	}
}
