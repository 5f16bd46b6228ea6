package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"gopkg.in/yaml.v3"
)

// TestKeystrokes plays one round of each game at an 80x24 terminal, answering every question from the game's
// scripted answers file as a player would type it, and reports how many
// keys that took. It fails when a question's prompt line is on the screen
// more than once (the old prompts redrew it on every keystroke: 2 to 6
// copies with the base build) and when a round takes more keys than the budget
// (the figure measured when the prompts were last changed, in the README),
// so a change that makes a table type more is seen. Dice are not typed: the rolls the script enters come
// from an answers file holding only them, the others bosun rolls (so the
// game goes exactly as scripted). The figures are printed with
//
//	go test ./cmd/bosun -run TestKeystrokes -v
//
// and BOSUN_PTY_BIN=/path/to/bosun to measure another build (an older one
// with its own prompts: the driver reads either screen). The four games
// are played at once, each on its own terminal and data dir; -short skips
// them (go test ./... without it, as CI runs, plays them all).
func TestKeystrokes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the four rounds played key by key on a terminal take seconds")
	}
	t.Parallel()
	games := []struct {
		name, file, field string
		from, until       int // rounds counted: from <= round < until
		budget            int // most keys the round may take
		args              []string
	}{
		// Misty Waters' Round I has only Phases 5-6: Round II is measured.
		{"misty-waters", "games/mistywaters/procedure/testdata/two-players.yaml", "round", 2, 3, 89,
			[]string{"misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3"}},
		{"rolling-seas", "games/rollingseas/testdata/solo-basic.yaml", "turn", 1, 2, 19,
			[]string{"rolling-seas", "--players", "Alma", "--option", "ironside=basic", "--seed", "12"}},
		// War for Atraxia: +1 key since Xanthe, holding a crystal after her
		// last Active Action, ends her turn herself (issue 13 item 17: the
		// free upgrade stays open "at any point during their turn").
		// Rolling Seas, War for Atraxia and Quests & Cannons: a few keys more
		// since Enter takes only a declared default (issue 24): a question
		// with none whose answer is the list's first row needs a key typed.
		{"war-for-atraxia", "games/atraxia/testdata/session-4p.yaml", "round", 1, 2, 195,
			[]string{"war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--option", "pirates=yes", "--seed", "1"}},
		{"quests-and-cannons", "games/questsandcannons/testdata/coop-easy.yaml", "round", 1, 2, 29,
			[]string{"quests-and-cannons", "--players", "Valkyr", "--option", "coop=easy", "--seed", "1"}},
	}
	for _, gm := range games {
		t.Run(gm.name, func(t *testing.T) {
			t.Parallel()
			g := newPTYGame(t)
			g.run(append(append([]string{"new"}, gm.args...), "--name", "k", "--answers", filepath.Join(g.repo, gm.file))...)
			dice := g.keep(gm.file, diceKey.MatchString)
			d := &driver{t: t, queue: loadQueues(t, filepath.Join(g.repo, gm.file)), used: map[string]int{}}
			steps := 0
			for i := 0; i < 150; i++ {
				r := roundOf(t, g, gm.field)
				if r >= gm.until {
					break
				}
				tm := StartTerm(t, 80, 24, g.dir, g.env, "next", "--answers", dice)
				tm.Wait = 20 * time.Second
				d.step(tm)
				if r < gm.from {
					d.keys, d.questions, d.oldKeys = 0, 0, 0
				} else {
					steps++
				}
			}
			t.Logf("KEYSTROKES %s (%s %d): %d keys for %d questions over %d steps (the base commit's prompts: %d keys)",
				gm.name, gm.field, gm.from, d.keys, d.questions, steps, d.oldKeys)
			if d.questions == 0 {
				t.Fatalf("%s: no question was answered at the terminal: the round was not played", gm.name)
			}
			if d.keys > gm.budget {
				t.Errorf("%s: one %s took %d keys, more than the %d it took when the prompts were last measured", gm.name, gm.field, d.keys, gm.budget)
			}
		})
	}
}

