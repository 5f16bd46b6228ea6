package procedure

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// BasesFor returns the Bases available for a player count.
func BasesFor(n int) []string {
	switch n {
	case 2:
		return []string{"NE", "SW"}
	case 3:
		return []string{"W", "NE", "SE"}
	case 4:
		return []string{"NE", "NW", "SE", "SW"}
	}
	// Solo play is set up by the Solo manual; the rulebook names no restriction.
	return []string{"W", "NE", "SE", "SW", "NW"}
}

// SnakeOrder returns the order of Nation Flag / Base picks: from the
// Priority Token holder to the left, the last player picks twice, then back
// to the right.
func SnakeOrder(players []string, priority int) []string {
	n := len(players)
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, players[(priority+i)%n])
	}
	for i := n - 1; i >= 0; i-- {
		out = append(out, players[(priority+i)%n])
	}
	return out
}

// TileEffects are the Weather Tile effects the procedure runs.
var TileEffects = []string{"none", "abundant-crops", "thar-she-blows", "ship-debris", "castaway"}

// ParseTiles reads a weather deck description: comma-separated MOVE:EFFECT
// items, e.g. "+1:none,-2:thar-she-blows,0:castaway".
func ParseTiles(raw string) ([]Tile, error) {
	var out []Tile
	for _, it := range strings.Split(raw, ",") {
		it = strings.TrimSpace(it)
		if it == "" {
			continue
		}
		mv, eff, _ := strings.Cut(it, ":")
		n, err := strconv.Atoi(strings.TrimPrefix(mv, "+"))
		if err != nil || n < -6 || n > 6 {
			return nil, referee.Usagef("mistywaters: weather-deck tile %q: the move must be a whole number from -6 to +6 (MOVE:EFFECT)", it)
		}
		if eff == "" {
			eff = "none"
		}
		ok := false
		for _, e := range TileEffects {
			if e == eff {
				ok = true
			}
		}
		if !ok {
			return nil, referee.Usagef("mistywaters: weather-deck tile %q: effect %q is not one of %s", it, eff, strings.Join(TileEffects, ", "))
		}
		out = append(out, Tile{Move: n, Effect: eff})
	}
	if len(out) < 2 {
		return nil, referee.Usagef("mistywaters: weather-deck needs at least 2 tiles (MOVE:EFFECT, comma-separated)")
	}
	return out, nil
}

