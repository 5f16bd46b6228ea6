// Package rules holds `bosun rules`: search, show and list the rulebooks,
// their errata and glossary, and manage extra manuals.
package rules

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/spf13/cobra"
)

const exitHelp = cmdutil.ExitHelp

// NewCmd builds `bosun rules` and its subcommands.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "Search the rulebooks, errata and official Q&A",
		Long:  cmdutil.WrapText("Answer rules questions from the "+all.CountWord()+" rulebooks, offline: search in your own words, show a section with its errata and official Q&A, list the contents, the errata and the glossary, and add manuals you own (expansions) to the search.", 76) + exitHelp,
		Example: `  bosun rules search max dice in a sword fight
  bosun rules show misty-waters/step-4b-boarding-battle
  bosun rules toc --game rolling-seas
  bosun rules glossary prosperity`,
	}
	cmd.AddCommand(NewCmdSearch(f, nil), NewCmdShow(f, nil), NewCmdTOC(f, nil), NewCmdErrata(f, nil),
		NewCmdGlossary(f, nil), NewCmdAdd(f, nil), NewCmdRemove(f, nil))
	return cmd
}

// library opens the rulebooks plus the user's manuals.
func library(f *cmdutil.Factory) (*rulesref.Library, error) {
	return rulesref.Open(f.DataDir())
}

func gameFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVarP(p, "game", "g", "", usage)
	_ = cmd.RegisterFlagCompletionFunc("game", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return rulesref.GameIDs(), cobra.ShellCompDirectiveNoFileComp
	})
}

func resolveGame(name string) ([]string, error) {
	if strings.TrimSpace(name) == "" {
		return nil, nil
	}
	// Ids and aliases are the games list's (games/all); the rules index
	// answers for the games whose rulebook it holds.
	id := strings.ToLower(strings.TrimSpace(name))
	if g, err := all.Resolve(name); err == nil {
		id = g.Info().ID
	}
	g, ok := rulesref.ResolveGame(id)
	if !ok {
		return nil, referee.Usagef("rules: unknown game %q (accepted: %s, or an alias: %s, ...)", name, strings.Join(rulesref.GameIDs(), ", "), all.ShortAliases())
	}
	return []string{g}, nil
}

// SearchOptions are the inputs of bosun rules search.
type SearchOptions struct {
	F        *cmdutil.Factory
	Query    string
	Game     string
	Limit    int
	AllGames bool
	Brief    bool
	// switched is the session's game when the answer comes from another
	// game (find)
	switched string
	// session is the session's game for bosun play, which says no
	// "Searching ..." line ("" for the current session's, sessionGame)
	session string
}

