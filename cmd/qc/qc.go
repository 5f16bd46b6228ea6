// Package qc holds the `bosun qc` command group: one-shot Quests & Cannons
// helpers (attack dice and their exact damage distribution, Treacherous Sea
// rolls, sinking, Prosperity Goals, port prices). Sessions (bosun new
// quests-and-cannons) run whole games; these commands answer one question.
package qc

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	qcg "github.com/bosun-referee/bosun/games/questsandcannons"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// NewCmd returns the `bosun qc` group.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "qc",
		Aliases: []string{"quests", "quests-and-cannons"},
		Short:   "Quests & Cannons: attack dice odds, Treacherous Seas, sinking, goals and prices",
		Long: `Quests & Cannons one-shot commands. A session (bosun new quests-and-cannons)
runs the turns, the Marauders and the Prosperity race; these commands resolve
one attack, one Treacherous Sea roll or one sinking from what you enter.` + cmdutil.ExitHelp,
		Example: "  bosun qc attack --cannons 3 --rolls 1,3,5 --faces 1,2,3,4,5,6\n  bosun qc attack --cannons 2 --odds --faces 1,2,3,4,5,6\n  bosun qc treacherous --bonus 1 --roll 3",
	}
	cmd.AddCommand(NewCmdAttack(f, nil), NewCmdTreacherous(f, nil), NewCmdSink(f, nil), NewCmdGoal(f, nil), NewCmdPrices(f, nil))
	return cmd
}

// AttackOptions are the flags of `bosun qc attack`.
type AttackOptions struct {
	F          *cmdutil.Factory
	Cannons    int
	Rolls      string
	Faces      string
	Luck       int
	HeartsLeft int
	Odds       bool
	Champion   string // the firing Champion: its max Cannons bound --cannons
	Marauder   bool   // a Marauder fires: at most 4 Cannons, infinite Ammo
}

// AttackView is what `qc attack` prints (and --json encodes).
type AttackView struct {
	Cannons      int               `json:"cannons"`
	Faces        []int             `json:"faces"`
	Result       *qcg.AttackResult `json:"result,omitempty"`
	Distribution qcg.Distribution  `json:"distribution"`
	HeartsLeft   int               `json:"hearts_left,omitempty"`
	PSink        *float64          `json:"p_sink,omitempty"` // set with --hearts-left
	Cites        []string          `json:"cites"`
	Rolls        []referee.Roll    `json:"rolls,omitempty"` // the dice bosun rolled or asked for
}

