package questsandcannons

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// ID is the game id.
const ID = "quests-and-cannons"

// Game is the Quests & Cannons referee (referee.Game).
type Game struct{}

// Info implements referee.Game.
func (Game) Info() referee.GameInfo {
	return referee.GameInfo{ID: ID, Aliases: []string{"qc", "quests"}, Name: "Quests & Cannons: The Risen Islands", MinPlayers: 1, MaxPlayers: 6, Side: "champion",
		Runs: "turns and rounds, attacks with ammo dice, Treacherous Seas, sinking, Prosperity goal, co-op Marauder automa", Rulebook: "quests-and-cannons.txt", Guide: "quests-and-cannons.md"}
}

// The dice of Quests & Cannons (AmmoDie is the function that loads the
// Ammo die, asking its faces once).
var (
	AmmoDieInfo     = referee.DieInfo{Name: "ammo", Title: "Ammo die", Game: ID, Count: 1, Note: "faces asked once if unknown"}
	TravelerDieInfo = referee.DieInfo{Name: "traveler", Title: "Traveler Die", Game: ID, Count: 1}
)

// Dice implements referee.Game.
func (Game) Dice() []referee.DieInfo { return []referee.DieInfo{AmmoDieInfo, TravelerDieInfo} }

// Layouts are the map layouts the rulebook names (Intro Map, the co-op
// Quickplay and 2v2v2 layouts, the Team Play and Free for All diagrams of
// More Map Layouts) and a random or placed map.
var Layouts = []string{"intro", "quickplay", "2v2v2", "2v2", "3v3", "ffa", "random", "placed"}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// Slug is the table key of a Champion name.
func Slug(name string) string {
	return strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(name), "-"), "-")
}

// ChampionStats are the values printed on a Champion tile.
type ChampionStats struct {
	Nation     string `json:"nation"`
	Role       string `json:"role"`
	Hearts     int    `json:"hearts"`
	Sails      int    `json:"sails"`
	MaxSails   int    `json:"max_sails"`
	Cannons    int    `json:"cannons"`
	MaxCannons int    `json:"max_cannons"`
	Cargo      int    `json:"cargo"`
	MaxCargo   int    `json:"max_cargo"`
}

// Champion returns a Champion's printed values, asking once for each one
// the tables do not know (keys tables.qc-champions.<champion>.<field>).
// teamNation, when set, checks the nation read against the team's: "each
// team may only have Champions from one nation", refused in the nation
// question itself rather than once every tile value has been typed.
func Champion(set *tables.Set, p referee.Prompter, name string, teamNation func(nation string) error) (ChampionStats, error) {
	var c ChampionStats
	if Slug(name) == "" {
		return c, referee.Usagef("questsandcannons: champion %q has no name", name)
	}
	ask := func(field string, q referee.Question) (string, error) { return championField(set, p, name, field, q) }
	nq := referee.Question{Kind: referee.KindChoose, Options: Nations, Default: referee.NoDefault, Text: name + "'s nation (its Nation Ability: Dwunny Luck, Delvish Mobility or Mend Ship)"}
	if teamNation != nil {
		nq.Check = func(v string) (string, error) { return v, teamNation(v) }
	}
	v, err := ask("nation", nq)
	if err != nil {
		return c, err
	}
	if c.Nation, err = oneOf(v, Nations, "nation of "+name); err != nil {
		return c, err
	}
	v, err = ask("role", referee.Question{Kind: referee.KindChoose, Options: Roles, Default: referee.NoDefault, Text: name + "'s specialty (Cannoneer, Navigator or Quartermaster)"})
	if err != nil {
		return c, err
	}
	if c.Role, err = oneOf(v, Roles, "role of "+name); err != nil {
		return c, err
	}
	v, err = ask("hearts", referee.Question{Kind: referee.KindNumber, Min: 1, Max: MaxHearts, Text: "how many Hearts " + name + "'s tile shows"})
	if err != nil {
		return c, err
	}
	if c.Hearts, err = strconv.Atoi(v); err != nil || c.Hearts < 1 || c.Hearts > MaxHearts {
		return c, referee.Usagef("questsandcannons: hearts of %s: %q is not a number of Hearts (1-%d)", name, v, MaxHearts)
	}
	for _, st := range []struct {
		field    string
		cur, max *int
	}{{"sails", &c.Sails, &c.MaxSails}, {"cannons", &c.Cannons, &c.MaxCannons}, {"cargo", &c.Cargo, &c.MaxCargo}} {
		if *st.cur, *st.max, err = championStartMax(set, p, name, st.field); err != nil {
			return c, err
		}
	}
	return c, nil
}

