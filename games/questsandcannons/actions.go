package questsandcannons

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

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

// ---- Move ----

func move(st *State, env *referee.Env, mobility bool) error {
	p := st.cur()
	pi := st.curIndex()
	budget := 0
	var sailsUsed, actionsUsed int
	start := "Move action"
	if mobility {
		if err := actionRefusal(st, "mobility"); err != nil {
			return err
		}
		n, err := tableInt(env, "qc-abilities", "delvish-mobility-spaces", 2, referee.Question{Text: "how many spaces Delvish Mobility moves (Delf Champion tile)", Min: 1, Max: 6})
		if err != nil {
			return err
		}
		p.Loot--
		p.MobilityUse = true
		budget = n
		start = fmt.Sprintf("Delvish Mobility (%d spaces, a Loot card discarded)", n)
	} else {
		if err := actionRefusal(st, "move"); err != nil {
			return err
		}
		p.Actions--
		actionsUsed++
		budget = 1
	}
	var path []string
	ended := ""
	for ended == "" {
		// The question is asked while the ship has movement, Sails or
		// Actions left, whatever the move-extend-actions ruling, so that an
		// answers file reads the same under both readings: with the default
		// reading a Move with no movement and no Sail left accepts only stop.
		if budget+p.SailsReady+p.Actions == 0 && len(path) > 0 {
			ended = "no movement, Sails or Actions left"
			break
		}
		kind, err := referee.Choose(env.Prompt, "qc.move.sea",
			fmt.Sprintf("%s: kind of the next space entered (%d movement left, %d Sails Ready), or stop to end the Move", p.Name, budget, p.SailsReady),
			append(append([]string{}, SeaKinds...), SpaceStop)...)
		if err != nil {
			return err
		}
		if kind == SpaceStop {
			if len(path) == 0 {
				return referee.RuleError([]string{CiteMove}, "questsandcannons: a Move must enter at least one space (answer qc.move.sea with a kind of space before stop)")
			}
			ended = "declared over"
			break
		}
		cost, ok := MoveCost(kind)
		if !ok {
			return refuseSpace(kind)
		}
		need := cost - budget
		if need > 0 {
			s := min(need, p.SailsReady)
			p.SailsReady -= s
			sailsUsed += s
			budget += s
			need -= s
		}
		if need > 0 && st.Rulings.MoveExtendActions && p.Actions >= need {
			p.Actions -= need
			actionsUsed += need
			budget += need
			need = 0
		}
		if need > 0 {
			what := "a " + kind + " space"
			switch kind {
			case SpaceStormy:
				what = "a Stormy Sea"
			case SpaceCalm:
				what = "a Calm Sea"
			case SpaceTreacherous:
				what = "a Treacherous Sea"
			}
			if budget+p.SailsReady == 0 && len(path) > 0 {
				return referee.RuleError([]string{CiteMove, CiteSails}, "questsandcannons: %s's Move has no movement and no Ready Sail left to enter %s: answer qc.move.sea=stop, then start a new Move with another Action (a Move action is 1 space plus Sails; option move-extend-actions=yes lets further Actions extend it)",
					p.Name, what)
			}
			return referee.RuleError([]string{CiteMove, CiteTheSea, CiteSails}, "questsandcannons: entering %s needs %d spaces of movement; %s's Move has %d left and %d Sails Ready (a Move action is 1 space plus Sails; option move-extend-actions=yes lets further Actions extend it)",
				what, cost, p.Name, budget, p.SailsReady)
		}
		budget -= cost
		path = append(path, kind)
		p.Space = kind
		// Treacherous Seas, and the free moves they give.
		for p.Space == SpaceTreacherous && ended == "" {
			safe, sank, err := treacherous(st, env, pi)
			if err != nil {
				return err
			}
			if !safe {
				ended = "failed Treacherous Sea roll"
				if sank {
					ended = "sank"
				}
				break
			}
			free, err := referee.Choose(env.Prompt, "qc.move.free",
				fmt.Sprintf("%s: the Treacherous Sea gives a free move to an adjacent space: its kind, or none", p.Name),
				append([]string{"none"}, SeaKinds...)...)
			if err != nil {
				return err
			}
			if free == "none" {
				break
			}
			if _, ok := MoveCost(free); !ok {
				return refuseSpace(free)
			}
			if free == SpaceStormy && !st.Rulings.FreeMoveStormy {
				return referee.RuleError([]string{CiteMove}, "questsandcannons: with free-move-stormy=no the free move cannot enter a Stormy Sea")
			}
			path = append(path, free+" (free)")
			p.Space = free
		}
	}
	if p.Space != SpaceIsland {
		p.IslandRes = ""
	}
	cites := []string{CiteMove, CiteTheSea}
	if sailsUsed > 0 {
		cites = append(cites, CiteSails)
	}
	if sailsUsed > 0 || mobility {
		cites = append(cites, CiteFAQ)
	}
	if mobility {
		cites = append(cites, CiteChampionAbility)
	}
	if ended == "declared over" {
		cites = append(cites, CiteLanding)
	}
	env.Emit(referee.Event{Type: "move", Text: fmt.Sprintf("%s moves (%s): %s; %d Sail(s), %d Action(s) spent; Move over: %s",
		p.Name, start, strings.Join(path, " -> "), sailsUsed, actionsUsed, ended),
		Data:  map[string]any{"player": p.Name, "path": path, "sails": sailsUsed, "actions": actionsUsed, "ended": ended, "space": p.Space, "mobility": mobility},
		Cites: cites})
	if ended != "sank" && ended != "failed Treacherous Sea roll" {
		return land(st, env)
	}
	return nil
}

func refuseSpace(kind string) error {
	if kind == SpaceRivalHome {
		return referee.RuleError([]string{CiteSafeHarbor}, "questsandcannons: only players from a team may move onto its Home Port")
	}
	return referee.RuleError([]string{CiteMove}, "questsandcannons: players can't move onto Impassible Sea spaces under any circumstances")
}

