package tables

import (
	"embed"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The YAML files are the source of the shipped tables; shipped.go is
// generated from them (go generate ./tables/), so that no bosun process parses YAML to read a
// shipped table. parseYAML also validates each table, which the generator
// (tables/internal/shipgen) leaves to this test.
//
//go:embed data/*.yaml
var data embed.FS

// parseYAML parses and validates every data/*.yaml file.
func parseYAML(t *testing.T) map[string]*Table {
	t.Helper()
	files, err := fs.Glob(data, "data/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no data/*.yaml: %v", err)
	}
	out := map[string]*Table{}
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".yaml")
		b, err := data.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var tb Table
		if err := yaml.Unmarshal(b, &tb); err != nil {
			t.Fatalf("tables: %s: %v", f, err)
		}
		if tb.Name != name {
			t.Fatalf("tables: %s: name %q does not match the file name %q", f, tb.Name, name)
		}
		if err := tb.validate(); err != nil {
			t.Fatalf("tables: %s: %v", f, err)
		}
		out[name] = &tb
	}
	return out
}

// TestShippedGoMatchesYAML: every compiled table equals its YAML file,
// value for value and type for type (an int stays an int, a float a
// float), and there is no compiled table without a file.
func TestShippedGoMatchesYAML(t *testing.T) {
	want := parseYAML(t)
	var names []string
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	if !reflect.DeepEqual(shippedNames, names) {
		t.Fatalf("shipped.go names %v, data/*.yaml %v: run go generate ./tables/", shippedNames, names)
	}
	for _, n := range names {
		got := shippedTable(n)
		if !reflect.DeepEqual(got, want[n]) {
			t.Errorf("shipped.go table %s differs from data/%s.yaml: run go generate ./tables/", n, n)
		}
		if got == shippedTable(n) {
			t.Errorf("table %s: each call must build a fresh copy", n)
		}
	}
	if shippedTable("no-such-table") != nil {
		t.Error("an unknown table must be nil")
	}
}
