package cmdutil

import (
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/mattn/go-runewidth"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		text  string
		width int
		want  []string
	}{
		{"the quick brown fox", 9, []string{"the quick", "brown fox"}},
		{"the quick brown fox", 80, []string{"the quick brown fox"}},
		{"a  b\nc", 10, []string{"a b", "c"}},
		{"averyveryverylongword x", 8, []string{"averyve…", "x"}},
		{"", 10, []string{""}},
	}
	for _, tt := range tests {
		got := Wrap(tt.text, tt.width)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

func TestWrapNeverExceedsWidth(t *testing.T) {
	text := "Ann: does a Player Ship of yours (Sloop, Caravel) attack? (none; an NPC; NAME or NAME-TYPE for another player's Player Ship; NAME-fort for their Fort, NAME-militia for their Plantation with a Militia)"
	for _, w := range []int{20, 40, 80} {
		for _, l := range Wrap(text, w) {
			if runewidth.StringWidth(l) > w {
				t.Errorf("width %d: line %q is %d wide", w, l, runewidth.StringWidth(l))
			}
		}
	}
}

func TestLabel(t *testing.T) {
	tests := []struct {
		key  string
		max  int
		want string
	}{
		{"rs.smooth.card", 24, "card"},
		{"misty.board.wind.speed.5", 24, "speed.5"},
		{"rs.setup.adventure.1", 24, "adventure.1"},
		{"misty.player.Ann.final-occupied-space-long", 10, "final-occ…"},
		{"", 24, "answer"},
		{"plain", 24, "plain"},
	}
	for _, tt := range tests {
		if got := Label(tt.key, tt.max); got != tt.want {
			t.Errorf("Label(%q, %d) = %q, want %q", tt.key, tt.max, got, tt.want)
		}
	}
}

func TestExplain(t *testing.T) {
	q := referee.Question{Key: "misty.board.wind.speed.5", Text: "speed modification in the sail next to Wind Force box 5 oB (0 if none)",
		Kind: referee.KindNumber, Min: -3, Max: 3, Where: "the Wind Force track, box 5 oB"}
	got := Explain(q, 40, false)
	want := []string{
		"speed modification in the sail next to",
		"Wind Force box 5 oB (0 if none)",
		"Read it from the Wind Force track, box 5",
		"oB.",
		"Accepted: a whole number from -3 to 3.",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Explain = %q, want %q", got, want)
	}
	// Accepted values the question already spells out are not said twice.
	loc := referee.Question{Key: "wfa.move.from", Kind: referee.KindText,
		Text:     "Ann moves ships: from which location? (isle, apex1-apex6 (clockwise), CLAN-home, CLAN-1 to CLAN-4)",
		Accepted: "a location: isle, apex1-apex6 (clockwise), CLAN-home, CLAN-1 to CLAN-4"}
	if got := strings.Join(Explain(loc, 200, false), "|"); strings.Contains(got, "Accepted") {
		t.Errorf("Explain repeats the question's values: %q", got)
	}
	spec := referee.Question{Key: "misty.ship.Ann", Kind: referee.KindText, Text: "Ann: describe your Player Ship as a unit spec",
		Accepted: "a unit spec such as brig:cannons=3,sailors=2,gunner (keys: cannons, sailors, captain, gunner)"}
	if got := strings.Join(Explain(spec, 200, false), "|"); !strings.Contains(got, "Accepted: a unit spec such as") {
		t.Errorf("Explain drops accepted values the question does not give: %q", got)
	}
	card := referee.Question{Key: "rs.ironside.card.3.level", Kind: referee.KindChoose, Options: []string{"1", "2", "ambush"},
		Text: "Captain Ironside Card 3: its pile (1, 2 or ambush)", Where: "Captain Ironside Card 3: its pile (1, 2 or ambush)"}
	if got := strings.Join(Explain(card, 80, true), "|"); got != card.Text {
		t.Errorf("Explain repeats where to read what the question says: %q", got)
	}
	// A pick list shows the values: no "Accepted" line, and the question
	// is never repeated.
	got = Explain(referee.Question{Key: "k", Text: "which?", Kind: referee.KindChoose, Options: []string{"a", "b"}}, 80, true)
	if strings.Join(got, "|") != "which?" {
		t.Errorf("Explain for a list = %q", got)
	}
}

func TestReason(t *testing.T) {
	q := referee.Question{Key: "misty.board.wind.speed.5", Text: "speed modification", Kind: referee.KindNumber, Min: -3, Max: 3}
	_, err := q.Normalize("7")
	if err == nil {
		t.Fatal("7 accepted")
	}
	got := Reason(q, err, 80)
	if got != `>> "7" is out of range; accepted: a whole number from -3 to 3` {
		t.Errorf("Reason = %q", got)
	}
	narrow := Reason(q, err, 20)
	for _, l := range strings.Split(narrow, "\n") {
		if runewidth.StringWidth(l) > 19 {
			t.Errorf("Reason at 20 columns has a line of %d columns: %q", runewidth.StringWidth(l), l)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(narrow), " "), "-3 to 3") {
		t.Errorf("Reason at 20 columns = %q, want the whole reason wrapped, accepted values included", narrow)
	}
	if got := Reason(q, errors.New("dice: \"9\" is not a face"), 80); got != `>> dice: "9" is not a face` {
		t.Errorf("Reason of another error = %q", got)
	}
}

func TestSearcher(t *testing.T) {
	opts := []string{"yes", "no"}
	match := func(opts []string, in string) []string {
		s := Searcher(opts)
		var out []string
		for i, o := range opts {
			if s(in, i) {
				out = append(out, o)
			}
		}
		return out
	}
	for in, want := range map[string]string{"y": "yes", "YES": "yes", "n": "no", "No": "no", "x": "", "": "yes no", "yep": ""} {
		if got := strings.Join(match(opts, in), " "); got != want {
			t.Errorf("yes/no %q matches %q, want %q", in, got, want)
		}
	}
	moves := []string{"nonstop", "stop", "calm", "storm"}
	for in, want := range map[string]string{"stop": "stop", "st": "stop storm", "alm": "calm", "s>se": ""} {
		if got := strings.Join(match(moves, in), " "); got != want {
			t.Errorf("%q matches %q, want %q", in, got, want)
		}
	}
	faces := []string{"N>NW|NE", "S>SE|SW", "NE>N|E"}
	if got := strings.Join(match(faces, "s>se"), " "); got != "S>SE|SW" {
		t.Errorf("face s>se matches %q", got)
	}
}

func TestTerminalOnlyChoiceNotAsked(t *testing.T) {
	var errOut strings.Builder
	tm := NewTerminal(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, ErrOut: &errOut, NoColor: true})
	tm.Size = func() (int, int) { return 40, 24 }
	got, err := tm.Ask(referee.Question{Key: "qc.move.sea", Text: "which sea next?", Kind: referee.KindChoose, Options: []string{"stop"}})
	if err != nil || got != "stop" {
		t.Fatalf("Ask = %q, %v", got, err)
	}
	if errOut.String() != "which sea next?: stop (the only choice)\n" {
		t.Errorf("printed %q", errOut.String())
	}
}

