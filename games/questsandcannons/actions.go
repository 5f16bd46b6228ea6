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

func action(st *State, env *referee.Env) error {
	p := st.cur()
	// Only the actions the player can take now are offered; one typed
	// anyway is refused with the rule (see chooseOffered).
	a, err := chooseOffered(env.Prompt, "qc.action",
		fmt.Sprintf("%s (%d Actions, %d Sails and %d Cannons Ready, on a %s space): what next?", p.Name, p.Actions, p.SailsReady, p.GunsReady, p.Space),
		ActionChoices, func(a string) error { return actionRefusal(st, a) })
	if err != nil {
		return err
	}
	switch a {
	case "move":
		return move(st, env, false)
	case "mobility":
		return move(st, env, true)
	case "gather":
		return gather(st, env)
	case "solve":
		return solve(st, env)
	case "attack":
		return attack(st, env)
	case "deliver":
		return deliver(st, env)
	case "quest":
		return quest(st, env)
	case "ammo":
		return buyAmmo(st, env)
	case "repair":
		return repair(st, env)
	case "sell":
		return sell(st, env)
	case "upgrade":
		return upgrade(st, env)
	case "trade":
		return trade(st, env)
	case "exchange":
		return exchange(st, env)
	case "equip":
		return equip(st, env)
	case "mend":
		return mend(st, env)
	case "damage":
		return damageEffect(st, env)
	case "adjust":
		return adjust(st, env)
	case "end":
		return endTurn(st, env)
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
func gainProsperity(st *State, env *referee.Env, team, n int, why string, cites ...string) {
	if n == 0 {
		return
	}
	t := &st.Teams[team]
	before := t.Prosperity
	t.Prosperity += n
	if t.Prosperity < 0 && !st.Rulings.NegativeProsperity {
		// The track starts at 0 (the tracker begins next to the 1 space);
		// bosun does not go below it unless negative-prosperity=yes.
		t.Prosperity = 0
	}
	env.Emit(referee.Event{Type: "prosperity", Text: fmt.Sprintf("team %s: Prosperity %d -> %d (%s)", t.Name, before, t.Prosperity, why),
		Data: map[string]any{"team": t.Name, "before": before, "after": t.Prosperity, "change": t.Prosperity - before}, Cites: append([]string{CiteProsperity}, cites...)})
	if !st.GoalReached && t.Prosperity >= t.Goal {
		st.GoalReached = true
		st.GoalRound = st.Round
		text := fmt.Sprintf("team %s reached its Prosperity Goal of %d: the game ends at the end of round %d", t.Name, t.Goal, st.Round)
		if st.coop() {
			text = fmt.Sprintf("the team reached its Prosperity Goal of %d: the game ends at the end of round %d, won if every Mission is complete by then", t.Goal, st.Round)
			if !st.Rulings.CoopGoalEnds {
				text = fmt.Sprintf("the team reached its Prosperity Goal of %d; the Missions must be complete too, within %d rounds", t.Goal, CoopRounds)
			}
		}
		env.Emit(referee.Event{Type: "goal", Text: text, Data: map[string]any{"team": t.Name, "goal": t.Goal, "round": st.Round}, Cites: []string{CiteTheEnd, CiteProsperityGoal}})
	}
}

// canLuck reports whether Dwunny Luck is available to p now.
func canLuck(p *Player) bool { return p.Nation == "dwunny" && p.Loot > 0 && !p.LuckUsed }
