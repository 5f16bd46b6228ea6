package procedure

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// Status is what `bosun status` shows for a Misty Waters session.
type Status struct {
	Round      int            `json:"round"`
	RoundName  string         `json:"round_name"`
	Wheel      int            `json:"wheel"`
	WheelName  string         `json:"wheel_name"`
	RoundKinds []string       `json:"round_kinds"`
	Phase      int            `json:"phase"`
	PhaseName  string         `json:"phase_name"`
	Pending    []string       `json:"pending,omitempty"`
	Priority   string         `json:"priority"`
	Wind       int            `json:"wind"`
	SpeedMod   *int           `json:"speed_mod,omitempty"` // nil until the box's sail is known
	Effects    []string       `json:"effects"`
	Event      *EventCard     `json:"event,omitempty"`
	NPCs       []NPCStatus    `json:"npcs"`
	Whirlpools map[int]string `json:"whirlpools,omitempty"`
	Treasure   string         `json:"treasure"`
	Players    []PlayerStatus `json:"players"`
	Conquest   int            `json:"conquest_need"`
	Over       bool           `json:"over"`
	Winners    []string       `json:"winners,omitempty"`
	EndReason  string         `json:"end_reason,omitempty"`
	Voting     *Voting        `json:"voting,omitempty"`
}

// NPCStatus is one NPC on the map.
type NPCStatus struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Damage  int    `json:"damage"`
	Sailors int    `json:"sailors,omitempty"`
	Range   int    `json:"range,omitempty"`
	Moves   bool   `json:"moves_this_round"`
}

// PlayerStatus is one player's line.
type PlayerStatus struct {
	Name       string   `json:"name"`
	Colour     string   `json:"colour,omitempty"`
	Base       string   `json:"base,omitempty"`
	Team       int      `json:"team,omitempty"`
	Fleet      []string `json:"fleet"`
	Captured   int      `json:"captured"`
	Streak     int      `json:"streak"`
	Hourglass  []string `json:"hourglasses,omitempty"`
	TavernNext int      `json:"tavern_fee_next,omitempty"`
	Defeats    int      `json:"ships_defeated,omitempty"` // in battles bosun resolved
	Trophies   []string `json:"trophies,omitempty"`       // won in battles bosun resolved
}

// Status implements referee.Game.
func (g *Game) Status(s *referee.Session, env *referee.Env) (any, error) {
	st, err := load(s)
	if err != nil {
		return nil, err
	}
	w := Wheel(st.Round)
	out := Status{Round: st.Round, RoundName: Roman(st.Round), Wheel: w, WheelName: Roman(w), Phase: st.Phase, PhaseName: phaseNames[st.Phase],
		Pending: st.Queue, Priority: st.priorityName(), Wind: st.Wind, Event: st.Event, Treasure: st.Treasure, Conquest: st.conquestNeed(),
		Over: st.Phase == PhaseOver, Winners: st.Winners, EndReason: st.EndReason, Voting: st.Voting, NPCs: []NPCStatus{}, Players: []PlayerStatus{}}
	if isEvent(w) {
		out.RoundKinds = append(out.RoundKinds, "event")
	}
	if isHarvest(w) {
		out.RoundKinds = append(out.RoundKinds, "harvest")
	}
	if isGold(w) {
		out.RoundKinds = append(out.RoundKinds, "gold")
	}
	if isPirate(w) {
		out.RoundKinds = append(out.RoundKinds, "pirate-movement")
	}
	if st.Round == 12 {
		out.RoundKinds = append(out.RoundKinds, "grand-finale")
	}
	out.Effects = knownEffects(env, st.Wind)
	if env != nil && env.Tables != nil {
		if row, ok := env.Tables.Lookup("mwp-wind-force", fmt.Sprintf("speed.%d", st.Wind)); ok && row.Known() {
			if n, err := toInt(row.Value); err == nil {
				out.SpeedMod = &n
			}
		}
	}
	mod := 0
	if out.SpeedMod != nil {
		mod = *out.SpeedMod
	}
	for _, n := range st.NPCs {
		ns := NPCStatus{ID: n.ID, Kind: n.Kind, Damage: n.Damage, Sailors: n.Sailors}
		if n.Kind != KindBattery {
			ns.Range = NPCRange(n, st.Wind, mod)
		}
		switch n.Kind {
		case KindPirate:
			ns.Moves = isPirate(w) && n.Appeared != st.Round
		case KindMonster:
			ns.Moves = true
		case KindBattery:
		default:
			ns.Moves = n.Appeared != st.Round
		}
		out.NPCs = append(out.NPCs, ns)
	}
	for i, it := range st.Whirlpools {
		if it != "" {
			if out.Whirlpools == nil {
				out.Whirlpools = map[int]string{}
			}
			out.Whirlpools[i+1] = it
		}
	}
	for _, p := range st.Players {
		ps := PlayerStatus{Name: p.Name, Colour: p.Colour, Base: p.Base, Team: p.Team, Fleet: p.Fleet, Captured: p.Captured, Streak: p.Streak,
			Defeats: p.Defeats, Trophies: p.Trophies}
		if p.Tavern > 0 {
			ps.Hourglass = append(ps.Hourglass, "tavern")
			ps.TavernNext = TavernFee(p.Tavern + 1)
		}
		if p.Foreign > 0 {
			ps.Hourglass = append(ps.Hourglass, "foreign-port")
		}
		out.Players = append(out.Players, ps)
	}
	return out, nil
}