// treacherous rolls the Traveler Die for player pi on a Treacherous Sea.
func treacherous(st *State, env *referee.Env, pi int) (safe, sank bool, err error) {
	p := &st.Players[pi]
	die, err := referee.LoadDie(env.Tables, env.Prompt, TravelerDieInfo)
	if err != nil {
		return false, false, err
	}
	r, err := env.Dice.Roll("qc.move.traveler", die)
	if err != nil {
		return false, false, err
	}
	luck := false
	if r.Value < TreacherousSafe && canLuck(p) {
		// FAQ: Dwunny Luck may be used after seeing a Treacherous Seas roll.
		if luck, err = referee.Confirm(env.Prompt, "qc.move.luck", fmt.Sprintf("%s rolled %d: use Dwunny Luck (discard a Loot card) to make it a 6?", p.Name, r.Value)); err != nil {
			return false, false, err
		}
	}
	spent := 0
	if !luck && r.Value < TreacherousSafe && p.Bonus > 0 {
		if spent, err = referee.Number(env.Prompt, "qc.move.bonus", fmt.Sprintf("%s rolled %d: Traveler Bonus to add (holds %d)", p.Name, r.Value, p.Bonus), 0, p.Bonus); err != nil {
			return false, false, err
		}
	}
	res, err := Treacherous(r.Value, p.Bonus, spent, luck)
	if err != nil {
		return false, false, err
	}
	if luck {
		p.Loot--
		p.LuckUsed = true
	}
	p.Bonus = res.NewBonus
	cites := []string{CiteMove, CiteTheSea}
	if spent > 0 || !res.Safe {
		cites = append(cites, CiteTravelerBonus)
	}
	if !res.Safe {
		cites = append(cites, CiteFAQ) // no re-roll after a failed roll
	}
	if luck {
		cites = append(cites, CiteChampionAbility, CiteFAQ)
	}
	text := fmt.Sprintf("%s on a Treacherous Sea: Traveler Die %d", p.Name, r.Value)
	if luck {
		text += " -> 6 (Dwunny Luck)"
	}
	if spent > 0 {
		text += fmt.Sprintf(" + %d Traveler Bonus = %d", spent, res.Total)
	}
	if res.Safe {
		text += ": 4-6, a free move to any adjacent space"
	} else {
		text += fmt.Sprintf(": 1-3, 1 damage, the Move ends, Traveler Bonus %d (no re-roll)", res.NewBonus)
	}
	env.Emit(referee.Event{Type: "treacherous", Text: text, Data: map[string]any{"player": p.Name, "result": res}, Cites: cites})
	if !res.Safe {
		sank = damagePlayer(st, env, pi, res.Damage, SunkOther, -1, "a Treacherous Sea")
	}
	return res.Safe, sank, nil
}

// land applies landing at the current space.
func land(st *State, env *referee.Env) error {
	p := st.cur()
	switch p.Space {
	case SpaceIsland:
		p.Quests++
		env.Reveal()
		unexplored, err := referee.Confirm(env.Prompt, "qc.land.unexplored", fmt.Sprintf("%s landed on a Risen Island: is its Exploration token still face-down?", p.Name))
		if err != nil {
			return err
		}
		text := fmt.Sprintf("%s landed on a Risen Island: draw a Quest card", p.Name)
		cites := []string{CiteRisenIslands, CiteQuestCards}
		p.IslandRes = ""
		if unexplored {
			res, err := referee.Choose(env.Prompt, "qc.land.resource", "flip the Exploration token: which Resource does it show?", Resources...)
			if err != nil {
				return err
			}
			p.Coins++
			p.IslandRes = res
			text += fmt.Sprintf("; first to land: take 1 Coin and flip the Exploration token (%s)", res)
			cites = append(cites, CiteExploring)
		}
		env.Emit(referee.Event{Type: "land", Text: text, Data: map[string]any{"player": p.Name, "space": p.Space, "explored": unexplored, "resource": p.IslandRes}, Cites: cites})
	case SpaceWorkshop:
		env.Emit(referee.Event{Type: "land", Text: p.Name + " landed at a Workshop Port: Maintenance and Upgrade; safe harbor", Data: map[string]any{"player": p.Name, "space": p.Space}, Cites: []string{CitePorts, CiteSafeHarbor}})
	case SpaceTrading:
		env.Emit(referee.Event{Type: "land", Text: p.Name + " landed at a Trading Port: Maintenance and Trade", Data: map[string]any{"player": p.Name, "space": p.Space}, Cites: []string{CitePorts}})
	case SpaceHome:
		env.Emit(referee.Event{Type: "land", Text: p.Name + " landed at a Home Port: Maintenance and Deliver Clues; safe harbor", Data: map[string]any{"player": p.Name, "space": p.Space}, Cites: []string{CitePorts, CiteSafeHarbor}})
	}
	return nil
}

// ---- Gather, Solve, Deliver, Quest ----

func gather(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "gather"); err != nil {
		return err
	}
	res := p.IslandRes
	if res == "" {
		var err error
		if res, err = referee.Choose(env.Prompt, "qc.gather.resource", "the Resource on this island's Exploration token", Resources...); err != nil {
			return err
		}
		p.IslandRes = res
	}
	n, err := referee.Number(env.Prompt, "qc.gather.count", fmt.Sprintf("how many %s to take (%d Cargo Slots, %d carried)", res, p.Cargo, p.Carried()), 1, p.Cargo)
	if err != nil {
		return err
	}
	var discarded []string
	if over := p.Carried() + n - p.Cargo; over > 0 {
		ans, err := p2list(env, "qc.gather.discard", fmt.Sprintf("Cargo is full: %d Resource(s) to discard to make room", over), over)
		if err != nil {
			return err
		}
		for _, r := range ans {
			if p.Res[r] < 1 {
				return referee.RuleError([]string{CiteGather}, "questsandcannons: %s carries no %s to discard", p.Name, r)
			}
			p.Res[r]--
		}
		discarded = ans
	}
	p.Actions--
	p.Res[res] += n
	text := fmt.Sprintf("%s gathers %d %s", p.Name, n, res)
	if len(discarded) > 0 {
		text += " (discarding " + strings.Join(discarded, ", ") + ")"
	}
	env.Emit(referee.Event{Type: "gather", Text: text, Data: map[string]any{"player": p.Name, "resource": res, "count": n, "discarded": discarded}, Cites: []string{CiteGather}})
	return nil
}