// NewCmdSearch builds `bosun rules search`.
func NewCmdSearch(f *cmdutil.Factory, runF func(*SearchOptions) error) *cobra.Command {
	opts := &SearchOptions{F: f}
	cmd := &cobra.Command{
		Use:   "search QUERY...",
		Short: "Find the rulebook passage that answers a question",
		Long: `Search the rulebooks, errata and official Q&A for a question asked in your
own words ("can pirates shoot me at the tavern?"). The answer comes
first: the sentence of the best passage that settles the question (bold on a
terminal), its title path and id, then one line for each further result;
then the best passage itself, cut with "…" where the section goes on. Words
of the question are highlighted on a terminal (not when piped or with
NO_COLOR), and passages amended by an errata or the official Q&A are
flagged. With --json each result carries the whole passage (text) and the
answering sentence (answer).

Table talk is understood (sword fight = Boarding Battle, storm = Wind Force,
bot = Captain Ironside or the Marauders, money = coins ...), typos are
forgiven, "quoted words" must appear as a phrase, and the game is detected
from its own words or taken from --game. With a current session, its game
is searched; a question that names another game, or that another game's
rulebook answers far better ("hire a pirate" at a Quests & Cannons table),
gets that game's answer, said in one line; with no session and no game named,
a question several games answer shows each game's answer, named. --all-games
searches every game,
--game only the one named. When nothing answers well enough, bosun says so
instead of guessing.` + exitHelp,
		Example: `  bosun rules search max dice in a sword fight
  bosun rules search --game rs what if all three wind dice match
  bosun rules search --all-games how many actions per turn
  bosun rules search '"hull hit"' --limit 1
  bosun rules search --json --limit 3 can pirates shoot at me at the tavern`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Query = strings.TrimSpace(strings.Join(args, " "))
			if opts.Query == "" {
				return referee.Usagef("rules search: empty query (give a question, e.g. bosun rules search max dice in a sword fight)")
			}
			if opts.Limit < 1 || opts.Limit > 100 {
				return referee.Usagef("rules search: --limit %d out of range (1-100)", opts.Limit)
			}
			if runF != nil {
				return runF(opts)
			}
			return searchRun(opts)
		},
	}
	gameFlag(cmd, &opts.Game, "search only this game (id or alias: "+all.ShortAliases()+"; default: the current session's game)")
	cmd.Flags().BoolVar(&opts.AllGames, "all-games", false, "search every game, not only the current session's (--game wins)")
	cmd.Flags().IntVarP(&opts.Limit, "limit", "n", 5, "number of results (1-100)")
	cmd.Flags().BoolVar(&opts.Brief, "brief", false, "the answer and one line per further result, without the passage (as bosun play shows it)")
	return cmd
}

// sessionGame is the game of the current session, if any: the default
// game of a search.
func sessionGame(f *cmdutil.Factory) string {
	name := f.V.GetString("session")
	st := f.Store()
	if name == "" {
		name = st.Current()
	}
	if name == "" {
		return ""
	}
	return st.GameOf(name)
}

func searchRun(opts *SearchOptions) error {
	f := opts.F
	res, scope, err := find(opts)
	if err != nil {
		return err
	}
	return f.Render(res, func(w io.Writer) error {
		printSearch(w, opts, res, scope)
		return nil
	})
}

// Answer answers a rules question for bosun play: the search of bosun
// rules search --brief --limit 3 with game as the session's game, shown
// on w, and the id of the section shown first ("" for no ruling). The id
// recorded is the one shown: there is one search.
func Answer(f *cmdutil.Factory, game, query string, w io.Writer) (string, error) {
	opts := &SearchOptions{F: f, Query: query, session: game, Limit: 3, Brief: true}
	res, scope, err := find(opts)
	if err != nil {
		return "", err
	}
	printSearch(w, opts, res, scope)
	if len(res) == 0 {
		return "", nil
	}
	return res[0].ID, nil
}

// find runs the search of opts: the game named by --game, else the
// current session's unless the question names another game. scope is the
// session's game when the search kept to it.
func find(opts *SearchOptions) (res []rulesref.Result, scope string, err error) {
	f := opts.F
	games, err := resolveGame(opts.Game)
	if err != nil {
		return nil, "", err
	}
	lib, err := library(f)
	if err != nil {
		return nil, "", err
	}
	so := rulesref.SearchOptions{Games: games, Limit: opts.Limit}
	if len(games) == 0 {
		sg := opts.session
		if sg == "" {
			sg = sessionGame(f)
		}
		named := rulesref.NamedGame(opts.Query)
		switch {
		case sg == "":
		case opts.AllGames || named != "" && named != sg:
			// all games, or the one the question names; the session's
			// game is still favoured when the question names none
			so.Prefer = sg
		default:
			so.Games = []string{sg}
			scope = sg
		}
	}
	res = lib.Search(opts.Query, so)
	if scope != "" {
		// the session's game is the default, not a wall: a question another
		// game's rulebook answers far better ("hire a pirate", "isle of
		// myth" at a Quests & Cannons table) gets that game's answer, and
		// "no ruling" is never the answer when another game has one
		// (its first result is ranked alone, without passages or answers,
		// and the whole search is made only when it is shown)
		all := rulesref.SearchOptions{Limit: opts.Limit, Prefer: scope}
		top := all
		top.TopOnly = true
		alt := lib.Search(opts.Query, top)
		if len(alt) > 0 && alt[0].Game != scope && (len(res) == 0 || alt[0].Score >= otherGameRatio*res[0].Score ||
			rulesref.GameOfWords(opts.Query) == alt[0].Game && alt[0].Score >= otherGameWordsRatio*res[0].Score) {
			opts.switched = scope
			res, scope = lib.Search(opts.Query, all), ""
		}
	}
	if res == nil {
		res = []rulesref.Result{}
	}
	return res, scope, nil
}

