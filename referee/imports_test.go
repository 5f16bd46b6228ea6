package referee_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is this module's path.
const module = "github.com/bosun-referee/bosun"

// listed is what TestEngineTouchesNoDisk reads of `go list -json`.
type listed struct {
	ImportPath string
	Name       string
	Standard   bool
	Imports    []string
}

// goList runs `go list -json` with args and decodes the packages it lists.
func goList(t *testing.T, args ...string) []listed {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is needed to check the imports: %v", err)
	}
	cmd := exec.Command(goTool, append([]string{"list", "-json"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var pkgs []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// TestEngineTouchesNoDisk: the engine and the games, and every package of
// this module they depend on, import none of the packages that reach the
// disk or the runtime's innards; that is the store's (referee/store),
// which none of them depends on. (fmt itself imports os, so the check is
// on each package's own imports.)
func TestEngineTouchesNoDisk(t *testing.T) {
	forbidden := []string{"os", "syscall", "unsafe", "runtime/debug", "io/fs"}
	pkgs := goList(t, "-deps", module+"/referee", module+"/games/...")
	var ours int
	for _, p := range pkgs {
		if p.Standard || !strings.HasPrefix(p.ImportPath, module+"/") {
			continue
		}
		ours++
		rel := strings.TrimPrefix(p.ImportPath, module+"/")
		if rel == "referee/store" || strings.HasPrefix(rel, "referee/store/") || strings.HasPrefix(rel, "cmd/") {
			t.Errorf("%s is among the engine's and the games' dependencies; they must not depend on the store or the commands", p.ImportPath)
			continue
		}
		for _, imp := range p.Imports {
			if slices.Contains(forbidden, imp) {
				t.Errorf("%s imports %s; the engine and the games leave the disk to referee/store", p.ImportPath, imp)
			}
		}
	}
	if ours < 5 {
		t.Fatalf("go list found %d packages of this module; expected the engine, tables and the games", ours)
	}
}

// floor is a package's layer: a package imports this module's packages on
// its own floor or below, never above. The leaves (safe text, atomic
// files) are on the ground floor with tables; the engine and the rules
// reference on the first; the games and the store (both built on the
// engine) on the second; the commands on top.
func floor(rel string) int {
	switch {
	case rel == "referee/safetext" || rel == "referee/store/fsutil" || rel == "tables" || strings.HasPrefix(rel, "tables/"):
		return 0
	case rel == "referee/store" || strings.HasPrefix(rel, "referee/store/") || strings.HasPrefix(rel, "games/"):
		return 2
	case rel == "referee" || strings.HasPrefix(rel, "referee/") || rel == "rulesref" || strings.HasPrefix(rel, "rulesref/"):
		return 1
	default: // cmd/...
		return 3
	}
}

// TestNoImportFromALowerFloorUp: no package imports one on a floor above
// its own (go list of every package, tests left out).
func TestNoImportFromALowerFloorUp(t *testing.T) {
	pkgs := goList(t, module+"/...")
	var checked int
	for _, p := range pkgs {
		rel := strings.TrimPrefix(p.ImportPath, module+"/")
		if strings.HasPrefix(rel, "cmd/") || p.Name == "main" {
			continue // the top floor (commands, and tools such as rulesref/bench); cmd's own rule is in cmd/cmdutil
		}
		checked++
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			to := strings.TrimPrefix(imp, module+"/")
			if floor(to) > floor(rel) {
				t.Errorf("%s (floor %d) imports %s (floor %d): a lower layer must not depend on a higher one", rel, floor(rel), to, floor(to))
			}
		}
	}
	if checked < 10 {
		t.Fatalf("go list found %d packages below cmd/", checked)
	}
}
