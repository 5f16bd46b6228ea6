// Package atraxia holds the `bosun atraxia` command group: one-shot War for
// Atraxia battle math, upkeep and conversion.
package atraxia

import (
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	wfa "github.com/bosun-referee/bosun/games/atraxia"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// NewCmd returns the `bosun atraxia` group.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "atraxia",
		Aliases: []string{"wfa", "war-for-atraxia"},
		Short:   "War for Atraxia: battle math, upkeep, conversion and countdown one-shots",
		Long: `War for Atraxia one-shot commands. A session (bosun new war-for-atraxia)
runs the turns; these commands compute one battle, one upkeep, one
conversion or the end-game countdown from what you enter.` + cmdutil.ExitHelp,
		Example: "  bosun atraxia battle --attacker CDD --attacker-ammo 5 --pirate\n  bosun atraxia upkeep --fleet CDDD",
	}
	cmd.AddCommand(NewCmdBattle(f, nil), NewCmdUpkeep(f, nil), NewCmdConvert(f, nil), NewCmdCountdown(f, nil))
	return cmd
}

// SideFlags are one side's battle flags.
type SideFlags struct {
	Fleet        string
	Strength     int
	Ammo         string
	Power        int
	PowerOwn     int
	PowerAgainst int
	Ability      int
}

// BattleOptions are the flags of `bosun atraxia battle`.
type BattleOptions struct {
	F           *cmdutil.Factory
	Attacker    SideFlags
	Defender    SideFlags
	HomeBase    bool
	Pirate      bool
	PirateRolls string
	Retreat     string
}

// BattleView is what `battle` prints (and --json encodes).
type BattleView struct {
	Input  wfa.BattleInput   `json:"input"`
	Result *wfa.BattleResult `json:"result,omitempty"`
	Odds   *wfa.PirateOdds   `json:"odds,omitempty"`
	Cites  []string          `json:"cites"`
}

func sideFlags(cmd *cobra.Command, role string, s *SideFlags) {
	fl := cmd.Flags()
	fl.StringVar(&s.Fleet, role, "", "the "+role+"'s fleet: "+wfa.FleetSyntax)
	fl.IntVar(&s.Strength, role+"-strength", 0, "the "+role+"'s fleet strength (0 or more), instead of listing the ships (the retreat is then not computed)")
	fl.StringVar(&s.Ammo, role+"-ammo", "", "the "+role+"'s Ammo cards played, e.g. 5,2,1 (at most 10)")
	fl.IntVar(&s.Power, role+"-power-cards", 0, "how many Power cards the "+role+" plays (at most 2; implied 1 by an effect)")
	fl.IntVar(&s.PowerOwn, role+"-power", 0, "the "+role+"'s Power card effect on its own total")
	fl.IntVar(&s.PowerAgainst, role+"-power-against", 0, "the "+role+"'s Power card effect on the opponent's total, e.g. -4")
	fl.IntVar(&s.Ability, role+"-ability", 0, "the "+role+"'s Clan Leader ability bonus (1.0 or 2.0 value as printed)")
}

