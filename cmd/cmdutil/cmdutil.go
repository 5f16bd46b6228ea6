// Package cmdutil holds what every bosun command shares: the factory built
// from the global flags (IO, config, dice, prompter, store, tables), output
// rendering (tables, tab-separated rows, --json) and error helpers.
package cmdutil

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/tables"
	"github.com/mattn/go-isatty"
	"github.com/spf13/viper"
)

// ExitHelp ends every command's long help: the exit codes bosun keeps.
const ExitHelp = `

Exit status: 0 success; 2 bad usage or bad input (a missing or refused answer,
a missing flag, an unreadable answers file, a save that cannot be vouched for:
see bosun salvage); 3 the session is in use by another bosun process (run the
command again once that one is done); 130 canceled with Ctrl-C; 1 any other
failure. A command that fails saves nothing of the step it was in (bosun next
--steps keeps the steps done before it). With --json a failure prints
{"error": {"code": N, "message": "...", "key": "..."}}.`

// CanceledError is a Ctrl-C that stopped a command: nothing of the work in
// progress was saved (session, tables overlay, answers cursor). Detail says
// what earlier steps of the same command did save, if any.
type CanceledError struct {
	Detail string
	// AtMenu: Ctrl-C at bosun play's menu, with no step in progress.
	AtMenu bool
}

func (e *CanceledError) Error() string {
	if e.AtMenu {
		return "canceled at the menu; no step was in progress" + e.Detail
	}
	return "canceled; nothing was saved" + e.Detail
}

// Unwrap makes errors.Is(err, referee.ErrCanceled) true.
func (e *CanceledError) Unwrap() error { return referee.ErrCanceled }

// ErrorDoc is the one JSON document a failed command prints on stdout with
// --json.
type ErrorDoc struct {
	Error ErrorBody `json:"error"`
}

// ErrorBody says why a command failed: its exit code, the message printed
// on stderr, and the key of the question when an answer was missing or
// refused.
type ErrorBody struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Key     string `json:"key,omitempty"`
}

// refusedAnswer matches the message of an answer the prompter refused
// (referee.Question.Normalize): `answer "x" for KEY (question) ...`.
var refusedAnswer = regexp.MustCompile(`^answer ".*?" for (\S+) \(`)

// Quote is how a message quotes a value the user gave (an answer, a name,
// a flag, an option, a path): Go-quoted, control characters escaped, at
// most safetext.MaxQuoted characters with an ellipsis.
func Quote(s string) string { return safetext.Quote(s) }

// AnswerKey returns the key of the question whose answer was missing or
// refused in err, or "" when err is about something else.
func AnswerKey(err error) string {
	var nerr *referee.NoAnswerError
	if errors.As(err, &nerr) {
		return nerr.Q.Key
	}
	var ue *referee.UsageError
	if errors.As(err, &ue) {
		if m := refusedAnswer.FindStringSubmatch(ue.Msg); m != nil {
			return m[1]
		}
	}
	return ""
}

// IO is the command's streams and what they are connected to.
type IO struct {
	In      io.Reader
	Out     io.Writer
	ErrOut  io.Writer
	TTYIn   bool
	TTYOut  bool
	NoColor bool
	ASCII   bool // ASCII table borders instead of Unicode
	Cols    int  // columns for human output; 0: the terminal's width (see Width)
	// ErrCols is the width messages on ErrOut are wrapped to; 0: the
	// terminal's when ErrOut is one, else none (see ErrWidth).
	ErrCols  int
	stdinBuf []string
	stdinRd  bool
	stdinErr error
}

// Limits on answers read from stdin, one per line.
const (
	MaxStdinLine = 64 << 10 // bytes of one line
	MaxStdin     = 16 << 20 // bytes of all of stdin
)

// System returns the process's IO.
func System() *IO {
	_, noColor := os.LookupEnv("NO_COLOR")
	return &IO{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		TTYIn:   isatty.IsTerminal(os.Stdin.Fd()),
		TTYOut:  isatty.IsTerminal(os.Stdout.Fd()),
		NoColor: noColor || os.Getenv("TERM") == "dumb",
	}
}

// Color reports whether output may be coloured.
func (o *IO) Color() bool { return o.TTYOut && !o.NoColor }

