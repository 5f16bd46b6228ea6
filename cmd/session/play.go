package session

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/spf13/cobra"
)

// SplitCommandLine splits a command line into words, honouring single and
// double quotes.
func SplitCommandLine(s string) ([]string, error) {
	var out []string
	var cur []rune
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur = append(cur, r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, string(cur))
				cur, inWord = nil, false
			}
		default:
			cur, inWord = append(cur, r), true
		}
	}
	if quote != 0 {
		return nil, referee.Usagef("command line %q has an unclosed quote", s)
	}
	if inWord {
		out = append(out, string(cur))
	}
	return out, nil
}

// Menu entries of bosun play (stable: they are also the answers a script gives
// to the play.menu key).
const (
	menuNext   = "next step"
	menuStatus = "status"
	menuUndo   = "undo last step"
	menuLog    = "log"
	menuRules  = "rules question"
	menuCalc   = "calculator (a bosun command)"
	menuQuit   = "quit"
)

// PlayOptions are the inputs of bosun play.
type PlayOptions struct {
	F *cmdutil.Factory
	// Cmd is the play command (its --dice flag overrides the session's).
	Cmd *cobra.Command
}

// NewCmdPlay builds `bosun play`.
func NewCmdPlay(f *cmdutil.Factory) *cobra.Command {
	opts := &PlayOptions{F: f}
	return &cobra.Command{
		Use:   "play",
		Short: "Play the current session interactively",
		Long: `Walk the table through the session in a loop: each round of the menu offers the
next step, status, undo, the log and rules questions, until you quit (Enter
at the menu takes the next step). A step's events are printed as they
happen. Each step is saved as soon as it is done, so quitting loses nothing.
Ctrl-C at a question cancels the step (nothing of it is saved: session,
remembered board values, answers cursor) and the menu comes back; the
step's answers are the defaults when you run it again, so Enter keeps each
one. Ctrl-C at the menu ends play (exit 130). The menu is asked with the
key play.menu, so a script can drive it too; with a scripted menu, Ctrl-C
ends play at once, like bosun next.` + cmdutil.ExitHelp,
		Example: "  bosun play\n  bosun play --session friday",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.G.JSON {
				return referee.Usagef("play is interactive and prints text; --json is not accepted (use bosun next --json)")
			}
			opts.Cmd = cmd
			return playRun(opts)
		},
	}
}

// play is the state of one bosun play loop.
type play struct {
	f     *cmdutil.Factory
	cmd   *cobra.Command
	p     *referee.Scripted
	again *rerun // the terminal, remembering a canceled step's answers (nil: Ctrl-C ends play)
	name  string // the session played
	w     io.Writer
	out   *stepPrinter
	done  int // steps saved by this play
}

// menuItem is one choice of the play menu: its label (shown, and the answer
// a script gives to play.menu) and what it does. A handler returns quit to
// end the loop.
type menuItem struct {
	label string
	step  bool // runs a game step (the others are "idle" choices)
	run   func(pl *play) (quit bool, err error)
}

// menu is the play menu, in the order it is shown.
var menu = []menuItem{
	{label: menuNext, step: true, run: (*play).next},
	{label: menuStatus, run: (*play).status},
	{label: menuUndo, run: (*play).undo},
	{label: menuLog, run: (*play).log},
	{label: menuRules, run: (*play).rules},
	{label: menuCalc, run: (*play).calc},
	{label: menuQuit, run: func(*play) (bool, error) { return true, nil }},
}

// maxIdle is how many menu answers in a row may run no step when the menu is
// scripted: a script whose last menu answer repeats something other than a
// step would loop for ever.
const maxIdle = 200

