// Package misty holds the `bosun misty` command group: one-shot Misty
// Waters battles (Broadside, Boarding) and their exact odds.
package misty

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

const exitHelp = cmdutil.ExitHelp

const specHelp = `
Unit specs are KIND[:key=value,flag,...]. Kinds: ship (a Player Ship; or a
ship type: sloop, caravel, fluyt, brig, galleon, frigate, heavy-frigate, line,
heavy-line), galleass (10 Sailors; owner=NAME for a player's), fort, pirate,
caravel-npc (Conquistadors' Caravel), freighter, battery, temple, militia,
dutchman, or a Sea Monster (leviathan, megalodon, kraken, hydra, sea-serpent,
sperm-whale). Keys: type=, cannons=, sailors=, captain[=fc], gunner[=fc],
fencing[=fc] (fc-gunner, fc-fencing), damaged, xp=N (or N/N/N per roll),
owner=NAME, at=sea|anchorage|docks|base|tavern|shoal|desert|atoll|lagoon
(default sea; lagoon for a ship attacking the temple, by the 'X'),
fort=OWNER (at Docks protected by OWNER's Fort), blocked, shore=S+C[+fencing]
(the shore party against a Militia), cargo=a+b, cabin=a+b, cards=a+b,
defeats=N (the owner's ships defeated before), fleet=N, treasury=N, name=LABEL.`

// NewCmd returns the `bosun misty` group.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "misty",
		Aliases: []string{"mw", "misty-waters"},
		Short:   "Misty Waters battles: Broadside, Boarding and their exact odds",
		Long: `Misty Waters one-shot battle commands. Give the two units as compact specs,
enter the dice you rolled with --dice (else bosun rolls them, reproducibly
with --seed), and bosun resolves the whole battle by the rulebook: ricochets,
re-rolls, damage caps, the counterattack or the duels, and the end of battle
with its rewards and what may be seized. odds gives the exact distribution.` + specHelp + exitHelp,
		Example: `  bosun misty broadside --attacker ship:cannons=3,sailors=2,gunner --defender pirate:damaged --dice 6,4,4,1
  bosun misty boarding --attacker ship:sailors=3,cannons=2 --defender ship:sailors=1,cannons=3,owner=green
  bosun misty odds --attacker sloop --defender fort:owner=bob`,
	}
	cmd.AddCommand(NewCmdBroadside(f, nil), NewCmdBoarding(f, nil), NewCmdOdds(f, nil))
	return cmd
}

// diceFlag is the local --dice flag: "virtual"/"physical" (the dice mode,
// as the global flag) or entered dice. Its String is the mode, so that the
// global dice-mode check still sees a mode.
type diceFlag struct {
	mode    string
	entered string
}

func (d *diceFlag) String() string {
	if d.mode == "" {
		return "virtual"
	}
	return d.mode
}

func (d *diceFlag) Set(s string) error {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "virtual", "physical":
		d.mode = strings.ToLower(strings.TrimSpace(s))
		return nil
	}
	d.entered = s
	return nil
}

func (d *diceFlag) Type() string { return "dice" }

// RuleFlags are the rules and readings shared by the commands.
type RuleFlags struct {
	Advanced              bool
	Simplified            bool
	NoErrata              bool
	TeamMode              bool
	Wind                  int
	CrewOrder             string
	SerpentNoGunner       bool
	NoRicochetAfterReroll bool
	PirateCountsDuels     bool
	SheathAttackerOnly    bool
	SerpentNPCNoSailors   bool
	BailOutBeforeSupport  bool
	PlaceTie              string
	GunnerRerolls         string
	NPCSecondRow          string
}

