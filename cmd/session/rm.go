package session

import (
	"fmt"
	"io"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/spf13/cobra"
)

// NewCmdRm builds `bosun rm`.
func NewCmdRm(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "rm NAME",
		Short:             "Remove a saved session",
		Long:              "Remove a saved session for good." + cmdutil.ExitHelp,
		Example:           "  bosun rm friday",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cmdutil.CompleteSessions(f, true),
		RunE: func(cmd *cobra.Command, args []string) error {
			st := f.Store()
			if err := store.ValidName(args[0]); err != nil {
				return err
			}
			unlock, err := st.Lock(args[0])
			if err != nil {
				return err
			}
			defer unlock()
			if err := st.Remove(args[0]); err != nil {
				return err
			}
			return f.Render(map[string]string{"removed": args[0]}, func(w io.Writer) error {
				fmt.Fprintf(w, "Removed session %s.\n", args[0])
				return nil
			})
		},
	}
}
