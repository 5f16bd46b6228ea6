package root

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// VersionInfo is what bosun version prints.
type VersionInfo struct {
	Version string `json:"version"`
	Go      string `json:"go"`
	Schema  int    `json:"save_schema"`
}

func newCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print bosun's version",
		Long:    "Print bosun's version, the Go version it was built with and its save-file schema." + ExitHelp,
		Example: "  bosun version\n  bosun version --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			v := VersionInfo{Version: Version, Go: runtime.Version(), Schema: referee.SchemaVersion}
			return f.Render(v, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "bosun %s (%s, save schema %d)\n", v.Version, v.Go, v.Schema)
				return err
			})
		},
	}
}

// GameLine is one row of bosun games: what the game is, the --option
// keys it accepts and its named dice.
type GameLine struct {
	referee.GameInfo
	Referee bool                 `json:"referee"` // the session referee is built in (every listed game)
	Options []referee.OptionSpec `json:"options"`
	Dice    []referee.DieInfo    `json:"dice"`
}

func newCmdGames(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "games",
		Short:   "List the games bosun referees",
		Long:    "List the " + all.CountWord() + " games with their ids, aliases, player counts and what bosun runs for each." + ExitHelp,
		Example: "  bosun games\n  bosun games --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var out []GameLine
			for _, g := range all.Games() {
				opts := g.Options()
				if opts == nil {
					opts = []referee.OptionSpec{}
				}
				dice := g.Dice()
				if dice == nil {
					dice = []referee.DieInfo{}
				}
				out = append(out, GameLine{GameInfo: g.Info(), Referee: true, Options: opts, Dice: dice})
			}
			return f.Render(out, func(w io.Writer) error {
				var rows [][]string
				for _, g := range out {
					rows = append(rows, []string{g.ID, strings.Join(g.Aliases, ", "), g.Name, fmt.Sprintf("%d-%d", g.MinPlayers, g.MaxPlayers), g.Runs})
				}
				return f.Table(w, []string{"ID", "ALIASES", "GAME", "PLAYERS", "WHAT BOSUN RUNS"}, rows)
			})
		},
	}
}