// Setup implements referee.Game.
func (g *Game) Setup(s *referee.Session, env *referee.Env) error {
	opt, err := parseOptions(s)
	if err != nil {
		return err
	}
	st := &State{Round: 1, Phase: PhaseTurns, Wind: 5, Treasure: TreasureX, Opt: opt, NPCs: []NPC{}}
	r := &step{g: g, s: s, env: env, st: st}
	names := make([]string, len(s.Players))
	flags := map[string]string{}
	for i, p := range s.Players {
		names[i] = p.Name
		c := p.Side
		if c != "" {
			if err := checkFlag(c, p.Name, flags); err != nil {
				return err
			}
			c = strings.ToLower(c)
			flags[c] = p.Name
		}
		st.Players = append(st.Players, PlayerState{Name: p.Name, Colour: c})
	}
	n := len(names)

	// Step 1: Priority Token.
	switch pr := s.Option("priority", ""); {
	case pr == "":
		st.Priority = 0
	case strings.EqualFold(pr, "random"):
		roll, err := env.Dice.Roll("misty.setup.priority", referee.D(n))
		if err != nil {
			return err
		}
		st.Priority = roll.Value - 1
	default:
		found := -1
		for i, nm := range names {
			if strings.EqualFold(nm, pr) {
				found = i
			}
		}
		if found < 0 {
			return referee.Usagef("mistywaters: option priority=%q is not a player; accepted: %s or random", pr, strings.Join(names, ", "))
		}
		st.Priority = found
	}
	st.PrevPriority = -1
	r.emit("setup", fmt.Sprintf("%s holds the Priority Token", st.priorityName()), map[string]any{"priority": st.priorityName()}, citeStep1Priority)

	// Step 2: Nations and Bases, snake order.
	snake := SnakeOrder(names, st.Priority)
	avail := BasesFor(n)
	if opt.vari("team") {
		avail = []string{"NE", "NW", "SE", "SW"}
	}
	r.emit("setup", fmt.Sprintf("Nation Flags and Bases are chosen in this order (one pick each; %s picks twice): %s; Bases available: %s",
		snake[n-1], strings.Join(snake, ", "), strings.Join(avail, ", ")), map[string]any{"order": snake, "bases": avail}, citeStep2Nations)
	preset := map[string]string{}
	if b := s.Option("bases", ""); b != "" {
		for _, it := range strings.Split(b, ",") {
			nm, base, ok := strings.Cut(strings.TrimSpace(it), ":")
			if !ok || st.player(nm) == nil {
				return referee.Usagef("mistywaters: option bases=%q: each item is NAME:BASE with a player's name", b)
			}
			preset[nm] = strings.ToUpper(base)
		}
	}
	// Team Mode: "teammates ... opposite corner Bases". The Bases given by
	// option are checked before anything is asked, and each pick offers
	// only the Bases that keep both teams on opposite corners, so no pick
	// is refused after it is made.
	mate := func(nm string) string {
		for _, t := range opt.Teams {
			if len(t) == 2 && t[0] == nm {
				return t[1]
			}
			if len(t) == 2 && t[1] == nm {
				return t[0]
			}
		}
		return ""
	}
	team := opt.vari("team")
	placed := map[string]string{} // player -> Base
	taken := map[string]bool{}
	for _, nm := range snake[:n] {
		pb, ok := preset[nm]
		if !ok {
			continue
		}
		if !slices.Contains(avail, pb) || taken[pb] {
			return referee.RuleError([]string{citeStep2Nations}, "mistywaters: option bases: Base %s for %s is not available; Bases: %s, one for each player", pb, nm, strings.Join(avail, ", "))
		}
		if m := mate(nm); team && placed[m] != "" && oppositeBase(placed[m]) != pb {
			return referee.RuleError([]string{citeTeamMode}, "mistywaters: option bases: teammates %s (%s) and %s (%s) must have opposite corner Bases (NE+SW or SE+NW)", m, placed[m], nm, pb)
		}
		taken[pb], placed[nm] = true, pb
	}
	allowed := func(nm string) []string {
		var out []string
		for _, b := range avail {
			if taken[b] {
				continue
			}
			if team {
				if m := placed[mate(nm)]; m != "" && b != oppositeBase(m) {
					continue
				}
				if placed[mate(nm)] == "" && taken[oppositeBase(b)] {
					continue // the teammate could not sit opposite
				}
				reserved := false
				for x, xb := range placed {
					if y := mate(x); y != nm && placed[y] == "" && b == oppositeBase(xb) {
						reserved = true // kept for x's teammate
					}
				}
				if reserved {
					continue
				}
			}
			out = append(out, b)
		}
		return out
	}
	for _, nm := range snake[:n] {
		var base string
		if pb, ok := preset[nm]; ok {
			base = pb
		} else {
			left := allowed(nm)
			switch {
			case len(left) == 0:
				return referee.RuleError([]string{citeStep2Nations}, "mistywaters: no Base is left for %s", nm)
			case len(left) == 1:
				base = left[0] // the only Base left (in Team Mode: opposite the teammate)
			default:
				base, err = r.choose("misty.setup.base."+nm, fmt.Sprintf("%s: which Base do you choose? (picks go in snake order from the Priority Token holder; to give every Base at once use --option bases=%s)", nm, basesExample(snake[:n], avail)), left...)
				if err != nil {
					return err
				}
			}
		}
		placed[nm] = base
		taken[base] = true
		st.player(nm).Base = base
		if st.player(nm).Colour == "" {
			who := nm
			c, err := r.ask(referee.Question{Key: "misty.setup.flag." + nm, Text: fmt.Sprintf("%s: which Nation Flag (colour) do you choose? (%s)", nm, strings.Join(freeFlags(flags), ", ")), Kind: referee.KindText,
				Check: func(a string) (string, error) {
					if err := checkFlag(a, who, flags); err != nil {
						return "", err
					}
					return strings.ToLower(strings.TrimSpace(a)), nil
				}})
			if err != nil {
				return err
			}
			c = strings.ToLower(strings.TrimSpace(c))
			if err := checkFlag(c, nm, flags); err != nil {
				return err
			}
			flags[c] = nm
			st.player(nm).Colour = c
		}
	}
	if opt.vari("team") {
		for i := range st.Players {
			st.Players[i].Team = st.team(st.Players[i].Name)
		}
	}
	for _, p := range st.Players {
		r.emit("setup", fmt.Sprintf("%s: %s Nation Flag at the %s Base", p.Name, p.Colour, p.Base), map[string]any{"player": p.Name, "colour": p.Colour, "base": p.Base}, citeStep2Nations)
	}

	// Step 3: board markers.
	r.emit("setup", "Weather Marker on 5 oB, Wheel of Time Marker on Round I, Round Phase Marker on Phase 5", map[string]any{"wind": 5}, citeStep3Markers)

	// Step 4: decks and tiles.
	if opt.has("last-transport") {
		st.Events = nil
		r.emit("setup", "Event Cards: set 'The Last Transport' aside, shuffle the rest, put 'The Last Transport' face-down on top (it activates at the start of Round II)", nil, citeStep4Decks, citeLastTransport)
	} else {
		r.emit("setup", "Event Cards: shuffle the deck face-down", nil, citeStep4Decks)
	}
	if raw := s.Option("weather-deck", ""); raw != "" {
		tiles, err := ParseTiles(raw)
		if err != nil {
			return err
		}
		for i := len(tiles) - 1; i > 0; i-- {
			j := env.Dice.IntN(i + 1)
			tiles[i], tiles[j] = tiles[j], tiles[i]
		}
		top := tiles[0]
		st.Weather.Top = &top
		st.Weather.Deck = tiles[1:]
		r.emit("setup", fmt.Sprintf("Weather Tiles shuffled (%d); face-up on the stack: %s", len(tiles), tileText(top)), map[string]any{"top": top}, citeStep4Decks)
	} else {
		st.Weather.Entered = true
		r.emit("setup", "Weather Tiles: shuffle them face-down and flip the top tile face-up on the stack (bosun asks for each tile when it is activated)", nil, citeStep4Decks)
	}
	expl := 3
	if opt.vari("adventure") {
		expl = 4
	}
	hand := 6
	r.emit("setup", fmt.Sprintf("Exploration Cards: %d face-down on each of the six Main Islands; Action Cards: deal %d to each player; shuffle the Tavern and Sea Adventure decks", expl, hand),
		map[string]any{"exploration_per_island": expl, "hand": hand}, citeStep4Decks)

	// Step 5: game board.
	for i := 1; i <= 4; i++ {
		st.NPCs = append(st.NPCs, NPC{ID: fmt.Sprintf("pirate-%d", i), Kind: KindPirate, Appeared: 1})
	}
	st.NextPirate = 5
	batteries := 3
	if opt.has("last-transport") {
		batteries = 1
	}
	for i := 1; i <= batteries; i++ {
		st.NPCs = append(st.NPCs, NPC{ID: fmt.Sprintf("battery-%d", i), Kind: KindBattery, Appeared: 1})
	}
	r.emit("setup", fmt.Sprintf("Place 4 Pirate Ships on the 4 Black Ship spaces, %d %s in the Red Water Lagoon (westmost first), the Conquistadors' Treasure on the 'X'", batteries, referee.Noun(batteries, "Battery of Cannons", "Batteries of Cannons")),
		map[string]any{"pirates": 4, "batteries": batteries}, citeStep5Board)
	if opt.adv("temple") && opt.has("temple") {
		st.Temple = true
		r.emit("setup", "Advanced Rules: place the Last Day Temple on the Conquistadors' Treasure", nil, citeLastDayTemple)
	}
	r.emit("setup", "Each player places a Skull-Rock on the closest Main Island with a blue anchor within 6 spaces of their Base", nil, citeStep5Board)
	if opt.has("taverns") {
		r.emit("setup", "Place the Taverns at Puerto Bello (N) and Puerto Arturo (S)", nil, citeStep5Board)
	}

	// Step 6: player components.
	silver, xp := 8, 2
	fleet := []string{"S", "C"}
	if opt.vari("shortened") {
		silver, xp, fleet = 10, 4, []string{"S", "B"}
	} else if opt.vari("simplified") {
		fleet = []string{"S"}
	}
	for i := range st.Players {
		st.Players[i].Fleet = append([]string(nil), fleet...)
	}
	if opt.vari("team") {
		// "Teammates share 1 Treasury between them which starts with 8 Silver
		// Coins total (instead of 8 per player). Experience Tokens are not
		// placed in the Treasury and is instead collected in separate pools
		// for each player." So no per-player Treasury line in Team Mode.
		r.emit("setup", fmt.Sprintf("Team Mode: each team shares one Treasury with %s; each player keeps a pool of %s", referee.Count(silver, "Silver Coin"), referee.Count(xp, "Experience Token")),
			map[string]any{"silver_per_team": silver, "xp": xp, "teams": opt.Teams}, citeTeamMode)
		r.emit("setup", fmt.Sprintf("Each player: ships %s at their Base, each with 2 Sailors and 2 Cannons", strings.Join(fleet, " + ")),
			map[string]any{"fleet": fleet}, citeStep6Components, citeTeamMode)
	} else {
		r.emit("setup", fmt.Sprintf("Each player: a Treasury with %s and %s; ships %s at their Base, each with 2 Sailors and 2 Cannons", referee.Count(xp, "Experience Token"), referee.Count(silver, "Silver Coin"), strings.Join(fleet, " + ")),
			map[string]any{"silver": silver, "xp": xp, "fleet": fleet}, citeStep6Components)
	}

	// Step 7: alternate rules.
	need := st.conquestNeed()
	r.emit("setup", fmt.Sprintf("Rules in effect: advanced %s; variants %s; components %s; %s",
		setText(opt.Advanced), setText(opt.Variants), setText(opt.Components), conquestText(need)),
		map[string]any{"advanced": opt.Advanced, "variants": opt.Variants, "components": opt.Components, "conquest": need}, citeStep7Alternate)
	if len(opt.LeftOut) > 0 {
		r.emit("setup", fmt.Sprintf("advanced=all in Team Mode: every Advanced Rule but %s (\"'Advanced Rules' can be used, but not Priority Token Negotiation\")", strings.Join(opt.LeftOut, ", ")),
			map[string]any{"left_out": opt.LeftOut}, citeTeamMode)
	}
	r.emit("round", fmt.Sprintf("%s begins at Phase 5 (Phases 1-4 are not played in Round I); %s starts", st.roundName(), st.priorityName()),
		map[string]any{"round": 1, "wheel": 1, "phase": 5, "priority": st.priorityName()}, citeRoundsAndPhases)
	return s.SaveState(st)
}

