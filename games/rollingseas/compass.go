package rollingseas

import (
	"fmt"
	"strings"
)

// Compass draws the Central Compass with the Wind Dice on it and, when
// explore > 0, the Exploration Die on the Exploration Board:
//
//	NW   N   NE
//	   \ | /
//	W -- + -- E
//	   / | \
//	SW   S   SE
//
// A direction rolled on a Wind Die is shown in brackets with the number of
// dice showing it.
func Compass(wind []string, explore int) string {
	count := map[string]int{}
	for _, w := range wind {
		count[strings.ToUpper(w)]++
	}
	cell := func(d string) string {
		switch count[d] {
		case 0:
			return fmt.Sprintf(" %-3s ", strings.ToLower(d))
		case 1:
			return fmt.Sprintf("[%-3s]", d)
		}
		return fmt.Sprintf("[%s×%d]", d, count[d])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s   %s   %s\n", cell("NW"), cell("N"), cell("NE"))
	b.WriteString("        \\   |   /\n")
	fmt.Fprintf(&b, "%s -- ✠ -- %s\n", cell("W"), cell("E"))
	b.WriteString("        /   |   \\\n")
	fmt.Fprintf(&b, "%s   %s   %s\n", cell("SW"), cell("S"), cell("SE"))
	if explore > 0 {
		b.WriteString("Exploration Board: ")
		for i := 1; i <= 6; i++ {
			if i == explore {
				fmt.Fprintf(&b, "[%d] ", i)
			} else {
				fmt.Fprintf(&b, " %d  ", i)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
