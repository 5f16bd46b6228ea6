package rollingseas

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Piles are the Captain Ironside Cards of each printed level in his deck at
// setup (Deck) and in the set-aside pile (Aside), after the Adjust
// Difficulty moves:
//
//	"Separate the Captain Ironside Cards into three piles: 7 Level 1 Cards,
//	3 Level 2 Cards, 2 Ambush Cards ... The Level 1 Cards form the Captain
//	Ironside Deck. Set the Level 2 Cards aside." (rolling-seas/prepare-captain-ironside-s-deck)
//
// A Level 1 Sail card moved to the Level 2 pile (easier=sail-to-level2)
// keeps its printed level 1 but waits in the set-aside pile; a Level 2 card
// moved to the Level 1 pile (harder=port-to-level1,
// pirates-monoliths-to-level1) starts in his deck.
type Piles struct {
	Deck, Aside map[string]int
}

// IronsidePiles returns the piles of a game with options o.
func IronsidePiles(o Options) Piles {
	p := Piles{Deck: map[string]int{"1": 7}, Aside: map[string]int{"2": 3}}
	if o.Easier["sail-to-level2"] {
		p.Deck["1"]--
		p.Aside["1"]++
	}
	for _, h := range []string{"port-to-level1", "pirates-monoliths-to-level1"} {
		if o.Harders[h] {
			p.Aside["2"]--
			p.Deck["2"]++
		}
	}
	return p
}

// AsideCount is how many cards the set-aside pile holds at setup.
func (p Piles) AsideCount() int { return p.Aside["1"] + p.Aside["2"] }

// DeckAllows reports whether a physical Captain Ironside Deck can yield
// card n of printed level (1, 2 or ambush) now. It knows the cards drawn so
// far (ir.Seen, each a card of his deck and discard pile from then on), how
// many set-aside cards the shuffles have added ("If the Captain Ironside Deck
// is empty, shuffle his discard pile while adding in one of the set-aside
// Level 2 Cards if possible", rolling-seas/acquiring-ship-tokens; the Reef shuffle, rolling-seas/captain-ironside-phase), and
// where the Ambush card is ("Shuffle one Ambush Card, chosen randomly, into
// the last four cards of the Captain Ironside Deck", rolling-seas/prepare-captain-ironside-s-deck/ambush). left is the
// number of cards in his deck before this draw. level is the printed level
// of every seen card.
// A refusal ends with the cards his deck can yield now (those whose level
// is known; a card not read yet may be any).
func (p Piles) DeckAllows(ir *Ironside, ambush bool, n int, lv string, left int, level func(int) string) error {
	err := p.deckAllows(ir, ambush, n, lv, left, level)
	if err == nil {
		return nil
	}
	var ok []string
	for k := 1; k <= 12; k++ {
		if l := level(k); l != "" && p.deckAllows(ir, ambush, k, l, left, level) == nil {
			ok = append(ok, strconv.Itoa(k))
		} else if l == "" && !slices.Contains(ir.Discard, k) && !slices.Contains(ir.Removed, k) {
			ok = append(ok, strconv.Itoa(k)+" (not read yet)")
		}
	}
	if len(ok) == 0 {
		ok = []string{"none"}
	}
	// The refusal keeps the sections its rule rests on.
	cites := []string{CitePrepareDeck, CiteAutomaAction, CiteIronsidePhase}
	var ue *referee.UsageError
	if errors.As(err, &ue) && len(ue.Cites) > 0 {
		cites = ue.Cites
	}
	return referee.RuleError(cites, "%v; accepted now: %s", err, strings.Join(ok, ", "))
}

func (p Piles) deckAllows(ir *Ironside, ambush bool, n int, lv string, left int, level func(int) string) error {
	cite := []string{CitePrepareDeck, CiteAutomaAction, CiteIronsidePhase}
	if slices.Contains(ir.Discard, n) || slices.Contains(ir.Removed, n) {
		return referee.RuleError(cite, "rollingseas: rs.ironside.card.number %d: that card is in his discard pile or out of the game (discard %s, removed %s)", n, cardList(ir.Discard), cardList(ir.Removed))
	}
	if lv == "ambush" {
		if !ambush {
			return referee.RuleError(cite, "rollingseas: rs.ironside.card.number %d: card %d is an Ambush card, but this game plays without them (--option ambush=on); the Ambush cards go back to the box", n, n)
		}
		if ir.AmbushInDeck(ambush) < 1 {
			return referee.RuleError([]string{CitePrepareDeck, CiteAutomaAction, CiteIronsidePhase, CiteCaptainAmbush}, "rollingseas: rs.ironside.card.number %d: no Ambush card is in his deck now: the second Ambush card joins his discard pile once the first is resolved and enters his deck at the next shuffle", n)
		}
		if ir.FirstPass && len(ir.AmbushAside) > 0 && left > 4 {
			return referee.RuleError(cite, "rollingseas: rs.ironside.card.number %d: the Ambush card is shuffled into the last four cards of his deck, and %s still in it: it cannot be drawn before the last four", n, referee.Count(left, "card")+" "+referee.Noun(left, "is", "are"))
		}
		return nil
	}
	if slices.Contains(ir.Seen, n) {
		return nil // drawn before: a card of his deck and discard pile
	}
	seen := map[string][]int{}
	// A card whose level is not known (an older save) counts in no pile.
	for _, s := range append(slices.Clone(ir.Seen), n) {
		if l := level(s); l == "1" || l == "2" {
			seen[l] = append(seen[l], s)
		}
	}
	added := p.AsideCount() - len(ir.Level2)
	need := 0
	for _, l := range []string{"1", "2"} {
		over := len(seen[l]) - p.Deck[l]
		if over <= 0 {
			continue
		}
		if over > p.Aside[l] {
			return referee.RuleError(cite, "rollingseas: rs.ironside.card.number %d: the game has only %s in his deck and set-aside piles, and %s already drawn", n, referee.Count(p.Deck[l]+p.Aside[l], "Level "+l+" card"), pileList(seen[l][:len(seen[l])-1]))
		}
		need += over
	}
	if need > added {
		return referee.RuleError([]string{CitePrepareDeck, CiteAutomaAction, CiteIronsidePhase, CiteAcquireTokens}, "rollingseas: rs.ironside.card.number %d: card %d is a Level %s card, and his deck cannot hold it now: it began with %s, the shuffles so far added %s (%d still aside), and the cards drawn so far are %s",
			n, n, lv, pilesText(p.Deck), referee.Count(added, "set-aside card"), len(ir.Level2), pileList(ir.Seen))
	}
	return nil
}

// AmbushInDeck is how many Ambush cards his deck holds now: of the two, not
// those out of the game, set aside, or waiting in his discard pile.
func (ir *Ironside) AmbushInDeck(ambush bool) int {
	if !ambush {
		return 0
	}
	n := 2 - len(ir.Removed) - len(ir.AmbushAside)
	if ir.AmbushDiscarded {
		n--
	}
	return n
}

func pileList(v []int) string {
	if len(v) == 0 {
		return "none"
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return "cards " + cardList(s)
}

func pilesText(m map[string]int) string {
	var parts []string
	for _, l := range []string{"1", "2"} {
		if m[l] > 0 {
			parts = append(parts, referee.Count(m[l], "Level "+l+" card"))
		}
	}
	return strings.Join(parts, " and ")
}
