package rulesref

import "strings"

// Passage sizes (bytes of rulebook text). A section longer than
// maxPassage is indexed and returned paragraph by paragraph (a long list
// item by item), so that a rule buried in a long section is found by its
// own words and read at the table without the rest of the chapter.
const (
	maxPassage = 900
	minPassage = 160 // shorter passages are merged with the next one
	// maxWindow is the most text one search result shows: a section up to
	// this size is returned whole, a longer one as a window of consecutive
	// passages around the one that matched.
	maxWindow = 1500
)

// sectionPassages splits the own lines [start, end) of a section into
// passages: line ranges of the book, contiguous, in order, together
// covering the section. A short section is one passage.
func sectionPassages(lines []string, start, end int) [][2]int {
	if end <= start {
		return [][2]int{{start, end}}
	}
	if len(joinLines(lines[start:end])) <= maxPassage {
		return [][2]int{{start, end}}
	}
	var raw [][2]int
	for _, p := range paragraphs(lines[start:end]) {
		a, b := start+p[0], start+p[1]
		if len(joinLines(lines[a:b])) <= maxPassage {
			raw = append(raw, [2]int{a, b})
			continue
		}
		raw = append(raw, listItems(lines, a, b)...)
	}
	if len(raw) == 0 {
		return [][2]int{{start, end}}
	}
	// the passages tile the section: blank lines go with the passage
	// before them, anything before the first with the first
	raw[0][0] = start
	for k := 0; k+1 < len(raw); k++ {
		raw[k][1] = raw[k+1][0]
	}
	raw[len(raw)-1][1] = end
	// merge short passages (a heading line, a one-line note) forward
	var out [][2]int
	for k := 0; k < len(raw); k++ {
		p := raw[k]
		for k+1 < len(raw) && len(joinLines(lines[p[0]:p[1]])) < minPassage &&
			len(joinLines(lines[p[0]:raw[k+1][1]])) <= maxPassage {
			k++
			p[1] = raw[k][1]
		}
		out = append(out, p)
	}
	// a short last passage joins the one before it
	if n := len(out); n > 1 && len(joinLines(lines[out[n-1][0]:out[n-1][1]])) < minPassage &&
		len(joinLines(lines[out[n-2][0]:out[n-1][1]])) <= maxPassage {
		out[n-2][1] = out[n-1][1]
		out = out[:n-1]
	}
	return out
}

// listItems splits a long paragraph [a, b) into its lead line(s) and list
// items; an item keeps its indented sub-items and table rows. The lead
// line goes with the first item.
func listItems(lines []string, a, b int) [][2]int {
	var cuts []int // first lines of top-level items
	for k := a; k < b; k++ {
		l := lines[k]
		if isListLine(l) && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "\t") {
			cuts = append(cuts, k)
		}
	}
	if len(cuts) > 0 && cuts[0] > a {
		cuts = cuts[1:] // the lead line goes with the first item
	}
	var out [][2]int
	cur := a
	for _, k := range cuts {
		if k > cur {
			out = append(out, [2]int{cur, k})
			cur = k
		}
	}
	return append(out, [2]int{cur, b})
}

// paragraphs splits lines into paragraphs: a line of prose with the list
// items and table rows that follow it.
func paragraphs(lines []string) [][2]int {
	var out [][2]int
	start := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			if start >= 0 {
				out = append(out, [2]int{start, i})
				start = -1
			}
		case isListLine(l) || isTableLine(l):
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 && i > 0 && strings.TrimSpace(lines[i-1]) != "" && !strings.HasSuffix(strings.TrimSpace(lines[i-1]), ":") {
				out = append(out, [2]int{start, i})
				start = i
			} else if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(lines)})
	}
	return out
}
