package questsandcannons

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// dealDamage applies damage from player by (-1: none) to a named target.
func (s *step) dealDamage(target string, dmg, by int) error {
	if k := marauderIndex(s.st, target); k >= 0 {
		s.damageMarauder(k, dmg, by)
		return nil
	}
	ti := s.st.playerByName(target)
	if ti < 0 {
		return referee.Usagef("questsandcannons: %q is not a ship in this game", target)
	}
	cause := SunkOther
	if by >= 0 && s.st.Players[by].Team != s.st.Players[ti].Team {
		cause = SunkByRival
	}
	s.damagePlayer(ti, dmg, cause, by, "")
	return nil
}

// damagePlayer marks damage on player i and sinks the ship when every Heart
// is marked. It reports whether the ship sank.
func (s *step) damagePlayer(i, dmg int, cause SinkCause, by int, what string) bool {
	if dmg <= 0 {
		return false
	}
	p := &s.st.Players[i]
	p.Damage = min(p.Damage+dmg, p.Hearts)
	text := fmt.Sprintf("%s takes %d damage (%d of %s marked)", p.Name, dmg, p.Damage, referee.Count(p.Hearts, "Heart"))
	if what != "" {
		text += " from " + what
	}
	s.env.Emit(referee.Event{Type: "damage", Text: text, Data: map[string]any{"player": p.Name, "damage": dmg, "marked": p.Damage, "hearts": p.Hearts}, Cites: []string{CiteSinking}})
	if p.Damage < p.Hearts {
		return false
	}
	s.sink(i, cause, by)
	return true
}

// sink applies every consequence of player i's ship sinking.
func (s *step) sink(i int, cause SinkCause, by int) {
	p := &s.st.Players[i]
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
	if len(s.st.Teams[p.Team].Members) > 1 {
		port = "their Home Port (or any Home Port on their Nation's frame tile)"
	}
	text := fmt.Sprintf("%s sinks: ship to %s; Resources, %s and %d Ammo discarded, then 5 Ammo; %d equipped Loot discarded (hand kept); %s discarded (%d left); damage removed",
		p.Name, port, referee.Count(r.SolvedCluesLost, "solved Clue"), r.AmmoLost, r.EquippedLost, referee.Count(r.CoinsLost, "Coin"), r.CoinsAfter)
	switch cause {
	case SunkByRival:
		text += fmt.Sprintf("; sunk by a rival: %s takes the %s", s.st.Players[by].Name, referee.Count(r.RivalCoins, "Coin"))
	case SunkByMarauder:
		text += "; sunk by a Marauder: no Prosperity change"
	default:
		text += "; not sunk by a rival or a Marauder: -3 Prosperity"
	}
	data := map[string]any{"player": p.Name, "outcome": r}
	if by >= 0 {
		data["by"] = s.st.Players[by].Name
	}
	s.env.Emit(referee.Event{Type: "sink", Text: text, Data: data, Cites: []string{CiteSinking, CiteFAQ}})
	switch cause {
	case SunkByRival:
		s.st.Players[by].Coins += r.RivalCoins
		s.gainProsperity(s.st.Players[by].Team, r.RivalProsperity, s.st.Players[by].Name+" sank "+p.Name, CiteSinking)
	case SunkOther:
		s.gainProsperity(p.Team, r.ProsperityChange, p.Name+" sank", CiteSinking, CiteFAQ)
	}
}
