package rollingseas

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Directions are the eight compass points of the Central Compass, clockwise.
var Directions = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// ParseDir reads a compass point (case-insensitive).
func ParseDir(s string) (int, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	for i, d := range Directions {
		if d == s {
			return i, nil
		}
	}
	return 0, referee.Usagef("rollingseas: %q is not a compass direction (%s)", s, strings.Join(Directions, ", "))
}

// StepCost is the MP one square costs when moving in direction move with the
// wind blowing towards wind: 1 downwind, one more for each 45° away, 5
// directly against it.
func StepCost(wind, move int) int {
	d := (move - wind + 8) % 8
	if d > 4 {
		d = 8 - d
	}
	return 1 + d
}

// CostTable returns the MP of a step in each of the eight directions.
func CostTable(wind int) map[string]int {
	out := map[string]int{}
	for i, d := range Directions {
		out[d] = StepCost(wind, i)
	}
	return out
}

// Encounter kinds met while sailing.
const (
	EncNone    = ""
	EncMonster = "monster"
	EncPerils  = "perils"
	EncCurrent = "current"
	EncReef    = "reef"
	EncPirates = "pirates"
	EncAmbush  = "ambush"
	EncVisited = "visited" // an Adventure already encountered: no effect
)

// PathStep is one square of a sail: the direction moved and what is in the
// square entered. Spaces is the number of consecutive spaces a Current
// carries the ship (its length).
type PathStep struct {
	Dir       string `json:"dir"`
	Encounter string `json:"encounter,omitempty"`
	Spaces    int    `json:"spaces,omitempty"`
}

// ParsePath reads "E:current2,NE,NE:perils": a direction per step with an
// optional encounter (monster, perils, currentN, pirates, ambush, reef).
func ParsePath(s string) ([]PathStep, error) {
	var out []PathStep
	for _, it := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		dir, enc, _ := strings.Cut(it, ":")
		if _, err := ParseDir(dir); err != nil {
			return nil, err
		}
		st := PathStep{Dir: strings.ToUpper(dir)}
		enc = strings.ToLower(enc)
		switch {
		case enc == "" || enc == EncMonster || enc == EncPerils || enc == EncPirates || enc == EncAmbush || enc == EncReef || enc == EncVisited:
			st.Encounter = enc
		case strings.HasPrefix(enc, EncCurrent):
			st.Encounter = EncCurrent
			st.Spaces = 2
			if n := strings.TrimPrefix(enc, EncCurrent); n != "" {
				v, err := strconv.Atoi(n)
				if err != nil || v < 1 {
					return nil, referee.Usagef("rollingseas: %q: a Current is written currentN with N the spaces it carries you (1 or more)", it)
				}
				st.Spaces = v
			}
		default:
			return nil, referee.Usagef("rollingseas: %q: unknown encounter %q (monster, perils, currentN, pirates, ambush, reef, visited)", it, enc)
		}
		out = append(out, st)
	}
	if len(out) == 0 {
		return nil, referee.Usagef("rollingseas: the path is empty (give directions like E,NE,NE)")
	}
	return out, nil
}

// SailInput is what a sail needs besides the path.
type SailInput struct {
	Wind            string
	Path            []PathStep
	FreeMP          int // the ship's free MP (3 for the starting ship)
	WindInSails     int // steps moved with Wind in Your Sails (free, any direction) at the start of the action
	WindInSailsEnd  int // and at its end
	Cannons         int
	MonsterStrength int
	PirateStrength  int
	Provisions      int // Provisions in the hold before sailing (-1: unknown, no check)
}

func (in SailInput) validate() error {
	bad := func(what string, v int, acc string) error {
		return referee.Usagef("rollingseas: %s %d is not accepted; accepted: %s", what, v, acc)
	}
	switch {
	case in.FreeMP < 0:
		return bad("free MP", in.FreeMP, "0 or more (3 for the starting Ship)")
	case in.WindInSails < 0:
		return bad("Wind in Your Sails steps at the start", in.WindInSails, "0 or more")
	case in.WindInSailsEnd < 0:
		return bad("Wind in Your Sails steps at the end", in.WindInSailsEnd, "0 or more")
	case in.WindInSails+in.WindInSailsEnd > len(in.Path):
		return bad("Wind in Your Sails steps", in.WindInSails+in.WindInSailsEnd, fmt.Sprintf("at most the %s of the path (each moves one space)", referee.Count(len(in.Path), "step")))
	case in.Cannons < 0:
		return bad("Cannons", in.Cannons, "0 or more")
	case in.MonsterStrength < 0:
		return bad("Sea Monster Strength", in.MonsterStrength, "1 or more")
	case in.PirateStrength < 0:
		return bad("Pirate Strength", in.PirateStrength, "1 or more")
	case in.Provisions < -1:
		return bad("Provisions", in.Provisions, "0 or more (-1: do not check)")
	}
	return nil
}

