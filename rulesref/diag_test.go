package rulesref

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestDebugMisses classifies the dev-set questions with answers that miss
// the top 3 (DIAG=1): right section but the passage lacks the answer,
// wrong game first, wrong section, or no result.
func TestDebugMisses(t *testing.T) {
	if os.Getenv("DIAG") == "" {
		t.Skip()
	}
	kinds := map[string]int{}
	for _, c := range loadDevSet(t) {
		if len(c.Answers) == 0 || devRank(c) == 0 {
			continue
		}
		rs := Search(c.Q, SearchOptions{Limit: 3})
		kind := "wrong-section"
		game := strings.SplitN(c.IDs[0], "/", 2)[0]
		switch {
		case len(rs) == 0:
			kind = "empty"
		case rs[0].Game != game:
			kind = "wrong-game"
		}
		for _, r := range rs {
			for _, id := range c.IDs {
				if r.ID == id {
					kind = "passage"
				}
			}
		}
		if devRank(c) > 0 {
			kind = "top3-" + kind
		}
		kinds[kind]++
		var got []string
		for _, r := range rs {
			got = append(got, fmt.Sprintf("%s(%d)", r.ID, len(r.Text)))
		}
		fmt.Printf("%-20s %q want %v got %v\n", kind, c.Q, c.IDs, got)
	}
	fmt.Println(kinds)
}
