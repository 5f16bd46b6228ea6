package cmdutil

import (
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Table prints rows under header: a bordered table on a terminal, plain
// tab-separated rows (header first) when piped.
func (f *Factory) Table(w io.Writer, header []string, rows [][]string) error {
	if !f.IO.TTYOut {
		if len(header) > 0 {
			fmt.Fprintln(w, strings.Join(header, "\t"))
		}
		for _, r := range rows {
			fmt.Fprintln(w, strings.Join(r, "\t"))
		}
		return nil
	}
	style := tw.StyleLight
	if f.IO.ASCII || f.G.ASCII || f.V.GetBool("ascii") {
		style = tw.StyleASCII
	}
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(style)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNormal),
		tablewriter.WithMaxWidth(120),
	)
	if len(header) > 0 {
		h := make([]any, len(header))
		for i, s := range header {
			h[i] = s
		}
		t.Header(h...)
	}
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	return t.Render()
}
