// Package atraxia referees War for Atraxia (War of Civilizations): setup,
// turns and actions, battles, pirates and privateers, Lost Expeditions, the
// Isle of Myth upkeep and countdown, and final scoring.
//
// The rules are pure functions (Resolve, PirateOdds, Retreat, Upkeep,
// Convert, Score); Game implements referee.Game and walks a session turn by
// turn, asking the players what bosun cannot see on the physical board.
//
//	res, err := atraxia.Resolve(atraxia.DefaultValues(), atraxia.BattleInput{
//		Attacker: atraxia.Side{Fleet: atraxia.Fleet{Destroyer: 2, Frigate: 2}, Ammo: []int{5}},
//		Defender: atraxia.Side{Fleet: atraxia.Fleet{Destroyer: 2, Frigate: 1}, Ammo: []int{2, 2, 1}},
//	})
package atraxia
