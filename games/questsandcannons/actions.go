package questsandcannons

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// ActionChoices are the answers of qc.action: Actions (move, gather, solve,
// attack; mobility is Delvish Mobility), Port Activities and other things a
// player does on their turn, and end.
var ActionChoices = []string{
	"move", "mobility", "gather", "solve", "attack",
	"deliver", "quest", "ammo", "repair", "sell", "upgrade", "trade",
	"exchange", "equip", "mend", "damage", "adjust", "end",
}

func (s *step) action() error {
	p := s.st.cur()
	// Only the actions the player can take now are offered; one typed
	// anyway is refused with the rule (see chooseOffered).
	// No default: what a player does next is theirs to say (Enter on end
	// would end the turn and let the Marauders attack).
	a, err := chooseOffered(s.env.Prompt, "qc.action",
		fmt.Sprintf("%s (%s, %s and %s Ready, on %s space): what next?", p.Name, referee.Count(p.Actions, "Action"), referee.Count(p.SailsReady, "Sail"), referee.Count(p.GunsReady, "Cannon"), referee.A(p.Space)),
		referee.NoDefault, ActionChoices, func(a string) error { return actionRefusal(s.st, a) })
	if err != nil {
		return err
	}
	switch a {
	case "move":
		return s.move(false)
	case "mobility":
		return s.move(true)
	case "gather":
		return s.gather()
	case "solve":
		return s.solve()
	case "attack":
		return s.attack()
	case "deliver":
		return s.deliver()
	case "quest":
		return s.quest()
	case "ammo":
		return s.buyAmmo()
	case "repair":
		return s.repair()
	case "sell":
		return s.sell()
	case "upgrade":
		return s.upgrade()
	case "trade":
		return s.trade()
	case "exchange":
		return s.exchange()
	case "equip":
		return s.equip()
	case "mend":
		return s.mend()
	case "damage":
		return s.damageEffect()
	case "adjust":
		return s.adjust()
	case "end":
		return s.endTurn()
	}
	return referee.Usagef("qc.action: %q is not an action", a)
}

func needActions(p *Player, what string, cites ...string) error {
	if p.Actions < 1 {
		return referee.RuleError(append([]string{CiteHowTurnWorks}, cites...), "questsandcannons: %s has no Actions left this turn; %s costs an Action", p.Name, what)
	}
	return nil
}

// gainProsperity moves a team's tracker and latches the goal.
func (s *step) gainProsperity(team, n int, why string, cites ...string) {
	if n == 0 {
		return
	}
	t := &s.st.Teams[team]
	before := t.Prosperity
	t.Prosperity += n
	if t.Prosperity < 0 && !s.st.Rulings.NegativeProsperity {
		// The track starts at 0 (the tracker begins next to the 1 space);
		// bosun does not go below it unless negative-prosperity=yes.
		t.Prosperity = 0
	}
	s.env.Emit(referee.Event{Type: "prosperity", Text: fmt.Sprintf("team %s: Prosperity %d -> %d (%s)", t.Name, before, t.Prosperity, why),
		Data: map[string]any{"team": t.Name, "before": before, "after": t.Prosperity, "change": t.Prosperity - before}, Cites: append([]string{CiteProsperity}, cites...)})
	if !s.st.GoalReached && t.Prosperity >= t.Goal {
		s.st.GoalReached = true
		s.st.GoalRound = s.st.Round
		text := fmt.Sprintf("team %s reached its Prosperity Goal of %d: the game ends at the end of round %d", t.Name, t.Goal, s.st.Round)
		if s.st.coop() {
			text = fmt.Sprintf("the team reached its Prosperity Goal of %d: the game ends at the end of round %d, won if every Mission is complete by then", t.Goal, s.st.Round)
			if !s.st.Rulings.CoopGoalEnds {
				text = fmt.Sprintf("the team reached its Prosperity Goal of %d; the Missions must be complete too, within %s", t.Goal, referee.Count(CoopRounds, "round"))
			}
		}
		s.env.Emit(referee.Event{Type: "goal", Text: text, Data: map[string]any{"team": t.Name, "goal": t.Goal, "round": s.st.Round}, Cites: []string{CiteTheEnd, CiteProsperityGoal}})
	}
}

// canLuck reports whether Dwunny Luck is available to p now.
func canLuck(p *Player) bool { return p.Nation == "dwunny" && p.Loot > 0 && !p.LuckUsed }
