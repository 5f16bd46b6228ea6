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
