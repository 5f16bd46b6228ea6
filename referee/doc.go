// Package referee is bosun's game-independent engine: what a game author
// reads. A game (package games/<id>) implements Game; games/all lists
// them, and the engine names none. The engine holds what the games share:
//
//   - Session: one game at one table (players, options, seed and dice
//     mode, the game's state as JSON, the event log, undo snapshots and the
//     answers-file cursor). What a session did before this process (its
//     earlier events and undo snapshots) is its History, read only when a
//     command looks back; a new session has none.
//   - NewSession sets a game up; Next runs one step of its procedure and
//     appends its events; UndoStep restores the state before the last
//     step. A step that fails leaves the session unchanged. Step and
//     Phases give a game's Next its usual shape.
//   - Env is what a step may use: Dice (virtual and seeded, or physical and
//     entered, always validated against the die's faces), the Prompter and
//     the data tables. There are two ways to ask, for two different
//     things. A question to the players is a Question with a stable key,
//     asked with Prompter.Ask (answered from a terminal, --set or an
//     answers file); Confirm, Choose, Number and Text are its shorthands,
//     and Confirm and Choose take the usual answer (what Enter takes), so
//     no call site can leave it out. Sticky makes the last answer the
//     usual one; Reask goes back when a later answer shows an earlier one
//     wrong. A board value the rulebook does not print is asked once and
//     remembered in the tables overlay with AskText, AskInt or AskList,
//     which type and check it on both paths.
//   - Options (OptionSpec, ParseOptions), dice specs (Spec, ParseSpec),
//     counts in words (Count, Noun) and the question catalog (Asker).
//   - Errors the CLI maps to exit codes: UsageError (bad input, exit 2;
//     RuleError makes one that names the refusing rule and its section ids),
//     ErrCanceled, ErrInUse, ErrCorrupt.
//
// The engine touches no disk: saving and loading sessions, their side
// files, locks and the tables overlay file are the store's (package
// referee/store), which attaches a History to each session it loads. The
// engine imports tables and safetext and nothing else of bosun: no cobra,
// no promptui, no terminal (those adapters live in cmd/), and no os,
// syscall, unsafe, runtime/debug or io/fs (TestEngineTouchesNoDisk).
//
//	s, err := referee.NewSession(g, "tuesday", players, opts, seed, referee.Virtual, env)
//	// ... save s with a store.Store, then, one step at a time:
//	events, err := referee.Next(g, s, env)
package referee
