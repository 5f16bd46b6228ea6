package session

import (
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