// SailStep is one step of a computed sail.
type SailStep struct {
	PathStep
	MP         int    `json:"mp"`
	FromFree   int    `json:"from_free_mp"`
	Provisions int    `json:"provisions_for_mp"`
	Story      int    `json:"story_points"`
	EncProv    int    `json:"provisions_for_encounter"`
	Gold       int    `json:"gold"`
	Explore    bool   `json:"exploration_reward,omitempty"`
	Note       string `json:"note,omitempty"`
}

// SailResult is the whole sail: each step, the MP, the Provisions spent and
// the Story Points gained.
type SailResult struct {
	Wind          string         `json:"wind"`
	Costs         map[string]int `json:"costs"`
	Steps         []SailStep     `json:"steps"`
	TotalMP       int            `json:"total_mp"`
	FreeMP        int            `json:"free_mp"`
	ProvisionsMP  int            `json:"provisions_for_mp"`
	ProvisionsEnc int            `json:"provisions_for_encounters"`
	Provisions    int            `json:"provisions_total"`
	Story         int            `json:"story_points"`
	Gold          int            `json:"gold"`
	WindInSails   int            `json:"wind_in_sails_used"`
	Cites         []string       `json:"cites"`
}

// Sail computes a sail: the MP of every step against the chosen wind, the
// Provisions needed beyond the free MP, and the encounters met. A path the
// rules forbid (entering a Reef, moving on after Pirates, stopping on
// Perils of the Sea, not enough Provisions) is a RuleError.
func Sail(in SailInput) (SailResult, error) {
	w, err := ParseDir(in.Wind)
	if err != nil {
		return SailResult{}, err
	}
	if err := in.validate(); err != nil {
		return SailResult{}, err
	}
	// "Sea Monsters and Pirates begin the game with 1 Strength": an unset
	// Strength is 1.
	if in.MonsterStrength == 0 {
		in.MonsterStrength = 1
	}
	if in.PirateStrength == 0 {
		in.PirateStrength = 1
	}
	res := SailResult{Wind: Directions[w], Costs: CostTable(w), FreeMP: in.FreeMP, WindInSails: in.WindInSails + in.WindInSailsEnd,
		Cites: []string{CiteSail, CiteSummarySail}}
	free := in.FreeMP
	prov := in.Provisions
	for i, st := range in.Path {
		d, _ := ParseDir(st.Dir)
		s := SailStep{PathStep: st}
		if i > 0 && in.Path[i-1].Encounter == EncPirates {
			return res, referee.RuleError([]string{CiteSail}, "rollingseas: step %d: you cannot continue movement for that turn after encountering Pirates", i+1)
		}
		windStep := i < in.WindInSails || i >= len(in.Path)-in.WindInSailsEnd
		switch {
		case windStep:
			s.MP = 0
			s.Note = "Wind in Your Sails: one space in any direction, free"
		default:
			s.MP = StepCost(w, d)
			use := min(free, s.MP)
			free -= use
			s.FromFree = use
			s.Provisions = s.MP - use
		}
		switch st.Encounter {
		case EncReef:
			return res, referee.RuleError([]string{CiteSail}, "rollingseas: step %d (%s): Ships cannot enter a Sea Space occupied by Reefs", i+1, st.Dir)
		case EncMonster:
			if in.Cannons >= in.MonsterStrength {
				s.Story = 2
				s.Note = "Sea Monster defeated with Cannons: 2 Story Points, no Provision"
			} else {
				s.Story = 2
				s.EncProv = 1
				s.Note = "Sea Monster: spend 1 Provision, gain 2 Story Points"
			}
		case EncPerils:
			s.Story = 1
			s.Note = "Perils of the Sea: 1 Story Point (you cannot stop here)"
			if i == len(in.Path)-1 {
				return res, referee.RuleError([]string{CiteSail}, "rollingseas: step %d: Ships cannot stop on a space occupied by Perils of the Sea", i+1)
			}
		case EncCurrent:
			s.Story = st.Spaces / 2
			s.Note = fmt.Sprintf("Current: carried %s free, 1 Story Point per two consecutive spaces", referee.Count(st.Spaces, "space"))
		case EncPirates:
			s.Story = 3
			s.Gold = 2
			if in.Cannons >= in.PirateStrength {
				s.Explore = true
				s.Note = fmt.Sprintf("Pirates defeated with Cannons: stop, 3 Story Points, 2 Gold Pieces and an Exploration Reward of a space 1-%d", min(in.Cannons, 6))
			} else {
				s.EncProv = 3
				s.Note = "Pirates: stop, spend 3 Provisions, gain 3 Story Points and 2 Gold Pieces"
			}
		case EncAmbush:
			s.Note = "Ambush: resolve a Sea Battle at the end of the turn"
		case EncVisited:
			s.Note = "Adventure already encountered: no effect"
		}
		res.Steps = append(res.Steps, s)
		res.TotalMP += s.MP
		res.ProvisionsMP += s.Provisions
		res.ProvisionsEnc += s.EncProv
		res.Story += s.Story
		res.Gold += s.Gold
		if in.Provisions >= 0 {
			prov -= s.Provisions + s.EncProv
			if prov < 0 {
				return res, referee.RuleError([]string{CiteSail}, "rollingseas: step %d (%s): not enough Provisions (need %d more); you must be able to fully resolve an Adventure to enter it and each Provision gives 1 MP", i+1, st.Dir, -prov)
			}
		}
	}
	res.Provisions = res.ProvisionsMP + res.ProvisionsEnc
	return res, nil
}

