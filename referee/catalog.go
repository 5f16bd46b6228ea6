package referee

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/tables"
)

// DieInfo describes a named die of the catalog.
type DieInfo struct {
	Name  string
	Title string
	Game  string
	Count int // how many are rolled together by default (3 Wind Dice)
}

// Catalog lists the named dice of the four games (plain dN is always known).
var Catalog = []DieInfo{
	{Name: "direction", Title: "Direction Dice", Game: "misty-waters", Count: 1},
	{Name: "wind", Title: "Wind Dice", Game: "rolling-seas", Count: 3},
	{Name: "exploration", Title: "Exploration Die", Game: "rolling-seas", Count: 1},
	{Name: "ammo", Title: "Ammo die", Game: "quests-and-cannons", Count: 1},
	{Name: "traveler", Title: "Traveler Die", Game: "quests-and-cannons", Count: 1},
	{Name: "pirate", Title: "black pirate die", Game: "war-for-atraxia", Count: 2},
}

// AskOnce returns the value of a table row; when the row is unknown it asks
// q once and remembers the answer in the user's overlay, so the question is
// never asked again.
func AskOnce(set *tables.Set, p Prompter, table, key string, q Question) (any, error) {
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

// NamedDie returns a die of the catalog (or "dN"), with its faces from the
// dice table. Unknown faces (a board value) are asked once.
func NamedDie(set *tables.Set, p Prompter, name string) (Die, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if strings.HasPrefix(name, "d") {
		if n, err := strconv.Atoi(name[1:]); err == nil {
			if n < 2 || n > 1000 {
				return Die{}, Usagef("dice: d%d has no such die (2 to 1000 faces)", n)
			}
			return D(n), nil
		}
	}
	var info *DieInfo
	for i := range Catalog {
		if Catalog[i].Name == name {
			info = &Catalog[i]
		}
	}
	if info == nil {
		return Die{}, Usagef("dice: %q is not a die (dN, %s)", name, strings.Join(DieNames(), ", "))
	}
	v, err := AskOnce(set, p, "dice", name, Question{
		Key:      "tables.dice." + name,
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

// DieNames lists the catalog's die names.
func DieNames() []string {
	n := make([]string, len(Catalog))
	for i, d := range Catalog {
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
