// Command gen writes tables/shipped.go from tables/data/*.yaml. Run it
// with `go generate ./tables/`.
package main

import (
	"fmt"
	"os"

	"github.com/bosun-referee/bosun/tables/internal/shipgen"
)

func main() {
	ts, err := shipgen.Parse(os.DirFS("."))
	if err == nil {
		var src []byte
		if src, err = shipgen.Generate(ts); err == nil {
			err = os.WriteFile("shipped.go", src, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
