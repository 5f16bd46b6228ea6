package mistywaters

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// BattleType is Broadside (fire cannonballs) or Boarding (sword duels).
type BattleType string

// Battle types.
const (
	Broadside BattleType = "broadside"
	Boarding  BattleType = "boarding"
)

// Options are the rules in effect and the switchable readings (see
// docs/misty-battles.md). The zero value is the standard game with bosun's
// default readings.
type Options struct {
	Advanced   bool `json:"advanced,omitempty"`   // 'Advanced Rules' (Pirate boarding, Militia, Temple)
	Simplified bool `json:"simplified,omitempty"` // 'Simplified Variant' boarding (sequential one-die duels)
	NoErrata   bool `json:"no_errata,omitempty"`  // use the printed v3.5 text: a duel's total is capped at 6
	TeamMode   bool `json:"team_mode,omitempty"`

	// Wind is the wind strength (1-12 oB) on the Wind Force; 0 = not given,
	// no Wind Force effect is checked.
	Wind int `json:"wind,omitempty"`
	// Boxes resolves which Wind Force box starts an effect (a board value).
	Boxes WindBoxes `json:"-"`

	// CrewOrder is the owner's default order of removing deck crew on a
	// Deck Crew Hit: "sailor", "fencing", "captain", "gunner" (default in
	// that order: the Gunner, who adds a die to the counterattack, goes last).
	CrewOrder []string `json:"crew_order,omitempty"`
	// SerpentNoGunner: against the Sea Serpent the Gunner's +1 die is lost
	// too (default: Sailors replace Cannons, the Gunner still adds 1).
	SerpentNoGunner bool `json:"serpent_no_gunner,omitempty"`
	// SerpentNPCNoSailors: a Fort, Pirate Ship or Conquistadors' Caravel
	// facing the Sea Serpent rolls as many dice as it has Sailors, that is
	// none (default: it keeps its fixed dice).
	SerpentNPCNoSailors bool `json:"serpent_npc_no_sailors,omitempty"`
	// NoRicochetAfterReroll: a 4 or 5 shown by a Gunner or Experience Token
	// re-roll is a miss instead of ricocheting again.
	NoRicochetAfterReroll bool `json:"no_ricochet_after_reroll,omitempty"`
	// PirateCountsDuels: the Advanced Pirate boarding damage counts duels
	// lost, not dice lost (they differ only when the Pirate has second-row dice).
	PirateCountsDuels bool `json:"pirate_counts_duels,omitempty"`
	// BoardingBlockedIfDefenderAtSea: Sheath the Swords also stops Boarding
	// when only the defending Player Ship is At Sea (default: yes).
	SheathAttackerOnly bool `json:"sheath_attacker_only,omitempty"`
	// BailOutBeforeSupport: whether a player who lost their last Player
	// Ship can afford a new one is judged without the first defeat's
	// support of 5 Silver Coins (default: the support counts).
	BailOutBeforeSupport bool `json:"bail_out_before_support,omitempty"`
	// PlaceTakeMore: of two second-row placements with the same net dice
	// (opponent dice lost minus own dice lost), bosun's proposal takes the
	// one costing the opponent more dice (default: the one losing fewer of
	// one's own dice). The rulebook leaves the placement to the player.
	PlaceTakeMore bool `json:"place_take_more,omitempty"`
	// GunnerMissesOnly: a First-Class Gunner re-rolls only the misses, not
	// the Deck Crew Hits beyond the crew the target has (default: every
	// die that does nothing). "First-Class Gunner rerolls (may reroll each
	// dice once)" leaves the choice of dice to the player.
	GunnerMissesOnly bool `json:"gunner_misses_only,omitempty"`
	// NPCStackSecondRow: an NPC stacks its second-row dice, its two
	// highest behind its lowest front die (3 dice a side), then the next
	// two behind the next lowest (default: one behind each front die,
	// highest behind lowest; see npcPlace). Option npc-second-row=stack.
	NPCStackSecondRow bool `json:"npc_stack_second_row,omitempty"`

	// MonsterHits gives the die faces that damage each Sea Monster (its
	// card); missing monsters default to the mw-monsters table, else 6.
	MonsterHits map[string][]int `json:"monster_hits,omitempty"`
	// Rerolls, when set, overrides bosun's re-roll policy for a side's
	// Broadside fire ("attacker"/"defender"): the 1-based die numbers the
	// First-Class Gunner re-rolls ("attacker.gunner") and, in order, the die
	// re-rolled by each Experience Token ("attacker.xp").
	Rerolls map[string][]int `json:"rerolls,omitempty"`
	// Placement, when set, is the player's own second-row placement for a
	// side's roll (see ResolveBoarding), keyed "attacker"/"defender".
	Placement map[string][]int `json:"placement,omitempty"`
}

// DeckCrewOrder is the order Deck Crew Hits remove the crew in: CrewOrder,
// or Sailors, Fencing Master, Captain and the Gunner last.
func (o Options) DeckCrewOrder() []string {
	if len(o.CrewOrder) > 0 {
		return o.CrewOrder
	}
	return []string{"sailor", "fencing", "captain", "gunner"}
}

