package atraxia

import (
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Fleet counts the ships of one clan at one location ("a fleet can refer to
// a single ship or a collection of ships").
type Fleet struct {
	Capital   int `json:"capital,omitempty"`
	Destroyer int `json:"destroyer,omitempty"`
	Frigate   int `json:"frigate,omitempty"`
	Gunboat   int `json:"gunboat,omitempty"`
	Privateer int `json:"privateer,omitempty"`
}

// shipKinds in order of strength, strongest first.
var shipKinds = []string{"capital", "destroyer", "frigate", "gunboat", "privateer"}

func (f *Fleet) ptr(kind string) *int {
	switch kind {
	case "capital":
		return &f.Capital
	case "destroyer":
		return &f.Destroyer
	case "frigate":
		return &f.Frigate
	case "gunboat":
		return &f.Gunboat
	case "privateer":
		return &f.Privateer
	}
	return nil
}

func (f Fleet) with(kind string, n int) Fleet {
	*f.ptr(kind) = n
	return f
}

// Get returns the count of one ship kind.
func (f Fleet) Get(kind string) int { return *f.ptr(kind) }

// Ships is the number of ships.
func (f Fleet) Ships() int { return f.Capital + f.Destroyer + f.Frigate + f.Gunboat + f.Privateer }

// Empty reports whether the fleet has no ship.
func (f Fleet) Empty() bool { return f.Ships() == 0 }

// Add returns f + g.
func (f Fleet) Add(g Fleet) Fleet {
	return Fleet{f.Capital + g.Capital, f.Destroyer + g.Destroyer, f.Frigate + g.Frigate, f.Gunboat + g.Gunboat, f.Privateer + g.Privateer}
}

// Sub returns f - g.
func (f Fleet) Sub(g Fleet) Fleet {
	return Fleet{f.Capital - g.Capital, f.Destroyer - g.Destroyer, f.Frigate - g.Frigate, f.Gunboat - g.Gunboat, f.Privateer - g.Privateer}
}

// Covers reports whether f holds at least the ships of g.
func (f Fleet) Covers(g Fleet) bool {
	for _, k := range shipKinds {
		if f.Get(k) < g.Get(k) {
			return false
		}
	}
	return true
}

// FleetStrength is the fleet strength: Gunboat 1, Frigate 3, Destroyer 6,
// Capital Ship 10; a Privateer adds 15 only when defending where it stands.
func (v Values) FleetStrength(f Fleet, defending bool) int {
	s := f.Gunboat*v.Strength["gunboat"] + f.Frigate*v.Strength["frigate"] + f.Destroyer*v.Strength["destroyer"] + f.Capital*v.Strength["capital"]
	if defending {
		s += f.Privateer * v.Strength["privateer"]
	}
	return s
}

// String writes the fleet as "1 capital, 2 destroyer", or "none".
func (f Fleet) String() string {
	var parts []string
	for _, k := range shipKinds {
		if n := f.Get(k); n != 0 {
			parts = append(parts, referee.Count(n, string(k))) // "1 frigate", "2 destroyers"
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// Letters writes the fleet one letter per ship, strongest first ("CDDG"),
// as ParseFleet reads it; "none" for no ship.
func (f Fleet) Letters() string {
	var b strings.Builder
	for _, k := range shipKinds {
		b.WriteString(strings.Repeat(strings.ToUpper(k[:1]), max(f.Get(k), 0)))
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}

// FleetSyntax says how a fleet is written.
const FleetSyntax = `ships as KIND=N items or one letter per ship (C capital, D destroyer, F frigate, G gunboat, P privateer), e.g. "capital=1,destroyer=2" or "CDDG"; "none" for no ship`

// ParseFleet reads a fleet: "capital=1,destroyer=2,gunboat=3", "2 destroyer
// 1 frigate", "CDDFG" (one letter per ship) or "none".
func ParseFleet(s string) (Fleet, error) {
	var f Fleet
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" || s == "none" || s == "0" || s == "-" {
		return f, nil
	}
	bad := func(item string) error {
		return referee.Usagef("atraxia: fleet %q: %q is not understood; write %s", s, item, FleetSyntax)
	}
	items := referee.SplitList(strings.ReplaceAll(s, ";", ","))
	pending := -1 // a count written before its kind ("2 destroyer")
	for _, it := range items {
		if n, err := strconv.Atoi(it); err == nil {
			if pending >= 0 || n < 0 {
				return f, bad(it)
			}
			pending = n
			continue
		}
		if k, v, ok := strings.Cut(it, "="); ok || strings.Contains(it, ":") {
			if !ok {
				k, v, _ = strings.Cut(it, ":")
			}
			kind := shipKind(k)
			n, err := strconv.Atoi(v)
			if kind == "" || err != nil || n < 0 || pending >= 0 {
				return f, bad(it)
			}
			if n > ClanFleet.Get(kind) {
				return f, CheckComponents(Fleet{}.with(kind, n))
			}
			*f.ptr(kind) += n
			continue
		}
		if kind := shipKind(it); kind != "" {
			n := 1
			if pending >= 0 {
				n, pending = pending, -1
			}
			if n > ClanFleet.Get(kind) {
				return f, CheckComponents(Fleet{}.with(kind, n))
			}
			*f.ptr(kind) += n
			continue
		}
		// A count glued to a kind ("2d", "3gunboats").
		i := 0
		for i < len(it) && it[i] >= '0' && it[i] <= '9' {
			i++
		}
		if i > 0 && pending < 0 {
			if kind := shipKind(it[i:]); kind != "" {
				n, err := strconv.Atoi(it[:i])
				if err != nil {
					n = ClanFleet.Get(kind) + 1 // beyond any int: beyond the box
				}
				if n > ClanFleet.Get(kind) {
					return f, CheckComponents(Fleet{}.with(kind, n))
				}
				*f.ptr(kind) += n
				continue
			}
		}
		// One letter per ship ("CDDG").
		if pending >= 0 {
			return f, bad(it)
		}
		for _, r := range it {
			kind := shipKind(string(r))
			if kind == "" {
				return f, bad(it)
			}
			*f.ptr(kind)++
			if f.Get(kind) > ClanFleet.Get(kind) {
				return f, CheckComponents(f)
			}
		}
	}
	if pending >= 0 {
		return f, bad(strconv.Itoa(pending))
	}
	return f, CheckComponents(f)
}

// ClanFleet is every ship one clan owns: "Gather 1 Capital Ship, 6
// Gunboats, 5 Frigates, and 5 Destroyers" (Player Setup C) and "EACH CLAN
// LEADER MAY ONLY HAVE ONE ACTIVE PRIVATEER ALLY".
var ClanFleet = Fleet{Capital: 1, Destroyer: 5, Frigate: 5, Gunboat: 6, Privateer: 1}

// CheckComponents refuses a fleet of one clan larger than the clan's
// components (a usage error, exit 2).
func CheckComponents(f Fleet) error {
	for _, k := range shipKinds {
		if n := f.Get(k); n > ClanFleet.Get(k) {
			return referee.RuleError(cites(CitePlayerSetup, CitePirateHire), "atraxia: fleet %q has %d %s; a clan has at most %d (1 Capital Ship, 5 Destroyers, 5 Frigates, 6 Gunboats and one privateer)", f.String(), n, k, ClanFleet.Get(k))
		}
	}
	return nil
}

// MaxStrength is the greatest fleet strength of one clan's ships: all of
// them, plus the privateer's 15 when defending.
func (v Values) MaxStrength(defending bool) int {
	return v.FleetStrength(ClanFleet, defending)
}

func shipKind(s string) string {
	switch strings.TrimSuffix(strings.TrimSpace(s), "s") {
	case "c", "cap", "capital", "capital-ship", "capitalship":
		return "capital"
	case "d", "destroyer":
		return "destroyer"
	case "f", "frigate":
		return "frigate"
	case "g", "gunboat":
		return "gunboat"
	case "p", "privateer":
		return "privateer"
	}
	return ""
}

// ParseAmmo reads ammo cards "5,2,1" (each 1, 2 or 5) or "none".
func ParseAmmo(s string) ([]int, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" || s == "none" || s == "-" {
		return nil, nil
	}
	var out []int
	for _, it := range referee.SplitList(s) {
		n, err := strconv.Atoi(it)
		if err != nil || (n != 1 && n != 2 && n != 5) {
			return nil, referee.Usagef("atraxia: ammo cards %q: %q is not a card value (Ammo cards are worth 1, 2 or 5; write e.g. \"5,2,1\" or \"none\")", s, it)
		}
		out = append(out, n)
	}
	return out, nil
}

// AmmoCards splits an amount of Ammo into cards of 5, 2 and 1, largest
// first (the fewest cards, since a battle takes at most 10).
func AmmoCards(amount int) []int {
	var out []int
	for _, v := range []int{5, 2, 1} {
		for amount >= v {
			out = append(out, v)
			amount -= v
		}
	}
	return out
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// takeCards removes the cards played from hand; every played card must be
// in the hand.
func takeCards(hand, played []int) ([]int, bool) {
	rest := append([]int(nil), hand...)
	for _, p := range played {
		found := false
		for i, h := range rest {
			if h == p {
				rest = append(rest[:i], rest[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			return hand, false
		}
	}
	return rest, true
}
