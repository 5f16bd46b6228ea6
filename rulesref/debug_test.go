package rulesref

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

func TestDebugDump(t *testing.T) {
	g := os.Getenv("DUMP")
	if g == "" {
		t.Skip()
	}
	b := parseBook(g, rulebookText(g))
	for _, s := range b.Secs {
		fmt.Printf("%4d %s%-8s %s  [%s]\n", s.Start+1, strings.Repeat("  ", s.Level-1), s.Kind, s.ID, s.Title)
	}
}

func TestDebugQuery(t *testing.T) {
	q := os.Getenv("Q")
	if q == "" {
		t.Skip()
	}
	for _, line := range strings.Split(q, ";") {
		rs := Search(line, SearchOptions{Limit: 3})
		fmt.Printf("Q: %s\n", line)
		if len(rs) == 0 {
			fmt.Println("   (no ruling)")
		}
		for _, r := range rs {
			fmt.Printf("   %.2f %s  | %s\n", r.Score, r.ID, strings.ReplaceAll(firstWords(r.Text, 12), "\n", " "))
		}
	}
}

func TestDebugTerms(t *testing.T) {
	q := os.Getenv("QT")
	if q == "" {
		t.Skip()
	}
	c := builtin()
	st := newStemmer()
	pq := c.parseQuery(q, st)
	for _, x := range pq.terms {
		fmt.Println(c.ix.Terms[x.id], x.weight, c.ix.idf(x.id))
	}
	fmt.Println("unknown", pq.unknown)
	hits := c.ix.score(c, pq.terms, nil)
	sort.Slice(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	for _, h := range hits[:5] {
		fmt.Println(c.Secs[h.sec].ID, h.score, h.cover)
	}
}

func TestDebugErrata(t *testing.T) {
	if os.Getenv("DE") == "" {
		t.Skip()
	}
	for _, e := range Errata() {
		fmt.Println(e.ID, "->", e.Amends)
	}
}