// NewCmdAttack builds `bosun qc attack`.
func NewCmdAttack(f *cmdutil.Factory, runF func(*AttackOptions) error) *cobra.Command {
	opts := &AttackOptions{F: f}
	cmd := &cobra.Command{
		Use:   "attack",
		Short: "Resolve an attack with N Cannons and show its exact damage distribution",
		Long: `Fire N Cannons: one Ammo die per Cannon, count the dots, 1 damage for every
4 dots, +1 Prosperity when any damage is dealt. bosun rolls the dice (or
takes them from --rolls, --set qc.attack.ammo=... or --dice physical) and
prints the exact damage distribution over every face combination.

The Ammo die's faces are printed on the die, not in the rulebook: bosun asks
them once (key tables.dice.ammo, e.g. --set tables.dice.ammo=1,2,3,4,5,6) and
remembers them; --faces overrides them for one run. --luck I turns die I into
a 6 (Dwunny Luck); --hearts-left H adds the chance to sink a ship with H
unmarked Hearts.

A ship fires at most 9 Cannons: each rolls one Ammo die from its stock, and
"You may have up to 9 Ammo dice at a time." --champion NAME bounds --cannons
by that Champion's max Cannons (its tile, asked once as
tables.qc-champions.NAME.cannons): "You can't have more of a type of upgrade
than what is stated on your Champion's max upgrade stat." --marauder bounds it
by 4: a Marauder "gains a Cannon, up to a maximum of 4".` + cmdutil.ExitHelp,
		Example: `  # Valkyr's attack from the rulebook: 1, 3 and 5 dots -> 2 damage, +1 Prosperity
  # (--faces gives the Ammo die's faces for this run; without it they are
  # asked once as tables.dice.ammo and remembered)
  bosun qc attack --cannons 3 --rolls 1,3,5 --faces 1,2,3,4,5,6
  # only the exact distribution for 2 Cannons
  bosun qc attack --cannons 2 --odds --faces 1,2,3,4,5,6
  # roll physical dice and enter them
  bosun qc attack --cannons 2 --dice physical --set qc.attack.ammo=4,2 --faces 1,2,3,4,5,6
  # a reinforced Marauder fires its 4 Cannons at a ship with 3 unmarked Hearts
  bosun qc attack --cannons 4 --marauder --odds --faces 1,2,3,4,5,6 --hearts-left 3`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("cannons") {
				return referee.Usagef("qc attack: --cannons N is required (1-%d): how many Cannons fire, one Ammo die each", qcg.MaxAmmo)
			}
			if opts.Champion != "" && opts.Marauder {
				return referee.Usagef("qc attack: --champion and --marauder name two different ships; give one")
			}
			if err := checkCannons(opts.Cannons, opts.Marauder); err != nil {
				return err
			}
			if opts.Odds && opts.Rolls != "" {
				return referee.Usagef("qc attack: --odds shows the distribution only; drop --rolls")
			}
			if opts.Luck < 0 || opts.Luck > opts.Cannons {
				return referee.Usagef("qc attack: --luck %d names no die (1-%d)", opts.Luck, opts.Cannons)
			}
			if opts.Odds && opts.Luck > 0 {
				// Dwunny Luck changes "any die you just rolled": there is no
				// roll with --odds.
				return referee.Usagef("qc attack: --luck turns a die just rolled into a 6; drop --odds (accepted: --luck with --rolls or rolled dice)")
			}
			// A given --hearts-left is a value, 0 included: a ship with no
			// unmarked Heart has sunk ("If all of your hearts are damaged,
			// your ship sinks!") and cannot be the target.
			if cmd.Flags().Changed("hearts-left") && (opts.HeartsLeft < 1 || opts.HeartsLeft > qcg.MaxHearts) {
				return referee.RuleError([]string{qcg.CiteSinking}, "qc attack: --hearts-left %d is no target's unmarked Hearts: a ship whose Hearts are all marked has sunk (accepted: 1-%d, the Hearts bosun takes from a Champion tile; a Marauder has %d Health)", opts.HeartsLeft, qcg.MaxHearts, qcg.MarauderHealth)
			}
			if runF != nil {
				return runF(opts)
			}
			return attackRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.IntVarP(&opts.Cannons, "cannons", "n", 0, "how many Cannons fire (one Ammo die each)")
	fl.StringVar(&opts.Rolls, "rolls", "", "the Ammo dice rolled, e.g. 1,3,5 (else bosun rolls them)")
	fl.StringVar(&opts.Faces, "faces", "", "the Ammo die's faces for this run, e.g. 1,2,3,4,5,6 (else tables.dice.ammo)")
	fl.IntVar(&opts.Luck, "luck", 0, "Dwunny Luck: turn die number I into a 6")
	fl.IntVar(&opts.HeartsLeft, "hearts-left", 0, "the target's unmarked Hearts (1-12): also show the chance to sink it")
	fl.BoolVar(&opts.Odds, "odds", false, "show the distribution only, roll nothing")
	fl.StringVar(&opts.Champion, "champion", "", "the firing Champion: --cannons may not pass its max Cannons")
	fl.BoolVar(&opts.Marauder, "marauder", false, "a Marauder fires: at most 4 Cannons")
	return cmd
}

// checkCannons refuses a number of Cannons no ship can fire.
func checkCannons(n int, marauder bool) error {
	if n < 1 {
		return referee.Usagef("qc attack: --cannons %d: at least 1 Cannon fires (accepted: 1-%d)", n, qcg.MaxAmmo)
	}
	if marauder && n > qcg.MarauderMaxGuns {
		return referee.RuleError([]string{qcg.CiteReinforcement, qcg.CiteMarauderCaptains},
			"qc attack: --cannons %d: a Marauder has 2 Cannons and gains one when it Reinforces, \"up to a maximum of %d\" (accepted: 1-%d)", n, qcg.MarauderMaxGuns, qcg.MarauderMaxGuns)
	}
	if !marauder && n > qcg.MaxAmmo {
		return referee.RuleError([]string{qcg.CiteAttack, qcg.CiteCurrencies},
			"qc attack: --cannons %d: each Cannon fired rolls one Ammo die from your stock, and \"You may have up to %s at a time\" (accepted: 1-%d; a Marauder with --marauder: 1-%d)", n, referee.Count(qcg.MaxAmmo, "Ammo die", "Ammo dice"), qcg.MaxAmmo, qcg.MarauderMaxGuns)
	}
	return nil
}

// checkChampionCannons refuses more Cannons than the Champion's max
// Cannons (asked once when the tables do not know it).
func checkChampionCannons(f *cmdutil.Factory, name string, n int) error {
	t, err := f.Tables()
	if err != nil {
		return err
	}
	p, err := f.Prompter()
	if err != nil {
		return err
	}
	_, mx, err := qcg.ChampionCannons(t, p, name)
	if err != nil {
		return err
	}
	if n > mx {
		return referee.RuleError([]string{qcg.CiteShipUpgrades, qcg.CiteAttack},
			"qc attack: --cannons %d: %s's max Cannons is %d (\"You can't have more of a type of upgrade than what is stated on your Champion's max upgrade stat.\"; accepted: 1-%d)", n, qcg.ChampionName(name), mx, mx)
	}
	return nil
}

var example = map[string]string{"--faces": "1,2,3,4,5,6", "--rolls": "1,3,5"}

func parseInts(s, what string) ([]int, error) {
	var out []int
	for _, it := range referee.SplitList(s) {
		n, err := strconv.Atoi(it)
		if err != nil {
			return nil, referee.Usagef("qc: %s: %q is not a whole number (accepted: comma-separated whole numbers, e.g. %s)", what, it, example[what])
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, referee.Usagef("qc: %s is empty", what)
	}
	return out, nil
}

func ammoDie(f *cmdutil.Factory, faces string) (referee.Die, error) {
	if faces != "" {
		vals, err := parseInts(faces, "--faces")
		if err != nil {
			return referee.Die{}, err
		}
		d := referee.Die{Name: "ammo", Title: "Ammo die", Game: qcg.ID}
		for _, v := range vals {
			if v < 0 || v > 20 {
				return referee.Die{}, referee.Usagef("qc: --faces: %s is out of range (accepted: whole numbers of dots 0-20, e.g. 1,2,3,4,5,6)", referee.Count(v, "dot"))
			}
			d.Faces = append(d.Faces, referee.Face{Value: v})
		}
		return d, nil
	}
	env, err := f.Env()
	if err != nil {
		return referee.Die{}, err
	}
	return qcg.AmmoDie(env)
}

func attackRun(opts *AttackOptions) error {
	f := opts.F
	if opts.Champion != "" {
		if err := checkChampionCannons(f, opts.Champion, opts.Cannons); err != nil {
			return err
		}
	}
	die, err := ammoDie(f, opts.Faces)
	if err != nil {
		return err
	}
	faces := referee.Values(facesAsRolls(die))
	view := AttackView{Cannons: opts.Cannons, Faces: faces, HeartsLeft: opts.HeartsLeft, Cites: []string{qcg.CiteAttack}}
	if !opts.Odds {
		var vals []int
		if opts.Rolls != "" {
			items := referee.SplitList(opts.Rolls)
			if len(items) != opts.Cannons {
				return referee.Usagef("qc attack: --rolls has %s for %s (accepted: one Ammo die per Cannon, %s, each one of %s)", referee.Count(len(items), "die", "dice"), referee.Count(opts.Cannons, "Cannon"), referee.Count(opts.Cannons, "value"), die.Accepts())
			}
			for _, it := range items {
				fc, err := die.ParseFace(it)
				if err != nil {
					return err
				}
				vals = append(vals, fc.Value)
			}
		} else {
			d, err := f.Dice()
			if err != nil {
				return err
			}
			rs, err := d.RollN("qc.attack.ammo", die, opts.Cannons)
			if err != nil {
				return err
			}
			view.Rolls = rs
			vals = referee.Values(rs)
		}
		r := qcg.ResolveAttack(vals, opts.Luck)
		view.Result = &r
		if opts.Luck > 0 {
			view.Cites = append(view.Cites, qcg.CiteChampionAbility)
		}
	}
	dist, err := qcg.DamageDistribution(faces, opts.Cannons)
	if err != nil {
		return err
	}
	view.Distribution = dist
	if opts.HeartsLeft > 0 {
		ps := 0.0
		for _, o := range dist.Outcomes {
			if o.Damage >= opts.HeartsLeft {
				ps += o.P
			}
		}
		view.PSink = &ps
		view.Cites = append(view.Cites, qcg.CiteSinking)
	}
	return f.Render(view, func(w io.Writer) error {
		if view.Result != nil {
			fmt.Fprintf(w, "%s: %s\n", referee.Count(opts.Cannons, "Cannon"), view.Result.Text())
		}
		fmt.Fprintf(w, "exact damage distribution for %s, Ammo die faces %s (1 damage per 4 dots):\n", referee.Count(opts.Cannons, "Cannon"), intsText(faces))
		rows := [][]string{}
		for _, o := range dist.Outcomes {
			rows = append(rows, []string{strconv.Itoa(o.Damage), o.Ways + "/" + o.Of, o.Exact, fmt.Sprintf("%6.2f%%", 100*o.P), bar(o.P, f.IO.ASCII || !f.IO.TTYOut)})
		}
		if err := f.Table(w, []string{"damage", "ways", "exact", "chance", ""}, rows); err != nil {
			return err
		}
		fmt.Fprintf(w, "expected damage %s (%.3f); chance of any damage (+1 Prosperity) %.2f%%\n", dist.Mean, dist.MeanF, 100*dist.AnyHit)
		if opts.HeartsLeft > 0 {
			fmt.Fprintf(w, "chance to sink a ship with %s: %.2f%%\n", referee.Count(opts.HeartsLeft, "unmarked Heart"), 100**view.PSink)
		}
		fmt.Fprintf(w, "see: bosun rules show %s\n", strings.Join(view.Cites, ", "))
		return nil
	})
}

func facesAsRolls(d referee.Die) []referee.Roll {
	out := make([]referee.Roll, len(d.Faces))
	for i, f := range d.Faces {
		out[i] = referee.Roll{Value: f.Value}
	}
	return out
}

func bar(p float64, ascii bool) string {
	n := int(p*40 + 0.5)
	ch := "█"
	if ascii {
		ch = "#"
	}
	return strings.Repeat(ch, n)
}

// TreacherousOptions are the flags of `bosun qc treacherous`.
type TreacherousOptions struct {
	F        *cmdutil.Factory
	Bonus    int
	Spend    int
	SpendSet bool // --spend given: spend exactly that; else the least that succeeds
	Roll     string
	Luck     bool
	Odds     bool
}

// Spend rules of `qc treacherous` (TreacherousView.SpendRule).
const (
	SpendLeast = "least-that-succeeds" // the default: chosen after the roll
	SpendFixed = "fixed"               // --spend N
)

// TreacherousView is what `qc treacherous` prints.
type TreacherousView struct {
	Result    *qcg.TreacherousResult `json:"result,omitempty"`
	Bonus     int                    `json:"traveler_bonus"`
	SpendRule string                 `json:"spend_rule"`
	Spend     *int                   `json:"bonus_spent,omitempty"` // unknown before the roll with the default rule
	SafeExact string                 `json:"p_safe_exact"`
	Safe      float64                `json:"p_safe"`
	Cites     []string               `json:"cites"`
}

// NewCmdTreacherous builds `bosun qc treacherous`.
func NewCmdTreacherous(f *cmdutil.Factory, runF func(*TreacherousOptions) error) *cobra.Command {
	opts := &TreacherousOptions{F: f}
	cmd := &cobra.Command{
		Use:   "treacherous",
		Short: "Roll the Traveler Die for a Treacherous Sea, with the Traveler Bonus",
		Long: `Entering a Treacherous Sea rolls the Traveler Die: 1-3 one damage, the Move
ends and +1 Traveler Bonus (no re-roll); 4-6 a free move to any adjacent
space. "You may spend all or part of your Traveler Bonus whenever you roll
the Traveler Die to add that much to your roll": the spend follows the roll
(Kerris rolls a 3 and spends her one point, Sample Movement), so by default
bosun spends the least of the held Bonus (--bonus) that makes the roll 4 or
more, and nothing when no part of it does; --spend N spends exactly N.
--luck is Dwunny Luck (the die becomes a 6). bosun rolls unless --roll gives
the die, and prints the exact chance to pass. --odds rolls nothing: it
takes neither --roll nor --luck.` + cmdutil.ExitHelp,
		Example: "  # Kerris: a 3 with 1 Traveler Bonus -> 4, a free move\n  bosun qc treacherous --bonus 1 --roll 3\n  # a 2 with 3 Traveler Bonus: 2 spent, 1 kept\n  bosun qc treacherous --bonus 3 --roll 2\n  bosun qc treacherous --bonus 2 --odds",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Bonus < 0 || opts.Bonus > qcg.MaxTravelerBonus {
				// The rulebook sets no maximum (see MaxTravelerBonus).
				return referee.Usagef("qc treacherous: --bonus %d is out of range (accepted: 0-%d; the rulebook sets no maximum, %d is bosun's bound against typos)", opts.Bonus, qcg.MaxTravelerBonus, qcg.MaxTravelerBonus)
			}
			opts.SpendSet = cmd.Flags().Changed("spend")
			if opts.SpendSet && (opts.Spend < 0 || opts.Spend > opts.Bonus) {
				return referee.Usagef("qc treacherous: --spend %d must be between 0 and --bonus %d", opts.Spend, opts.Bonus)
			}
			if opts.Odds && opts.Roll != "" {
				return referee.Usagef("qc treacherous: --odds shows the chance to pass and rolls nothing; drop --roll %s (or drop --odds to resolve that roll)", opts.Roll)
			}
			if opts.Odds && opts.Luck {
				// Dwunny Luck changes "any die you just rolled": there is
				// no roll with --odds.
				return referee.Usagef("qc treacherous: --luck turns a die just rolled into a 6; drop --odds (accepted: --luck with --roll or a rolled die)")
			}
			if runF != nil {
				return runF(opts)
			}
			return treacherousRun(opts)
		},
	}
	cmd.Flags().IntVar(&opts.Bonus, "bonus", 0, "Traveler Bonus held (0-20: the rulebook sets no maximum, 20 is bosun's bound against typos)")
	cmd.Flags().IntVar(&opts.Spend, "spend", 0, "Traveler Bonus to spend on this roll (default: the least that succeeds)")
	cmd.Flags().StringVar(&opts.Roll, "roll", "", "the Traveler Die rolled (else bosun rolls it)")
	cmd.Flags().BoolVar(&opts.Luck, "luck", false, "Dwunny Luck: the die becomes a 6")
	cmd.Flags().BoolVar(&opts.Odds, "odds", false, "only the chance to pass, roll nothing")
	return cmd
}

func treacherousRun(opts *TreacherousOptions) error {
	f := opts.F
	env, err := f.Env()
	if err != nil {
		return err
	}
	die, err := referee.LoadDie(env.Tables, env.Prompt, qcg.TravelerDieInfo)
	if err != nil {
		return err
	}
	faces := referee.Values(facesAsRolls(die))
	view := TreacherousView{Bonus: opts.Bonus, SpendRule: SpendLeast, Cites: []string{qcg.CiteMove, qcg.CiteTravelerBonus, qcg.CiteSampleMovement, qcg.CiteFAQ}}
	// Spending after the roll, the whole Bonus is available to every face:
	// the chance to pass is that of spending all of it.
	usable := opts.Bonus
	if opts.SpendSet {
		view.SpendRule = SpendFixed
		usable = opts.Spend
		view.Spend = &opts.Spend
	}
	p := qcg.TreacherousOdds(faces, usable)
	view.SafeExact = p.RatString()
	view.Safe, _ = p.Float64()
	if !opts.Odds {
		var v int
		if opts.Roll != "" {
			fc, err := die.ParseFace(opts.Roll)
			if err != nil {
				return err
			}
			v = fc.Value
		} else {
			r, err := env.Dice.Roll("qc.move.traveler", die)
			if err != nil {
				return err
			}
			v = r.Value
		}
		spend := opts.Spend
		if !opts.SpendSet {
			spend = qcg.LeastBonusToPass(v, opts.Bonus, opts.Luck)
		}
		res, err := qcg.Treacherous(v, opts.Bonus, spend, opts.Luck)
		if err != nil {
			return err
		}
		view.Result = &res
		view.Spend = &spend
	}
	return f.Render(view, func(w io.Writer) error {
		if r := view.Result; r != nil {
			fmt.Fprintf(w, "Traveler Die %d", r.Roll)
			if r.Luck {
				fmt.Fprint(w, " -> 6 (Dwunny Luck)")
			}
			if r.Bonus > 0 {
				fmt.Fprintf(w, " + %d Traveler Bonus", r.Bonus)
			}
			fmt.Fprintf(w, " = %d: ", r.Total)
			if r.Safe {
				fmt.Fprintf(w, "safe, a free move to any adjacent space; Traveler Bonus left %d\n", r.NewBonus)
			} else {
				fmt.Fprintf(w, "1 damage, the Move ends (no re-roll); Traveler Bonus now %d\n", r.NewBonus)
			}
			if !opts.SpendSet && opts.Bonus > 0 {
				switch {
				case r.Bonus > 0:
					fmt.Fprintf(w, "spent the least Traveler Bonus that succeeds (%d of %d); --spend N spends another amount\n", r.Bonus, opts.Bonus)
				case !r.Safe:
					fmt.Fprintf(w, "no Traveler Bonus spent: even all %d held would not reach 4\n", opts.Bonus)
				}
			}
		}
		if opts.SpendSet {
			fmt.Fprintf(w, "chance to pass with %d Traveler Bonus spent: %s (%.1f%%)\n", opts.Spend, view.SafeExact, 100*view.Safe)
		} else {
			fmt.Fprintf(w, "chance to pass spending the least Traveler Bonus that succeeds (%d held): %s (%.1f%%)\n", opts.Bonus, view.SafeExact, 100*view.Safe)
		}
		return nil
	})
}

// SinkOptions are the flags of `bosun qc sink`.
type SinkOptions struct {
	F        *cmdutil.Factory
	Coins    int
	Ammo     int
	Solved   int
	Equipped int
	Damage   int
	By       string
}

// NewCmdSink builds `bosun qc sink`.
func NewCmdSink(f *cmdutil.Factory, runF func(*SinkOptions) error) *cobra.Command {
	opts := &SinkOptions{F: f}
	cmd := &cobra.Command{
		Use:   "sink",
		Short: "What sinking does to a ship, and who gains or loses Prosperity",
		Long: `When a ship sinks: it returns to its Home Port (in teams, any Home Port on
its Nation's frame tile); Resources, solved Clues and Ammo are discarded,
then it takes 5 Ammo; all but one equipped Loot card are discarded (the hand
is kept); half its Coins, rounded up, are discarded; its damage is removed.
--by rival: the rival gains 3 Prosperity and the discarded Coins; --by
marauder: nothing; --by self, teammate or other: the sunk team loses 3
Prosperity (FAQ: one's own or a teammate's effect counts as "anything else").

Counts beyond what a ship can hold exit 2: --ammo 0-9 ("You may have up to 9
Ammo dice at a time."), --equipped 0-2 ("Ships have only two Equip slots."),
and the box's Coins (61), Clue cards (18) and Hull Damage Tokens (30) bound
--coins, --solved and --damage.` + cmdutil.ExitHelp,
		Example: "  bosun qc sink --coins 7 --equipped 2 --by rival\n  bosun qc sink --coins 4 --by self --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch opts.By {
			case "rival", "marauder", "self", "teammate", "other":
			default:
				return referee.Usagef("qc sink: --by %q: accepted rival, marauder, self, teammate, other", opts.By)
			}
			// Every count is bounded by the rules or the box: 9 Ammo, 2
			// Equip slots, 61 Coins, 18 Clue cards, 30 damage tokens.
			if err := qcg.CheckSinkCounts("qc sink: --", map[string]int{"coins": opts.Coins, "ammo": opts.Ammo, "solved": opts.Solved, "equipped": opts.Equipped, "damage": opts.Damage}); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return sinkRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&opts.Coins, "coins", 0, "Coins held (0-61, the Coins in the box)")
	fl.IntVar(&opts.Ammo, "ammo", 0, "Ammo dice held (0-9)")
	fl.IntVar(&opts.Solved, "solved", 0, "solved Clues not yet delivered (0-18, the Clue cards in the box)")
	fl.IntVar(&opts.Equipped, "equipped", 0, "equipped Loot cards (0-2)")
	fl.IntVar(&opts.Damage, "damage", 0, "damage tokens on the ship (0-30, the tokens in the box)")
	fl.StringVar(&opts.By, "by", "other", "what sank it: rival, marauder, self, teammate, other")
	return cmd
}

