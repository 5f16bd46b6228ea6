package questsandcannons

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// StatusView is what `bosun status` shows.
type StatusView struct {
	Round     int            `json:"round"`
	Rounds    int            `json:"rounds,omitempty"` // co-op: the 15 rounds to win in
	Phase     string         `json:"phase"`
	Mode      string         `json:"mode"`
	Current   string         `json:"current_player,omitempty"`
	Order     []string       `json:"turn_order"`
	Teams     []Team         `json:"teams"`
	Players   []Player       `json:"players"`
	Marauders []Marauder     `json:"marauders,omitempty"`
	Missions  []MissionView  `json:"missions,omitempty"`
	Goal      bool           `json:"goal_reached"`
	Result    *Result        `json:"result,omitempty"`
	Rulings   Rulings        `json:"rulings"`
	Extra     map[string]any `json:"extra,omitempty"`
}

// MissionView is one co-op Mission's progress.
type MissionView struct {
	Player   string `json:"player"`
	Mission  string `json:"mission"`
	Progress int    `json:"progress"`
	Target   int    `json:"target"`
	Done     bool   `json:"done"`
}

// View builds the status view of a state.
func View(st *State) StatusView {
	v := StatusView{Round: st.Round, Phase: st.Phase, Mode: st.Mode, Teams: st.Teams, Players: st.Players, Marauders: st.Marauders, Goal: st.GoalReached, Result: st.Result, Rulings: st.Rulings}
	if st.Phase != PhaseOver && st.Phase != PhaseRoundEnd {
		v.Current = st.cur().Name
	}
	for _, i := range st.Order {
		v.Order = append(v.Order, st.Players[i].Name)
	}
	if st.coop() {
		// "reach the Prosperity Goal within 15 rounds"
		v.Rounds = CoopRounds
		for _, p := range st.Players {
			m, prog, target, done := p.MissionDone()
			v.Missions = append(v.Missions, MissionView{Player: p.Name, Mission: m, Progress: prog, Target: target, Done: done})
		}
	}
	return v
}

// Text renders the status view for people.
func (v StatusView) Text() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s, %s", roundText(v.Round, v.Rounds), v.Phase)
	if v.Current != "" {
		fmt.Fprintf(&sb, ", %s to play", v.Current)
	}
	fmt.Fprintf(&sb, " (%s; turn order %s)\n", v.Mode, strings.Join(v.Order, ", "))
	for _, t := range v.Teams {
		fmt.Fprintf(&sb, "team %s (%s): Prosperity %d / %d\n", t.Name, t.Nation, t.Prosperity, t.Goal)
	}
	for _, p := range v.Players {
		var res []string
		for _, r := range Resources {
			if p.Res[r] > 0 {
				res = append(res, fmt.Sprintf("%d %s", p.Res[r], r))
			}
		}
		if len(res) == 0 {
			res = []string{"empty hold"}
		}
		fmt.Fprintf(&sb, "  %s (%s, %s %s) on %s space: damage %d/%d, Actions %d, Sails %d/%d Ready, Cannons %d/%d Ready, Cargo %d (%s), Ammo %d, Coins %d, Traveler Bonus %d; hand %d Loot, %d Quest, %d Clue; %d solved, %d equipped\n",
			p.Name, p.Champion, p.Nation, p.Role, referee.A(p.Space), p.Damage, p.Hearts, p.Actions, p.SailsReady, p.Sails, p.GunsReady, p.Cannons, p.Cargo, strings.Join(res, ", "),
			p.Ammo, p.Coins, p.Bonus, p.Loot, p.Quests, p.Clues, p.Solved, p.Equipped)
	}
	for _, m := range v.Marauders {
		state := fmt.Sprintf("damage %d/%d, Cannons %d (%d Ready)", m.Damage, MarauderHealth, m.Cannons, m.Ready)
		if m.Sunk {
			state = "sunk (Reinforces at the end of the round)"
		}
		fmt.Fprintf(&sb, "  Marauder %d: %s\n", m.ID, state)
	}
	for _, m := range v.Missions {
		done := ""
		if m.Done {
			done = " (complete)"
		}
		fmt.Fprintf(&sb, "  %s's %s Mission: %d/%d%s\n", m.Player, m.Mission, m.Progress, m.Target, done)
	}
	if v.Goal && v.Result == nil {
		sb.WriteString("the Prosperity Goal has been reached\n")
	}
	if v.Result != nil {
		fmt.Fprintf(&sb, "game over: %s\n", v.Result.Reason)
	}
	return sb.String()
}

// roundText is "round N", or "round N of 15" in a co-op game (rounds > 0).
func roundText(round, rounds int) string {
	if rounds > 0 {
		return fmt.Sprintf("round %d of %d", round, rounds)
	}
	return fmt.Sprintf("round %d", round)
}