// ChampionCannons returns a Champion's starting and max Cannons, asking
// them once (tables.qc-champions.<champion>.cannons) when unknown.
func ChampionCannons(set *tables.Set, p referee.Prompter, name string) (start, max int, err error) {
	if Slug(name) == "" {
		return 0, 0, referee.Usagef("questsandcannons: champion %q has no name", name)
	}
	return championStartMax(set, p, name, "cannons")
}

var statTitle = map[string]string{"sails": "Sails", "cannons": "Cannons", "cargo": "Cargo Slots"}

// championStartMax reads a START/MAX ship stat of a Champion tile.
func championStartMax(set *tables.Set, p referee.Prompter, name, field string) (int, int, error) {
	what := statTitle[field]
	parse := func(v string) (int, int, error) {
		a, b, ok := strings.Cut(v, "/")
		x, e1 := strconv.Atoi(strings.TrimSpace(a))
		y, e2 := strconv.Atoi(strings.TrimSpace(b))
		if !ok || e1 != nil || e2 != nil || x < 0 || y < x || y > 12 {
			return 0, 0, referee.Usagef("questsandcannons: %s of %s: %q is not START/MAX with 0 <= START <= MAX <= 12 (e.g. 2/3)", what, name, v)
		}
		return x, y, nil
	}
	// Parsed inside the question too: a typo is re-asked at a terminal,
	// and never remembered. A remembered value is parsed after.
	v, err := championField(set, p, name, field, referee.Question{Kind: referee.KindText, Text: name + "'s starting and max " + what + ", as START/MAX (e.g. 2/3)",
		Accepted: "START/MAX, two whole numbers with 0 <= START <= MAX <= 12, e.g. 2/3",
		Check: func(v string) (string, error) {
			_, _, err := parse(strings.ToLower(v))
			return v, err
		}})
	if err != nil {
		return 0, 0, err
	}
	return parse(v)
}

// championField returns one printed value of a Champion tile, asked once
// (question key tables.qc-champions.<champion>.<field>, any case of the
// name; see champKey) and lowercased.
func championField(set *tables.Set, p referee.Prompter, name, field string, q referee.Question) (string, error) {
	slug := Slug(name)
	q.Key = champKey(p, slug, field)
	q.Where = fmt.Sprintf("the Champion tile of %s", name)
	v, err := referee.AskText(set, p, "qc-champions", slug+"."+field, q, nil)
	if err != nil {
		return "", err
	}
	return strings.ToLower(v), nil
}

// champKey is the question key of a Champion's field:
// tables.qc-champions.<slug>.<field>, the Champion's name lowercased as the
// table keys are. An answer given ahead under another spelling of the name
// (tables.qc-champions.Valkyr.nation, ...VALKYR.nation) answers it too, so
// an answers file that writes the name as printed on the tile is not
// silently ignored; the lowercase key wins when both are given.
func champKey(p referee.Prompter, slug, field string) string {
	key := "tables.qc-champions." + slug + "." + field
	if ps, ok := p.(referee.Presetter); !ok || ps.HasAnswer(key) {
		return key
	}
	const prefix = "tables.qc-champions."
	// PresetKeys lists --set keys first, each group sorted.
	for _, k := range referee.PresetKeys(p) {
		if len(k) <= len(prefix)+len(field)+1 || !strings.EqualFold(k[:len(prefix)], prefix) {
			continue
		}
		name, f, ok := cutLast(k[len(prefix):], ".")
		if ok && strings.EqualFold(f, field) && Slug(name) == slug {
			return k
		}
	}
	return key
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// ChampionName is how a Champion's name is shown: as written, unless it
// was written all in lower or upper case ("valkyr", "VALKYR"), then with a
// capital first letter per word ("Valkyr").
func ChampionName(s string) string {
	s = strings.TrimSpace(s)
	if s != strings.ToLower(s) && s != strings.ToUpper(s) {
		return s
	}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		r, n := utf8.DecodeRuneInString(w)
		words[i] = string(unicode.ToUpper(r)) + w[n:]
	}
	return strings.Join(words, " ")
}

