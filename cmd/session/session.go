// Package session holds the session commands: new, sessions, status, next,
// play, undo, log, rm, export and salvage.
package session

import (
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/spf13/cobra"
)

// Commands returns the session commands for the root.
func Commands(f *cmdutil.Factory) []*cobra.Command {
	return []*cobra.Command{
		NewCmdNew(f, nil), NewCmdSessions(f), NewCmdStatus(f), NewCmdNext(f), NewCmdPlay(f),
		NewCmdUndo(f), NewCmdLog(f), NewCmdRm(f), NewCmdExport(f), NewCmdSalvage(f),
	}
}

// ParsePlayers reads "Ann:red,Bob:blue" (the side after ':' is optional).
func ParsePlayers(s string) ([]referee.Player, error) {
	var out []referee.Player
	if strings.TrimSpace(s) == "" {
		return nil, referee.Usagef("--players is empty; give NAME[:SIDE],NAME[:SIDE],... e.g. \"Ann:red,Bob:blue\"")
	}
	for _, part := range strings.Split(s, ",") {
		name, side, _ := strings.Cut(strings.TrimSpace(part), ":")
		name, side = strings.TrimSpace(name), strings.TrimSpace(side)
		if name == "" {
			return nil, referee.Usagef("--players %q: an entry has no name; give NAME[:SIDE],... e.g. \"Ann:red,Bob:blue\"", s)
		}
		out = append(out, referee.Player{Name: name, Side: side})
	}
	return out, nil
}

// optionPairs reads repeated --option K=V values (the game checks them:
// referee.ParseOptions).
func optionPairs(kvs []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, referee.Usagef("--option %q: expected KEY=VALUE, e.g. --option variant=simplified", kv)
		}
		out[k] = strings.TrimSpace(v)
	}
	return out, nil
}

// Result is what new, next and undo print.
type Result struct {
	Session string          `json:"session"`
	Game    string          `json:"game"`
	Step    int             `json:"step"`
	Over    bool            `json:"over"`
	Events  []referee.Event `json:"events"`
}

func printEvents(w io.Writer, evs []referee.Event) {
	for _, e := range evs {
		line := e.Text
		if len(e.Rolls) > 0 {
			line += " (" + cmdutil.RollsText(e.Rolls) + ")"
		}
		fmt.Fprintln(w, "- "+line)
	}
}

// withSession loads the named (or current) session under its lock, runs fn,
// and saves when fn reports a change. A failing fn saves nothing.
func withSession(f *cmdutil.Factory, name string, write bool, fn func(s *referee.Session) error) error {
	return loadSession(f, name, write, false, fn)
}

// loadSession is withSession; head loads the session without its log and
// undo snapshots (read-only views of the state).
func loadSession(f *cmdutil.Factory, name string, write, head bool, fn func(s *referee.Session) error) error {
	if name == "" {
		var err error
		if name, err = f.SessionName(); err != nil {
			return err
		}
	}
	if write {
		h, err := f.OpenSession(name)
		if err != nil {
			return err
		}
		defer h.Close()
		if err := fn(h.Session); err != nil {
			return err
		}
		return f.SaveStep(h)
	}
	if err := store.ValidName(name); err != nil {
		return err
	}
	st := f.Store()
	if !st.Exists(name) {
		return referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	load := st.Load
	if head {
		load = st.LoadHead
	}
	s, err := load(name)
	if err != nil {
		return err
	}
	if err := f.ReplayPending(s); err != nil {
		return err
	}
	return fn(s)
}

// sessionEnv builds the env of a loaded session: its dice continue the
// saved RNG sequence; --dice given on the command line overrides the
// session's mode for this run.
func sessionEnv(f *cmdutil.Factory, s *referee.Session, cmd *cobra.Command) (*referee.Env, error) {
	p, err := f.Prompter()
	if err != nil {
		return nil, err
	}
	d, err := referee.DiceFor(s, p)
	if err != nil {
		return nil, err
	}
	if f.HasAnswersFiles() {
		p.Resume(s.Cursor)
	}
	if cmd != nil && cmd.Flags().Changed("dice") {
		if d.Mode, err = f.DiceMode(); err != nil {
			return nil, err
		}
	}
	t, err := f.Tables()
	if err != nil {
		return nil, err
	}
	return &referee.Env{Dice: d, Prompt: p, Tables: t}, nil
}

// saveCursor keeps how far the answers files' queues were used, so the
// same files given to the next command go on from there.
func saveCursor(f *cmdutil.Factory, s *referee.Session, p referee.Prompter) {
	if sc, ok := p.(*referee.Scripted); ok && f.HasAnswersFiles() {
		s.Cursor = sc.Cursor()
	}
}