// A search kept to the current session's game answers from another game
// when that game's best passage scores otherGameRatio times the session
// game's, or otherGameWordsRatio times when the question uses words only
// that game's rulebook has (rulesref.GameOfWords). Measured on questions
// asked with a session of each game: "max ammo" at a Quests & Cannons
// table scores 23.6 there and 25.3 in War for Atraxia (stays), "do i pay
// upkeep" 15.7 against 59.9 (moves).
const (
	// otherGameAnswer: a further result of a game not shown yet scoring
	// this share of the first shows its answer line too, named
	otherGameAnswer     = 0.6
	otherGameRatio      = 2.5
	otherGameWordsRatio = 1.5
)

// printSearch writes the results of a search for people.
func printSearch(w io.Writer, opts *SearchOptions, res []rulesref.Result, scope string) {
	f := opts.F
	if scope != "" && opts.session == "" {
		fmt.Fprintln(w, cmdutil.WrapIndent(fmt.Sprintf("Searching %s (the current session); --all-games for all.", gameName(scope)), f.IO.Width(), ""))
	}
	if opts.switched != "" && len(res) > 0 {
		fmt.Fprintln(w, cmdutil.WrapIndent(fmt.Sprintf("Answered from %s: %s (the current session) has no rule that answers it as well; --game %s keeps to it.",
			gameName(res[0].Game), gameName(opts.switched), opts.switched), f.IO.Width(), ""))
	}
	if len(res) == 0 {
		fmt.Fprintf(w, "No ruling found for %q.\n", opts.Query)
		if why, ok := rulesref.Elsewhere(opts.Query); ok {
			fmt.Fprintf(w, "That question %s.\nbosun answers only from the rulebooks of its games (bosun games lists them).\n", why)
			return
		}
		if scope != "" {
			fmt.Fprintln(w, "Try other words, search every game (--all-games), or browse: bosun rules toc")
			return
		}
		fmt.Fprintln(w, "Try other words, name the game (--game), or browse: bosun rules toc")
		return
	}
	printResults(w, res, f.IO.Color(), f.IO.Width(), opts.Brief)
}

// gameName is a game's display name ("Misty Waters"), or its id.
func gameName(id string) string {
	if g, err := all.Resolve(id); err == nil {
		return g.Info().Name
	}
	return id
}

