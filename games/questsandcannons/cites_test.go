package questsandcannons

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// knownSections are the section ids the rules index gives the rulebook's
// headings and lead-ins (checked against rulesref's parser).
const knownSections = `components game-setup 1-build-the-map more-maps 2-prepare-the-decks 3-pick-champions
4-prepare-your-ship 5-home-ports 6-exploration-tokens 7-clue-cards key-concepts turns-and-rounds
how-a-turn-works refresh prosperity currencies exchanging-with-teammates your-hand empty-decks
actions move sails landing the-sea traveler-bonus ports-of-interest safe-harbor sample-movement
risen-islands exploring-risen-islands gather quest-cards solve-a-clue delivering-clues
finding-more-clues attack damage-sinking sample-combat port-activities maintenance upgrade
ship-upgrades trade cards-and-abilities loot-cards equipping-loot-cards champion-abilities
the-end prosperity-goal cooperative-mode setup select-difficulty board-setup number-of-marauders
marauder-captains marauder-actions moving attacking reloading sinking-a-marauder reinforcement
marauder-ships-in-multiplayer missions naval-mission aid-mission research-mission
more-map-layouts tile-placement exploration-tokens removing-islands glossary faq`

func TestCitesAreSections(t *testing.T) {
	known := map[string]bool{}
	for _, s := range strings.Fields(knownSections) {
		known[ID+"/"+s] = true
	}
	for _, c := range AllCites {
		assert.True(t, known[c], c)
	}
}
