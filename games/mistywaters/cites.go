package mistywaters

// Rulebook section ids cited by the battle engine. Each is
// "misty-waters/<slug>" where slug is the section heading lowercased with
// every run of characters other than a-z0-9 replaced by '-'. Headings that
// occur more than once in the rulebook are qualified by their parent slug.
const (
	CiteBattles          = "misty-waters/battles"
	CiteSelectTarget     = "misty-waters/step-1-selecting-attack-target"
	CiteBattleType       = "misty-waters/step-2-declaring-battle-type"
	CitePreDiceCards     = "misty-waters/step-3-pre-dice-roll-action-cards"
	CiteBroadside        = "misty-waters/step-4a-broadside-battle"
	CiteBroadsideRerolls = "misty-waters/step-4a-broadside-battle/rerolls-and-action-cards"
	CiteDiceResult       = "misty-waters/broadside-battle-dice-result"
	CiteCounterattack    = "misty-waters/counterattack"
	CiteBoarding         = "misty-waters/step-4b-boarding-battle"
	CiteLargeCrew        = "misty-waters/large-crew"
	CiteDuelArrangement  = "misty-waters/duel-arrangement"
	CiteBoardingRerolls  = "misty-waters/step-4b-boarding-battle/rerolls-and-action-cards"
	CiteDuelResults      = "misty-waters/duel-results"
	CiteTies             = "misty-waters/ties"
	CiteEndOfBattle      = "misty-waters/step-5-end-of-battle"
	CiteRewards          = "misty-waters/rewards"
	CiteDefeatedForts    = "misty-waters/defeated-forts"
	CiteDefeatedMilitia  = "misty-waters/defeated-plantation-with-a-militias"
	CiteDefeatedCaravels = "misty-waters/defeated-conquistadors-caravels"
	CiteDefeatedGalleass = "misty-waters/defeated-conquistadors-galleass"
	CiteDefeatedFreight  = "misty-waters/defeated-silver-freighter"
	CiteDefeatedPirates  = "misty-waters/defeated-pirate-ships"
	CiteDefeatedMonsters = "misty-waters/defeated-sea-monsters"
	CiteDefeatedBattery  = "misty-waters/defeated-battery-of-cannons"
	CiteDefeatedTemple   = "misty-waters/defeated-last-day-temple"
	CiteDefeatedPlayer   = "misty-waters/defeated-player-ships"
	CiteLostBroadside    = "misty-waters/lost-player-ship-from-broadside-battle"
	CiteLostBoarding     = "misty-waters/lost-player-ship-from-boarding-battle"
	CiteOfficerSummary   = "misty-waters/officer-summary"
	CiteDeckCrewRemoval  = "misty-waters/deck-crew-removal"
	CiteRecruiting       = "misty-waters/recruiting"
	CiteRepairing        = "misty-waters/repairing"
	CiteShipTypes        = "misty-waters/ship-type-summary"
	CiteWindForce        = "misty-waters/wind-force-effects"
	CiteRockySeas        = "misty-waters/rocky-seas"
	CiteSheathSwords     = "misty-waters/sheath-the-swords"
	CiteReturnDepths     = "misty-waters/return-to-the-depths"
	CiteNPCAttacks       = "misty-waters/npc-attacks-and-target-priority"
	CiteMonsterAttack    = "misty-waters/step-4-sea-monster-attack"
	CiteBatteryAttack    = "misty-waters/step-5-battery-of-cannons-attack"
	CitePirateAttack     = "misty-waters/step-6-pirate-ship-attack"
	CiteXPEarning        = "misty-waters/earning-experience-tokens"
	CiteXPRerolls        = "misty-waters/using-experience-tokens-for-rerolls"
	CiteForts            = "misty-waters/forts"
	CiteFortProtection   = "misty-waters/protection"
	CiteFortBattle       = "misty-waters/battle"
	CiteBaseNoBattles    = "misty-waters/bases/no-battles"
	CiteTavernNoBattles  = "misty-waters/taverns/no-battles"
	CiteAdvanced         = "misty-waters/advanced-rules"
	CiteTemple           = "misty-waters/advanced-rules/last-day-temple"
	CitePirateBoarding   = "misty-waters/pirate-ship-boarding-battles"
	CiteMilitia          = "misty-waters/plantations-with-a-militia"
	CiteSimplified       = "misty-waters/simplified-variant"
	CiteErrata           = "misty-waters/errata-official-eng"
	CiteCardsInCombat    = "misty-waters/action-cards-played-in-combat"
	CiteAcquireGalleass  = "misty-waters/acquiring-the-galleass"
	CiteDeathZone        = "misty-waters/death-zone"
	CiteLagoon           = "misty-waters/red-water-lagoon"
)

// AllCites lists every section id this package cites, for checking against
// the rules index.
var AllCites = []string{
	CiteBattles, CiteSelectTarget, CiteBattleType, CitePreDiceCards, CiteBroadside,
	CiteBroadsideRerolls, CiteDiceResult, CiteCounterattack, CiteBoarding, CiteLargeCrew,
	CiteDuelArrangement, CiteBoardingRerolls, CiteDuelResults, CiteTies,
	CiteEndOfBattle, CiteRewards, CiteDefeatedForts, CiteDefeatedMilitia, CiteDefeatedCaravels,
	CiteDefeatedGalleass, CiteDefeatedFreight, CiteDefeatedPirates, CiteDefeatedMonsters,
	CiteDefeatedBattery, CiteDefeatedTemple, CiteDefeatedPlayer,
	CiteLostBroadside, CiteLostBoarding, CiteOfficerSummary, CiteDeckCrewRemoval,
	CiteRecruiting, CiteRepairing, CiteShipTypes, CiteWindForce,
	CiteRockySeas, CiteSheathSwords, CiteReturnDepths, CiteNPCAttacks, CiteMonsterAttack,
	CiteBatteryAttack, CitePirateAttack, CiteXPEarning, CiteXPRerolls, CiteForts,
	CiteFortProtection, CiteFortBattle, CiteBaseNoBattles, CiteTavernNoBattles,
	CiteAdvanced, CiteTemple, CitePirateBoarding, CiteMilitia, CiteSimplified, CiteErrata,
	CiteCardsInCombat, CiteAcquireGalleass, CiteDeathZone, CiteLagoon,
}
