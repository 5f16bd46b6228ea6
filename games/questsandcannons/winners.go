package questsandcannons

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Winners ranks teams by Prosperity, ties by Coins.
func Winners(st *State) *Result {
	type score struct {
		team        int
		pros, coins int
	}
	var sc []score
	for ti, t := range st.Teams {
		c := 0
		for _, m := range t.Members {
			c += st.Players[m].Coins
		}
		sc = append(sc, score{ti, t.Prosperity, c})
	}
	sort.SliceStable(sc, func(a, b int) bool {
		if sc[a].pros != sc[b].pros {
			return sc[a].pros > sc[b].pros
		}
		return sc[a].coins > sc[b].coins
	})
	r := &Result{Won: true}
	var parts []string
	for _, s := range sc {
		if s.pros == sc[0].pros && s.coins == sc[0].coins {
			r.Winners = append(r.Winners, st.Teams[s.team].Name)
		}
		parts = append(parts, fmt.Sprintf("%s %d Prosperity, %d Coins", st.Teams[s.team].Name, s.pros, s.coins))
	}
	r.Reason = "most Prosperity wins, ties by Coins: " + strings.Join(parts, "; ")
	return r
}

func (s *step) finish(r *Result, cites []string) {
	s.st.Result = r
	s.st.Phase = PhaseOver
	text := "game over: "
	switch {
	case s.st.coop() && r.Won:
		text += "the players win; " + r.Reason
	case s.st.coop():
		text += r.Reason
	default:
		verb := " win; " // a team (Ann+Bob) or a tie
		if len(r.Winners) == 1 && !strings.Contains(r.Winners[0], "+") {
			verb = " wins; "
		}
		text += strings.Join(r.Winners, " and ") + verb + r.Reason
	}
	s.env.Emit(referee.Event{Type: "game-over", Text: text, Data: map[string]any{"result": r, "round": s.st.Round}, Cites: cites})
}
