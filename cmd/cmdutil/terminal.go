package cmdutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/manifoldco/promptui"
	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// Terminal asks questions with promptui on a terminal. Its UI goes to
// stderr so stdout stays clean for --json. Ctrl-C returns
// referee.ErrCanceled, and nothing is saved.
//
// promptui redraws the line being edited (or a Select's list) on every
// keystroke by moving the cursor up one row per line it drew; a line wider
// than the terminal wraps, takes two rows, and each redraw then leaves a
// copy behind. So the explanation (question, where to read it, accepted
// values, key) is printed once above the prompt, wrapped to the width, and
// everything promptui redraws is one short line that fits: a label made
// from the key, list items and error reasons cut to the width, a list no
// taller than the screen.
type Terminal struct {
	io   *IO
	keys *keyReader
	// Size returns the terminal's columns and rows (GetSize on stderr, then
	// stdin; 80x24 when neither is a terminal). Tests replace it.
	Size func() (width, height int)
}

// NewTerminal returns a terminal prompter. Never use it when stdin is not a
// terminal: promptui reads ahead on pipes.
func NewTerminal(io *IO) *Terminal { return &Terminal{io: io, Size: io.termSize} }

func (o *IO) termSize() (int, int) {
	if w, h, ok := sizeOf(o.ErrOut, o.In); ok {
		return w, h
	}
	return DefaultWidth, 24
}

// sizeOf is the size of the first of streams that is a terminal (seen
// through the escaping writer the root puts over stdout).
func sizeOf(streams ...any) (width, height int, ok bool) {
	for _, s := range streams {
		if w, isSafe := s.(*safetext.Writer); isSafe {
			s = w.W
		}
		if f, isFile := s.(*os.File); isFile {
			if w, h, err := term.GetSize(int(f.Fd())); err == nil && w > 0 && h > 0 {
				return w, h, true
			}
		}
	}
	return 0, 0, false
}

// minWidth is the narrowest terminal drawn for; below it lines may wrap.
const minWidth = 20

func (t *Terminal) size() (int, int) {
	w, h := 80, 24
	if t.Size != nil {
		w, h = t.Size()
	}
	return max(w, minWidth), max(h, 6)
}

// style holds the strings that differ between colour and plain terminals
// (NO_COLOR, TERM=dumb).
type style struct {
	plain     bool
	ask, pick string
	pointer   promptui.Pointer
}

func (t *Terminal) style() style {
	if t.io.NoColor {
		return style{plain: true, ask: "?", pick: ">", pointer: promptui.PipeCursor}
	}
	return style{ask: promptui.IconInitial, pick: promptui.IconSelect}
}

// answered is an answered question's line: "label: answer".
func (s style) answered(label, answer string) string {
	if s.plain {
		return label + ": " + answer
	}
	return promptui.Styler(promptui.FGFaint)(label+":") + " " + answer
}

// answeredLine is the answered line wrapped at words to the width (it is
// printed once, never redrawn); a word too long for a row is cut by the
// fitWriter it is written through.
func (s style) answeredLine(label, answer string, width int) string {
	return WrapMessage(s.answered(label, ""), answer, width-1)
}

func (s style) red(x string) string {
	if s.plain {
		return x
	}
	return promptui.Styler(promptui.FGRed)(x)
}

func (s style) dim(x string) string {
	if s.plain {
		return x
	}
	return promptui.Styler(promptui.FGFaint)(x)
}

// Explain returns the lines printed once above a prompt: the question, where
// to read the answer, the accepted values (unless a list shows them) and the
// key, wrapped to width.
func Explain(q referee.Question, width int, listed bool) []string {
	text := strings.TrimSpace(q.Text)
	if text == "" {
		text = q.Key
	}
	var lines []string
	lines = append(lines, Wrap(text, width)...)
	if q.Where != "" && !repeats(text, q.Where, 1) {
		lines = append(lines, Wrap("Read it from "+q.Where+".", width)...)
	}
	if acc := q.Accepts(); !listed && !repeats(text, acc, 0.8) {
		lines = append(lines, Wrap("Accepted: "+acc+".", width)...)
	}
	if d := strings.TrimSpace(q.Default); runewidth.StringWidth(safetext.Escape(d)) > defaultWidth(width) {
		// The label shows it cut short.
		lines = append(lines, Wrap("Enter takes "+d+".", width)...)
	}
	return lines
}

