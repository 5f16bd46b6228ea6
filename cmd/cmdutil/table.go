package cmdutil

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/mattn/go-runewidth"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// minColumn is the narrowest a wrapped table column gets; when the columns
// cannot all have it, the rows are printed as records instead.
const minColumn = 8

// Table prints rows under header: a bordered table on a terminal, plain
// tab-separated rows (header first) when piped. On a terminal the table
// fits the width (IO.Width): wide cells wrap at words, and when even that
// cannot fit, each row is printed as a record of "HEADER: value" lines.
func (f *Factory) Table(w io.Writer, header []string, rows [][]string) error {
	w = unwrap(w)
	if !f.IO.TTYOut {
		if len(header) > 0 {
			fmt.Fprintln(w, strings.Join(header, "\t"))
		}
		for _, r := range rows {
			fmt.Fprintln(w, strings.Join(r, "\t"))
		}
		return nil
	}
	width := f.IO.Width()
	widths, ok := fitColumns(header, rows, width)
	if !ok {
		return records(w, header, rows, width)
	}
	style := tw.StyleLight
	if f.IO.ASCII || f.G.ASCII || f.V.GetBool("ascii") {
		style = tw.StyleASCII
	}
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(style)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithTrimSpace(tw.Off),
	)
	if len(header) > 0 {
		h := make([]any, len(header))
		for i, s := range header {
			h[i] = fitCell(s, widths[i])
		}
		t.Header(h...)
	}
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = c
			if i < len(widths) {
				cells[i] = fitCell(c, widths[i])
			}
		}
		if err := t.Append(cells); err != nil {
			return err
		}
	}
	return t.Render()
}

// fitColumns gives each column a content width so that the whole table,
// borders and padding included, fits in width: columns narrower than their
// fair share keep their natural width, the others share the rest. It
// reports false when the columns cannot each have minColumn.
func fitColumns(header []string, rows [][]string, width int) ([]int, bool) {
	n := len(header)
	for _, r := range rows {
		n = max(n, len(r))
	}
	natural, least := make([]int, n), make([]int, n)
	measure := func(r []string) {
		for i, c := range r {
			for _, l := range strings.Split(c, "\n") {
				natural[i] = max(natural[i], runewidth.StringWidth(l))
			}
			for _, word := range strings.Fields(c) {
				least[i] = max(least[i], runewidth.StringWidth(word))
			}
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	avail := width - (n + 1) - 2*n // borders, and a space each side of a cell
	widths := make([]int, n)
	open := make([]bool, n)
	left, nOpen := avail, n
	for i := range open {
		open[i] = true
	}
	// Columns that fit in a fair share keep their width; a column whose
	// longest word is wider than the share keeps that word whole.
	for changed := true; changed && nOpen > 0; {
		changed = false
		share := left / nOpen
		for i := range natural {
			if !open[i] {
				continue
			}
			want := 0
			switch {
			case natural[i] <= share:
				want = natural[i]
			case least[i] >= share:
				want = least[i]
			default:
				continue
			}
			if want > left-minColumn*(nOpen-1) {
				continue // it would crowd out the other columns
			}
			widths[i], open[i] = want, false
			left -= want
			nOpen--
			changed = true
			break
		}
	}
	if nOpen > 0 {
		// The rest is shared by the wide columns, more to the wider (by the
		// square root of their widths, so a long text does not starve a
		// column of ids).
		weight := map[int]float64{}
		total := 0.0
		for i := range natural {
			if open[i] {
				weight[i] = math.Sqrt(float64(natural[i]))
				total += weight[i]
			}
		}
		given := 0
		last := -1
		for i := range natural {
			if !open[i] {
				continue
			}
			widths[i] = max(int(float64(left)*weight[i]/total), minColumn)
			given += widths[i]
			last = i
		}
		widths[last] += left - given
		if widths[last] < minColumn {
			return nil, false
		}
	}
	return widths, true
}

// fitCell wraps a cell's text to width columns, breaking a word that is
// wider than the column.
func fitCell(s string, width int) string {
	if width <= 0 || runewidth.StringWidth(s) <= width && !strings.Contains(s, "\n") {
		return s
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if runewidth.StringWidth(para) > width {
			para = WrapIndent(para, width, "")
		}
		out = append(out, breakWords(para, width))
	}
	return strings.Join(out, "\n")
}

// breakWords breaks the lines of s still wider than width (a word longer
// than the line), after a / or - when it can.
func breakWords(s string, width int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		for runewidth.StringWidth(l) > width {
			head := runewidth.Truncate(l, width, "")
			if i := strings.LastIndexAny(head, "/-"); i > 0 {
				head = head[:i+1]
			}
			out = append(out, head)
			l = l[len(head):]
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// records prints each row as "HEADER: value" lines wrapped to width, the
// rows apart by a blank line: the layout for tables too wide to wrap.
func records(w io.Writer, header []string, rows [][]string, width int) error {
	for ri, r := range rows {
		if ri > 0 {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		for i, c := range r {
			if strings.TrimSpace(c) == "" {
				continue
			}
			label := ""
			if i < len(header) && header[i] != "" {
				label = header[i] + ": "
			}
			for j, para := range strings.Split(c, "\n") {
				if j == 0 {
					para = label + para
				} else {
					para = "  " + para
				}
				if runewidth.StringWidth(para) > width {
					para = WrapIndent(para, width, "  ")
				}
				if _, err := fmt.Fprintln(w, breakWords(para, width)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