// printResults prints the answer first, so that it is on the first screen
// of a small terminal: the best result's title path, its id and game and
// its answering sentence(s); then one line for each further result; then
// the best result's passage (cut with "…" where the section goes on) and
// the errata and Q&A that amend it. Brief stops before the passage, with
// the command that shows it (bosun play, whose menu follows the answer on
// a small screen).
func printResults(w io.Writer, res []rulesref.Result, color bool, width int, brief bool) {
	width = max(width, 40)
	r := res[0]
	flag := ""
	if len(r.Notes) > 0 {
		flag = "  [" + noteFlag(r.Notes) + "]"
	}
	for i, l := range strings.Split(cmdutil.WrapIndent(r.Path+flag, width-3, ""), "\n") {
		if i == 0 {
			fmt.Fprintln(w, "1. "+bold(l, color))
		} else {
			fmt.Fprintln(w, "   "+bold(l, color))
		}
	}
	fmt.Fprintf(w, "   %s · %s\n", r.ID, gameName(r.Game))
	if r.Answer != "" {
		for _, l := range strings.Split(cmdutil.WrapIndent(r.Answer, width-3, ""), "\n") {
			fmt.Fprintln(w, "   "+bold(l, color))
		}
	}
	shown := map[string]bool{r.Game: true}
	for i, o := range res[1:] {
		flag := ""
		if len(o.Notes) > 0 {
			flag = " [" + noteFlag(o.Notes) + "]"
		}
		line := fmt.Sprintf("%d. %s  %s%s", i+2, o.ID, o.Path, flag)
		fmt.Fprintln(w, cmdutil.Truncate(line, width))
		if !shown[o.Game] && o.Answer != "" && o.Score >= otherGameAnswer*r.Score && o.Manual == "" {
			// another game answers about as well: its answer too, named
			// ("how many actions do we get on a turn" has one per game)
			shown[o.Game] = true
			for _, l := range strings.Split(cmdutil.WrapIndent(gameName(o.Game)+": "+o.Answer, width-3, ""), "\n") {
				fmt.Fprintln(w, "   "+l)
			}
		}
	}
	if brief {
		fmt.Fprintf(w, "Whole passage: bosun rules show %s\n", r.ID)
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%s\n", bold("1. "+r.ID, color))
	if r.CutBefore {
		fmt.Fprintln(w, "   …")
	}
	var pieces []string
	if r.Answer != "" {
		pieces = strings.Split(r.Answer, rulesref.AnswerGap)
	}
	for _, l := range strings.Split(r.Text, "\n") {
		fmt.Fprintln(w, "   "+boldPieces(l, pieces, r.Terms, color))
	}
	if r.CutAfter {
		fmt.Fprintln(w, "   …")
	}
	for _, n := range r.Notes {
		printNote(w, n, color)
	}
	if len(res) > 1 {
		fmt.Fprintf(w, "\nRead another result whole: bosun rules show %s\n", res[1].ID)
	}
}

// boldPieces highlights line, the pieces of the answer it holds in bold
// (on a terminal).
func boldPieces(l string, pieces, terms []string, color bool) string {
	if !color {
		return l
	}
	for _, p := range pieces {
		if k := strings.Index(l, p); p != "" && k >= 0 {
			a := k + len(p)
			return highlight(l[:k], terms, color) + bold(p, color) + boldPieces(l[a:], pieces, terms, color)
		}
	}
	return highlight(l, terms, color)
}

func noteFlag(ns []rulesref.Note) string {
	kinds := map[string]bool{}
	for _, n := range ns {
		kinds[n.Kind] = true
	}
	var out []string
	if kinds[rulesref.KindErrata] {
		out = append(out, "ERRATA")
	}
	if kinds[rulesref.KindQA] {
		out = append(out, "OFFICIAL Q&A")
	}
	if kinds[rulesref.NoteFAQ] {
		out = append(out, "FAQ")
	}
	return strings.Join(out, ", ")
}

func printNote(w io.Writer, n rulesref.Note, color bool) {
	label := "Errata"
	switch n.Kind {
	case rulesref.KindQA:
		label = "Official Q&A"
	case rulesref.NoteFAQ:
		label = "FAQ"
	}
	fmt.Fprintf(w, "   %s %s\n", bold(label+":", color), n.Text)
	for _, r := range n.Reading {
		fmt.Fprintf(w, "   %s %s\n", bold("Now reads:", color), r)
	}
}

func bold(s string, color bool) string {
	if !color {
		return s
	}
	return "\x1b[1m" + s + "\x1b[0m"
}

// highlight marks the words of line that matched the query.
func highlight(line string, terms []string, color bool) string {
	if !color || len(terms) == 0 {
		return line
	}
	want := map[string]bool{}
	for _, t := range terms {
		want[t] = true
	}
	var sb strings.Builder
	i := 0
	for i < len(line) {
		c := line[i]
		if isAlnum(c) {
			j := i
			for j < len(line) && isAlnum(line[j]) {
				j++
			}
			w := line[i:j]
			if want[strings.ToLower(w)] {
				sb.WriteString("\x1b[1;33m" + w + "\x1b[0m")
			} else {
				sb.WriteString(w)
			}
			i = j
			continue
		}
		sb.WriteByte(c)
		i++
	}
	return sb.String()
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ShowOptions are the inputs of bosun rules show.
type ShowOptions struct {
	F  *cmdutil.Factory
	ID string
}

// ShowResult is what bosun rules show prints: a search result of the
// whole section, with its sub-sections' ids.
type ShowResult struct {
	rulesref.Result
	Full     string   `json:"full"`
	Parent   string   `json:"parent,omitempty"`
	Children []string `json:"children"`
	Amends   []string `json:"amends,omitempty"`
}

// NewCmdShow builds `bosun rules show`.
func NewCmdShow(f *cmdutil.Factory, runF func(*ShowOptions) error) *cobra.Command {
	opts := &ShowOptions{F: f}
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show a rulebook section with its errata and official Q&A",
		Long: `Show a whole section (with its sub-sections), the errata and official Q&A
entries that amend it and, where an errata replaces words, the reading that
now applies. IDs are "<game>/<slug of the heading>" as printed by search and
toc; an unknown id is refused with the nearest ids.` + exitHelp,
		Example: `  bosun rules show misty-waters/step-4b-boarding-battle
  bosun rules show misty-waters/duel-arrangement --json`,
		Args: cobra.ExactArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			lib, err := library(f)
			if err != nil {
				return nil, cobra.ShellCompDirectiveError
			}
			return lib.IDs(toComplete), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = args[0]
			if runF != nil {
				return runF(opts)
			}
			return showRun(opts)
		},
	}
	return cmd
}

