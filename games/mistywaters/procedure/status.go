package procedure

import (
	"fmt"
	"strings"

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
	Next       string         `json:"next"` // what the next `bosun next` runs
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
	Name       string     `json:"name"`
	Colour     string     `json:"colour,omitempty"`
	Base       string     `json:"base,omitempty"`
	Team       int        `json:"team,omitempty"`
	Fleet      []string   `json:"fleet"`                // Player Ships afloat, by their initials
	Ships      []string   `json:"ships"`                // the same, by name
	Lost       []LostShip `json:"lost_ships,omitempty"` // Player Ships bosun saw leave the fleet
	Captured   int        `json:"captured"`
	Streak     int        `json:"streak"`
	Hourglass  []string   `json:"hourglasses,omitempty"`
	TavernNext int        `json:"tavern_fee_next,omitempty"`
	Defeats    int        `json:"ships_defeated,omitempty"` // in battles bosun resolved
	Trophies   []string   `json:"trophies,omitempty"`       // won in battles bosun resolved
}

// Status implements referee.Game.
func (g *Game) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
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
	out.Next = st.nextText()
	out.Effects = knownEffects(env, st.Wind)
	if env != nil && env.Tables != nil {
		if row, ok := env.Tables.Lookup("mwp-wind-force", fmt.Sprintf("speed.%d", st.Wind)); ok && row.Known() {
			if n, err := referee.ValueInt(row.Value); err == nil {
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
			ns.Moves = !(st.Opt.MonsterWait && n.Appeared == st.Round)
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
			Defeats: p.Defeats, Trophies: p.Trophies, Lost: p.Lost, Ships: []string{}}
		if ps.Fleet == nil {
			ps.Fleet = []string{}
		}
		for _, f := range p.Fleet {
			ps.Ships = append(ps.Ships, shipTitle(f))
		}
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

// effectName is an ongoing Wind Force effects as the board names them.
func effectName(e string) string {
	if t, ok := effectTitles[e]; ok {
		return t
	}
	return e
}

// Text is the view `bosun status` prints at the table: round and Wheel of
// Time position, phase, Priority Token, Wind Force and its effects, the
// Event in force, the NPCs on the map, hourglasses and Captured Island
// streaks.
func (v Status) Text() string {
	var b strings.Builder
	line := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	kinds := "no Wheel of Time effect"
	if len(v.RoundKinds) > 0 {
		kinds = strings.Join(v.RoundKinds, ", ")
	}
	line("Round %s (Wheel of Time %s: %s)", v.RoundName, v.WheelName, kinds)
	phase := v.PhaseName
	if len(v.Pending) > 0 {
		var next []string
		for _, q := range v.Pending {
			next = append(next, pendingText(v.Phase, q))
		}
		phase += " (next: " + strings.Join(next, ", ") + ")"
	}
	line("Phase:          %s", phase)
	if v.Next != "" {
		line("Next step:      %s", v.Next)
	}
	line("Priority Token: %s", v.Priority)
	wind := fmt.Sprintf("%d oB", v.Wind)
	if v.SpeedMod != nil {
		wind += fmt.Sprintf(", speed %+d (minimum range 1)", *v.SpeedMod)
	} else {
		wind += ", speed modification not read yet"
	}
	effs := "none known"
	if len(v.Effects) > 0 {
		var n []string
		for _, e := range v.Effects {
			n = append(n, effectName(e))
		}
		effs = strings.Join(n, ", ")
	}
	line("Wind Force:     %s; effects in force: %s", wind, effs)
	switch {
	case v.Event == nil:
		line("Event:          none drawn yet")
	case v.Event.Continuing:
		line("Event:          %s (continuing since Round %s)", eventTitle(v.Event), Roman(v.Event.Round))
	default:
		line("Event:          none in force (last: %s, immediate, Round %s)", eventTitle(v.Event), Roman(v.Event.Round))
	}
	line("Treasure:       %s", treasureText(v.Treasure))
	if len(v.NPCs) == 0 {
		line("NPCs:           none on the map")
	} else {
		line("NPCs:")
		for _, n := range v.NPCs {
			var parts []string
			if n.Damage > 0 {
				parts = append(parts, referee.Count(n.Damage, "Damage Marker"))
			} else if n.Kind != KindMonster {
				parts = append(parts, "full strength")
			}
			if n.Kind == KindGalleass && n.Sailors > 0 {
				parts = append(parts, referee.Count(n.Sailors, "Sailor"))
			}
			if n.Kind != KindBattery {
				mv := "does not move this Round"
				if n.Moves {
					mv = "moves this Round"
				}
				parts = append(parts, fmt.Sprintf("Maximum Range %d, %s", n.Range, mv))
			}
			line("  %-12s %s", n.ID, strings.Join(parts, "; "))
		}
	}
	if len(v.Whirlpools) > 0 {
		var w []string
		for i := 1; i <= 6; i++ {
			if it, ok := v.Whirlpools[i]; ok {
				w = append(w, fmt.Sprintf("%d: %s", i, it))
			}
		}
		line("Whirlpools:     %s", strings.Join(w, ", "))
	}
	if v.Conquest == 0 {
		line("Players (no Island Conquest in Solo Mode):")
	} else {
		line("Players (Island Conquest: %s at the end of two consecutive Rounds):", referee.Count(v.Conquest, "Captured Island"))
	}
	for _, p := range v.Players {
		who := p.Name
		var tags []string
		if p.Colour != "" {
			tags = append(tags, p.Colour)
		}
		if p.Base != "" {
			tags = append(tags, p.Base+" Base")
		}
		if p.Team > 0 {
			tags = append(tags, fmt.Sprintf("team %d", p.Team))
		}
		if len(tags) > 0 {
			who += " (" + strings.Join(tags, ", ") + ")"
		}
		ships := "no Player Ship on the map"
		if len(p.Ships) > 0 {
			ships = "ships " + strings.Join(p.Ships, ", ")
		}
		parts := []string{ships, fmt.Sprintf("Captured Islands %d, streak %d of 2", p.Captured, p.Streak)}
		if v.Conquest == 0 {
			parts[1] = fmt.Sprintf("Captured Islands %d", p.Captured)
		}
		if len(p.Hourglass) > 0 {
			hg := "hourglass: " + strings.Join(p.Hourglass, ", ")
			if p.TavernNext > 0 {
				hg += fmt.Sprintf(" (next Round at the Tavern costs %d Silver)", p.TavernNext)
			}
			parts = append(parts, hg)
		}
		if p.Defeats > 0 {
			parts = append(parts, fmt.Sprintf("ships defeated %d", p.Defeats))
		}
		if len(p.Lost) > 0 {
			var lost []string
			for _, l := range p.Lost {
				lost = append(lost, fmt.Sprintf("%s in Round %s (%s)", shipTitle(l.Ship), Roman(l.Round), l.How))
			}
			parts = append(parts, "lost: "+strings.Join(lost, ", "))
		}
		if len(p.Trophies) > 0 {
			parts = append(parts, "trophies: "+strings.Join(p.Trophies, ", "))
		}
		line("  %s: %s", who, strings.Join(parts, "; "))
	}
	if v.Voting != nil && !v.Over {
		var sides []string
		for _, s := range v.Voting.Sides {
			sides = append(sides, fmt.Sprintf("%s %d", s.Name, s.Total))
		}
		line("Viceroy Voting in progress: %s", strings.Join(sides, ", "))
	}
	if v.Over {
		end := "The game is over"
		if len(v.Winners) > 0 {
			end += ": " + strings.Join(v.Winners, " and ") + " won"
		}
		if why, ok := endReasons[v.EndReason]; ok {
			end += " (" + why + ")"
		} else if v.EndReason != "" {
			end += " (" + v.EndReason + ")"
		}
		line("%s.", end)
	}
	return strings.TrimRight(b.String(), "\n")
}

func eventTitle(e *EventCard) string {
	if e.Text != "" {
		return "'" + e.Text + "'"
	}
	return "'" + e.Name + "'"
}

func treasureText(t string) string {
	switch {
	case t == TreasureX:
		return "on the 'X' in the Red Water Lagoon"
	case t == TreasureGalleass:
		return "aboard the Conquistadors' Galleass"
	case t == TreasureRemoved:
		return "removed from play"
	case t == TreasureSold:
		return "sold at a Base (Extended Variant)"
	case strings.HasPrefix(t, "player:"):
		return "carried by " + strings.TrimPrefix(t, "player:")
	}
	return t
}

// pendingText names a pending sub-step of a phase.
func pendingText(phase int, q string) string {
	kind, id, ok := strings.Cut(q, ":")
	switch {
	case phase == PhaseTurns:
		return q + "'s turn"
	case !ok:
		return q
	case kind == "move":
		return id + " moves"
	case id == "monsters":
		return "Sea Monsters attack"
	case id == "batteries":
		return "Battery of Cannons attack"
	case id == "pirates":
		return "Pirate Ships attack"
	}
	return q
}

// nextText says what the next `bosun next` runs, so the table sees whose
// turn it is and what comes.
func (st *State) nextText() string {
	switch st.Phase {
	case PhaseWheel:
		return fmt.Sprintf("bosun next starts Round %s: %s moves the Wheel of Time Marker (Phase 1)", Roman(st.Round), st.priorityName())
	case PhaseNPC:
		q := st.Queue
		if q == nil {
			q = (&step{st: st}).npcQueue()
		}
		if len(q) == 0 {
			return "bosun next runs Phase 2: no NPC moves or attacks"
		}
		return "bosun next runs Phase 2: " + pendingText(PhaseNPC, q[0])
	case PhaseWeather:
		return fmt.Sprintf("bosun next runs Phase 3: %s activates the Weather Tile and moves the Weather Marker", st.priorityName())
	case PhaseDraw:
		return fmt.Sprintf("bosun next runs Phase 4: %s draws the Action Cards", st.priorityName())
	case PhaseTurns:
		name := ""
		if len(st.Queue) > 0 {
			name = st.Queue[0]
		} else {
			name = st.Players[st.order()[0]].Name
		}
		return fmt.Sprintf("bosun next runs %s's turn (Phase 5): move your ships, then bosun asks for your attacks, ports and Treasure", name)
	case PhaseReset:
		return "bosun next runs Phase 6: hourglasses, each player's Captured Islands (end-game check), the Priority Token passes"
	case PhaseVoting:
		return "bosun next runs the next step of Viceroy Voting"
	}
	return ""
}

// endReasons says the end of the game in words; EndReason itself is the
// id --json reports.
var endReasons = map[string]string{
	"treasure":            "the Conquistadors' Treasure reached a Base",
	"island-conquest":     "Island Conquest",
	"island-conquest-tie": "Island Conquest by more than one player, then Viceroy Voting",
	"treasure-removed":    "the Conquistadors' Treasure was removed from play, then Viceroy Voting",
	"extended-rounds":     "the last Round was played, then Viceroy Voting",
}
