package questsandcannons

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// marauderRange is how far a Marauder can move: its Ready Cannons (in the
// multiplayer variant its Cannons are always Ready).
func marauderRange(st *State, m Marauder) int {
	if st.Variant {
		return m.Cannons
	}
	return m.Ready
}

func marauderCites(st *State, c ...string) []string {
	out := append([]string{CiteMarauderActions}, c...)
	if st.Variant {
		out = append(out, CiteMultiMarauders)
	}
	return out
}

// marauderTurn runs the Marauders at the end of player i's turn: each one
// that can reach the player's space in one move moves there and attacks
// with all its Ready Cannons and unlimited Ammo.
func (s *step) marauderTurn(i int) error {
	if len(s.st.Marauders) == 0 {
		return nil
	}
	p := &s.st.Players[i]
	// Why each Marauder did not come: said once at the end when none did,
	// so the table hears that the turn ends with no Marauder in range.
	var away []string
	attacked := false
	for k := range s.st.Marauders {
		m := &s.st.Marauders[k]
		if m.Sunk {
			away = append(away, marauderLabel(m.ID)+" is sunk")
			continue
		}
		if IsSafeHarbor(p.Space) {
			s.env.Emit(referee.Event{Type: "marauder", Text: fmt.Sprintf("%s is in a safe harbor (%s port): no Marauder can attack", p.Name, p.Space),
				Data: map[string]any{"player": p.Name}, Cites: marauderCites(s.st, CiteSafeHarbor)})
			return nil
		}
		name := marauderLabel(m.ID)
		if s.st.Variant && m.Reinforced {
			s.env.Emit(referee.Event{Type: "marauder", Text: fmt.Sprintf("%s Reinforced at the end of the last round: it can't attack this round", name),
				Data: map[string]any{"marauder": m.ID}, Cites: []string{CiteMultiMarauders}})
			away = append(away, name+" Reinforced last round")
			continue
		}
		rng := marauderRange(s.st, *m)
		if rng < 1 {
			s.env.Emit(referee.Event{Type: "marauder", Text: fmt.Sprintf("%s has no Ready Cannons: it does not move", name),
				Data: map[string]any{"marauder": m.ID, "range": 0}, Cites: marauderCites(s.st, CiteMarauderMoving)})
			away = append(away, name+" has no Ready Cannons")
			continue
		}
		// Enter takes no: a Marauder attacks only when the table sees it in
		// range; Enter must never make one attack by itself.
		reach, err := referee.Confirm(s.env.Prompt, fmt.Sprintf("qc.marauder.%d.reach", m.ID),
			fmt.Sprintf("can Marauder %d reach %s's space in one move of up to %s (every space counts as Calm Sea)?", m.ID, p.Name, referee.Count(rng, "space")), "no")
		if err != nil {
			return err
		}
		if !reach {
			away = append(away, fmt.Sprintf("%s cannot reach it in %s", name, referee.Count(rng, "space")))
			continue
		}
		attacked = true
		die, err := AmmoDie(s.env)
		if err != nil {
			return err
		}
		guns := rng
		rolls, err := s.env.Dice.RollN(fmt.Sprintf("qc.marauder.%d.ammo", m.ID), die, guns)
		if err != nil {
			return err
		}
		res := ResolveAttack(referee.Values(rolls), 0)
		if !s.st.Variant {
			m.Ready = 0
		}
		s.env.Emit(referee.Event{Type: "marauder-attack", Text: fmt.Sprintf("Marauder %d moves to %s's space and fires %s: %s", m.ID, p.Name, referee.Count(guns, "Cannon"), strings.TrimSuffix(res.Text(), ", +1 Prosperity")),
			Data:  map[string]any{"marauder": m.ID, "target": p.Name, "cannons": guns, "result": res, "faces": faceValues(die)},
			Cites: marauderCites(s.st, CiteMarauderMoving, CiteMarauderAttack, CiteAttack)})
		if s.damagePlayer(i, res.Damage, SunkByMarauder, -1, fmt.Sprintf("Marauder %d", m.ID)) {
			return nil // back at the Home Port: a safe harbor
		}
	}
	if !attacked {
		s.env.Emit(referee.Event{Type: "marauder", Text: fmt.Sprintf("no Marauder is in range of %s: none moves or attacks at the end of the turn (%s)", p.Name, strings.Join(away, "; ")),
			Data: map[string]any{"player": p.Name, "in_range": 0}, Cites: marauderCites(s.st, CiteMarauderMoving)})
	}
	return nil
}

