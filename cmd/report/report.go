// Package report holds `bosun report`: the chronicle of a session
// (package referee/chronicle) as Markdown, as one self-contained HTML file
// with inline SVG charts, as terminal text with small bar charts, or as
// JSON.
package report

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/spf13/cobra"
)

// Formats of the report.
const (
	FormatMarkdown = "md"
	FormatHTML     = "html"
	// FormatTerminal is the Markdown with text bar charts instead of
	// tables of values: what a terminal shows without --format.
	FormatTerminal = "terminal"
)

// Options are the arguments of `bosun report`.
type Options struct {
	F       *cmdutil.Factory
	Session string
	Format  string // "", md or html
	Output  string
}

// NewCmd builds `bosun report`.
func NewCmd(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "report [SESSION]",
		Short: "Write the chronicle of a session: result, story, battles and their luck, charts",
		Long: `Write the chronicle of a session, finished or in progress ("so far"): the
players and options, the result (scores, ranks, winner and why, tie-breaks),
the story round by round, every battle with its exact odds before the dice
and the luck percentile of the dice that fell, the automa's and NPCs'
notable decisions, the rulings applied (rulebook section ids) and the rules
questions asked, and per game the charts of its tracks (Misty Waters: Wind
Force, Captured Islands, Silver; Rolling Seas: Renown and Story Points with
Captain Ironside; War for Atraxia: Magic Crystals, fleet strength and the
countdown; Quests & Cannons: Prosperity, Marauders in co-op) and of the
luck of every battle.

--format md (the default on a pipe or with -o FILE.md) writes Markdown;
--format html (the default with -o FILE.html) one self-contained HTML file
(no network, no scripts, no fonts) with the charts as inline SVG. In a
terminal the Markdown is printed with the charts as text bar charts that
fit the width. --json prints the same data (series per chart, battles with
odds and percentiles). Values an older save does not carry are left out
with the note "not recorded in this save".` + cmdutil.ExitHelp,
		Example: `  bosun report
  bosun report friday -o friday.html
  bosun report friday --format md > friday.md
  bosun report --json | jq '.battles[] | {title, luck}'`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Session = args[0]
			}
			switch opts.Format {
			case "", FormatMarkdown, FormatHTML:
			case "markdown":
				opts.Format = FormatMarkdown
			default:
				return referee.Usagef("--format %q: accepted: md, html", opts.Format)
			}
			if opts.Output != "" {
				if f.G.JSON {
					return referee.Usagef("--json prints the chronicle to stdout; -o takes a .md or .html file without --json")
				}
				ext := strings.ToLower(filepath.Ext(opts.Output))
				if opts.Format == "" {
					switch ext {
					case ".html", ".htm":
						opts.Format = FormatHTML
					case ".md", ".markdown", ".txt", "":
						opts.Format = FormatMarkdown
					default:
						return referee.Usagef("-o %q: name a .md or .html file, or give --format md|html", opts.Output)
					}
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "", "md or html (default: md on a pipe, from the -o file's extension, text bar charts in a terminal)")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write the report to FILE (.md or .html) instead of stdout")
	cmd.ValidArgsFunction = cmdutil.CompleteSessions(f, true)
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{FormatMarkdown, FormatHTML}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// Load reads the named (or current) session as bosun log and bosun export
// do, through the session store, and builds its chronicle.
func Load(f *cmdutil.Factory, name string) (*chronicle.Chronicle, error) {
	if name == "" {
		var err error
		if name, err = f.SessionName(); err != nil {
			return nil, err
		}
	}
	if err := store.ValidName(name); err != nil {
		return nil, err
	}
	st := f.Store()
	if !st.Exists(name) {
		return nil, referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	s, err := st.Load(name)
	if err != nil {
		return nil, err
	}
	// The chronicle is the log: one that cannot be read is refused, as
	// bosun export and bosun log refuse it, never told as "Nothing
	// happened yet." (Build reads the log without its error).
	if err := s.LoadLog(); err != nil {
		return nil, err
	}
	g, _ := all.Lookup(s.Game) // a game this bosun does not know gets the generic chronicle
	return chronicle.Build(s, g), nil
}

// Run builds the chronicle and writes it.
func Run(opts *Options) error {
	f := opts.F
	ch, err := Load(f, opts.Session)
	if err != nil {
		return err
	}
	if f.G.JSON {
		return cmdutil.JSON(f.IO.Out, ch)
	}
	format := opts.Format
	if format == "" {
		format = FormatMarkdown
		if f.IO.TTYOut && opts.Output == "" {
			format = FormatTerminal
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, ch, format, f.IO.Width()); err != nil {
		return err
	}
	if opts.Output == "" && format == FormatTerminal {
		// Long story lines wrap at words to the terminal's width, as the
		// other commands' text does; the bar charts already fit it.
		ww := cmdutil.NewWrapWriter(f.IO.Out, f.IO.Width())
		if _, err := ww.Write(buf.Bytes()); err != nil {
			return err
		}
		return ww.Flush()
	}
	if opts.Output == "" {
		_, err := f.IO.Out.Write(buf.Bytes())
		return err
	}
	if err := writeFile(opts.Output, buf.Bytes()); err != nil {
		return err
	}
	_, err = io.WriteString(f.IO.Out, "wrote "+opts.Output+"\n")
	return err
}

// Write renders ch in a format (md, html or terminal). Control characters
// from a name (a terminal escape, a backspace) are written escaped, as
// \x1b, as every output of bosun writes them (safetext.Writer): a report
// shown in a terminal or a browser holds none raw.
func Write(w io.Writer, ch *chronicle.Chronicle, format string, width int) error {
	w = &safetext.Writer{W: w}
	switch format {
	case FormatHTML:
		return HTML(w, ch)
	case FormatTerminal:
		return Markdown(w, ch, width, true)
	default:
		return Markdown(w, ch, width, false)
	}
}

// writeFile writes the report through a temp file and a rename, so that
// a failed write leaves no half report. It writes regular files only: a
// directory, a symbolic link, a FIFO or a device at path is refused
// (exit 2), never replaced (as root, -o /dev/null would replace
// /dev/null) nor followed.
func writeFile(path string, b []byte) error {
	if err := regularTarget(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".bosun-report-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	// Checked again just before the rename: what took the name meanwhile
	// is refused as well.
	if err := regularTarget(path); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// regularTarget refuses a path -o may not write: one that exists and is
// not a regular file (a symbolic link is not followed).
func regularTarget(path string) error {
	info, err := os.Lstat(path)
	if err != nil || info.Mode().IsRegular() {
		return nil // a new file (or one CreateTemp's error will name)
	}
	m := info.Mode()
	what := "not a regular file"
	switch {
	case m&fs.ModeSymlink != 0:
		what = "a symbolic link"
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a FIFO"
	case m&fs.ModeDevice != 0:
		what = "a device"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	}
	return referee.Usagef("-o %q is %s; accepted: a new or a regular file (the report is written beside it and renamed onto it), nothing was written", path, what)
}
