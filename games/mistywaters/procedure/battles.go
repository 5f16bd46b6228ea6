package procedure

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Unit is one side of a battle as the procedure knows it.
type Unit struct {
	ID      string `json:"id"`              // NPC id, a player's name, or "NAME-fort"
	Kind    string `json:"kind"`            // player, fort, pirate, caravel, galleass, freighter, monster, battery, temple
	Owner   string `json:"owner,omitempty"` // the player of a player ship or fort
	Damaged bool   `json:"damaged,omitempty"`
	Sailors int    `json:"sailors,omitempty"` // Galleass
	Monster string `json:"monster,omitempty"`
}

// Battle is a battle the procedure needs resolved.
type Battle struct {
	Key      string `json:"key"` // prompt key prefix, e.g. misty.battle.pirate-1.Ann
	Type     string `json:"type"`
	Attacker Unit   `json:"attacker"`
	Defender Unit   `json:"defender"`
	// NoCounter: the defender may not counterattack (Wind Force, shallow water).
	NoCounter bool     `json:"no_counter,omitempty"`
	Cites     []string `json:"-"`
}

// Battle types.
const (
	Broadside = "broadside"
	Boarding  = "boarding"
)

// Outcome is what the procedure needs to know after a battle: what became
// of each NPC side (Player Ships' boards are kept by the players).
type Outcome struct {
	Stopped bool `json:"stopped,omitempty"` // an Action Card stopped the attack
	// Damage markers added, sailors removed, defeat, per side.
	AttackerDamage   int    `json:"attacker_damage,omitempty"`
	DefenderDamage   int    `json:"defender_damage,omitempty"`
	AttackerSailors  int    `json:"attacker_sailors_lost,omitempty"`
	DefenderSailors  int    `json:"defender_sailors_lost,omitempty"`
	AttackerDefeated bool   `json:"attacker_defeated,omitempty"`
	DefenderDefeated bool   `json:"defender_defeated,omitempty"`
	Text             string `json:"text,omitempty"`
}

// Battles resolves battles for the procedure. The battle engine of package
// mistywaters satisfies it through an adapter; AskBattles asks the table.
type Battles interface {
	Resolve(env *referee.Env, b Battle) (Outcome, error)
}

// AskBattles asks the table for each battle's outcome: the players fight it
// on the board (or with `bosun misty battle`) and enter what happened to the
// NPC sides. Keys: <key>.attacker and <key>.defender (unharmed, damaged,
// defeated; for the Galleass the number of Sailors lost).
type AskBattles struct{}

// Resolve implements Battles.
func (AskBattles) Resolve(env *referee.Env, b Battle) (Outcome, error) {
	var o Outcome
	side := func(u Unit, role string) (dmg, sailors int, defeated bool, err error) {
		if u.Kind == "player" {
			return 0, 0, false, nil // the players apply their own losses
		}
		key := b.Key + "." + role
		if u.Kind == KindGalleass {
			a, err := env.Prompt.Ask(referee.Question{Key: key, Kind: referee.KindNumber, Min: 0, Max: 10,
				Text: fmt.Sprintf("%s battle %s vs %s: how many Sailors did the Conquistadors' Galleass lose?", b.Type, b.Attacker.ID, b.Defender.ID)})
			if err != nil {
				return 0, 0, false, err
			}
			var n int
			fmt.Sscan(a, &n)
			return 0, n, n >= u.Sailors, nil
		}
		// Two-marker units may end damaged; the others fall to one hit.
		opts := []string{"unharmed", "defeated"}
		if !u.Damaged && (u.Kind == "fort" || u.Kind == KindPirate || u.Kind == KindCaravel || u.Kind == "temple") {
			opts = []string{"unharmed", "damaged", "defeated"}
		}
		a, err := env.Prompt.Ask(referee.Question{Key: key, Kind: referee.KindChoose, Options: opts,
			Text: fmt.Sprintf("%s battle %s vs %s: what became of %s?", b.Type, b.Attacker.ID, b.Defender.ID, u.ID)})
		if err != nil {
			return 0, 0, false, err
		}
		switch a {
		case "damaged":
			return 1, 0, false, nil
		case "defeated":
			return 0, 0, true, nil
		}
		return 0, 0, false, nil
	}
	var err error
	if o.DefenderDamage, o.DefenderSailors, o.DefenderDefeated, err = side(b.Defender, "defender"); err != nil {
		return o, err
	}
	if o.DefenderDefeated || b.NoCounter {
		return o, nil
	}
	if o.AttackerDamage, o.AttackerSailors, o.AttackerDefeated, err = side(b.Attacker, "attacker"); err != nil {
		return o, err
	}
	return o, nil
}

// unitOf describes an NPC as a battle side.
func unitOf(n *NPC) Unit {
	u := Unit{ID: n.ID, Kind: n.Kind, Damaged: n.Damage > 0, Sailors: n.Sailors, Monster: n.Monster}
	return u
}

