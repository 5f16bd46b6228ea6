package root

import (
	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// subcommands lists every command group under the root.
func subcommands(f *cmdutil.Factory) []*cobra.Command {
	return []*cobra.Command{}
}