func sinkRun(opts *SinkOptions) error {
	cause := qcg.SunkOther
	switch opts.By {
	case "rival":
		cause = qcg.SunkByRival
	case "marauder":
		cause = qcg.SunkByMarauder
	}
	r := qcg.SinkOutcome(opts.Coins, opts.Ammo, opts.Solved, opts.Equipped, opts.Damage, nil, cause)
	view := struct {
		qcg.SinkResult
		By    string   `json:"by"`
		Cites []string `json:"cites"`
	}{r, opts.By, []string{qcg.CiteSinking, qcg.CiteFAQ}}
	return opts.F.Render(view, func(w io.Writer) error {
		rows := [][]string{
			{"ship", "to the Home Port"},
			{"Resources, solved Clues", fmt.Sprintf("discarded (%s)", referee.Count(r.SolvedCluesLost, "solved Clue"))},
			{"Ammo", fmt.Sprintf("%d discarded, then %d", r.AmmoLost, r.AmmoAfter)},
			{"equipped Loot", fmt.Sprintf("%d discarded, %d kept (hand kept)", r.EquippedLost, r.EquippedAfter)},
			{"Coins", fmt.Sprintf("%d discarded (half, rounded up), %d left", r.CoinsLost, r.CoinsAfter)},
			{"damage", fmt.Sprintf("%d removed", r.DamageCleared)},
		}
		switch cause {
		case qcg.SunkByRival:
			rows = append(rows, []string{"rival", fmt.Sprintf("+%d Prosperity and the %s", r.RivalProsperity, referee.Count(r.RivalCoins, "discarded Coin"))})
		case qcg.SunkByMarauder:
			rows = append(rows, []string{"Prosperity", "no change (sunk by a Marauder)"})
		default:
			rows = append(rows, []string{"Prosperity", fmt.Sprintf("%d for the sunk team (sunk by %s)", r.ProsperityChange, opts.By)})
		}
		if err := opts.F.Table(w, []string{"what", "result"}, rows); err != nil {
			return err
		}
		fmt.Fprintf(w, "see: bosun rules show %s\n", strings.Join(view.Cites, ", "))
		return nil
	})
}

