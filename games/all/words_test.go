package all_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee/refereetest"
)

// TestGoldenOutputsReadRight scans every golden file and end-to-end
// script of the repository for words no player should read ("1 Coins",
// "on a island", "(removed )"): the scripted games' own output is scanned
// by their chaos tables (refereetest.CheckChaos).
func TestGoldenOutputsReadRight(t *testing.T) {
	root := filepath.Join("..", "..")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.Contains(path, "testdata") {
			return nil
		}
		switch filepath.Ext(path) {
		case ".golden", ".txtar", ".md", ".txt", ".html":
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		for i, line := range strings.Split(string(b), "\n") {
			for _, w := range refereetest.BadWords(line) {
				t.Errorf("%s:%d: %s", path, i+1, w)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("only %d golden files found under %s", n, root)
	}
	t.Logf("%d golden files and scripts scanned", n)
}
