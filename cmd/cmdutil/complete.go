package cmdutil

import (
	"sort"

	"github.com/spf13/cobra"
)

// CompleteSessions completes saved session names, for a positional argument
// (only the first) or for a flag (positional false). It lives here, not in
// cmd/session, because the commands of other groups (bosun report, the
// root's --session flag) complete session names too, and no command
// package imports another.
func CompleteSessions(f *Factory, positional bool) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
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
