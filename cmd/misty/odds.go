package misty

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/games/mistywaters/odds"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// OddsOptions are the flags of `bosun misty odds`.
type OddsOptions struct {
	F        *cmdutil.Factory
	Attacker string
	Defender string
	Type     string
	All      bool
	Rules    RuleFlags
}

// OddsView is what odds prints (and --json encodes).
type OddsView struct {
	Broadside        *odds.Odds `json:"broadside,omitempty"`
	Boarding         *odds.Odds `json:"boarding,omitempty"`
	BroadsideRefused string     `json:"broadside_refused,omitempty"`
	BoardingRefused  string     `json:"boarding_refused,omitempty"`
	Compare          string     `json:"compare,omitempty"`
	Notes            []string   `json:"notes,omitempty"`
	Cites            []string   `json:"cites"`
}

// NewCmdOdds builds `bosun misty odds`.
func NewCmdOdds(f *cmdutil.Factory, runF func(*OddsOptions) error) *cobra.Command {
	opts := &OddsOptions{F: f}
	cmd := &cobra.Command{
		Use:   "odds",
		Short: "Exact odds of a Broadside exchange and of a Boarding Battle",
		Long: `Exact probability distribution of a whole Misty Waters battle, computed by
enumerating every roll with rational arithmetic: for a Broadside the attack
and the counterattack with what is left (ricochets, First-Class Gunner and
Experience Token re-rolls, Damage Marker caps, Sea Monster card damage); for
a Boarding Battle both clashes with their tie re-roll, the duel arrangement
and placement, Fencing Masters and their re-rolls.

The table lists each outcome with its probability and a bar; below it,
P(each side defeated) and the expected losses. With no --type, every legal
battle type is computed and a one-line comparison of firing vs boarding is
printed. --json gives exact fractions ("7/16") and floats.

Player choices follow bosun's stated default policy (docs/misty-battles.md):
re-roll dice that do nothing, the best second-row placement, deck crew
removed Sailors first and the Gunner last (--crew-order to change).` + specHelp + exitHelp,
		Example: `  # should my Brig fire or board the Galleass?
  bosun misty odds --attacker brig:cannons=4,sailors=4,fc-fencing --defender galleass
  # how likely is my Sloop to survive firing at a Fort?
  bosun misty odds -a sloop:gunner,owner=ann -d fort:owner=bob --type broadside
  # exact fractions
  bosun misty odds -a ship:cannons=3,sailors=2,gunner -d pirate:damaged --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch opts.Type {
			case "", "both", "broadside", "boarding":
			default:
				return referee.Usagef("misty odds: --type %q is not broadside, boarding or both", opts.Type)
			}
			if runF != nil {
				return runF(opts)
			}
			return oddsRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Attacker, "attacker", "a", "", "the attacker's unit spec")
	fl.StringVarP(&opts.Defender, "defender", "d", "", "the defender's unit spec")
	fl.StringVarP(&opts.Type, "type", "t", "", "broadside, boarding or both (default: every legal type)")
	fl.BoolVar(&opts.All, "all", false, "list every outcome (default: the most likely, the rest summed)")
	ruleFlags(cmd, &opts.Rules)
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions([]string{"broadside", "boarding", "both"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func oddsRun(opts *OddsOptions) error {
	f := opts.F
	att, def, notes, err := parseUnits(f, opts.Attacker, opts.Defender)
	if err != nil {
		return err
	}
	o, err := opts.Rules.options(f)
	if err != nil {
		return err
	}
	view := &OddsView{Notes: notes}
	want := func(t string) bool { return opts.Type == "" || opts.Type == "both" || opts.Type == t }
	var firstErr error
	if want("broadside") {
		var od *odds.Odds
		var err error
		if f.G.JSON || opts.All {
			od, err = odds.BroadsideOdds(att, def, o)
		} else {
			// the chart prints the likeliest outcomes only: a large
			// exchange's tens of thousands of others are not built
			od, err = odds.BroadsideOddsTop(att, def, o, maxOddsRows)
		}
		if err != nil {
			if !referee.IsUsage(err) || opts.Type == "broadside" {
				return err
			}
			view.BroadsideRefused, firstErr = err.Error(), err
		}
		view.Broadside = od
	}
	if want("boarding") {
		od, err := odds.BoardingOdds(att, def, o)
		if err != nil {
			if !referee.IsUsage(err) || opts.Type == "boarding" {
				return err
			}
			view.BoardingRefused = err.Error()
			if firstErr == nil {
				firstErr = err
			}
		}
		view.Boarding = od
	}
	if view.Broadside == nil && view.Boarding == nil {
		return firstErr
	}
	var cs [][]string
	for _, od := range []*odds.Odds{view.Broadside, view.Boarding} {
		if od != nil {
			cs = append(cs, od.Cites)
		}
	}
	view.Cites = uniqStrings(cs...)
	if b, s := view.Broadside, view.Boarding; b != nil && s != nil {
		better := "fire"
		if s.DefenderDefeated.Float-s.AttackerDefeated.Float > b.DefenderDefeated.Float-b.AttackerDefeated.Float {
			better = "board"
		}
		view.Compare = fmt.Sprintf("fire: defender defeated %s, attacker defeated %s; board: defender defeated %s, attacker defeated %s; better odds: %s",
			pct(b.DefenderDefeated.Float), pct(b.AttackerDefeated.Float), pct(s.DefenderDefeated.Float), pct(s.AttackerDefeated.Float), better)
	}
	if f.G.JSON {
		return writeOddsJSON(f.IO.Out, view)
	}
	return f.Render(view, func(w io.Writer) error { return renderOdds(f, w, view, opts.All) })
}

// streamOutcomes is the number of outcomes from which --json writes an
// Odds' outcomes one by one instead of encoding the whole view at once
// (a 25-Cannon exchange has ~75,000: 37 MB encoded, then indented, in
// memory).
var streamOutcomes = 1000

// writeOddsJSON writes view as cmdutil.JSON does, byte for byte, but the
// outcomes of a large distribution are encoded and written one at a time:
// the view is encoded without them ("outcomes": null) and each such null
// is replaced by the array, indented as the encoder indents it.
func writeOddsJSON(w io.Writer, view *OddsView) error {
	cv := *view
	var streamed []*odds.Odds
	for _, p := range []**odds.Odds{&cv.Broadside, &cv.Boarding} {
		if od := *p; od != nil && len(od.Outcomes) >= streamOutcomes {
			streamed = append(streamed, od)
			c := *od
			c.Outcomes = nil
			*p = &c
		}
	}
	if len(streamed) == 0 {
		return cmdutil.JSON(w, view)
	}
	var head bytes.Buffer
	if err := cmdutil.JSON(&head, &cv); err != nil {
		return err
	}
	rest := head.Bytes()
	bw := bufio.NewWriterSize(cmdutil.JSONWriter(w), 1<<16)
	// an element is at depth 3 of the view: its lines after the first
	// carry 6 spaces, its fields 8
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetIndent("      ", "  ")
	enc.SetEscapeHTML(false)
	const null = `"outcomes": null`
	for _, od := range streamed {
		i := bytes.Index(rest, []byte(null))
		if i < 0 {
			return fmt.Errorf("misty odds: --json: no outcomes to fill in the encoded view")
		}
		bw.Write(rest[:i])
		bw.WriteString(`"outcomes": [` + "\n")
		for j := range od.Outcomes {
			bw.WriteString("      ")
			// Encode ends each value with a newline: a comma goes before it
			one.Reset()
			if err := enc.Encode(&od.Outcomes[j]); err != nil {
				return err
			}
			b := one.Bytes()
			bw.Write(b[:len(b)-1])
			if j < len(od.Outcomes)-1 {
				bw.WriteByte(',')
			}
			bw.WriteByte('\n')
		}
		bw.WriteString("    ]")
		rest = rest[i+len(null):]
	}
	bw.Write(rest)
	return bw.Flush()
}

func uniqStrings(ls ...[]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range ls {
		for _, x := range l {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out
}

// maxOddsRows is how many outcomes the chart lists without --all.
const maxOddsRows = 12

func renderOdds(f *cmdutil.Factory, w io.Writer, v *OddsView, all bool) error {
	for _, od := range []*odds.Odds{v.Broadside, v.Boarding} {
		if od == nil {
			continue
		}
		title := "Broadside exchange"
		if od.Type == mw.Boarding {
			title = "Boarding Battle"
		}
		fmt.Fprintf(w, "%s: %s vs %s\n", title, desc(od.Attacker), desc(od.Defender))
		outs := append([]odds.OddsOutcome(nil), od.Outcomes...)
		// most likely first for the chart.
		sortByP(outs)
		var rest float64
		if od.Rest != nil {
			// BroadsideOddsTop: the likeliest only, the others summed
			rest = od.Rest.Float
		} else if !all && len(outs) > maxOddsRows {
			for _, o := range outs[maxOddsRows:] {
				rest += o.P.Float
			}
			outs = outs[:maxOddsRows]
		}
		var rows [][]string
		for _, o := range outs {
			rows = append(rows, []string{o.Attacker.Text(), o.Defender.Text(), pct(o.P.Float), bar(f, o.P.Float)})
		}
		if rest > 0 {
			rows = append(rows, []string{"(other outcomes)", "", pct(rest), bar(f, rest)})
		}
		if err := f.Table(w, []string{"attacker loses", "defender loses", "P", ""}, rows); err != nil {
			return err
		}
		fmt.Fprintf(w, "P(attacker defeated) = %s (%s)\n", pct(od.AttackerDefeated.Float), od.AttackerDefeated.Exact)
		fmt.Fprintf(w, "P(defender defeated) = %s (%s)\n", pct(od.DefenderDefeated.Float), od.DefenderDefeated.Exact)
		fmt.Fprintf(w, "expected losses: attacker %s; defender %s\n", expText(od.AttackerLoss), expText(od.DefenderLoss))
		for _, n := range od.Notes {
			fmt.Fprintf(w, "note: %s\n", n)
		}
		fmt.Fprintf(w, "policy: %s\n\n", strings.Join(od.Policy, "; "))
	}
	if v.BroadsideRefused != "" {
		fmt.Fprintf(w, "no Broadside: %s\n", v.BroadsideRefused)
	}
	if v.BoardingRefused != "" {
		fmt.Fprintf(w, "no Boarding: %s\n", v.BoardingRefused)
	}
	if v.Compare != "" {
		fmt.Fprintln(w, v.Compare)
	}
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	fmt.Fprintf(w, "cites: %s\n", strings.Join(v.Cites, ", "))
	return nil
}

// sortByP orders outcomes most likely first, ties in their given order
// (a stable sort: the insertion sort it replaces took seconds on the tens
// of thousands of outcomes of large Broadsides).
func sortByP(outs []odds.OddsOutcome) {
	sort.SliceStable(outs, func(i, j int) bool { return outs[i].P.Float > outs[j].P.Float })
}

func expText(e odds.Expected) string {
	var p []string
	for _, x := range []struct {
		p odds.Prob
		n string
	}{{e.Cannons, "Cannons"}, {e.Sailors, "Sailors"}, {e.Officers, "Officers"}, {e.Markers, "Damage Markers"}} {
		if x.p.Float > 0 {
			p = append(p, fmt.Sprintf("%.2f %s", x.p.Float, x.n))
		}
	}
	if len(p) == 0 {
		return "nothing"
	}
	return strings.Join(p, ", ")
}

// bar draws p as a bar of up to 30 cells (Unicode blocks on a terminal,
// '#' when piped or with --ascii).
func bar(f *cmdutil.Factory, p float64) string {
	cells := p * 30
	full := int(cells)
	if !f.IO.TTYOut || f.IO.ASCII || f.G.ASCII {
		n := int(cells + 0.5)
		if n == 0 && p > 0 {
			return "."
		}
		return strings.Repeat("#", n)
	}
	parts := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	s := strings.Repeat("█", full)
	if frac := int((cells - float64(full)) * 8); frac > 0 {
		s += parts[frac]
	}
	if s == "" && p > 0 {
		s = "▏"
	}
	return s
}
