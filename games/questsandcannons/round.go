package questsandcannons

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func endTurn(st *State, env *referee.Env) error {
	pi := st.curIndex()
	p := st.cur()
	var discards []string
	for _, c := range []struct {
		n    *int
		name string
	}{{&p.Loot, "Loot"}, {&p.Quests, "Quest"}, {&p.Clues, "Clue"}} {
		if *c.n > HandLimit {
			discards = append(discards, fmt.Sprintf("%d %s", *c.n-HandLimit, c.name))
			*c.n = HandLimit
		}
	}
	if len(discards) > 0 {
		env.Emit(referee.Event{Type: "hand-limit", Text: fmt.Sprintf("%s discards %s card(s) down to three of each type", p.Name, strings.Join(discards, ", ")),
			Data: map[string]any{"player": p.Name, "discards": discards}, Cites: []string{CiteHand}})
	}
	env.Emit(referee.Event{Type: "turn-end", Text: fmt.Sprintf("%s ends the turn", p.Name), Data: map[string]any{"player": p.Name, "round": st.Round}, Cites: []string{CiteTurnsRounds}})
	if err := marauderTurn(st, env, pi); err != nil {
		return err
	}
	st.Turn++
	if st.Turn >= len(st.Order) {
		st.Turn = len(st.Order) - 1
		st.Phase = PhaseRoundEnd
	} else {
		st.Phase = PhaseStart
	}
	return nil
}

func roundEnd(st *State, env *referee.Env) {
	if st.coop() {
		missions := true
		var open []string
		for _, p := range st.Players {
			m, prog, target, done := p.MissionDone()
			if !done {
				missions = false
				open = append(open, fmt.Sprintf("%s %s %d/%d", p.Name, m, prog, target))
			}
		}
		t := st.Teams[0]
		switch {
		case st.GoalReached && missions:
			finish(st, env, &Result{Winners: []string{t.Name}, Won: true, Reason: fmt.Sprintf("every Mission complete and the Prosperity Goal reached (%d of %d) in round %d", t.Prosperity, t.Goal, st.Round)},
				[]string{CiteCoop, CiteMissions})
			return
		case st.GoalReached && st.Rulings.CoopGoalEnds:
			// The goal ends the game at the end of this round; a Mission
			// is still open, so the team does not win.
			finish(st, env, &Result{Won: false, Reason: fmt.Sprintf("the Prosperity Goal was reached (%d of %d) and the game ends at the end of round %d, but the Marauders win: open Missions: %s", t.Prosperity, t.Goal, st.Round, strings.Join(open, ", "))},
				[]string{CiteTheEnd, CiteCoop, CiteMissions})
			return
		case st.Round >= CoopRounds:
			why := "the Prosperity Goal was not reached"
			if st.GoalReached {
				why = "the Prosperity Goal was reached"
			}
			if len(open) > 0 {
				why += "; open Missions: " + strings.Join(open, ", ")
			}
			finish(st, env, &Result{Won: false, Reason: fmt.Sprintf("round %d is over and the Marauders win: %s", CoopRounds, why)}, []string{CiteCoop, CiteMissions})
			return
		}
	} else if st.GoalReached {
		finish(st, env, Winners(st), []string{CiteTheEnd})
		return
	}
	marauderRoundEnd(st, env)
	rounds, cites := 0, []string{CiteTurnsRounds}
	if st.coop() {
		rounds, cites = CoopRounds, append(cites, CiteCoop) // "within 15 rounds"
	}
	env.Emit(referee.Event{Type: "round-end", Text: fmt.Sprintf("%s is over", roundText(st.Round, rounds)), Data: map[string]any{"round": st.Round}, Cites: cites})
	st.Round++
	st.Turn = 0
	st.Phase = PhaseStart
}
