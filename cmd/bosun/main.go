// Command bosun is a referee and rules reference for four nautical
// tabletop games. See README.md.
package main

import (
	"os"

	"github.com/bosun-referee/bosun/cmd/root"
)

func main() { os.Exit(root.Main()) }
