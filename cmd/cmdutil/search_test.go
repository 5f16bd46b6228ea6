package cmdutil

import (
	"strings"
	"testing"
)

// matches lists the options a Searcher keeps for in.
func matches(opts []string, in string) string {
	s := Searcher(opts)
	var out []string
	for i, o := range opts {
		if s(in, i) {
			out = append(out, o)
		}
	}
	return strings.Join(out, " ")
}

// Typing a face's name on the Direction Dice list keeps that face only:
// "S" used to keep SE>NE|S first (it starts with S), and Enter moved the
// pirate SE (issue 24).
func TestSearcherExactNameWins(t *testing.T) {
	faces := []string{"N>NW|NE", "NE>N|SE", "SE>NE|S", "S>SE|SW", "SW>S|NW", "NW>SW|N"}
	for in, want := range map[string]string{
		"S": "S>SE|SW", "s": "S>SE|SW", "N": "N>NW|NE", "ne": "NE>N|SE", "SW": "SW>S|NW",
		"se>": "SE>NE|S", "S>SE|SW": "S>SE|SW", "nw>sw|n": "NW>SW|N",
	} {
		if got := matches(faces, in); got != want {
			t.Errorf("%q keeps %q, want %q", in, got, want)
		}
	}
	// An option that is the text wins over one that only starts with it.
	for in, want := range map[string]string{"stop": "stop", "move": "move", "teleporter": "teleporter+move"} {
		if got := matches([]string{"nonstop", "stop", "stopover", "teleporter+move", "move"}, in); got != want {
			t.Errorf("%q keeps %q, want %q", in, got, want)
		}
	}
}

// Pick lists forgive a typo, but only when nothing matches without one,
// and find a word inside an option or its label (issue 24: "colect" and
// "krak" gave "No results").
func TestSearcherTyposAndNames(t *testing.T) {
	actions := []string{"collect", "rebuild+collect", "buy", "power+buy", "move", "teleporter+move", "redistribute", "end"}
	for in, want := range map[string]string{
		"colect":  "collect",
		"collet":  "collect",
		"cloelct": "collect", // two typos in seven letters
		"rebiuld": "rebuild+collect",
		"mvoe":    "move",
		"tele":    "teleporter+move",
		"port":    "teleporter+move", // a word inside, before any typo
		"xyz":     "",
		"bux":     "", // under four letters: no typo allowance
		"collect": "collect",
	} {
		if got := matches(actions, in); got != want {
			t.Errorf("%q keeps %q, want %q", in, got, want)
		}
	}
	cards := []string{"smooth-sailing", "sea-monster (the Kraken, the Leviathan)", "perils", "currents (the Maelstrom)", "reefs"}
	for in, want := range map[string]string{
		"krak":    "sea-monster (the Kraken, the Leviathan)",
		"kraek":   "sea-monster (the Kraken, the Leviathan)",
		"monster": "sea-monster (the Kraken, the Leviathan)",
		"mael":    "currents (the Maelstrom)",
		"reef":    "reefs",
		"curents": "currents (the Maelstrom)",
	} {
		if got := matches(cards, in); got != want {
			t.Errorf("%q keeps %q, want %q", in, got, want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"colect", "collect", 1}, {"hmoe", "home", 1}, {"", "abc", 3}, {"abc", "abc", 0}, {"kitten", "sitting", 3}, {"ñu", "nu", 1},
	} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