func p2list(env *referee.Env, key, text string, count int) ([]string, error) {
	a, err := env.Prompt.Ask(referee.Question{Key: key, Text: text, Kind: referee.KindList, Options: Resources, Count: count})
	if err != nil {
		return nil, err
	}
	return referee.SplitList(a), nil
}

func solve(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "solve"); err != nil {
		return err
	}
	r, err := referee.Choose(env.Prompt, "qc.solve.reward", "solved: gain 1 Prosperity or draw a Loot card?", "prosperity", "loot")
	if err != nil {
		return err
	}
	p.Actions--
	p.Solved++ // the Clue goes face up; a new one is drawn, so the hand keeps its count
	env.Reveal()
	env.Emit(referee.Event{Type: "solve", Text: fmt.Sprintf("%s solves a Clue (%s), places it face up and draws a new Clue", p.Name, r),
		Data: map[string]any{"player": p.Name, "reward": r, "solved": p.Solved}, Cites: []string{CiteSolveClue}})
	if r == "loot" {
		p.Loot++
	} else {
		gainProsperity(st, env, p.Team, 1, p.Name+" solved a Clue", CiteSolveClue)
	}
	return nil
}

func deliver(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "deliver"); err != nil {
		return err
	}
	n, err := referee.Number(env.Prompt, "qc.deliver.count", fmt.Sprintf("how many solved Clues to deliver (%d)", p.Solved), 1, p.Solved)
	if err != nil {
		return err
	}
	p.Solved -= n
	p.Delivered += n
	cites := []string{CiteDeliverClues}
	if st.coop() && MissionOf[p.Role] == "research" {
		cites = append(cites, CiteResearchMission)
	}
	env.Emit(referee.Event{Type: "deliver", Text: fmt.Sprintf("%s delivers %d solved Clue(s) at the Home Port (return them to the box); %d deposited in all", p.Name, n, p.Delivered),
		Data: map[string]any{"player": p.Name, "count": n, "deposited": p.Delivered}, Cites: cites})
	gainProsperity(st, env, p.Team, n, fmt.Sprintf("%s delivered %d Clue(s)", p.Name, n), CiteDeliverClues)
	return nil
}

func quest(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "quest"); err != nil {
		return err
	}
	hard, err := referee.Confirm(env.Prompt, "qc.quest.hard", "is it a hard Quest (red-tinted, battle-damaged frame)?")
	if err != nil {
		return err
	}
	a, err := askText(env.Prompt, "qc.quest.deliver", "Resources delivered for the goal, e.g. \"2 metal, 1 spice\" (or none)", bundleAccepted(false, Resources))
	if err != nil {
		return err
	}
	del, err := ParseBundle(a, false)
	if err != nil {
		return err
	}
	for k, v := range del {
		if _, isRes := del.Resources()[k]; !isRes && v != 0 {
			return referee.Usagef("qc.quest.deliver: only Resources are delivered (%s)", strings.Join(Resources, ", "))
		}
		if p.Res[k] < v {
			return referee.RuleError([]string{CiteQuestCards}, "questsandcannons: %s carries %d %s, the Quest needs %d", p.Name, p.Res[k], k, v)
		}
	}
	a, err = askText(env.Prompt, "qc.quest.reward", "the Quest's reward, e.g. \"2 prosperity, 3 coins, 1 loot\"", bundleAccepted(false, BundleItems))
	if err != nil {
		return err
	}
	rew, err := ParseBundle(a, false)
	if err != nil {
		return err
	}
	for k, v := range del {
		p.Res[k] -= v
	}
	p.Quests--
	p.QuestsDone++
	cites := []string{CiteQuestCards}
	if hard {
		p.HardDone++
		if st.coop() && MissionOf[p.Role] == "aid" {
			cites = append(cites, CiteAidMission)
		}
	}
	if err := applyBundle(st, env, st.curIndex(), Bundle(rew), "Quest reward"); err != nil {
		return err
	}
	kind := "Quest"
	if hard {
		kind = "hard Quest"
	}
	env.Emit(referee.Event{Type: "quest", Text: fmt.Sprintf("%s completes a %s: delivers %s, takes %s", p.Name, kind, del.String(), rew.String()),
		Data: map[string]any{"player": p.Name, "hard": hard, "delivered": del, "reward": rew, "hard_done": p.HardDone}, Cites: cites})
	if rew["prosperity"] != 0 {
		gainProsperity(st, env, p.Team, rew["prosperity"], p.Name+"'s Quest reward", CiteQuestCards)
	}
	return nil
}

// applyBundle adds a (possibly negative) bundle to player i, except
// Prosperity, which the caller moves on the team tracker. Limits are checked.
func applyBundle(st *State, env *referee.Env, i int, b Bundle, why string) error {
	p := &st.Players[i]
	np := *p
	np.Res = map[string]int{}
	for k, v := range p.Res {
		np.Res[k] = v
	}
	for k, v := range b {
		switch k {
		case "prosperity":
		case "coins":
			np.Coins += v
		case "ammo":
			np.Ammo += v
		case "loot":
			np.Loot += v
		case "clue":
			np.Clues += v
		case "quest":
			np.Quests += v
		case "bonus":
			np.Bonus += v
		case "damage":
			np.Damage += v
		default:
			np.Res[k] += v
		}
	}
	if np.Ammo > MaxAmmo {
		np.Ammo = MaxAmmo // "You may have up to 9 Ammo dice at a time."
	}
	for k, v := range map[string]int{"coins": np.Coins, "ammo": np.Ammo, "loot": np.Loot, "clue": np.Clues, "quest": np.Quests, "bonus": np.Bonus, "damage": np.Damage} {
		if v < 0 {
			return referee.Usagef("questsandcannons: %s (%s) would leave %s with %d %s", why, b.String(), p.Name, v, k)
		}
	}
	for k, v := range np.Res {
		if v < 0 {
			return referee.Usagef("questsandcannons: %s (%s) would leave %s with %d %s", why, b.String(), p.Name, v, k)
		}
	}
	if np.Carried() > np.Cargo {
		return referee.RuleError([]string{CiteCurrencies}, "questsandcannons: %s has %d Cargo Slots; %s would make %d Resources", p.Name, np.Cargo, why, np.Carried())
	}
	if b["clue"] > 0 || b["loot"] > 0 || b["quest"] > 0 {
		env.Reveal()
	}
	*p = np
	return nil
}