// GoalOptions are the flags of `bosun qc goal`.
type GoalOptions struct {
	F        *cmdutil.Factory
	TeamSize int // 1-3; 0 only when --team-size is omitted: every size
}

// NewCmdGoal builds `bosun qc goal`.
func NewCmdGoal(f *cmdutil.Factory, runF func(*GoalOptions) error) *cobra.Command {
	opts := &GoalOptions{F: f}
	cmd := &cobra.Command{
		Use:   "goal",
		Short: "The Prosperity Goal by team size (15, 20, 25)",
		Long: `The Prosperity Goal depends on how many players are on each team: one
(free-for-all) 15, two 20, three 25. The game ends at the end of the round in
which a team reaches it; most Prosperity wins, ties by Coins. --team-size
outside 1-3 (0 included) exits 2: a team has one, two or three players.` + cmdutil.ExitHelp,
		Example: "  bosun qc goal\n  bosun qc goal --team-size 2",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// A given --team-size is a value, 0 included: only an omitted
			// flag means every size.
			if cmd.Flags().Changed("team-size") {
				if _, err := qcg.ProsperityGoal(opts.TeamSize); err != nil {
					return err
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return goalRun(opts)
		},
	}
	cmd.Flags().IntVar(&opts.TeamSize, "team-size", 0, "players per team (1-3); all sizes when omitted")
	return cmd
}

// GoalRow is one Prosperity Goal.
type GoalRow struct {
	TeamSize int    `json:"team_size"`
	Goal     int    `json:"goal"`
	Cite     string `json:"cite"`
}

func goalRun(opts *GoalOptions) error {
	sizes := []int{1, 2, 3}
	if opts.TeamSize != 0 {
		sizes = []int{opts.TeamSize}
	}
	var rows []GoalRow
	for _, n := range sizes {
		g, err := qcg.ProsperityGoal(n)
		if err != nil {
			return err
		}
		rows = append(rows, GoalRow{TeamSize: n, Goal: g, Cite: qcg.CiteProsperityGoal})
	}
	return opts.F.Render(rows, func(w io.Writer) error {
		var tr [][]string
		for _, r := range rows {
			tr = append(tr, []string{strconv.Itoa(r.TeamSize), strconv.Itoa(r.Goal)})
		}
		return opts.F.Table(w, []string{"team size", "Prosperity Goal"}, tr)
	})
}

// PricesOptions are the flags of `bosun qc prices`.
type PricesOptions struct{ F *cmdutil.Factory }

// NewCmdPrices builds `bosun qc prices`.
func NewCmdPrices(f *cmdutil.Factory, runF func(*PricesOptions) error) *cobra.Command {
	opts := &PricesOptions{F: f}
	cmd := &cobra.Command{
		Use:   "prices",
		Short: "Port Activities by port type, with prices and limits",
		Long: `Port Activities while landed at a port (no Action needed): Maintenance at
every port (Workshop, Trading, Home), Upgrade at Workshop Ports, Trade at
Trading Ports, Deliver Clues at your team's Home Ports. Selling prices of
Resources are printed as icons and asked once (tables.qc-prices.sell-*).` + cmdutil.ExitHelp,
		Example: "  bosun qc prices\n  bosun qc prices --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return pricesRun(opts)
		},
	}
	return cmd
}

