package questsandcannons

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Winners ranks teams by Prosperity, ties by Coins.
//
// "At the end of the round, the player or team with the most prosperity is
// the winner! In the case of a tie, the player or team with the most Coins
// wins the game." (The End, quests-and-cannons/prosperity-goal). Two readings bosun makes, both in
// docs/quests-and-cannons.md, Rulings:
//   - A team's Coins are its players' Coins added together. Prosperity is
//     the team's ("If you're on a team, your entire team can use one
//     tracker", quests-and-cannons/5-home-ports), Coins are each player's ("Each player receives
//     ... 3 coins", quests-and-cannons/4-prepare-your-ship), and "Teammates may give any number of their
//     resources, coins, ... to each other" (quests-and-cannons/exchanging-with-teammates): what "the team with
//     the most Coins" holds is all of its players' Coins.
//   - Teams still tied on Prosperity and Coins all win: the rulebook gives
//     no third tie-break, and naming one winner would invent it. The
//     result says the win is shared and why.
func Winners(st *State) *Result {
	type score struct {
		team        int
		pros, coins int
		each        []string // "Ann 5", one per member (teams of 2 or more)
	}
	var sc []score
	for ti, t := range st.Teams {
		c := 0
		var each []string
		for _, m := range t.Members {
			c += st.Players[m].Coins
			each = append(each, fmt.Sprintf("%s %d", st.Players[m].Name, st.Players[m].Coins))
		}
		sc = append(sc, score{ti, t.Prosperity, c, each})
	}
	sort.SliceStable(sc, func(a, b int) bool {
		if sc[a].pros != sc[b].pros {
			return sc[a].pros > sc[b].pros
		}
		return sc[a].coins > sc[b].coins
	})
	tiedPros := len(sc) > 1 && sc[1].pros == sc[0].pros
	r := &Result{Won: true}
	var parts []string
	for _, s := range sc {
		if s.pros == sc[0].pros && s.coins == sc[0].coins {
			r.Winners = append(r.Winners, st.Teams[s.team].Name)
		}
		part := fmt.Sprintf("%s %d Prosperity, %s", st.Teams[s.team].Name, s.pros, referee.Count(s.coins, "Coin"))
		if tiedPros && s.pros == sc[0].pros && len(s.each) > 1 {
			part += " (" + strings.Join(s.each, " + ") + ")"
		}
		parts = append(parts, part)
	}
	r.Reason = "most Prosperity wins, ties by Coins: " + strings.Join(parts, "; ")
	switch {
	case len(r.Winners) > 1:
		r.Reason += fmt.Sprintf("; tied on Prosperity and Coins, and the rulebook breaks the tie no further: %s share the win", strings.Join(r.Winners, " and "))
	case tiedPros && len(sc[0].each) > 1:
		r.Reason += "; tied on Prosperity, the Coins decide (a team's Coins are its players' together)"
	case tiedPros:
		r.Reason += "; tied on Prosperity, the Coins decide"
	}
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
