package procedure

import "github.com/bosun-referee/bosun/referee"

// Questions implements referee.Asker: every question key a Misty Waters
// session can ask, with what Enter takes there and why. A test plays the
// scripted games and the package's tests with a prompter that checks each
// question asked against this list (questions_test.go).
//
// The rule for a default: the usual answer at the table, never one that
// grants, triggers or cancels something unless the rulebook makes that the
// normal case; where there is no usual answer, none (Enter re-asks).
func (g *Game) Questions() []referee.QuestionSpec {
	const (
		ch  = referee.KindChoose
		num = referee.KindNumber
		yn  = referee.KindConfirm
		txt = referee.KindText
		lst = referee.KindList
	)
	none := referee.NoDefault
	const (
		board = "a value printed on the board or a card, read once and remembered in tables.yaml: only the component says it"
		dice  = "a physical die's roll, entered as it fell: nobody can guess it"
		fact  = "what happened at the table, which only the players know; either answer changes the board"
	)
	spec := func(key string, kind referee.Kind, def, why string) referee.QuestionSpec {
		return referee.QuestionSpec{Key: key, Kind: kind, Default: def, Why: why}
	}
	varies := func(key string, kind referee.Kind, how, why string) referee.QuestionSpec {
		return referee.QuestionSpec{Key: key, Kind: kind, Varies: how, Why: why}
	}
	return []referee.QuestionSpec{
		// Setup.
		spec("misty.setup.base.*", ch, none, "each player chooses their Base; bosun chooses nothing for them (a Base with no other choice left is not asked)"),
		spec("misty.setup.flag.*", txt, none, "each player chooses their Nation Flag"),
		spec("misty.setup.priority", txt, none, dice),

		// Board values, asked once.
		spec("misty.board.wind.speed.*", num, none, board),
		spec("misty.board.wind.box.*", num, none, board),
		spec("misty.board.wind.overboard.*", txt, none, board),
		spec("misty.board.monster.*.range", num, none, board),
		spec("misty.board.falcon-distance", num, none, board),
		// No tables.dice.direction: the shipped dice table gives the
		// Direction Dice's faces (an assumed value, tables/data/dice.yaml),
		// and tables.yaml can only replace them with other faces, so
		// their faces are never asked.

		// Phase 1: the Wheel of Time, Event Cards, Harvest.
		spec("misty.event.card", ch, none, "the Event Card drawn: only the card says which"),
		spec("misty.event.text", txt, none, "the Event Card's own text"),
		spec("misty.event.continuing", yn, none, "printed on the card; either answer changes how long it lasts"),
		spec("misty.event.pirate.space", ch, none, "the Black Ship space the card names"),
		spec("misty.board.blackship.*.occupied", yn, "no", "a Black Ship space is usually free; yes moves the new Pirate Ship on to the next space"),
		spec("misty.event.terror.monsters", lst, "none", "no Sea Monster card set aside adds no monster: nothing happens"),
		spec("misty.event.terror.whirlpool", txt, none, dice),
		spec("misty.board.whirlpool.*.occupant", ch, none, "what is on the Whirlpool decides what the monster does; only the board says it"),
		spec("misty.harvest.*.mines", num, none, "the Mines built, counted on the board (a count with no other value left is not asked)"),
		spec("misty.harvest.*.plantations", num, none, "the Plantations built, counted on the board (a count with no other value left is not asked)"),
		spec("misty.harvest.*.sold-crates", num, none, "a Free Trade Route is the player's choice and sells for Silver"),
		spec("misty.harvest.*.sold-barrels", num, none, "a Free Trade Route is the player's choice and sells for Silver"),

		// Phase 2: NPC movement and attacks.
		spec("misty.npc.*.deathzone-start", yn, "no", "an NPC rarely starts next to the Flying Dutchman; yes removes it from the map"),
		spec("misty.npc.*.deathzone", yn, "no", "an NPC rarely passes next to the Flying Dutchman; yes removes it from the map"),
		spec("misty.npc.*.direction", txt, none, dice),
		spec("misty.npc.*.contact", yn, "no", "an NPC is usually not next to a target; yes stops it and leads to an attack"),
		varies("misty.npc.*.open", lst, "the Direction Dice's main direction", "the main direction is usually open sea; none (no direction) would stop the NPC"),
		spec("misty.npc.*.final-occupied", yn, "no", "the final space is usually free; yes moves the NPC back a space"),
		spec("misty.npc.*.whirlpools", lst, "none", "an NPC usually passes no Whirlpool holding a Crate or Raft: nothing is removed"),
		spec("misty.npc.galleass.in-lagoon", yn, none, "the Galleass leaves the Red Water Lagoon at some point; either answer changes its range"),
		spec("misty.npc.*.next", ch, "sea", "most spaces simply lead on along the arrows"),
		spec("misty.npc.*.routes", num, none, "printed on the board where the grey arrows fork"),
		spec("misty.npc.*.fork", txt, none, dice),
		spec("misty.npc.dutchman.victims", lst, "none", "usually nothing is next to the Flying Dutchman: nothing is removed"),
		spec("misty.npc.*.targets", lst, "none", "no target on an Adjacent Space: no attack (the usual case; naming one triggers it)"),
		spec("misty.npc.*.target", txt, none, dice),
		spec("misty.player.*.stop-card", yn, "no", "playing an Action Card is the player's choice; yes cancels the attack"),
		spec("misty.player.*.dutchman-save", yn, none, "the player's choice: yes spends 3 Experience Tokens, no loses the ship"),
		spec("misty.player.*.dutchman-ship", ch, none, fact),

		// Phase 3: weather.
		spec("misty.weather.tile.move", num, none, "the number on the Weather Tile"),
		spec("misty.weather.tile.effect", ch, none, "the effect on the Weather Tile; none would skip a printed effect"),
		spec("misty.weather.overboard-defeated", lst, "none", "a ship rarely loses its last Cannon Overboard: nobody is defeated"),
		spec("misty.weather.overboard-ship.*", ch, none, fact),
		spec("misty.weather.whirlpool", txt, none, dice),
		spec("misty.board.whirlpool.*.occupied", yn, "no", "a Whirlpool is usually free; yes moves the Crate or Raft on to the next one"),
		spec("misty.player.*.at-sea", num, none, "where the player's ships are; only the board says it"),
		spec("misty.player.*.sea-adventure.ship", ch, none, "the player assigns the card to a ship"),
		spec("misty.player.*.sea-adventure", ch, none, "the Sea Adventure Card drawn: only the card says which"),
		spec("misty.player.*.monster-placed", yn, "yes", "an At Sea space next to the ship is usually free for the monster; no removes it after its attack"),

		// Phase 5: the players' turns.
		spec("misty.player.*.*.deathzone", yn, "no", "a ship rarely moves next to the Flying Dutchman; yes removes it"),
		spec("misty.player.*.attack", ch, "none", "\"An attack is not mandatory\": no attack unless the player declares one"),
		spec("misty.player.*.attack-with", ch, none, "the player chooses the unit that attacks"),
		spec("misty.player.*.attack-type", ch, none, "the attacker chooses Broadside or Boarding"),
		varies("misty.ship.*", txt, "the spec given last for the player's ship, with the Cannons, Sailors and Officers bosun removed since, without Experience Tokens (returned after each battle); none for a ship that cannot fight this battle", "a ship's board changes little between battles, and bosun knows what it removed"),
		varies("misty.fort.*", txt, "the spec given last for the Fort, fort:damaged once bosun gave it a Damage Marker", "a Fort changes only when it takes a Damage Marker"),
		varies("misty.militia.*", txt, "the spec given last for the Militia, with the Sailors bosun left it", "a Militia changes only when it loses Sailors"),
		spec("misty.battle.**", txt, none, dice),
		// The battle commands (bosun misty broadside/boarding) enter their
		// dice under the engine's own roll keys.
		spec("misty.broadside.**", txt, none, dice),
		spec("misty.boarding.**", txt, none, dice),
		spec("misty.player.*.boarding-choice", ch, none, "the victor chooses what to do with the defeated ship"),
		spec("misty.player.*.fleet", lst, none, "the ships on the map: only the board says them"),
		spec("misty.player.*.new-ship", ch, "none", "no ship is placed unless the player places one"),
		spec("misty.player.*.ports", lst, "none", "a ship usually ends its turn At Sea: no Tavern fee or Hourglass"),
		spec("misty.player.*.lost-ship", ch, none, fact),
		spec("misty.player.*.lost-treasure", yn, none, fact),
		varies("misty.player.*.treasure", ch, "none when a ship could load it at the 'X'; kept when the player carries it", "the Treasure usually stays where it is; loading it, bringing it home or losing it is what changes"),
		spec("misty.player.*.abandoned-ship", ch, none, fact),

		// Taverns.
		spec("misty.player.*.tavern-card", ch, "none", "a ship at a Tavern usually draws no Tavern game"),
		spec("misty.poker.*.roll", txt, none, dice),
		spec("misty.poker.*.reroll", lst, "none", "re-rolling is the player's choice"),
		spec("misty.poker.*.reroll-dice", txt, none, dice),
		spec("misty.falcon.*.bet", ch, "none", "betting is the player's choice"),
		spec("misty.falcon.*.stake", num, none, "the player's stake"),
		spec("misty.falcon.roll", txt, none, dice),
		spec("misty.falcon.*.nudge", ch, "none", "paying to nudge the Falcon is the player's choice"),

		// Phase 6 and the end game.
		varies("misty.player.*.captured", num, "the count bosun last learned (0 at first), at most what the others leave", "the Captured Islands a player controls rarely change in a Round"),
		spec("misty.priority.trade", ch, "keep", "Negotiation is the holder's choice; keep changes nothing"),
		spec("misty.vote.*.*", num, none, "counted in each player's Treasury at the end"),
		spec("misty.vote.auction.*.*", num, none, "a sealed bid"),
		spec("misty.vote.confront.*", txt, none, dice),
	}
}