// playRun runs the play loop until quit, the end of the game, or an error
// that a terminal user cannot fix by choosing again.
func playRun(o *PlayOptions) error {
	f := o.F
	p, err := f.Prompter()
	if err != nil {
		return err
	}
	name, err := f.SessionName()
	if err != nil {
		return err
	}
	pl := &play{f: f, cmd: o.Cmd, p: p, name: name, w: f.IO.Lines(), out: &stepPrinter{w: f.IO.Lines()}}
	// At a terminal menu, Ctrl-C at a question cancels what it was asked
	// for and the menu comes back; a canceled step's answers are the
	// defaults when the table runs it again. A scripted menu would run the
	// step again and again: there Ctrl-C ends play, as in bosun next.
	if p.Fallback != nil && !p.HasAnswer("play.menu") && f.IO.TTYIn {
		pl.again = &rerun{inner: p.Fallback}
		p.Fallback = pl.again
	}
	labels := make([]string, len(menu))
	for i, m := range menu {
		labels[i] = m.label
	}
	idle := 0 // menu choices in a row that ran no step
	for {
		// The usual answer is the next step (Enter takes it).
		choice, err := referee.Choose(p, "play.menu", "What now?", menuNext, labels...)
		if errors.Is(err, referee.ErrCanceled) {
			if pl.again != nil {
				ce := &cmdutil.CanceledError{AtMenu: true}
				if pl.done > 0 {
					ce.Detail = fmt.Sprintf(" (the %s done in this play are saved)", referee.Count(pl.done, "step"))
				}
				return ce
			}
			return pl.canceled(err)
		}
		var nerr *referee.NoAnswerError
		if errors.As(err, &nerr) {
			return nil // the script ran out of menu answers: stop as if quit
		}
		if err != nil {
			return err
		}
		i := slices.Index(labels, choice)
		if i < 0 {
			return fmt.Errorf("play.menu: %q is not a menu entry", choice)
		}
		item := menu[i]
		if item.step {
			idle = 0
		} else if idle++; idle > maxIdle && item.label != menuQuit && !f.IO.TTYIn {
			return referee.Usagef("play.menu: %s in a row ran no step; end the scripted answers with quit", referee.Count(maxIdle, "menu answer"))
		}
		quit, err := item.run(pl)
		if errors.Is(err, referee.ErrCanceled) {
			// Nothing of a canceled step is kept, the board values it asked
			// included: only a step that is saved writes them.
			f.DiscardTables()
			if pl.again == nil {
				return pl.canceled(err)
			}
			var sc *stepCanceled
			if errors.As(err, &sc) {
				f.IO.Message(sc.Error())
			} else {
				f.IO.Message(menuCanceled)
			}
			continue
		}
		if err == nil {
			err = f.FlushTables()
		} else {
			f.DiscardTables()
		}
		if err != nil {
			if !referee.IsUsage(err) {
				return err
			}
			if _, ok := p.Fallback.(*cmdutil.Terminal); !ok && !f.IO.TTYIn {
				return err // scripted: a bad answer will not fix itself
			}
			// At a terminal a refused step saves nothing: show why and go on.
			f.IO.Message(safetext.Message(err.Error()))
		}
		if quit {
			return nil
		}
	}
}

// menuCanceled is said when Ctrl-C cancels a question asked for a menu
// entry other than a step (the undo's, a rules question, a command).
const menuCanceled = "canceled; nothing done; back to the menu (Ctrl-C at the menu ends play)"

// stepCanceled is a step that Ctrl-C canceled at a play menu: nothing of
// it was saved, and play goes on at the menu.
type stepCanceled struct {
	step  int
	shown bool // events of it were printed
}

func (e *stepCanceled) Error() string {
	void := ""
	if e.shown {
		void = " (the events printed for it did not happen)"
	}
	return fmt.Sprintf("step %d canceled; nothing saved%s; its answers are the defaults if you run it again (Ctrl-C at the menu ends play)", e.step, void)
}

// Unwrap makes errors.Is(err, referee.ErrCanceled) true.
func (e *stepCanceled) Unwrap() error { return referee.ErrCanceled }

// rerun asks the terminal, and remembers the answers given there during a
// step: when the step is canceled and the table runs it again, each
// question asked again takes its answer from the canceled run as its
// default (Enter keeps it), so a canceled 12-entry Dice Poker game is not
// typed again. A key asked several times in the step takes its answers in
// order. A remembered answer its question now refuses (an earlier answer
// changed) is not offered.
type rerun struct {
	inner referee.Prompter
	step  int                 // the step the answers were given at
	given map[string][]string // answers given at the terminal in this run
	prev  map[string][]string // answers of the canceled run of step
	used  map[string]int
}

// begin starts a run of step: the answers of a canceled run of the same
// step are offered, those of any other step forgotten.
func (r *rerun) begin(step int) {
	if step != r.step {
		r.prev = nil
	}
	r.step, r.given, r.used = step, map[string][]string{}, map[string]int{}
}

// canceled keeps the answers of the run just canceled for the next.
func (r *rerun) canceled() {
	prev := r.given
	// A question answered in an earlier canceled run but not reached in
	// this one keeps its answer.
	for k, v := range r.prev {
		if len(prev[k]) < len(v) {
			prev[k] = append(prev[k], v[len(prev[k]):]...)
		}
	}
	r.prev, r.given = prev, nil
}

// saved forgets the answers once the step is saved.
func (r *rerun) saved() { r.prev, r.given = nil, nil }

func (r *rerun) Ask(q referee.Question) (string, error) {
	if r.given == nil { // asked outside a step (the menu, undo)
		return r.inner.Ask(q)
	}
	n := r.used[q.Key]
	r.used[q.Key]++
	if prev := r.prev[q.Key]; n < len(prev) {
		again := q
		again.Default = prev[n]
		if _, err := again.Normalize(""); err == nil {
			q = again
		}
	}
	a, err := r.inner.Ask(q)
	if err == nil {
		r.given[q.Key] = append(r.given[q.Key], a)
	}
	return a, err
}

