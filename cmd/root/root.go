// Package root builds bosun's root command, wires every command group, and
// maps errors to exit codes in one place.
package root

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/spf13/cobra"
)

// Version is set at build time with -ldflags "-X .../cmd/root.Version=...".
var Version = "0.1.0-dev"

// Exit codes.
const (
	ExitOK    = 0
	ExitError = 1
	ExitUsage = 2
	// ExitInUse: another bosun process holds the session's lock (a play
	// or next running on it); nothing was done, and the same command can
	// simply be run again once that one is done.
	ExitInUse = 3
	// ExitCanceled is the shell's code for a command stopped by SIGINT
	// (128+2): Ctrl-C at a question, in next and play alike.
	ExitCanceled = 130
)

// ExitHelp is appended to every command's long help.
const ExitHelp = cmdutil.ExitHelp

// Main runs bosun with the process's arguments and IO and returns the exit code.
func Main() int {
	io := cmdutil.System()
	f := cmdutil.New(io)
	f.Terminal = TerminalPrompter
	cmd := NewCmdRoot(f)
	args := os.Args[1:]
	cmd.SetArgs(args)
	// --json is known before cobra parses the flags, so that a command line
	// cobra refuses (an unknown command or flag) still fails in JSON.
	f.G.JSON = jsonRequested(args)
	return Execute(cmd, f)
}

// jsonRequested reports whether args ask for --json (before any "--").
func jsonRequested(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "--json", "--json=true", "--json=1":
			return true
		}
	}
	return false
}

// Execute runs cmd and maps its error to an exit code, printing it to
// stderr (and, with --json, as one JSON document on stdout).
func Execute(cmd *cobra.Command, f *cmdutil.Factory) (code int) {
	f.Started = false
	if _, ok := f.IO.Out.(*safetext.Writer); !ok {
		// Names from a save or an argument reach the terminal escaped.
		f.IO.Out = &safetext.Writer{W: f.IO.Out, SGR: f.IO.Color()}
	}
	err := run(cmd)
	if err == nil {
		// Values asked once are kept only when the command succeeded.
		err = f.FlushTables()
	}
	if err == nil {
		return ExitOK
	}
	f.DiscardTables()
	code = ExitCode(err)
	var ie *InternalError
	if !f.Started && !errors.As(err, &ie) {
		// cobra failed before any command ran: an unknown command, a
		// missing or extra argument. That is bad usage.
		code = ExitUsage
	}
	msg := err.Error()
	var ce *cmdutil.CanceledError
	if errors.Is(err, referee.ErrCanceled) && !errors.As(err, &ce) {
		msg = (&cmdutil.CanceledError{}).Error()
	}
	if code == ExitInUse {
		msg += "; nothing was done: run the command again once the other one is done (a bosun play on the session ends with quit)"
	}
	// Every quoted value at most 80 characters, control characters
	// escaped, however the message was made.
	msg = safetext.Message(msg)
	// Wrapped at words when stderr is a terminal (IO.Message).
	f.IO.Message(msg)
	var ue *referee.UsageError
	if errors.As(err, &ue) && len(ue.Cites) > 0 {
		f.IO.Note("see: ", "bosun rules show "+strings.Join(ue.Cites, ", "))
	}
	if f.G.JSON {
		_ = cmdutil.JSON(f.IO.Out, cmdutil.ErrorDoc{Error: cmdutil.ErrorBody{Code: code, Message: msg, Key: cmdutil.AnswerKey(err)}})
	}
	return code
}

// InternalError is a panic recovered while a command ran: a bug in bosun,
// never bad input, so it exits 1 (Go's own exit code for a panic is 2,
// the code of bad usage).
type InternalError struct{ Value any }

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error: %v (this is a bug in bosun; nothing was saved by the failed command; please report it with the command line)", e.Value)
}

// run executes cmd, turning a panic into an InternalError.
func run(cmd *cobra.Command) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &InternalError{Value: r}
		}
	}()
	return cmd.Execute()
}

// ExitCode maps an error to bosun's exit codes.
func ExitCode(err error) int {
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, referee.ErrCanceled):
		return ExitCanceled
	case errors.Is(err, referee.ErrInUse):
		return ExitInUse
	case referee.IsUsage(err), isFlagError(err), errors.Is(err, referee.ErrCorrupt):
		// a save that cannot be vouched for is bad input (design.md)
		return ExitUsage
	default:
		return ExitError
	}
}

type flagError struct{ error }

func isFlagError(err error) bool {
	var fe *flagError
	return errors.As(err, &fe)
}