// ---- Attack, damage and sinking ----

func enemyTargets(st *State, i int) []string {
	var out []string
	for k, q := range st.Players {
		if q.Team != st.Players[i].Team {
			out = append(out, q.Name)
		}
		_ = k
	}
	for _, m := range st.Marauders {
		if !m.Sunk {
			out = append(out, marauderName(m.ID))
		}
	}
	return out
}

// marauderName is a Marauder's id as a choice answer ("marauder-1"); the
// text shown to people uses marauderLabel ("Marauder 1").
func marauderName(id int) string { return "marauder-" + strconv.Itoa(id) }

// marauderLabel names a Marauder in human text.
func marauderLabel(id int) string { return "Marauder " + strconv.Itoa(id) }

// shipLabel names a target ship in human text: a Marauder id becomes
// "Marauder N"; a player's name is kept.
func shipLabel(st *State, target string) string {
	if k := marauderIndex(st, target); k >= 0 {
		return marauderLabel(st.Marauders[k].ID)
	}
	return target
}

func marauderIndex(st *State, name string) int {
	for k, m := range st.Marauders {
		if strings.EqualFold(marauderName(m.ID), name) {
			return k
		}
	}
	return -1
}

// ammoAccepts names what tables.dice.ammo accepts.
const ammoAccepts = "accepted: the dots on each face of an Ammo die as comma-separated whole numbers of 0 or more, e.g. 1,2,3,4,5,6"

// ParseAmmoFaces reads the Ammo die's faces: whole numbers of dots ("Count
// the number of dots that appear.").
func ParseAmmoFaces(v any) ([]int, error) {
	var items []string
	switch x := v.(type) {
	case []any:
		for _, it := range x {
			items = append(items, fmt.Sprint(it))
		}
	case []int:
		for _, it := range x {
			items = append(items, strconv.Itoa(it))
		}
	default:
		items = referee.SplitList(fmt.Sprint(v))
	}
	if len(items) == 0 {
		return nil, referee.Usagef("questsandcannons: tables.dice.ammo is empty; %s", ammoAccepts)
	}
	out := make([]int, len(items))
	for i, it := range items {
		n, err := strconv.Atoi(strings.TrimSpace(it))
		if err != nil || n < 0 || n > 20 {
			return nil, referee.Usagef("questsandcannons: tables.dice.ammo: %q is not a number of dots; %s", it, ammoAccepts)
		}
		out[i] = n
	}
	return out, nil
}

// AmmoDie returns the Ammo die, its faces asked once (tables.dice.ammo) and
// remembered only when they are whole numbers of dots.
func AmmoDie(env *referee.Env) (referee.Die, error) {
	if env.Tables != nil {
		r, ok := env.Tables.Lookup("dice", "ammo")
		if !ok || !r.Known() {
			q := referee.Question{Key: "tables.dice.ammo", Kind: referee.KindList, Min: 0, Max: 20, Where: r.Where,
				Text: "the dots on each face of the Ammo die, comma-separated (e.g. 1,2,3,4,5,6)"}
			if env.Prompt == nil {
				return referee.Die{}, &referee.NoAnswerError{Q: q}
			}
			ans, err := env.Prompt.Ask(q)
			if err != nil {
				return referee.Die{}, err
			}
			if _, err := ParseAmmoFaces(ans); err != nil {
				return referee.Die{}, err
			}
			if err := env.Tables.Remember("dice", "ammo", ans, "asked as tables.dice.ammo"); err != nil {
				return referee.Die{}, fmt.Errorf("tables: remembering dice.ammo: %w", err)
			}
		}
		r, _ = env.Tables.Lookup("dice", "ammo")
		if _, err := ParseAmmoFaces(r.Value); err != nil {
			return referee.Die{}, err
		}
	}
	return referee.LoadDie(env.Tables, env.Prompt, AmmoDieInfo)
}

func attack(st *State, env *referee.Env) error {
	p := st.cur()
	pi := st.curIndex()
	if err := actionRefusal(st, "attack"); err != nil {
		return err
	}
	targets := enemyTargets(st, pi)
	target, err := referee.Choose(env.Prompt, "qc.attack.target", "the enemy ship in your space to attack", targets...)
	if err != nil {
		return err
	}
	maxFire := min(p.GunsReady, p.Ammo)
	n, err := referee.Number(env.Prompt, "qc.attack.cannons", fmt.Sprintf("how many Cannons to fire (%d Ready, %d Ammo)", p.GunsReady, p.Ammo), 1, maxFire)
	if err != nil {
		return err
	}
	die, err := AmmoDie(env)
	if err != nil {
		return err
	}
	rolls, err := env.Dice.RollN("qc.attack.ammo", die, n)
	if err != nil {
		return err
	}
	vals := referee.Values(rolls)
	luckDie := 0
	if canLuck(p) {
		if luckDie, err = referee.Number(env.Prompt, "qc.attack.luck", fmt.Sprintf("rolled %v: Dwunny Luck (discard a Loot card) on which die (1-%d), 0 for none", vals, n), 0, n); err != nil {
			return err
		}
	}
	res := ResolveAttack(vals, luckDie)
	p.Actions--
	p.GunsReady -= n
	p.Ammo -= n
	if luckDie > 0 {
		p.Loot--
		p.LuckUsed = true
	}
	cites := []string{CiteAttack}
	if luckDie > 0 {
		cites = append(cites, CiteChampionAbility)
	}
	env.Emit(referee.Event{Type: "attack", Text: fmt.Sprintf("%s fires %d Cannon(s) at %s: %s", p.Name, n, shipLabel(st, target), res.Text()),
		Data: map[string]any{"attacker": p.Name, "target": target, "cannons": n, "result": res}, Cites: cites})
	if res.Damage > 0 {
		gainProsperity(st, env, p.Team, 1, p.Name+" dealt damage", CiteAttack)
	}
	return dealDamage(st, env, target, res.Damage, pi)
}