// repeats reports whether the accepted-values (or where-to-read) text only
// says again what the question already says: at least the share least of
// its words are in the question ("from which location? (isle, apex1-apex6,
// ...)" and "a location: isle, apex1-apex6, ..."). It is then not printed.
func repeats(question, accepted string, least float64) bool {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '+' && r != '|'
		})
	}
	in := map[string]bool{}
	for _, w := range words(question) {
		in[w] = true
	}
	acc := words(accepted)
	if len(acc) == 0 {
		return false
	}
	n := 0
	for _, w := range acc {
		if in[w] {
			n++
		}
	}
	return float64(n) >= least*float64(len(acc))
}

// keyNote is the key in its short form, printed dim after the explanation.
func keyNote(key string, width int) string {
	return Truncate("["+safetext.Escape(key)+"]", width)
}

// Ask implements referee.Prompter.
func (t *Terminal) Ask(q referee.Question) (string, error) {
	width, height := t.size()
	st := t.style()
	out := t.io.ErrOut
	options := q.Options
	switch {
	case q.Kind == referee.KindConfirm:
		options = []string{"yes", "no"}
	case q.Kind == referee.KindText && len(q.Choices) > 0:
		options = q.Choices
	case q.Kind != referee.KindChoose:
		options = nil
	}
	if q.Kind == referee.KindChoose && len(options) == 1 {
		v, err := q.Normalize(options[0])
		if err == nil {
			for _, l := range Wrap(fmt.Sprintf("%s: %s (the only choice)", strings.TrimSpace(q.Text), v), width) {
				fmt.Fprintln(out, safetext.Escape(l))
			}
			return v, nil
		}
	}
	expl := Explain(q, width, options != nil)
	for _, l := range expl {
		fmt.Fprintln(out, safetext.Escape(l)) // names from a save or an argument
	}
	fmt.Fprintln(out, st.dim(keyNote(q.Key, width)))

	if t.keys == nil {
		t.keys = &keyReader{in: t.io.In}
	}
	stdin := t.keys
	// Lines are cut to width-1 columns: the cursor never sits past the edge.
	stdout := fitWriter{w: t.io.ErrOut, max: width - 1, keep: len("Search: ")}
	if options == nil {
		stdout.keep = runewidth.StringWidth("? " + labelFor(q.Key, width) + defaultNote(q.Default, width) + ": ")
	}
	var (
		res string
		err error
	)
	if options != nil {
		// The list takes the rows the explanation and the key leave, so
		// the question stays on the screen above it. A pick its check
		// refuses (a rule the option list cannot show) is picked again,
		// with the reason; one that shows an earlier answer wrong goes
		// back to that question (referee.Reask).
		for {
			t.keys.stopAtEnter = false
			res, err = t.pick(q, options, width, height-len(expl)-1, st, stdin, stdout)
			if err != nil {
				break
			}
			v, nerr := q.Normalize(res)
			if nerr == nil {
				return v, nil
			}
			if _, earlier := referee.AsReask(nerr); earlier {
				return "", nerr // asked again with the reason (referee.Reask)
			}
			fmt.Fprintln(t.io.ErrOut, st.red(Reason(q, nerr, width)))
		}
	} else {
		res, err = t.prompt(q, width, st, stdin, stdout)
	}
	if errors.Is(err, promptui.ErrInterrupt) || errors.Is(err, promptui.ErrEOF) {
		return "", referee.ErrCanceled
	}
	if err != nil {
		return "", err
	}
	return q.Normalize(res)
}

// labelFor is the prompt label: short enough that the label, an answer of
// a reasonable length and the cursor fit on one row.
func labelFor(key string, width int) string {
	return Label(safetext.Escape(key), min(24, max(6, width/3)))
}

