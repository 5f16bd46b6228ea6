package misty

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// BattleOptions are the flags of `bosun misty broadside` and `boarding`.
type BattleOptions struct {
	F            *cmdutil.Factory
	Type         mw.BattleType
	Attacker     string
	Defender     string
	Dice         diceFlag
	DefenderDice string
	Place        string
	DefPlace     string
	Why          bool
	Rerolls      []string
	Rules        RuleFlags
}

// BattleView is what broadside and boarding print (and --json encodes).
type BattleView struct {
	Broadside *mw.BroadsideResult `json:"broadside,omitempty"`
	Boarding  *mw.BoardingResult  `json:"boarding,omitempty"`
	// Luck is the percentile of this result among all rolls (entered dice).
	Luck  *mw.Prob `json:"luck,omitempty"`
	Notes []string `json:"notes,omitempty"`
	Cites []string `json:"cites"`
}

func battleFlags(cmd *cobra.Command, opts *BattleOptions) {
	fl := cmd.Flags()
	fl.StringVarP(&opts.Attacker, "attacker", "a", "", "the attacker's unit spec, e.g. ship:cannons=3,sailors=2,gunner")
	fl.StringVarP(&opts.Defender, "defender", "d", "", "the defender's unit spec, e.g. pirate:damaged")
	fl.Var(&opts.Dice, "dice", "the attacker's entered dice: rolls separated by ';' or '/', each V,V,V[+re-roll values]; or virtual|physical")
	fl.StringVar(&opts.DefenderDice, "defender-dice", "", "the defender's entered dice (the counterattack, or its Boarding rolls), same syntax")
	fl.BoolVar(&opts.Why, "why", false, "print the rule sentence behind each step")
	fl.StringArrayVar(&opts.Rerolls, "reroll", nil, "your own re-roll choice instead of bosun's policy: SIDE.gunner=2,3 (dice a First-Class Gunner re-rolls) or SIDE.xp=1,1 (the die each Experience Token re-rolls); SIDE is attacker or defender")
	ruleFlags(cmd, &opts.Rules)
}

