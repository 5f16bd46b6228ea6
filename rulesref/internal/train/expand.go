package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bosun-referee/bosun/rulesref"
)

// expand prints the questions of the dev set's batches sets as expansion
// blocks (the format of rulesref/data/questions.txt): each question under
// every passage whose text holds one of its answering snippets, blocks in
// the order their passages are first named, questions in dev-set order.
// A question none of whose snippets a single passage holds (a snippet
// across two passages) is left out and counted on stderr.
//
//	go run ./rulesref/internal/train -expand v9,v10,v11,v12,v13,v14,v15 > rulesref/data/players.txt
func expand(w, errw io.Writer, devset string, sets []string) error {
	dev, _, err := readDev(devset, "")
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, s := range sets {
		want[s] = true
	}
	found := map[string]bool{}
	var order []string
	qs := map[string][]string{}
	left := 0
	for _, dq := range dev {
		if !want[dq.Set] {
			continue
		}
		found[dq.Set] = true
		seen := map[string]bool{}
		for _, a := range dq.Answers {
			for _, h := range rulesref.PassageHeads(a) {
				if seen[h] {
					continue
				}
				seen[h] = true
				if qs[h] == nil {
					order = append(order, h)
				}
				q := strings.Join(strings.Fields(dq.Q), " ")
				if !slices.ContainsFunc(qs[h], func(o string) bool { return strings.EqualFold(o, q) }) {
					qs[h] = append(qs[h], q) // two writers' same question counts once
				}
			}
		}
		if len(seen) == 0 {
			left++
		}
	}
	for _, s := range sets {
		if !found[s] {
			return fmt.Errorf("%s: no question of batch %s (accepted: batches with answering snippets, such as v9-v15)", devset, s)
		}
	}
	fmt.Fprintf(w, "# Outsiders' questions as document expansion (see questions.go), written by\n# go run ./rulesref/internal/train -expand %s\n", strings.Join(sets, ","))
	for _, h := range order {
		fmt.Fprintf(w, "\n= %s\n", h)
		for _, q := range qs[h] {
			fmt.Fprintln(w, q)
		}
	}
	fmt.Fprintf(errw, "train: %d passages, %d questions left out (no single passage holds a snippet)\n", len(order), left)
	return nil
}
