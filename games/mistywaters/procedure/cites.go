package procedure

import mw "github.com/bosun-referee/bosun/games/mistywaters"

// Rulebook section ids this package cites (see rulesref: <game-id>/<slug>,
// <game-id>/<parent-slug>/<slug> when a slug repeats in the rulebook). Every
// id the procedure puts on an event is one of the constants in this file.
const (
	citeStep1Priority    = "misty-waters/step-1-priority-token"
	citeStep2Nations     = "misty-waters/step-2-nations-and-bases"
	citeStep3Markers     = "misty-waters/step-3-board-markers"
	citeStep4Decks       = "misty-waters/step-4-card-decks-and-tiles"
	citeStep5Board       = "misty-waters/step-5-game-board"
	citeStep6Components  = "misty-waters/step-6-player-components"
	citeStep7Alternate   = "misty-waters/step-7-alternate-rules"
	citeRounds           = "misty-waters/rounds"
	citeRoundsAndPhases  = "misty-waters/rounds-and-phases"
	citePhase1           = "misty-waters/rounds-and-phases/phase-1-wheel-of-time-phase"
	citeHarvest          = "misty-waters/harvest-rounds"
	citeFreeTradeRoute   = "misty-waters/free-trade-route"
	citeEventRounds      = "misty-waters/event-rounds"
	citePirateRounds     = "misty-waters/pirate-movement-rounds"
	citeGoldCoin         = "misty-waters/gold-coin-rounds"
	citeGrandFinaleRound = "misty-waters/grand-finale-round"
	citePhase2           = "misty-waters/rounds-and-phases/phase-2-npc-movement-and-attack-phase"
	citeDirectionDice    = "misty-waters/direction-dice"
	citePirateMove       = "misty-waters/step-1-pirate-ship-movement"
	citeOtherNPCMove     = "misty-waters/step-2-other-npc-ship-movement"
	citeMonsterMove      = "misty-waters/step-3-sea-monster-movement"
	citeCaravels         = "misty-waters/conquistadors-caravels"
	citeGalleass         = "misty-waters/conquistadors-galleass"
	citeFreighter        = "misty-waters/silver-freighter"
	citeDutchman         = "misty-waters/the-flying-dutchman"
	citePassage          = "misty-waters/north-south-passage"
	citeLagoon           = mw.CiteLagoon
	citeWhirlpoolsWx     = "misty-waters/phase-3-weather-phase/whirlpools"
	citePhase3           = "misty-waters/rounds-and-phases/phase-3-weather-phase"
	citeStep0Wind        = "misty-waters/step-0-check-wind-strength"
	citeStep1Tile        = "misty-waters/step-1-activate-weather-tile"
	citeStep2Tile        = "misty-waters/step-2-draw-new-weather-tile"
	citeWeatherMarker    = "misty-waters/weather-marker"
	citeAbundantCrops    = "misty-waters/abundant-crops-and-ore-deposits"
	citeTharSheBlows     = "misty-waters/thar-she-blows"
	citeShipDebris       = "misty-waters/ship-debris-afloat"
	citeCastaway         = "misty-waters/waves-have-washed-up-a-castaway"
	citeWindSails        = "misty-waters/winds-feed-the-sails"
	citeOverboard        = "misty-waters/overboard"
	citeClearingUp       = "misty-waters/it-s-clearing-up"
	citeNoTransship      = "misty-waters/no-transshipments"
	citeSeaGiveth        = "misty-waters/sea-giveth-and-sea-taketh-away"
	citeHunkerDown       = "misty-waters/hunker-down"
	citeSeaAdventure     = "misty-waters/sea-adventure-cards"
	citeOfficialSeaAdv   = "misty-waters/sea-adventure-cards-drawing"
	citePhase4           = "misty-waters/rounds-and-phases/phase-4-drawing-action-cards-phase"
	citeHandLimit        = "misty-waters/hand-limit"
	citePhase5           = "misty-waters/rounds-and-phases/phase-5-player-s-turn-phase"
	citePlayerMove       = "misty-waters/step-1-player-ship-movement"
	citePlayerAttacks    = "misty-waters/step-2-player-attacks"
	citeMaximumRange     = "misty-waters/player-ships/maximum-range"
	citeTavernFees       = "misty-waters/tavern-fees"
	citeForeignBases     = "misty-waters/foreign-bases"
	citeForeignDocks     = "misty-waters/foreign-docks"
	citeCapturing        = "misty-waters/capturing"
	citePhase6           = "misty-waters/rounds-and-phases/phase-6-reset-phase"
	citeResetHourglass   = "misty-waters/step-1-reset-hourglass-tokens"
	citeCheckEndGame     = "misty-waters/step-2-check-for-end-game-condition"
	citeRotatePriority   = "misty-waters/step-3-rotate-priority-token-and-reset-sash"
	citeEventCards       = "misty-waters/event-cards"
	citeTerror           = "misty-waters/terror-from-the-deep"
	citeLastTransport    = "misty-waters/the-last-transport"
	citeExpresso         = "misty-waters/expresso-tropical"
	citeGhostShip        = "misty-waters/ghost-ship"
	citeGrandFinale      = "misty-waters/grand-finale"
	citeVictoryTreasure  = "misty-waters/victory-1-conquistadors-treasure"
	citeVictoryConquest  = "misty-waters/victory-2-island-conquest"
	citeVictoryViceroy   = "misty-waters/victory-3-viceroy-voting"
	citeVoteAuction      = "misty-waters/vote-auction"
	citeViceroy          = "misty-waters/viceroy-of-the-misty-waters"
	citePriorityNeg      = "misty-waters/priority-token-negotiation"
	citeExtraCards       = "misty-waters/additional-action-cards"
	citeExtended         = "misty-waters/extended-variant"
	citeTeamMode         = "misty-waters/team-mode"
	citeAgedFalcon       = "misty-waters/aged-falcon"
	citeDicePoker        = "misty-waters/dice-poker"
	citeBuyingShips      = "misty-waters/buying-player-ships"
	citeSeizeAndSink     = "misty-waters/seize-and-sink"
	citeUniteFleet       = "misty-waters/unite-into-the-fleet"
	citeSwapShips        = "misty-waters/swap-ships"
	citeErrataEvents     = "misty-waters/page-22-event-cards"
	citeMainIslands      = "misty-waters/main-islands"
	citeInfrastructure   = "misty-waters/building"
	citeCompCrew         = "misty-waters/cannons-sailors-officers-and-passengers"
	citeCompInfra        = "misty-waters/infrastructure"
	citeCompMonsters     = "misty-waters/components/sea-monsters"
	citeCompMisc         = "misty-waters/miscellaneous"
	citeCompCurrency     = "misty-waters/currency"
)