func (t *Terminal) prompt(q referee.Question, width int, st style, stdin io.ReadCloser, stdout io.WriteCloser) (string, error) {
	label := labelFor(q.Key, width)
	tpl := &promptui.PromptTemplates{
		Prompt: `{{ ` + strconv.Quote(st.ask) + ` }} {{ . }}: `,
		Valid:  `{{ ` + strconv.Quote(st.ask) + ` }} {{ . }}: `,
	}
	if !st.plain {
		tpl.Prompt = `{{ ` + strconv.Quote(st.ask) + ` }} {{ . | bold }}: `
		tpl.Valid = tpl.Prompt
	}
	// The answer is checked here, not by promptui's Validate: promptui
	// redraws the line from readline's goroutine after Enter, racing with
	// its own drawing of the refusal and of the answered line (see
	// keyReader). Enter ends the input, the answered line is drawn here, and
	// a refused answer prints its reason on its own line and is asked again
	// with the refused text ready to edit.
	//
	// The default is shown in the label ("captured [1]"), not as promptui's
	// Default: that is drawn under the cursor block, and a default of one
	// character could not be read. An empty line takes it (Normalize).
	shown := label + defaultNote(q.Default, width)
	def, edit := "", false
	for {
		gate := newGate(stdout)
		typed := def
		p := promptui.Prompt{
			Label: shown, Default: def, AllowEdit: edit, Templates: tpl, Pointer: st.pointer,
			Stdin: stdin, Stdout: gate,
			// Called with the line on every keystroke: it keeps what was typed.
			Validate: func(s string) error { typed = s; return nil },
		}
		t.keys.stopAtEnter, t.keys.entered = true, false
		_, err := p.Run()
		gate.shut()
		entered := t.keys.entered
		t.keys.stopAtEnter = false
		if !entered || !errors.Is(err, promptui.ErrEOF) {
			if err == nil {
				err = promptui.ErrEOF
			}
			return "", err
		}
		// promptui cleared the prompt's row and left the cursor below it:
		// draw the answered line there.
		answer := typed
		if strings.TrimSpace(typed) == "" {
			answer = q.Default // an empty answer takes the default: show it
		}
		fmt.Fprint(stdout, "\x1b[1A\x1b[2K\r"+st.answeredLine(label, answer, width)+"\n")
		if _, err := q.Normalize(typed); err != nil {
			if _, earlier := referee.AsReask(err); earlier {
				// An answer given before this one is what is wrong: the
				// step asks that question again (referee.Reask), with the
				// reason in its text.
				return "", err
			}
			if strings.TrimSpace(typed) == "" && strings.TrimSpace(q.Default) == "" {
				err = fmt.Errorf("%s (%s)", strings.Replace(noUsual, " or pick", "", 1), q.Accepts())
			}
			fmt.Fprintln(t.io.ErrOut, st.red(Reason(q, err, width)))
			def, edit = typed, true
			continue
		}
		return typed, nil
	}
}

