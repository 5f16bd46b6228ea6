package questsandcannons

// Rulebook section ids cited by events and refusals. Every id bosun cites
// for Quests & Cannons is listed here so it can be checked against the
// rules index: "quests-and-cannons/" + the section heading lowercased, runs
// of other characters than a-z0-9 replaced by '-'. Lead-ins such as
// "Moving:" in the Cooperative Mode are sub-sections named by the lead-in.
const (
	CiteComponents       = "quests-and-cannons/components"
	CiteGameSetup        = "quests-and-cannons/game-setup"
	CiteBuildMap         = "quests-and-cannons/1-build-the-map"
	CitePrepareDecks     = "quests-and-cannons/2-prepare-the-decks"
	CitePickChampions    = "quests-and-cannons/3-pick-champions"
	CitePrepareShip      = "quests-and-cannons/4-prepare-your-ship"
	CiteHomePorts        = "quests-and-cannons/5-home-ports"
	CiteExplorationSetup = "quests-and-cannons/6-exploration-tokens"
	CiteClueSetup        = "quests-and-cannons/7-clue-cards"
	CiteTurnsRounds      = "quests-and-cannons/turns-and-rounds"
	CiteHowTurnWorks     = "quests-and-cannons/how-a-turn-works"
	CiteRefresh          = "quests-and-cannons/refresh"
	CiteProsperity       = "quests-and-cannons/prosperity"
	CiteCurrencies       = "quests-and-cannons/currencies"
	CiteExchanging       = "quests-and-cannons/exchanging-with-teammates"
	CiteHand             = "quests-and-cannons/your-hand"
	CiteMove             = "quests-and-cannons/move"
	CiteSails            = "quests-and-cannons/sails"
	CiteLanding          = "quests-and-cannons/landing"
	CiteTheSea           = "quests-and-cannons/the-sea"
	CiteTravelerBonus    = "quests-and-cannons/traveler-bonus"
	CiteSelectDifficulty = "quests-and-cannons/select-difficulty"
	CitePorts            = "quests-and-cannons/ports-of-interest"
	CiteSafeHarbor       = "quests-and-cannons/safe-harbor"
	CiteSampleMovement   = "quests-and-cannons/sample-movement"
	CiteRisenIslands     = "quests-and-cannons/risen-islands"
	CiteExploring        = "quests-and-cannons/exploring-risen-islands"
	CiteGather           = "quests-and-cannons/gather"
	CiteQuestCards       = "quests-and-cannons/quest-cards"
	CiteSolveClue        = "quests-and-cannons/solve-a-clue"
	CiteDeliverClues     = "quests-and-cannons/delivering-clues"
	CiteAttack           = "quests-and-cannons/attack"
	CiteSinking          = "quests-and-cannons/damage-sinking"
	CiteMaintenance      = "quests-and-cannons/maintenance"
	CiteUpgrade          = "quests-and-cannons/upgrade"
	CiteShipUpgrades     = "quests-and-cannons/ship-upgrades"
	CiteTrade            = "quests-and-cannons/trade"
	CiteLootCards        = "quests-and-cannons/loot-cards"
	CiteEquipping        = "quests-and-cannons/equipping-loot-cards"
	CiteChampionAbility  = "quests-and-cannons/champion-abilities"
	CiteTheEnd           = "quests-and-cannons/the-end"
	CiteProsperityGoal   = "quests-and-cannons/prosperity-goal"
	CiteCoop             = "quests-and-cannons/cooperative-mode"
	CiteCoopSetup        = "quests-and-cannons/setup"
	CiteBoardSetup       = "quests-and-cannons/board-setup"
	CiteNumberMarauders  = "quests-and-cannons/number-of-marauders"
	CiteMarauderCaptains = "quests-and-cannons/marauder-captains"
	CiteMarauderActions  = "quests-and-cannons/marauder-actions"
	CiteMarauderMoving   = "quests-and-cannons/moving"
	CiteMarauderAttack   = "quests-and-cannons/attacking"
	CiteReloading        = "quests-and-cannons/reloading"
	CiteSinkingMarauder  = "quests-and-cannons/sinking-a-marauder"
	CiteReinforcement    = "quests-and-cannons/reinforcement"
	CiteMultiMarauders   = "quests-and-cannons/marauder-ships-in-multiplayer"
	CiteMissions         = "quests-and-cannons/missions"
	CiteNavalMission     = "quests-and-cannons/naval-mission"
	CiteAidMission       = "quests-and-cannons/aid-mission"
	CiteResearchMission  = "quests-and-cannons/research-mission"
	CiteTilePlacement    = "quests-and-cannons/tile-placement"
	CiteExplorationPlace = "quests-and-cannons/exploration-tokens"
	CiteFAQ              = "quests-and-cannons/faq"
)

// AllCites lists every id above (for the lead's index check).
var AllCites = []string{
	CiteComponents, CiteGameSetup, CiteBuildMap, CitePrepareDecks, CitePickChampions, CitePrepareShip, CiteHomePorts,
	CiteExplorationSetup, CiteClueSetup, CiteTurnsRounds, CiteHowTurnWorks, CiteRefresh, CiteProsperity,
	CiteCurrencies, CiteExchanging, CiteHand, CiteMove, CiteSails, CiteLanding, CiteTheSea, CiteTravelerBonus, CiteSelectDifficulty, CitePorts, CiteSafeHarbor, CiteSampleMovement,
	CiteRisenIslands, CiteExploring, CiteGather, CiteQuestCards, CiteSolveClue, CiteDeliverClues,
	CiteAttack, CiteSinking, CiteMaintenance, CiteUpgrade, CiteShipUpgrades, CiteTrade,
	CiteLootCards, CiteEquipping, CiteChampionAbility, CiteTheEnd, CiteProsperityGoal, CiteCoop,
	CiteCoopSetup, CiteBoardSetup, CiteNumberMarauders, CiteMarauderCaptains, CiteMarauderActions,
	CiteMarauderMoving, CiteMarauderAttack, CiteReloading, CiteSinkingMarauder, CiteReinforcement,
	CiteMultiMarauders, CiteMissions, CiteNavalMission, CiteAidMission, CiteResearchMission,
	CiteTilePlacement, CiteExplorationPlace, CiteFAQ,
}
