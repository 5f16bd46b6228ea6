package cmdutil

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// RollsText says which dice fell, grouped by die and by whether bosun
// rolled them or a player entered them: "d6 rolled: 6, 3; direction
// entered: N>NW|NE"), as bosun next and bosun serve show them.
func RollsText(rolls []referee.Roll) string {
	var groups []string
	for i := 0; i < len(rolls); {
		j := i
		var faces []string
		for ; j < len(rolls) && rolls[j].Die == rolls[i].Die && rolls[j].Entered == rolls[i].Entered; j++ {
			v := fmt.Sprint(rolls[j].Value)
			if rolls[j].Label != "" {
				v = rolls[j].Label
			}
			faces = append(faces, v)
		}
		how := "rolled"
		if rolls[i].Entered {
			how = "entered"
		}
		groups = append(groups, fmt.Sprintf("%s %s: %s", rolls[i].Die, how, strings.Join(faces, ", ")))
		i = j
	}
	return strings.Join(groups, "; ")
}