// Reason is the reason shown under a refused answer: the error without
// the question it repeats ("answer "x" for KEY (TEXT) ..."), wrapped at
// words to width (it is printed once, above the prompt line that promptui
// redraws, so its length cannot garble the screen; a reason cut short would
// hide what is accepted).
func Reason(q referee.Question, err error, width int) string {
	msg := err.Error()
	msg = strings.Replace(msg, " for "+q.Key+" ("+q.Text+")", "", 1)
	msg = strings.TrimPrefix(msg, "answer ")
	msg = strings.Join(strings.Fields(safetext.Message(msg)), " ")
	lines := Wrap(msg, max(width-4, 1))
	for i := range lines {
		if i == 0 {
			lines[i] = ">> " + lines[i]
		} else {
			lines[i] = "   " + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// noUsual is the reason shown when Enter is pressed at a question with no
// usual answer before anything was typed or picked.
const noUsual = "no usual answer here: type or pick one"

// pick asks with a Select over options, in search mode so that typing
// filters the list: "y" or "yes" picks Yes, a face name picks the face,
// and text matching no option picks nothing (the list says "No results"
// and Enter waits for a better answer).
//
// The list starts on the default, and Enter before anything is typed or
// moved takes the default, wherever the cursor is; at a question with no
// default it takes nothing and asks again with the reason: the row a
// list happens to start on is not an answer anybody chose.
func (t *Terminal) pick(q referee.Question, options []string, width, height int, st style, stdin io.ReadCloser, stdout io.WriteCloser) (string, error) {
	def := ""
	if q.Default != "" {
		if d, err := q.Normalize(""); err == nil {
			def = d
		}
	}
	cursor := 0
	for i, o := range options {
		if def != "" && o == def {
			cursor = i
		}
	}
	items := make([]string, len(options))
	names := make([]string, len(options))
	for i, o := range options {
		names[i] = safetext.Escape(o)
		if l := q.Labels[o]; l != "" {
			// "sea-monster (a Sea Monster card: the Kraken, ...)": the
			// label is shown and searched, the option is what is answered.
			names[i] = safetext.Escape(o + " (" + l + ")")
		}
		// "▸ " or "↑ " and the pointer take 4 columns.
		items[i] = Truncate(names[i], width-5)
	}
	// Rows drawn by promptui: the help or search line, the label, the items.
	size := min(len(items), max(3, height-3))
	label := labelFor(q.Key, width)
	shown := label + defaultNote(def, width)
	help := strconv.Quote(Truncate("type to filter, arrows move, Enter picks", width-1))
	tpl := &promptui.SelectTemplates{
		Label:    `{{ ` + strconv.Quote(st.ask) + ` }} {{ . }}:`,
		Active:   `{{ ` + strconv.Quote(st.pick) + ` }} {{ . }}`,
		Inactive: `  {{ . }}`,
		Help:     `{{ ` + help + ` }}`,
	}
	if !st.plain {
		tpl.Label = `{{ ` + strconv.Quote(st.ask) + ` }} {{ . | bold }}:`
		tpl.Active = `{{ ` + strconv.Quote(st.pick) + ` }} {{ . | cyan }}`
		tpl.Help = `{{ ` + help + ` | faint }}`
	}
	refused := false
	for {
		gate := newGate(stdout)
		gate.noResults = noResultsHelp(width)
		s := promptui.Select{
			Label: shown, Items: items, Size: size, CursorPos: cursor, Templates: tpl,
			StartInSearchMode: true, Searcher: Searcher(names),
			// '/' would leave search mode, where typing filters nothing: it
			// is typed as text instead.
			Keys: &promptui.SelectKeys{
				Prev:     promptui.Key{Code: promptui.KeyPrev, Display: promptui.KeyPrevDisplay},
				Next:     promptui.Key{Code: promptui.KeyNext, Display: promptui.KeyNextDisplay},
				PageUp:   promptui.Key{Code: promptui.KeyBackward, Display: promptui.KeyBackwardDisplay},
				PageDown: promptui.Key{Code: promptui.KeyForward, Display: promptui.KeyForwardDisplay},
				Search:   promptui.Key{Code: -1, Display: ""},
			},
			// The list is cleared once picked and the answered line drawn
			// here, as for a typed prompt.
			HideSelected: true,
			Stdin:        stdin, Stdout: gate,
		}
		keys := &pickKeys{cursor: cursor}
		t.keys.pick = keys
		// CursorPos alone is not enough: search mode starts with an empty
		// search, which puts the cursor on the first row. Moving it down
		// to the default with Ctrl-N once the list is drawn puts it there.
		t.keys.inject = bytes.Repeat([]byte{0x0e}, cursor)
		i, _, err := s.Run()
		gate.shut()
		t.keys.pick, t.keys.inject = nil, nil
		if err != nil {
			return "", err
		}
		res := options[i]
		if !keys.chose {
			if def == "" {
				// Said once, however often Enter is pressed.
				if !refused {
					fmt.Fprintln(t.io.ErrOut, st.red(Reason(q, errors.New(noUsual), width)))
				}
				refused = true
				continue
			}
			res = def
		}
		fmt.Fprint(stdout, st.answeredLine(label, safetext.Escape(res), width)+"\n")
		return res, nil
	}
}

// defaultNote is how a prompt's label shows the default Enter takes: " [1]",
// cut to a quarter of the width ("" when there is none). A default cut
// short is also printed whole above the prompt (Explain).
func defaultNote(def string, width int) string {
	if def == "" {
		return ""
	}
	return " [" + Truncate(safetext.Escape(def), defaultWidth(width)) + "]"
}

// defaultWidth is the most columns a default takes in a label.
func defaultWidth(width int) int { return max(6, width/4) }
