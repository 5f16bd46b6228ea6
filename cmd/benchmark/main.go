// Command benchmark measures the wall time of one-shot bosun commands the
// way a table meets them: a fresh process each time. It builds the binary,
// prepares a saved session, runs each case many times and prints the
// median, the 90th percentile and the budget it must stay under. Each
// case's runs alternate with runs of `bosun --help`, and its ratio and
// budget are to the median of those: the machine's speed drifts during a
// whole run, and a ratio to one --help median taken at the start moved by
// up to a third between runs of the same build.
//
//	go run ./cmd/benchmark            # or: make bench
//	go run ./cmd/benchmark -runs 50 -check
//	go run ./cmd/benchmark -heldout '' -run 'odds|manual'   # some cases only
//	go run ./cmd/benchmark -heldout '' -bin /tmp/old/bosun   # another build
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/rulesref"
)

type benchCase struct {
	name   string
	args   []string
	budget time.Duration // 0: compared with --help (see relTo)
	relTo  float64       // budget as a multiple of the --help median
	exit   int           // the expected exit code (a refusal)
}

// setup creates the saved sessions the cases use.
var setup = [][]string{
	{"new", "war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--name", "bench", "--seed", "1", "--answers", "-"},
	// A whole 3-player Misty Waters game (13 rounds, 160+ steps): the
	// largest save a table builds.
	{"new", "misty-waters", "--players", "Ann:red,Bob:blue,Cy:white", "--name", "long", "--seed", "7", "--answers", "games/mistywaters/procedure/testdata/three-players.yaml"},
	{"play", "--session", "long", "--answers", "games/mistywaters/procedure/testdata/three-players.yaml", "--set", "play.menu=next step"},
}

