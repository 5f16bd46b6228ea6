package session

import (
	"fmt"
	"io"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdSalvage builds `bosun salvage`.
func NewCmdSalvage(f *cmdutil.Factory) *cobra.Command {
	var to string
	cmd := &cobra.Command{
		Use:   "salvage NAME [--to NEW]",
		Short: "Save what can be trusted of a refused session into a new one",
		Long: `Save what can be trusted of session NAME into a new session NEW (default
NAME-salvaged): its state and its log up to the last event that is
verified (well formed, in order, and, where the save records a checksum
of the log file, the file as saved). The undo history is dropped. bosun
says what was dropped. NAME itself is left as it is: remove it with bosun
rm once the new session is the one to play on.

Every command refuses a session whose save and side files (NAME.log,
NAME.undo) disagree: a file missing or shorter than the save records, a
record missing, a line edited. This is the way out.` + cmdutil.ExitHelp,
		Example:           "  bosun salvage friday\n  bosun salvage friday --to friday-2",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cmdutil.CompleteSessions(f, true),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := to
			if name == "" {
				name = args[0] + "-salvaged"
			}
			res, err := f.Store().Salvage(args[0], name)
			if err != nil {
				return err
			}
			return f.Render(res, func(w io.Writer) error {
				fmt.Fprintf(w, "Salvaged session %s into %s: step %d, %d events of the log.\n", res.From, res.To, res.Step, res.Events)
				if len(res.Dropped) == 0 {
					fmt.Fprintln(w, "Nothing else was dropped.")
				}
				for _, d := range res.Dropped {
					fmt.Fprintf(w, "Dropped: %s.\n", d)
				}
				fmt.Fprintf(w, "Session %s is left as it is; %s is now the current session.\n", res.From, res.To)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "name of the new session (default NAME-salvaged)")
	return cmd
}
