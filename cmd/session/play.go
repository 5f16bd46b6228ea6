package session

import (
	"errors"
	"fmt"
	"io"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// Search, when set, answers a rules question for the play menu; the root
// wires it to the rules reference.
var Search func(f *cmdutil.Factory, game, query string, w io.Writer) error

// RunCommand, when set, runs a bosun command line from the play menu (the
// battle calculators and other one-shots); the root wires it.
var RunCommand func(args []string) error

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

// NewCmdPlay builds `bosun play`.
func NewCmdPlay(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "play",
		Short: "Play the current session interactively",
		Long: `Walk the table through the session in a loop: each round of the menu offers the
next step, status, undo, the log and rules questions, until you quit. Each
step is saved as soon as it is done, so quitting (or Ctrl-C) loses nothing but
the step in progress. The menu is asked with the key play.menu, so a script
can drive it too.` + cmdutil.ExitHelp,
		Example: "  bosun play\n  bosun play --session friday",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.G.JSON {
				return referee.Usagef("play is interactive and prints text; --json is not accepted (use bosun next --json)")
			}
			p, err := f.Prompter()
			if err != nil {
				return err
			}
			name, err := f.SessionName()
			if err != nil {
				return err
			}
			w := f.IO.Out
			idle := 0 // menu choices in a row that ran no step
			for {
				choice, err := referee.Choose(p, "play.menu", "What now?", menuNext, menuStatus, menuUndo, menuLog, menuRules, menuCalc, menuQuit)
				if errors.Is(err, referee.ErrCanceled) || choice == menuQuit {
					return nil
				}
				var nerr *referee.NoAnswerError
				if errors.As(err, &nerr) {
					return nil // the script ran out of menu answers: stop as if quit
				}
				if err != nil {
					return err
				}
				if choice == menuNext {
					idle = 0
				} else if idle++; idle > 200 && !f.IO.TTYIn {
					// A script whose last menu answer repeats something other
					// than a step would loop for ever.
					return referee.Usagef("play.menu: 200 menu answers in a row ran no step; end the scripted answers with quit")
				}
				switch choice {
				case menuNext:
					over := false
					var res *Result
					err = withSession(f, name, true, func(s *referee.Session) error {
						if s.Over {
							over = true
							return nil
						}
						r, err := NextStep(f, s, cmd)
						if err != nil {
							return err
						}
						res, over = &r, r.Over
						return nil
					})
					if err == nil && res != nil { // printed once saved
						fmt.Fprintf(w, "Step %d:\n", res.Step-1)
						printEvents(w, res.Events)
					}
					if err == nil && over {
						fmt.Fprintln(w, "The game is over.")
						return nil
					}
				case menuStatus:
					st := NewCmdStatus(f)
					err = st.RunE(st, nil)
				case menuUndo:
					force, ferr := referee.Confirm(p, "play.undo.force", "Undo even if the step revealed dice or a card (logged)?")
					var nerr *referee.NoAnswerError
					if errors.As(ferr, &nerr) {
						force, ferr = false, nil // a script that does not say: no
					}
					if ferr != nil {
						err = ferr
						break
					}
					var undone string
					err = withSession(f, name, true, func(s *referee.Session) error {
						ev, err := referee.UndoStep(s, force)
						undone = ev.Text
						return err
					})
					if err == nil {
						fmt.Fprintln(w, undone+".")
					}
				case menuLog:
					lc := NewCmdLog(f)
					err = lc.RunE(lc, nil)
				case menuCalc:
					line, qerr := referee.Text(p, "play.command", "A bosun command, e.g. misty odds --attacker ship:cannons=3 --defender pirate")
					if qerr != nil {
						err = qerr
						break
					}
					args, serr := SplitCommandLine(line)
					if serr != nil {
						err = serr
						break
					}
					if len(args) > 0 && args[0] == "bosun" {
						args = args[1:]
					}
					if len(args) > 0 && (args[0] == "play" || args[0] == "next" || args[0] == "undo") {
						err = referee.Usagef("play.command: use the menu for %s", args[0])
						break
					}
					if RunCommand == nil {
						err = fmt.Errorf("commands cannot be run from the menu in this build")
						break
					}
					err = RunCommand(args)
				case menuRules:
					q, qerr := referee.Text(p, "play.rules.query", "Your rules question")
					if qerr != nil {
						err = qerr
						break
					}
					if Search == nil {
						err = fmt.Errorf("the rules reference is not available in this build")
						break
					}
					s, lerr := f.Store().Load(name)
					game := ""
					if lerr == nil {
						game = s.Game
					}
					err = Search(f, game, q, w)
				}
				if errors.Is(err, referee.ErrCanceled) {
					return nil
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
					fmt.Fprintln(f.IO.ErrOut, "bosun: "+err.Error())
				}
			}
		},
	}
}