// NewCmdBroadside builds `bosun misty broadside`.
func NewCmdBroadside(f *cmdutil.Factory, runF func(*BattleOptions) error) *cobra.Command {
	opts := &BattleOptions{F: f, Type: mw.Broadside}
	cmd := &cobra.Command{
		Use:   "broadside",
		Short: "Resolve a Broadside Battle: the attack, its damage and the counterattack",
		Long: `Resolve a Misty Waters Broadside Battle (fire cannonballs). The attacker rolls
its Cannons (+1 for a Gunner; NPCs their fixed dice); 6 is a Hull Hit, 1 a Deck
Crew Hit, 2-3 a miss, 4-5 a ricochet re-rolled until it is not 4 or 5 when two
ships battle (else a miss). First-Class Gunner and declared Experience Token
re-rolls follow, then the damage (at most one Damage Marker on a Fort, Pirate
Ship, Conquistadors' Caravel or the Temple unless three or more 6s), then the
defender counterattacks with what it has left, and the end of battle.

--dice takes the attacker's roll, then after '+' the values of its re-rolls in
the order they happen (ricochets die by die, then the First-Class Gunner, then
Experience Tokens); --defender-dice the same for the counterattack. Dice not
entered are rolled (--seed makes them reproducible). When dice were entered,
bosun also reports how lucky the result was.

bosun's default choices (which dice a Gunner or Experience Token re-rolls: the
ones that do nothing; which deck crew go first: Sailors, Fencing Master,
Captain, Gunner) are documented in docs/misty-battles.md; --crew-order
overrides the crew order.` + specHelp + exitHelp,
		Example: `  # 6,4,4,1 with three Cannons and a Gunner against a damaged Pirate Ship; the 4s ricochet to 2 and 6
  bosun misty broadside --attacker ship:cannons=3,sailors=2,gunner --defender pirate:damaged --dice 6,4,4,1+2,6
  # a Fort attacks a Brig; bosun rolls, reproducibly
  bosun misty broadside --attacker fort:owner=bob --defender brig:cannons=4,sailors=3,owner=ann --seed 7 --why
  # the Kraken attacks a Sloop at sea (its card removes a Cannon); the Sloop fires back with the Cannon left, a 6
  bosun misty broadside -a kraken -d sloop:owner=ann --defender-dice 6 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return battleRun(opts)
		},
	}
	battleFlags(cmd, opts)
	return cmd
}

// NewCmdBoarding builds `bosun misty boarding`.
func NewCmdBoarding(f *cmdutil.Factory, runF func(*BattleOptions) error) *cobra.Command {
	opts := &BattleOptions{F: f, Type: mw.Boarding}
	cmd := &cobra.Command{
		Use:   "boarding",
		Short: "Resolve a Boarding Battle: clashes, duel arrangement, re-rolls and ties",
		Long: `Resolve a Misty Waters Boarding Battle (sword duels). Both sides roll Sailors +
Cannons (Officers do not count), at most 10 dice and at most double the
opponent's; above 5 dice the battle is two clashes. The side with fewer dice
(the defender on a tie) arranges first from highest to lowest, the other side
from lowest to highest with its extra dice in a second row (NPCs: highest
behind lowest; a player: bosun proposes the best placement, or give your own
with --place). Re-rolls (defender first, then attacker), Fencing Master +1 on
each die (no die above 6; a duel's two rows may sum to 12 per the errata),
the lower total loses its dice and one Sailor per die (a Cannon when no Sailor
is left), tied duels are rolled once more, then the end of battle.

--dice takes the attacker's rolls in order (clash 1, its tie re-roll, clash 2,
its tie re-roll; separate them with ';' or '/'), each optionally followed by
'+' and the values of that roll's re-rolls; --defender-dice the same for the
defender. Dice not entered are rolled.` + specHelp + exitHelp,
		Example: `  # the rulebook's Boarding Battle Example (blue 3 Sailors 2 Cannons vs green 1 Sailor 3 Cannons)
  bosun misty boarding -a ship:sailors=3,cannons=2,name=blue -d ship:sailors=1,cannons=3,name=green,owner=g \
      --dice '1,2,3,4,5;1,3,4' --defender-dice '6,4,3,2;5,2' --place '1;2' --why
  # board the Conquistadors' Galleass with a First-Class Fencing Master
  bosun misty boarding -a ship:sailors=5,cannons=5,fc-fencing -d galleass --seed 3
  # Advanced Rules: a shore party of 2 Sailors and 1 Cannon against a Militia
  bosun misty boarding --advanced -a ship:sailors=3,cannons=2,at=docks,shore=2+1 -d militia:owner=bob`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return battleRun(opts)
		},
	}
	battleFlags(cmd, opts)
	cmd.Flags().StringVar(&opts.Place, "place", "", "your placement of the attacker's second-row dice: duel numbers, highest die first, one group per roll separated by ';' (default: bosun's best)")
	cmd.Flags().StringVar(&opts.DefPlace, "defender-place", "", "the same for the defender")
	return cmd
}

func battleRun(opts *BattleOptions) error {
	f := opts.F
	att, def, notes, err := parseUnits(f, opts.Attacker, opts.Defender)
	if err != nil {
		return err
	}
	o, err := opts.Rules.options(f)
	if err != nil {
		return err
	}
	for side, s := range map[string]string{"attacker": opts.Place, "defender": opts.DefPlace} {
		if s == "" {
			continue
		}
		if o.Placement == nil {
			o.Placement = map[string][]int{}
		}
		for i, g := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '/' }) {
			p, err := parsePlace(g)
			if err != nil {
				return err
			}
			key := side
			if i > 0 {
				key = fmt.Sprintf("%s.%d", side, i)
			}
			o.Placement[key] = p
		}
	}
	for _, rr := range opts.Rerolls {
		k, val, ok := strings.Cut(rr, "=")
		k = strings.TrimSpace(k)
		switch k {
		case "attacker.gunner", "attacker.xp", "defender.gunner", "defender.xp":
		default:
			ok = false
		}
		if !ok {
			return referee.Usagef("misty: --reroll %q: give attacker.gunner=D,D, attacker.xp=D,D, defender.gunner=... or defender.xp=... (1-based die numbers)", rr)
		}
		var dice []int
		for _, it := range referee.SplitList(val) {
			n, err := strconv.Atoi(it)
			if err != nil {
				return referee.Usagef("misty: --reroll %q: %q is not a die number", rr, it)
			}
			dice = append(dice, n)
		}
		if o.Rerolls == nil {
			o.Rerolls = map[string][]int{}
		}
		o.Rerolls[k] = dice
	}
	r, sa, sd, entered, err := rollers(f, &opts.Dice, opts.DefenderDice)
	if err != nil {
		return err
	}
	view := &BattleView{Notes: notes}
	var toA, toD mw.Damage
	if opts.Type == mw.Broadside {
		res, err := mw.ResolveBroadside(mw.BroadsideInput{Attacker: att, Defender: def, Options: o}, r)
		if err != nil {
			return err
		}
		for _, e := range []error{leftover("attacker", sa, mw.CiteBroadside), leftover("defender", sd, mw.CiteCounterattack)} {
			if e != nil {
				return e
			}
		}
		view.Broadside, view.Cites = res, res.Cites
		toD = res.Attack.Damage
		if res.Counter != nil {
			toA = res.Counter.Damage
		}
	} else {
		res, err := mw.ResolveBoarding(mw.BoardingInput{Attacker: att, Defender: def, Options: o}, r)
		if err != nil {
			return err
		}
		for _, e := range []error{leftover("attacker", sa, mw.CiteBoarding), leftover("defender", sd, mw.CiteBoarding)} {
			if e != nil {
				return e
			}
		}
		view.Boarding, view.Cites = res, res.Cites
		toA, toD = res.ToAttacker, res.ToDefender
	}
	if entered {
		// BattleLuck: the exact percentile without the whole distribution
		if l, err := mw.BattleLuck(opts.Type, att, def, o, toA, toD); err == nil {
			view.Luck = &l.Percentile
		}
	}
	return f.Render(view, func(w io.Writer) error { return renderBattle(f, w, view, opts.Why) })
}

func renderBattle(f *cmdutil.Factory, w io.Writer, v *BattleView, why bool) error {
	var steps []mw.Step
	var out mw.Outcome
	if b := v.Broadside; b != nil {
		fmt.Fprintf(w, "Broadside Battle: %s attacks %s\n", desc(b.Attacker), desc(b.Defender))
		rows := [][]string{volleyRow(b.Attack)}
		if b.Counter != nil {
			rows = append(rows, volleyRow(*b.Counter))
		}
		if err := f.Table(w, []string{"fire", "dice", "rolled", "re-rolls", "final", "hits", "damage"}, rows); err != nil {
			return err
		}
		if b.NoCounterWhy != "" {
			fmt.Fprintf(w, "no counterattack: %s\n", b.NoCounterWhy)
		}
		fmt.Fprintf(w, "after: attacker %s; defender %s\n", desc(b.AttackerAfter), desc(b.DefenderAfter))
		steps, out = b.Steps, b.Outcome
	}
	if b := v.Boarding; b != nil {
		title := "Boarding Battle"
		if b.Simplified {
			title += " (Simplified Variant)"
		}
		fmt.Fprintf(w, "%s: %s boards %s — %s against %d\n", title, desc(b.Attacker), desc(b.Defender), referee.Count(b.AttackerDice, "die", "dice"), b.DefenderDice)
		var rows [][]string
		for _, r := range b.Rounds {
			name := fmt.Sprintf("clash %d", r.Clash)
			if b.Simplified {
				name = fmt.Sprintf("duel %d", r.Clash)
			}
			if r.Tie {
				name += " ties"
			}
			var duels []string
			for _, d := range r.Duels {
				duels = append(duels, fmt.Sprintf("%s:%d v %s:%d %s", ints(d.Attacker), d.AttackerTotal, ints(d.Defender), d.DefenderTotal, short(d.Winner)))
			}
			place := ""
			if len(r.Placement) > 0 {
				place = fmt.Sprintf("behind duel %s (%s)", ints(r.Placement), r.PlacementBy)
				if len(r.Proposal) > 0 && ints(r.Proposal) != ints(r.Placement) {
					place += fmt.Sprintf("; bosun proposes %s", ints(r.Proposal))
				}
			}
			rows = append(rows, []string{name, ints(r.AttackerRoll), ints(r.DefenderRoll), r.First, place, strings.Join(duels, " | "),
				fmt.Sprintf("%d", r.AttackerLost), fmt.Sprintf("%d", r.DefenderLost)})
		}
		if err := f.Table(w, []string{"roll", "attacker", "defender", "first", "second row", "duels (A:total v D:total)", "A lost", "D lost"}, rows); err != nil {
			return err
		}
		if b.Unresolved[0]+b.Unresolved[1] > 0 {
			fmt.Fprintf(w, "unresolved ties: %s, %s\n", referee.Count(b.Unresolved[0], "attacker die", "attacker dice"), referee.Count(b.Unresolved[1], "defender die", "defender dice"))
		}
		fmt.Fprintf(w, "after: attacker %s; defender %s\n", desc(b.AttackerAfter), desc(b.DefenderAfter))
		steps, out = b.Steps, b.Outcome
	}
	renderOutcome(w, out)
	if v.Luck != nil {
		fmt.Fprintf(w, "luck: the %s percentile for the attacker (%s of results are worse, ties counted half)\n", ordinal(v.Luck.Float), pct(v.Luck.Float))
	}
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	for _, n := range xpReminders(v) {
		fmt.Fprintf(w, "reminder: %s\n", n)
	}
	if why {
		fmt.Fprintln(w, "why:")
		for i, s := range steps {
			fmt.Fprintf(w, "%2d. %s\n", i+1, s.Text)
			if s.Rule != "" {
				fmt.Fprintf(w, "    rule: %s\n", s.Rule)
			}
			if len(s.Cites) > 0 {
				fmt.Fprintf(w, "    see: %s\n", strings.Join(s.Cites, ", "))
			}
		}
	}
	fmt.Fprintf(w, "cites: %s\n", strings.Join(v.Cites, ", "))
	return nil
}

// xpReminders: "All declared Experience Tokens must be returned to the
// supply whether they were used or not", said for each side that declared
// some.
func xpReminders(v *BattleView) []string {
	type side struct {
		what string
		u    mw.Unit
		n    int
	}
	var sides []side
	if b := v.Broadside; b != nil {
		sides = []side{{"attacker", b.Attacker, b.Attacker.XPFor(0)}, {"defender", b.Defender, b.Defender.XPFor(0)}}
	}
	if b := v.Boarding; b != nil {
		sides = []side{{"attacker", b.Attacker, totalXP(b.Attacker)}, {"defender", b.Defender, totalXP(b.Defender)}}
	}
	var out []string
	for _, s := range sides {
		if s.n > 0 {
			out = append(out, fmt.Sprintf("the %s returns the %s declared to the supply, whether %s used or not", s.what, referee.Count(s.n, "Experience Token"), referee.Noun(s.n, "it was", "they were")))
		}
	}
	return out
}

func totalXP(u mw.Unit) int {
	if len(u.XPRolls) == 0 {
		return u.XPFor(0)
	}
	n := 0
	for i := range u.XPRolls {
		n += u.XPFor(i)
	}
	return n
}

func renderOutcome(w io.Writer, out mw.Outcome) {
	if len(out.Defeated) == 0 {
		fmt.Fprintln(w, "outcome: neither side is defeated")
	} else {
		fmt.Fprintf(w, "outcome: %s defeated\n", strings.Join(out.Defeated, " and "))
	}
	for _, r := range out.Rewards {
		var p []string
		if r.Silver > 0 {
			p = append(p, referee.Count(r.Silver, "Silver Coin"))
		}
		if r.XP > 0 {
			p = append(p, referee.Count(r.XP, "Experience Token"))
		}
		if r.Trophy != "" {
			p = append(p, fmt.Sprintf("the %s token as a trophy (%s)", r.Trophy, referee.Count(r.Votes, "Vote")))
		}
		p = append(p, r.Items...)
		who := r.To
		if r.Player != "" {
			who += " (" + r.Player + ")"
		}
		fmt.Fprintf(w, "reward: %s receives %s — %s\n", who, strings.Join(p, ", "), r.Why)
	}
	if len(out.Removed) > 0 {
		fmt.Fprintf(w, "removed: %s\n", strings.Join(out.Removed, ", "))
	}
	if s := out.Seize; s != nil {
		fmt.Fprintf(w, "%s may seize: %s\n", s.By, orNone(s.May))
		if len(s.Sinks) > 0 {
			fmt.Fprintf(w, "sinks: %s\n", strings.Join(s.Sinks, ", "))
		}
	}
	for _, c := range out.Choices {
		mark := "yes"
		if !c.Allowed {
			mark = "no"
		}
		fmt.Fprintf(w, "choice %s [%s]: %s\n", c.Name, mark, c.Why)
	}
	if pd := out.PlayerDefeat; pd != nil {
		line := fmt.Sprintf("defeated ship #%d for its player", pd.Nth)
		if pd.Silver > 0 {
			line += ": their government sends " + referee.Count(pd.Silver, "Silver Coin")
		}
		if pd.SkullRockRemoved {
			line += ": remove their Skull-Rock"
		}
		fmt.Fprintln(w, line)
		if pd.BailOut != "" {
			fmt.Fprintln(w, "bail-out: "+pd.BailOut)
		}
	}
	if out.EndGame {
		fmt.Fprintln(w, "the Conquistadors' Treasure left play: the game ends at the end of the Round")
	}
	for _, n := range out.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}

func volleyRow(v mw.Volley) []string {
	var re []string
	for _, r := range v.Rerolls {
		re = append(re, fmt.Sprintf("#%d %d→%d (%s)", r.Die+1, r.From, r.To, r.Why))
	}
	dice := fmt.Sprintf("%d", v.Dice)
	if v.CardDamage != "" {
		dice = "card"
	}
	hits := fmt.Sprintf("%d hull, %d crew", v.HullHits, v.CrewHits)
	if v.Disables > 0 {
		hits += fmt.Sprintf(", %d disable", v.Disables)
	}
	if v.CardDamage != "" {
		hits = v.CardDamage
	}
	return []string{v.Side + ": " + v.By, dice, ints(v.Rolled), strings.Join(re, "; "), ints(v.Final), hits, v.Damage.Text()}
}

func desc(u mw.Unit) string {
	s := u.Label()
	switch u.Kind {
	case mw.KindShip:
		s += fmt.Sprintf(" [%dC %dS", u.Cannons, u.Sailors)
		for _, o := range []struct {
			r mw.Rank
			n string
		}{{u.Captain, "Captain"}, {u.Gunner, "Gunner"}, {u.FencingMaster, "Fencing Master"}} {
			if o.r == mw.FirstClass {
				s += " FC " + o.n
			} else if o.r == mw.Basic {
				s += " " + o.n
			}
		}
		s += "]"
	case mw.KindGalleass, mw.KindMilitia:
		s += fmt.Sprintf(" [%dS]", u.Sailors)
	case mw.KindFort, mw.KindPirate, mw.KindCaravel, mw.KindTemple:
		if u.Damaged {
			s += " [damaged]"
		} else {
			s += " [full strength]"
		}
	}
	if u.Owner != "" && u.Name == "" {
		s += " of " + u.Owner
	}
	return s
}

func ints(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

func short(w string) string {
	switch w {
	case "attacker":
		return "A"
	case "defender":
		return "D"
	}
	return "tie"
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

func ordinal(f float64) string { return referee.Ordinal(int(100*f + 0.5)) }
