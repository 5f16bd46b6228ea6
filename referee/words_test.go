package referee

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		one  string
		many []string
		want string
	}{
		{1, "Cannon", nil, "1 Cannon"},
		{0, "Cannon", nil, "0 Cannons"},
		{3, "Story Point", nil, "3 Story Points"},
		{2, "Bonus", nil, "2 Bonuses"},
		{2, "Sentry", nil, "2 Sentries"},
		{2, "Day", nil, "2 Days"},
		{1, "Provision", nil, "1 Provision"},
		{2, "Ammo", []string{"Ammo"}, "2 Ammo"},
	} {
		assert.Equal(t, c.want, Count(c.n, c.one, c.many...))
	}
	assert.Equal(t, "a, b and c", JoinAnd([]string{"a", "b", "c"}))
	assert.Equal(t, "a and b", JoinAnd([]string{"a", "b"}))
	assert.Equal(t, "a", JoinAnd([]string{"a"}))
}

func TestTidy(t *testing.T) {
	for in, want := range map[string]string{
		"he gains 1 Story Point(s) and 3 Story Point(s)":             "he gains 1 Story Point and 3 Story Points",
		"now OC 13 (1 card(s) of 10), AlWood 7 (0 card(s) of 10)":    "now OC 13 (1 card of 10), AlWood 7 (0 cards of 10)",
		"removes 1 Sailor(s)/Officer(s) now":                         "removes 1 Sailor/Officer now",
		"removes 2 Sailor(s)/Officer(s) now":                         "removes 2 Sailors/Officers now",
		"story track full: 1 Bonus Renown tick(s)":                   "story track full: 1 Bonus Renown tick",
		"0 Crate(s) and 1 Barrel(s) produced":                        "0 Crates and 1 Barrel produced",
		"refresh: 3 Actions, 3 Sails and 1 Cannons Ready":            "refresh: 3 Actions, 3 Sails and 1 Cannon Ready",
		"Tim (1 Cannons) ambushes Sara (11 Cannons), 2.1 Cannons":    "Tim (1 Cannon) ambushes Sara (11 Cannons), 2.1 Cannons",
		"The 7 Level 1 cards form his deck; Turn 1 dice: Wind SW":    "The 7 Level 1 cards form his deck; Turn 1 dice: Wind SW",
		"he has 1 pirates, Alma 3":                                   "he has 1 pirate, Alma 3",
		"three value-1 Ammo cards, -1 Cannons":                       "three value-1 Ammo cards, -1 Cannon",
		"Round 1 Story Point(s)":                                     "Round 1 Story Points",
		"rolled 1 dice, 21 Provisions, 1 Provisions":                 "rolled 1 die, 21 Provisions, 1 Provision",
		"nothing to change here (s) 1 Bonus":                         "nothing to change here (s) 1 Bonus",
		"draw 2 replacement(s) so 4 stay face up":                    "draw 2 replacements so 4 stay face up",
		"1. Xanthe 10 crystal(s), 0 location(s), strength 34":        "1. Xanthe 10 crystals, 0 locations, strength 34",
		"gains 2 Coin(s) (its Cannons, Ready and Spent), 1 Bonus(s)": "gains 2 Coins (its Cannons, Ready and Spent), 1 Bonus",
	} {
		assert.Equal(t, want, Tidy(in), in)
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{0: "0th", 1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 73: "73rd", 100: "100th", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestAFollowsTheSound(t *testing.T) {
	for noun, want := range map[string]string{"island space": "an island space", "calm space": "a calm space", "outpost": "an outpost", "unit": "a unit", "upgrade": "an upgrade", "Ambush card": "an Ambush card"} {
		if got := A(noun); got != want {
			t.Errorf("A(%q) = %q, want %q", noun, got, want)
		}
	}
}