func ruleFlags(cmd *cobra.Command, r *RuleFlags) {
	fl := cmd.Flags()
	fl.BoolVar(&r.Advanced, "advanced", false, "'Advanced Rules' (Pirate boarding, Militia, Last Day Temple)")
	fl.BoolVar(&r.Simplified, "simplified", false, "'Simplified Variant' boarding: sequential one-die duels")
	fl.BoolVar(&r.NoErrata, "no-errata", false, "ignore the official errata: cap a duel's total at 6 (printed v3.5)")
	fl.BoolVar(&r.TeamMode, "team-mode", false, "'Team Mode': units with the same team= cannot attack each other")
	fl.IntVar(&r.Wind, "wind", 0, "wind strength on the Wind Force (1-12 oB) to check Rocky Seas / Sheath the Swords")
	fl.StringVar(&r.CrewOrder, "crew-order", "", "order the owner removes deck crew on a Deck Crew Hit (default sailor,fencing,captain,gunner)")
	fl.BoolVar(&r.SerpentNoGunner, "serpent-no-gunner", false, "reading: against the Sea Serpent the Gunner's extra die is lost too")
	fl.BoolVar(&r.NoRicochetAfterReroll, "no-ricochet-after-reroll", false, "reading: a 4 or 5 from a Gunner/Experience re-roll is a miss, not a new ricochet")
	fl.BoolVar(&r.PirateCountsDuels, "pirate-counts-duels", false, "reading: Advanced Pirate boarding damage counts duels lost instead of dice lost")
	fl.BoolVar(&r.SheathAttackerOnly, "sheath-attacker-only", false, "reading: Sheath the Swords stops Boarding only when the attacker is At Sea")
	fl.BoolVar(&r.SerpentNPCNoSailors, "serpent-npc-no-sailors", false, "reading: a Fort, Pirate Ship or Caravel rolls its Sailors (none) against the Sea Serpent")
	fl.BoolVar(&r.BailOutBeforeSupport, "bail-out-before-support", false, "reading: judge the free Sloop bail-out without the first defeat's 5 Silver Coins")
	fl.StringVar(&r.PlaceTie, "place-tie", "", "choice: of two Boarding placements with the same net dice bosun takes the one losing fewer own dice (keep-own, the default) or costing the opponent more (take-more)")
	fl.StringVar(&r.GunnerRerolls, "gunner-rerolls", "", "choice: a First-Class Gunner re-rolls every die that does nothing, Deck Crew Hits beyond the crew too (useless, the default), or only the misses (misses)")
	fl.StringVar(&r.NPCSecondRow, "npc-second-row", "", "reading: an NPC places its Boarding second-row dice highest behind lowest one behind each die (spread, the default) or two behind its lowest (stack: 3 dice a side)")
	_ = cmd.RegisterFlagCompletionFunc("npc-second-row", cobra.FixedCompletions([]string{"spread", "stack"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("gunner-rerolls", cobra.FixedCompletions([]string{"useless", "misses"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("place-tie", cobra.FixedCompletions([]string{"keep-own", "take-more"}, cobra.ShellCompDirectiveNoFileComp))
}

func (r RuleFlags) options(f *cmdutil.Factory) (mw.Options, error) {
	o := mw.Options{Advanced: r.Advanced, Simplified: r.Simplified, NoErrata: r.NoErrata, TeamMode: r.TeamMode,
		Wind: r.Wind, SerpentNoGunner: r.SerpentNoGunner, NoRicochetAfterReroll: r.NoRicochetAfterReroll,
		PirateCountsDuels: r.PirateCountsDuels, SheathAttackerOnly: r.SheathAttackerOnly,
		SerpentNPCNoSailors: r.SerpentNPCNoSailors, BailOutBeforeSupport: r.BailOutBeforeSupport}
	switch r.PlaceTie {
	case "", "keep-own":
	case "take-more":
		o.PlaceTakeMore = true
	default:
		return o, referee.Usagef("misty: --place-tie %q is not keep-own or take-more", r.PlaceTie)
	}
	switch r.NPCSecondRow {
	case "", "spread":
	case "stack":
		o.NPCStackSecondRow = true
	default:
		return o, referee.RuleError([]string{mw.CiteDuelArrangement}, "misty: --npc-second-row %q is not spread or stack", r.NPCSecondRow)
	}
	switch r.GunnerRerolls {
	case "", "useless":
	case "misses":
		o.GunnerMissesOnly = true
	default:
		return o, referee.Usagef("misty: --gunner-rerolls %q is not useless or misses", r.GunnerRerolls)
	}
	if r.Wind < 0 || r.Wind > 12 {
		return o, referee.RuleError([]string{mw.CiteWindForce}, "misty: --wind %d is not a box of the Wind Force (1-12 oB)", r.Wind)
	}
	if r.CrewOrder != "" {
		seen := map[string]bool{}
		for _, it := range referee.SplitList(r.CrewOrder) {
			it = strings.ToLower(it)
			switch it {
			case "sailor", "fencing", "captain", "gunner":
			default:
				return o, referee.Usagef("misty: --crew-order %q: items are sailor, fencing, captain, gunner", it)
			}
			seen[it] = true
			o.CrewOrder = append(o.CrewOrder, it)
		}
		for _, it := range []string{"sailor", "fencing", "captain", "gunner"} {
			if !seen[it] {
				o.CrewOrder = append(o.CrewOrder, it)
			}
		}
	}
	t, err := f.Tables()
	if err != nil {
		return o, err
	}
	p, err := f.Prompter()
	if err != nil {
		return o, err
	}
	o.Boxes = mw.TableBoxes{Set: t, Prompt: p}
	mw.MonsterHitsFromTable(t, &o)
	return o, nil
}

// parseUnits reads --attacker and --defender and checks them against the
// ship boards.
func parseUnits(f *cmdutil.Factory, a, d string) (mw.Unit, mw.Unit, []string, error) {
	if a == "" || d == "" {
		return mw.Unit{}, mw.Unit{}, nil, referee.Usagef("misty: give both --attacker and --defender (unit specs such as ship:cannons=3,sailors=2 or pirate:damaged)")
	}
	att, err := mw.ParseUnit(a)
	if err != nil {
		return att, mw.Unit{}, nil, err
	}
	def, err := mw.ParseUnit(d)
	if err != nil {
		return att, def, nil, err
	}
	// An attacker with no at= stands where it attacks the defender from
	// (the Last Day Temple: from the Red Water Lagoon).
	if att, err = mw.ParseAttacker(a, def); err != nil {
		return att, def, nil, err
	}
	t, err := f.Tables()
	if err != nil {
		return att, def, nil, err
	}
	lim := mw.TableLimits{Set: t}
	var notes []string
	for _, u := range []mw.Unit{att, def} {
		if err := u.Validate(lim); err != nil {
			return att, def, nil, err
		}
		if u.Kind == mw.KindShip && u.ShipType != "" {
			if _, ok := lim.MaxCannons(u.ShipType); !ok {
				notes = append(notes, fmt.Sprintf("the %s's ship board values are not known yet; its Cannons and Sailors were not checked (enter them in tables.yaml, table mw-ships)", u.ShipType))
			}
		}
	}
	if err := mw.CheckBoxPair(att, def); err != nil {
		return att, def, nil, err
	}
	return att, def, notes, nil
}

// rollers builds the dice: entered values first, then virtual or physical dice.
func rollers(f *cmdutil.Factory, df *diceFlag, defDice string) (mw.Roller, *mw.SideRoller, *mw.SideRoller, bool, error) {
	mode := referee.Virtual
	if df.mode == "physical" || f.V.GetString("dice") == "physical" {
		mode = referee.Physical
	}
	p, err := f.Prompter()
	if err != nil {
		return nil, nil, nil, false, err
	}
	dice := referee.NewDice(mode, f.Seed(), p)
	base := mw.RefereeRoller{D: dice}
	ea, err := mw.ParseEntered(df.entered)
	if err != nil {
		return nil, nil, nil, false, err
	}
	ed, err := mw.ParseEntered(defDice)
	if err != nil {
		return nil, nil, nil, false, err
	}
	sa := &mw.SideRoller{Rolls: ea, Then: base}
	sd := &mw.SideRoller{Rolls: ed, Then: base}
	return mw.SplitRoller{Attacker: sa, Defender: sd}, sa, sd, len(ea)+len(ed) > 0 || mode == referee.Physical, nil
}

func leftover(side string, s *mw.SideRoller, cite string) error {
	rolls, rerolls := s.Leftover()
	if rolls > 0 || rerolls > 0 {
		return referee.RuleError([]string{cite}, "misty: %s and %s of the %s were not used: the battle never made those rolls (no counterattack, no ricochet, re-roll or tie to re-roll, or a side was defeated first); enter only the rolls it makes (see --why for the rolls the battle used)", referee.Count(rolls, "entered roll"), referee.Count(rerolls, "re-roll value"), side)
	}
	return nil
}

func parsePlace(s string) ([]int, error) {
	var out []int
	for _, it := range referee.SplitList(s) {
		n, err := strconv.Atoi(it)
		if err != nil || n < 1 {
			return nil, referee.RuleError([]string{mw.CiteDuelArrangement}, "misty: --place %q: give duel numbers (1-based), one per second-row die, highest die first", s)
		}
		out = append(out, n)
	}
	return out, nil
}
