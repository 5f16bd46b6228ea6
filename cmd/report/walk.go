package report

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
)

// A writer is one format of the report (Markdown, with the terminal view
// as its mode, and HTML). walk decides which sections appear, in which
// order and with what words; a writer only how they look. Text marked
// "markup" is already in the writer's markup (passed through esc, code or
// strong); the rest is plain text the writer escapes as it needs.
type writer interface {
	// begin writes the document's start: the title (plain), the line
	// that says whether the game is over (plain) and the setup facts
	// (plain; Markdown writes them as given, unescaped).
	begin(title, status string, facts []string)
	heading(level int, text string)
	para(markup string)
	list(items []string) // markup items; an empty list still ends a block
	esc(text string) string
	code(text string) string
	strong(markup string) string
	// The blocks each format draws its own way.
	ranks([]chronicle.Rank)
	tieBreaks(items []string) // markup items
	battles([]chronicle.Battle)
	rulings([]chronicle.Ruling)
	chart(chronicle.Chart)
	// chartsFirst puts the Charts right after the Result (the HTML page,
	// where they are pictures) rather than after the automa's decisions.
	chartsFirst() bool
	end() error
}

// walk writes the chronicle's sections through w.
func walk(w writer, ch *chronicle.Chronicle) error {
	status := fmt.Sprintf("The game is not over: the chronicle so far, before step %d.", ch.Step)
	if ch.Over {
		status = fmt.Sprintf("The game is over: the final chronicle after %s.", referee.Count(ch.Step-1, "step"))
	}
	var ps, os []string
	for _, pl := range ch.Players {
		if pl.Side != "" {
			ps = append(ps, fmt.Sprintf("%s (%s)", pl.Name, pl.Side))
		} else {
			ps = append(ps, pl.Name)
		}
	}
	for _, o := range ch.Options {
		os = append(os, o.Key+"="+o.Value)
	}
	if len(os) == 0 {
		os = []string{"the defaults"}
	}
	w.begin(ch.Title, status, []string{"Players: " + strings.Join(ps, ", "), "Options: " + strings.Join(os, ", "), fmt.Sprintf("Dice: %s, seed %d", ch.Dice, ch.Seed)})

	result(w, ch)
	if w.chartsFirst() {
		charts(w, ch.Charts)
	}

	section(w, "Story", len(ch.Rounds), textNoStory, func() {
		for _, r := range ch.Rounds {
			w.heading(3, r.Label)
			w.list(each(r.Lines, w.esc))
		}
	})
	section(w, "Battles", len(ch.Battles), noBattle(ch.Over), func() {
		w.para(textLuck)
		w.battles(ch.Battles)
	})
	section(w, "Automa and NPC decisions", len(ch.Decisions), textNoDecisions, func() {
		w.list(each(ch.Decisions, func(d chronicle.Decision) string {
			return w.esc(d.Round) + ", " + w.esc(d.Who) + ": " + w.esc(d.Text)
		}))
	})
	if !w.chartsFirst() {
		charts(w, ch.Charts)
	}
	section(w, "Rulings applied", len(ch.Rulings), textNoRulings, func() { w.rulings(ch.Rulings) })
	section(w, "Rules questions asked", len(ch.Questions), textNoQuestions, func() {
		w.list(each(ch.Questions, func(q chronicle.Question) string {
			s := fmt.Sprintf("step %d: %s", q.Step, w.esc(q.Query))
			if q.Answer != "" {
				s += " (answered by " + w.code(q.Answer) + ")"
			}
			return s
		}))
	})
	if len(ch.Notes) > 0 {
		w.heading(2, "Notes")
		w.list(each(ch.Notes, w.esc))
	}
	return w.end()
}

func result(w writer, ch *chronicle.Chronicle) {
	if ch.Over {
		w.heading(2, "Result")
	} else {
		w.heading(2, "Result so far")
	}
	r := ch.Result
	if r == nil {
		if ch.Over {
			w.para("The log does not say who won.")
		} else {
			w.para("No winner yet: the game goes on.")
		}
		return
	}
	switch {
	case len(r.Winners) == 1:
		w.para(w.strong("Winner: "+w.esc(r.Winners[0])+".") + " " + w.esc(r.Why))
	case len(r.Winners) > 1:
		w.para(w.strong("Winners: "+w.esc(strings.Join(r.Winners, ", "))+".") + " " + w.esc(r.Why))
	case r.Why != "":
		w.para(w.strong("No winner.") + " " + w.esc(r.Why))
	}
	if len(r.Ranks) > 0 {
		w.ranks(r.Ranks)
	}
	if len(r.TieBreaks) > 0 {
		w.tieBreaks(each(r.TieBreaks, func(t string) string { return "Tie-break: " + w.esc(t) }))
	}
}

func charts(w writer, cs []chronicle.Chart) {
	section(w, "Charts", len(cs), textNoChart, func() {
		for _, c := range cs {
			w.chart(c)
		}
	})
}

// section writes a section's heading, then none (markup) when it has
// nothing to show (n is 0), else its body.
func section(w writer, title string, n int, none string, body func()) {
	w.heading(2, title)
	if n == 0 {
		w.para(none)
		return
	}
	body()
}

// The tables of the Result, the Battles and the Rulings: a header and rows
// of markup cells.

func rankTable(w writer, rs []chronicle.Rank) ([]string, [][]string) {
	return []string{"Place", "Player", "Score", "Detail"}, each(rs, func(k chronicle.Rank) []string {
		return []string{fmt.Sprint(k.Place), w.esc(k.Name), w.esc(k.Score), w.esc(k.Detail)}
	})
}

func battleTable(w writer, bs []chronicle.Battle) ([]string, [][]string) {
	rows := make([][]string, len(bs))
	for i, b := range bs {
		rows[i] = []string{fmt.Sprint(i + 1), w.esc(b.Round), w.esc(b.Title), w.esc(b.OddsText()), w.esc(b.DiceText()), w.esc(b.Result), w.esc(b.LuckText())}
	}
	return []string{"#", "When", "Battle", "Odds before the dice", "Dice", "Result", "Luck"}, rows
}

func rulingTable(w writer, rs []chronicle.Ruling) ([]string, [][]string) {
	return []string{"Section", "Times", "First applied to"}, each(rs, func(r chronicle.Ruling) []string {
		return []string{w.code(r.Section), fmt.Sprint(r.Count), w.esc(r.First)}
	})
}

// each maps f over xs.
func each[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}