func TestFitLine(t *testing.T) {
	tests := []struct {
		in        string
		max, keep int
		want      string
	}{
		{"\x1b[2K\r? ports: none█", 40, 9, "\x1b[2K\r? ports: none█"},
		{"\x1b[2K\r? ports: tavern,none,foreign-port,tavern█", 30, 9, "\x1b[2K\r? ports: …foreign-port,tavern█"},
		{"\x1b[2K\r\x1b[1m? ports\x1b[0m: abcdefghij█", 15, 9, "\x1b[2K\r\x1b[1m? ports\x1b[0m: …ghij█"},
	}
	for _, tt := range tests {
		got := string(fitLine([]byte(tt.in), tt.max, tt.keep))
		if got != tt.want {
			t.Errorf("fitLine(%q, %d, %d) = %q, want %q", tt.in, tt.max, tt.keep, got, tt.want)
		}
		if w := runewidth.StringWidth(regexp.MustCompile(`\x1b\[[0-9;?]*[a-zA-Z]|.*\r`).ReplaceAllString(got, "")); w > tt.max {
			t.Errorf("fitLine(%q) is %d wide, max %d", tt.in, w, tt.max)
		}
	}
}

// A question naming a player whose name holds terminal escapes (from a
// save or an argument) shows them escaped at the terminal (issue 14).
func TestTerminalShowsNamesEscaped(t *testing.T) {
	var errOut strings.Builder
	tm := NewTerminal(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, ErrOut: &errOut, NoColor: true})
	tm.Size = func() (int, int) { return 80, 24 }
	evil := "Ann\x1b]0;pwned\x07\x1b[2J"
	got, err := tm.Ask(referee.Question{Key: "misty.setup.base." + evil, Text: evil + ": which Base?", Kind: referee.KindChoose, Options: []string{evil}})
	if err != nil || got != evil {
		t.Fatalf("Ask = %q, %v", got, err)
	}
	if want := `Ann\x1b]0;pwned\x07\x1b[2J: which Base?: Ann\x1b]0;pwned\x07\x1b[2J (the only choice)` + "\n"; errOut.String() != want {
		t.Errorf("printed %q, want %q", errOut.String(), want)
	}
	errOut.Reset()
	_, _ = tm.Ask(referee.Question{Key: "misty.setup.base." + evil, Text: evil + ": which Base?", Kind: referee.KindText})
	explained, _, _ := strings.Cut(errOut.String(), "]\n")
	if strings.ContainsAny(explained, "\x1b\x07") || !strings.Contains(explained, `Ann\x1b]0;pwned\x07\x1b[2J: which Base?`) {
		t.Errorf("explanation %q", explained)
	}
}

// What promptui draws after its Run has returned is dropped: a late
// redraw must not land over the next line bosun prints.
func TestGateDropsLateDrawing(t *testing.T) {
	var b strings.Builder
	g := newGate(nopCloser{&b})
	g.Write([]byte("? action: "))
	g.shut()
	g.Write([]byte("\r? action: 1"))
	if b.String() != "? action: " {
		t.Errorf("after shut the gate wrote %q", b.String())
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