// damageMarauder deals damage to Marauder k; by is the player whose attack
// or effect it is (-1: none).
func (s *step) damageMarauder(k, dmg, by int) {
	m := &s.st.Marauders[k]
	if dmg <= 0 {
		return
	}
	m.Damage = min(m.Damage+dmg, MarauderHealth)
	s.env.Emit(referee.Event{Type: "damage", Text: fmt.Sprintf("Marauder %d takes %d damage (%d of %d Health)", m.ID, dmg, m.Damage, MarauderHealth),
		Data: map[string]any{"marauder": m.ID, "damage": dmg, "marked": m.Damage}, Cites: marauderCites(s.st, CiteMarauderCaptains)})
	if m.Damage < MarauderHealth {
		return
	}
	m.Sunk = true
	text := fmt.Sprintf("Marauder %d sinks; it Reinforces at the end of the round", m.ID)
	cites := marauderCites(s.st, CiteSinkingMarauder, CiteReinforcement)
	data := map[string]any{"marauder": m.ID, "cannons": m.Cannons}
	if by >= 0 {
		p := &s.st.Players[by]
		got := s.takeSupply(by, "coins", m.Cannons, "for sinking a Marauder")
		p.Coins += got
		text += fmt.Sprintf("; %s gains %s (its Cannons, Ready and Spent)", p.Name, referee.Count(got, "Coin"))
		data["by"] = p.Name
		unique := true
		for _, id := range p.Sank {
			if id == m.ID {
				unique = false
			}
		}
		if unique {
			p.Sank = append(p.Sank, m.ID)
		}
		if s.st.coop() && MissionOf[p.Role] == "naval" {
			text += fmt.Sprintf("; %s takes its Home Port token (%s sunk)", p.Name, referee.Count(len(p.Sank), "unique Marauder"))
			cites = append(cites, CiteNavalMission)
		}
		data["unique_sunk"] = len(p.Sank)
	}
	s.env.Emit(referee.Event{Type: "marauder-sunk", Text: text, Data: data, Cites: cites})
}

// marauderRoundEnd reloads and reinforces the Marauders at the end of a round.
func (s *step) marauderRoundEnd() {
	if len(s.st.Marauders) == 0 {
		return
	}
	if !s.st.Variant {
		var parts []string
		for k := range s.st.Marauders {
			m := &s.st.Marauders[k]
			before := m.Ready
			m.Ready = min(m.Cannons, m.Ready+MarauderReload)
			parts = append(parts, fmt.Sprintf("%d: %d -> %d", m.ID, before, m.Ready))
		}
		s.env.Emit(referee.Event{Type: "marauder-reload", Text: "each Marauder Readies two of its Cannons (Ready Cannons " + strings.Join(parts, ", ") + ")",
			Cites: []string{CiteMarauderActions, CiteReloading}})
	}
	all := ReinforceAllRounds[s.st.Round]
	for k := range s.st.Marauders {
		m := &s.st.Marauders[k]
		if !all && !m.Sunk {
			m.Reinforced = false
			continue
		}
		m.Reinforced = true
		before := m.Cannons
		// The Cannon it gains is a token from the supply (Cannon Tokens
		// (24)): with none left it gains none.
		short := m.Cannons < MarauderMaxGuns && s.st.SupplyLeft("cannons") == 0 && !s.st.Rulings.Substitutes
		if m.Cannons < MarauderMaxGuns && !short {
			m.Cannons++
			if s.st.Rulings.ReinforceReady {
				m.Ready++
			}
		}
		wasSunk := m.Sunk
		text := fmt.Sprintf("Marauder %d Reinforces: draw a Clue, place its ship on that island, put the Clue on the bottom of the deck; Cannons %d -> %d", m.ID, before, m.Cannons)
		if short {
			text += " (no Cannon token is left in the supply: the box holds Cannon Tokens (24))"
		}
		if wasSunk {
			m.Damage = 0
			m.Sunk = false
			text += "; it was sunk: all damage removed"
		} else if all {
			text += fmt.Sprintf(" (every Marauder Reinforces at the end of round %d; damage stays at %d)", s.st.Round, m.Damage)
		}
		if m.Ready > m.Cannons {
			m.Ready = m.Cannons
		}
		cites := marauderCites(s.st, CiteReinforcement)
		if short {
			cites = append(cites, CiteComponents)
		}
		s.env.Emit(referee.Event{Type: "marauder-reinforce", Text: text,
			Data:  map[string]any{"marauder": m.ID, "cannons": m.Cannons, "was_sunk": wasSunk, "round": s.st.Round, "all": all},
			Cites: cites})
	}
}