func oneOf(v string, opts []string, what string) (string, error) {
	for _, o := range opts {
		if strings.EqualFold(o, v) {
			return o, nil
		}
	}
	return "", referee.Usagef("questsandcannons: %s: %q is not one of %s", what, v, strings.Join(opts, ", "))
}

// tableInt reads an integer row of a qc table, or def when absent. An
// unknown board row is asked once with key tables.<table>.<key>.
func tableInt(env *referee.Env, table, key string, def int, q referee.Question) (int, error) {
	if env.Tables == nil {
		return def, nil
	}
	if _, ok := env.Tables.Lookup(table, key); !ok {
		return def, nil
	}
	q.Key = "tables." + table + "." + key
	return referee.AskInt(env.Tables, env.Prompt, table, key, q)
}

// knownPrices reads the qc-prices rows whose values the tables hold
// (asking nothing): the prices an action's offer and checks need before
// its questions. A row the tables do not know (a Resource's selling price)
// is asked when it is needed.
func knownPrices(env *referee.Env) map[string]int {
	out := map[string]int{}
	if env == nil || env.Tables == nil {
		return out
	}
	for _, k := range []string{"repair-coins", "upgrade-coins", "trade-coins", "sell-loot", "sell-clue", "sell-canvas", "sell-metal", "sell-lumber", "sell-spice", "sell-gems"} {
		r, ok := env.Tables.Lookup("qc-prices", k)
		if !ok || !r.Known() {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSpace(referee.ValueText(r.Value))); err == nil && n >= 0 {
			out[k] = n
		}
	}
	return out
}

func load(s *referee.Session) (*State, error) {
	var st State
	if err := s.LoadState(&st); err != nil {
		return nil, err
	}
	if len(st.Players) == 0 {
		return nil, fmt.Errorf("session %s has no Quests & Cannons state", s.Name)
	}
	for i := range st.Players {
		if st.Players[i].Res == nil {
			st.Players[i].Res = map[string]int{}
		}
	}
	return &st, nil
}

// Setup implements referee.Game. It runs the rulebook's setup in stages:
// the options, the mode and teams, the map, the Marauders' number, the
// Champions, the teams' goals, then what the table does (the events).
func (g Game) Setup(s *referee.Session, env *referee.Env) error {
	opt, err := referee.ParseOptions(ID, optionSpecs, s.Options)
	if err != nil {
		return err
	}
	u := &setup{s: s, env: env, opt: opt, n: len(s.Players)}
	u.st = &State{Rulings: parseRulings(opt), Round: 1, Phase: PhaseStart}
	for _, stage := range []func() error{
		u.modeAndTeams, u.layout, u.marauderCount, u.champions, u.teamGoals, u.coopMissions,
		u.announceMap, u.pickOrder, u.announcePlayers, u.announceMarauders,
	} {
		if err := stage(); err != nil {
			return err
		}
	}
	return s.SaveState(u.st)
}

// setup carries the stages of Setup.
type setup struct {
	s     *referee.Session
	env   *referee.Env
	opt   map[string]string // validated options (referee.ParseOptions)
	st    *State
	n     int     // players
	coop  string  // "", easy or hard
	teams [][]int // player indexes per team
	nm    int     // Marauders
	start int     // the Starting Player
}

