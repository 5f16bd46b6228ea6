package rollingseas

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// testLevel is the printed level of a test card (harness_test.go's set).
func testLevel(n int) string { return cardData[fmt.Sprintf("rs.ironside.card.%d.level", n)] }

// firstDrawErr plays the first turn of a solo game against Captain Ironside
// whose first card is card, and returns the error of the step that draws it.
func firstDrawErr(t *testing.T, options map[string]string, card string) error {
	t.Helper()
	a := firstTurn("sea-monster", "W,SE,N")
	a["rs.ironside.card.number"] = []string{card}
	a["rs.player.Alma.pirates"] = []string{"0"}
	a["rs.player.Alma.ports"] = []string{"0"}
	a["rs.player.Alma.story"] = []string{"0"}
	a["rs.player.Alma.cannons"] = []string{"0"}
	s, p, _ := session(t, []string{"Alma"}, options, a)
	set := newTables(t)
	for i := 0; i < 6; i++ {
		env := &referee.Env{Prompt: p, Tables: set, Dice: referee.WithRNG(&referee.Fixed{}, p)}
		evs, err := next(t, s, env)
		if err != nil {
			return err
		}
		for _, e := range evs {
			if e.Type == "ironside" && strings.Contains(e.Text, "draws card") {
				return nil
			}
		}
	}
	t.Fatal("no Captain Ironside card was drawn")
	return nil
}

// Issue #13 items 1 and 2. "The Level 1 Cards form the Captain Ironside
// Deck. Set the Level 2 Cards aside." (rolling-seas/prepare-captain-ironside-s-deck); "Shuffle one Ambush
// Card, chosen randomly, into the last four cards of the Captain Ironside
// Deck" (rolling-seas/prepare-captain-ironside-s-deck/ambush): his first card is neither a Level 2 nor an Ambush card.
func TestIronsideFirstDrawIsLevel1(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]string
		card string
		want string // "" accepted
	}{
		{map[string]string{"ironside": "basic"}, "10", "card 10 is a Level 2 card"},
		{map[string]string{"ironside": "basic"}, "1", ""},
		{map[string]string{"ironside": "basic", "ambush": "on"}, "11", "last four cards of his deck, and"},
		{map[string]string{"ironside": "basic", "ambush": "on"}, "5", ""},
		// A Level 2 Pirates & Monoliths card moved to the Level 1 pile
		// (rolling-seas/adjust-difficulty) can be the first card.
		{map[string]string{"ironside": "basic", "harder": "pirates-monoliths-to-level1"}, "9", ""},
	} {
		err := firstDrawErr(t, tc.opts, tc.card)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v card %s: %v", tc.opts, tc.card, err)
		case tc.want != "" && (!referee.IsUsage(err) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v card %s: want a usage error naming %q, got %v", tc.opts, tc.card, tc.want, err)
		}
	}
}

// The sequence: after an empty-deck shuffle that added one Level 2
// card (two still aside), cards 10, 8 and 9 were accepted in a row. Only one
// Level 2 card can be in his deck (rolling-seas/acquiring-ship-tokens).
func TestIronsideDeckHoldsOnlyAddedLevel2(t *testing.T) {
	p := IronsidePiles(Options{})
	ir := &Ironside{Seen: []int{1, 2, 3, 4, 5, 6, 7}, Level2: []int{0, 0}, Discard: []int{1, 2}}
	if err := p.DeckAllows(ir, false, 10, "2", 6, testLevel); err != nil {
		t.Fatalf("the added Level 2 card: %v", err)
	}
	ir.Seen, ir.Discard = append(ir.Seen, 10), append(ir.Discard, 10)
	for _, n := range []int{8, 9} {
		err := p.DeckAllows(ir, false, n, "2", 5, testLevel)
		if !referee.IsUsage(err) || !strings.Contains(err.Error(), "added 1 set-aside card (2 still aside)") {
			t.Errorf("card %d: %v", n, err)
		}
	}
	if err := p.DeckAllows(ir, false, 10, "2", 5, testLevel); !referee.IsUsage(err) || !strings.Contains(err.Error(), "discard pile") {
		t.Errorf("card 10 again: %v", err)
	}
	// After the next shuffle a second Level 2 card can come.
	ir.Level2, ir.Discard = []int{0}, nil
	if err := p.DeckAllows(ir, false, 8, "2", 9, testLevel); err != nil {
		t.Errorf("second added Level 2 card: %v", err)
	}
	// An eighth Level 1 card does not exist.
	ir2 := &Ironside{Seen: []int{1, 2, 3, 4, 5, 6}, Level2: []int{0, 0, 0, 0}}
	if err := IronsidePiles(Options{Easier: map[string]bool{"sail-to-level2": true}}).DeckAllows(ir2, false, 7, "1", 1, testLevel); !referee.IsUsage(err) {
		t.Errorf("a 7th Level 1 card with one moved aside (rolling-seas/adjust-difficulty): %v", err)
	}
	ir2.Level2 = []int{0, 0, 0}
	if err := IronsidePiles(Options{}).DeckAllows(ir2, false, 7, "1", 1, testLevel); err != nil {
		t.Errorf("the 7th Level 1 card: %v", err)
	}
}