// AttackResult is one resolved attack.
type AttackResult struct {
	Rolled []int `json:"rolled"`
	Dice   []int `json:"dice"` // after Dwunny Luck
	Luck   int   `json:"luck_die,omitempty"`
	Dots   int   `json:"dots"`
	Damage int   `json:"damage"`
	Gain   int   `json:"prosperity"` // +1 when any damage is dealt
}

// ResolveAttack counts the dots (luckDie, 1-based, turned into a 6 by Dwunny
// Luck) and deals 1 damage for every 4 dots; any damage gains 1 Prosperity.
func ResolveAttack(vals []int, luckDie int) AttackResult {
	r := AttackResult{Rolled: append([]int(nil), vals...), Dice: append([]int(nil), vals...), Luck: luckDie}
	if luckDie >= 1 && luckDie <= len(vals) {
		r.Dice[luckDie-1] = 6
	}
	r.Dots = Dots(r.Dice)
	r.Damage = DamageFromDots(r.Dots)
	if r.Damage > 0 {
		r.Gain = 1
	}
	return r
}

// Text renders the attack result.
func (r AttackResult) Text() string {
	s := fmt.Sprintf("rolled %v", r.Rolled)
	if r.Luck > 0 {
		s += fmt.Sprintf(", die %d -> 6 (Dwunny Luck)", r.Luck)
	}
	s += fmt.Sprintf(" = %d dots -> %d damage", r.Dots, r.Damage)
	if r.Gain > 0 {
		s += ", +1 Prosperity"
	}
	return s
}

// dealDamage applies damage from player by (-1: none) to a named target.
func dealDamage(st *State, env *referee.Env, target string, dmg, by int) error {
	if k := marauderIndex(st, target); k >= 0 {
		damageMarauder(st, env, k, dmg, by)
		return nil
	}
	ti := st.playerByName(target)
	if ti < 0 {
		return referee.Usagef("questsandcannons: %q is not a ship in this game", target)
	}
	cause := SunkOther
	if by >= 0 && st.Players[by].Team != st.Players[ti].Team {
		cause = SunkByRival
	}
	damagePlayer(st, env, ti, dmg, cause, by, "")
	return nil
}

// damagePlayer marks damage on player i and sinks the ship when every Heart
// is marked. It reports whether the ship sank.
func damagePlayer(st *State, env *referee.Env, i, dmg int, cause SinkCause, by int, what string) bool {
	if dmg <= 0 {
		return false
	}
	p := &st.Players[i]
	p.Damage = min(p.Damage+dmg, p.Hearts)
	text := fmt.Sprintf("%s takes %d damage (%d of %d Hearts marked)", p.Name, dmg, p.Damage, p.Hearts)
	if what != "" {
		text += " from " + what
	}
	env.Emit(referee.Event{Type: "damage", Text: text, Data: map[string]any{"player": p.Name, "damage": dmg, "marked": p.Damage, "hearts": p.Hearts}, Cites: []string{CiteSinking}})
	if p.Damage < p.Hearts {
		return false
	}
	sink(st, env, i, cause, by)
	return true
}

// sink applies every consequence of player i's ship sinking.
func sink(st *State, env *referee.Env, i int, cause SinkCause, by int) {
	p := &st.Players[i]
	r := SinkOutcome(p.Coins, p.Ammo, p.Solved, p.Equipped, p.Damage, p.Res, cause)
	p.Res = map[string]int{}
	p.Solved = 0
	p.Ammo = r.AmmoAfter
	p.Equipped = r.EquippedAfter
	p.Coins = r.CoinsAfter
	p.Damage = 0
	p.Space = SpaceHome
	p.IslandRes = ""
	p.Sinkings++
	port := "their Home Port"
	if len(st.Teams[p.Team].Members) > 1 {
		port = "their Home Port (or any Home Port on their Nation's frame tile)"
	}
	text := fmt.Sprintf("%s sinks: ship to %s; Resources, %d solved Clue(s) and %d Ammo discarded, then 5 Ammo; %d equipped Loot discarded (hand kept); %d Coin(s) discarded (%d left); damage removed",
		p.Name, port, r.SolvedCluesLost, r.AmmoLost, r.EquippedLost, r.CoinsLost, r.CoinsAfter)
	switch cause {
	case SunkByRival:
		text += fmt.Sprintf("; sunk by a rival: %s takes the %d Coin(s)", st.Players[by].Name, r.RivalCoins)
	case SunkByMarauder:
		text += "; sunk by a Marauder: no Prosperity change"
	default:
		text += "; not sunk by a rival or a Marauder: -3 Prosperity"
	}
	data := map[string]any{"player": p.Name, "outcome": r}
	if by >= 0 {
		data["by"] = st.Players[by].Name
	}
	env.Emit(referee.Event{Type: "sink", Text: text, Data: data, Cites: []string{CiteSinking, CiteFAQ}})
	switch cause {
	case SunkByRival:
		st.Players[by].Coins += r.RivalCoins
		gainProsperity(st, env, st.Players[by].Team, r.RivalProsperity, st.Players[by].Name+" sank "+p.Name, CiteSinking)
	case SunkOther:
		gainProsperity(st, env, p.Team, r.ProsperityChange, p.Name+" sank", CiteSinking, CiteFAQ)
	}
}

