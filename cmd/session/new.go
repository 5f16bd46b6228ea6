package session

import (
	"fmt"
	"io"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// NewOptions are the inputs of bosun new.
type NewOptions struct {
	F       *cmdutil.Factory
	Game    string
	Players string
	Name    string
	Options []string
}

// NewCmdNew builds `bosun new`.
func NewCmdNew(f *cmdutil.Factory, runF func(*NewOptions) error) *cobra.Command {
	opts := &NewOptions{F: f}
	cmd := &cobra.Command{
		Use:   "new GAME --players NAME[:SIDE],...",
		Short: "Start a new game session",
		Long:  cmdutil.WrapText("Start a new session of GAME ("+all.IDs()+", or an alias: "+all.FirstAliases()+"). Setup questions are asked now (or answered with --set / --answers). The session becomes the current one.", 78) + cmdutil.ExitHelp,
		Example: `  bosun new misty-waters --players "Ann:red,Bob:blue,Cy:white" --name friday
  bosun new rs --players Alma --option ironside=standard --seed 7`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			if runF != nil {
				return runF(opts)
			}
			return newRun(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Players, "players", "p", "", "players as NAME[:SIDE],... (side: colour, nation, clan or champion)")
	cmd.Flags().StringVarP(&opts.Name, "name", "n", "", "session name (default GAME-N)")
	cmd.Flags().StringArrayVarP(&opts.Options, "option", "o", nil, "game option KEY=VALUE (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("option", completeOption)
	return cmd
}

func newRun(o *NewOptions) error {
	f := o.F
	g, err := all.Resolve(o.Game)
	if err != nil {
		return err
	}
	id := g.Info().ID
	players, err := ParsePlayers(o.Players)
	if err != nil {
		return err
	}
	options, err := optionPairs(o.Options)
	if err != nil {
		return err
	}
	st := f.Store()
	name := o.Name
	if name == "" {
		for i := 1; ; i++ {
			name = fmt.Sprintf("%s-%d", id, i)
			if !st.Exists(name) {
				break
			}
		}
	}
	h, err := st.Create(name)
	if err != nil {
		return err
	}
	defer h.Close()
	mode, err := f.DiceMode()
	if err != nil {
		return err
	}
	env, err := f.Env()
	if err != nil {
		return err
	}
	seed := f.Seed()
	env.Dice = referee.NewDice(mode, seed, env.Prompt)
	s, err := referee.NewSession(g, name, players, options, seed, mode, env)
	if err != nil {
		return err
	}
	saveCursor(f, s, env.Prompt)
	h.Session = s
	if err := f.SaveStep(h); err != nil {
		return err
	}
	res := Result{Session: s.Name, Game: s.Game, Step: s.Step, Over: s.Over, Events: s.Log}
	return f.Render(res, func(w io.Writer) error {
		fmt.Fprintf(w, "New %s session %q (seed %d, %s dice).\n", all.Info(s.Game).Name, s.Name, s.Seed, s.DiceMode)
		printEvents(w, s.Log)
		fmt.Fprintln(w, "Run bosun next for the first step.")
		return nil
	})
}
