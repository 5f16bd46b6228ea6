package cmdutil_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/bosun-referee/bosun"

// TestNoCommandImportsAnother: a command package imports no other command
// package but cmd/cmdutil (and its subpackages), the floor they share;
// only cmd/root, which assembles them, cmd/bosun (main) and cmd/gendocs
// (which documents the root) import command packages. Nothing outside
// cmd/ imports cmd/. Test files are not counted.
func TestNoCommandImportsAnother(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is needed to check the imports: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-json", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	assemblers := map[string]bool{"cmd/root": true, "cmd/bosun": true, "cmd/gendocs": true}
	isFloor := func(rel string) bool { return rel == "cmd/cmdutil" || strings.HasPrefix(rel, "cmd/cmdutil/") }
	dec := json.NewDecoder(bytes.NewReader(out))
	commands := 0
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list: %v", err)
		}
		rel := strings.TrimPrefix(p.ImportPath, module+"/")
		inCmd := strings.HasPrefix(rel, "cmd/")
		if inCmd {
			commands++
		}
		for _, imp := range p.Imports {
			irel, ours := strings.CutPrefix(imp, module+"/")
			if !ours || !strings.HasPrefix(irel, "cmd/") {
				continue
			}
			switch {
			case !inCmd:
				t.Errorf("%s imports %s: nothing below the commands imports a command package", rel, irel)
			case !assemblers[rel] && !isFloor(irel) && !isFloor(rel):
				t.Errorf("%s imports %s: a command package imports only cmd/cmdutil; move what they share there (or below)", rel, irel)
			case isFloor(rel) && !isFloor(irel):
				t.Errorf("%s imports %s: cmd/cmdutil is the floor the commands share", rel, irel)
			}
		}
	}
	if commands < 10 {
		t.Fatalf("go list found %d packages under cmd/; expected every command group", commands)
	}
}
