// Command bench measures the rules reference: dev-set accuracy (top-1,
// top-3), warm per-query latency, index load time and, given -bin, the
// one-shot wall time of `bosun rules search` against `bosun --help`
// (median of -n runs). `make bench` runs it.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/bosun-referee/bosun/rulesref"
	"gopkg.in/yaml.v3"
)

func main() {
	devset := flag.String("devset", "", "dev set YAML (default rulesref/testdata/devset.yaml)")
	bin := flag.String("bin", "", "bosun binary for the one-shot timing (skipped when empty)")
	n := flag.Int("n", 30, "runs per one-shot measurement")
	gameGiven := flag.Bool("game", false, "also score every question with its game given (the game of its first id), as with --game or a session")
	misses := flag.String("misses", "", "list the questions of this batch (v1..v9, or all) not answered first")
	batches := flag.String("batches", "", "score these question batches instead (comma-separated YAML files of q/game/expect, or JSONL of question/game/expect): top-1, top-3 and the answer line, with no game and with the game given, and stop")
	showLines := flag.Bool("answer-misses", false, "with -batches: print each question whose answer line holds no expected text, with the line")
	flag.Parse()
	if *batches != "" {
		scoreBatches(strings.Split(*batches, ","), *showLines)
		return
	}

	t0 := time.Now()
	rulesref.Exists("misty-waters/step-4b-boarding-battle") // parse + load the prebuilt index
	load := time.Since(t0)

	path := *devset
	if path == "" {
		for _, p := range []string{"rulesref/testdata/devset.yaml", "testdata/devset.yaml", "../testdata/devset.yaml"} {
			if _, err := os.Stat(p); err == nil {
				path = p
				break
			}
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench: dev set:", err)
		os.Exit(1)
	}
	var cases []struct {
		Q   string   `yaml:"q"`
		IDs []string `yaml:"ids"`
		Set string   `yaml:"set"`
		// Answers: when given, a result counts only if its text holds one
		Answers []string `yaml:"answers"`
	}
	if err := yaml.Unmarshal(b, &cases); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	top1, top3 := 0, 0
	type tally struct{ n, top1, top3 int }
	sets := map[string]*tally{}
	gsets := map[string]*tally{}
	var order []string
	var lat []time.Duration
	for round := 0; round < 5; round++ {
		for _, c := range cases {
			s := time.Now()
			rs := rulesref.Search(c.Q, rulesref.SearchOptions{Limit: 3})
			lat = append(lat, time.Since(s))
			if round > 0 {
				continue
			}
			x := sets[c.Set]
			if x == nil {
				x = &tally{}
				sets[c.Set] = x
				order = append(order, c.Set)
			}
			x.n++
			rank := devRank(c.IDs, c.Answers, rs)
			if rank == 0 {
				top1++
				x.top1++
			}
			if rank >= 0 {
				top3++
				x.top3++
			}
			set := c.Set
			if set == "" {
				set = "v1"
			}
			if *misses != "" && rank != 0 && (*misses == "all" || *misses == set) {
				var got []string
				for _, r := range rs {
					got = append(got, r.ID)
				}
				fmt.Printf("  miss %s (rank %d): %q want %v got %v\n", set, rank+1, c.Q, c.IDs, got)
			}
			if *gameGiven {
				g := gsets[c.Set]
				if g == nil {
					g = &tally{}
					gsets[c.Set] = g
				}
				game := strings.SplitN(c.IDs[0], "/", 2)[0]
				grs := rulesref.Search(c.Q, rulesref.SearchOptions{Limit: 3, Games: []string{game}})
				g.n++
				rank := devRank(c.IDs, c.Answers, grs)
				if rank == 0 {
					g.top1++
				}
				if rank >= 0 {
					g.top3++
				}
			}
		}
	}
	for _, key := range order {
		x, name := sets[key], key
		if name == "" {
			name = "v1"
		}
		fmt.Printf("rules dev set %s: %d questions  top-1 %.1f%%  top-3 %.1f%%", name, x.n,
			100*float64(x.top1)/float64(x.n), 100*float64(x.top3)/float64(x.n))
		if g := gsets[key]; g != nil {
			fmt.Printf("   game given: top-1 %.1f%%  top-3 %.1f%%", 100*float64(g.top1)/float64(g.n), 100*float64(g.top3)/float64(g.n))
		}
		fmt.Println()
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	fmt.Printf("rules dev set: %d questions  top-1 %.1f%%  top-3 %.1f%%\n", len(cases),
		100*float64(top1)/float64(len(cases)), 100*float64(top3)/float64(len(cases)))
	fmt.Printf("rules warm query latency: median %v  p95 %v  max %v (%s, %d cpu)\n",
		lat[len(lat)/2], lat[len(lat)*95/100], lat[len(lat)-1], runtime.GOARCH, runtime.NumCPU())
	fmt.Printf("rules index load (parse + prebuilt index): %v\n", load)

	if *bin == "" {
		return
	}
	exe, _ := filepath.Abs(*bin)
	help := median(*n, exe, "--help")
	search := median(*n, exe, "rules", "search", "--json", "--limit", "3", "max dice in a sword fight")
	if help <= 0 || search <= 0 {
		fmt.Println("rules one-shot: could not run", exe)
		return
	}
	fmt.Printf("rules one-shot: bosun --help %v, bosun rules search %v (median of %d): %.2fx\n",
		help, search, *n, float64(search)/float64(help))
}

// devRank is the rank (0-2) of the first result that answers: its text
// holds one of the answers, or (a question without answers) its id is one
// of ids; -1 when none does.
func devRank(ids, answers []string, rs []rulesref.Result) int {
	for k, r := range rs {
		for _, id := range ids {
			if r.ID == id && len(answers) == 0 {
				return k
			}
		}
		for _, a := range answers {
			if strings.Contains(r.Text, a) {
				return k
			}
		}
	}
	return -1
}

func median(n int, exe string, args ...string) time.Duration {
	var ds []time.Duration
	env := append(os.Environ(), "BOSUN_DATA_DIR="+os.TempDir()+"/bosun-bench-empty")
	for i := 0; i < n; i++ {
		cmd := exec.Command(exe, args...)
		cmd.Env = env
		s := time.Now()
		if err := cmd.Run(); err != nil {
			return -1
		}
		ds = append(ds, time.Since(s))
	}
	sort.Slice(ds, func(a, b int) bool { return ds[a] < ds[b] })
	return ds[len(ds)/2]
}