// The second Ambush card is added to his discard pile once the first is
// resolved (rolling-seas/captain-actions/ambush): it can be drawn only after the next shuffle.
func TestIronsideSecondAmbushAfterShuffle(t *testing.T) {
	p := IronsidePiles(Options{})
	ir := &Ironside{FirstPass: true, AmbushAside: []int{0}}
	if err := p.DeckAllows(ir, true, 11, "ambush", 5, testLevel); !referee.IsUsage(err) {
		t.Errorf("Ambush with 5 cards left: %v", err)
	}
	if err := p.DeckAllows(ir, true, 11, "ambush", 4, testLevel); err != nil {
		t.Errorf("Ambush with 4 cards left: %v", err)
	}
	ir = &Ironside{Removed: []int{11}, Discard: []int{0}, AmbushDiscarded: true}
	if err := p.DeckAllows(ir, true, 12, "ambush", 3, testLevel); !referee.IsUsage(err) || !strings.Contains(err.Error(), "next shuffle") {
		t.Errorf("second Ambush before a shuffle: %v", err)
	}
	if err := p.DeckAllows(ir, true, 11, "ambush", 3, testLevel); !referee.IsUsage(err) || !strings.Contains(err.Error(), "out of the game") {
		t.Errorf("first Ambush again: %v", err)
	}
	ir.AmbushDiscarded, ir.Discard = false, nil
	if err := p.DeckAllows(ir, true, 12, "ambush", 9, testLevel); err != nil {
		t.Errorf("second Ambush after the shuffle: %v", err)
	}
}

// Counts asked in a session are bounded by the components: the Cannon Track
// ends with "the seventh Cannon" (rolling-seas/end-of-game), so a player's 8 Cannons are
// refused (exit 2) where bosun asks them (here, card 9's condition).
func TestSessionCountsBoundedByComponents(t *testing.T) {
	opts := map[string]string{"ironside": "basic", "harder": "pirates-monoliths-to-level1"}
	a := firstTurn("sea-monster", "W,SE,N")
	a["rs.ironside.card.number"] = []string{"9"}
	a["rs.player.Alma.cannons"] = []string{"8"}
	a["rs.player.Alma.tokens.spend"] = []string{"none"}
	s, p, _ := session(t, []string{"Alma"}, opts, a)
	set := newTables(t)
	var err error
	for i := 0; i < 6 && err == nil; i++ {
		_, err = next(t, s, &referee.Env{Prompt: p, Tables: set, Dice: referee.WithRNG(&referee.Fixed{}, p)})
	}
	if !referee.IsUsage(err) || !strings.Contains(err.Error(), "rs.player.Alma.cannons") || !strings.Contains(err.Error(), "from 0 to 7") || !strings.Contains(err.Error(), CiteEndOfGame) {
		t.Errorf("8 Cannons: %v", err)
	}
}

// A refusal names the cards his deck can yield now.
func TestIronsideDeckRefusalListsAccepted(t *testing.T) {
	ir := &Ironside{Seen: []int{1, 2, 3, 4, 5, 6}, Discard: []int{1, 2, 3, 4, 5, 6}, Level2: []int{0, 0, 0}, FirstPass: true}
	err := IronsidePiles(Options{}).DeckAllows(ir, false, 10, "2", 1, testLevel)
	if !referee.IsUsage(err) || !strings.HasSuffix(err.Error(), "accepted now: 7") {
		t.Errorf("%v", err)
	}
}
