package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/bosun-referee/bosun/rulesref"
	"gopkg.in/yaml.v3"
)

// heldoutCase is one question of rulesref/testdata/heldout.yaml: written
// from the rulebooks alone, never used to tune the search. A result counts
// when its text contains one of the verbatim snippets.
type heldoutCase struct {
	Q      string   `yaml:"q"`
	Game   string   `yaml:"game"`
	Expect []string `yaml:"expect"`
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// heldout prints top-1 and top-3 accuracy on the held-out set, per game,
// asking exactly what `bosun rules search --json --limit 3 Q` asks.
func heldout(path string, verbose bool) (top1, top3 float64, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	var cases []heldoutCase
	if err := yaml.Unmarshal(b, &cases); err != nil {
		return 0, 0, err
	}
	type tally struct{ n, one, three int }
	per := map[string]*tally{}
	var all tally
	for _, c := range cases {
		res := rulesref.Search(c.Q, rulesref.SearchOptions{Limit: 3})
		rank := 0
		for i, r := range res {
			text := squash(r.Text)
			for _, e := range c.Expect {
				if strings.Contains(text, squash(e)) {
					rank = i + 1
					break
				}
			}
			if rank > 0 {
				break
			}
		}
		t := per[c.Game]
		if t == nil {
			t = &tally{}
			per[c.Game] = t
		}
		for _, x := range []*tally{t, &all} {
			x.n++
			if rank == 1 {
				x.one++
			}
			if rank >= 1 {
				x.three++
			}
		}
		if verbose && rank != 1 {
			got := "nothing"
			if len(res) > 0 {
				got = res[0].ID
			}
			fmt.Printf("  miss (rank %d): %q -> %s\n", rank, c.Q, got)
		}
	}
	for _, g := range []string{"misty-waters", "rolling-seas", "war-for-atraxia", "quests-and-cannons"} {
		if t := per[g]; t != nil {
			fmt.Printf("  %-20s %3d questions  top-1 %5.1f%%  top-3 %5.1f%%\n", g, t.n, pct(t.one, t.n), pct(t.three, t.n))
		}
	}
	fmt.Printf("  %-20s %3d questions  top-1 %5.1f%%  top-3 %5.1f%%\n", "all", all.n, pct(all.one, all.n), pct(all.three, all.n))
	return pct(all.one, all.n), pct(all.three, all.n), nil
}

func pct(a, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(a) / float64(n)
}