// PirateEncounter is the outcome of entering Pirates.
type PirateEncounter struct {
	Defeated   bool     `json:"defeated"`
	Story      int      `json:"story_points"`
	Gold       int      `json:"gold"`
	Provisions int      `json:"provisions_spent"`
	Rewards    []int    `json:"reward_spaces,omitempty"` // Exploration spaces the player may choose from
	Picks      int      `json:"reward_picks"`            // how many different rewards
	Text       string   `json:"text"`
	Cites      []string `json:"cites"`
}

// Pirates resolves an encounter with Pirates: with Cannons at least their
// Strength, 3 Story Points, 2 Gold Pieces and a reward of a space whose value
// is at most the Cannons (two different rewards at the maximum Cannons);
// otherwise 3 Provisions for 3 Story Points and 2 Gold Pieces.
func Pirates(cannons, strength, maxCannons, provisions int) (PirateEncounter, error) {
	pe := PirateEncounter{Story: 3, Gold: 2, Cites: []string{CiteSail, CiteSummarySail}}
	switch {
	case cannons < 0:
		return pe, referee.Usagef("rollingseas: Cannons %d is not accepted; accepted: 0 or more", cannons)
	case strength < 1:
		// "Sea Monsters and Pirates begin the game with 1 Strength" (line
		// 306) and Strength only rises: 0 is a value no Pirate has.
		return pe, referee.RuleError([]string{CiteStrength}, "rollingseas: Pirate Strength %d is not accepted; accepted: 1 or more (Pirates begin the game with 1 Strength)", strength)
	case maxCannons < 0:
		return pe, referee.Usagef("rollingseas: maximum Cannons %d is not accepted; accepted: 0 (unknown) or more", maxCannons)
	case maxCannons > 0 && cannons > maxCannons:
		return pe, referee.RuleError([]string{CiteCannons}, "rollingseas: %s is more than the Cannon Track holds (%d); accepted: 0-%d", referee.Count(cannons, "Cannon"), maxCannons, maxCannons)
	case provisions < -1:
		return pe, referee.Usagef("rollingseas: Provisions %d is not accepted; accepted: 0 or more (-1: do not check)", provisions)
	}
	if cannons >= strength {
		pe.Defeated = true
		for v := 1; v <= min(cannons, 6); v++ {
			pe.Rewards = append(pe.Rewards, v)
		}
		pe.Picks = 1
		if maxCannons > 0 && cannons >= maxCannons {
			pe.Picks = 2
		}
		pe.Text = fmt.Sprintf("%s ≥ Pirate Strength %d: stop, gain 3 Story Points, 2 Gold Pieces and %s from spaces %s; mark an adjacent Land Space as Explored", referee.Count(cannons, "Cannon"), strength, referee.Count(pe.Picks, "Exploration Reward"), joinInts(pe.Rewards))
		return pe, nil
	}
	if provisions >= 0 && provisions < 3 {
		return pe, referee.RuleError([]string{CiteSail}, "rollingseas: %s < Pirate Strength %d and only %s: you need 3 Provisions to enter the Pirates' space", referee.Count(cannons, "Cannon"), strength, referee.Count(provisions, "Provision"))
	}
	pe.Provisions = 3
	pe.Text = fmt.Sprintf("%s < Pirate Strength %d: stop, spend 3 Provisions, gain 3 Story Points and 2 Gold Pieces", referee.Count(cannons, "Cannon"), strength)
	return pe, nil
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// Battle is an Ambush Sea Battle.
type Battle struct {
	Attacker        string   `json:"attacker"`
	Defender        string   `json:"defender"`
	AttackerCannons int      `json:"attacker_cannons"`
	DefenderCannons int      `json:"defender_cannons"`
	AttackerRoll    int      `json:"attacker_roll"`
	DefenderRoll    int      `json:"defender_roll,omitempty"` // 0: not rolled
	Winner          string   `json:"winner,omitempty"`        // "" on a tie
	Loser           string   `json:"loser,omitempty"`
	Tie             bool     `json:"tie"`
	How             string   `json:"how"`
	Cites           []string `json:"cites"`
}

// ResolveBattle decides a Sea Battle from the attacker's roll (6 wins, 1
// loses), then the defender's (the same), then roll + Cannons compared.
// defRoll is only read when the attacker rolled 2-5 (pass 0 otherwise).
func ResolveBattle(att, def string, attCannons, defCannons, attRoll, defRoll int) Battle {
	b := Battle{Attacker: att, Defender: def, AttackerCannons: attCannons, DefenderCannons: defCannons, AttackerRoll: attRoll,
		Cites: []string{CiteSail, CiteSummarySail}}
	win := func(w, l, how string) Battle { b.Winner, b.Loser, b.How = w, l, how; return b }
	switch attRoll {
	case 6:
		return win(att, def, att+" rolled a 6 and wins automatically")
	case 1:
		return win(def, att, att+" rolled a 1 and loses automatically")
	}
	b.DefenderRoll = defRoll
	switch defRoll {
	case 6:
		return win(def, att, def+" rolled a 6 and wins automatically")
	case 1:
		return win(att, def, def+" rolled a 1 and loses automatically")
	}
	a, d := attRoll+attCannons, defRoll+defCannons
	switch {
	case a > d:
		return win(att, def, fmt.Sprintf("%d+%d=%d beats %d+%d=%d", attRoll, attCannons, a, defRoll, defCannons, d))
	case d > a:
		return win(def, att, fmt.Sprintf("%d+%d=%d beats %d+%d=%d", defRoll, defCannons, d, attRoll, attCannons, a))
	}
	b.Tie = true
	b.How = fmt.Sprintf("tie at %d: each player gains 2 Story Points", a)
	return b
}

// BattleWinnerText and BattleLoserText are the rulebook's rewards and losses.
const (
	BattleWinnerText = "gain 3 Story Points and 2 Gold Pieces, OR 3 Gold Pieces and fill your Hold to Capacity with Provisions"
	BattleLoserText  = "lose 1 Provision and 1 Gold Piece, OR 1 Provision and 2 Gold Pieces"
	// IronsideLoserText is the loss of Captain Ironside, who never spends
	// Provisions (rolling-seas/captain-actions/ambush).
	IronsideLoserText = "lose 1 Gold Piece, OR 2 Gold Pieces (Captain Ironside never spends Provisions)"
)

// WinnerReward is what a Sea Battle winner gains. "Winner: gain 3 Story
// Points, 2 Gold Pieces OR 3 Gold Pieces, and fill your Hold to Capacity
// with Provisions." bosun reads two options (reward=either): 1 is 3 Story
// Points and 2 Gold Pieces, 2 is 3 Gold Pieces and a full Hold. With
// reward=all the OR only picks the Gold (3, the better) and the winner
// gains 3 Story Points, 3 Gold Pieces and a full Hold.
func WinnerReward(option int, reward string) Items {
	if reward == "all" {
		return Items{ItemStory: 3, ItemGold: 3, ItemFill: 1}
	}
	if option == 2 {
		return Items{ItemGold: 3, ItemFill: 1}
	}
	return Items{ItemStory: 3, ItemGold: 2}
}

// Loss is what a Sea Battle loser pays.
type Loss struct {
	Option     int    `json:"option"` // 1 or 2
	Provisions int    `json:"provisions"`
	Gold       int    `json:"gold"`
	Text       string `json:"text"`
}

// BattleLoss returns what the loser pays with provisions and gold in the
// hold, choosing option (1: 1 Provision + 1 Gold, 2: 1 Provision + 2 Gold).
// A chosen option that cannot be paid in full while the other can is
// replaced by the other. When neither can be paid in full, the rule text
// says "choose whichever would cause you to lose more and pay what you can"
// (option 2); the Turn Summary says "choose one and pay what you can":
// unpayable=choose keeps the chosen one.
func BattleLoss(option, provisions, gold int, unpayable string) Loss {
	canPay := func(o int) bool { return provisions >= 1 && gold >= o }
	if option != 2 {
		option = 1
	}
	switch {
	case !canPay(1) && !canPay(2):
		if unpayable != "choose" {
			option = 2
		}
	case !canPay(option):
		// Paying what you can is for when neither option is possible: the
		// option that can be paid in full is paid.
		option = 3 - option
	}
	l := Loss{Option: option, Provisions: min(1, provisions), Gold: min(option, gold)}
	l.Text = fmt.Sprintf("loses %s and %s (option %d)", referee.Count(l.Provisions, "Provision"), referee.Count(l.Gold, "Gold Piece"), option)
	return l
}

// IronsideLoss is what Captain Ironside pays when he loses a Sea Battle:
// the Gold of the option (what he has of it) and no Provisions. "Captain
// Ironside never spends Provisions, and there is no limit to how many
// Provisions his Ship can hold" (rolling-seas/captain-actions/ambush).
func IronsideLoss(option, gold int) Loss {
	if option != 2 {
		option = 1
	}
	l := Loss{Option: option, Gold: min(option, max(gold, 0))}
	l.Text = fmt.Sprintf("loses %s (option %d) and no Provisions: Captain Ironside never spends Provisions", referee.Count(l.Gold, "Gold Piece"), option)
	return l
}

// IsIronside reports whether a battle side named name is Captain Ironside
// ("Captain Ironside" or "ironside", any case).
func IsIronside(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return n == strings.ToLower(IronsideName) || n == "ironside"
}

// MonolithChoices returns the Exploration spaces an Ancient Monolith lets
// you take: the die, or one more or less, 6 and 1 wrapping.
func MonolithChoices(die int) []int {
	lo := die - 1
	if lo < 1 {
		lo = 6
	}
	hi := die + 1
	if hi > 6 {
		hi = 1
	}
	out := []int{lo, die, hi}
	sort.Ints(out)
	return out
}

// MonolithStory is the Story Points for crossing off the n-th Ancient
// Monolith (1: 1, 2: 2, 3: the race reward instead).
func MonolithStory(n int) int {
	switch n {
	case 1:
		return 1
	case 2:
		return 2
	}
	return 0
}

// SoloTurns is the most turns a solo game has: one Adventure Deck card a
// turn, "a 25-card Adventure Deck" (rolling-seas/setup), the game over after the last
// (rolling-seas/end-of-game), and no Ambush cards in solo (rolling-seas/solo-mode).
const SoloTurns = 25

// SoloMonolithReward is the solo mode's reward for exploring the third
// Ancient Monolith on turn: 1 (top) by the 15th turn, 2 on turns 16-20,
// 3 (bottom) from the 21st.
func SoloMonolithReward(turn int) int {
	switch {
	case turn <= 15:
		return 1
	case turn <= 20:
		return 2
	}
	return 3
}

// RaceReward returns the reward row (1 top, 2 second, 3 bottom) for a
// player finishing the three Ancient Monoliths when taken rewards were
// already claimed by players who finished in earlier turns (ties share the
// topmost available reward).
func RaceReward(taken int) int {
	if taken >= 2 {
		return 3
	}
	return taken + 1
}

// ShipCost is the Gold price of ship level 2 (4) and 3 (5).
func ShipCost(level int) int {
	switch level {
	case 2:
		return 4
	case 3:
		return 5
	}
	return 0
}

// FillHold returns the Provisions gained by filling a hold of capacity
// holding have.
func FillHold(capacity, have int) int { return max(0, capacity-have) }

// TrimHold returns the Provisions crossed off at the end of a turn.
func TrimHold(capacity, have int) int { return max(0, have-capacity) }

// Rank is a Renown rank.
type Rank struct {
	Min, Max    int
	Title       string
	Description string
}

// Ranks are the rulebook's Renown ranks.
var Ranks = []Rank{
	{0, 75, "Small-Time Braggart", "People know you, yes, but they'll find any excuse to sit on the opposite end of the tavern."},
	{76, 125, "Boring Storyteller", "People will listen to your story, so long as the ale keeps coming and you keep paying."},
	{126, 150, "Rent-a-Bard", "Children eagerly gather round as you recount your adventures."},
	{151, 175, "Wandering Minstrel", "Many people fondly recall gathering to hear your tales."},
	{176, 200, "Renowned Poet", "Royal courts far and wide are always happy to host you of an evening."},
	{201, 225, "Storyteller Extraordinaire", "Crowds come from far and wide to hear your tales."},
	{226, 250, "Master of Stories", "Songs of your adventures will be sung for years to come."},
}

// RankOf returns the rank of a Renown total. The table stops at 250 and
// starts at 0: bosun ranks more than 250 as Master of Stories and less than
// 0 as Small-Time Braggart (see docs/rolling-seas.md).
func RankOf(renown int) Rank {
	for _, r := range Ranks {
		if renown >= r.Min && renown <= r.Max {
			return r
		}
	}
	if renown > 250 {
		return Ranks[len(Ranks)-1]
	}
	return Ranks[0]
}

// RankName is the rank of a Renown total as shown: its title, and beyond
// the ends of the rulebook's table ("226-250 Master of Stories" is its last
// row, "0-75" its first) what bosun ranked it by, so that a report does not
// claim the table covers it.
func RankName(renown int) string {
	t := RankOf(renown).Title
	switch {
	case renown > Ranks[len(Ranks)-1].Max:
		return t + fmt.Sprintf(" (beyond the rulebook's ranks, which end at %d; bosun gives the last)", Ranks[len(Ranks)-1].Max)
	case renown < Ranks[0].Min:
		return t + fmt.Sprintf(" (below the rulebook's ranks, which start at %d; bosun gives the first)", Ranks[0].Min)
	}
	return t
}

// Score is one captain's final Renown.
type Score struct {
	Name       string   `json:"name"`
	Column     int      `json:"renown_column"`
	FinalStory int      `json:"final_story"`
	EndingPort int      `json:"ending_port"`
	Bonus      int      `json:"bonus_renown"`
	Pirates    int      `json:"pirate_penalty"`
	Total      int      `json:"total"`
	Gold       int      `json:"gold"`
	Provisions int      `json:"provisions"`
	Rank       string   `json:"rank"`
	Place      int      `json:"place"`
	Automa     bool     `json:"automa,omitempty"`
	Detail     []string `json:"detail,omitempty"`
}

// EndingPortRenown is 5 adjacent to a Port, 10 adjacent to the Home Port.
func EndingPortRenown(where string) int {
	switch where {
	case "port":
		return 5
	case "home":
		return 10
	}
	return 0
}

// PiratePenalty is -5 per Pirate not encountered (three on every board).
func PiratePenalty(encountered int) int { return -5 * max(0, 3-encountered) }

// RankScores totals, places and ranks the scores: most Renown, then most
// Gold, then most Provisions; captains still tied share the place.
func RankScores(ss []Score) []Score {
	for i := range ss {
		ss[i].Total = ss[i].Column + ss[i].FinalStory + ss[i].EndingPort + ss[i].Bonus + ss[i].Pirates
		ss[i].Rank = RankOf(ss[i].Total).Title
	}
	better := func(a, b Score) bool {
		if a.Total != b.Total {
			return a.Total > b.Total
		}
		if a.Gold != b.Gold {
			return a.Gold > b.Gold
		}
		return a.Provisions > b.Provisions
	}
	sort.SliceStable(ss, func(i, j int) bool { return better(ss[i], ss[j]) })
	for i := range ss {
		if i > 0 && !better(ss[i-1], ss[i]) {
			ss[i].Place = ss[i-1].Place
		} else {
			ss[i].Place = i + 1
		}
	}
	return ss
}