// ---- Port activities ----

func needPort(p *Player, kinds []string, what, cite string) error {
	for _, k := range kinds {
		if p.Space == k {
			return nil
		}
	}
	return referee.RuleError([]string{cite, CitePorts}, "questsandcannons: %s needs %s landed at a %s port (now on a %s space)", what, p.Name, strings.Join(kinds, " or "), p.Space)
}

var maintenancePorts = []string{SpaceWorkshop, SpaceTrading, SpaceHome}

func buyAmmo(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "ammo"); err != nil {
		return err
	}
	maxCoins := ammoCoins(st, p)
	c, err := referee.Number(env.Prompt, "qc.ammo.coins", fmt.Sprintf("Coins to spend on Ammo (1 Coin = 2 Ammo; up to %d)", maxCoins), 1, maxCoins)
	if err != nil {
		return err
	}
	p.Coins -= c
	before := p.Ammo
	p.Ammo = min(MaxAmmo, p.Ammo+c*AmmoPerCoin)
	env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s pays %d Coin(s) for Ammo: %d -> %d", p.Name, c, before, p.Ammo),
		Data: map[string]any{"player": p.Name, "activity": "ammo", "coins": c, "ammo": p.Ammo}, Cites: []string{CiteMaintenance, CiteCurrencies}})
	return nil
}

func repair(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "repair"); err != nil {
		return err
	}
	pay, err := referee.Choose(env.Prompt, "qc.repair.pay", "pay 3 Coins (1 damage), Canvas, Metal or Lumber (1 damage), or Spice or Gems (2 damage)", append([]string{"coins"}, Resources...)...)
	if err != nil {
		return err
	}
	amt, _ := RepairAmount(pay)
	cost, err := tableInt(env, "qc-prices", "repair-coins", RepairCoins, referee.Question{})
	if err != nil {
		return err
	}
	if pay == "coins" {
		if p.Coins < cost {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: Repair costs %d Coins; %s has %d", cost, p.Name, p.Coins)
		}
		p.Coins -= cost
	} else {
		if p.Res[pay] < 1 {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, pay)
		}
		p.Res[pay]--
	}
	fixed := min(amt, p.Damage)
	p.Damage -= fixed
	env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s repairs %d damage paying %s (%d of %d Hearts marked)", p.Name, fixed, pay, p.Damage, p.Hearts),
		Data: map[string]any{"player": p.Name, "activity": "repair", "pay": pay, "repaired": fixed}, Cites: []string{CiteMaintenance}})
	return nil
}

func sell(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "sell"); err != nil {
		return err
	}
	item, err := referee.Choose(env.Prompt, "qc.sell.item", "what to sell: a Resource, a Loot card or an unsolved Clue", append(append([]string{}, Resources...), "loot", "clue")...)
	if err != nil {
		return err
	}
	var price int
	switch item {
	case "loot", "clue":
		if price, err = tableInt(env, "qc-prices", "sell-"+item, SellCardCoins, referee.Question{}); err != nil {
			return err
		}
		if item == "loot" {
			if p.Loot < 1 {
				return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no Loot card in hand", p.Name)
			}
			p.Loot--
		} else {
			if p.Clues < 1 {
				return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s has no unsolved Clue", p.Name)
			}
			p.Clues--
		}
	default:
		if p.Res[item] < 1 {
			return referee.RuleError([]string{CiteMaintenance}, "questsandcannons: %s carries no %s", p.Name, item)
		}
		if price, err = tableInt(env, "qc-prices", "sell-"+item, 0, referee.Question{Text: "coins a " + item + " sells for at a port", Min: 0, Max: 10}); err != nil {
			return err
		}
		p.Res[item]--
	}
	p.Coins += price
	env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s sells %s for %d Coin(s)", p.Name, item, price),
		Data: map[string]any{"player": p.Name, "activity": "sell", "item": item, "coins": price}, Cites: []string{CiteMaintenance}})
	return nil
}

func upgrade(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "upgrade"); err != nil {
		return err
	}
	// Only what the Champion's max stats still allow is offered.
	item, err := chooseOffered(env.Prompt, "qc.upgrade.item", "buy a new sail (1 Canvas + 3 Coins), cannon (1 Metal + 3 Coins) or cargo slot (1 Lumber + 3 Coins)",
		[]string{"sail", "cannon", "cargo"}, func(it string) error { return upgradeRefusal(p, it) })
	if err != nil {
		return err
	}
	res := UpgradeCost[item]
	cost, err := tableInt(env, "qc-prices", "upgrade-coins", UpgradeCoins, referee.Question{})
	if err != nil {
		return err
	}
	cur, mx := &p.Sails, p.MaxSails
	switch item {
	case "cannon":
		cur, mx = &p.Cannons, p.MaxCannons
	case "cargo":
		cur, mx = &p.Cargo, p.MaxCargo
	}
	if *cur >= mx {
		return referee.RuleError([]string{CiteShipUpgrades}, "questsandcannons: %s already has %d %s, the Champion's max", p.Name, *cur, item)
	}
	if p.Res[res] < 1 || p.Coins < cost {
		return referee.RuleError([]string{CiteUpgrade}, "questsandcannons: a new %s costs 1 %s and %d Coins; %s has %d %s and %d Coins", item, res, cost, p.Name, p.Res[res], res, p.Coins)
	}
	p.Res[res]--
	p.Coins -= cost
	*cur++
	if st.Rulings.UpgradeReady {
		switch item {
		case "sail":
			p.SailsReady++
		case "cannon":
			p.GunsReady++
		}
	}
	env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s buys a new %s for 1 %s and %d Coins (now %d of max %d)", p.Name, item, res, cost, *cur, mx),
		Data: map[string]any{"player": p.Name, "activity": "upgrade", "item": item, "count": *cur}, Cites: []string{CiteUpgrade, CiteShipUpgrades}})
	return nil
}