var cases = []benchCase{
	{name: "bosun --help", args: []string{"--help"}, budget: 50 * time.Millisecond},
	{name: "bosun roll 3d6", args: []string{"roll", "3d6"}, budget: 50 * time.Millisecond},
	{name: "bosun status (saved session)", args: []string{"status", "--session", "bench"}, budget: 50 * time.Millisecond},
	{name: "bosun status (13-round Misty game)", args: []string{"status", "--session", "long"}, budget: 50 * time.Millisecond},
	{name: "bosun log (13-round Misty game)", args: []string{"log", "--session", "long"}, budget: 50 * time.Millisecond},
	{name: "bosun undo --force (13-round Misty game)", args: []string{"undo", "--force", "--session", "long"}, budget: 50 * time.Millisecond},
	// issue #15: reads of a long save that skip what they do not use
	{name: "bosun export (13-round Misty game)", args: []string{"export", "long"}, relTo: 3},
	{name: "bosun sessions (13-round Misty game saved)", args: []string{"sessions"}, relTo: 1.5},
	{name: "Tab completion of --session", args: []string{"__complete", "status", "--session", ""}, relTo: 1.5},
	{name: "bosun rules search \"max dice in a sword fight\"", args: []string{"rules", "search", "max dice in a sword fight"}, relTo: 2},
	{name: "bosun rules search --json (wind on 11)", args: []string{"rules", "search", "--json", "--limit", "3", "wind is on 11 when we get to the weather phase"}, relTo: 2},
	{name: "bosun misty odds (10 v 10 broadside)", args: []string{"misty", "odds", "--type", "broadside", "--attacker", "ship:cannons=9,sailors=6,gunner", "--defender", "ship:cannons=9,sailors=6,gunner"}, budget: 100 * time.Millisecond},
	{name: "bosun misty odds (10 v 10 boarding)", args: []string{"misty", "odds", "--type", "boarding", "--attacker", "ship:cannons=4,sailors=6", "--defender", "ship:cannons=4,sailors=6"}, budget: 100 * time.Millisecond},
	{name: "bosun misty odds (both types, 10 v 10)", args: []string{"misty", "odds", "--attacker", "ship:cannons=4,sailors=6,gunner,fc-fencing", "--defender", "ship:cannons=5,sailors=5,fencing"}, budget: 100 * time.Millisecond},
	// issue #15: the largest usual sizes, as ratios to --help
	{name: "misty odds broadside 10C 10S FC Gunner 3 XP", args: []string{"misty", "odds", "--type", "broadside", "-a", "ship:cannons=10,sailors=10,fc-gunner,xp=3,owner=a", "-d", "ship:cannons=10,sailors=10,fc-gunner,xp=3,owner=b"}, relTo: 3},
	{name: "misty odds both 10C 10S FC Gunner+Fencing 3 XP", args: []string{"misty", "odds", "-a", "ship:cannons=10,sailors=10,fc-gunner,fc-fencing,xp=3,owner=a", "-d", "ship:cannons=10,sailors=10,fc-gunner,fc-fencing,xp=3,owner=b"}, relTo: 3},
	{name: "misty odds boarding 10 v 10 FC Fencing 7 XP", args: []string{"misty", "odds", "--type", "boarding", "-a", "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=a", "-d", "ship:sailors=5,cannons=5,fc-fencing,xp=7,owner=b"}, relTo: 3},
	// issue #15: the heaviest legal cases (Boarding takes at most 14
	// Experience Tokens a roll, both sides together; the box holds 50
	// Cannon and Sailor tokens, so two Player Ships share them)
	{name: "misty odds boarding 10 v 10 FC Fencing 5 XP every roll (the box: 40 between them)", args: []string{"misty", "odds", "--type", "boarding", "-a", "ship:sailors=5,cannons=5,fc-fencing,xp=5/5/5/5,owner=a", "-d", "ship:sailors=5,cannons=5,fc-fencing,xp=5/5/5/5,owner=b"}, relTo: 3},
	{name: "misty odds boarding 5 v 3 FC Fencing 7 XP", args: []string{"misty", "odds", "--type", "boarding", "-a", "ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "-d", "ship:sailors=2,cannons=1,fc-fencing,xp=7,owner=b"}, relTo: 3},
	{name: "misty odds broadside 25C 25S FC Gunner 20 XP", args: []string{"misty", "odds", "--type", "broadside", "-a", "ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=a", "-d", "ship:cannons=25,sailors=25,fc-gunner,xp=20,owner=b"}, relTo: 3},
	// issue #15: the worst legal shapes found by a sweep (odds5): a
	// Broadside where the defender keeps most of the box's Cannons (a
	// counterattack for each number it has left), and a 10 v 8 Boarding
	// (two 5 v 4 clashes: the extra die placed) with First-Class Fencing
	// Masters and the box's 40 Experience Tokens, 7 on each clash roll
	// and 3 on each tie roll a side (at most 14 a roll together)
	{name: "misty odds broadside 15C v 35C 25S FC Gunner+Captain+FC Fencing 20 XP (worst)", args: []string{"misty", "odds", "--type", "broadside", "-a", "ship:cannons=15,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=a", "-d", "ship:cannons=35,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=b"}, relTo: 3},
	{name: "misty odds boarding 10 v 8 FC Fencing 7/3/7/3 XP (worst)", args: []string{"misty", "odds", "--type", "boarding", "-a", "ship:sailors=5,cannons=5,fc-fencing,xp=7/3/7/3,owner=a", "-d", "ship:sailors=4,cannons=4,fc-fencing,xp=7/3/7/3,owner=b"}, relTo: 3},
	{name: "misty odds boarding 5 v 4 FC Fencing 7 XP", args: []string{"misty", "odds", "--type", "boarding", "-a", "ship:sailors=4,cannons=1,fc-fencing,xp=7,owner=a", "-d", "ship:sailors=3,cannons=1,fc-fencing,xp=7,owner=b"}, relTo: 3},
	// issue #15: a battle resolved from entered dice reports its luck
	// percentile, exact: the 25-Cannon roll (5 Hull Hits, 20 misses; the
	// re-rolls and the counterattack rolled, reproducibly) and the worst
	// shape above
	{name: "misty broadside 25C 25S FC Gunner entered dice (luck)", args: []string{"misty", "broadside", "-a", "ship:cannons=25,sailors=25,fc-gunner,owner=a", "-d", "ship:cannons=25,sailors=25,fc-gunner,owner=b", "--seed", "1", "--dice", "6,6,6,6,6,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2"}, relTo: 3},
	{name: "misty broadside 15C v 35C 25S FC Gunner+Captain+FC Fencing 20 XP entered dice (luck, worst)", args: []string{"misty", "broadside", "-a", "ship:cannons=15,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=a", "-d", "ship:cannons=35,sailors=25,fc-gunner,captain,fc-fencing,xp=20,owner=b", "--seed", "1", "--dice", "6,6,1,1,2,2,3,3,6,6,1,2,3,6,1,6"}, relTo: 3},
	{name: "misty odds 51 Cannons refused (exit 2)", args: []string{"misty", "odds", "-a", "ship:cannons=51", "-d", "pirate"}, relTo: 1.5, exit: 2},
	{name: "rules search (1 MB added manual)", args: []string{"--data-dir", "{manuals}", "rules", "search", "max dice in a sword fight"}, relTo: 1.5},
	{name: "rules show (1 MB added manual)", args: []string{"--data-dir", "{manuals}", "rules", "show", "misty-waters/large-crew"}, relTo: 1.5},
}

// bigManual writes a 1 MB manual (the shipped rulebooks' texts, repeated)
// and adds it under dataDir, for the search cases with an added manual.
func bigManual(bin string, env []string, tmp, dataDir string) error {
	// the rulebooks the games ship from their own folders (the four games
	// of the box; the coin-flip example is not in the list)
	var texts [][]byte
	for _, b := range rulesref.BooksOf(all.Games()) {
		texts = append(texts, []byte(b.Text))
	}
	if len(texts) == 0 {
		return fmt.Errorf("no game ships a rulebook")
	}
	buf := []byte("Big Manual\n")
	for i := 0; len(buf) < 1<<20; i++ {
		buf = append(buf, texts[i%len(texts)]...)
		buf = append(buf, '\n')
	}
	path := filepath.Join(tmp, "big-manual.txt")
	if err := os.WriteFile(path, buf[:1<<20], 0o644); err != nil {
		return err
	}
	c := exec.Command(bin, "--data-dir", dataDir, "rules", "add", "--game", "misty-waters", "--title", "Big Manual", path)
	c.Env = env
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

func main() {
	runs := flag.Int("runs", 30, "runs per case (after 3 warm-up runs)")
	check := flag.Bool("check", false, "exit 1 when a case is over its budget")
	quality := flag.String("heldout", "rulesref/testdata/heldout.yaml", "held-out rules questions to score the search with (empty: skip)")
	verbose := flag.Bool("v", false, "list the held-out questions not answered first")
	only := flag.Bool("quality-only", false, "only score the rules search")
	run := flag.String("run", "", "only the cases whose name matches this regular expression (bosun --help always runs: the ratios are to it)")
	prebuilt := flag.String("bin", "", "measure this bosun binary instead of building ./cmd/bosun (to compare builds)")
	keepTmp := flag.Bool("keep", false, "keep the temporary directory (the saves, the 3,000-step session) and print its path")
	flag.Parse()
	selected, err := selectCases(*run)
	if err != nil {
		fail(err)
	}

	if *quality != "" {
		fmt.Println("Rules search, held-out questions (answer in the top 1 / top 3):")
		if _, _, err := heldout(*quality, *verbose); err != nil {
			fmt.Fprintln(os.Stderr, "heldout:", err)
		}
		fmt.Println()
	}
	if *only {
		return
	}

	tmp, err := os.MkdirTemp("", "bosun-bench-")
	if err != nil {
		fail(err)
	}
	if *keepTmp {
		fmt.Println("keeping", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	bin := *prebuilt
	if bin == "" {
		bin = filepath.Join(tmp, "bosun")
		build := exec.Command("go", "build", "-o", bin, "./cmd/bosun")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fail(fmt.Errorf("build: %w", err))
		}
	}
	env := append(os.Environ(), "BOSUN_DATA_DIR="+filepath.Join(tmp, "data"), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"), "NO_COLOR=1")
	if needs(selected, usesSession) {
		for _, s := range setup {
			c := exec.Command(bin, s...)
			c.Env = env
			c.Stdin = strings.NewReader("")
			if out, err := c.CombinedOutput(); err != nil {
				fmt.Fprintf(os.Stderr, "setup %v failed (cases using it will fail): %v\n%s", s, err, out)
			}
		}
	}

	manuals := filepath.Join(tmp, "manuals")
	if needs(selected, usesManual) {
		if err := bigManual(bin, env, tmp, manuals); err != nil {
			// a search without the manual still succeeds, so going on would
			// report a figure for a case that was not measured
			fmt.Fprintf(os.Stderr, "setup: adding a 1 MB manual failed: %v\n", err)
			os.Exit(1)
		}
	}
	if needs(selected, usesLongSession) {
		if err := prepareLongSession(bin, env, tmp); err != nil {
			fmt.Fprintf(os.Stderr, "setup: the 3,000-step session failed (cases using it will fail): %v\n", err)
		}
	}

	fmt.Printf("%-48s %9s %9s %10s %7s %s\n", "case", "median", "p90", "budget", "x help", "")
	var helpMedian time.Duration
	over := false
	for _, bc := range selected {
		args := make([]string, len(bc.args))
		for i, a := range bc.args {
			args[i] = strings.ReplaceAll(a, "{manuals}", manuals)
		}
		isHelp := bc.args[0] == "--help"
		var helpArgs []string
		if !isHelp {
			helpArgs = []string{"--help"}
		}
		times, helps, err := measure(bin, env, args, helpArgs, bc.exit, *runs)
		if err != nil {
			fmt.Printf("%-48s %9s %9s %10s %7s %s\n", bc.name, "-", "-", "-", "-", "FAILED: "+err.Error())
			over = true
			continue
		}
		med, p90 := times[len(times)/2], times[len(times)*9/10]
		if isHelp {
			helpMedian = med
		}
		// the ratio is to the --help runs made alternately with this
		// case's runs: the machine's speed drifts during a whole run
		// (by up to a third on the development VM), a pair of
		// interleaved medians much less
		ref := helpMedian
		if len(helps) > 0 {
			ref = helps[len(helps)/2]
		}
		budget := bc.budget
		if bc.relTo > 0 {
			budget = time.Duration(bc.relTo * float64(ref))
		}
		verdict := "ok"
		if med > budget {
			verdict = "OVER"
			over = true
		}
		ratio := "-"
		if ref > 0 {
			ratio = fmt.Sprintf("%.2fx", float64(med)/float64(ref))
		}
		fmt.Printf("%-48s %9s %9s %10s %7s %s\n", bc.name, ms(med), ms(p90), ms(budget), ratio, verdict)
	}
	// a Go hello-world beside --help: a reader can tell a slow machine
	// (both slow) from a slow bosun start-up (--help far above it)
	if hello, err := helloWorld(tmp); err != nil {
		fmt.Fprintf(os.Stderr, "hello-world: %v\n", err)
	} else if times, _, err := measure(hello, env, nil, nil, 0, *runs); err == nil {
		med := times[len(times)/2]
		ratio := "-"
		if helpMedian > 0 {
			ratio = fmt.Sprintf("%.2fx", float64(med)/float64(helpMedian))
		}
		fmt.Printf("%-48s %9s %9s %10s %7s %s\n", "(Go hello-world, for scale)", ms(med), ms(times[len(times)*9/10]), "-", ratio, "")
	}
	if *check && over {
		os.Exit(1)
	}
}

// helloWorld builds a Go program that prints one line, in dir.
func helloWorld(dir string) (string, error) {
	src := filepath.Join(dir, "hello")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n"), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(src, "go.mod"), []byte("module hello\n\ngo 1.21\n"), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "hello-bin")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build: %v: %s", err, out)
	}
	return bin, nil
}

// selectCases returns --help and the cases whose name matches expr (all
// when expr is empty).
func selectCases(expr string) ([]benchCase, error) {
	if expr == "" {
		return cases, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("-run %q: %v (expected a Go regular expression matching case names)", expr, err)
	}
	var out []benchCase
	for _, bc := range cases {
		if bc.args[0] == "--help" || re.MatchString(bc.name) {
			out = append(out, bc)
		}
	}
	return out, nil
}

// usesSession says whether a case reads the saved sessions setup creates.
func usesSession(bc benchCase) bool {
	for _, a := range bc.args {
		switch a {
		case "--session", "sessions", "export", "__complete":
			return true
		}
	}
	return false
}

// usesManual says whether a case searches with the added 1 MB manual.
func usesManual(bc benchCase) bool {
	for _, a := range bc.args {
		if strings.Contains(a, "{manuals}") {
			return true
		}
	}
	return false
}

// usesLongSession says whether a case reads the 3,000-step session (or
// its 20 copies), which takes minutes to play.
func usesLongSession(bc benchCase) bool {
	for _, a := range bc.args {
		if strings.Contains(a, "{long}") || strings.Contains(a, "{long20}") {
			return true
		}
	}
	return false
}

func needs(cs []benchCase, f func(benchCase) bool) bool {
	for _, bc := range cs {
		if f(bc) {
			return true
		}
	}
	return false
}

func measure(bin string, env, args, alt []string, exit, runs int) (times, altTimes []time.Duration, err error) {
	one := func(args []string, exit int) (time.Duration, error) {
		c := exec.Command(bin, args...)
		c.Env = env
		c.Stdin = strings.NewReader("")
		start := time.Now()
		out, err := c.CombinedOutput()
		d := time.Since(start)
		if ee, ok := err.(*exec.ExitError); ok && exit != 0 && ee.ExitCode() == exit {
			err = nil
		} else if err == nil && exit != 0 {
			err = fmt.Errorf("exit 0, want %d", exit)
		}
		if err != nil {
			msg := strings.TrimSpace(string(out))
			if len(msg) > 120 {
				msg = msg[:120]
			}
			return 0, fmt.Errorf("%v: %s", err, msg)
		}
		return d, nil
	}
	for i := 0; i < runs+3; i++ {
		d, err := one(args, exit)
		if err != nil {
			return nil, nil, err
		}
		var a time.Duration
		if alt != nil {
			if a, err = one(alt, 0); err != nil {
				return nil, nil, err
			}
		}
		if i >= 3 {
			times = append(times, d)
			if alt != nil {
				altTimes = append(altTimes, a)
			}
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	sort.Slice(altTimes, func(i, j int) bool { return altTimes[i] < altTimes[j] })
	return times, altTimes, nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchmark:", err)
	os.Exit(1)
}
