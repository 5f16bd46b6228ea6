package cmdutil

import (
	"errors"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// askKeys asks q at a terminal whose keys are keys (no terminal: promptui
// reads them from a reader) and returns the answer and what was drawn.
func askKeys(t *testing.T, q referee.Question, keys string) (string, string, error) {
	t.Helper()
	var errOut strings.Builder
	tm := NewTerminal(&IO{In: strings.NewReader(keys), Out: &strings.Builder{}, ErrOut: &errOut, NoColor: true})
	tm.Size = func() (int, int) { return 80, 24 }
	got, err := tm.Ask(q)
	return got, errOut.String(), err
}

// Enter at a yes/no question with no usual answer takes nothing: it asks
// again with the reason, and the answer typed next is taken (issue 24:
// Enter took the "yes" the list started on).
func TestPickEnterWithoutDefaultReasks(t *testing.T) {
	q := referee.Question{Key: "misty.npc.pirate-1.final-occupied", Text: "occupied?", Kind: referee.KindConfirm}
	got, drawn, err := askKeys(t, q, "\r\rn\r")
	if err != nil || got != "no" {
		t.Fatalf("Ask = %q, %v; drawn:\n%s", got, err, drawn)
	}
	if n := strings.Count(drawn, noUsual); n != 1 {
		t.Errorf("the reason %q is drawn %d times, want once:\n%s", noUsual, n, drawn)
	}
	// Enter alone only: nothing is taken (the keys run out: canceled).
	if got, drawn, err := askKeys(t, q, "\r"); !errors.Is(err, referee.ErrCanceled) {
		t.Errorf("Enter alone answered %q, %v:\n%s", got, err, drawn)
	}
	// Typed and erased again: still nothing chosen.
	if got, _, err := askKeys(t, q, "y\x7f\r"); !errors.Is(err, referee.ErrCanceled) {
		t.Errorf("y, Backspace, Enter answered %q, %v", got, err)
	}
	// A key promptui ignores (End, Delete) is no choice.
	if got, _, err := askKeys(t, q, "\x1b[4~\x1b[3~\r"); !errors.Is(err, referee.ErrCanceled) {
		t.Errorf("End, Delete, Enter answered %q, %v", got, err)
	}
	// A move is a choice.
	if got, _, err := askKeys(t, q, "\x1b[B\r"); err != nil || got != "no" {
		t.Errorf("Down, Enter answered %q, %v", got, err)
	}
	// The same for a choice and for a labelled die.
	ch := referee.Question{Key: "wfa.turn.action", Text: "action?", Kind: referee.KindChoose, Options: []string{"collect", "move", "end"}}
	if got, _, err := askKeys(t, ch, "\r"); !errors.Is(err, referee.ErrCanceled) {
		t.Errorf("choice: Enter alone answered %q, %v", got, err)
	}
	die := referee.Question{Key: "misty.npc.pirate-1.direction", Text: "enter the roll", Kind: referee.KindText,
		Choices: []string{"N>NW|NE", "NE>N|SE", "SE>NE|S", "S>SE|SW", "SW>S|NW", "NW>SW|N"}}
	if got, _, err := askKeys(t, die, "\r"); !errors.Is(err, referee.ErrCanceled) {
		t.Errorf("die: Enter alone answered %q, %v", got, err)
	}
}

// With a default the list starts on it, the label shows it, and Enter
// takes it, even after a change of mind put the cursor on the first row.
func TestPickEnterTakesDefault(t *testing.T) {
	q := referee.Question{Key: "misty.player.Ann.contact", Text: "contact?", Kind: referee.KindConfirm, Default: "no"}
	for _, keys := range []string{"\r", "y\x7f\r"} {
		got, drawn, err := askKeys(t, q, keys)
		if err != nil || got != "no" {
			t.Errorf("%q: Ask = %q, %v", keys, got, err)
		}
		if !strings.Contains(drawn, "? contact [no]:") || !strings.Contains(drawn, "contact: no") {
			t.Errorf("%q: the label or the answered line is missing:\n%s", keys, drawn)
		}
	}
	if got, _, err := askKeys(t, q, "y\r"); err != nil || got != "yes" {
		t.Errorf("y Enter: Ask = %q, %v", got, err)
	}
}

// Typing a face's name on the Direction Dice picks that face, and keys
// typed ahead of the next question are kept.
func TestPickExactFace(t *testing.T) {
	die := referee.Question{Key: "misty.npc.pirate-1.direction", Text: "enter the roll", Kind: referee.KindText,
		Choices: []string{"N>NW|NE", "NE>N|SE", "SE>NE|S", "S>SE|SW", "SW>S|NW", "NW>SW|N"}}
	var errOut strings.Builder
	tm := NewTerminal(&IO{In: strings.NewReader("S\rcolect\r"), Out: &strings.Builder{}, ErrOut: &errOut, NoColor: true})
	tm.Size = func() (int, int) { return 80, 24 }
	if got, err := tm.Ask(die); err != nil || got != "S>SE|SW" {
		t.Fatalf("S Enter: Ask = %q, %v\n%s", got, err, errOut.String())
	}
	ch := referee.Question{Key: "wfa.turn.action", Text: "action?", Kind: referee.KindChoose, Options: []string{"rebuild+collect", "collect", "move"}}
	if got, err := tm.Ask(ch); err != nil || got != "collect" {
		t.Fatalf("colect Enter (typed ahead): Ask = %q, %v\n%s", got, err, errOut.String())
	}
}

// A one-character default is in the label, readable, not under the cursor
// block; Enter takes it. With no default Enter says there is no usual
// answer.
func TestPromptShowsDefault(t *testing.T) {
	q := referee.Question{Key: "misty.captured", Text: "how many Captured Islands?", Kind: referee.KindNumber, Min: 0, Max: 9, Default: "1"}
	got, drawn, err := askKeys(t, q, "\r")
	if err != nil || got != "1" {
		t.Fatalf("Ask = %q, %v", got, err)
	}
	if !strings.Contains(drawn, "? captured [1]: |") || strings.Contains(drawn, "|1") {
		t.Errorf("the default is not shown in the label:\n%q", drawn)
	}
	if !strings.Contains(drawn, "captured: 1\n") {
		t.Errorf("the answered line is missing:\n%q", drawn)
	}
	q.Default = ""
	got, drawn, err = askKeys(t, q, "\r3\r")
	if err != nil || got != "3" || !strings.Contains(drawn, ">> no usual answer here: type one (a whole number from 0 to 9)") {
		t.Errorf("no default: Ask = %q, %v; drawn:\n%s", got, err, drawn)
	}
	// A long default is cut in the label and printed whole above it.
	spec := referee.Question{Key: "misty.ship.Ann", Text: "describe your ship", Kind: referee.KindText, Default: "sloop:cannons=2,sailors=2,officers=1"}
	_, drawn, _ = askKeys(t, spec, "\r")
	if !strings.Contains(drawn, "Enter takes sloop:cannons=2,sailors=2,officers=1.") || !strings.Contains(drawn, "? Ann [sloop:cannons=2,sai…]:") {
		t.Errorf("long default:\n%s", drawn)
	}
}

// The list starts on the default: yes/no with no as the usual answer
// highlights no (issue 24: it highlighted yes), and so does a choice.
func TestPickStartsOnTheDefault(t *testing.T) {
	q := referee.Question{Key: "wfa.turn.continent", Text: "whole continent?", Kind: referee.KindConfirm, Default: "no"}
	_, drawn, _ := askKeys(t, q, "\r")
	first := strings.LastIndex(drawn, "? continent [no]:") // the last drawing before Enter
	if first < 0 || !strings.Contains(drawn[first:], "> no") || strings.Contains(drawn[first:], "> yes") {
		t.Errorf("the list is not drawn on no:\n%s", drawn)
	}
	ch := referee.Question{Key: "wfa.turn.action", Text: "action?", Kind: referee.KindChoose, Options: []string{"collect", "buy", "move", "end"}, Default: "move"}
	// Up from the default is buy: the cursor was on move.
	if got, _, err := askKeys(t, ch, "\x1b[A\r"); err != nil || got != "buy" {
		t.Errorf("Up, Enter from the default move answered %q, %v", got, err)
	}
}

// A pick its check refuses is picked again with the reason, not given up
// (the step would be lost); a refusal that names an earlier question
// (referee.Reask) goes back to it, at a pick and at a typed line.
func TestPickRefusedByItsCheckIsPickedAgain(t *testing.T) {
	q := referee.Question{Key: "qc.action", Text: "action?", Kind: referee.KindChoose, Options: []string{"move", "upgrade"},
		Check: func(v string) (string, error) {
			if v == "upgrade" {
				return "", referee.Usagef("a new sail costs 1 canvas and 3 Coins; Dee has 0 canvas")
			}
			return v, nil
		}}
	got, drawn, err := askKeys(t, q, "upgrade\rmove\r")
	if err != nil || got != "move" {
		t.Fatalf("Ask = %q, %v; drawn:\n%s", got, err, drawn)
	}
	if !strings.Contains(drawn, "a new sail costs 1 canvas") {
		t.Errorf("the reason is not drawn:\n%s", drawn)
	}
	earlier := func(v string) (string, error) {
		return "", referee.Reask("rs.ironside.card.number", referee.Usagef("card 10 is a Level 2 card"))
	}
	pick := referee.Question{Key: "rs.ironside.card.10.level", Text: "level?", Kind: referee.KindChoose, Options: []string{"1", "2"}, Check: earlier}
	if _, _, err := askKeys(t, pick, "2\r"); err == nil {
		t.Error("a pick that shows an earlier answer wrong was taken")
	} else if re, ok := referee.AsReask(err); !ok || re.Key != "rs.ironside.card.number" {
		t.Errorf("pick: %v is not the Reask of the card number", err)
	}
	line := referee.Question{Key: "rs.x", Text: "x?", Kind: referee.KindText, Check: earlier}
	if _, drawn, err := askKeys(t, line, "abc\r"); err == nil {
		t.Error("a line that shows an earlier answer wrong was taken")
	} else if _, ok := referee.AsReask(err); !ok || strings.Contains(drawn, ">> ") {
		// The reason is shown once, in the earlier question asked again.
		t.Errorf("line: %v; drawn:\n%s", err, drawn)
	}
}

// A pick list finds an option by its label ("krak" for the Kraken, a Sea
// Monster card) and answers the option.
func TestPickFindsAnOptionByItsLabel(t *testing.T) {
	q := referee.Question{Key: "rs.adventure.card", Text: "card?", Kind: referee.KindChoose,
		Options: []string{"smooth-sailing", "sea-monster", "perils"},
		Labels:  map[string]string{"sea-monster": "a Sea Monster card, such as the Kraken", "perils": "Perils of the Sea"}}
	got, drawn, err := askKeys(t, q, "krak\r")
	if err != nil || got != "sea-monster" {
		t.Fatalf("Ask = %q, %v; drawn:\n%s", got, err, drawn)
	}
}

// A search typed and erased puts the cursor back on the default, so the
// row highlighted is the one Enter takes (found at the table: "y",
// Backspace left "yes" highlighted while Enter took the default "no").
func TestPickErasedSearchShowsTheDefault(t *testing.T) {
	q := referee.Question{Key: "qc.marauder.1.reach", Text: "can Marauder 1 reach you?", Kind: referee.KindConfirm, Default: "no"}
	got, drawn, err := askKeys(t, q, "y\x7f\r")
	if err != nil || got != "no" {
		t.Fatalf("y, Backspace, Enter = %q, %v", got, err)
	}
	last := strings.LastIndex(drawn, "? reach [no]:")
	if last < 0 || !strings.Contains(drawn[last:], "> no") || strings.Contains(drawn[last:], "> yes") {
		t.Errorf("the last drawing does not highlight no:\n%q", drawn[max(last, 0):])
	}
}

// Text that matches no option leaves nothing to pick: the list says so
// and what to do (Enter there picked nothing with no word why), and the
// answer typed after erasing it is taken.
func TestPickNoResultsSaysWhatToDo(t *testing.T) {
	ch := referee.Question{Key: "wfa.turn.action", Text: "action?", Kind: referee.KindChoose, Options: []string{"collect", "move", "end"}}
	got, drawn, err := askKeys(t, ch, "zzz\r\x7f\x7f\x7fmove\r")
	if err != nil || got != "move" {
		t.Fatalf("Ask = %q, %v; drawn:\n%s", got, err, drawn)
	}
	if !strings.Contains(drawn, "No results: Enter takes nothing here; Backspace and type part of an option") {
		t.Errorf("the list does not say what to do when nothing matches:\n%s", drawn)
	}
	narrow := string(noResultsHelp(40))
	if len([]rune(narrow)) > 39 || !strings.HasPrefix(narrow, "No results") {
		t.Errorf("at 40 columns the line is %q", narrow)
	}
}

// Ctrl-U at a pick list erases the search, as it erases a typed line.
func TestPickCtrlUClearsTheSearch(t *testing.T) {
	ch := referee.Question{Key: "wfa.turn.action", Text: "action?", Kind: referee.KindChoose, Options: []string{"collect", "move", "end"}}
	for _, keys := range []string{"zq\x15move\r", "zq\x15\x15move\r", "\x15move\r", "col\x15\x15e\r"} {
		want := "move"
		if strings.HasPrefix(keys, "col") {
			want = "end"
		}
		got, drawn, err := askKeys(t, ch, keys)
		if err != nil || got != want {
			t.Errorf("%q: Ask = %q, %v; drawn:\n%s", keys, got, err, drawn)
		}
	}
}
