// Command bosun is a referee and rules reference for four nautical
// tabletop games. See README.md.
package main

import (
	"os"
	"runtime/debug"

	"github.com/bosun-referee/bosun/cmd/root"
)

func main() {
	tuneGC()
	os.Exit(root.Main())
}

// tuneGC lets a command's heap grow to five times what is live before the
// garbage collector runs (GOGC 400 instead of 100), under a soft limit of
// 256 MB: a bosun process lives for tens of milliseconds, and reading a
// long game's log spent a sixth of its time collecting garbage it would
// have left behind on exit anyway (issue #15). A GOGC or GOMEMLIMIT set in
// the environment wins.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(256 << 20)
	}
}
