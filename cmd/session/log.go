package session

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
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
				// The text needs neither the answers nor the data of the
				// events (--full aside): a long game's log is read faster
				// without them.
				read := s.BriefEvents
				if f.G.JSON {
					read = func() ([]referee.Event, error) { return s.Events(), s.LoadLog() }
				}
				evs, err := read()
				if err != nil {
					return err
				}
				if !all && f.G.JSON {
					// (the table skips undone events itself: no copy of
					// a long game's events)
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
				return f.Render(evs, func(w io.Writer) error {
					if f.IO.TTYOut {
						return logTable(f, w, evs, all, why, full)
					}
					bw := bufio.NewWriterSize(w, 64<<10) // piped: one write, not one a row
					if err := logTable(f, bw, evs, all, why, full); err != nil {
						return err
					}
					return bw.Flush()
				})
			})
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "include undone steps")
	cmd.Flags().BoolVar(&why, "why", false, "print the rule text behind each cited section")
	cmd.Flags().BoolVar(&full, "full", false, "print in full the boilerplate shown once per session (Adventure placement rules)")
	return cmd
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
		text := e.Text
		if t, ok := e.Data[referee.FullTextKey].(string); ok && full {
			text = t
		}
		if e.Undone {
			text = "(undone) " + text
		}
		if len(e.Rolls) > 0 {
			text += " (" + rollsText(e.Rolls) + ")"
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
	return f.Table(w, []string{"#", "STEP", "TYPE", "EVENT", "CITES"}, rows)
}
