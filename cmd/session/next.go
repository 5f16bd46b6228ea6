package session

import (
	"errors"
	"fmt"
	"io"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
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
records the events. Each event is printed as it happens, before the step's
next question. A step that fails or is canceled (Ctrl-C) saves nothing: the
events already printed for it did not happen, and bosun says so.

--steps N runs up to N steps and --to-end runs until the game is over; each
step is saved as soon as it is done, so a step that fails (an answer
missing from the answers file, say) stops the run with the steps before it
kept, and the message says how many were saved. With more than one step,
--json prints an array of step results.` + cmdutil.ExitHelp,
		Example: "  bosun next\n  bosun next --set misty.weather.tile.move=2\n  bosun next --answers round3.yaml --json\n  bosun next --to-end --answers whole-game.yaml",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if steps < 1 {
				return referee.Usagef("--steps %d: give a whole number of steps, 1 or more", steps)
			}
			if toEnd {
				steps = 1 << 30
			}
			return nextRun(f, cmd, steps)
		},
	}
	cmd.Flags().IntVar(&steps, "steps", 1, "run up to N steps (each saved when done)")
	cmd.Flags().BoolVar(&toEnd, "to-end", false, "run steps until the game is over")
	return cmd
}

// nextRun runs up to n steps. Human output is printed as the events
// happen; --json prints the results once every step is done (one result,
// or an array when more than one step was asked for).
func nextRun(f *cmdutil.Factory, cmd *cobra.Command, n int) error {
	var out *stepPrinter
	if !f.G.JSON {
		out = &stepPrinter{w: f.IO.Lines()} // wrapped to a terminal's width
	}
	var results []Result
	if err := runSteps(f, cmd, n, out, func(r Result) { results = append(results, r) }); err != nil {
		return err
	}
	if out != nil {
		return nil // printed as it happened
	}
	var v any = results
	if len(results) == 1 && n == 1 {
		v = results[0]
	}
	return cmdutil.JSON(f.IO.Out, v)
}

// runSteps runs up to n steps of the current session under one lock,
// saving after each; it stops at the end of the game or at the first
// failing step, whose error it returns saying what was saved before it.
// out, when not nil, prints each event as it is emitted.
func runSteps(f *cmdutil.Factory, cmd *cobra.Command, n int, out *stepPrinter, done func(Result)) error {
	name, err := f.SessionName()
	if err != nil {
		return err
	}
	h, err := f.OpenSession(name)
	if err != nil {
		return err
	}
	defer h.Close()
	s := h.Session
	for i := 0; i < n; i++ {
		if i > 0 && s.Over {
			return nil
		}
		step := s.Step
		out.start(step)
		res, err := NextStep(f, s, cmd, out.hook())
		if err == nil {
			err = f.SaveStep(h)
		}
		if err != nil {
			f.DiscardTables()
			return stepError(err, step, i, out.shown())
		}
		out.done(res)
		done(res)
	}
	return nil
}

// NextStep runs one step of s. onEmit, when not nil, is called with each
// event as the game emits it.
func NextStep(f *cmdutil.Factory, s *referee.Session, cmd *cobra.Command, onEmit func(referee.Event)) (Result, error) {
	g, err := all.Lookup(s.Game)
	if err != nil {
		return Result{}, err
	}
	env, err := sessionEnv(f, s, cmd)
	if err != nil {
		return Result{}, err
	}
	env.OnEmit = onEmit
	evs, err := referee.Next(g, s, env)
	if err != nil {
		return Result{}, err
	}
	saveCursor(f, s, env.Prompt)
	return Result{Session: s.Name, Game: s.Game, Step: s.Step, Over: s.Over, Events: evs}, nil
}

// stepPrinter prints a step's events as they are emitted: the "Step N:"
// heading before the first one, and the events the engine adds when the
// step ends (dice rolled after the last event) once it is done. A nil
// stepPrinter prints nothing (--json).
type stepPrinter struct {
	w      io.Writer
	step   int
	shownN int // events of the current step printed so far
	headed bool
}

func (p *stepPrinter) start(step int) {
	if p != nil {
		p.step, p.shownN, p.headed = step, 0, false
	}
}

func (p *stepPrinter) head() {
	if !p.headed {
		fmt.Fprintf(p.w, "Step %d:\n", p.step)
		p.headed = true
	}
}

// hook returns the referee.Env OnEmit hook printing through p (nil when p
// is).
func (p *stepPrinter) hook() func(referee.Event) {
	if p == nil {
		return nil
	}
	return p.emit
}

func (p *stepPrinter) emit(e referee.Event) {
	p.head()
	printEvents(p.w, []referee.Event{e})
	p.shownN++
}

// done prints the rest of a saved step.
func (p *stepPrinter) done(res Result) {
	if p == nil {
		return
	}
	p.head()
	if p.shownN < len(res.Events) {
		printEvents(p.w, res.Events[p.shownN:])
	}
	if res.Over {
		fmt.Fprintln(p.w, "The game is over.")
	}
}

// shown is how many events of the current step were printed.
func (p *stepPrinter) shown() int {
	if p == nil {
		return 0
	}
	return p.shownN
}

// stepError says what a failed step left: nothing of it was saved (so the
// events printed for it did not happen), and the saved steps run before it
// by the same command stay saved. The error keeps its kind (exit code).
func stepError(err error, step, saved, shown int) error {
	void := ""
	if shown > 0 {
		void = " (the events printed for it did not happen)"
	}
	if errors.Is(err, referee.ErrCanceled) {
		detail := ""
		if shown > 0 || saved > 0 {
			detail = fmt.Sprintf(" of step %d", step)
		}
		detail += void
		if saved > 0 {
			detail += fmt.Sprintf("; %s before it saved", referee.Count(saved, "step"))
		}
		return &cmdutil.CanceledError{Detail: detail}
	}
	if saved > 0 {
		return fmt.Errorf("%s done and saved; step %d stopped and was not saved%s: %w", referee.Count(saved, "step"), step, void, err)
	}
	if shown > 0 {
		return fmt.Errorf("%w; step %d was not saved%s", err, step, void)
	}
	return err
}
