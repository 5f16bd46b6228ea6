package rulesref

import (
	"regexp"
	"strings"
	"sync"
)

// Kinds of sections.
const (
	KindTitle    = "title"    // the rulebook's title lines
	KindTOC      = "toc"      // the printed table of contents
	KindHeading  = "heading"  // a line of its own that starts a section
	KindLeadIn   = "lead-in"  // a bold-style "Label: text" paragraph
	KindErrata   = "errata"   // an official errata entry
	KindQA       = "qa"       // an official Q&A / interpretation entry
	KindGlossary = "glossary" // a glossary entry
)

// sec is a parsed section: a heading and the lines it owns up to the next
// section start. Lines are 0-based indexes into the rulebook's lines.
type sec struct {
	ID     string
	Title  string
	Kind   string
	Level  int
	Parent int // index into the book's sections, -1 for top level
	Start  int // first line (the heading line)
	End    int // one past the last own line
	Last   int // one past the last line of the section and its descendants
}

// book is one parsed rulebook.
type book struct {
	Game string
	Text string
	// lines is Text split at newlines (trailing newlines dropped), made
	// on first use by Lines: a book decoded from an index (an added
	// manual's, from its cache) is searched mostly through the index,
	// and a search whose passages come from other books never splits it.
	lines     []string
	linesOnce sync.Once
	nLines    int // len(Lines()), known without splitting
	Secs      []sec
	TOC       []tocEntry
	User      bool   // an extra manual added by the user
	Title     string // the manual's title (user manuals)
}

type tocEntry struct {
	Title string
	Level int
}

var (
	reBullet   = regexp.MustCompile(`^\s*(?:[-•]\s*)+`)
	reStepLine = regexp.MustCompile(`^((?:Step|Phase)s? \d+[A-Z]?(?:-\d+)?: [^.:]{2,60})\. \S`)
	reParen    = regexp.MustCompile(`\([^)]*\)|\[[^\]]*\]`)
)

// smallWords may be lowercase inside a Title Case heading.
var smallWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "in": true,
	"on": true, "at": true, "to": true, "for": true, "with": true, "by": true, "from": true,
	"vs": true, "per": true, "as": true, "into": true, "is": true, "&": true, "-": true, "–": true,
	"aka": true, "v4": true, "oc": true, "your": true,
}

// genericLabels are bold lead-ins that annotate the section they are in
// rather than start one of their own.
var genericLabels = map[string]bool{
	"example": true, "example 1": true, "example 2": true, "examples": true, "note": true,
	"important": true, "reminder": true, "exception": true, "comment": true, "source": true,
	"tip": true, "printed": true,
}

func isListLine(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "- ") || t == "-" || strings.HasPrefix(t, "•")
}

func isTableLine(l string) bool {
	return strings.HasPrefix(strings.TrimSpace(l), "|") || strings.Contains(l, "\t")
}

