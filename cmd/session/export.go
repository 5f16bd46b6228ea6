package session

import (
	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/spf13/cobra"
)

// NewCmdExport builds `bosun export`.
func NewCmdExport(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "export [NAME]",
		Short:             "Print a session as JSON",
		Long:              "Print the whole session (state, options, RNG state, event log) as JSON to stdout." + cmdutil.ExitHelp,
		Example:           "  bosun export friday > friday.json",
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cmdutil.CompleteSessions(f, true),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := ""
			if len(args) == 1 {
				name = args[0]
			}
			return withSession(f, name, false, func(s *referee.Session) error {
				return store.Export(s, cmdutil.JSONWriter(f.IO.Out))
			})
		},
	}
}
