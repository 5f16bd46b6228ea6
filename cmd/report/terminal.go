package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/mattn/go-runewidth"
)

// Terminal writes the terminal view of the chronicle: the Markdown's
// sections and lists, the charts as text bar charts, the Result as aligned
// columns and the wide tables (Battles, Rulings) as one block per row, every
// line wrapped at words to width columns (a word wider than the line is
// left whole, never cut).
func Terminal(w io.Writer, ch *chronicle.Chronicle, width int) error {
	if width <= 0 {
		width = cmdutil.DefaultWidth
	}
	var buf bytes.Buffer
	if err := walk(&printer{out: out{w: &buf}, term: true, width: width}, ch); err != nil {
		return err
	}
	_, err := io.WriteString(w, fitLines(buf.String(), width))
	return err
}

// fitLines wraps the lines of s wider than width at words, outside the
// code blocks of the bar charts (drawn to the width already). A
// continuation line starts under the text of its line: after a list
// bullet, or after the label of an indented "label: text" line of a block;
// a paragraph's continuation starts at the margin.
func fitLines(s string, width int) string {
	lines := strings.Split(s, "\n")
	fence := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fence = !fence
			continue
		}
		if fence || runewidth.StringWidth(l) <= width {
			continue
		}
		lines[i] = wrap(l, width, strings.Repeat(" ", hang(l, width)))
	}
	return strings.Join(lines, "\n")
}

// hang is the indentation of the continuation lines of l.
func hang(l string, width int) int {
	rest := strings.TrimLeft(l, " ")
	n := len(l) - len(rest)
	switch {
	case strings.HasPrefix(rest, "- "):
		n += 2
	case n > 0:
		if i := strings.Index(rest, ": "); i > 0 && !strings.Contains(rest[:i], " ") {
			n += i + 2
		}
	}
	return min(n, width/2)
}

// block writes a block: its first line, then one indented "label: text"
// line per detail, each wrapped with a hanging indent to the width.
func (p *printer) block(first string, details [][2]string) {
	p.f("%s\n", wrap(first, p.width, "   "))
	for _, d := range details {
		if d[1] == "" {
			continue
		}
		// Continuation lines start under the text, or a little in from
		// the label when that would leave the text too narrow a column.
		h := 3 + len(d[0]) + 2
		if h > p.width/3 {
			h = 5
		}
		text := d[1]
		if d[0] == "odds" {
			text = keepTogether(text, p.width-h)
		}
		l := wrap("   "+d[0]+": "+text, p.width, strings.Repeat(" ", h))
		p.f("%s\n", strings.ReplaceAll(l, glue, " "))
	}
}

// glue stands for a space that wrap must not break at (a private-use
// character, one column wide like the space it stands for).
const glue = "\ue000"

// keepTogether glues the words of each "; "-separated item of s (an
// outcome and its chance: "2 damage 38.9%") so that a line breaks between
// items, unless an item is wider than width.
func keepTogether(s string, width int) string {
	items := strings.Split(s, "; ")
	for i, it := range items {
		if runewidth.StringWidth(it) <= width {
			items[i] = strings.ReplaceAll(it, " ", glue)
		}
	}
	return strings.Join(items, "; ")
}

// battleBlocks writes the battles as blocks: "#1 Round 1 — Ann fires 2
// Cannons at Cid", then the odds, the dice and what they did, the luck.
func (p *printer) battleBlocks(bs []chronicle.Battle) {
	for i, b := range bs {
		first := fmt.Sprintf("#%d ", i+1)
		if b.Round != "" {
			first += b.Round + " — "
		}
		first += b.Title
		dice := b.Result
		if b.Dice != "" {
			dice = b.DiceText() + " → " + b.Result
		}
		label := "dice"
		if b.Dice == "" {
			label = "result"
		}
		luck := ""
		if b.Luck != nil {
			luck = b.LuckText()
		}
		p.block(first, [][2]string{{"odds", b.OddsText()}, {label, dice}, {"luck", luck}})
		p.f("\n")
	}
}