// NewCmdRoot builds the command tree.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bosun",
		Short: "Referee and rules reference for " + all.CountWord() + " nautical tabletop games",
		Long: cmdutil.WrapText("bosun sits beside the physical board of "+all.Titles()+". It runs rounds and phases, weather, NPC ships, sea monsters and automa, does the battle dice math, and answers rules questions with the rulebook passage that settles them.", 78) + `

Players keep moving the real pieces. bosun asks for what it cannot see: every
question has a stable key, answered at the terminal, with --set key=value, an
--answers file, or one line per question on stdin.` + ExitHelp,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       Version,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			f.Started = true
			// cobra checks required flags after this hook, with a plain
			// error: check them here so a missing one is bad usage (exit 2).
			if err := cmd.ValidateRequiredFlags(); err != nil {
				return &flagError{fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
			}
			if err := cmd.ValidateFlagGroups(); err != nil {
				return &flagError{fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
			}
			return initConfig(cmd, f)
		},
	}
	cmd.SetOut(f.IO.Out)
	cmd.SetErr(f.IO.ErrOut)
	// Help is written for 80 columns; a narrower terminal (or a flag line
	// wider than 80) would cut its words at the edge: reflow it there.
	help := cmd.HelpFunc()
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		if !f.IO.TTYOut {
			help(c, args)
			return
		}
		var buf bytes.Buffer
		c.SetOut(&buf)
		help(c, args)
		c.SetOut(nil)
		if c == cmd {
			c.SetOut(f.IO.Out)
		}
		_, _ = io.WriteString(f.IO.Out, cmdutil.ReflowHelp(buf.String(), f.IO.Width()))
	})
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &flagError{fmt.Errorf("%w (see %s --help)", err, c.CommandPath())}
	})

	pf := cmd.PersistentFlags()
	g := f.G
	pf.BoolVar(&g.JSON, "json", false, "print one JSON document to stdout")
	pf.StringVar(&g.DataDir, "data-dir", "", "where sessions are saved (env BOSUN_DATA_DIR; default $XDG_DATA_HOME/bosun)")
	pf.StringVar(&g.Config, "config", "", "config file (default $XDG_CONFIG_HOME/bosun/config.yaml)")
	pf.Uint64Var(&g.Seed, "seed", 0, "seed for virtual dice: the same seed gives the same rolls")
	pf.StringVar(&g.Dice, "dice", "virtual", "virtual (bosun rolls) or physical (you enter each roll)")
	pf.StringArrayVar(&g.Set, "set", nil, "answer a question: key=value (repeatable)")
	pf.StringArrayVar(&g.Answers, "answers", nil, "answers file (YAML key: value, or key=value lines; - for stdin; repeatable)")
	pf.StringVar(&g.Session, "session", "", "session to use (env BOSUN_SESSION; default the most recently used)")
	pf.BoolVar(&g.ASCII, "ascii", false, "ASCII table borders")
	_ = cmd.RegisterFlagCompletionFunc("dice", cobra.FixedCompletions([]string{"virtual", "physical"}, cobra.ShellCompDirectiveNoFileComp))
	f.Hooks = hooks(cmd, f)
	_ = cmd.RegisterFlagCompletionFunc("session", cmdutil.CompleteSessions(f, false))

	for _, c := range subcommands(f) {
		cmd.AddCommand(c)
	}
	return cmd
}

// initConfig binds flags, env (BOSUN_*) and the config file into f.V.
func initConfig(cmd *cobra.Command, f *cmdutil.Factory) error {
	v := f.V
	v.SetEnvPrefix("BOSUN")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_"))
	v.AutomaticEnv()
	for _, name := range []string{"data-dir", "session", "dice", "seed", "ascii"} {
		if fl := cmd.Flags().Lookup(name); fl != nil {
			if err := v.BindPFlag(name, fl); err != nil {
				return err
			}
		}
	}
	f.G.SeedSet = cmd.Flags().Changed("seed")
	if err := f.CheckDirs(); err != nil {
		return err
	}
	cfg := f.G.Config
	if cfg == "" {
		cfg = filepath.Join(f.ConfigDir(), "config.yaml")
		if _, err := os.Stat(cfg); err != nil {
			cfg = ""
		}
	} else if _, err := os.Stat(cfg); err != nil {
		return referee.Usagef("--config %s: %v", cfg, err)
	}
	if cfg != "" {
		v.SetConfigFile(cfg)
		if err := v.ReadInConfig(); err != nil {
			return fmt.Errorf("config %s: %w", cfg, err)
		}
	}
	if _, err := referee.ParseMode(v.GetString("dice")); err != nil {
		return err
	}
	if !f.G.SeedSet && v.IsSet("seed") {
		if _, err := strconv.ParseUint(v.GetString("seed"), 10, 64); err != nil {
			return referee.Usagef("seed %s (from BOSUN_SEED or the config file) is not a whole number from 0 to 18446744073709551615", cmdutil.Quote(v.GetString("seed")))
		}
	}
	return nil
}