// modeAndTeams reads the co-op difficulty and the teams.
func (u *setup) modeAndTeams() error {
	st, n := u.st, u.n
	if c := u.opt["coop"]; c != "no" {
		u.coop = c
	}
	if u.coop != "" {
		st.Mode, st.Difficulty = ModeCoop, u.coop
		if n > 3 {
			return referee.RuleError([]string{CiteCoop}, "questsandcannons: the co-operative mode is for one, two or three players, got %d", n)
		}
		if u.opt["teams"] != "" {
			return referee.Usagef("questsandcannons: teams= does not apply to a co-op game (all players are on the same team)")
		}
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		u.teams = [][]int{all}
		return nil
	}
	if n < 2 {
		return referee.RuleError([]string{CiteGameSetup, CiteCoop}, "questsandcannons: a competitive game needs 2 to 6 players, got %d; for one player use --option coop=easy or coop=hard", n)
	}
	teams, err := parseTeams(u.opt["teams"], u.s.Players)
	if err != nil {
		return err
	}
	u.teams = teams
	st.Mode = ModeFFA
	if len(teams[0]) > 1 {
		st.Mode = ModeTeams
	}
	return nil
}

// layout picks the map: the option, else the mode's own layout.
func (u *setup) layout() error {
	u.st.Layout = u.opt["layout"]
	if u.st.Layout == "" {
		switch u.coop {
		case "easy":
			u.st.Layout = "quickplay"
		case "hard":
			u.st.Layout = "2v2v2"
		default:
			u.st.Layout = "intro"
		}
	}
	return nil
}

// marauderCount sets how many Marauders sail: 3 (easy) or 4 (hard) in
// co-op, or the marauders option (the Marauder Ships in Multiplayer
// variant in a regular game).
func (u *setup) marauderCount() error {
	switch u.coop {
	case "easy":
		u.nm = 3
	case "hard":
		u.nm = 4
	}
	if v := u.opt["marauders"]; v != "" {
		m, _ := strconv.Atoi(v)
		if u.coop != "" && m == 0 {
			return referee.Usagef("option marauders=%s for %s: accepted: 3 or 4 in a co-op game", v, ID)
		}
		u.nm = m
		if u.coop == "" && m > 0 {
			u.st.Variant = true
		}
	}
	if u.nm == 4 && u.n == 3 {
		return referee.RuleError([]string{CiteNumberMarauders}, "questsandcannons: 4 Marauders are not available in 3-player games (use 3)")
	}
	return nil
}

