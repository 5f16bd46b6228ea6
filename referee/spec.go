package referee

import (
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/tables"
)

// Spec is a parsed dice spec: Count dice named Die ("d6", "wind", ...).
type Spec struct {
	Text  string `json:"spec"`
	Count int    `json:"count"`
	Die   string `json:"die"`
}

// MaxDice is the most dice one spec may roll.
const MaxDice = 100

const specHelp = "NdM (e.g. 3d6, d20), or a named die with an optional count NAME[:N]: direction, wind, exploration, ammo:3, traveler, pirate"

// ParseSpec reads "3d6", "d6", "direction", "wind", "ammo:3".
func ParseSpec(s string) (Spec, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	bad := func(why string) (Spec, error) {
		return Spec{}, Usagef("dice: %q %s; accepted: %s", s, why, specHelp)
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
	for _, d := range Catalog {
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
		if name == "wind" && n < 2 {
			return bad("rolls fewer than two Wind Dice (the three are re-rolled while all match)")
		}
		return Spec{Text: s, Count: n, Die: name}, nil
	}
	return bad("is not a dice spec")
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

// RollSpec rolls a parsed spec under the prompt key. Wind Dice are
// re-rolled while all of them match (Rolling Seas, Dice Phase); entered
// Wind Dice that all match are refused, since the table must re-roll them.
func RollSpec(d *Dice, set *tables.Set, key string, sp Spec) (SpecRoll, error) {
	die, err := NamedDie(set, d.Prompt, sp.Die)
	if err != nil {
		return SpecRoll{}, err
	}
	out := SpecRoll{Spec: sp.Text, Die: die.Name, Title: die.Title}
	if sp.Die == "wind" && len(die.FaceNames()) < 2 {
		return SpecRoll{}, Usagef("dice: the Wind Dice have only one distinct face (%s), so they would be re-rolled for ever; correct dice: wind in tables.yaml", die.Accepts())
	}
	for {
		rs, err := d.RollN(key, die, sp.Count)
		if err != nil {
			return SpecRoll{}, err
		}
		out.Rolls = rs
		if sp.Die != "wind" || !allMatch(rs) {
			break
		}
		if rs[0].Entered {
			return SpecRoll{}, Usagef("dice: all %d Wind Dice show %s; the rules re-roll them until at least one differs: roll again and enter the new faces", len(rs), rs[0].Label)
		}
		out.Rerolls++
	}
	for _, r := range out.Rolls {
		out.Total += r.Value
	}
	return out, nil
}

func allMatch(rs []Roll) bool {
	for _, r := range rs[1:] {
		if r.Value != rs[0].Value || r.Label != rs[0].Label {
			return false
		}
	}
	return true
}