// StdinLines reads stdin once (when it is not a terminal) and returns its
// non-empty lines.
func (o *IO) StdinLines() []string {
	if o.stdinRd || o.TTYIn || o.In == nil {
		return o.stdinBuf
	}
	o.stdinRd = true
	lr := limitReader(o.In, MaxStdin+1)
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 4096), MaxStdinLine+2) // the line, \r and \n
	line := 0
	for sc.Scan() {
		line++
		if len(strings.TrimRight(sc.Text(), "\r")) > MaxStdinLine {
			o.stdinErr = stdinTooLong(line)
			break
		}
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			o.stdinBuf = append(o.stdinBuf, l)
		}
	}
	switch {
	case o.stdinErr != nil:
	case errors.Is(sc.Err(), bufio.ErrTooLong):
		o.stdinErr = stdinTooLong(line + 1)
	case sc.Err() != nil:
		o.stdinErr = referee.Usagef("standard input: %v", sc.Err())
	case lr.N <= 0:
		o.stdinErr = referee.Usagef("standard input is larger than the limit of %s for answers; give the answers in a file with --answers", safetext.Size(MaxStdin))
	}
	if o.stdinErr != nil {
		// No answer is taken from an input that was not read whole: a
		// dropped line would shift every later answer onto the wrong
		// question.
		o.stdinBuf = nil
	}
	return o.stdinBuf
}

func limitReader(r io.Reader, n int64) *io.LimitedReader { return &io.LimitedReader{R: r, N: n} }

func stdinTooLong(line int) error {
	return referee.Usagef("standard input: line %d is longer than the limit of %s for one answer; no answer was taken from standard input", line, safetext.Size(MaxStdinLine))
}

// StdinErr is why stdin could not be read as answers (a line or the whole
// input over its limit), or nil.
func (o *IO) StdinErr() error { return o.stdinErr }

// stdinPrompter answers nothing: it is asked when stdin has no line left,
// and says why stdin gave none when it could not be read.
type stdinPrompter struct{ io *IO }

func (p stdinPrompter) Ask(q referee.Question) (string, error) {
	if err := p.io.StdinErr(); err != nil {
		return "", err
	}
	return "", &referee.NoAnswerError{Q: q}
}

// Globals are the root command's persistent flags.
type Globals struct {
	JSON    bool
	DataDir string
	Config  string
	Seed    uint64
	SeedSet bool
	Dice    string
	Set     []string
	Answers []string
	Session string
	ASCII   bool
}

// Factory builds what commands need from the global flags.
type Factory struct {
	IO     *IO
	G      *Globals
	V      *viper.Viper
	Now    func() time.Time
	prompt *referee.Scripted
	tables *tables.Set
	// Terminal, when set, is the interactive prompter used when a question
	// has no scripted answer and stdin is a terminal.
	Terminal func(io *IO) referee.Prompter
	// Hooks connect the session commands to other command groups; the root
	// sets them where it builds the command tree.
	Hooks          Hooks
	dataDirChecked bool
	// Started is set by the root once cobra has checked the command line
	// and begun running a command: an error before that is bad usage.
	Started bool
}

// Hooks are what the session commands borrow from other command groups
// (cmd/session cannot import them: they sit beside it under the root). A
// nil hook means the feature is not in this build.
type Hooks struct {
	// Why returns the rule text of a cited section id (bosun log --why).
	Why func(id string) string
	// Search answers a rules question for the play menu, printing to w;
	// answer is the id of the section shown first ("" for no ruling).
	Search func(f *Factory, game, query string, w io.Writer) (answer string, err error)
	// NextStep runs one step of s as bosun next does (its answers, --set
	// and the answers file first, then f's prompter), for bosun serve
	// --answer; it does not save.
	NextStep func(f *Factory, s *referee.Session) error
	// RunCommand runs a bosun command line from the play menu (the battle
	// calculators and other one-shots).
	RunCommand func(args []string) error
	// BeforeComplete loads the config (data dir, env) before a shell
	// completion lists sessions.
	BeforeComplete func()
}

// New returns a factory over io with fresh globals and its own viper.
func New(io *IO) *Factory {
	return &Factory{IO: io, G: &Globals{}, V: viper.New(), Now: time.Now}
}

// DataDir is where sessions are saved. The first call warns on stderr
// when the directory exists and is open to other users.
func (f *Factory) DataDir() string {
	d := f.dataDir()
	if !f.dataDirChecked {
		f.dataDirChecked = true
		if w := OpenDirWarning("data dir", d); w != "" {
			f.IO.Message(strings.TrimPrefix(w, "bosun: "))
		}
	}
	return d
}

