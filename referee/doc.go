// Package referee is bosun's game-independent engine. A game (package
// games/<id>) implements Game; the referee holds everything the four games
// share:
//
//   - Session: one game at one table (players, options, seed and dice mode,
//     the game's state as JSON, the event log, undo snapshots and the
//     answers-file cursor), and Store, which saves sessions atomically under
//     the data dir and locks them against a second writer.
//   - Next runs one step of a game's procedure and appends its events;
//     UndoStep restores the state before the last step. A step that fails
//     leaves the session unchanged.
//   - Env is what a step may use: Dice (virtual and seeded, or physical and
//     entered, always validated against the die's faces), the Prompter (a
//     question with a stable key, answered from a terminal, --set or an
//     answers file) with its helpers (Choose, Confirm, Number, Text,
//     AskOnce for board values remembered in the tables overlay), and the
//     data tables.
//   - Errors the CLI maps to exit codes: UsageError (bad input, exit 2;
//     RuleError makes one that names the refusing rule and its section ids),
//     ErrCanceled, ErrInUse, ErrCorrupt.
//
// The referee imports tables and nothing above it: no cobra, no promptui,
// no terminal (those adapters live in cmd/).
//
//	s, err := referee.NewSession(g, "tuesday", players, opts, seed, referee.Virtual, env)
//	// ... save s with a Store, then, one step at a time:
//	events, err := referee.Next(g, s, env)
package referee
