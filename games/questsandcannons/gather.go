package questsandcannons

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func (s *step) gather() error {
	p := s.st.cur()
	if err := actionRefusal(s.st, "gather"); err != nil {
		return err
	}
	res := p.IslandRes
	if res == "" {
		var err error
		if res, err = referee.Choose(s.env.Prompt, "qc.gather.resource", "the Resource on this island's Exploration token", referee.NoDefault, Resources...); err != nil {
			return err
		}
		p.IslandRes = res
	}
	// "take any number of resources of that type from the supply": no more
	// than the supply has left (Resource Tokens (70)), counting the ones
	// discarded to make room, which go back to it first.
	supplyCheck := func(n int) error {
		return supplyRefusal(s.st, res, n-max(p.Carried()+n-p.Cargo, 0), p.Name+"'s Gather")
	}
	// Filling the free Cargo Slots is the usual answer, when the supply
	// has that many; with a full hold (a discard to make room) there is
	// none.
	usual := ""
	if free := p.Cargo - p.Carried(); free >= 1 && supplyCheck(free) == nil {
		usual = strconv.Itoa(free)
	}
	a, err := s.env.Prompt.Ask(referee.Question{Key: "qc.gather.count", Kind: referee.KindNumber, Min: 1, Max: p.Cargo, Default: usual,
		Text: fmt.Sprintf("how many %s to take (%s, %d carried)", res, referee.Count(p.Cargo, "Cargo Slot"), p.Carried()),
		Check: func(a string) (string, error) {
			n, err := strconv.Atoi(a)
			if err != nil {
				return a, err
			}
			return a, keyed("qc.gather.count", a, supplyCheck(n))
		}})
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(a) // the supply was checked by the question
	if err != nil {
		return err
	}
	var discarded []string
	if over := p.Carried() + n - p.Cargo; over > 0 {
		ans, err := p2list(s.env, "qc.gather.discard", fmt.Sprintf("Cargo is full: %s to discard to make room", referee.Count(over, "Resource")), over, func(ans []string) error {
			taken := map[string]int{}
			for _, r := range ans {
				if taken[r]++; p.Res[r] < taken[r] {
					return referee.RuleError([]string{CiteGather}, "questsandcannons: %s carries no %s to discard", p.Name, r)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, r := range ans { // checked by the question
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
	s.env.Emit(referee.Event{Type: "gather", Text: text, Data: map[string]any{"player": p.Name, "resource": res, "count": n, "discarded": discarded}, Cites: []string{CiteGather}})
	return nil
}

// p2list asks for count Resources; check, when not nil, refuses a list
// inside the question (pure), so a terminal re-asks it in place.
func p2list(env *referee.Env, key, text string, count int, check func([]string) error) ([]string, error) {
	q := referee.Question{Key: key, Text: text, Kind: referee.KindList, Options: Resources, Count: count}
	if check != nil {
		q.Check = func(a string) (string, error) { return a, keyed(key, a, check(referee.SplitList(a))) }
	}
	a, err := env.Prompt.Ask(q)
	if err != nil {
		return nil, err
	}
	return referee.SplitList(a), nil
}
