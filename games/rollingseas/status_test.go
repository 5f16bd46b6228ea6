package rollingseas

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// `bosun status` prints the view's Text(): a table-side summary, not the
// raw state. Two players and Captain Ironside, on a Smooth Sailing turn.
func TestStatusTextAtTheTable(t *testing.T) {
	sc, err := ParseSmooth("gold|provision")
	require.NoError(t, err)
	st := &State{Phase: PhaseAction, Turn: 4, Opt: Options{Ironside: "standard"},
		Deck:    AdventureDeck{Size: 25, Drawn: 4},
		Card:    TurnCard{Kind: KindSmooth, Smooth: sc},
		Wind:    []string{"N", "SE", "NE"},
		Explore: 2, Reefs: 1,
		Players: []PlayerState{{Name: "Alma", Tokens: []string{"ironside"}}, {Name: "Sara", Ambushes: []string{"Alma"}}},
		Iron: &Ironside{Difficulty: "standard", Story: 7, Renown: []int{6, 9}, Ports: 2, Gold: 1, Provisions: 4, Cannons: 1, Ship: 2, Monoliths: 1,
			Pirates: 1, Ticks: 2, MonsterStrength: 3, PirateStrength: 1, LastAction: "port",
			Deck: []int{0, 0, 0, 0, 0}, Discard: []int{2, 4}, Level2: []int{0, 0}, AmbushAside: []int{0}},
		Tokens: []Token{{Pos: "2-3", Owner: "Alma"}, {Pos: "5-6", Owner: "Sara"}},
	}
	txt := MakeStatus(st).Text()
	for _, want := range []string{
		"Turn 4: 21 cards left in the Adventure Deck",
		"Phase:       action (next: everyone chooses Sail, Explore or Visit a Port, then the Captain Ironside phase)",
		"Adventure:   Smooth Sailing: every player chooses 1 Gold Piece OR 1 Provision",
		"Dice:        Wind N, SE, NE; Exploration Die 2",
		"Reefs:       1 on each Adventure Board",
		"  Alma: 1 Ship Token held (Captain Ironside)",
		"  Sara: no Ship Token held; Ambush on the board drawn by Alma",
		"Captain Ironside (standard):",
		"  Story 7, Renown 15 (column 6+9), Gold 1, Provisions 4, Wind in Its Sails 0, Cannons 1, Ship 2",
		"  Ports 2 of 8, Ancient Monoliths 1 of 3, Pirates 1; Bonus Renown ticks 2 (+0 Bonus Renown); Sea Monster Strength 3, Pirate Strength 1",
		"  deck 5 cards, discard 2, Level 2 cards left 2, Ambush card set aside 1; last action: port",
		"Ship Tokens on the Exploration Board, between die spaces: 2-3 (Alma), 5-6 (Sara)",
	} {
		assert.Contains(t, txt, want)
	}
	assert.NotContains(t, txt, "virtual_deck")
	assert.NotContains(t, txt, "renown_column")

	// A Reef turn in a solo game without the automa, before the dice.
	st = &State{Phase: PhaseDice, Turn: 9, Deck: AdventureDeck{Size: 25, Drawn: 9}, Card: TurnCard{Kind: KindReef}, Reefs: 2,
		Players: []PlayerState{{Name: "Alma"}}}
	txt = MakeStatus(st).Text()
	assert.Contains(t, txt, "Adventure:   Reefs (drawn on every Adventure Board)")
	assert.Contains(t, txt, "Dice:        not rolled this turn yet")
	assert.Contains(t, txt, "next: roll the three Wind Dice and the Exploration Die")
	assert.Contains(t, txt, "  Alma: nothing bosun tracks")
	assert.NotContains(t, txt, "Captain Ironside")
}

// The JSON view keeps its fields (the text-only details are not encoded).
func TestStatusJSONUnchanged(t *testing.T) {
	st := &State{Phase: PhaseAction, Turn: 1, Deck: AdventureDeck{Size: 25, Drawn: 1}, Card: TurnCard{Kind: KindSmooth, Smooth: SmoothCard{Options: []Items{{ItemGold: 1}}}},
		Players: []PlayerState{{Name: "Alma"}}}
	b, err := json.Marshal(MakeStatus(st))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	assert.Equal(t, []string{"card", "cards_left", "options", "phase", "players", "reefs", "turn"}, keys)
}

// The status of a scripted game: through Game.Status, at its end.
func TestStatusOfAFinishedGame(t *testing.T) {
	p := loadAnswers(t, "testdata/solo-standard.yaml")
	s, _ := play(t, []string{"Alma"}, map[string]string{"ironside": "standard"}, p, newTables(t), 13)
	v, err := Game{}.Status(s, &referee.Env{})
	require.NoError(t, err)
	txt := v.(interface{ Text() string }).Text()
	assert.Contains(t, txt, "was the last: the Adventure Deck is empty")
	assert.Contains(t, txt, "Phase:       over (the game is over)")
	assert.Contains(t, txt, "Final scores:")
	assert.Contains(t, txt, "Captain Ironside: 241 Renown")
	assert.Contains(t, txt, "Alma: 137 Renown")
}
