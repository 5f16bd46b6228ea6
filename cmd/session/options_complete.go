package session

import (
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// completeOption completes `bosun new GAME --option KEY=VALUE`: the game's
// option keys (each with its help), then, after "KEY=", the values the
// option accepts. Nothing is offered before the game is known.
func completeOption(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	g, err := all.Resolve(args[0])
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return OptionCompletions(g.Options(), toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// OptionCompletions lists the completions of one --option word: "KEY=\tHELP"
// for each key, or "KEY=VALUE" once the word holds "KEY=". A set's value
// completes item by item after its last comma.
func OptionCompletions(specs []referee.OptionSpec, toComplete string) []string {
	key, val, hasEq := strings.Cut(toComplete, "=")
	var out []string
	if !hasEq {
		for _, o := range specs {
			if strings.HasPrefix(o.Key, key) {
				out = append(out, o.Key+"=\t"+o.Help)
			}
		}
		return out
	}
	for _, o := range specs {
		if o.Key != key {
			continue
		}
		prefix := ""
		if o.Kind == referee.OptionSet {
			if i := strings.LastIndex(val, ","); i >= 0 {
				prefix = val[:i+1]
			}
		}
		for _, v := range optionValues(o, prefix == "") {
			if strings.HasPrefix(prefix+v, val) {
				out = append(out, key+"="+prefix+v)
			}
		}
	}
	return out
}

// optionValues are the values offered for an option (first: all and none
// too, for a set's first item).
func optionValues(o referee.OptionSpec, first bool) []string {
	switch o.Kind {
	case referee.OptionYesNo:
		return []string{"yes", "no"}
	case referee.OptionSet:
		if first {
			return append([]string{"all", "none"}, o.Values...)
		}
		return o.Values
	case referee.OptionNumber:
		if o.Max > 0 && o.Max-o.Min < 20 {
			var vs []string
			for n := o.Min; n <= o.Max; n++ {
				vs = append(vs, strconv.Itoa(n))
			}
			return vs
		}
		return nil
	}
	return o.Values
}
