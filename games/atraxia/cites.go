package atraxia

// Rulebook section ids cited by the War for Atraxia referee. Every id is
// "war-for-atraxia/<slug of the section heading>" (see the brief); the test
// TestCitesAreHeadings checks each one against the rulebook text.
const (
	CiteGameSetup        = "war-for-atraxia/game-setup"
	CiteGameComponents   = "war-for-atraxia/game-components"
	CitePlayerSetup      = "war-for-atraxia/player-setup"
	CiteFleetCapacity    = "war-for-atraxia/fleet-capacity-of-the-region"
	CiteTeleporters      = "war-for-atraxia/teleporters"
	CiteShips            = "war-for-atraxia/ships"
	CiteControlling      = "war-for-atraxia/controlling-location"
	CiteConnectedTrail   = "war-for-atraxia/connected-trail"
	CiteDockable         = "war-for-atraxia/dockable-and-non-dockable-islands"
	CiteLostExpeditions  = "war-for-atraxia/lost-expeditions-and-apex-islands"
	CitePlayerActions    = "war-for-atraxia/player-actions"
	CiteCollect          = "war-for-atraxia/collect-resources"
	CiteBuyingShips      = "war-for-atraxia/buying-ships"
	CiteBuyPower         = "war-for-atraxia/buy-power-cards-bonus-action-buy-ships"
	CiteMoveRedistribute = "war-for-atraxia/move-or-redistribute-ships"
	CiteTeleporterBuild  = "war-for-atraxia/build-deploy-teleporter"
	CiteConversion       = "war-for-atraxia/resource-conversion"
	CiteMount            = "war-for-atraxia/mount-or-dismount-the-magic-crystal"
	CiteUpgrade          = "war-for-atraxia/upgrade-clan-leader-s-ability"
	CiteWarfare          = "war-for-atraxia/rules-of-warfare"
	CiteWinner           = "war-for-atraxia/winner"
	CiteLoser            = "war-for-atraxia/loser"
	CiteIsle             = "war-for-atraxia/the-isle-of-myth"
	CiteIsleControl      = "war-for-atraxia/controlling-the-isle-of-myth"
	CiteUpkeep           = "war-for-atraxia/upkeep-cost"
	CiteGameEnd          = "war-for-atraxia/game-end"
	CiteFinalScoring     = "war-for-atraxia/final-scoring"
	CitePirates          = "war-for-atraxia/the-rise-of-pirates-mini-expansion"
	CitePirateSetup      = "war-for-atraxia/setup"
	CitePirateCombat     = "war-for-atraxia/scenario-a-combat-with-pirate"
	CitePirateHire       = "war-for-atraxia/scenario-b-hire-the-pirate-as-a-privateer"
	CitePrivateerRules   = "war-for-atraxia/privateer-rules"
	CiteBlocking         = "war-for-atraxia/blocking-an-island"
	CiteCombatPrivateer  = "war-for-atraxia/combat-the-privateer"
	CiteRansom           = "war-for-atraxia/pay-ransom-to-the-privateer"
)

// AllCites lists every id above, for the lead's index check.
var AllCites = []string{
	CiteGameSetup, CiteGameComponents, CitePlayerSetup, CiteFleetCapacity, CiteTeleporters,
	CiteShips, CiteControlling, CiteConnectedTrail, CiteDockable, CiteLostExpeditions,
	CitePlayerActions, CiteCollect, CiteBuyingShips, CiteBuyPower, CiteMoveRedistribute,
	CiteTeleporterBuild, CiteConversion, CiteMount, CiteUpgrade, CiteWarfare, CiteWinner,
	CiteLoser, CiteIsle, CiteIsleControl, CiteUpkeep, CiteGameEnd,
	CiteFinalScoring, CitePirates, CitePirateSetup, CitePirateCombat, CitePirateHire,
	CitePrivateerRules, CiteBlocking, CiteCombatPrivateer, CiteRansom,
}

func cites(ids ...string) []string { return ids }