// champions gives each player the Champion named as their side (or their
// name), each Champion once.
func (u *setup) champions() error {
	st := u.st
	for _, pl := range u.s.Players {
		champ := pl.Side
		if champ == "" {
			champ = pl.Name
		}
		// The Champion's name is read in any case: --players Ann:VALKYR is
		// Valkyr (keys tables.qc-champions.valkyr.*).
		champ = ChampionName(champ)
		me := len(st.Players)
		cs, err := Champion(u.env.Tables, u.env.Prompt, champ, func(nation string) error {
			for _, members := range u.teams {
				if !slices.Contains(members, me) {
					continue
				}
				for _, m := range members {
					if m < me && st.Players[m].Nation != nation {
						return referee.RuleError([]string{CitePickChampions}, "questsandcannons: each team may only have Champions from one nation: %s's teammate %s plays %s, a %s Champion, so %s cannot play %s, a %s Champion (choose a %s Champion: --players %s:CHAMPION)",
							pl.Name, st.Players[m].Name, st.Players[m].Champion, st.Players[m].Nation, pl.Name, champ, nation, st.Players[m].Nation, pl.Name)
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		st.Players = append(st.Players, Player{
			Name: pl.Name, Champion: champ, Nation: cs.Nation, Role: cs.Role, Hearts: cs.Hearts,
			Sails: cs.Sails, MaxSails: cs.MaxSails, Cannons: cs.Cannons, MaxCannons: cs.MaxCannons,
			Cargo: cs.Cargo, MaxCargo: cs.MaxCargo, Ammo: StartAmmo, Coins: StartCoins, Clues: 1,
			Res: map[string]int{}, Space: SpaceHome,
		})
	}
	// "Champion Tiles (12)": each Champion tile is played by one player.
	seenChamp := map[string]int{}
	for i, pl := range st.Players {
		if j, ok := seenChamp[Slug(pl.Champion)]; ok {
			return referee.RuleError([]string{CitePickChampions}, "questsandcannons: %s and %s both have the Champion %s; each player chooses a different Champion (write --players NAME:CHAMPION)",
				st.Players[j].Name, pl.Name, pl.Champion)
		}
		seenChamp[Slug(pl.Champion)] = i
	}
	return nil
}

// teamGoals forms the teams, one Nation each, with their Prosperity Goal.
func (u *setup) teamGoals() error {
	st := u.st
	for ti, members := range u.teams {
		names := make([]string, len(members))
		for k, m := range members {
			names[k] = st.Players[m].Name
			st.Players[m].Team = ti
		}
		nation := st.Players[members[0]].Nation
		for _, m := range members {
			if st.Players[m].Nation != nation {
				return referee.RuleError([]string{CitePickChampions}, "questsandcannons: each team may only have Champions from one nation: %s is %s but %s is %s",
					st.Players[members[0]].Champion, nation, st.Players[m].Champion, st.Players[m].Nation)
			}
		}
		goal, err := ProsperityGoal(len(members))
		if err != nil {
			return err
		}
		goal, err = tableInt(u.env, "qc-goals", strconv.Itoa(len(members)), goal, referee.Question{})
		if err != nil {
			return err
		}
		st.Teams = append(st.Teams, Team{Name: strings.Join(names, "+"), Members: members, Nation: nation, Goal: goal})
	}
	return nil
}

// coopMissions checks that in co-op "Each Champion on a team has a
// different Mission" (Glossary): the Mission follows the Champion's
// specialty.
func (u *setup) coopMissions() error {
	if !u.st.coop() {
		return nil
	}
	seenRole := map[string]int{}
	for i, pl := range u.st.Players {
		if j, ok := seenRole[pl.Role]; ok {
			return referee.RuleError([]string{CiteMissions}, "questsandcannons: %s and %s are both %ss; in co-op each Champion on the team has a different Mission (a cannoneer, a navigator and a quartermaster at most one each)",
				u.st.Players[j].Champion, pl.Champion, pl.Role)
		}
		seenRole[pl.Role] = i
	}
	return nil
}

// announceMap tells the table to build the map and prepare the decks.
func (u *setup) announceMap() error {
	st := u.st
	cites := []string{CiteGameSetup}
	u.env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("Quests & Cannons, %s game for %s; build the %s map (%s)", st.Mode, referee.Count(u.n, "player"), st.Layout, layoutText(st.Layout)),
		Data: map[string]any{"mode": st.Mode, "layout": st.Layout, "difficulty": st.Difficulty}, Cites: append(cites, CiteBuildMap)})
	u.env.Emit(referee.Event{Type: "setup", Text: "shuffle the Quest, Loot and Clue decks separately and place each on an Outpost frame tile; Sail and Cannon tokens, damage tokens, Coins, Ammo dice and Resources form the supply", Cites: []string{CitePrepareDecks}})
	return nil
}

// pickOrder: everyone rolls, highest picks first, then counterclockwise;
// the last to pick is the Starting Player. The rolls are made here, so
// that they show on the pick-order line.
func (u *setup) pickOrder() error {
	st, n := u.st, u.n
	first, rolls, err := pickRolls(u.env, n)
	if err != nil {
		return err
	}
	pick := PickOrder(n, first)
	u.start = pick[n-1]
	st.Order = TurnOrder(n, u.start)
	var pickNames []string
	for _, i := range pick {
		pickNames = append(pickNames, st.Players[i].Name+" ("+st.Players[i].Champion+")")
	}
	u.env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("Champion pick order (highest roll first, then counterclockwise): %s; %s picked last and is the Starting Player", strings.Join(pickNames, ", "), st.Players[u.start].Name),
		Data: map[string]any{"rolls": rolls, "pick_order": pick, "starting_player": st.Players[u.start].Name}, Cites: []string{CitePickChampions}})
	if u.opt["tiles"] == "placed" {
		u.env.Emit(referee.Event{Type: "setup", Text: "Tile Placement: shuffle the tiles face-down and set aside at least one Trading Post; starting with the first player (" + st.Players[u.start].Name + ") and proceeding clockwise each reveals a tri-hex tile and places it face-up or face-down touching the frame or a placed tile on two sides, never making part of the map inaccessible; then the single-hex tiles; the set-aside Trading Posts fill the last single-hex spaces",
			Cites: []string{CiteTilePlacement}})
	}
	return nil
}

// announcePlayers gives each team's goal, each player's ship, and how the
// Exploration tokens go out.
func (u *setup) announcePlayers() error {
	st, env := u.st, u.env
	for ti := range st.Teams {
		t := st.Teams[ti]
		env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("team %s (%s): Prosperity Goal %d, tracker next to the 1 space", t.Name, t.Nation, t.Goal),
			Data: map[string]any{"team": t.Name, "goal": t.Goal, "size": len(t.Members)}, Cites: []string{CiteProsperity, CiteProsperityGoal, CiteHomePorts}})
	}
	for _, p := range st.Players {
		env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("%s (%s, %s %s): %s, Sails %d/%d, Cannons %d/%d, Cargo Slots %d/%d, 5 Ammo, 3 Coins, 1 Clue; ship on a Home Port of the team's Nation",
			p.Name, p.Champion, p.Nation, p.Role, referee.Count(p.Hearts, "Heart"), p.Sails, p.MaxSails, p.Cannons, p.MaxCannons, p.Cargo, p.MaxCargo),
			Data: map[string]any{"player": p.Name, "champion": p.Champion}, Cites: []string{CitePrepareShip, CiteHomePorts, CiteClueSetup}})
	}
	if st.Mode == ModeFFA {
		env.Emit(referee.Event{Type: "setup", Text: "free-for-all: players on the same Nation tile keep at least one Home Port between them", Cites: []string{CiteHomePorts}})
	}
	switch u.opt["exploration"] {
	case "random":
		env.Emit(referee.Event{Type: "setup", Text: "shuffle the Exploration tokens and place one face-down on each Risen Island", Cites: []string{CiteExplorationSetup}})
	case "placed":
		per, left := ExplorationCount/u.n, ExplorationCount%u.n
		// "Starting with the first player and proceeding clockwise": the
		// first player is the Starting Player.
		env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("Exploration tokens placed: deal %d face-down to each player (%d set aside); players may look at theirs; starting with %s (the first player) and proceeding clockwise, players take turns placing one on a Risen Island of their choice until all are placed; then place the set-aside tokens randomly", per, left, st.Players[u.start].Name),
			Data: map[string]any{"per_player": per, "aside": left, "first": st.Players[u.start].Name}, Cites: []string{CiteExplorationPlace}})
	}
	return nil
}