func (f *Factory) dataDir() string {
	if d := f.V.GetString("data-dir"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "bosun")
	}
	return filepath.Join(home(), ".local", "share", "bosun")
}

// home is $HOME ("" when it is unset; CheckDirs refuses to run then).
func home() string {
	h, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return h
}

// ConfigDir is where config.yaml and tables.yaml live.
func (f *Factory) ConfigDir() string {
	if f.G.Config != "" {
		return filepath.Dir(f.G.Config)
	}
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" {
		return filepath.Join(d, "bosun")
	}
	return filepath.Join(home(), ".config", "bosun")
}

// CheckDirs refuses to run when neither the data dir nor the config dir
// can be placed: with HOME and the XDG variables unset they would be
// relative paths, and bosun would write .local/share/bosun into whatever
// directory it was started in.
func (f *Factory) CheckDirs() error {
	if home() != "" && filepath.IsAbs(home()) {
		return nil
	}
	var missing []string
	if f.V.GetString("data-dir") == "" && os.Getenv("XDG_DATA_HOME") == "" {
		missing = append(missing, "the data dir (give --data-dir DIR, BOSUN_DATA_DIR or XDG_DATA_HOME)")
	}
	if f.G.Config == "" && os.Getenv("XDG_CONFIG_HOME") == "" {
		missing = append(missing, "the config dir (give --config FILE or XDG_CONFIG_HOME)")
	}
	if len(missing) == 0 {
		return nil
	}
	return referee.Usagef("HOME is not set, so bosun cannot tell where to keep %s; set HOME, or the variables named (bosun does not write into the current directory)", strings.Join(missing, " or "))
}

// OpenDirWarning returns a warning when dir exists and other users may
// read or enter it (any group or other permission), or "".
func OpenDirWarning(what, dir string) string {
	info, err := os.Stat(dir)
	if err != nil || !info.IsDir() || info.Mode().Perm()&0o077 == 0 {
		return ""
	}
	return fmt.Sprintf("bosun: warning: %s %s is open to other users (mode %04o), and bosun leaves an existing directory as it is: run chmod 700 %s", what, safetext.Escape(dir), info.Mode().Perm(), safetext.Escape(dir))
}

// Store is the session store.
func (f *Factory) Store() *store.Store { return &store.Store{Dir: f.DataDir()} }

// Tables loads the embedded tables with the user's overlay.
func (f *Factory) Tables() (*tables.Set, error) {
	if f.tables != nil {
		return f.tables, nil
	}
	overlay := f.V.GetString("tables")
	if overlay == "" {
		overlay = filepath.Join(f.ConfigDir(), "tables.yaml")
	}
	t, err := store.LoadTables(overlay)
	if err != nil {
		return nil, err
	}
	f.tables = t
	return t, nil
}

// FlushTables writes the values asked once during this command to the
// user's overlay; DiscardTables forgets those of a step that failed.
func (f *Factory) FlushTables() error {
	if f.tables == nil {
		return nil
	}
	return store.FlushTables(f.tables)
}