func showRun(opts *ShowOptions) error {
	f := opts.F
	lib, err := library(f)
	if err != nil {
		return err
	}
	s, ok := lib.Section(opts.ID)
	if !ok {
		return referee.Usagef("rules show: no section %q; nearest: %s (list them with bosun rules toc)",
			opts.ID, strings.Join(lib.Nearest(opts.ID, 5), ", "))
	}
	out := ShowResult{
		Result: rulesref.Result{Game: s.Game, ID: s.ID, Path: s.Path, Title: s.Title, Kind: s.Kind, Line: s.Line,
			Text: s.Text, Score: 0, Errata: s.Errata, Notes: s.Notes, Manual: s.Manual},
		Full: s.Full, Parent: s.Parent, Children: s.Children, Amends: s.Amends,
	}
	return f.Render(out, func(w io.Writer) error {
		color := f.IO.Color()
		fmt.Fprintln(w, bold(s.Path, color))
		fmt.Fprintf(w, "%s  (%s, line %d)\n\n", s.ID, s.Game, s.Line)
		fmt.Fprintln(w, s.Full)
		if len(s.Notes) > 0 {
			fmt.Fprintln(w)
			for _, n := range s.Notes {
				printNote(w, n, color)
			}
		}
		if len(s.Amends) > 0 {
			fmt.Fprintf(w, "\nAmends: %s\n", strings.Join(s.Amends, ", "))
		}
		if len(s.Children) > 0 {
			fmt.Fprintf(w, "\nSub-sections: %s\n", strings.Join(s.Children, ", "))
		}
		return nil
	})
}

// ListOptions are the inputs of toc, errata and glossary.
type ListOptions struct {
	F    *cmdutil.Factory
	Game string
	Term string
}