// announceMarauders places the Marauders and, in co-op, gives each
// player's Mission and the co-op goal.
func (u *setup) announceMarauders() error {
	st, env, nm := u.st, u.env, u.nm
	for i := 1; i <= nm; i++ {
		st.Marauders = append(st.Marauders, Marauder{ID: i, Cannons: MarauderCannons, Ready: MarauderCannons})
	}
	// "Add Sails and Cannons as shown on your Champion's starting ship
	// stats" and "Place the Cannon tokens over the Champion Abilities" take
	// tokens from the box: the starting stats together cannot pass it.
	for _, tok := range []string{"sails", "cannons"} {
		sp, _ := supplyOf(tok)
		if n := sp.held(st); n > sp.box && !st.Rulings.Substitutes {
			return referee.RuleError([]string{CiteComponents, CitePrepareShip}, "questsandcannons: the starting ship stats (and the Marauders' 2 Cannons each) take %d %s tokens, but the box holds %s (accepted: at most %d; check each Champion's START/MAX %s)",
				n, statTitle[tok][:len(statTitle[tok])-1], sp.what, sp.box, tok)
		}
	}
	if nm > 0 {
		mc := []string{CiteCoopSetup, CiteMarauderCaptains, CiteNumberMarauders}
		if st.Variant {
			mc = append(mc, CiteMultiMarauders)
		}
		env.Emit(referee.Event{Type: "marauder-setup", Text: fmt.Sprintf("%s (unused Champion tiles, 5 Health, 2 Cannons over the abilities): for each, draw a Clue and place a Marauder ship on its island; a Clue whose island is within 2 spaces of a Home Port is discarded and another drawn; then shuffle all Clues back into the deck (before the players draw theirs)", referee.Count(nm, "Marauder")),
			Data: map[string]any{"marauders": nm}, Cites: mc})
	}
	if st.coop() {
		for _, p := range st.Players {
			m, _, target, _ := p.MissionDone()
			env.Emit(referee.Event{Type: "mission", Text: fmt.Sprintf("%s (%s) has the %s Mission: %s", p.Name, p.Role, m, missionText(m, target)),
				Data: map[string]any{"player": p.Name, "mission": m, "target": target}, Cites: []string{CiteMissions, missionCite(m)}})
		}
		env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("co-op (%s): complete every Mission and reach %d Prosperity within %s; an unused Home Port marker counts the rounds", st.Difficulty, st.Teams[0].Goal, referee.Count(CoopRounds, "round")), Cites: []string{CiteCoop, CiteSelectDifficulty, CiteBoardSetup}})
	}
	return nil
}