func trade(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "trade"); err != nil {
		return err
	}
	item, err := referee.Choose(env.Prompt, "qc.trade.item", "buy a resource (pay 2 Resources), loot (1 Gem + 3 Coins) or clue (1 Spice + 3 Coins)", "resource", "loot", "clue")
	if err != nil {
		return err
	}
	cost, err := tableInt(env, "qc-prices", "trade-coins", TradeCoins, referee.Question{})
	if err != nil {
		return err
	}
	switch item {
	case "resource":
		pay, err := p2list(env, "qc.trade.pay", "the 2 Resources to pay", 2)
		if err != nil {
			return err
		}
		gain, err := referee.Choose(env.Prompt, "qc.trade.gain", "the Resource to gain", Resources...)
		if err != nil {
			return err
		}
		need := map[string]int{}
		for _, r := range pay {
			need[r]++
		}
		for r, n := range need {
			if p.Res[r] < n {
				return referee.RuleError([]string{CiteTrade}, "questsandcannons: %s carries %d %s, not %d", p.Name, p.Res[r], r, n)
			}
		}
		for r, n := range need {
			p.Res[r] -= n
		}
		p.Res[gain]++
		env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s trades %s for 1 %s", p.Name, strings.Join(pay, " and "), gain),
			Data: map[string]any{"player": p.Name, "activity": "trade", "paid": pay, "gained": gain}, Cites: []string{CiteTrade}})
	case "loot", "clue":
		res := "gems"
		if item == "clue" {
			res = "spice"
		}
		if p.Res[res] < 1 || p.Coins < cost {
			return referee.RuleError([]string{CiteTrade}, "questsandcannons: a %s card costs 1 %s and %d Coins; %s has %d %s and %d Coins", item, res, cost, p.Name, p.Res[res], res, p.Coins)
		}
		p.Res[res]--
		p.Coins -= cost
		if item == "loot" {
			p.Loot++
		} else {
			p.Clues++
		}
		env.Reveal()
		env.Emit(referee.Event{Type: "port", Text: fmt.Sprintf("%s pays 1 %s and %d Coins and draws a %s card", p.Name, res, cost, map[string]string{"loot": "Loot", "clue": "Clue"}[item]),
			Data: map[string]any{"player": p.Name, "activity": "trade", "item": item}, Cites: []string{CiteTrade}})
	}
	return nil
}

// ---- Teammates, Loot, abilities, effects ----

func exchange(st *State, env *referee.Env) error {
	pi := st.curIndex()
	p := st.cur()
	mates := st.teammates(pi)
	if err := actionRefusal(st, "exchange"); err != nil {
		return err
	}
	var names []string
	for _, m := range mates {
		names = append(names, st.Players[m].Name)
	}
	with, err := referee.Choose(env.Prompt, "qc.exchange.with", "the teammate sharing your space", names...)
	if err != nil {
		return err
	}
	qi := st.playerByName(with)
	give, err := exchangeBundle(env, "qc.exchange.give", fmt.Sprintf("what %s gives %s (e.g. \"2 coins, 1 metal\", none)", p.Name, with))
	if err != nil {
		return err
	}
	take, err := exchangeBundle(env, "qc.exchange.take", fmt.Sprintf("what %s gives %s (none)", with, p.Name))
	if err != nil {
		return err
	}
	delta := Bundle{}
	for k, v := range give {
		delta[k] -= v
	}
	for k, v := range take {
		delta[k] += v
	}
	neg := Bundle{}
	for k, v := range delta {
		neg[k] = -v
	}
	// "You may have up to 9 Ammo dice at a time.": a gift past 9 is refused
	// (applyBundle would cap it and the giver would lose the dice).
	for _, x := range []struct {
		who  *Player
		gets int
	}{{p, delta["ammo"]}, {&st.Players[qi], neg["ammo"]}} {
		if x.gets > 0 && x.who.Ammo+x.gets > MaxAmmo {
			return referee.RuleError([]string{CiteCurrencies, CiteExchanging}, "questsandcannons: %s has %d Ammo and may have up to 9 Ammo dice at a time: give at most %d", x.who.Name, x.who.Ammo, MaxAmmo-x.who.Ammo)
		}
	}
	if err := applyBundle(st, env, pi, delta, "the exchange"); err != nil {
		return err
	}
	if err := applyBundle(st, env, qi, neg, "the exchange"); err != nil {
		return err
	}
	env.Emit(referee.Event{Type: "exchange", Text: fmt.Sprintf("%s gives %s %s; %s gives %s %s", p.Name, with, give.String(), with, p.Name, take.String()),
		Data: map[string]any{"player": p.Name, "with": with, "give": give, "take": take}, Cites: []string{CiteExchanging}})
	return nil
}

func exchangeBundle(env *referee.Env, key, text string) (Bundle, error) {
	a, err := askText(env.Prompt, key, text, bundleAccepted(false, []string{"coins", "ammo", "loot", "clue", "canvas", "metal", "lumber", "spice", "gems"}))
	if err != nil {
		return nil, err
	}
	b, err := ParseBundle(a, false)
	if err != nil {
		return nil, err
	}
	for k := range b {
		switch k {
		case "coins", "ammo", "loot", "clue", "canvas", "metal", "lumber", "spice", "gems":
		default:
			return nil, referee.RuleError([]string{CiteExchanging}, "questsandcannons: teammates exchange resources, coins, ammo, unequipped Loot cards and unsolved Clue cards, not %s", k)
		}
	}
	return b, nil
}

func equip(st *State, env *referee.Env) error {
	p := st.cur()
	if err := actionRefusal(st, "equip"); err != nil {
		return err
	}
	a, err := askText(env.Prompt, "qc.equip.cost", "the equip cost printed on the Loot card, e.g. \"2 coins\" (or none)", bundleAccepted(false, BundleItems))
	if err != nil {
		return err
	}
	cost, err := ParseBundle(a, false)
	if err != nil {
		return err
	}
	neg := Bundle{}
	for k, v := range cost {
		if k == "prosperity" {
			return referee.Usagef("qc.equip.cost: an equip cost is paid in currencies, not Prosperity")
		}
		neg[k] = -v
	}
	neg["loot"]--
	if err := applyBundle(st, env, st.curIndex(), neg, "the equip cost"); err != nil {
		return err
	}
	text := fmt.Sprintf("%s equips a Loot card paying %s", p.Name, cost.String())
	if p.Equipped >= EquipSlots {
		text += "; both Equip slots were full: one equipped card is discarded"
	} else {
		p.Equipped++
	}
	env.Emit(referee.Event{Type: "equip", Text: text, Data: map[string]any{"player": p.Name, "equipped": p.Equipped}, Cites: []string{CiteEquipping}})
	return nil
}