func (o Options) monsterHits(m string) []int {
	if h, ok := o.MonsterHits[m]; ok && len(h) > 0 {
		return h
	}
	return []int{6}
}

// WindBoxes tells which Wind Force box starts an effect ("rocky-seas",
// "sheath-the-swords", "return-to-the-depths"). The boxes are printed on
// the board, not in the rulebook text.
type WindBoxes interface {
	Box(effect string) (int, error)
}

// FixedBoxes is a WindBoxes from known values (tests, overrides).
type FixedBoxes map[string]int

// Box implements WindBoxes.
func (f FixedBoxes) Box(effect string) (int, error) {
	if b, ok := f[effect]; ok {
		return b, nil
	}
	return 0, referee.Usagef("mistywaters: the Wind Force box of %q is not known", effect)
}

// WindBoxTable is the one table of the Wind Force track: the box where
// each ongoing effect starts is its row box.EFFECT, read by the battle
// commands and by a session alike (so at any box both agree on Rocky Seas
// and Sheath the Swords), asked once as misty.board.wind.box.EFFECT.
const WindBoxTable = "mwp-wind-force"

// WindEffectTitles names the ongoing Wind Force effects as the board does.
var WindEffectTitles = map[string]string{
	"clearing-up":          "It's Clearing Up",
	"no-transshipments":    "No Transshipments",
	"sheath-the-swords":    "Sheath the Swords",
	"sea-giveth":           "Sea Giveth and Sea Taketh Away",
	"rocky-seas":           "Rocky Seas",
	"return-to-the-depths": "Return to the Depths",
	"hunker-down":          "Hunker Down",
}

// TableBoxes reads the boxes from the Wind Force track's table
// (WindBoxTable, row box.EFFECT) and asks once (key
// misty.board.wind.box.EFFECT) for a box nobody has entered yet.
type TableBoxes struct {
	Set    *tables.Set
	Prompt referee.Prompter
}

// Box implements WindBoxes.
func (t TableBoxes) Box(effect string) (int, error) {
	title := WindEffectTitles[effect]
	if title == "" {
		title = effect
	}
	return referee.AskInt(t.Set, t.Prompt, WindBoxTable, "box."+effect, referee.Question{
		Key:   "misty.board.wind.box." + effect,
		Text:  fmt.Sprintf("the Wind Force box (1-12) that shows the '%s' effect", title),
		Kind:  referee.KindNumber,
		Min:   1,
		Max:   12,
		Where: "the Wind Force track at the top of the board",
	})
}

// TableLimits reads ship-board values from the mw-ships table; unknown
// (board) values are reported as unknown and not checked.
type TableLimits struct{ Set *tables.Set }

func (t TableLimits) lookup(key string) (int, bool) {
	if t.Set == nil {
		return 0, false
	}
	r, ok := t.Set.Lookup("mw-ships", key)
	if !ok || !r.Known() {
		return 0, false
	}
	switch x := r.Value.(type) {
	case int:
		return x, true
	case string:
		n, err := strconv.Atoi(x)
		return n, err == nil
	case float64:
		return int(x), true
	}
	return 0, false
}

// MaxCannons implements Limits.
func (t TableLimits) MaxCannons(s string) (int, bool) { return t.lookup(s + ".cannons") }

// MaxSailors implements Limits.
func (t TableLimits) MaxSailors(s string) (int, bool) { return t.lookup(s + ".sailors") }

// MonsterHitsFromTable fills o.MonsterHits from the mw-monsters table.
func MonsterHitsFromTable(set *tables.Set, o *Options) {
	if set == nil {
		return
	}
	if o.MonsterHits == nil {
		o.MonsterHits = map[string][]int{}
	}
	for _, m := range Monsters {
		if _, ok := o.MonsterHits[m]; ok {
			continue
		}
		r, ok := set.Lookup("mw-monsters", m+".hits")
		if !ok || !r.Known() {
			continue
		}
		var faces []int
		switch x := r.Value.(type) {
		case []any:
			for _, it := range x {
				if n, err := strconv.Atoi(fmt.Sprint(it)); err == nil {
					faces = append(faces, n)
				}
			}
		case string:
			for _, it := range referee.SplitList(x) {
				if n, err := strconv.Atoi(it); err == nil {
					faces = append(faces, n)
				}
			}
		}
		if len(faces) > 0 {
			o.MonsterHits[m] = faces
		}
	}
}

// Step is one step of a resolution: what happened and the rule sentence
// it applied.
type Step struct {
	Text  string   `json:"text"`
	Rule  string   `json:"rule,omitempty"`
	Cites []string `json:"cites,omitempty"`
}

// Roller supplies regular dice. key names the roll (a stable prompt key such
// as "misty.broadside.attack.roll"); n dice are wanted.
type Roller interface {
	Roll(key string, n int) ([]int, error)
}

