// Command gen writes rulesref/data/index.bin, the prebuilt search index of
// the shipped rulebooks. Run it with `go generate ./rulesref/`.
package main

import (
	"fmt"
	"os"

	"github.com/bosun-referee/bosun/rulesref"
)

func main() {
	b := rulesref.BuildIndexData()
	if err := os.WriteFile("data/index.bin", b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Printf("rulesref: wrote data/index.bin (%d bytes)\n", len(b))
}
