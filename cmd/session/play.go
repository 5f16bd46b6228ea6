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

// Menu entries of bosun play (stable: they are also the answers a script gives
// to the play.menu key).
const (
	menuNext   = "next step"
	menuStatus = "status"
	menuUndo   = "undo last step"
	menuLog    = "log"
	menuRules  = "rules question"
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
can drive it too.` + exitHelp,
		Example: "  bosun play\n  bosun play --session friday",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
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
				choice, err := referee.Choose(p, "play.menu", "What now?", menuNext, menuStatus, menuUndo, menuLog, menuRules, menuQuit)
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
					err = withSession(f, name, true, func(s *referee.Session) error {
						if s.Over {
							over = true
							return nil
						}
						res, err := NextStep(f, s, cmd)
						if err != nil {
							return err
						}
						fmt.Fprintf(w, "Step %d:\n", res.Step-1)
						printEvents(w, res.Events)
						over = res.Over
						return nil
					})
					if err == nil && over {
						fmt.Fprintln(w, "The game is over.")
						return nil
					}
				case menuStatus:
					st := NewCmdStatus(f)
					err = st.RunE(st, nil)
				case menuUndo:
					force, _ := referee.Confirm(p, "play.undo.force", "Undo even if the step revealed dice or a card (logged)?")
					err = withSession(f, name, true, func(s *referee.Session) error {
						ev, err := referee.UndoStep(s, force)
						if err == nil {
							fmt.Fprintln(w, ev.Text+".")
						}
						return err
					})
				case menuLog:
					lc := NewCmdLog(f)
					err = lc.RunE(lc, nil)
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
				if err != nil {
					// A refused step saves nothing; show why and go on.
					fmt.Fprintln(f.IO.ErrOut, "bosun: "+err.Error())
					if !referee.IsUsage(err) {
						return err
					}
					if _, ok := p.Fallback.(*cmdutil.Terminal); !ok && !f.IO.TTYIn {
						return err // scripted: a bad answer will not fix itself
					}
				}
			}
		},
	}
}