// RefereeRoller rolls with referee.Dice (virtual, or entered through the
// prompter under the roll's key).
type RefereeRoller struct{ D *referee.Dice }

// Roll implements Roller.
func (r RefereeRoller) Roll(key string, n int) ([]int, error) {
	rs, err := r.D.RollN(key, referee.D(6), n)
	if err != nil {
		return nil, err
	}
	return referee.Values(rs), nil
}

// EnteredRoll is one entered roll: the dice rolled and, in order, the
// values of the re-rolls that followed (ricochets, Officer, Experience Token).
type EnteredRoll struct {
	Dice    []int `json:"dice"`
	Rerolls []int `json:"rerolls,omitempty"`
}

// ParseEntered reads entered dice: rolls separated by ';' or '/', each
// "v,v,v" optionally followed by "+r,r" re-roll values, e.g. "6,4,4,1+2,6".
// A value that is not a face of a d6 is refused.
func ParseEntered(s string) ([]EnteredRoll, error) {
	var out []EnteredRoll
	for _, g := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '/' }) {
		main, re, _ := strings.Cut(g, "+")
		var er EnteredRoll
		for i, part := range []string{main, re} {
			for _, it := range referee.SplitList(part) {
				n, err := strconv.Atoi(it)
				if err != nil || n < 1 || n > 6 {
					return nil, referee.RuleError([]string{CiteDiceResult}, "dice: %q is not a face of a d6 (1-6): the battles use regular six-sided dice", it)
				}
				if i == 0 {
					er.Dice = append(er.Dice, n)
				} else {
					er.Rerolls = append(er.Rerolls, n)
				}
			}
		}
		out = append(out, er)
	}
	return out, nil
}

// SideRoller serves one side's entered rolls in order and falls back to
// Then (rolled dice) when they run out. Roll keys ending in ".roll" take
// the next entered roll; any other key (a re-roll) takes entered re-roll
// values of the current roll.
type SideRoller struct {
	Rolls []EnteredRoll
	Then  Roller
	next  int
	cur   *EnteredRoll
	// Used counts entered values consumed.
	Used int
}

// Roll implements Roller.
func (s *SideRoller) Roll(key string, n int) ([]int, error) {
	if strings.HasSuffix(key, ".roll") {
		if s.next < len(s.Rolls) {
			r := &s.Rolls[s.next]
			s.next++
			s.cur = r
			if len(r.Dice) != n {
				return nil, &CountError{Key: key, Want: n, Got: len(r.Dice)}
			}
			s.Used += n
			return append([]int(nil), r.Dice...), nil
		}
		s.cur = nil
	} else if s.cur != nil && len(s.cur.Rerolls) >= n {
		v := append([]int(nil), s.cur.Rerolls[:n]...)
		s.cur.Rerolls = s.cur.Rerolls[n:]
		s.Used += n
		return v, nil
	}
	if s.Then == nil {
		return nil, referee.Usagef("dice: %s: %s %s needed and none were entered", key, referee.Count(n, "more die", "more dice"), referee.Noun(n, "is", "are"))
	}
	return s.Then.Roll(key, n)
}

// Leftover reports entered values never used.
func (s *SideRoller) Leftover() (rolls int, rerolls int) {
	for i := range s.Rolls {
		if i >= s.next {
			rolls++
		}
		rerolls += len(s.Rolls[i].Rerolls)
	}
	return
}

// CountError is an entered roll with the wrong number of dice.
type CountError struct {
	Key       string
	Want, Got int
}

func (e *CountError) Error() string {
	return fmt.Sprintf("dice: %s needs %s, %d %s entered", e.Key, referee.Count(e.Want, "die", "dice"), e.Got, referee.Noun(e.Got, "was", "were"))
}

// Is makes a CountError a usage error (exit 2).
func (e *CountError) Is(target error) bool { return target == referee.ErrUsage }

// SplitRoller gives the attacker's and defender's rolls to different
// Rollers by key ("....attack..." / "....counter..." / "...attacker..." / "...defender...").
type SplitRoller struct{ Attacker, Defender Roller }

// Roll implements Roller.
func (s SplitRoller) Roll(key string, n int) ([]int, error) {
	if strings.Contains(key, ".defender") || strings.Contains(key, ".counter") {
		return s.Defender.Roll(key, n)
	}
	return s.Attacker.Roll(key, n)
}

func d6(v int) error {
	if v < 1 || v > 6 {
		return referee.RuleError([]string{CiteDiceResult}, "dice: %d is not a face of a d6 (1-6)", v)
	}
	return nil
}

func rollChecked(r Roller, key string, n int) ([]int, error) {
	if n == 0 {
		return nil, nil
	}
	v, err := r.Roll(key, n)
	if err != nil {
		return nil, err
	}
	if len(v) != n {
		return nil, &CountError{Key: key, Want: n, Got: len(v)}
	}
	for _, x := range v {
		if err := d6(x); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// Uniq merges lists of cites, each id once, in first-seen order.
func Uniq(cs ...[]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cs {
		for _, x := range c {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out
}
