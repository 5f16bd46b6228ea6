package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/bosun-referee/bosun/rulesref"
	"gopkg.in/yaml.v3"
)

// batchQ is one question of a batch written from the rulebooks alone:
// the question, its game ("none" for an off-topic one) and the rulebook
// text that settles it.
type batchQ struct {
	Q      string   `yaml:"q" json:"question"`
	Game   string   `yaml:"game" json:"game"`
	Expect []string `yaml:"expect" json:"expect"`
}

func readBatch(path string) ([]batchQ, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var qs []batchQ
	if strings.HasSuffix(path, ".jsonl") {
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var q batchQ
			if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			qs = append(qs, q)
		}
		return qs, sc.Err()
	}
	if err := yaml.Unmarshal(b, &qs); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return qs, nil
}

// norm is text as compared: lower case, runs of non-letters and
// non-digits one space (a quote's punctuation or line breaks do not
// decide whether it is there).
func norm(s string) string {
	var b strings.Builder
	space := true
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// holds reports whether text holds one of the expected texts.
func holds(text string, expect []string) bool {
	t := norm(text)
	for _, e := range expect {
		if e = norm(e); e != "" && strings.Contains(t, e) {
			return true
		}
	}
	return false
}

type batchTally struct{ n, top1, top3, line, none, noneRight int }

func (x *batchTally) add(q batchQ, rs []rulesref.Result) (lineOK bool) {
	if q.Game == "none" || q.Game == "" {
		x.none++
		if len(rs) == 0 {
			x.noneRight++
		}
		return true
	}
	x.n++
	for k, r := range rs {
		if holds(r.Text, q.Expect) {
			if k == 0 {
				x.top1++
			}
			x.top3++
			break
		}
	}
	if len(rs) > 0 && holds(rs[0].Answer, q.Expect) {
		x.line++
		return true
	}
	return false
}

func (x batchTally) String() string {
	pc := func(a int) float64 { return 100 * float64(a) / float64(max(x.n, 1)) }
	s := fmt.Sprintf("%3d questions  top-1 %5.1f%%  top-3 %5.1f%%  answer line %5.1f%%", x.n, pc(x.top1), pc(x.top3), pc(x.line))
	if x.none > 0 {
		s += fmt.Sprintf("  off-topic no ruling %d/%d", x.noneRight, x.none)
	}
	return s
}

// scoreBatches scores each batch with no game and with the game given.
// The answer line counts when the first result's answer sentence(s)
// hold one of the expected texts: a mechanical stand-in for a judge who
// reads that line alone (a judge also accepts a line that says the same
// in other words, so this is a floor).
func scoreBatches(paths []string, show bool) {
	var all, allG batchTally
	for _, p := range paths {
		qs, err := readBatch(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		var x, g batchTally
		for _, q := range qs {
			rs := rulesref.Search(q.Q, rulesref.SearchOptions{Limit: 3})
			ok := x.add(q, rs)
			all.add(q, rs)
			if show && !ok {
				line, where := "(no ruling)", "no ruling"
				if len(rs) > 0 {
					line = rs[0].ID + ": " + rs[0].Answer
					where = "another passage first"
					if holds(rs[0].Text, q.Expect) {
						where = "in the first passage"
					} else if holds(strings.Join(rs[0].Errata, " "), q.Expect) {
						where = "in the first passage's errata/Q&A"
					}
				}
				fmt.Printf("  line miss (%s) %q\n    got  %s\n    want %q\n", where, q.Q, line, q.Expect)
			}
			if q.Game != "none" && q.Game != "" {
				grs := rulesref.Search(q.Q, rulesref.SearchOptions{Limit: 3, Games: []string{q.Game}})
				g.add(q, grs)
				allG.add(q, grs)
			}
		}
		fmt.Printf("%s\n  no game    %s\n  game given %s\n", p, x, g)
	}
	if len(paths) > 1 {
		fmt.Printf("ALL\n  no game    %s\n  game given %s\n", all, allG)
	}
}