func missionText(m string, target int) string {
	switch m {
	case "naval":
		return fmt.Sprintf("sink %s (keep each one's Home Port token)", referee.Count(target, "unique Marauder"))
	case "aid":
		return "complete " + referee.Count(target, "hard Quest")
	case "research":
		return "deposit " + referee.Count(target, "solved Clue")
	}
	return ""
}

func missionCite(m string) string {
	switch m {
	case "naval":
		return CiteNavalMission
	case "aid":
		return CiteAidMission
	}
	return CiteResearchMission
}

func layoutText(l string) string {
	switch l {
	case "intro":
		return "three sets of tri-hex tiles 1-7 in the frame as the Intro Map shows, the three Trading Port tiles in the remaining spots"
	case "quickplay":
		return "the Quickplay layout"
	case "2v2v2":
		return "the 2v2v2 team layout"
	}
	return "the " + l + " layout from More Map Layouts"
}

// pickRolls has every player roll a die (key qc.setup.roll, one value per
// player in --players order); ties for the highest re-roll (qc.setup.reroll).
func pickRolls(env *referee.Env, n int) (int, [][]int, error) {
	d6 := referee.D(6)
	cand := make([]int, n)
	for i := range cand {
		cand[i] = i
	}
	key := "qc.setup.roll"
	var all [][]int
	for round := 0; round < 50; round++ {
		rs, err := env.Dice.RollN(key, d6, len(cand))
		if err != nil {
			return 0, nil, err
		}
		vals := referee.Values(rs)
		all = append(all, vals)
		hi := 0
		for _, v := range vals {
			hi = max(hi, v)
		}
		var top []int
		for k, v := range vals {
			if v == hi {
				top = append(top, cand[k])
			}
		}
		if len(top) == 1 {
			return top[0], all, nil
		}
		cand = top
		key = "qc.setup.reroll"
	}
	return 0, nil, referee.Usagef("questsandcannons: the Champion pick rolls kept tying")
}