// OpenSession opens a saved session for writing (store.OpenForWrite:
// the handle holds its lock until Close) and gives the tables overlay the
// board values the session committed that the overlay lacks.
func (f *Factory) OpenSession(name string) (*store.Handle, error) {
	h, err := f.Store().OpenForWrite(name)
	if err != nil {
		return nil, err
	}
	if err := f.ReplayPending(h.Session); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

// SaveStep saves a step of an opened session together with the board
// values it remembered in the tables overlay: both or neither
// (store.SaveStep).
func (f *Factory) SaveStep(h *store.Handle) error {
	return h.SaveStep(f.tables)
}

// ReplayPending gives the tables overlay the board values a loaded session
// committed that the overlay lacks (a process killed between the two
// writes of a step); they are written when the command succeeds.
func (f *Factory) ReplayPending(s *referee.Session) error {
	if len(s.Pending) == 0 {
		return nil
	}
	t, err := f.Tables()
	if err != nil {
		return err
	}
	return store.ReplayPending(s, t)
}

// DiscardTables forgets the values remembered since the last flush.
func (f *Factory) DiscardTables() {
	if f.tables != nil {
		f.tables.Discard()
	}
}

// Prompter returns the scripted prompter fed by --set, --answers and stdin,
// falling back to the terminal when stdin is one.
func (f *Factory) Prompter() (*referee.Scripted, error) {
	if f.prompt != nil {
		return f.prompt, nil
	}
	p := referee.NewScripted()
	p.RefuseEmpty = true // --set key= is refused, not taken as the default
	stdinAnswers := false
	for _, file := range f.G.Answers {
		var r io.Reader
		name := file
		if file == "-" {
			r = f.IO.In
			name = "standard input"
			stdinAnswers = true
		} else {
			fh, err := os.Open(file)
			if err != nil {
				return nil, referee.Usagef("--answers: %v", err)
			}
			defer fh.Close()
			r = fh
		}
		ans, err := referee.ParseAnswers(r, name)
		if err != nil {
			// A directory opens but cannot be read: still a bad --answers.
			return nil, referee.Usagef("--answers %v; give a readable YAML or key=value file, or - for stdin", err)
		}
		p.AddAnswers(ans)
	}
	for _, s := range f.G.Set {
		k, v, ok := strings.Cut(s, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, referee.Usagef("--set %s: expected key=value", Quote(s))
		}
		p.Set(strings.TrimSpace(k), strings.TrimSpace(v), "set")
	}
	if !stdinAnswers {
		if f.IO.TTYIn {
			if f.Terminal != nil {
				p.Fallback = f.Terminal(f.IO)
			}
		} else {
			p.LinesFunc = f.IO.StdinLines
			p.Fallback = stdinPrompter{f.IO}
		}
	}
	f.prompt = p
	return p, nil
}

// HasAnswersFiles reports whether --answers files were given.
func (f *Factory) HasAnswersFiles() bool { return len(f.G.Answers) > 0 }

// Seed returns --seed, or a seed from the clock when none was given.
func (f *Factory) Seed() uint64 {
	if f.G.SeedSet {
		return f.G.Seed
	}
	if f.V.IsSet("seed") {
		return f.V.GetUint64("seed")
	}
	return uint64(f.Now().UnixNano())
}

// DiceMode returns the --dice mode.
func (f *Factory) DiceMode() (referee.Mode, error) {
	return referee.ParseMode(f.V.GetString("dice"))
}

// Dice builds one-shot dice (not a session's) from --seed and --dice.
func (f *Factory) Dice() (*referee.Dice, error) {
	mode, err := f.DiceMode()
	if err != nil {
		return nil, err
	}
	p, err := f.Prompter()
	if err != nil {
		return nil, err
	}
	return referee.NewDice(mode, f.Seed(), p), nil
}

// Env builds a referee env for one-shot commands.
func (f *Factory) Env() (*referee.Env, error) {
	d, err := f.Dice()
	if err != nil {
		return nil, err
	}
	t, err := f.Tables()
	if err != nil {
		return nil, err
	}
	return &referee.Env{Dice: d, Prompt: d.Prompt, Tables: t}, nil
}

// SessionName returns --session, BOSUN_SESSION or the most recent session.
func (f *Factory) SessionName() (string, error) {
	if n := f.V.GetString("session"); n != "" {
		return n, nil
	}
	if n := f.Store().Current(); n != "" {
		return n, nil
	}
	return "", referee.Usagef("no session: start one with bosun new GAME --players ..., or name one with --session NAME")
}

// JSON writes v as one indented JSON document, its control characters
// escaped as JSON escapes (safetext.EscapeJSON): a DEL or a C1 control in
// a player's name is written \u007f, never raw nor as \x7f.
func JSON(w io.Writer, v any) error {
	enc := json.NewEncoder(JSONWriter(w))
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// JSONWriter returns a writer for JSON text to w: the control characters
// written through it are escaped as JSON escapes (safetext.EscapeJSON),
// for the JSON writers that do not go through JSON (bosun export copies
// the log file's lines).
func JSONWriter(w io.Writer) io.Writer {
	return &safetext.Writer{W: w, JSON: true}
}

// Render prints v as JSON with --json, else calls text; on a terminal,
// the text is wrapped at words to its width (see WrapText).
func (f *Factory) Render(v any, text func(w io.Writer) error) error {
	if f.G.JSON {
		return JSON(f.IO.Out, v)
	}
	if !f.IO.TTYOut {
		return text(f.IO.Out)
	}
	ww := NewWrapWriter(f.IO.Out, f.IO.Width())
	err := text(ww)
	if ferr := ww.Flush(); err == nil {
		err = ferr
	}
	return err
}
