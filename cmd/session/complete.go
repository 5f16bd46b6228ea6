package session

import (
	"sort"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/spf13/cobra"
)

func completeGames(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, g := range all.Infos() {
		out = append(out, g.ID+"\t"+g.Name)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// CompleteSessions completes saved session names, for a positional argument
// (only the first) or for a flag (positional false).
func CompleteSessions(f *cmdutil.Factory, positional bool) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if positional && len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		if f.Hooks.BeforeComplete != nil {
			f.Hooks.BeforeComplete()
		}
		list, _ := f.Store().List()
		var out []string
		for _, s := range list {
			out = append(out, s.Name+"\t"+s.Game)
		}
		sort.Strings(out)
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
