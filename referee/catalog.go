package referee

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/tables"
)

// DieInfo describes a named die that a game declares (Game.Dice).
type DieInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Game  string `json:"game"`
	Count int    `json:"count"` // how many are rolled together by default (3 Wind Dice)
	// MinCount is the fewest that may be rolled together (0 or 1: one).
	MinCount int `json:"min_count,omitempty"`
	// RerollWhileAllMatch: a roll whose dice all show the same face is
	// rolled again until one differs; entered dice that all match are
	// refused, since the table must re-roll them (Rolling Seas Wind Dice).
	RerollWhileAllMatch bool `json:"reroll_while_all_match,omitempty"`
	// Note is what else a player should know when naming the die, for
	// bosun roll's help ("main direction, top-left, top-right").
	Note string `json:"-"`
}

// About says how the die rolls, in words: its note, its default count
// when more than one ("2 by default"), and a re-roll rule ("3; re-rolled
// while all three match"). bosun roll's help lists every game's dice with it.
func (d DieInfo) About() string {
	var parts []string
	if d.Note != "" {
		parts = append(parts, d.Note)
	}
	switch {
	case d.RerollWhileAllMatch:
		parts = append(parts, strconv.Itoa(d.Count), "re-rolled while all "+spelled(d.Count)+" match")
	case d.Count > 1:
		parts = append(parts, strconv.Itoa(d.Count)+" by default")
	}
	return strings.Join(parts, "; ")
}

// askOnce returns the value of a table row; when the row is unknown it asks
// q once and remembers the answer in the user's overlay, so the question is
// never asked again.
func askOnce(set *tables.Set, p Prompter, table, key string, q Question) (any, error) {
	if set != nil {
		if r, ok := set.Lookup(table, key); ok && r.Known() {
			return r.Value, nil
		}
		if r, ok := set.Lookup(table, key); ok && q.Where == "" {
			q.Where = r.Where
		}
	}
	if p == nil {
		return nil, &NoAnswerError{Q: q}
	}
	ans, err := p.Ask(q)
	if err != nil {
		return nil, err
	}
	if set != nil {
		if err := set.Remember(table, key, ans, "asked as "+q.Key); err != nil {
			return nil, fmt.Errorf("tables: remembering %s.%s: %w", table, key, err)
		}
	}
	return ans, nil
}

// NamedDie returns a die of dice by name (or a plain "dN"), with its faces
// from the dice table. Unknown faces (a board value) are asked once.
func NamedDie(set *tables.Set, p Prompter, dice []DieInfo, name string) (Die, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if strings.HasPrefix(name, "d") {
		if n, err := strconv.Atoi(name[1:]); err == nil {
			if n < 2 || n > 1000 {
				return Die{}, Usagef("dice: d%d has no such die (2 to 1000 faces)", n)
			}
			return D(n), nil
		}
	}
	for _, d := range dice {
		if d.Name == name {
			return LoadDie(set, p, d)
		}
	}
	return Die{}, Usagef("dice: %q is not a die (dN, %s)", name, strings.Join(DieNames(dice), ", "))
}

// LoadDie returns the die a game declares, with its faces from the dice
// table. Unknown faces (a board value) are asked once.
func LoadDie(set *tables.Set, p Prompter, info DieInfo) (Die, error) {
	v, err := askOnce(set, p, "dice", info.Name, Question{
		Key:      "tables.dice." + info.Name,
		Text:     fmt.Sprintf("the faces of the %s, comma-separated", info.Title),
		Kind:     KindText,
		Accepted: "one value per face, comma-separated: the number on it (dots for an Ammo die, e.g. 1,2,3,4,5,6) or its label",
	})
	if err != nil {
		return Die{}, err
	}
	faces, err := facesOf(v)
	if err != nil {
		return Die{}, fmt.Errorf("dice: faces of the %s: %w", info.Title, err)
	}
	return Die{Name: info.Name, Title: info.Title, Game: info.Game, Faces: faces}, nil
}

// DieNames lists the names of dice.
func DieNames(dice []DieInfo) []string {
	n := make([]string, len(dice))
	for i, d := range dice {
		n[i] = d.Name
	}
	return n
}

func facesOf(v any) ([]Face, error) {
	var items []string
	switch x := v.(type) {
	case []any:
		for _, it := range x {
			items = append(items, fmt.Sprint(it))
		}
	case string:
		items = SplitList(x)
	default:
		return nil, fmt.Errorf("%v is not a list of faces", v)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("no faces")
	}
	faces := make([]Face, len(items))
	for i, it := range items {
		if n, err := strconv.Atoi(it); err == nil {
			faces[i] = Face{Value: n}
		} else {
			faces[i] = Face{Value: i + 1, Label: it}
		}
	}
	return faces, nil
}