func setText(m map[string]bool) string {
	var out []string
	for _, k := range append(append(append([]string{}, advancedNames...), variantNames...), componentNames...) {
		if m[k] {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(dedupe(out), ", ")
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func tileText(t Tile) string {
	if t.Effect == "" || t.Effect == "none" {
		return fmt.Sprintf("%+d", t.Move)
	}
	return fmt.Sprintf("%+d %s", t.Move, t.Effect)
}

// conquestNeed is the number of Captured Islands Island Conquest needs,
// 0 when it cannot be won: "Exception: Victory cannot be obtained this way
// in 'Solo Mode' or 'Cooperative Mode'."
func (st *State) conquestNeed() int {
	if len(st.Players) < 2 {
		return 0
	}
	if st.Opt.vari("team") {
		// Team Mode: "a team has control of 4 or more (instead of 3)".
		return 4
	}
	if len(st.Players) == 2 {
		// Ruling (option extended-two-player). Island Conquest: "Exception:
		// 4 or more Captured Islands are required for victory in a game of
		// two player or 'Team Mode' game." The Extended Variant opens "All
		// standard Misty Waters rules are used, but to play a longer game,
		// the following modifications can be used" and lists "Game End: The
		// game only ends when a player has control of 3 or more Captured
		// Islands for two consecutive Rounds or after 24 Rounds" without
		// repeating the exception. A careful player reads that line as the
		// standard condition (written, like Phase 6's first bullet, in its
		// 3-or-more form) with the Treasure's end taken away and the 24
		// Rounds added: the exception, a standard rule, still stands, and a
		// variant "to play a longer game" does not make two players' game
		// shorter. So 4; extended-two-player=3 takes the line as written.
		if st.Opt.vari("extended") && st.Opt.ExtendedThree {
			return 3
		}
		return 4
	}
	return 3
}

// oppositeBase is the Base in the opposite corner.
func oppositeBase(b string) string {
	return map[string]string{"NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE"}[b]
}

// basesExample is a bases= option value for these players, for help texts.
func basesExample(players, avail []string) string {
	var out []string
	for i, p := range players {
		if i < len(avail) {
			out = append(out, p+":"+avail[i])
		}
	}
	return strings.Join(out, ",")
}

// conquestText says what Island Conquest needs, or that it does not apply.
func conquestText(need int) string {
	if need == 0 {
		return "Island Conquest does not apply (Solo Mode)"
	}
	return "Island Conquest needs " + referee.Count(need, "Captured Island")
}

// NationColours are the four nations' colours: "24 cardboard Nation Flags,
// 1 set for each nation", and ships "1 in each player color" (Netherlands
// orange, Portugal/Spain red, England white, France blue).
var NationColours = []string{"red", "orange", "blue", "white"}

// checkFlag refuses a Nation Flag colour that is not one of the four
// nations' or that another player already chose ("The player with the
// Priority Token selects either a Nation Flag or a Base location").
func checkFlag(c, who string, taken map[string]string) error {
	low := strings.ToLower(strings.TrimSpace(c))
	if !slices.Contains(NationColours, low) {
		return referee.RuleError([]string{citeStep2Nations}, "mistywaters: %s's Nation Flag %q is not a nation's colour; the box holds one set of Nation Flags for each of 4 nations: accepted: %s", who, c, strings.Join(freeFlags(taken), ", "))
	}
	if other, ok := taken[low]; ok && other != who {
		return referee.RuleError([]string{citeStep2Nations}, "mistywaters: %s's Nation Flag %s is already %s's (one set of Nation Flags for each nation); accepted: %s", who, low, other, strings.Join(freeFlags(taken), ", "))
	}
	return nil
}

// freeFlags are the Nation Flag colours no player has chosen yet.
func freeFlags(taken map[string]string) []string {
	var out []string
	for _, c := range NationColours {
		if _, ok := taken[c]; !ok {
			out = append(out, c)
		}
	}
	return out
}
