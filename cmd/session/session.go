// Package session holds the session commands: new, sessions, status, next,
// play, undo, log, rm and export.
package session

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"
)

// Commands returns the session commands for the root.
func Commands(f *cmdutil.Factory) []*cobra.Command {
	return []*cobra.Command{
		NewCmdNew(f, nil), NewCmdSessions(f), NewCmdStatus(f), NewCmdNext(f), NewCmdPlay(f),
		NewCmdUndo(f), NewCmdLog(f), NewCmdRm(f), NewCmdExport(f),
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

// ParseOptions reads repeated K=V options.
func ParseOptions(kvs []string) (map[string]string, error) {
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
		Long: `Start a new session of GAME (misty-waters, rolling-seas, war-for-atraxia,
quests-and-cannons, or an alias: mw, rs, atraxia, qc). Setup questions are
asked now (or answered with --set / --answers). The session becomes the
current one.` + cmdutil.ExitHelp,
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

func completeGames(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, g := range all.Infos() {
		out = append(out, g.ID+"\t"+g.Name)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// Result is what new, next and undo print.
type Result struct {
	Session string          `json:"session"`
	Game    string          `json:"game"`
	Step    int             `json:"step"`
	Over    bool            `json:"over"`
	Events  []referee.Event `json:"events"`
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
	options, err := ParseOptions(o.Options)
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
	if err := referee.ValidName(name); err != nil {
		return err
	}
	unlock, err := st.Lock(name)
	if err != nil {
		return err
	}
	defer unlock()
	if st.Exists(name) {
		return referee.Usagef("a session named %q exists; pick another --name or remove it with bosun rm %s", name, name)
	}
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
	if err := st.Save(s); err != nil {
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

func printEvents(w io.Writer, evs []referee.Event) {
	for _, e := range evs {
		line := e.Text
		if len(e.Rolls) > 0 {
			var rs []string
			for _, r := range e.Rolls {
				v := fmt.Sprint(r.Value)
				if r.Label != "" {
					v = r.Label
				}
				how := "rolled"
				if r.Entered {
					how = "entered"
				}
				rs = append(rs, fmt.Sprintf("%s %s (%s)", r.Die, v, how))
			}
			line += " [" + strings.Join(rs, ", ") + "]"
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
	if err := referee.ValidName(name); err != nil {
		return err
	}
	st := f.Store()
	if !st.Exists(name) {
		return referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	if write {
		unlock, err := st.Lock(name)
		if err != nil {
			return err
		}
		defer unlock()
	}
	load := st.Load
	if head && !write {
		load = st.LoadHead
	}
	s, err := load(name)
	if err != nil {
		return err
	}
	if err := fn(s); err != nil {
		return err
	}
	if write {
		return st.Save(s)
	}
	return nil
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

// NewCmdSessions builds `bosun sessions`.
func NewCmdSessions(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "sessions",
		Short:   "List saved sessions",
		Long:    "List saved sessions, most recently used first; the current one is marked." + cmdutil.ExitHelp,
		Example: "  bosun sessions\n  bosun sessions --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			list, err := f.Store().List()
			if err != nil {
				return err
			}
			return f.Render(list, func(w io.Writer) error {
				if len(list) == 0 {
					fmt.Fprintln(w, "No sessions yet. Start one with: bosun new GAME --players NAME,NAME")
					return nil
				}
				var rows [][]string
				for _, s := range list {
					cur := ""
					if s.Current {
						cur = "*"
					}
					state := fmt.Sprintf("step %d", s.Step)
					if s.Over {
						state = "over"
					}
					if s.Error != "" {
						state = "unreadable: " + s.Error
					}
					rows = append(rows, []string{cur, s.Name, s.Game, strings.Join(s.Players, ", "), state, s.Saved.Format("2006-01-02 15:04")})
				}
				return f.Table(w, []string{"", "NAME", "GAME", "PLAYERS", "STATE", "SAVED"}, rows)
			})
		},
	}
}

// StatusView is what `bosun status` prints.
type StatusView struct {
	Session string            `json:"session"`
	Game    string            `json:"game"`
	Players []referee.Player  `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	Step    int               `json:"step"`
	Over    bool              `json:"over"`
	Dice    referee.Mode      `json:"dice"`
	Status  any               `json:"status"` // the game's referee.StatusView
}

// NewCmdStatus builds `bosun status`.
func NewCmdStatus(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "status",
		Short:   "Show the current session's state",
		Long:    "Show the session's round, phase and everything the referee tracks." + cmdutil.ExitHelp,
		Example: "  bosun status\n  bosun status --session friday --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return loadSession(f, "", false, true, func(s *referee.Session) error {
				g, err := all.Lookup(s.Game)
				if err != nil {
					return err
				}
				env, err := sessionEnv(f, s, nil)
				if err != nil {
					return err
				}
				st, err := g.Status(s, env)
				if err != nil {
					return err
				}
				v := StatusView{Session: s.Name, Game: s.Game, Players: s.Players, Options: s.Options, Step: s.Step, Over: s.Over, Dice: s.DiceMode, Status: st}
				return f.Render(v, func(w io.Writer) error {
					fmt.Fprintf(w, "%s — session %s, step %d", all.Info(s.Game).Name, s.Name, s.Step)
					if s.Over {
						fmt.Fprint(w, " (game over)")
					}
					fmt.Fprintln(w)
					var ps []string
					for _, p := range s.Players {
						if p.Side != "" {
							ps = append(ps, p.Name+" ("+p.Side+")")
						} else {
							ps = append(ps, p.Name)
						}
					}
					fmt.Fprintln(w, "Players: "+strings.Join(ps, ", "))
					return writeView(w, st)
				})
			})
		},
	}
}

// writeView prints a game's status view: its Text(), or the view as YAML
// when the text is empty.
func writeView(w io.Writer, v referee.StatusView) error {
	if t := v.Text(); t != "" {
		_, err := fmt.Fprintln(w, t)
		return err
	}
	// Through JSON, so the text view uses the same field names (and
	// omits the same empty fields) as --json, in the struct's order.
	js, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var node yaml.Node
	if err := yaml.Unmarshal(js, &node); err != nil {
		return err
	}
	blockStyle(&node)
	b, err := yaml.Marshal(&node)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// blockStyle turns JSON's flow style into YAML's indented block style,
// keeping short lists of plain values on one line.
func blockStyle(n *yaml.Node) {
	n.Style &^= yaml.FlowStyle | yaml.DoubleQuotedStyle
	short := n.Kind == yaml.SequenceNode && len(n.Content) <= 12
	for _, c := range n.Content {
		blockStyle(c)
		if c.Kind != yaml.ScalarNode {
			short = false
		}
	}
	if short {
		n.Style |= yaml.FlowStyle
	}
}

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
	g, err := all.Lookup(s.Game)
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

// NewCmdUndo builds `bosun undo`.
func NewCmdUndo(f *cmdutil.Factory) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "undo",
		Short: "Undo the last step",
		Long: `Restore the state before the last step; repeat to go further back. A step
that revealed dice or a card needs --force, and the forced undo is logged so
nobody can quietly re-roll (virtual dice replay the same rolls).` + cmdutil.ExitHelp,
		Example: "  bosun undo\n  bosun undo --force",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var res Result
			err := withSession(f, "", true, func(s *referee.Session) error {
				ev, err := referee.UndoStep(s, force)
				if err != nil {
					return err
				}
				res = Result{Session: s.Name, Game: s.Game, Step: s.Step, Over: s.Over, Events: []referee.Event{ev}}
				return nil
			})
			if err != nil {
				return err // nothing printed: the undo was not saved
			}
			return f.Render(res, func(w io.Writer) error {
				fmt.Fprintln(w, res.Events[0].Text+".")
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "undo a step that revealed dice or a card (logged)")
	return cmd
}

// Why, when set, returns the rule sentence(s) of a cited section id; the
// root wires it to the rules reference.
var Why func(id string) string

// NewCmdLog builds `bosun log`.
func NewCmdLog(f *cmdutil.Factory) *cobra.Command {
	var all, why bool
	cmd := &cobra.Command{
		Use:     "log",
		Short:   "Show the session's event log",
		Long:    "Show the events of the session; --all includes undone steps, --why the rule text behind each cited section." + cmdutil.ExitHelp,
		Example: "  bosun log\n  bosun log --why\n  bosun log --all --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withSession(f, "", false, func(s *referee.Session) error {
				evs := s.Live()
				if all {
					evs = s.Log
				}
				if evs == nil {
					evs = []referee.Event{}
				}
				return f.Render(evs, func(w io.Writer) error {
					var rows [][]string
					for _, e := range evs {
						text := e.Text
						if e.Undone {
							text = "(undone) " + text
						}
						if len(e.Rolls) > 0 {
							var b strings.Builder
							printEvents(&b, []referee.Event{{Rolls: e.Rolls}})
							text += strings.TrimPrefix(strings.TrimSpace(b.String()), "-")
						}
						rows = append(rows, []string{fmt.Sprint(e.Seq), fmt.Sprint(e.Step), e.Type, text, strings.Join(e.Cites, " ")})
						if why && Why != nil {
							for _, c := range e.Cites {
								if t := Why(c); t != "" {
									rows = append(rows, []string{"", "", "", "  " + c + ": " + t, ""})
								}
							}
						}
					}
					return f.Table(w, []string{"#", "STEP", "TYPE", "EVENT", "CITES"}, rows)
				})
			})
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "include undone steps")
	cmd.Flags().BoolVar(&why, "why", false, "print the rule text behind each cited section")
	return cmd
}

// NewCmdRm builds `bosun rm`.
func NewCmdRm(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "rm NAME",
		Short:             "Remove a saved session",
		Long:              "Remove a saved session for good." + cmdutil.ExitHelp,
		Example:           "  bosun rm friday",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: CompleteSessions(f, true),
		RunE: func(cmd *cobra.Command, args []string) error {
			st := f.Store()
			if err := referee.ValidName(args[0]); err != nil {
				return err
			}
			unlock, err := st.Lock(args[0])
			if err != nil {
				return err
			}
			defer unlock()
			if err := st.Remove(args[0]); err != nil {
				return err
			}
			return f.Render(map[string]string{"removed": args[0]}, func(w io.Writer) error {
				fmt.Fprintf(w, "Removed session %s.\n", args[0])
				return nil
			})
		},
	}
}

// NewCmdExport builds `bosun export`.
func NewCmdExport(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "export [NAME]",
		Short:             "Print a session as JSON",
		Long:              "Print the whole session (state, options, RNG state, event log) as JSON to stdout." + cmdutil.ExitHelp,
		Example:           "  bosun export friday > friday.json",
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: CompleteSessions(f, true),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := ""
			if len(args) == 1 {
				name = args[0]
			}
			return withSession(f, name, false, func(s *referee.Session) error {
				return cmdutil.JSON(f.IO.Out, s)
			})
		},
	}
}

// BeforeComplete, when set, loads the config (data dir, env) before a
// completion lists sessions; the root wires it.
var BeforeComplete func(cmd *cobra.Command)

// CompleteSessions completes saved session names, for a positional argument
// (only the first) or for a flag (positional false).
func CompleteSessions(f *cmdutil.Factory, positional bool) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if positional && len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		if BeforeComplete != nil {
			BeforeComplete(cmd)
		}
		list, _ := f.Store().List()
		var out []string
		for _, s := range list {
			out = append(out, s.Name+"\t"+s.Game)
		}
		sort.Strings(out)
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
