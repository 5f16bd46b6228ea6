// Package questsandcannons referees Quests & Cannons: setup (teams, layouts,
// Nations and their abilities, Prosperity Goals), turns and rounds with
// their Actions and Port Activities, Treacherous Seas, attacks with Ammo
// dice, sinking, the co-operative game against the Marauder automa, and
// the end of the game and its winners.
//
// The rules are pure functions (MoveCost, ResolveAttack, DamageDistribution,
// TreacherousOdds, SinkOutcome, ProsperityGoal, Winners...); Game implements
// referee.Game and walks a session turn by turn, asking the players what
// bosun cannot see on the physical board.
//
//	r := questsandcannons.ResolveAttack([]int{1, 3, 5}, 0)
//	// r.Text() == "rolled [1 3 5] = 9 dots -> 2 damage, +1 Prosperity"
//	d, err := questsandcannons.DamageDistribution(faces, 3) // exact, for `bosun qc attack`
//
// A turn's activities live in one file each: move.go (Move, Treacherous
// Seas, landing), gather.go, quest.go (Solve, Deliver, Quest), attack.go,
// sinking.go, port.go (Port Activities), teammates.go (exchanges, Loot,
// abilities, effects), round.go (end of turn and round) and winners.go;
// actions.go dispatches a player's chosen action. Every section id cited is
// a constant in cites.go (AllCites).
package questsandcannons
