package tables_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/bosun-referee/bosun/tables/internal/shipgen"
)

var update = flag.Bool("update", false, "rewrite shipped.go from data/*.yaml")

// TestShippedGo: shipped.go is exactly what the generator writes from the
// YAML files (go generate ./tables/; -update rewrites it too).
func TestShippedGo(t *testing.T) {
	ts, err := shipgen.Parse(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	src, err := shipgen.Generate(ts)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("shipped.go", src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile("shipped.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, src) {
		t.Fatal("shipped.go is stale: run go generate ./tables/")
	}
}
