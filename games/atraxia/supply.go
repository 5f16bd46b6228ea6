package atraxia

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// Resource components of the box (Game Components): "20 Resource Cards of
// 10 Denomination (10 each for OC and AlWood)" and "55 Ammo Cards". OC and
// AlWood beyond a card's 10 are kept on the player mat's tracker ("For
// every 10 resources of OC or AlWood in a Clan Leader's supply, draw a
// value 10 resource card and continue tracking the rest via the resource
// tracker"), which so holds 0-9.
const (
	BoxResourceCards = 10 // of 10 each, per resource
	BoxAmmoCards     = 55
	TrackerMax       = 9
)

// MaxResource is the most OC or AlWood one clan can hold: every resource
// card of its kind and a full tracker.
const MaxResource = BoxResourceCards*10 + TrackerMax

// MaxAmmo is the most Ammo one clan can hold: every Ammo card, at 5 (the
// highest card value; Ammo cards are worth 1, 2 or 5).
const MaxAmmo = BoxAmmoCards * 5

// resourceRefusal refuses clan c holding oc, al and ammo (cards) more than
// the box allows, the other clans' holdings counted: the value-10 cards of
// each resource, and the Ammo cards.
func resourceRefusal(st *State, c *Clan, oc, al int, ammo []int) error {
	for _, r := range []struct {
		name string
		n    int
		get  func(*Clan) int
	}{{"OC", oc, func(x *Clan) int { return x.OC }}, {"AlWood", al, func(x *Clan) int { return x.AlWood }}} {
		cards := r.n / 10
		for _, o := range st.Clans {
			if o != c {
				cards += r.get(o) / 10
			}
		}
		if cards > BoxResourceCards {
			return referee.RuleError([]string{CiteGameComponents, CiteCollect}, "atraxia: %s would hold %d %s, which with the other clans' takes %s, but the box holds \"20 Resource Cards of 10 Denomination (10 each for OC and AlWood)\" (accepted: at most %d %s for %s now)",
				c.Player, r.n, r.name, referee.Count(cards, "value-10 resource card"), resourceRoom(st, c, r.get), r.name, c.Player)
		}
	}
	n := len(ammo)
	for _, o := range st.Clans {
		if o != c {
			n += len(o.Ammo)
		}
	}
	if n > BoxAmmoCards {
		return referee.RuleError([]string{CiteGameComponents, CiteCollect}, "atraxia: %s would take %s, %d held in all, but the box holds \"55 Ammo Cards\" (accepted: at most %s)",
			c.Player, referee.Count(len(ammo)-len(c.Ammo), "more Ammo card"), n, referee.Count(max(BoxAmmoCards-(n-len(ammo))-len(c.Ammo), 0), "more card"))
	}
	return nil
}

// resourceRoom is the most of a resource clan c can hold with the other
// clans' cards taken.
func resourceRoom(st *State, c *Clan, get func(*Clan) int) int {
	used := 0
	for _, o := range st.Clans {
		if o != c {
			used += get(o) / 10
		}
	}
	return max(BoxResourceCards-used, 0)*10 + TrackerMax
}

// CheckResources refuses one clan's OC, AlWood and Ammo beyond the box
// (the one-shots, which know one clan only).
func CheckResources(prefix string, oc, al, ammo int) error {
	for _, r := range []struct {
		flag string
		n    int
		max  int
		why  string
	}{
		{"oc", oc, MaxResource, `"10 each for OC and AlWood" resource cards of 10 and a tracker to 9`},
		{"alwood", al, MaxResource, `"10 each for OC and AlWood" resource cards of 10 and a tracker to 9`},
		{"ammo", ammo, MaxAmmo, `"55 Ammo Cards", worth 5 at most`},
	} {
		if r.n > r.max {
			return referee.RuleError([]string{CiteGameComponents}, "%s%s %d is more than a clan can hold: the box has %s (accepted: 0-%d)", prefix, r.flag, r.n, r.why, r.max)
		}
	}
	return nil
}

// BoxCrystals is "30 Magic Crystals" (Game Components).
const BoxCrystals = 30

// CrystalPile is how many Magic Crystals are left in the pile near the
// play area ("Place 15 Magic Crystals on the Isle of Myth. Place the
// remaining Magic Crystals in a pile", war-for-atraxia/game-setup): the box's 30 less those the
// clans hold (mounted too), those left on the Isle, and the one on each
// Apex Island whose Lost Expedition tile is still there (war-for-atraxia/game-setup; none on a
// covered island, war-for-atraxia/game-setup).
func (st *State) CrystalPile() int {
	n := BoxCrystals - st.IsleMC
	for _, c := range st.Clans {
		n -= c.Crystals + len(c.Mounted)
	}
	for _, a := range st.Apex {
		if a.Tile > 0 && !a.Covered {
			n--
		}
	}
	return max(n, 0)
}

// takeCrystals gives clan c up to n Magic Crystals from the pile (a
// battle's reward): as many as the pile has, the shortfall said with the
// box count. It returns how many were taken.
func (t *step) takeCrystals(c *Clan, n int, why string) int {
	left := t.st.CrystalPile()
	if n <= left || t.st.Opts.Crystals != "box" {
		return n
	}
	t.emit("supply", fmt.Sprintf("the Magic Crystal pile is short: %s would gain %d (%s) but only %d %s left, the box holds 30 Magic Crystals; %s gains %d", c.Player, n, why, left, referee.Noun(left, "is", "are"), c.Player, left),
		map[string]any{"player": c.Player, "wanted": n, "taken": left}, CiteGameComponents, CiteGameSetup)
	return left
}
