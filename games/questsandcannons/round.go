package questsandcannons

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func (s *step) endTurn() error {
	pi := s.st.curIndex()
	p := s.st.cur()
	var discards, words []string
	for _, c := range []struct {
		n    *int
		name string
	}{{&p.Loot, "Loot"}, {&p.Quests, "Quest"}, {&p.Clues, "Clue"}} {
		if *c.n > HandLimit {
			discards = append(discards, fmt.Sprintf("%d %s", *c.n-HandLimit, c.name))
			words = append(words, referee.Count(*c.n-HandLimit, c.name+" card"))
			*c.n = HandLimit
		}
	}
	if len(discards) > 0 {
		s.env.Emit(referee.Event{Type: "hand-limit", Text: fmt.Sprintf("%s discards %s down to three of each type", p.Name, referee.JoinAnd(words)),
			Data: map[string]any{"player": p.Name, "discards": discards}, Cites: []string{CiteHand}})
	}
	s.env.Emit(referee.Event{Type: "turn-end", Text: fmt.Sprintf("%s ends the turn", p.Name), Data: map[string]any{"player": p.Name, "round": s.st.Round}, Cites: []string{CiteTurnsRounds}})
	if err := s.marauderTurn(pi); err != nil {
		return err
	}
	s.st.Turn++
	if s.st.Turn >= len(s.st.Order) {
		s.st.Turn = len(s.st.Order) - 1
		s.st.Phase = PhaseRoundEnd
	} else {
		s.st.Phase = PhaseStart
	}
	return nil
}

func (s *step) roundEnd() {
	if s.st.coop() {
		missions := true
		var open []string
		for _, p := range s.st.Players {
			m, prog, target, done := p.MissionDone()
			if !done {
				missions = false
				open = append(open, fmt.Sprintf("%s %s %d/%d", p.Name, m, prog, target))
			}
		}
		t := s.st.Teams[0]
		switch {
		case s.st.GoalReached && missions:
			s.finish(&Result{Winners: []string{t.Name}, Won: true, Reason: fmt.Sprintf("every Mission complete and the Prosperity Goal reached (%d of %d) in round %d", t.Prosperity, t.Goal, s.st.Round)},
				[]string{CiteCoop, CiteMissions})
			return
		case s.st.GoalReached && s.st.Rulings.CoopGoalEnds:
			// The goal ends the game at the end of this round; a Mission
			// is still open, so the team does not win.
			s.finish(&Result{Won: false, Reason: fmt.Sprintf("the Prosperity Goal was reached (%d of %d) and the game ends at the end of round %d, but the Marauders win: open Missions: %s", t.Prosperity, t.Goal, s.st.Round, strings.Join(open, ", "))},
				[]string{CiteTheEnd, CiteCoop, CiteMissions})
			return
		case s.st.Round >= CoopRounds:
			why := "the Prosperity Goal was not reached"
			if s.st.GoalReached {
				why = "the Prosperity Goal was reached"
			}
			if len(open) > 0 {
				why += "; open Missions: " + strings.Join(open, ", ")
			}
			s.finish(&Result{Won: false, Reason: fmt.Sprintf("round %d is over and the Marauders win: %s", CoopRounds, why)}, []string{CiteCoop, CiteMissions})
			return
		}
	} else if s.st.GoalReached {
		s.finish(Winners(s.st), []string{CiteTheEnd})
		return
	}
	s.marauderRoundEnd()
	rounds, cites := 0, []string{CiteTurnsRounds}
	if s.st.coop() {
		rounds, cites = CoopRounds, append(cites, CiteCoop) // "within 15 rounds"
	}
	s.env.Emit(referee.Event{Type: "round-end", Text: fmt.Sprintf("%s is over", roundText(s.st.Round, rounds)), Data: map[string]any{"round": s.st.Round}, Cites: cites})
	s.st.Round++
	s.st.Turn = 0
	s.st.Phase = PhaseStart
}
