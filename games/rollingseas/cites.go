package rollingseas

// Rulebook section ids cited by Rolling Seas events, all in one place so they
// can be checked against the rules-reference index. An id is
// "rolling-seas/<slug of the section heading>"; a heading that occurs twice
// in the rulebook is qualified by its parent's slug.
const (
	CiteSetup               = "rolling-seas/setup"
	CiteHomePort            = "rolling-seas/home-port"
	CiteAdventurePhase      = "rolling-seas/i-adventure-phase"
	CiteSmoothSailing       = "rolling-seas/1-smooth-sailing-card"
	CiteAdventureCard       = "rolling-seas/2-adventure-card"
	CiteDicePhase           = "rolling-seas/ii-dice-phase"
	CiteWindDice            = "rolling-seas/1-wind-dice"
	CiteExplorationDie      = "rolling-seas/2-exploration-die"
	CiteOutOfSight          = "rolling-seas/out-of-sight"
	CiteActionPhase         = "rolling-seas/iii-action-phase"
	CiteSail                = "rolling-seas/iii-action-phase/1-sail"
	CiteBonus               = "rolling-seas/bonus"
	CiteExplore             = "rolling-seas/iii-action-phase/2-explore"
	CiteMonoliths           = "rolling-seas/2-explore/ancient-monoliths"
	CiteVisitPort           = "rolling-seas/iii-action-phase/3-visit-a-port"
	CiteFillHold            = "rolling-seas/fill-your-hold"
	CiteArmYourself         = "rolling-seas/arm-yourself"
	CiteTellStory           = "rolling-seas/tell-your-story"
	CiteUpgradeShip         = "rolling-seas/upgrade-your-ship"
	CiteWindInSails         = "rolling-seas/wind-in-your-sails"
	CiteCannons             = "rolling-seas/cannons"
	CiteStrength            = "rolling-seas/sea-monster-and-pirates-strength"
	CiteEndOfGame           = "rolling-seas/end-of-game"
	CiteRenownRanks         = "rolling-seas/renown-ranks"
	CiteSoloMode            = "rolling-seas/solo-mode"
	CiteDifficulty          = "rolling-seas/difficulty-level"
	CiteAdjustDifficulty    = "rolling-seas/adjust-difficulty"
	CitePrepareDeck         = "rolling-seas/prepare-captain-ironside-s-deck"
	CiteAutomaAdventure     = "rolling-seas/adventure-phase-automa"
	CiteAutomaAction        = "rolling-seas/action-phase-automa"
	CiteAcquireTokens       = "rolling-seas/acquiring-ship-tokens"
	CiteBonusCheck          = "rolling-seas/bonus-check"
	CiteCaptainActions      = "rolling-seas/captain-actions"
	CiteCaptainSail         = "rolling-seas/sail-based-on-the-adventure-card-you-drew-this-turn"
	CiteCaptainExplore      = "rolling-seas/explore"
	CiteCaptainPort         = "rolling-seas/visit-a-port"
	CiteCaptainPirates      = "rolling-seas/pirates"
	CiteCaptainMonoliths    = "rolling-seas/monoliths"
	CiteCaptainAmbush       = "rolling-seas/captain-actions/ambush"
	CiteAutomaEnd           = "rolling-seas/end-of-game-automa"
	CiteUsingTokens         = "rolling-seas/using-ship-tokens"
	CiteIronsidePhase       = "rolling-seas/captain-ironside-phase"
	CiteMultiplayerIronside = "rolling-seas/using-captain-ironside-in-a-game-with-2-or-more-players"
	CiteSummarySail         = "rolling-seas/turn-summary/1-sail"
	CiteSummaryPort         = "rolling-seas/turn-summary/3-visit-a-port"
	CiteShipBoard           = "rolling-seas/ship-board"
)

// AllCites lists every id above (for the index check).
var AllCites = []string{
	CiteSetup, CiteHomePort, CiteAdventurePhase, CiteSmoothSailing,
	CiteAdventureCard, CiteDicePhase, CiteWindDice, CiteExplorationDie, CiteOutOfSight,
	CiteActionPhase, CiteSail, CiteBonus, CiteExplore, CiteMonoliths,
	CiteVisitPort, CiteFillHold, CiteArmYourself, CiteTellStory, CiteUpgradeShip,
	CiteWindInSails, CiteCannons, CiteStrength, CiteEndOfGame, CiteRenownRanks, CiteSoloMode,
	CiteDifficulty, CiteAdjustDifficulty,
	CitePrepareDeck, CiteAutomaAdventure, CiteAutomaAction,
	CiteAcquireTokens, CiteBonusCheck, CiteCaptainActions, CiteCaptainSail, CiteCaptainExplore,
	CiteCaptainPort, CiteCaptainPirates, CiteCaptainMonoliths, CiteCaptainAmbush, CiteAutomaEnd,
	CiteUsingTokens, CiteIronsidePhase, CiteMultiplayerIronside,
	CiteSummarySail, CiteSummaryPort, CiteShipBoard,
}
