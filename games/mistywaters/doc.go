// Package mistywaters holds the battle rules of Misty Waters: At the World's
// Edge as pure functions (no terminal, no randomness of its own): who may
// attack whom, Broadside and Boarding Battles with every re-roll, cap and
// exception of the rulebook, and the end of battle with its rewards and
// seizing. The exact odds of a whole battle are package odds
// (games/mistywaters/odds), which counts every roll by these rules.
//
// The session referee (package procedure) and the `bosun misty` commands
// call it like this:
//
//	att, _ := mistywaters.ParseUnit("ship:cannons=3,sailors=2,gunner,owner=ann")
//	def, _ := mistywaters.ParseUnit("pirate:damaged")
//	o := mistywaters.Options{Wind: 6, Boxes: mistywaters.TableBoxes{Set: tables, Prompt: p}}
//	if _, err := mistywaters.CanAttack(att, def, mistywaters.Broadside, o); err != nil {
//		return err // a referee.RuleError naming the rule and its section id
//	}
//	res, err := mistywaters.ResolveBroadside(mistywaters.BroadsideInput{Attacker: att, Defender: def, Options: o},
//		mistywaters.RefereeRoller{D: env.Dice})
//	// res.Attack, res.Counter, res.AttackerAfter, res.DefenderAfter, res.Outcome (rewards, seizing,
//	// player-ship defeat), res.Steps (text + rule sentence + cites), res.Cites
//
// # Participants
//
// A Unit is a Player Ship (KindShip: Cannons, Sailors, Captain, Gunner,
// Fencing Master each NoOfficer/Basic/FirstClass, cargo and cabins for
// seizing, Location for protection and Weather Refuges), the Conquistadors'
// Galleass (NPC, or a player's with Owner set), a Fort, Pirate Ship,
// Conquistadors' Caravel, Silver Freighter, Battery of Cannons, Sea Monster
// (Monster: leviathan, megalodon, kraken, hydra, sea-serpent, sperm-whale),
// Last Day Temple, Plantation with a Militia or the Flying Dutchman.
// ParseUnit reads the compact spec used on the command line;
// Unit.BroadsideDice and BoardingDice give the dice of the rulebook's
// tables; Unit.Validate checks a unit (with Limits from the mw-ships table).
//
// # API
//
//   - CanAttack(att, def, type, opts) (Verdict, error): eligibility; the
//     Verdict says whether the defender may counterattack and why not.
//   - ResolveBroadside(BroadsideInput, Roller) / ResolveBoarding(BoardingInput, Roller):
//     a whole battle. Dice come from a Roller: RefereeRoller (referee.Dice,
//     virtual or entered under stable keys such as misty.broadside.attack.roll,
//     misty.broadside.attack.ricochet, misty.boarding.clash1.defender.roll,
//     misty.boarding.clash1.tie.attacker.fencing), or SideRoller/SplitRoller
//     for dice typed in (ParseEntered), falling back to another Roller.
//   - BoardingDice, Clashes: the dice caps and the Large Crew split.
//
// Player choices use a stated default policy that Options can override:
// deck crew are removed Sailors first, then Fencing Master, Captain and the
// Gunner last (Options.CrewOrder); a First-Class Gunner and Experience Tokens
// re-roll the dice that do nothing; in Boarding bosun places a player's
// second-row dice for the best net result (Options.Placement takes the
// player's own) and NPCs place highest behind lowest. The readings of
// ambiguous rules are switches in Options (see docs/misty-battles.md).
//
// Every id cited is a constant in cites.go (AllCites).
package mistywaters