// titleCase reports whether every significant word outside parentheses
// starts with an upper-case letter or a digit.
func titleCase(s string, lastMustBeUpper bool) bool {
	if strings.ContainsAny(s, "([") {
		s = reParen.ReplaceAllString(s, "")
	}
	words := strings.Fields(s)
	if len(words) == 0 {
		return false
	}
	for i, w := range words {
		w = strings.Trim(w, `,'"*`)
		if w == "" {
			continue
		}
		r := w[0]
		upper := (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r == '\'' || r >= 0x80
		if upper {
			continue
		}
		if i == len(words)-1 && lastMustBeUpper {
			return false
		}
		if !smallWords[strings.ToLower(w)] {
			return false
		}
	}
	return true
}

func startsUpper(s string) bool {
	s = strings.TrimLeft(s, `'"`)
	if s == "" {
		return false
	}
	r := s[0]
	return (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}

// headingTitle is the title of a heading line: the line, less a long
// trailing editorial note in parentheses ("Ship Type Summary (where the
// original shows an icon without a number, the quantity is 1)").
func headingTitle(l string) string {
	t := strings.TrimSpace(l)
	if len(t) > 80 && strings.HasSuffix(t, ")") {
		if k := strings.Index(t, " ("); k > 0 {
			return t[:k]
		}
	}
	return t
}

// headingLine reports whether l, a line of its own, is a heading.
func headingLine(l string) bool {
	t := headingTitle(l)
	if t == "" || strings.TrimSpace(l) != l || len(t) > 80 || isListLine(t) || isTableLine(l) {
		return false
	}
	if !startsUpper(t) {
		return false
	}
	switch t[len(t)-1] {
	case '.', '!', '?', ':', ';', ',', '"':
		return false
	}
	if len(strings.Fields(t)) > 11 {
		return false
	}
	return titleCase(t, false)
}

// leadIn returns the label of a bold-style lead-in ("No Battles: ...").
// relaxed accepts sentence-case labels (Q&A and glossary entries).
func leadIn(l string, relaxed bool) (string, bool) {
	if l == "" || l[0] == ' ' || isListLine(l) || isTableLine(l) {
		return "", false
	}
	if strings.HasPrefix(l, "Step") || strings.HasPrefix(l, "Phase") {
		if m := reStepLine.FindStringSubmatch(l); m != nil {
			return m[1], true
		}
	}
	i := strings.Index(l, ":")
	if i <= 0 || i > 70 {
		return "", false
	}
	if i+1 < len(l) && l[i+1] != ' ' {
		return "", false
	}
	label := l[:i]
	if strings.Trim(label, "0123456789 ") == "" {
		return "", false
	}
	if !startsUpper(label) || genericLabels[strings.ToLower(label)] || label == strings.ToUpper(label) && len(label) > 3 {
		return "", false
	}
	bare := label
	if strings.ContainsAny(bare, "([") {
		bare = reParen.ReplaceAllString(label, "")
	}
	if strings.ContainsAny(bare, ".!?;,") || len(strings.Fields(bare)) > 8 {
		return "", false
	}
	if relaxed {
		return label, true
	}
	if !titleCase(label, true) && !mixedCaseLabel(label, l[i+1:]) {
		return "", false
	}
	return label, true
}

// determiners open sentences ("The Ship Board tracks: ...", "Each card
// shows: ..."), not bold lead-ins.
var determiners = map[string]bool{"the": true, "a": true, "an": true, "each": true, "every": true,
	"if": true, "when": true, "as": true, "this": true, "these": true, "your": true, "all": true}

// mixedCaseLabel accepts a lead-in whose label is not strictly Title Case
// but reads as a printed label: it opens with a capital that is not a
// determiner, at least two later words are capitalised ("Waves have Washed
// up a Castaway", "Spend 2 Ship Tokens and choose an action"), and the text
// after the colon starts a new sentence.
func mixedCaseLabel(label, rest string) bool {
	ws := strings.Fields(label)
	if len(ws) < 3 || len(ws) > 8 || determiners[strings.ToLower(ws[0])] {
		return false
	}
	caps := 0
	for _, w := range ws[1:] {
		if startsUpper(w) {
			caps++
		}
	}
	rest = strings.TrimSpace(rest)
	return caps >= 2 && rest != "" && startsUpper(rest)
}

// questionEntry returns the question that opens a line of an FAQ or Q&A
// chapter ("Can I use my Sails to start moving? No. ..."): the entry is
// named by its question.
func questionEntry(l string) (string, bool) {
	if l == "" || l[0] == ' ' || isListLine(l) || isTableLine(l) || !startsUpper(l) {
		return "", false
	}
	q := strings.Index(l, "?")
	if q <= 0 || q > 200 {
		return "", false
	}
	if c := strings.Index(l, ":"); c >= 0 && c < q {
		return "", false
	}
	label := l[:q+1]
	if n := len(strings.Fields(label)); n < 3 || n > 25 {
		return "", false
	}
	return label, true
}

// outline gives the level of known headings per rulebook, in order of
// appearance; headings not listed are children of the nearest listed one.
var outline = map[string][]tocEntry{
	"war-for-atraxia": {
		{"Objective", 1}, {"Components", 1}, {"The World", 1}, {"Player Units", 1}, {"Set Up", 1},
		{"Gameplay", 1}, {"Player Actions", 1}, {"Rules of Warfare", 1}, {"The Isle of Myth", 1},
		{"Game End", 1}, {"Final Scoring", 2}, {"The Rise of Pirates - Mini Expansion", 1}, {"Icon Glossary", 1},
	},
	"quests-and-cannons": {
		{"The World of Miraheim", 1}, {"Components", 1}, {"Overview", 1}, {"Game Setup", 1},
		{"Key Concepts", 1}, {"Actions", 1}, {"Port Activities", 1}, {"Cards and Abilities", 1},
		{"The End", 1}, {"Cooperative Mode", 1}, {"More Map Layouts", 1}, {"Glossary", 1}, {"FAQ", 1},
	},
	"rolling-seas": {
		// headings the printed contents leave out
		{"Ancient Monoliths", 4}, {"3. Visit a Port", 3},
		{"Explore", 3}, {"Visit a Port", 3}, {"Pirates", 3}, {"Monoliths", 3}, {"Ambush", 3},
		{"End of Game (Automa)", 2}, {"Using Ship Tokens", 2}, {"Captain Ironside Phase", 2},
		{"Using Captain Ironside in a Game With 2 or More Players", 2},
	},
}

func normTitle(s string) string { return slugify(s) }

// newBook is a book of text, its lines not split yet.
func newBook(game, text string) *book {
	return &book{Game: game, Text: text, nLines: strings.Count(strings.TrimRight(text, "\n"), "\n") + 1}
}

// Lines is the book's text split at newlines (as strings.Split of the
// text without its trailing newlines), split on first use.
func (b *book) Lines() []string {
	b.linesOnce.Do(func() { b.lines = strings.Split(strings.TrimRight(b.Text, "\n"), "\n") })
	return b.lines
}

// NumLines is len(b.Lines()), without splitting the text.
func (b *book) NumLines() int { return b.nLines }

// parseBook splits a rulebook into sections.
func parseBook(game, text string) *book {
	b := newBook(game, text)
	lines := b.Lines()
	n := len(lines)
	blankSep := false
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			blankSep = true
			break
		}
	}

	// Title and table of contents.
	i := 0
	tocStart := -1
	for j := 0; j < n && j < 8; j++ {
		if strings.TrimSpace(lines[j]) == "Table of Contents" {
			tocStart = j
			break
		}
	}
	body := 0
	if tocStart > 0 {
		b.Secs = append(b.Secs, sec{Title: strings.TrimSpace(lines[0]), Kind: KindTitle, Level: 1, Parent: -1, Start: 0})
		b.Secs = append(b.Secs, sec{Title: "Table of Contents", Kind: KindTOC, Level: 1, Parent: -1, Start: tocStart})
		i = tocStart
		for i < n {
			t := strings.TrimSpace(lines[i])
			if t == "" || t == "Table of Contents" {
				i++
				continue
			}
			if !isListLine(lines[i]) {
				break
			}
			indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " "))
			title := strings.TrimSpace(reBullet.ReplaceAllString(lines[i], ""))
			b.TOC = append(b.TOC, tocEntry{Title: title, Level: indent/2 + 1})
			i++
		}
		body = i
	}

	// Levels of headings named by the contents or the outline.
	known := append([]tocEntry(nil), b.TOC...)
	if game == "misty-waters" {
		// The printed contents list the six phases flat; they are steps of
		// "Rounds and Phases".
		for k := range known {
			if strings.HasPrefix(known[k].Title, "Phase ") {
				known[k].Level = 2
			}
		}
	}
	known = append(known, outline[game]...)
	used := make([]bool, len(known))
	knownNorm := make([]string, len(known))
	for k := range known {
		knownNorm[k] = normTitle(known[k].Title)
	}
	tocPos := 0 // contents entries are matched in order
	outPos := len(b.TOC)

	relaxedChapter := func(t string) bool {
		l := strings.ToLower(t)
		return strings.Contains(l, "interpretation") || strings.Contains(l, "q & a") || strings.Contains(l, "faq") ||
			strings.Contains(l, "errata") || strings.Contains(l, "glossary")
	}

	isQAChapter := func(t string) bool {
		l := strings.ToLower(t)
		return strings.Contains(l, "interpretation") || strings.Contains(l, "q & a") || strings.Contains(l, "q&a") || strings.Contains(l, "faq")
	}

	// stack of open headings: indexes into b.Secs
	var stack []int
	curHeading := -1
	lastOutlineLevel := 0
	relaxed := false
	qaChapter := false // an FAQ or Q&A chapter: questions open entries
	push := func(s sec) {
		for len(stack) > 0 && b.Secs[stack[len(stack)-1]].Level >= s.Level {
			stack = stack[:len(stack)-1]
		}
		s.Parent = -1
		if len(stack) > 0 {
			s.Parent = stack[len(stack)-1]
		}
		b.Secs = append(b.Secs, s)
		stack = append(stack, len(b.Secs)-1)
	}
	levelOf := func(title string) (int, bool) {
		nt := normTitle(title)
		for k := tocPos; k < len(b.TOC) && k < tocPos+3; k++ {
			if knownNorm[k] == nt {
				tocPos = k + 1
				used[k] = true
				return known[k].Level, true
			}
		}
		for k := outPos; k < len(known); k++ {
			if known[k].Title == strings.TrimSpace(title) {
				outPos = k + 1
				used[k] = true
				return known[k].Level, true
			}
		}
		return 0, false
	}
	for i = body; i < n; i++ {
		l := lines[i]
		prevBlank := i == 0 || strings.TrimSpace(lines[i-1]) == ""
		nextBlank := i+1 >= n || strings.TrimSpace(lines[i+1]) == ""
		if headingLine(l) && (!blankSep || prevBlank && nextBlank) {
			t := headingTitle(l)
			if curHeading >= 0 && b.Secs[curHeading].Start == i-1 && b.Secs[curHeading].Title == t {
				continue // a repeated heading line
			}
			lvl, ok := levelOf(t)
			if ok {
				lastOutlineLevel = lvl
			} else {
				lvl = lastOutlineLevel + 1
				if len(b.TOC) == 0 && len(outline[game]) == 0 {
					lvl = 1
				}
			}
			if lvl <= 1 {
				relaxed = relaxedChapter(t)
				qaChapter = isQAChapter(t)
			} else if relaxedChapter(t) {
				relaxed = true
			}
			push(sec{Title: t, Kind: KindHeading, Level: lvl, Start: i})
			curHeading = len(b.Secs) - 1
			continue
		}
		label, ok := leadIn(l, relaxed)
		if !ok && qaChapter && curHeading >= 0 {
			label, ok = questionEntry(l)
		}
		if ok && curHeading >= 0 {
			if normTitle(label) == normTitle(b.Secs[curHeading].Title) {
				continue // "Selling Player Ships: ..." under "Selling Player Ships"
			}
			kind := KindLeadIn
			chapter := b.Secs[curHeading]
			for chapter.Parent >= 0 {
				chapter = b.Secs[chapter.Parent]
			}
			ct := strings.ToLower(chapter.Title)
			switch {
			case strings.Contains(ct, "errata"):
				kind = KindErrata
			case strings.Contains(ct, "interpretation") || strings.Contains(ct, "faq"):
				kind = KindQA
			case strings.Contains(ct, "glossary") && game == "quests-and-cannons":
				kind = KindGlossary
			}
			push(sec{Title: label, Kind: kind, Level: b.Secs[curHeading].Level + 1, Start: i})
			continue
		}
		if len(b.Secs) == 0 {
			// text before any heading: a section named by its first line
			push(sec{Title: firstWords(l, 8), Kind: KindHeading, Level: 1, Start: i})
			curHeading = 0
		}
	}
	for k := range b.Secs {
		if k+1 < len(b.Secs) {
			b.Secs[k].End = b.Secs[k+1].Start
		} else {
			b.Secs[k].End = n
		}
	}
	for k := len(b.Secs) - 1; k >= 0; k-- {
		if b.Secs[k].Last < b.Secs[k].End {
			b.Secs[k].Last = b.Secs[k].End
		}
		if p := b.Secs[k].Parent; p >= 0 && b.Secs[p].Last < b.Secs[k].Last {
			b.Secs[p].Last = b.Secs[k].Last
		}
	}
	assignIDs(b)
	return b
}

func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}

// slugify lowercases s and replaces every run of characters other than
// a-z0-9 by one '-', trimmed of '-'.
func slugify(s string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			sb.WriteRune(r)
			dash = false
		} else if !dash {
			sb.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(sb.String(), "-")
}

// assignIDs gives every section "<game>/<slug>"; a slug used more than once
// in the rulebook becomes "<game>/<parent-slug>/<slug>", and one still
// duplicate gets "-2", "-3" in order of appearance.
func assignIDs(b *book) {
	count := map[string]int{}
	for _, s := range b.Secs {
		count[slugify(s.Title)]++
	}
	seen := map[string]int{}
	for k := range b.Secs {
		s := &b.Secs[k]
		slug := slugify(s.Title)
		if slug == "" {
			slug = "section"
		}
		id := b.Game + "/" + slug
		if count[slug] > 1 && s.Parent >= 0 {
			id = b.Game + "/" + slugify(b.Secs[s.Parent].Title) + "/" + slug
		}
		seen[id]++
		if seen[id] > 1 {
			id += "-" + itoa(seen[id])
		}
		s.ID = id
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	return string(d)
}
