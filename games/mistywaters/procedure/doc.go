// Package procedure is the Misty Waters session referee: it implements
// referee.Game and walks a session round by round through the six phases
// (Wheel of Time, NPC movement and attacks, weather, drawing Action Cards,
// the players' turns, reset), tracks the NPC ships, monsters and weather
// that bosun runs, asks the table what only the physical board shows, and
// ends the game with the Grand Finale and the Viceroy voting. Its pure
// helpers (Wheel, MaxRange, NPCRange, SnakeOrder, PokerScore, Tally...) are
// exported for tests and the commands.
//
// Battles are not resolved here. The procedure builds a Battle (the two
// Sides, the battle type, the dice-key prefix) and hands it to a Battles
// implementation; the default, EngineBattles, calls the pure battle engine
// in package mistywaters:
//
//	g := &procedure.Game{}                        // EngineBattles
//	g = &procedure.Game{Battles: fakeBattles{}}   // a test's own results
//
// # Why the battle engine is a separate package
//
// The split between the engine (games/mistywaters) and this referee is
// kept on purpose, and the import runs one way only (procedure imports
// mistywaters, never the reverse):
//
//   - The engine is pure: units and dice in, every effect out, no session,
//     no saved state, no rounds or phases. That is what lets the one-shot
//     `bosun misty` commands fight a battle and compute its exact odds
//     without a session, and lets the engine's tests pin every re-roll,
//     cap and exception of the rulebook on small inputs.
//   - The referee owns everything that lasts between steps: whose turn it
//     is, where the NPCs are, which ships a player has, the questions and
//     their stable keys. Its tests can plug their own Battles and exercise a
//     whole round without the dice math.
//   - Each side changes for its own reasons (a battle ruling, or the order
//     of a phase), and the Battles interface is the one narrow seam
//     between them.
//
// Section ids the procedure cites are constants in cites.go; those it
// shares with the engine are the engine's constants, declared once.
package procedure