// PriceRow is one Port Activity.
type PriceRow struct {
	Activity string `json:"activity"`
	Ports    string `json:"ports"`
	Pay      string `json:"pay"`
	Gain     string `json:"gain"`
	Limit    string `json:"limit,omitempty"`
	Cite     string `json:"cite"`
}

func pricesRun(opts *PricesOptions) error {
	set, err := opts.F.Tables()
	if err != nil {
		return err
	}
	price := func(key string) string {
		if r, ok := set.Lookup("qc-prices", key); ok && r.Known() {
			return fmt.Sprint(r.Value)
		}
		return "? (asked once: tables.qc-prices." + key + ")"
	}
	all := "workshop, trading, home"
	rows := []PriceRow{
		{"Buy Ammo", all, "1 Coin", "2 Ammo", "at most 9 Ammo", qcg.CiteMaintenance},
		{"Repair", all, price("repair-coins") + " Coins", "1 damage", "", qcg.CiteMaintenance},
		{"Repair", all, "1 Canvas, Metal or Lumber", "1 damage", "", qcg.CiteMaintenance},
		{"Repair", all, "1 Spice or Gems", "2 damage", "", qcg.CiteMaintenance},
		{"Sell", all, "1 Loot card", price("sell-loot") + " Coins", "", qcg.CiteMaintenance},
		{"Sell", all, "1 unsolved Clue", price("sell-clue") + " Coins", "", qcg.CiteMaintenance},
	}
	for _, r := range qcg.Resources {
		rows = append(rows, PriceRow{"Sell", all, "1 " + r, price("sell-"+r) + " Coins", "", qcg.CiteMaintenance})
	}
	up := price("upgrade-coins")
	rows = append(rows,
		PriceRow{"Upgrade", "workshop", "1 Canvas + " + up + " Coins", "1 Sail", "the Champion's max Sails", qcg.CiteUpgrade},
		PriceRow{"Upgrade", "workshop", "1 Metal + " + up + " Coins", "1 Cannon", "the Champion's max Cannons", qcg.CiteUpgrade},
		PriceRow{"Upgrade", "workshop", "1 Lumber + " + up + " Coins", "1 Cargo Slot", "the Champion's max Cargo Slots", qcg.CiteUpgrade},
		PriceRow{"Trade", "trading", "2 Resources", "1 Resource of your choice", "", qcg.CiteTrade},
		PriceRow{"Trade", "trading", "1 Gem + " + price("trade-coins") + " Coins", "draw a Loot card", "hand: 3 per card type at end of turn", qcg.CiteTrade},
		PriceRow{"Trade", "trading", "1 Spice + " + price("trade-coins") + " Coins", "draw a Clue card", "hand: 3 per card type at end of turn", qcg.CiteTrade},
		PriceRow{"Deliver Clues", "your team's home", "1 solved Clue", "1 Prosperity", "", qcg.CiteDeliverClues},
	)
	return opts.F.Render(rows, func(w io.Writer) error {
		var tr [][]string
		for _, r := range rows {
			tr = append(tr, []string{r.Activity, r.Ports, r.Pay, r.Gain, r.Limit})
		}
		return opts.F.Table(w, []string{"activity", "ports", "pay", "gain", "limit"}, tr)
	})
}

// intsText lists numbers as a sentence does: "1, 3, 5".
func intsText(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
