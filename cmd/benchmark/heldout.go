package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/rulesref"
	"gopkg.in/yaml.v3"
)

// heldoutCase is one question of rulesref/testdata/heldout.yaml (or of a
// fresh batch in the same format): written from the rulebooks alone,
// never used to tune the search. A result counts when its text contains
// one of the verbatim snippets; `expect: []` marks an off-topic question,
// for which "no ruling" (no result) is the right answer.
type heldoutCase struct {
	Q      string   `yaml:"q"`
	Game   string   `yaml:"game"`
	Expect []string `yaml:"expect"`
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// loadHeldout reads path: one YAML file, or every .yaml/.yml file of a
// directory (in name order).
func loadHeldout(path string) ([]heldoutCase, error) {
	files := []string{path}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		files = nil
		for _, pat := range []string{"*.yaml", "*.yml"} {
			m, _ := filepath.Glob(filepath.Join(path, pat))
			files = append(files, m...)
		}
		sort.Strings(files)
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no .yaml files", path)
		}
	}
	var all []heldoutCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var cases []heldoutCase
		if err := yaml.Unmarshal(b, &cases); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		all = append(all, cases...)
	}
	return all, nil
}

// heldoutRank is the rank (1-3) of the first result holding one of the
// expected snippets, 0 when none does. An off-topic case (no snippets)
// ranks 1 when nothing is answered, 0 otherwise.
func heldoutRank(c heldoutCase, res []rulesref.Result) int {
	if len(c.Expect) == 0 {
		if len(res) == 0 {
			return 1
		}
		return 0
	}
	for i, r := range res {
		text := squash(r.Text)
		for _, e := range c.Expect {
			if strings.Contains(text, squash(e)) {
				return i + 1
			}
		}
	}
	return 0
}

// heldout prints top-1 and top-3 accuracy on the held-out set, per game,
// asking exactly what `bosun rules search --json --limit 3 Q` asks with
// no game given and, for the questions that name their game in the file,
// what `--game G` (or a current session of G) asks. Off-topic questions
// (`expect: []`) are scored apart: right when nothing is answered. It
// returns the no-game figures over the on-topic questions.
func heldout(path string, verbose bool) (top1, top3 float64, err error) {
	cases, err := loadHeldout(path)
	if err != nil {
		return 0, 0, err
	}
	type tally struct{ n, one, three int }
	add := func(x *tally, rank int) {
		x.n++
		if rank == 1 {
			x.one++
		}
		if rank >= 1 {
			x.three++
		}
	}
	modes := []string{"no game given", "game given (--game)"}
	per := [2]map[string]*tally{{}, {}}
	var all [2]tally
	var off tally
	var misses [2][]string
	for _, c := range cases {
		if len(c.Expect) == 0 {
			res := rulesref.Search(c.Q, rulesref.SearchOptions{Limit: 3})
			rank := heldoutRank(c, res)
			add(&off, rank)
			if rank == 0 {
				misses[0] = append(misses[0], fmt.Sprintf("  off-topic answered: %q -> %s", c.Q, res[0].ID))
			}
			continue
		}
		for m := range modes {
			opt := rulesref.SearchOptions{Limit: 3}
			if m == 1 {
				if c.Game == "" {
					continue
				}
				opt.Games = []string{c.Game}
			}
			res := rulesref.Search(c.Q, opt)
			rank := heldoutRank(c, res)
			t := per[m][c.Game]
			if t == nil {
				t = &tally{}
				per[m][c.Game] = t
			}
			add(t, rank)
			add(&all[m], rank)
			if rank != 1 {
				var got []string
				for _, r := range res {
					got = append(got, r.ID)
				}
				if len(got) == 0 {
					got = []string{"no ruling"}
				}
				misses[m] = append(misses[m], fmt.Sprintf("  miss (rank %d) [%s]: %q -> %s", rank, c.Game, c.Q, strings.Join(got, ", ")))
			}
		}
	}
	for m, name := range modes {
		if all[m].n == 0 {
			continue
		}
		fmt.Printf(" %s:\n", name)
		for _, g := range []string{"misty-waters", "rolling-seas", "war-for-atraxia", "quests-and-cannons", ""} {
			if t := per[m][g]; t != nil {
				label := g
				if label == "" {
					label = "(no game in file)"
				}
				fmt.Printf("  %-20s %3d questions  top-1 %5.1f%%  top-3 %5.1f%%\n", label, t.n, pct(t.one, t.n), pct(t.three, t.n))
			}
		}
		fmt.Printf("  %-20s %3d questions  top-1 %5.1f%%  top-3 %5.1f%%\n", "all", all[m].n, pct(all[m].one, all[m].n), pct(all[m].three, all[m].n))
	}
	if off.n > 0 {
		fmt.Printf(" off-topic (expect: []): %d questions, %d answered \"no ruling\" (%.1f%%)\n", off.n, off.one, pct(off.one, off.n))
	}
	if verbose {
		for m, name := range modes {
			if len(misses[m]) > 0 {
				fmt.Printf(" not first, %s:\n", name)
				for _, s := range misses[m] {
					fmt.Println(s)
				}
			}
		}
	}
	return pct(all[0].one, all[0].n), pct(all[0].three, all[0].n), nil
}

func pct(a, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(a) / float64(n)
}
