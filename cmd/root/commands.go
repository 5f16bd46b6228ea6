package root

import (
	"github.com/bosun-referee/bosun/cmd/atraxia"
	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/dice"
	"github.com/bosun-referee/bosun/cmd/misty"
	"github.com/bosun-referee/bosun/cmd/qc"
	"github.com/bosun-referee/bosun/cmd/report"
	"github.com/bosun-referee/bosun/cmd/rolling"
	"github.com/bosun-referee/bosun/cmd/rules"
	"github.com/bosun-referee/bosun/cmd/serve"
	"github.com/bosun-referee/bosun/cmd/session"
	"github.com/bosun-referee/bosun/cmd/tablescmd"
	"github.com/spf13/cobra"
)

// subcommands lists every command group under the root.
func subcommands(f *cmdutil.Factory) []*cobra.Command {
	cmds := []*cobra.Command{
		newCmdVersion(f),
		newCmdGames(f),
		dice.NewCmdRoll(f, nil),
		tablescmd.NewCmd(f),
		rules.NewCmd(f),
		misty.NewCmd(f),
		atraxia.NewCmd(f),
		rolling.NewCmd(f),
		qc.NewCmd(f),
	}
	cmds = append(cmds, session.Commands(f)...)
	cmds = append(cmds, report.NewCmd(f, nil))
	cmds = append(cmds, serve.NewCmd(f, nil))
	return cmds
}
