package rulesref

import (
	"fmt"
	"os"
	"regexp"
	"testing"
)

func TestDebugScanLeadIns(t *testing.T) {
	if os.Getenv("SCAN") == "" {
		t.Skip()
	}
	re := regexp.MustCompile(`^([A-Z'][^:.!?]{1,70}): \S`)
	for _, g := range Games {
		b := parseBook(g, rulebookText(g))
		starts := map[int]bool{}
		for _, s := range b.Secs {
			starts[s.Start] = true
		}
		for i, l := range b.Lines {
			if m := re.FindStringSubmatch(l); m != nil && !starts[i] {
				fmt.Printf("%s:%d %q\n", g, i+1, m[1])
			}
		}
	}
}