// NewCmdBattle builds `bosun atraxia battle`.
func NewCmdBattle(f *cmdutil.Factory, runF func(*BattleOptions) error) *cobra.Command {
	opts := &BattleOptions{F: f}
	cmd := &cobra.Command{
		Use:   "battle",
		Short: "Compute a battle from both sides' fleets, Ammo, Power cards and abilities",
		Long: `Compute a War for Atraxia battle: fleet strength (Gunboat 1, Frigate 3,
Destroyer 6, Capital Ship 10, Privateer 15 when defending) + Ammo cards +
Power cards + Clan Leader ability, +10 for a defended Home Base. The highest
total wins; ties go to the attacker. The result names the winner's Magic
Crystals (2 when the defeated fleet had a Capital Ship), the loser's
retreat (half rounded down home, the rest to the reserve, the Capital Ship
always home; --retreat-capital extra sends it home on top of half of the
other ships), the destroyed teleporter and, with --home-base, the fall of
the Home Base (all crystals and resources taken, the defender eliminated).

Each side is given by its ships (--attacker, --defender: C capital,
D destroyer, F frigate, G gunboat, P privateer, e.g. CDDG or capital=1,
destroyer=2) or by its fleet strength (--attacker-strength N); then its Ammo
cards played (values 1, 2 or 5, at most 10 cards), its Power cards (at most
2: how many, their effect on its own total and on the opponent's) and its
Clan Leader ability bonus. A privateer defends with 15 and never attacks.

With --pirate the defender is an Apex Island pirate: 15 + two rolls of the
black pirate die (at most 27); no defender flag is accepted then. Without
--pirate-rolls bosun prints the exact probability of winning, counting the
36 equally likely outcomes of the two rolls (ties go to the attacker); with
them (or --dice physical / --seed) it also resolves the battle.

--json prints the inputs, each side's total with its parts, the winner, the
crystals, the retreat, every effect in words, the pirate odds (fraction,
probability and each pirate total with its ways out of 36) and the cited
rule sections.` + cmdutil.ExitHelp,
		Example: `  # the rulebook's Battle Example (Myles's three ships attack Xanthe's): 17 vs 16
  bosun atraxia battle --attacker DDD --attacker-ammo 5 --attacker-power-against -4 \
      --defender DDF --defender-ammo 2,2,1 --defender-power-against -6
  # an attack on a Home Base (+10 for the defender), two Power cards played
  bosun atraxia battle --attacker CDDD --attacker-power-cards 2 --attacker-power 3 \
      --defender DFG --defender-ability 2 --home-base
  # a fleet strength instead of ships; the beaten Capital Ship goes home on top of half
  bosun atraxia battle --attacker-strength 30 --defender CDD --retreat-capital extra
  # chance to beat a pirate with a Capital Ship, 2 Destroyers and a 5 Ammo card
  bosun atraxia battle --attacker CDD --attacker-ammo 5 --pirate
  # the same battle with the pirate die rolls entered
  bosun atraxia battle --attacker CDD --attacker-ammo 5 --pirate --pirate-rolls 2,3 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Pirate {
				for _, n := range []string{"defender", "defender-strength", "defender-ammo", "defender-power-cards", "defender-power", "defender-power-against", "defender-ability", "home-base"} {
					if cmd.Flags().Changed(n) {
						return referee.Usagef("atraxia battle: --%s cannot go with --pirate: a pirate has fleet power 15 + two pirate-die rolls (accepted with --pirate: the --attacker flags, --pirate-rolls, --retreat-capital)", n)
					}
				}
			}
			switch opts.Retreat {
			case string(wfa.RetreatWithinHalf), string(wfa.RetreatExtra):
			default:
				return referee.Usagef("atraxia battle: --retreat-capital %q is not accepted; accepted: within-half, extra", opts.Retreat)
			}
			if !opts.Pirate && opts.PirateRolls != "" {
				return referee.Usagef("atraxia battle: --pirate-rolls needs --pirate")
			}
			if runF != nil {
				return runF(opts)
			}
			return battleRun(opts)
		},
	}
	sideFlags(cmd, "attacker", &opts.Attacker)
	sideFlags(cmd, "defender", &opts.Defender)
	cmd.Flags().BoolVar(&opts.HomeBase, "home-base", false, "the battle is at the defender's Home Base (+10)")
	cmd.Flags().BoolVar(&opts.Pirate, "pirate", false, "the defender is a pirate (15 + two pirate-die rolls)")
	cmd.Flags().StringVar(&opts.PirateRolls, "pirate-rolls", "", "the two pirate-die rolls, e.g. 2,3 (else the exact odds are shown)")
	cmd.Flags().StringVar(&opts.Retreat, "retreat-capital", string(wfa.RetreatWithinHalf), "how the Capital Ship counts in the loser's retreat: within-half (one of the half sent home) or extra (home on top of half of the other ships)")
	return cmd
}

func makeSide(role string, s SideFlags) (wfa.Side, error) {
	side := wfa.Side{PowerCards: s.Power, PowerOwn: s.PowerOwn, PowerAgainst: s.PowerAgainst, Ability: s.Ability, Strength: s.Strength}
	if side.PowerCards == 0 && (s.PowerOwn != 0 || s.PowerAgainst != 0) {
		side.PowerCards = 1
	}
	var err error
	if side.Fleet, err = wfa.ParseFleet(s.Fleet); err != nil {
		return side, err
	}
	if side.Ammo, err = wfa.ParseAmmo(s.Ammo); err != nil {
		return side, err
	}
	if s.Strength < 0 {
		return side, referee.Usagef("atraxia battle: --%s-strength %d: a fleet strength is 0 or more", role, s.Strength)
	}
	if s.Strength != 0 && !side.Fleet.Empty() {
		return side, referee.Usagef("atraxia battle: give --%s or --%s-strength, not both", role, role)
	}
	return side, nil
}

func battleRun(opts *BattleOptions) error {
	f := opts.F
	set, err := f.Tables()
	if err != nil {
		return err
	}
	v, err := wfa.LoadValues(set)
	if err != nil {
		return err
	}
	att, err := makeSide("attacker", opts.Attacker)
	if err != nil {
		return err
	}
	def, err := makeSide("defender", opts.Defender)
	if err != nil {
		return err
	}
	if att.Fleet.Empty() && att.Strength == 0 {
		return referee.Usagef("atraxia battle: the attacker needs a fleet (--attacker %q or --attacker-strength N)", "CDD")
	}
	if !opts.Pirate && def.Fleet.Empty() && def.Strength == 0 {
		return referee.Usagef("atraxia battle: the defender needs a fleet (--defender %q or --defender-strength N), or give --pirate", "DDF")
	}
	in := wfa.BattleInput{Attacker: att, Defender: def, HomeBase: opts.HomeBase, Pirate: opts.Pirate, Retreat: wfa.RetreatRule(opts.Retreat)}
	view := BattleView{Input: in}
	if opts.Pirate {
		if err := v.CheckSide("attacker", att, true); err != nil {
			return err
		}
		env, err := f.Env()
		if err != nil {
			return err
		}
		die, err := referee.LoadDie(set, env.Prompt, wfa.PirateDie)
		if err != nil {
			return err
		}
		o := wfa.OddsVsPirate(v, die, v.OwnTotal(att, false), att.PowerAgainst)
		view.Odds = &o
		var rolls []int
		if opts.PirateRolls != "" {
			for _, it := range referee.SplitList(opts.PirateRolls) {
				fc, err := die.ParseFace(it)
				if err != nil {
					return err
				}
				rolls = append(rolls, fc.Value)
			}
			if len(rolls) != 2 {
				return referee.Usagef("atraxia battle: --pirate-rolls takes the two rolls of the pirate die, e.g. 2,3 (each %s)", die.Accepts())
			}
		} else if f.G.SeedSet || f.V.GetString("dice") == string(referee.Physical) {
			rs, err := env.Dice.RollN("wfa.pirate.roll", die, 2)
			if err != nil {
				return err
			}
			rolls = referee.Values(rs)
		}
		if rolls != nil {
			in.PirateRolls = rolls
			view.Input = in
			res, err := wfa.Resolve(v, in)
			if err != nil {
				return err
			}
			view.Result = &res
		}
		view.Cites = []string{wfa.CitePirateCombat, wfa.CiteWarfare}
	} else {
		res, err := wfa.Resolve(v, in)
		if err != nil {
			return err
		}
		view.Result = &res
		view.Cites = res.Cites
	}
	return f.Render(view, func(w io.Writer) error { return battleText(f, w, view) })
}

func battleText(f *cmdutil.Factory, w io.Writer, view BattleView) error {
	if r := view.Result; r != nil {
		rows := [][]string{{"attacker", r.Attacker.Formula()}}
		name := "defender"
		if view.Input.Pirate {
			name = "pirate"
		}
		rows = append(rows, []string{name, r.Defender.Formula()})
		if err := f.Table(w, []string{"side", "total"}, rows); err != nil {
			return err
		}
		winner := r.Winner
		if view.Input.Pirate && winner == "defender" {
			winner = "pirate"
		}
		fmt.Fprintf(w, "winner: %s", winner)
		if r.Attacker.Total == r.Defender.Total {
			fmt.Fprint(w, " (ties go to the attacker)")
		}
		fmt.Fprintln(w)
		if r.Crystals > 0 {
			fmt.Fprintf(w, "Magic Crystals to the winner: %d\n", r.Crystals)
		}
		if !r.Retreat.Home.Empty() || !r.Retreat.Reserve.Empty() {
			fmt.Fprintf(w, "retreat: %s to the Home Base, %s to the reserve\n", r.Retreat.Home, r.Retreat.Reserve)
		}
		for _, e := range r.Effects {
			fmt.Fprintf(w, "- %s\n", e)
		}
	}
	if o := view.Odds; o != nil {
		fmt.Fprintf(w, "attacker total %d against the pirate (15 + two pirate-die rolls%s)\n", o.AttackerTotal, signed(o.Against))
		fmt.Fprintf(w, "chance to win: %s\n", chanceText(o.Wins, o.Outcome, o.Probability))
		var rows [][]string
		for _, p := range o.Pirate {
			mark := "pirate"
			if p.Attacker {
				mark = "attacker"
			}
			rows = append(rows, []string{fmt.Sprint(p.Total), fmt.Sprintf("%d/%d", p.Ways, o.Outcome), bar(p.Chance), mark})
		}
		if err := f.Table(w, []string{"pirate total", "chance", "", "winner"}, rows); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "see: bosun rules show "+strings.Join(view.Cites, ", "))
	return nil
}

// chanceText writes a chance as a percentage, always with its reduced
// fraction, and the rolls it counts: "97.2% = 35/36 (35 of 36 rolls)",
// "58.3% = 7/12 (21 of 36 rolls)"; a sure thing or an impossible one in
// words: "certain (36 of 36 rolls)", "none (0 of 36 rolls)".
func chanceText(wins, of int, p float64) string {
	switch {
	case of > 0 && wins == of:
		return fmt.Sprintf("certain (%d of %s)", wins, referee.Count(of, "roll"))
	case of > 0 && wins == 0:
		return fmt.Sprintf("none (0 of %s)", referee.Count(of, "roll"))
	case of <= 0:
		return fmt.Sprintf("%.1f%% (%d of %s)", 100*p, wins, referee.Count(of, "roll"))
	}
	return fmt.Sprintf("%.1f%% = %s (%d of %s)", 100*p, big.NewRat(int64(wins), int64(of)).String(), wins, referee.Count(of, "roll"))
}

func signed(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" %+d from Power cards", n)
}

func bar(p float64) string { return strings.Repeat("#", int(p*60+0.5)) }

// UpkeepOptions are the flags of `bosun atraxia upkeep`.
type UpkeepOptions struct {
	F        *cmdutil.Factory
	Fleet    string
	Strength int
}

// UpkeepView is what `upkeep` prints.
type UpkeepView struct {
	Fleet    wfa.Fleet `json:"fleet"`
	Strength int       `json:"strength"`
	OC       int       `json:"oc"`
	Cites    []string  `json:"cites"`
}

// NewCmdUpkeep builds `bosun atraxia upkeep`.
func NewCmdUpkeep(f *cmdutil.Factory, runF func(*UpkeepOptions) error) *cobra.Command {
	opts := &UpkeepOptions{F: f}
	cmd := &cobra.Command{
		Use:   "upkeep",
		Short: "Isle of Myth upkeep for a fleet (10+ -> 3 OC ... 50+ -> 11 OC)",
		Long: `Ocean Crystals the controller of the Isle of Myth pays at the start of
their turn, from the fleet strength on the Isle: 10 or more -> 3 OC, 20 -> 5,
30 -> 7, 40 -> 9, 50 or more -> 11.` + cmdutil.ExitHelp,
		Example: "  bosun atraxia upkeep --fleet CDDD\n  bosun atraxia upkeep --strength 34 --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (opts.Fleet == "") == (opts.Strength == 0) {
				return referee.Usagef("atraxia upkeep: give --fleet SHIPS or --strength N (one of them)")
			}
			if opts.Strength < 0 {
				return referee.Usagef("atraxia upkeep: --strength %d: a fleet strength is 0 or more", opts.Strength)
			}
			if runF != nil {
				return runF(opts)
			}
			set, err := f.Tables()
			if err != nil {
				return err
			}
			v, err := wfa.LoadValues(set)
			if err != nil {
				return err
			}
			view := UpkeepView{Strength: opts.Strength, Cites: []string{wfa.CiteUpkeep}}
			if opts.Fleet != "" {
				if view.Fleet, err = wfa.ParseFleet(opts.Fleet); err != nil {
					return err
				}
				if view.Fleet.Privateer > 0 {
					return referee.RuleError([]string{wfa.CitePrivateerRules}, "atraxia upkeep: --fleet %q: the privateer never moves onto a non-dockable island such as the Isle of Myth (accepted: C, D, F, G)", opts.Fleet)
				}
				view.Strength = v.FleetStrength(view.Fleet, false)
			}
			if max := v.MaxStrength(false); view.Strength > max {
				return referee.RuleError([]string{wfa.CitePlayerSetup}, "atraxia upkeep: --strength %d is more than a clan's ships can have: at most %d (1 Capital Ship, 5 Destroyers, 5 Frigates and 6 Gunboats)", view.Strength, max)
			}
			view.OC = v.Upkeep(view.Strength)
			return f.Render(view, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "fleet strength %d on the Isle of Myth: upkeep %d OC\n", view.Strength, view.OC)
				return err
			})
		},
	}
	cmd.Flags().StringVar(&opts.Fleet, "fleet", "", "the fleet on the Isle: "+wfa.FleetSyntax)
	cmd.Flags().IntVar(&opts.Strength, "strength", 0, "the fleet strength instead of the ships")
	return cmd
}

// ConvertOptions are the flags of `bosun atraxia convert`.
type ConvertOptions struct {
	F                *cmdutil.Factory
	OC, AlWood, Ammo int
	Into, Pay        string
	Left             int
}

// ConvertView is what `convert` prints.
type ConvertView struct {
	Pay    map[string]int `json:"pay"`
	Into   string         `json:"into"`
	Gain   int            `json:"gain"`
	OC     int            `json:"oc"`
	AlWood int            `json:"alwood"`
	Ammo   []int          `json:"ammo"`
	Cites  []string       `json:"cites"`
}

// NewCmdConvert builds `bosun atraxia convert`.
func NewCmdConvert(f *cmdutil.Factory, runF func(*ConvertOptions) error) *cobra.Command {
	opts := &ConvertOptions{F: f}
	cmd := &cobra.Command{
		Use:   "convert",
		Short: "Check a 1:1 resource conversion with a mounted Magic Crystal",
		Long: `Convert resources 1:1 into the resource of the island where a Magic
Crystal is mounted: at most 5 per action and 5 per turn.` + cmdutil.ExitHelp,
		Example: "  bosun atraxia convert --into ammo --pay oc=2 --oc 5 --alwood 5\n  bosun atraxia convert --into ammo --pay oc=1,alwood=1 --oc 5 --alwood 5 --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			if opts.Left < 0 || opts.Left > 5 {
				return referee.Usagef("atraxia convert: --left %d: conversions left this turn are 0 to 5 (a Clan Leader may convert a maximum of 5 resources per turn)", opts.Left)
			}
			if opts.OC < 0 || opts.AlWood < 0 || opts.Ammo < 0 {
				return referee.Usagef("atraxia convert: --oc, --alwood and --ammo are 0 or more")
			}
			if err := wfa.CheckResources("atraxia convert: --", opts.OC, opts.AlWood, opts.Ammo); err != nil {
				return err
			}
			into := wfa.Resource(opts.Into)
			if into == "" {
				return referee.Usagef("atraxia convert: --into %q: accepted oc, alwood, ammo", opts.Into)
			}
			pay, err := parsePay(opts.Pay)
			if err != nil {
				return err
			}
			c := &wfa.Clan{Player: "you", OC: opts.OC, AlWood: opts.AlWood, Ammo: wfa.AmmoCards(opts.Ammo)}
			n, err := wfa.Convert(c, into, pay, min(5, opts.Left))
			if err != nil {
				return err
			}
			view := ConvertView{Pay: pay, Into: into, Gain: n, OC: c.OC, AlWood: c.AlWood, Ammo: c.Ammo, Cites: []string{wfa.CiteConversion}}
			return f.Render(view, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "pay %s -> gain %d %s; now OC %d, AlWood %d, Ammo cards %v\n", opts.Pay, n, into, c.OC, c.AlWood, c.Ammo)
				return err
			})
		},
	}
	cmd.Flags().StringVar(&opts.Into, "into", "ammo", "the resource of the crystal's island: oc, alwood or ammo")
	cmd.Flags().StringVar(&opts.Pay, "pay", "", "what is paid, e.g. oc=2 or oc=1,alwood=1")
	cmd.Flags().IntVar(&opts.OC, "oc", 0, "your OC")
	cmd.Flags().IntVar(&opts.AlWood, "alwood", 0, "your AlWood")
	cmd.Flags().IntVar(&opts.Ammo, "ammo", 0, "your Ammo")
	cmd.Flags().IntVar(&opts.Left, "left", 5, "how many of the 5 conversions per turn are left")
	return cmd
}

// parsePay reads --pay with the session's payment parser: a Currency
// Conversion pays at least one resource.
func parsePay(s string) (map[string]int, error) {
	pay, err := wfa.ParsePayment(s)
	if err != nil {
		return nil, err
	}
	if len(pay) == 0 {
		return nil, referee.Usagef("atraxia convert: --pay is required, e.g. --pay oc=2")
	}
	return pay, nil
}

// CountdownOptions are the flags of `bosun atraxia countdown`.
type CountdownOptions struct {
	F         *cmdutil.Factory
	Entry     int
	Countdown string
}

// CountdownView is what `countdown` prints.
type CountdownView struct {
	Entry     int                  `json:"entry_round"`
	Countdown string               `json:"countdown"`
	Last      int                  `json:"last_round"`
	Rounds    []wfa.CountdownRound `json:"rounds"`
	Cites     []string             `json:"cites"`
}

// MaxRound bounds --entry-round (the rulebook sets no round limit).
const MaxRound = 999

// NewCmdCountdown builds `bosun atraxia countdown`.
func NewCmdCountdown(f *cmdutil.Factory, runF func(*CountdownOptions) error) *cobra.Command {
	opts := &CountdownOptions{F: f}
	cmd := &cobra.Command{
		Use:   "countdown",
		Short: "The end-game countdown: the last round after the first Capital Ship enters the Isle",
		Long: `When the first fleet with a Capital Ship enters the Isle of Myth, "the game
will end after 5 more rounds": place the turn tracker on 5; it goes down one
at the end of each round and the round at 1 is the last. With
--countdown after-entry (the default) five rounds follow the entry round;
with marker the entry round is the tracker's 5 and four follow.` + cmdutil.ExitHelp,
		Example: "  bosun atraxia countdown --entry-round 3\n  bosun atraxia countdown --entry-round 3 --countdown marker --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Entry < 1 || opts.Entry > MaxRound {
				return referee.Usagef("atraxia countdown: --entry-round %d: the round the first Capital Ship entered the Isle is 1 to %d", opts.Entry, MaxRound)
			}
			if opts.Countdown != "after-entry" && opts.Countdown != "marker" {
				return referee.Usagef("atraxia countdown: --countdown %q is not accepted; accepted: after-entry, marker", opts.Countdown)
			}
			if runF != nil {
				return runF(opts)
			}
			set, err := f.Tables()
			if err != nil {
				return err
			}
			v, err := wfa.LoadValues(set)
			if err != nil {
				return err
			}
			view := CountdownView{Entry: opts.Entry, Countdown: opts.Countdown, Last: wfa.LastRound(v, opts.Entry, opts.Countdown),
				Rounds: wfa.Countdown(v, opts.Entry, opts.Countdown), Cites: []string{wfa.CiteGameEnd}}
			return f.Render(view, func(w io.Writer) error {
				for _, r := range view.Rounds {
					note := ""
					if r.Round == view.Entry {
						note = " (the first Capital Ship enters the Isle)"
					}
					if r.Last {
						note += " (the last round: each Clan Leader gets one final turn, then the final upkeep and scoring)"
					}
					if _, err := fmt.Fprintf(w, "round %d: turn tracker on %d%s\n", r.Round, r.Marker, note); err != nil {
						return err
					}
				}
				return nil
			})
		},
	}
	cmd.Flags().IntVar(&opts.Entry, "entry-round", 0, "the round in which the first Capital Ship entered the Isle of Myth (required)")
	cmd.Flags().StringVar(&opts.Countdown, "countdown", "after-entry", "after-entry (5 more rounds follow the entry round) or marker (the entry round is the tracker's 5)")
	return cmd
}