func parseTeams(v string, players []referee.Player) ([][]int, error) {
	n := len(players)
	if v == "" || v == "1" {
		out := make([][]int, n)
		for i := range out {
			out[i] = []int{i}
		}
		return out, nil
	}
	if size, err := strconv.Atoi(v); err == nil {
		if size < 1 || size > 3 || n%size != 0 || n/size < 2 {
			return nil, referee.RuleError([]string{CiteGameSetup}, "questsandcannons: teams=%d does not split %s into at least two equal teams of 1 to 3", size, referee.Count(n, "player"))
		}
		var out [][]int
		for i := 0; i < n; i += size {
			t := make([]int, size)
			for k := range t {
				t[k] = i + k
			}
			out = append(out, t)
		}
		return out, nil
	}
	idx := map[string]int{}
	for i, p := range players {
		idx[strings.ToLower(p.Name)] = i
	}
	seen := map[int]bool{}
	var out [][]int
	for _, grp := range strings.Split(v, ",") {
		var t []int
		for _, name := range strings.Split(grp, "+") {
			i, ok := idx[strings.ToLower(strings.TrimSpace(name))]
			if !ok {
				return nil, referee.Usagef("option teams: %q is not a player (write teams as Ann+Bob,Cid+Dee)", name)
			}
			if seen[i] {
				return nil, referee.Usagef("option teams: %s is on two teams", players[i].Name)
			}
			seen[i] = true
			t = append(t, i)
		}
		out = append(out, t)
	}
	if len(seen) != n {
		return nil, referee.Usagef("option teams: every player must be on a team (%d of %d are)", len(seen), n)
	}
	for _, t := range out {
		if len(t) != len(out[0]) || len(t) > 3 {
			return nil, referee.RuleError([]string{CiteGameSetup}, "questsandcannons: all teams must have the same number of players (1 to 3)")
		}
	}
	if len(out) < 2 {
		return nil, referee.RuleError([]string{CiteGameSetup}, "questsandcannons: a competitive game needs at least two teams")
	}
	// "Have teammates sit next to each other around the table.": --players
	// lists the seats clockwise, so each team takes consecutive seats (the
	// last seat is next to the first).
	for _, t := range out {
		in := map[int]bool{}
		for _, i := range t {
			in[i] = true
		}
		runs := 0
		for i := 0; i < n; i++ {
			if in[i] && !in[(i+n-1)%n] {
				runs++
			}
		}
		if runs > 1 {
			var names []string
			for _, i := range t {
				names = append(names, players[i].Name)
			}
			return nil, referee.RuleError([]string{CitePickChampions}, "questsandcannons: teammates sit next to each other: %s are not in neighbouring seats (list --players clockwise with each team together)", strings.Join(names, "+"))
		}
	}
	return out, nil
}

// step is what one step's code shares: the state being changed and the
// env that asks, rolls and emits. Next builds it inside referee.Step.
type step struct {
	st  *State
	env *referee.Env
}

// Next implements referee.Game: one step of the procedure.
func (g Game) Next(s *referee.Session, env *referee.Env) error {
	return referee.Step(s, load, func(st *State) error {
		st.prices = knownPrices(env)
		sp := &step{st: st, env: env}
		err := referee.Phases[string]{
			PhaseStart:    func() error { sp.refresh(); return nil },
			PhaseActions:  sp.action,
			PhaseRoundEnd: func() error { sp.roundEnd(); return nil },
		}.Run(st.Phase, referee.Usagef("session %s is over", s.Name))
		if err != nil {
			return err
		}
		if st.Phase == PhaseOver {
			s.Over = true
		}
		return nil
	})
}

func (s *step) refresh() {
	p := s.st.cur()
	p.Actions = ActionsPerTurn
	p.SailsReady = p.Sails
	p.GunsReady = p.Cannons
	p.LuckUsed, p.MendUsed, p.MobilityUse = false, false, false
	who := p.Name + "'s turn"
	if p.Champion != p.Name { // a solo player is named after the Champion
		who += " (" + p.Champion + ")"
	}
	rounds := 0
	if s.st.coop() {
		rounds = CoopRounds
	}
	s.env.Emit(referee.Event{Type: "turn", Text: fmt.Sprintf("%s, %s: refresh: 3 Actions, %s and %s Ready",
		roundText(s.st.Round, rounds), who, referee.Count(p.Sails, "Sail"), referee.Count(p.Cannons, "Cannon")),
		Data:  map[string]any{"round": s.st.Round, "player": p.Name, "actions": p.Actions, "sails": p.SailsReady, "cannons": p.GunsReady},
		Cites: []string{CiteTurnsRounds, CiteRefresh}})
	s.st.Phase = PhaseActions
}

// Status implements referee.Game.
func (g Game) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	st, err := load(s)
	if err != nil {
		return nil, err
	}
	return View(st), nil
}