// fight runs a battle and applies its outcome to the NPC sides.
func (r *run) fight(b Battle) (Outcome, error) {
	r.lastBattleBoarding = b.Type == Boarding
	o, err := r.g.battles().Resolve(r.env, b)
	if err != nil {
		return o, err
	}
	text := fmt.Sprintf("%s battle: %s attacks %s", b.Type, b.Attacker.ID, b.Defender.ID)
	var res []string
	for _, x := range []struct {
		u        Unit
		dmg, sl  int
		defeated bool
	}{{b.Attacker, o.AttackerDamage, o.AttackerSailors, o.AttackerDefeated}, {b.Defender, o.DefenderDamage, o.DefenderSailors, o.DefenderDefeated}} {
		switch {
		case x.defeated:
			res = append(res, x.u.ID+" defeated")
		case x.dmg > 0:
			res = append(res, x.u.ID+" damaged")
		case x.sl > 0:
			res = append(res, fmt.Sprintf("%s loses %d Sailors", x.u.ID, x.sl))
		}
	}
	if len(res) > 0 {
		text += ": " + strings.Join(res, ", ")
	}
	if o.Text != "" {
		text += " (" + o.Text + ")"
	}
	cites := append([]string{citeBattles, citeStep4ABroadside, citeEndOfBattle}, b.Cites...)
	if b.Type == Boarding {
		cites[1] = citeStep4BBoarding
	}
	r.emit("battle", text, map[string]any{"battle": b, "outcome": o}, cites...)
	r.apply(b.Attacker, o.AttackerDamage, o.AttackerSailors, o.AttackerDefeated, b.Defender)
	r.apply(b.Defender, o.DefenderDamage, o.DefenderSailors, o.DefenderDefeated, b.Attacker)
	return o, nil
}

// apply records damage to an NPC side; rewards go to a player opponent.
func (r *run) apply(u Unit, dmg, sailors int, defeated bool, opp Unit) {
	st := r.st
	if u.Kind == "temple" {
		if defeated {
			st.Temple = false
			r.emit("npc", fmt.Sprintf("The Last Day Temple falls: %s receives 5 Silver Coins and 2 Experience Tokens and may reach the Treasure", opp.Owner), nil, citeLastDayTemple)
		}
		return
	}
	n := st.npc(u.ID)
	if n == nil {
		return
	}
	n.Damage += dmg
	if n.Kind == KindGalleass && sailors > 0 {
		n.Sailors -= sailors
		if n.Sailors <= 0 {
			defeated = true
		}
	}
	if (n.Kind == KindPirate || n.Kind == KindCaravel) && n.Damage >= 2 {
		defeated = true
	}
	if n.Kind == KindFreighter && dmg > 0 {
		defeated = true
	}
	if !defeated {
		return
	}
	st.removeNPC(n.ID)
	reward := ""
	if opp.Kind == "player" || opp.Kind == "fort" {
		switch n.Kind {
		case KindPirate:
			reward = fmt.Sprintf("%s receives 5 Silver Coins, 2 Experience Tokens and the Pirate Ship token as a trophy (1 Experience Token, no Silver, if by Boarding Battle)", opp.Owner)
		case KindCaravel:
			reward = fmt.Sprintf("%s receives 2 Experience Tokens and, with a Player Ship, a Treasure Chest token (7 Silver)", opp.Owner)
		case KindFreighter:
			reward = fmt.Sprintf("%s receives 5 Silver Coins and 2 Experience Tokens (and a Treasure Chest token if it was disabled by a '2' without a '6')", opp.Owner)
		case KindMonster:
			reward = fmt.Sprintf("%s receives 5 Silver Coins, 2 Experience Tokens and the %s token as a trophy; its card goes to the box", opp.Owner, n.Monster)
		case KindBattery:
			reward = fmt.Sprintf("%s receives 1 Experience Token", opp.Owner)
		}
	}
	if n.Kind == KindGalleass {
		if opp.Kind == "player" && r.lastBattleBoarding {
			st.Treasure = "player:" + opp.Owner
			reward = fmt.Sprintf("%s seizes the Conquistadors' Treasure into the Cargo Hold and receives 1 Experience Token: bring it to your own Base to win", opp.Owner)
		} else if n.Treasure {
			r.treasureRemoved("the Conquistadors' Galleass sank with the Treasure")
			if opp.Kind == "player" {
				reward = fmt.Sprintf("%s receives 5 Silver Coins and 2 Experience Tokens", opp.Owner)
			}
		}
	}
	text := fmt.Sprintf("%s is defeated and removed from the map", n.ID)
	if reward != "" {
		text += "; " + reward
	}
	r.emit("npc", text, map[string]any{"npc": n.ID, "defeated": true}, citeEndOfBattle)
}

// treasureRemoved records the Conquistadors' Treasure leaving play.
func (r *run) treasureRemoved(why string) {
	st := r.st
	if st.Opt.vari("extended") {
		st.Treasure = TreasureRemoved
		r.emit("endgame", "The Conquistadors' Treasure is removed from play ("+why+"); Extended Variant: this does not end the game", nil, citeExtended)
		return
	}
	st.Treasure = TreasureRemoved
	st.EndAfter = true
	r.emit("endgame", "The Conquistadors' Treasure is removed from play ("+why+"): the game ends at the end of this Round", map[string]any{"treasure": "removed"}, citeVictoryViceroy, citeGalleass)
}
