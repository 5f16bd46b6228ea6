// Package rollingseas referees Rolling Seas: the Adventure Deck and its
// encounters (Sea Monsters, Perils, Currents, Reefs, Ambushes), the Wind and
// Exploration dice, sailing costs against the wind, ports, Pirates and the
// Ancient Monoliths, Sea Battles, the Captain Ironside automa of the solo
// game, and the final Story Points and Renown ranks.
//
// The rules are pure functions (StepCost, CostTable, ResolveBattle,
// BattleLoss, PiratePenalty, MonolithStory, Ranks...); Game implements
// referee.Game and walks a session turn by turn, asking the players what
// bosun cannot see on the physical board, and plays Captain Ironside's
// turns in a solo game.
//
//	mp := rollingseas.StepCost(wind, move) // 1 downwind ... 5 straight into the wind
//	b := rollingseas.ResolveBattle("Ann", "Captain Ironside", 2, 1, 4, 3)
//
// Every section id cited is a constant in cites.go (AllCites).
package rollingseas