// Section ids the battle engine declares as well: each is declared once, in
// the engine (games/mistywaters/cites.go, checked by mistywaters.AllCites),
// and the procedure refers to it by its own short name.
const (
	citeNPCAttacks      = mw.CiteNPCAttacks
	citeMonsterAttack   = mw.CiteMonsterAttack
	citeBatteryAttack   = mw.CiteBatteryAttack
	citePirateAttack    = mw.CitePirateAttack
	citeDeathZone       = mw.CiteDeathZone
	citeWindEffects     = mw.CiteWindForce
	citeSheath          = mw.CiteSheathSwords
	citeRockySeas       = mw.CiteRockySeas
	citeReturnDepths    = mw.CiteReturnDepths
	citeErrata          = mw.CiteErrata
	citeAdvanced        = mw.CiteAdvanced
	citeSimplified      = mw.CiteSimplified
	citeBattles         = mw.CiteBattles
	citeStep4ABroadside = mw.CiteBroadside
	citeStep4BBoarding  = mw.CiteBoarding
	citeEndOfBattle     = mw.CiteEndOfBattle
	citeLastDayTemple   = mw.CiteTemple
	citeStep3Cards      = mw.CitePreDiceCards
	citeSelectTarget    = mw.CiteSelectTarget
	citeBattleType      = mw.CiteBattleType
	citeDefeatedShips   = mw.CiteDefeatedPlayer
	citeAcquireGalleass = mw.CiteAcquireGalleass
)

// AllCites lists every section id this package may cite, for checking
// against the rules index.
var AllCites = []string{
	citeMainIslands, citeInfrastructure, citeCompCrew, citeCompInfra, citeCompMonsters, citeCompMisc, citeCompCurrency,
	citeStep1Priority, citeStep2Nations, citeStep3Markers, citeStep4Decks, citeStep5Board,
	citeStep6Components, citeStep7Alternate, citeRounds, citeRoundsAndPhases, citePhase1, citeHarvest,
	citeFreeTradeRoute, citeEventRounds, citePirateRounds, citeGoldCoin, citeGrandFinaleRound, citePhase2,
	citeDirectionDice, citePirateMove, citeOtherNPCMove, citeMonsterMove, citeCaravels,
	citeGalleass, citeFreighter, citeDutchman, citePassage,
	citeWhirlpoolsWx, citePhase3, citeStep0Wind, citeStep1Tile, citeStep2Tile, citeWeatherMarker,
	citeAbundantCrops, citeTharSheBlows, citeShipDebris, citeCastaway, citeWindSails,
	citeOverboard, citeClearingUp, citeNoTransship, citeSeaGiveth, citeHunkerDown, citeSeaAdventure,
	citeOfficialSeaAdv, citePhase4, citeHandLimit, citePhase5, citePlayerMove, citePlayerAttacks,
	citeMaximumRange, citeTavernFees, citeForeignBases, citeForeignDocks, citeCapturing, citePhase6,
	citeResetHourglass, citeCheckEndGame, citeRotatePriority, citeEventCards, citeTerror, citeLastTransport,
	citeExpresso, citeGhostShip, citeGrandFinale, citeVictoryTreasure, citeVictoryConquest,
	citeVictoryViceroy, citeVoteAuction, citeViceroy, citePriorityNeg, citeExtraCards,
	citeExtended, citeTeamMode, citeAgedFalcon, citeDicePoker,
	citeBuyingShips, citeSeizeAndSink, citeUniteFleet, citeSwapShips, citeErrataEvents,
}

// Battle events also carry the battle engine's section ids
// (mistywaters.AllCites, checked by that package); AllCites leaves out the
// ids this package shares with the engine, so each is declared and listed
// once.
