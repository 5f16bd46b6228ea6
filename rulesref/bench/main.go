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
	flag.Parse()

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
			for k, r := range rs {
				hit := false
				for _, id := range c.IDs {
					if r.ID == id && len(c.Answers) == 0 {
						hit = true
					}
				}
				for _, a := range c.Answers {
					if strings.Contains(r.Text, a) {
						hit = true
					}
				}
				if hit {
					if k == 0 {
						top1++
						x.top1++
					}
					top3++
					x.top3++
					break
				}
			}
		}
	}
	for _, name := range order {
		x := sets[name]
		if name == "" {
			name = "v1"
		}
		fmt.Printf("rules dev set %s: %d questions  top-1 %.1f%%  top-3 %.1f%%\n", name, x.n,
			100*float64(x.top1)/float64(x.n), 100*float64(x.top3)/float64(x.n))
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
