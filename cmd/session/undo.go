package session

import (
	"fmt"
	"io"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// NewCmdUndo builds `bosun undo`.
func NewCmdUndo(f *cmdutil.Factory) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "undo",
		Short: "Undo the last step",
		Long: `Restore the state before the last step; repeat to go further back. A step
that revealed dice or a card needs --force, and the forced undo is logged so
nobody can quietly re-roll (virtual dice replay the same rolls).` + cmdutil.ExitHelp,
		Example: "  bosun undo\n  bosun undo --force",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var res Result
			err := withSession(f, "", true, func(s *referee.Session) error {
				ev, err := referee.UndoStep(s, force)
				if err != nil {
					return err
				}
				res = Result{Session: s.Name, Game: s.Game, Step: s.Step, Over: s.Over, Events: []referee.Event{ev}}
				return nil
			})
			if err != nil {
				return err // nothing printed: the undo was not saved
			}
			return f.Render(res, func(w io.Writer) error {
				fmt.Fprintln(w, res.Events[0].Text+".")
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "undo a step that revealed dice or a card (logged)")
	return cmd
}