// NewCmdTOC builds `bosun rules toc`.
func NewCmdTOC(f *cmdutil.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{F: f}
	cmd := &cobra.Command{
		Use:   "toc",
		Short: "List the sections of the rulebooks",
		Long:  `List every section of the rulebooks (and added manuals) as an indented table of contents with its id.` + exitHelp,
		Example: `  bosun rules toc --game misty-waters
  bosun rules toc --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return tocRun(opts)
		},
	}
	gameFlag(cmd, &opts.Game, "list only this game")
	return cmd
}

func tocRun(opts *ListOptions) error {
	games, err := resolveGame(opts.Game)
	if err != nil {
		return err
	}
	lib, err := library(opts.F)
	if err != nil {
		return err
	}
	toc := lib.TOC(games...)
	return opts.F.Render(toc, func(w io.Writer) error {
		last := ""
		for _, e := range toc {
			if e.Game != last {
				if last != "" {
					fmt.Fprintln(w)
				}
				fmt.Fprintln(w, bold(e.Game, opts.F.IO.Color()))
				last = e.Game
			}
			fmt.Fprintf(w, "%s%s  %s\n", strings.Repeat("  ", e.Level), e.Title, e.ID)
		}
		return nil
	})
}

// NewCmdErrata builds `bosun rules errata`.
func NewCmdErrata(f *cmdutil.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{F: f}
	cmd := &cobra.Command{
		Use:   "errata",
		Short: "List the official errata and Q&A with the sections they amend",
		Long: `List the official errata and interpretation (Q&A) entries, each with the
sections it amends and, where an errata replaces words, the reading that now
applies. Only Misty Waters has official errata and Q&A.` + exitHelp,
		Example: `  bosun rules errata
  bosun rules errata --game mw --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return errataRun(opts)
		},
	}
	gameFlag(cmd, &opts.Game, "list only this game")
	return cmd
}

func errataRun(opts *ListOptions) error {
	games, err := resolveGame(opts.Game)
	if err != nil {
		return err
	}
	lib, err := library(opts.F)
	if err != nil {
		return err
	}
	es := lib.Errata(games...)
	if es == nil {
		es = []rulesref.ErrataEntry{}
	}
	return opts.F.Render(es, func(w io.Writer) error {
		if len(es) == 0 {
			fmt.Fprintln(w, "No errata or official Q&A for this game.")
			return nil
		}
		color := opts.F.IO.Color()
		for i, e := range es {
			printNote(w, e.Note, color)
			fmt.Fprintf(w, "   id: %s\n", e.ID)
			for k, a := range e.Amends {
				fmt.Fprintf(w, "   amends: %s (%s)\n", e.Paths[k], a)
			}
			if i < len(es)-1 {
				fmt.Fprintln(w)
			}
		}
		return nil
	})
}