// canceled is the error of a Ctrl-C in play: the steps this play saved
// before it stay saved.
func (pl *play) canceled(err error) error {
	var ce *cmdutil.CanceledError
	if errors.As(err, &ce) {
		return err
	}
	if pl.done > 0 {
		return &cmdutil.CanceledError{Detail: fmt.Sprintf(" (the %s done before it in this play are saved)", referee.Count(pl.done, "step"))}
	}
	return &cmdutil.CanceledError{}
}

// next runs and saves one step, printing its events as they happen; the
// game's end ends the loop.
func (pl *play) next() (bool, error) {
	over := false
	var res *Result
	step := 0
	err := withSession(pl.f, pl.name, true, func(s *referee.Session) error {
		if s.Over {
			over = true
			return nil
		}
		step = s.Step
		pl.out.start(step)
		if pl.again != nil {
			pl.again.begin(step)
		}
		r, err := NextStep(pl.f, s, pl.cmd, pl.out.hook())
		if err != nil {
			return err
		}
		res, over = &r, r.Over
		return nil
	})
	if err != nil {
		// The steps saved earlier in this play are not this error's business:
		// at a terminal, play goes on after it.
		saved := 0
		if errors.Is(err, referee.ErrCanceled) {
			if pl.again != nil {
				pl.again.canceled()
				return false, &stepCanceled{step: step, shown: pl.out.shown() > 0}
			}
			saved = pl.done // Ctrl-C ends play: say what it keeps
		}
		return false, stepError(err, step, saved, pl.out.shown())
	}
	if pl.again != nil {
		pl.again.saved()
	}
	if res != nil {
		pl.done++
		pl.out.done(*res) // the events not printed yet, and the game's end
	} else if over {
		fmt.Fprintln(pl.w, "The game is over.")
	}
	return over, nil
}

func (pl *play) status() (bool, error) {
	st := NewCmdStatus(pl.f)
	return false, st.RunE(st, nil)
}

func (pl *play) log() (bool, error) {
	lc := NewCmdLog(pl.f)
	return false, lc.RunE(lc, nil)
}

// undo undoes the last step, asking whether to force it.
func (pl *play) undo() (bool, error) {
	// Enter does not force: a forced undo is logged, and the table should
	// choose it.
	force, err := referee.Confirm(pl.p, "play.undo.force", "Undo even if the step revealed dice or a card (logged)?", "no")
	var nerr *referee.NoAnswerError
	if errors.As(err, &nerr) {
		force, err = false, nil // a script that does not say: no
	}
	if err != nil {
		return false, err
	}
	var undone string
	err = withSession(pl.f, pl.name, true, func(s *referee.Session) error {
		ev, err := referee.UndoStep(s, force)
		undone = ev.Text
		return err
	})
	if err == nil {
		fmt.Fprintln(pl.w, undone+".")
	}
	return false, err
}

// calc runs a one-shot bosun command line (not one of the session verbs the
// menu offers).
func (pl *play) calc() (bool, error) {
	line, err := referee.Text(pl.p, "play.command", "A bosun command, e.g. misty odds --attacker ship:cannons=3 --defender pirate")
	if err != nil {
		return false, err
	}
	args, err := SplitCommandLine(line)
	if err != nil {
		return false, err
	}
	if len(args) > 0 && args[0] == "bosun" {
		args = args[1:]
	}
	if len(args) > 0 && (args[0] == "play" || args[0] == "next" || args[0] == "undo") {
		return false, referee.Usagef("play.command: use the menu for %s", args[0])
	}
	if pl.f.Hooks.RunCommand == nil {
		return false, fmt.Errorf("commands cannot be run from the menu in this build")
	}
	return false, pl.f.Hooks.RunCommand(args)
}

// rules answers a rules question, searching the session's game first.
func (pl *play) rules() (bool, error) {
	q, err := referee.Text(pl.p, "play.rules.query", "Your rules question")
	if err != nil {
		return false, err
	}
	if pl.f.Hooks.Search == nil {
		return false, fmt.Errorf("the rules reference is not available in this build")
	}
	game := pl.f.Store().GameOf(pl.name)
	answer, err := pl.f.Hooks.Search(pl.f, game, q, pl.w)
	if err != nil {
		return false, err
	}
	// The question joins the session's log (bosun log, bosun report).
	ev := referee.Event{Type: referee.RulesQuestionType, Text: "rules question: " + q, Data: map[string]any{"query": q}}
	if answer != "" {
		ev.Data["answer"] = answer
	}
	if err := pl.f.Store().Record(pl.name, ev); err != nil {
		pl.f.IO.Message(fmt.Sprintf("the question was answered but not recorded in session %s: %v", pl.name, err))
	}
	return false, nil
}
