package session

import (
	"fmt"
	"io"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// NewCmdNext builds `bosun next`.
func NewCmdNext(f *cmdutil.Factory) *cobra.Command {
	var steps int
	var toEnd bool
	cmd := &cobra.Command{
		Use:   "next",
		Short: "Run the next step of the current session",
		Long: `Run the next step of the game's procedure: bosun says what to do with the
physical components, asks what it cannot see, rolls or asks for dice, and
records the events. A step that fails saves nothing.

--steps N runs up to N steps and --to-end runs until the game is over; each
step is saved as soon as it is done, so a step that fails (an answer
missing from the answers file, say) stops the run with the steps before it
kept. With more than one step, --json prints an array of step results.` + cmdutil.ExitHelp,
		Example: "  bosun next\n  bosun next --set misty.weather.tile.move=2\n  bosun next --answers round3.yaml --json\n  bosun next --to-end --answers whole-game.yaml",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if steps < 1 {
				return referee.Usagef("--steps %d: give a whole number of steps, 1 or more", steps)
			}
			if toEnd {
				steps = 1 << 30
			}
			var results []Result
			err := runSteps(f, cmd, steps, func(r Result) { results = append(results, r) })
			if len(results) == 0 {
				return err
			}
			if err != nil {
				// Some steps were saved: not "nothing changed", so not exit 2.
				err = fmt.Errorf("%d step(s) done and saved; the next one stopped: %s", len(results), err.Error())
			}
			var v any = results
			if len(results) == 1 && steps == 1 {
				v = results[0]
			}
			rerr := f.Render(v, func(w io.Writer) error {
				for _, res := range results {
					fmt.Fprintf(w, "Step %d:\n", res.Step-1)
					printEvents(w, res.Events)
					if res.Over {
						fmt.Fprintln(w, "The game is over.")
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			return rerr
		},
	}
	cmd.Flags().IntVar(&steps, "steps", 1, "run up to N steps (each saved when done)")
	cmd.Flags().BoolVar(&toEnd, "to-end", false, "run steps until the game is over")
	return cmd
}

// runSteps runs up to n steps of the current session under one lock,
// saving after each; it stops at the end of the game or at the first
// failing step, whose error it returns.
func runSteps(f *cmdutil.Factory, cmd *cobra.Command, n int, done func(Result)) error {
	name, err := f.SessionName()
	if err != nil {
		return err
	}
	if err := referee.ValidName(name); err != nil {
		return err
	}
	st := f.Store()
	if !st.Exists(name) {
		return referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	unlock, err := st.Lock(name)
	if err != nil {
		return err
	}
	defer unlock()
	s, err := st.Load(name)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		if i > 0 && s.Over {
			return nil
		}
		res, err := NextStep(f, s, cmd)
		if err != nil {
			return err
		}
		if err := st.Save(s); err != nil {
			return err
		}
		if err := f.FlushTables(); err != nil {
			return err
		}
		done(res)
	}
	return nil
}

// NextStep runs one step of s.
func NextStep(f *cmdutil.Factory, s *referee.Session, cmd *cobra.Command) (Result, error) {
	g, err := referee.Lookup(s.Game)
	if err != nil {
		return Result{}, err
	}
	env, err := sessionEnv(f, s, cmd)
	if err != nil {
		return Result{}, err
	}
	evs, err := referee.Next(g, s, env)
	if err != nil {
		return Result{}, err
	}
	saveCursor(f, s, env.Prompt)
	return Result{Session: s.Name, Game: s.Game, Step: s.Step, Over: s.Over, Events: evs}, nil
}