func mend(st *State, env *referee.Env) error {
	pi := st.curIndex()
	p := st.cur()
	if err := actionRefusal(st, "mend"); err != nil {
		return err
	}
	pay, err := referee.Choose(env.Prompt, "qc.mend.pay", "spend 1 Gem or 1 Lumber", "gems", "lumber")
	if err != nil {
		return err
	}
	ships := []string{p.Name}
	for _, m := range st.teammates(pi) {
		ships = append(ships, st.Players[m].Name)
	}
	ship := p.Name
	if len(ships) > 1 {
		if ship, err = referee.Choose(env.Prompt, "qc.mend.ship", "repair your ship or a teammate's ship sharing your space", ships...); err != nil {
			return err
		}
	}
	q := &st.Players[st.playerByName(ship)]
	if p.Res[pay] < 1 {
		return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s carries no %s", p.Name, pay)
	}
	if q.Damage < 1 {
		return referee.RuleError([]string{CiteChampionAbility}, "questsandcannons: %s has no damage", q.Name)
	}
	p.Res[pay]--
	p.MendUsed = true
	q.Damage--
	env.Emit(referee.Event{Type: "ability", Text: fmt.Sprintf("%s uses Mend Ship (1 %s): %s repairs 1 damage", p.Name, pay, q.Name),
		Data: map[string]any{"player": p.Name, "ship": q.Name}, Cites: []string{CiteChampionAbility}})
	return nil
}

// damageEffect is damage from a card effect (Loot, abilities): the table
// says the target, the amount and whose effect it is.
func damageEffect(st *State, env *referee.Env) error {
	var ships []string
	for _, q := range st.Players {
		ships = append(ships, q.Name)
	}
	for _, m := range st.Marauders {
		if !m.Sunk {
			ships = append(ships, marauderName(m.ID))
		}
	}
	target, err := referee.Choose(env.Prompt, "qc.damage.target", "the ship an effect damages", ships...)
	if err != nil {
		return err
	}
	n, err := referee.Number(env.Prompt, "qc.damage.amount", "how much damage", 1, 12)
	if err != nil {
		return err
	}
	var owners []string
	for _, q := range st.Players {
		owners = append(owners, q.Name)
	}
	owners = append(owners, "marauder", "other")
	by, err := referee.Choose(env.Prompt, "qc.damage.by", "whose effect it is (a player, a marauder, or other)", owners...)
	if err != nil {
		return err
	}
	env.Emit(referee.Event{Type: "effect", Text: fmt.Sprintf("an effect of %s deals %d damage to %s", by, n, shipLabel(st, target)), Data: map[string]any{"target": target, "amount": n, "by": by}, Cites: []string{CiteLootCards, CiteFAQ}})
	if k := marauderIndex(st, target); k >= 0 {
		damageMarauder(st, env, k, n, st.playerByName(by))
		return nil
	}
	ti := st.playerByName(target)
	cause, bi := SunkOther, -1
	switch by {
	case "marauder":
		cause = SunkByMarauder
	case "other":
	default:
		bi = st.playerByName(by)
		// FAQ: one's own or a teammate's effect is not a rival's: -3 Prosperity.
		if st.Players[bi].Team != st.Players[ti].Team {
			cause = SunkByRival
		}
	}
	damagePlayer(st, env, ti, n, cause, bi, "an effect")
	return nil
}

// adjust applies what a card gives or takes that bosun does not model.
func adjust(st *State, env *referee.Env) error {
	p := st.cur()
	a, err := askText(env.Prompt, "qc.adjust.what", "what a card or effect changes for you, signed, e.g. \"+2 coins, -1 loot, +1 prosperity\"", bundleAccepted(true, BundleItems))
	if err != nil {
		return err
	}
	b, err := ParseBundle(a, true)
	if err != nil {
		return err
	}
	if err := applyBundle(st, env, st.curIndex(), b, "the adjustment"); err != nil {
		return err
	}
	if p.Damage >= p.Hearts {
		p.Damage = p.Hearts
	}
	env.Emit(referee.Event{Type: "adjust", Text: fmt.Sprintf("%s adjusts: %s", p.Name, b.String()), Data: map[string]any{"player": p.Name, "change": b}, Cites: []string{CiteLootCards}})
	if b["prosperity"] != 0 {
		gainProsperity(st, env, p.Team, b["prosperity"], p.Name+"'s card effect", CiteLootCards)
	}
	if p.Damage >= p.Hearts {
		sink(st, env, st.curIndex(), SunkOther, -1)
	}
	return nil
}

// ---- End of turn and round ----

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
	env.Emit(referee.Event{Type: "round-end", Text: fmt.Sprintf("round %d is over", st.Round), Data: map[string]any{"round": st.Round}, Cites: []string{CiteTurnsRounds}})
	st.Round++
	st.Turn = 0
	st.Phase = PhaseStart
}

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

func finish(st *State, env *referee.Env, r *Result, cites []string) {
	st.Result = r
	st.Phase = PhaseOver
	text := "game over: "
	switch {
	case st.coop() && r.Won:
		text += "the players win; " + r.Reason
	case st.coop():
		text += r.Reason
	default:
		text += strings.Join(r.Winners, " and ") + " win(s); " + r.Reason
	}
	env.Emit(referee.Event{Type: "game-over", Text: text, Data: map[string]any{"result": r, "round": st.Round}, Cites: cites})
}