// NewCmdGlossary builds `bosun rules glossary`.
func NewCmdGlossary(f *cmdutil.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{F: f}
	cmd := &cobra.Command{
		Use:   "glossary [TERM]",
		Short: "Look up defined terms",
		Long: `List the glossary, or the entries for TERM. Quests & Cannons prints a
glossary; for the other games bosun builds one from the headings and bold
lead-ins, defined by the first sentence of their text.` + exitHelp,
		Example: `  bosun rules glossary prosperity
  bosun rules glossary --game misty-waters
  bosun rules glossary "weather refuge" --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Term = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return glossaryRun(opts)
		},
	}
	gameFlag(cmd, &opts.Game, "only this game")
	return cmd
}

func glossaryRun(opts *ListOptions) error {
	games, err := resolveGame(opts.Game)
	if err != nil {
		return err
	}
	lib, err := library(opts.F)
	if err != nil {
		return err
	}
	es := lib.Glossary(opts.Term, games...)
	if opts.Term != "" && len(es) == 0 {
		return referee.Usagef("rules glossary: no term %q (list all with bosun rules glossary, or search: bosun rules search %s)", opts.Term, opts.Term)
	}
	if es == nil {
		es = []rulesref.GlossaryEntry{}
	}
	return opts.F.Render(es, func(w io.Writer) error {
		rows := make([][]string, 0, len(es))
		for _, e := range es {
			rows = append(rows, []string{e.Game, e.Term, e.Text, e.ID})
		}
		return opts.F.Table(w, []string{"GAME", "TERM", "DEFINITION", "ID"}, rows)
	})
}

// AddOptions are the inputs of bosun rules add.
type AddOptions struct {
	F     *cmdutil.Factory
	File  string
	Game  string
	Title string
}

// NewCmdAdd builds `bosun rules add`.
func NewCmdAdd(f *cmdutil.Factory, runF func(*AddOptions) error) *cobra.Command {
	opts := &AddOptions{F: f}
	cmd := &cobra.Command{
		Use:   "add FILE --game G [--title T]",
		Short: "Add a manual you own to the rules search",
		Long: `Index an extra manual you own (for example the 'Empires Expansion Rules',
'Pirate Faction' or 'Solo & Cooperative' manuals Misty Waters refers to) as
plain text, one heading or paragraph per line. It is stored under the data
dir (rules/), searched with the rulebooks and removable with
bosun rules remove. An empty or non-text file is refused and nothing is
stored.` + exitHelp,
		Example: `  bosun rules add empires.txt --game misty-waters --title "Empires Expansion Rules"
  bosun rules search --game mw empires nation abilities`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if opts.Game == "" {
				return referee.Usagef("rules add: --game is required (accepted: %s)", strings.Join(rulesref.GameIDs(), ", "))
			}
			if runF != nil {
				return runF(opts)
			}
			return addRun(opts)
		},
	}
	gameFlag(cmd, &opts.Game, "the game the manual belongs to (required)")
	cmd.Flags().StringVar(&opts.Title, "title", "", "the manual's title (default: the file name)")
	return cmd
}

func usageErr(err error) error {
	if errors.Is(err, rulesref.ErrBadManual) {
		return referee.Usagef("%s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), rulesref.ErrBadManual.Error()), ": "))
	}
	return err
}

func addRun(opts *AddOptions) error {
	games, err := resolveGame(opts.Game)
	if err != nil {
		return err
	}
	game := opts.Game
	if len(games) == 1 {
		game = games[0]
	}
	m, err := rulesref.AddManual(opts.F.DataDir(), opts.File, game, opts.Title)
	if err != nil {
		return usageErr(err)
	}
	return opts.F.Render(m, func(w io.Writer) error {
		fmt.Fprintf(w, "Added %q to %s as %s (%s).\n", m.Title, m.Game, m.ID, referee.Count(m.Sections, "section"))
		return nil
	})
}

// RemoveOptions are the inputs of bosun rules remove.
type RemoveOptions struct {
	F    *cmdutil.Factory
	Name string
}

// NewCmdRemove builds `bosun rules remove`.
func NewCmdRemove(f *cmdutil.Factory, runF func(*RemoveOptions) error) *cobra.Command {
	opts := &RemoveOptions{F: f}
	cmd := &cobra.Command{
		Use:     "remove MANUAL",
		Short:   "Remove a manual added with bosun rules add",
		Long:    `Remove an added manual, named by its id (<game>/<title slug>) or title.` + exitHelp,
		Example: `  bosun rules remove misty-waters/empires-expansion-rules`,
		Args:    cobra.ExactArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			ms, _ := rulesref.ListManuals(f.DataDir())
			var out []string
			for _, m := range ms {
				out = append(out, m.ID+"\t"+m.Title)
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Name = args[0]
			if runF != nil {
				return runF(opts)
			}
			return removeRun(opts)
		},
	}
	return cmd
}

func removeRun(opts *RemoveOptions) error {
	m, err := rulesref.RemoveManual(opts.F.DataDir(), opts.Name)
	if err != nil {
		return usageErr(err)
	}
	return opts.F.Render(m, func(w io.Writer) error {
		fmt.Fprintf(w, "Removed %q (%s).\n", m.Title, m.ID)
		return nil
	})
}