// rulingBlocks writes the rulings applied as blocks: the section id and
// how many times, then the first event that rested on it.
func (p *printer) rulingBlocks(rs []chronicle.Ruling) {
	for _, r := range rs {
		times := "once"
		if r.Count != 1 {
			times = referee.Count(r.Count, "time")
		}
		p.block(fmt.Sprintf("%s %s", r.Section, times), [][2]string{{"first applied to", r.First}})
	}
	p.f("\n")
}

// minDetail is the narrowest the Detail column of the Result gets; on a
// narrower terminal the detail goes under its row.
const minDetail = 20

// rankColumns writes the places as aligned columns (Place, Player, Score) with
// the Detail as a last column wrapped under itself, or, when the width
// leaves it too little room, on indented lines under its row.
func (p *printer) rankColumns(rs []chronicle.Rank) {
	header := []string{"Place", "Player", "Score", "Detail"}
	rows := make([][]string, len(rs))
	hasDetail := false
	for i, k := range rs {
		rows[i] = []string{fmt.Sprint(k.Place), k.Name, k.Score, k.Detail}
		hasDetail = hasDetail || k.Detail != ""
	}
	ws := make([]int, 3)
	for _, r := range append([][]string{header}, rows...) {
		for c := range ws {
			ws[c] = max(ws[c], runewidth.StringWidth(r[c]))
		}
	}
	const gap = "  "
	lead := ws[0] + ws[1] + ws[2] + 3*len(gap) // where the Detail column starts
	if lead > p.width {
		// Not even the three columns fit: one line per place.
		for _, r := range rows {
			p.block(r[0]+". "+r[1]+": "+r[2], [][2]string{{"detail", r[3]}})
		}
		p.f("\n")
		return
	}
	inline := hasDetail && p.width-lead >= minDetail
	line := func(r []string) {
		var b strings.Builder
		for c := range ws {
			b.WriteString(r[c])
			if c < len(ws)-1 || inline && r[3] != "" {
				b.WriteString(strings.Repeat(" ", ws[c]-runewidth.StringWidth(r[c])) + gap)
			}
		}
		switch {
		case inline && r[3] != "":
			d := wrap(r[3], p.width-lead, "")
			b.WriteString(strings.ReplaceAll(d, "\n", "\n"+strings.Repeat(" ", lead)))
		case r[3] != "" && hasDetail:
			b.WriteString("\n" + wrap(strings.Repeat(" ", ws[0]+len(gap))+r[3], p.width, strings.Repeat(" ", ws[0]+len(gap))))
		}
		p.f("%s\n", strings.TrimRight(b.String(), " "))
	}
	if !inline {
		header[3] = ""
	}
	line(header)
	for _, r := range rows {
		line(r)
	}
	p.f("\n")
}

// wrap breaks line at spaces into lines of at most width columns, the
// continuation lines starting with indent and the first keeping the line's
// own indentation. A word wider than a whole line (a long rulebook section
// id) is broken after a "/" or "-" in it, as a hyphenated word is, and
// left whole only when it has none that fits.
func wrap(line string, width int, indent string) string {
	rest := strings.TrimLeft(line, " ")
	lead := line[:len(line)-len(rest)]
	var b strings.Builder
	col := 0
	for i, w := range strings.Fields(rest) {
		ww := runewidth.StringWidth(w)
		if i > 0 && col+1+ww <= width {
			b.WriteString(" " + w)
			col += 1 + ww
			continue
		}
		if i == 0 {
			b.WriteString(lead)
			col = runewidth.StringWidth(lead)
		} else {
			b.WriteString("\n" + indent)
			col = runewidth.StringWidth(indent)
		}
		for runewidth.StringWidth(w) > width-col {
			head := runewidth.Truncate(w, width-col, "")
			cut := strings.LastIndexAny(head, "/-")
			if cut <= 0 {
				break
			}
			b.WriteString(w[:cut+1] + "\n" + indent)
			col = runewidth.StringWidth(indent)
			w = w[cut+1:]
		}
		b.WriteString(w)
		col += runewidth.StringWidth(w)
	}
	return b.String()
}