// diceKey matches the keys of die rolls in the answers files.
var diceKey = regexp.MustCompile(`\.roll($|\.)|\.direction$|^rs\.dice\.|^qc\.attack\.ammo$|^qc\.marauder\.\d+\.ammo$|^qc\.move\.traveler$`)

func roundOf(t *testing.T, g *ptyGame, field string) int {
	var st struct{ Status map[string]any }
	if err := json.Unmarshal([]byte(g.run("status", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	n, _ := st.Status[field].(float64)
	return int(n)
}

// loadQueues reads an answers file as queues of answers per key.
func loadQueues(t *testing.T, file string) map[string][]string {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	str := func(v any) string {
		if l, ok := v.([]any); ok {
			parts := make([]string, len(l))
			for i, x := range l {
				parts[i] = fmt.Sprint(x)
			}
			return strings.Join(parts, ",")
		}
		return fmt.Sprint(v)
	}
	q := map[string][]string{}
	for k, v := range m {
		if l, ok := v.([]any); ok {
			for _, x := range l {
				q[k] = append(q[k], str(x))
			}
		} else {
			q[k] = []string{str(v)}
		}
	}
	return q
}

type driver struct {
	t               *testing.T
	queue           map[string][]string
	used            map[string]int
	keys, questions int
	// oldKeys models the keys the same answers took with the prompts of
	// the base commit (27cbc39), whose screen is too garbled to drive: a
	// list starting on its first item with no typing to filter (arrows,
	// Enter), yes/no typed ("y" Enter, or Enter for no), one labelled die
	// typed in full, a choice with one option still asked (Enter).
	oldKeys int
	tm      *Term
}

var (
	// keyRe finds a question's key, printed at the end of a line ("[a.b.c]").
	keyRe  = regexp.MustCompile(`(?m)\[([A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)+)\]$`)
	itemRe = regexp.MustCompile(`^(?:[ ↑↓]) (▸ |  )(.*)$`)
	// defaultRe finds a pick list's label showing the default Enter takes.
	defaultRe = regexp.MustCompile(`(?m)^\? \S+ \[.*\]:`)
)

func (d *driver) next(key string) string {
	q, ok := d.queue[key]
	if !ok || len(q) == 0 {
		d.t.Fatalf("no scripted answer for %s; screen:\n%s", key, d.tm.Screen())
	}
	i := min(d.used[key], len(q)-1)
	d.used[key]++
	return q[i]
}

// press types keys and waits until the program has drawn something.
func (d *driver) press(keys ...string) {
	before := len(d.tm.Raw())
	d.tm.Type(keys...)
	d.tm.WaitUntil("a redraw", func(string) bool { return len(d.tm.Raw()) > before })
}

func (d *driver) step(tm *Term) {
	d.tm = tm
	start := tm.Keys
	deadline := time.Now().Add(tm.Wait)
	for {
		screen, exited := tm.Quiet(150 * time.Millisecond)
		if time.Now().After(deadline) {
			d.t.Fatalf("no question recognised within %v; screen:\n%s", tm.Wait, screen)
		}
		if exited {
			if code := tm.Exit(); code != 0 {
				d.t.Fatalf("bosun next exited %d:\n%s", code, screen)
			}
			d.keys += tm.Keys - start
			d.oldKeys += strings.Count(tm.Raw(), "(the only choice)")
			return
		}
		// Only the question being answered has a live prompt line ("? "):
		// a prompt redrawn on a keystroke would leave copies of it.
		if n := promptLines(screen); n > 1 {
			d.t.Fatalf("%d live prompt lines on the screen (a prompt was drawn more than once):\n%s", n, screen)
		}
		screen = unwrap(screen, 80)
		locs := keyRe.FindAllStringSubmatchIndex(screen, -1)
		if len(locs) == 0 {
			continue
		}
		last := locs[len(locs)-1]
		key, below := screen[last[2]:last[3]], screen[last[1]:]
		k0 := tm.Keys
		switch {
		case strings.Contains(below, "▸"):
			d.pick(key, below)
		case strings.Contains(below, "[y/N]"):
			// The old confirm prompt: anything but y is No.
			if v := strings.ToLower(d.next(key)); v == "yes" || v == "y" {
				d.press("y")
			}
			d.press(KeyEnter)
			d.oldKeys = -1 << 30 // not modelled: this is the old build
		case strings.Contains(below, "Search:"):
			// A pick list whose items are not drawn yet (a loaded machine):
			// wait for them rather than type its answer as free text.
			continue
		case strings.Contains(below, "█"):
			v := d.next(key)
			d.press(v, KeyEnter)
			d.oldKeys += utf8.RuneCountInString(v) + 1
		default:
			continue
		}
		d.questions++
		if os.Getenv("BOSUN_KEYSTROKES") == "v" {
			d.t.Logf("%-45s %d keys", key, tm.Keys-k0)
		}
		deadline = time.Now().Add(tm.Wait)
	}
}

// promptLines counts the rows that start a live prompt: "? label:" (a
// typed prompt or a pick list's label).
func promptLines(screen string) int {
	n := 0
	for _, l := range strings.Split(screen, "\n") {
		if strings.HasPrefix(l, "? ") {
			n++
		}
	}
	return n
}

// unwrap joins the rows that a line wider than the screen wrapped onto.
func unwrap(screen string, cols int) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		b.WriteString(l)
		if utf8.RuneCountInString(l) < cols {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func items(below string) (list []string, cursor int) {
	cursor = -1
	for _, l := range strings.Split(below, "\n") {
		m := itemRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if m[1] == "▸ " {
			cursor = len(list)
		}
		list = append(list, strings.TrimSpace(m[2]))
	}
	return list, cursor
}

func (d *driver) pick(key, below string) {
	v := d.next(key)
	list, cursor := items(below)
	target := -1
	for i, it := range list {
		name, _, _ := strings.Cut(it, " (") // "sea-monster (a Sea Monster card, ...)": the option and its label
		if strings.EqualFold(it, v) || strings.EqualFold(name, v) || (strings.HasSuffix(it, "…") && strings.HasPrefix(strings.ToLower(v), strings.ToLower(strings.TrimSuffix(it, "…")))) {
			target = i
		}
	}
	if n, err := strconv.Atoi(v); target < 0 && err == nil && n >= 1 && n <= len(list) {
		target = n - 1
	}
	if target < 0 || cursor < 0 {
		d.t.Fatalf("%s: %q is not in the list %q; screen:\n%s", key, v, list, d.tm.Screen())
	}
	switch {
	case len(list) == 2 && list[0] == "yes" && list[1] == "no":
		d.oldKeys += 2 - target // "y" Enter, or Enter for no
	case strings.Contains(d.tm.Screen(), "enter the roll of"):
		d.oldKeys += utf8.RuneCountInString(list[target]) + 1
	default:
		d.oldKeys += target + 1
	}
	// A list that filters as you type (a "Search:" line): type the
	// shortest prefix that puts the answer first, when that is shorter
	// than moving to it. Enter alone takes the default only: a list with
	// none ("? label:" without "[default]") needs a key before Enter.
	arrows := target - cursor
	if arrows < 0 {
		arrows = -arrows
	}
	limit := arrows
	if arrows == 0 && !defaultRe.MatchString(below) {
		limit = 1 << 30
	}
	if strings.Contains(below, "Search:") || strings.Contains(d.tm.Screen(), "Search:") {
		s := cmdutil.Searcher(list)
		lv := strings.ToLower(list[target])
		for n := 1; n <= len(lv) && n < limit; n++ {
			p := lv[:n]
			first := -1
			for i := range list {
				if s(p, i) {
					first = i
					break
				}
			}
			if first == target {
				d.press(p, KeyEnter)
				return
			}
		}
	}
	k := KeyDown
	if target < cursor {
		k = KeyUp
	}
	for range arrows {
		d.press(k)
	}
	d.press(KeyEnter)
}
