package session

import (
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdSessions builds `bosun sessions`.
func NewCmdSessions(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "sessions",
		Short:   "List saved sessions",
		Long:    "List saved sessions, most recently used first; the current one is marked." + cmdutil.ExitHelp,
		Example: "  bosun sessions\n  bosun sessions --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			list, err := f.Store().List()
			if err != nil {
				return err
			}
			return f.Render(list, func(w io.Writer) error {
				if len(list) == 0 {
					fmt.Fprintln(w, "No sessions yet. Start one with: bosun new GAME --players NAME,NAME")
					return nil
				}
				var rows [][]string
				for _, s := range list {
					cur := ""
					if s.Current {
						cur = "*"
					}
					state := fmt.Sprintf("step %d", s.Step)
					if s.Over {
						state = "over"
					}
					if s.Error != "" {
						state = "unreadable: " + s.Error
					}
					rows = append(rows, []string{cur, s.Name, s.Game, strings.Join(s.Players, ", "), state, s.Saved.Format("2006-01-02 15:04")})
				}
				return f.Table(w, []string{"", "NAME", "GAME", "PLAYERS", "STATE", "SAVED"}, rows)
			})
		},
	}
}
