package referee

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/tables"
)

// Spec is a parsed dice spec: Count dice named Die ("d6", "wind", ...).
type Spec struct {
	Text  string `json:"spec"`
	Count int    `json:"count"`
	Die   string `json:"die"`
	info  *DieInfo
}

// MaxDice is the most dice one spec may roll.
const MaxDice = 100

// specHelp says what ParseSpec accepts, naming the dice it knows.
func specHelp(dice []DieInfo) string {
	var names []string
	for _, d := range dice {
		if d.Name == "ammo" {
			names = append(names, "ammo:3") // the count's example
			continue
		}
		names = append(names, d.Name)
	}
	return "NdM (e.g. 3d6, d20), or a named die with an optional count NAME[:N]: " + strings.Join(names, ", ")
}

// ParseSpec reads "3d6", "d6", or a named die of dice with an optional
// count: "direction", "wind", "ammo:3".
func ParseSpec(s string, dice []DieInfo) (Spec, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	bad := func(why string) (Spec, error) {
		return Spec{}, Usagef("dice: %q %s; accepted: %s", s, why, specHelp(dice))
	}
	if t == "" {
		return bad("is empty")
	}
	if i := strings.IndexByte(t, 'd'); i >= 0 && isDigits(t[i+1:]) && (i == 0 || isDigits(t[:i])) {
		n := 1
		if i > 0 {
			n, _ = strconv.Atoi(t[:i])
		}
		faces, err := strconv.Atoi(t[i+1:])
		if err != nil || faces < 2 || faces > 1000 {
			return bad("has no such die (2 to 1000 faces)")
		}
		if n < 1 || n > MaxDice {
			return bad("rolls " + strconv.Itoa(n) + " dice (1 to " + strconv.Itoa(MaxDice) + ")")
		}
		return Spec{Text: s, Count: n, Die: "d" + strconv.Itoa(faces)}, nil
	}
	name, count, hasCount := strings.Cut(t, ":")
	for i, d := range dice {
		if d.Name != name {
			continue
		}
		n := d.Count
		if hasCount {
			var err error
			n, err = strconv.Atoi(count)
			if err != nil || n < 1 || n > MaxDice {
				return bad("has a count that is not a whole number from 1 to " + strconv.Itoa(MaxDice))
			}
		}
		if n < d.MinCount {
			why := ""
			if d.RerollWhileAllMatch {
				why = fmt.Sprintf(" (the %s are re-rolled while all match)", spelled(d.Count))
			}
			return bad(fmt.Sprintf("rolls fewer than %s %s%s", spelled(d.MinCount), d.Title, why))
		}
		return Spec{Text: s, Count: n, Die: name, info: &dice[i]}, nil
	}
	return bad("is not a dice spec")
}

// spelled spells small counts as words ("two"), as the rulebooks do.
func spelled(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// SpecRoll is the result of rolling one spec.
type SpecRoll struct {
	Spec    string `json:"spec"`
	Die     string `json:"die"`
	Title   string `json:"title"`
	Rolls   []Roll `json:"rolls"`
	Total   int    `json:"total"`
	Rerolls int    `json:"rerolls,omitempty"` // Wind Dice: times all matched and were re-rolled
}

// RollSpec rolls a parsed spec under the prompt key (see RollDice).
func RollSpec(d *Dice, set *tables.Set, key string, sp Spec) (SpecRoll, error) {
	var info DieInfo
	var die Die
	var err error
	if sp.info != nil {
		info = *sp.info
		die, err = LoadDie(set, d.Prompt, info)
	} else {
		die, err = NamedDie(set, d.Prompt, nil, sp.Die)
		info = DieInfo{Name: die.Name, Title: die.Title}
	}
	if err != nil {
		return SpecRoll{}, err
	}
	out := SpecRoll{Spec: sp.Text, Die: die.Name, Title: die.Title}
	out.Rolls, out.Rerolls, err = RollDice(d, key, info, die, sp.Count)
	if err != nil {
		return SpecRoll{}, err
	}
	for _, r := range out.Rolls {
		out.Total += r.Value
	}
	return out, nil
}

// MaxRerolls is how many times in a row RollDice re-rolls (or re-asks)
// dice that all match before it gives up: 50 matching virtual rolls of
// two distinct faces do not happen, and 50 matching entered rolls are an
// answer repeated, not a table re-rolling.
const MaxRerolls = 50

// RollDice rolls n of die under the prompt key and returns the rolls and
// how many times they were re-rolled. A die declared RerollWhileAllMatch
// (Rolling Seas, Dice Phase: the Wind Dice) is re-rolled while all of
// the dice show the same face. Entered dice that all match are asked for
// again (the table re-rolls them and enters the new faces; an answers
// file gives the re-roll as the key's next answer); every roll, refused
// or kept, is logged.
func RollDice(d *Dice, key string, info DieInfo, die Die, n int) ([]Roll, int, error) {
	reroll := info.RerollWhileAllMatch && n > 1
	if reroll && len(die.FaceNames()) < 2 {
		return nil, 0, Usagef("dice: the %s have only one distinct face (%s), so they would be re-rolled for ever; correct dice: %s in tables.yaml", die.Title, die.Accepts(), die.Name)
	}
	for rerolls := 0; ; rerolls++ {
		rs, err := d.RollN(key, die, n)
		if err != nil {
			return nil, 0, err
		}
		if !reroll || !allMatch(rs) {
			return rs, rerolls, nil
		}
		if rerolls == MaxRerolls {
			return nil, 0, Usagef("dice: %s: all %d %s showed %s %d times in a row; the rules re-roll them until at least one differs: roll again and enter the new faces", key, len(rs), die.Title, faceText(rs[0]), MaxRerolls+1)
		}
	}
}

// faceText is what a roll shows: its label, or its value.
func faceText(r Roll) string {
	if r.Label != "" {
		return r.Label
	}
	return strconv.Itoa(r.Value)
}

// allMatch reports whether every roll shows the same face (labels compared
// as printed, in any case).
func allMatch(rs []Roll) bool {
	for _, r := range rs[1:] {
		if !strings.EqualFold(faceText(r), faceText(rs[0])) {
			return false
		}
	}
	return true
}
