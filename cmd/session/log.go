package session

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/spf13/cobra"
)

// NewCmdLog builds `bosun log`.
func NewCmdLog(f *cmdutil.Factory) *cobra.Command {
	var all, why, full bool
	cmd := &cobra.Command{
		Use:     "log",
		Short:   "Show the session's event log",
		Long:    "Show the events of the session; --all includes undone steps, --why the rule text behind each cited section, --full the boilerplate a step shortened to a reference because the session had shown it before." + cmdutil.ExitHelp,
		Example: "  bosun log\n  bosun log --why\n  bosun log --full\n  bosun log --all --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withSession(f, "", false, func(s *referee.Session) error {
				if f.G.JSON {
					evs, err := s.Events(), s.LoadLog()
					if err != nil {
						return err
					}
					if !all {
						live := make([]referee.Event, 0, len(evs))
						for _, e := range evs {
							if !e.Undone {
								live = append(live, e)
							}
						}
						evs = live
					}
					if evs == nil {
						evs = []referee.Event{}
					}
					return f.Render(evs, nil)
				}
				// The text needs neither the answers nor the data of the
				// events (--full aside): a long game's log is read faster
				// without them, from the log file mapped while it prints
				// (the table skips undone events itself).
				return store.WithBriefEvents(s, func(evs []referee.Event) error {
					return f.Render(evs, func(w io.Writer) error {
						if f.IO.TTYOut {
							return logTable(f, w, evs, all, why, full)
						}
						// piped: the rows written straight into one buffer,
						// as f.Table writes them (no cells to build for a
						// long game)
						bw := bufio.NewWriterSize(w, 64<<10)
						logRows(bw, evs, all, full, whyHook(f, why))
						return bw.Flush()
					})
				})
			})
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "include undone steps")
	cmd.Flags().BoolVar(&why, "why", false, "print the rule text behind each cited section")
	cmd.Flags().BoolVar(&full, "full", false, "print in full the boilerplate shown once per session (Adventure placement rules)")
	return cmd
}

// whyHook is the rule text of a cited section when --why asks for it.
func whyHook(f *cmdutil.Factory, why bool) func(string) string {
	if why {
		return f.Hooks.Why
	}
	return nil
}

// logHeader is the log table's header.
var logHeader = []string{"#", "STEP", "TYPE", "EVENT", "CITES"}

// logRows writes the rows logTable gives f.Table as f.Table writes them
// when piped (tab-separated, the header first), without building them.
func logRows(w *bufio.Writer, evs []referee.Event, all, full bool, why func(string) string) {
	w.WriteString(strings.Join(logHeader, "\t"))
	w.WriteByte('\n')
	var num [20]byte
	for i := range evs {
		e := &evs[i]
		if e.Undone && !all {
			continue
		}
		w.Write(strconv.AppendInt(num[:0], int64(e.Seq), 10))
		w.WriteByte('\t')
		w.Write(strconv.AppendInt(num[:0], int64(e.Step), 10))
		w.WriteByte('\t')
		w.WriteString(e.Type)
		w.WriteByte('\t')
		if e.Undone {
			w.WriteString("(undone) ")
		}
		w.WriteString(eventText(e, full))
		if len(e.Rolls) > 0 {
			w.WriteString(" (" + cmdutil.RollsText(e.Rolls) + ")")
		}
		w.WriteByte('\t')
		for k, c := range e.Cites {
			if k > 0 {
				w.WriteByte(' ')
			}
			w.WriteString(c)
		}
		w.WriteByte('\n')
		if why != nil {
			for _, c := range e.Cites {
				if t := why(c); t != "" {
					w.WriteString("\t\t\t  " + c + ": " + t + "\t\n")
				}
			}
		}
	}
}

// eventText is the text the log shows of e, before its marks: with full,
// the full text the step shortened.
func eventText(e *referee.Event, full bool) string {
	if t, ok := e.Data[referee.FullTextKey].(string); ok && full {
		return t
	}
	return e.Text
}

// logTable prints the events as the log's table, the undone ones only
// with all.
func logTable(f *cmdutil.Factory, w io.Writer, evs []referee.Event, all, why, full bool) error {
	rows := make([][]string, 0, len(evs))
	cells := make([]string, 0, 5*len(evs)) // the rows' cells, one allocation
	for i := range evs {
		e := &evs[i]
		if e.Undone && !all {
			continue
		}
		text := eventText(e, full)
		if e.Undone {
			text = "(undone) " + text
		}
		if len(e.Rolls) > 0 {
			text += " (" + cmdutil.RollsText(e.Rolls) + ")"
		}
		at := len(cells)
		cells = append(cells, strconv.Itoa(e.Seq), strconv.Itoa(e.Step), e.Type, text, strings.Join(e.Cites, " "))
		rows = append(rows, cells[at:len(cells):len(cells)])
		if why && f.Hooks.Why != nil {
			for _, c := range e.Cites {
				if t := f.Hooks.Why(c); t != "" {
					rows = append(rows, []string{"", "", "", "  " + c + ": " + t, ""})
				}
			}
		}
	}
	return f.Table(w, logHeader, rows)
}
