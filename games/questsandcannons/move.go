package questsandcannons

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func (s *step) move(mobility bool) error {
	p := s.st.cur()
	pi := s.st.curIndex()
	budget := 0
	var sailsUsed, actionsUsed int
	start := "Move action"
	if mobility {
		if err := actionRefusal(s.st, "mobility"); err != nil {
			return err
		}
		n, err := tableInt(s.env, "qc-abilities", "delvish-mobility-spaces", 2, referee.Question{Text: "how many spaces Delvish Mobility moves (Delf Champion tile)", Min: 1, Max: 6})
		if err != nil {
			return err
		}
		p.Loot--
		p.MobilityUse = true
		budget = n
		start = fmt.Sprintf("Delvish Mobility (%s, a Loot card discarded)", referee.Count(n, "space"))
	} else {
		if err := actionRefusal(s.st, "move"); err != nil {
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
		// Only the spaces the ship can enter now are offered (never an
		// Impassible Sea nor another team's Home Port, nor a space it has
		// not the movement for); the rule lives in the question, so a space
		// that cannot be entered is re-asked at a terminal, and a scripted
		// one is refused naming qc.move.sea, before anything of the Move is
		// lost. Once a space is entered, stop is the usual answer: it comes
		// first and Enter takes it.
		moved := len(path) > 0
		all, usual := append(append([]string{}, SeaKinds...), SpaceStop), referee.NoDefault
		if moved {
			all, usual = append([]string{SpaceStop}, SeaKinds...), SpaceStop
		}
		kind, err := chooseOffered(s.env.Prompt, "qc.move.sea",
			fmt.Sprintf("%s: kind of the next space entered (%d movement left, %s Ready), or stop to end the Move", p.Name, budget, referee.Count(p.SailsReady, "Sail")),
			usual, all, func(kind string) error {
				if kind == SpaceStop {
					if !moved {
						return referee.RuleError([]string{CiteMove}, "questsandcannons: a Move must enter at least one space (answer qc.move.sea with a kind of space before stop)")
					}
					return nil
				}
				// Pure: enterCost reads the ship, never changes it.
				_, _, _, err := enterCost(p, kind, budget, s.st.Rulings.MoveExtendActions, moved)
				return err
			})
		if err != nil {
			return err
		}
		if kind == SpaceStop {
			ended = "declared over"
			break
		}
		// Accepted by the question's check above: it cannot fail here.
		cost, sails, a, _ := enterCost(p, kind, budget, s.st.Rulings.MoveExtendActions, moved)
		p.SailsReady -= sails
		sailsUsed += sails
		p.Actions -= a
		actionsUsed += a
		budget += sails + a
		budget -= cost
		path = append(path, kind)
		p.Space = kind
		// Treacherous Seas, and the free moves they give.
		for p.Space == SpaceTreacherous && ended == "" {
			safe, sank, err := s.treacherous(pi)
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
			// "you may move to any adjacent space for free": any space a
			// ship may enter (with free-move-stormy=no, not a Stormy Sea),
			// or none. No default: where the ship goes is the table's to
			// say, and Enter would throw the free move away.
			free, err := chooseOffered(s.env.Prompt, "qc.move.free",
				fmt.Sprintf("%s: the Treacherous Sea gives a free move to an adjacent space: its kind, or none", p.Name),
				referee.NoDefault, append([]string{"none"}, SeaKinds...), func(free string) error {
					if free == "none" {
						return nil
					}
					if _, ok := MoveCost(free); !ok {
						return refuseSpace(free)
					}
					if free == SpaceStormy && !s.st.Rulings.FreeMoveStormy {
						return referee.RuleError([]string{CiteMove}, "questsandcannons: with free-move-stormy=no the free move cannot enter a Stormy Sea")
					}
					return nil
				})
			if err != nil {
				return err
			}
			if free == "none" {
				break
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
	s.env.Emit(referee.Event{Type: "move", Text: fmt.Sprintf("%s moves (%s): %s; %s, %s spent; Move over: %s",
		p.Name, start, strings.Join(path, " -> "), referee.Count(sailsUsed, "Sail"), referee.Count(actionsUsed, "Action"), ended),
		Data:  map[string]any{"player": p.Name, "path": path, "sails": sailsUsed, "actions": actionsUsed, "ended": ended, "space": p.Space, "mobility": mobility},
		Cites: cites})
	if ended != "sank" && ended != "failed Treacherous Sea roll" {
		return s.land()
	}
	return nil
}

// enterCost is what entering a space of kind costs p, whose Move has
// budget spaces of movement left: its movement cost, and the Ready Sails
// and (with extend, option move-extend-actions) Actions spent to reach it,
// Sails first; or why the space cannot be entered. moved is whether the
// Move has entered a space already. It changes nothing.
func enterCost(p *Player, kind string, budget int, extend, moved bool) (cost, sails, actions int, err error) {
	cost, ok := MoveCost(kind)
	if !ok {
		return 0, 0, 0, refuseSpace(kind)
	}
	need := cost - budget
	if need > 0 {
		sails = min(need, p.SailsReady)
		budget += sails
		need -= sails
	}
	if need > 0 && extend && p.Actions >= need {
		actions = need
		budget += need
		need = 0
	}
	if need > 0 {
		what := referee.A(kind + " space")
		switch kind {
		case SpaceStormy:
			what = "a Stormy Sea"
		case SpaceCalm:
			what = "a Calm Sea"
		case SpaceTreacherous:
			what = "a Treacherous Sea"
		}
		ready := p.SailsReady - sails
		if budget+ready == 0 && moved {
			return 0, 0, 0, referee.RuleError([]string{CiteMove, CiteSails}, "questsandcannons: %s's Move has no movement and no Ready Sail left to enter %s: answer qc.move.sea=stop, then start a new Move with another Action (a Move action is 1 space plus Sails; option move-extend-actions=yes lets further Actions extend it)",
				p.Name, what)
		}
		return 0, 0, 0, referee.RuleError([]string{CiteMove, CiteTheSea, CiteSails}, "questsandcannons: entering %s needs %s of movement; %s's Move has %d left and %s Ready (a Move action is 1 space plus Sails; option move-extend-actions=yes lets further Actions extend it)",
			what, referee.Count(cost, "space"), p.Name, budget, referee.Count(ready, "Sail"))
	}
	return cost, sails, actions, nil
}

func refuseSpace(kind string) error {
	if kind == SpaceRivalHome {
		return referee.RuleError([]string{CiteSafeHarbor}, "questsandcannons: only players from a team may move onto its Home Port")
	}
	return referee.RuleError([]string{CiteMove}, "questsandcannons: players can't move onto Impassible Sea spaces under any circumstances")
}

// treacherous rolls the Traveler Die for player pi on a Treacherous Sea.
func (s *step) treacherous(pi int) (safe, sank bool, err error) {
	p := &s.st.Players[pi]
	die, err := referee.LoadDie(s.env.Tables, s.env.Prompt, TravelerDieInfo)
	if err != nil {
		return false, false, err
	}
	r, err := s.env.Dice.Roll("qc.move.traveler", die)
	if err != nil {
		return false, false, err
	}
	luck := false
	if r.Value < TreacherousSafe && canLuck(p) {
		// FAQ: Dwunny Luck may be used after seeing a Treacherous Seas roll.
		// Enter takes no: Dwunny Luck costs a Loot card and turns the roll
		// into a 6, a bonus the table chooses.
		if luck, err = referee.Confirm(s.env.Prompt, "qc.move.luck", fmt.Sprintf("%s rolled %d: use Dwunny Luck (discard a Loot card) to make it a 6?", p.Name, r.Value), "no"); err != nil {
			return false, false, err
		}
	}
	spent := 0
	if !luck && r.Value < TreacherousSafe && p.Bonus > 0 {
		// The spend follows the roll ("whenever you roll the Traveler Die",
		// as Kerris spends her point on a 3): Enter takes the least that
		// succeeds, or nothing when no part of the Bonus does.
		least := LeastBonusToPass(r.Value, p.Bonus, false)
		hint := fmt.Sprintf("%d is the least that reaches %d", least, TreacherousSafe)
		if least == 0 {
			hint = fmt.Sprintf("not enough to reach %d", TreacherousSafe)
		}
		a, err := s.env.Prompt.Ask(referee.Question{Key: "qc.move.bonus", Kind: referee.KindNumber, Min: 0, Max: p.Bonus, Default: strconv.Itoa(least),
			Text: fmt.Sprintf("%s rolled %d: Traveler Bonus to add (holds %d; %s)", p.Name, r.Value, p.Bonus, hint)})
		if err != nil {
			return false, false, err
		}
		if spent, err = strconv.Atoi(a); err != nil {
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
	s.env.Emit(referee.Event{Type: "treacherous", Text: text, Data: map[string]any{"player": p.Name, "result": res}, Cites: cites})
	if !res.Safe {
		sank = s.damagePlayer(pi, res.Damage, SunkOther, -1, "a Treacherous Sea")
	}
	return res.Safe, sank, nil
}

// land applies landing at the current space.
func (s *step) land() error {
	p := s.st.cur()
	switch p.Space {
	case SpaceIsland:
		// Drawn cards come from the decks, and "If a deck of cards ever runs
		// out, shuffle its discard pile": only when every Quest card of the
		// box is held is there none to draw.
		drew := s.takeSupply(s.st.curIndex(), "quest", 1, "the Quest card drawn on landing")
		p.Quests += drew
		s.env.Reveal()
		// No default: yes gives the first to land a Coin, and only the
		// board says.
		unexplored, err := referee.Confirm(s.env.Prompt, "qc.land.unexplored", fmt.Sprintf("%s landed on a Risen Island: is its Exploration token still face-down?", p.Name), referee.NoDefault)
		if err != nil {
			return err
		}
		text := fmt.Sprintf("%s landed on a Risen Island: draw a Quest card", p.Name)
		cites := []string{CiteRisenIslands, CiteQuestCards}
		p.IslandRes = ""
		if unexplored {
			res, err := referee.Choose(s.env.Prompt, "qc.land.resource", "flip the Exploration token: which Resource does it show?", referee.NoDefault, Resources...)
			if err != nil {
				return err
			}
			p.Coins += s.takeSupply(s.st.curIndex(), "coins", 1, "the first to land on a Risen Island")
			p.IslandRes = res
			text += fmt.Sprintf("; first to land: take 1 Coin and flip the Exploration token (%s)", res)
			cites = append(cites, CiteExploring)
		}
		s.env.Emit(referee.Event{Type: "land", Text: text, Data: map[string]any{"player": p.Name, "space": p.Space, "explored": unexplored, "resource": p.IslandRes}, Cites: cites})
	case SpaceWorkshop:
		s.env.Emit(referee.Event{Type: "land", Text: p.Name + " landed at a Workshop Port: Maintenance and Upgrade; safe harbor", Data: map[string]any{"player": p.Name, "space": p.Space}, Cites: []string{CitePorts, CiteSafeHarbor}})
	case SpaceTrading:
		s.env.Emit(referee.Event{Type: "land", Text: p.Name + " landed at a Trading Port: Maintenance and Trade", Data: map[string]any{"player": p.Name, "space": p.Space}, Cites: []string{CitePorts}})
	case SpaceHome:
		s.env.Emit(referee.Event{Type: "land", Text: p.Name + " landed at a Home Port: Maintenance and Deliver Clues; safe harbor", Data: map[string]any{"player": p.Name, "space": p.Space}, Cites: []string{CitePorts, CiteSafeHarbor}})
	}
	return nil
}
