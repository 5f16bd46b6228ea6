package atraxia

import "testing"

// The locations are asked only of clans tied on Magic Crystals, so a clan
// not tied shows "locations not counted", not "0 locations" (issue #29).
func TestLocationsNotCountedWithoutATie(t *testing.T) {
	sc := []Score{
		{Player: "Xanthe", Crystals: 10},
		{Player: "Myles", Crystals: 4, Locations: 4},
		{Player: "Bob", Crystals: 4, Locations: 0},
	}
	if got := LocationsText(sc[0], sc); got != "locations not counted" {
		t.Errorf("Xanthe: %q", got)
	}
	if got := LocationsText(sc[1], sc); got != "4 locations" {
		t.Errorf("Myles: %q", got)
	}
	if got := LocationsText(sc[2], sc); got != "0 locations" {
		t.Errorf("Bob, tied and counted: %q", got)
	}
}
