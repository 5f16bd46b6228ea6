package questsandcannons

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// More component counts of the box ("The printed component page lists the
// following (counts in brackets)"): the supply players take from.
const (
	BoxSailTokens     = 18 // "Sail Tokens (18)"
	BoxCannonTokens   = 24 // "Cannon Tokens (24)"
	BoxAmmoDice       = 54 // "Ammo Dice (54)": six ships of 9 Ammo, so the supply never runs out of them
	BoxResourceTokens = 70 // "Resource Tokens (70)"
)

// supply is one kind of component players take from the supply: its box
// count, the component page's words, and what is out of the supply now.
type supply struct {
	item string // a Bundle item, or "resources", "sails", "cannons"
	what string // the component page's words, e.g. "Coins (61)"
	box  int
	held func(st *State) int
	gone func(st *State) int // out of the game (delivered Clues), nil for none
}

// supplies lists every supply bosun counts. Cannon tokens are on the
// players' ships and, with Marauders, over their Champion tiles ("Place the
// Cannon tokens over the Champion Abilities."); delivered Clues are
// returned to the box ("return it to the box; don't put it in Clue discard
// pile"), so they leave the game.
var supplies = []supply{
	{"coins", "Coins (61)", BoxCoins, func(st *State) int { return st.sum(func(p *Player) int { return p.Coins }) }, nil},
	{"ammo", "Ammo Dice (54)", BoxAmmoDice, func(st *State) int { return st.sum(func(p *Player) int { return p.Ammo }) }, nil},
	{"resources", "Resource Tokens (70)", BoxResourceTokens, func(st *State) int { return st.sum(func(p *Player) int { return p.Carried() }) }, nil},
	{"sails", "Sail Tokens (18)", BoxSailTokens, func(st *State) int { return st.sum(func(p *Player) int { return p.Sails }) }, nil},
	{"cannons", "Cannon Tokens (24)", BoxCannonTokens, func(st *State) int {
		n := st.sum(func(p *Player) int { return p.Cannons })
		for _, m := range st.Marauders {
			n += m.Cannons
		}
		return n
	}, nil},
	{"clue", "Clue Cards (18)", BoxClueCards, func(st *State) int { return st.sum(func(p *Player) int { return p.Clues + p.Solved }) },
		func(st *State) int { return st.sum(func(p *Player) int { return p.Delivered }) }},
	{"loot", "Loot Cards (48)", BoxLootCards, func(st *State) int { return st.sum(func(p *Player) int { return p.Loot + p.Equipped }) }, nil},
	{"quest", "Quest Cards (50)", BoxQuestCards, func(st *State) int { return st.sum(func(p *Player) int { return p.Quests + p.QuestsDone }) }, nil},
}

func (st *State) sum(f func(p *Player) int) int {
	n := 0
	for i := range st.Players {
		n += f(&st.Players[i])
	}
	return n
}

// supplyOf returns the supply of an item (ok false when bosun does not
// count it).
func supplyOf(item string) (supply, bool) {
	if _, isRes := resourceSet[item]; isRes {
		item = "resources"
	}
	for _, s := range supplies {
		if s.item == item {
			return s, true
		}
	}
	return supply{}, false
}

var resourceSet = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range Resources {
		m[r] = true
	}
	return m
}()

// SupplyLeft is how many of an item are left in the supply: the box count
// less what the players (and Marauders) hold. An item bosun does not count
// has no limit (a large number).
func (st *State) SupplyLeft(item string) int {
	s, ok := supplyOf(item)
	if !ok {
		return 1 << 30
	}
	return max(s.avail(st)-s.held(st), 0)
}

// avail is the box count less what left the game.
func (s supply) avail(st *State) int {
	if s.gone == nil {
		return s.box
	}
	return s.box - s.gone(st)
}

// supplyRefusal refuses taking n of an item the supply has fewer of: the
// message names the box count and its rule line. why says what takes them.
func supplyRefusal(st *State, item string, n int, why string) error {
	s, ok := supplyOf(item)
	if !ok || n <= 0 || st.Rulings.Substitutes {
		return nil
	}
	held := s.held(st)
	if held+n <= s.avail(st) {
		return nil
	}
	return referee.RuleError([]string{CiteComponents}, "questsandcannons: %s would take %d %s from the supply while the players already hold %d: the box holds %s%s (accepted: at most %d more)",
		why, n, s.item, held, s.what, s.goneText(st), max(s.avail(st)-held, 0))
}

func (s supply) goneText(st *State) string {
	if s.gone == nil {
		return ""
	}
	if d := s.gone(st); d > 0 {
		return fmt.Sprintf(", %d of them delivered and returned to the box", d)
	}
	return ""
}

// takeSupply is an automatic gain (no one chose how many): player i takes
// up to n of an item, as many as the supply has left, and a short supply is
// said with the box count. It returns how many were taken; the caller adds
// them.
func (s *step) takeSupply(i int, item string, n int, why string) int {
	left := s.st.SupplyLeft(item)
	if n <= left || s.st.Rulings.Substitutes {
		return n
	}
	sp, _ := supplyOf(item)
	p := &s.st.Players[i]
	s.env.Emit(referee.Event{Type: "supply", Text: fmt.Sprintf("the supply is short: %s would take %d %s (%s) but only %d are left, the box holds %s; %s takes %d",
		p.Name, n, item, why, left, sp.what, p.Name, left),
		Data:  map[string]any{"player": p.Name, "item": item, "wanted": n, "taken": left, "box": sp.box},
		Cites: []string{CiteComponents}})
	return left
}
