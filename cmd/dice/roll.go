// Package dice holds `bosun roll`.
package dice

import (
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// RollOptions are the inputs of bosun roll.
type RollOptions struct {
	F     *cmdutil.Factory
	Specs []string
}

// RollResult is what bosun roll prints.
type RollResult struct {
	Seed  *uint64            `json:"seed,omitempty"`
	Mode  referee.Mode       `json:"mode"`
	Rolls []referee.SpecRoll `json:"rolls"`
}

// NewCmdRoll builds `bosun roll`.
func NewCmdRoll(f *cmdutil.Factory, runF func(*RollOptions) error) *cobra.Command {
	opts := &RollOptions{F: f}
	cmd := &cobra.Command{
		Use:   "roll SPEC...",
		Short: "Roll dice of any of the " + all.CountWord() + " games",
		Long: "Roll dice: NdM (3d6, d20) or a named die with an optional count (NAME:N):\n" +
			namedDice(all.Games()) + `
With --seed the rolls are reproducible. With --dice physical bosun asks for
each spec's faces under the key roll.SPEC (roll.d6, roll.3d6, roll.wind; a
repeated spec gets roll.SPEC.2 ...), answerable with --set or stdin; values
that are not faces of the die are refused.` + cmdutil.ExitHelp,
		Example: `  bosun roll 3d6
  bosun roll 2d6 --seed 42 --json
  bosun roll wind exploration
  bosun roll d6 --dice physical --set roll.d6=4
  echo 6,4,4,1 | bosun roll 4d6 --dice physical`,
		Args: cobra.MinimumNArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return append([]string{"d6", "2d6", "3d6"}, referee.DieNames(all.Dice())...), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Specs = args
			if runF != nil {
				return runF(opts)
			}
			return rollRun(opts)
		},
	}
	return cmd
}

func rollRun(o *RollOptions) error {
	f := o.F
	specs := make([]referee.Spec, len(o.Specs))
	for i, s := range o.Specs {
		sp, err := referee.ParseSpec(s, all.Dice())
		if err != nil {
			return err
		}
		specs[i] = sp
	}
	d, err := f.Dice()
	if err != nil {
		return err
	}
	set, err := f.Tables()
	if err != nil {
		return err
	}
	res := RollResult{Mode: d.Mode, Rolls: []referee.SpecRoll{}}
	if f.G.SeedSet || f.V.IsSet("seed") {
		s := f.Seed()
		res.Seed = &s
	}
	seen := map[string]int{}
	for _, sp := range specs {
		k := strings.ToLower(sp.Text)
		seen[k]++
		key := "roll." + k
		if seen[k] > 1 {
			key = fmt.Sprintf("%s.%d", key, seen[k])
		}
		r, err := referee.RollSpec(d, set, key, sp)
		if err != nil {
			return err
		}
		res.Rolls = append(res.Rolls, r)
	}
	return f.Render(res, func(w io.Writer) error {
		var rows [][]string
		for _, r := range res.Rolls {
			var faces []string
			for _, x := range r.Rolls {
				if x.Label != "" {
					faces = append(faces, x.Label)
				} else {
					faces = append(faces, fmt.Sprint(x.Value))
				}
			}
			total := fmt.Sprint(r.Total)
			if len(r.Rolls) > 0 && r.Rolls[0].Label != "" {
				total = ""
			}
			note := ""
			if r.Rerolls > 0 {
				note = fmt.Sprintf("re-rolled %d× (all matched)", r.Rerolls)
			}
			if len(r.Rolls) > 0 && r.Rolls[0].Entered {
				note = strings.TrimSpace(note + " entered")
			}
			rows = append(rows, []string{r.Spec, r.Title, strings.Join(faces, " "), total, note})
		}
		return f.Table(w, []string{"SPEC", "DIE", "FACES", "TOTAL", "NOTE"}, rows)
	})
}

// namedDice lists every game's named dice for the help, one a line: name,
// game, die and how it rolls (the games' own DieInfo, so a plugged-in
// game's dice are listed too).
func namedDice(games referee.Games) string {
	width := 0
	for _, d := range games.Dice() {
		width = max(width, len(d.Name))
	}
	var b strings.Builder
	for _, d := range games.Dice() {
		game, _, _ := strings.Cut(games.Info(d.Game).Name, ":") // the short name: "Misty Waters"
		line := game + " " + d.Title
		if about := d.About(); about != "" {
			line += " (" + about + ")"
		}
		fmt.Fprintf(&b, "  %-*s  %s\n", width, d.Name, line)
	}
	return b.String()
}
