package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/rulesref"
	"gopkg.in/yaml.v3"
)

// rawCase is one question of a fresh batch in the snippet format
// `cmd/benchmark -heldout` reads (rulesref/testdata/v10/, v11/): the
// verbatim snippets that answer it, `expect: []` for an off-topic one.
type rawCase struct {
	Q      string   `yaml:"q"`
	Game   string   `yaml:"game"`
	Expect []string `yaml:"expect"`
}

// convert prints a raw batch (a file or a directory of .yaml files, in
// name order) as dev-set entries of batch set, the way batch v10 joined
// the dev data: ids are every section whose text holds one of the
// question's snippets (in rulebook order), answers the snippets. The
// off-topic questions are printed after them, commented, in the format of
// offtopic.yaml. A snippet no section holds is an error.
//
//	go run ./rulesref/internal/train -convert rulesref/testdata/v11 -set v11
func convert(w io.Writer, path, set string) error {
	files := []string{path}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		files, _ = filepath.Glob(filepath.Join(path, "*.yaml"))
		sort.Strings(files)
		if len(files) == 0 {
			return fmt.Errorf("%s: no .yaml files", path)
		}
	}
	var cases []rawCase
	for _, f := range files {
		var cs []rawCase
		if err := readYAML(f, &cs); err != nil {
			return err
		}
		cases = append(cases, cs...)
	}
	ids := rulesref.AllIDs()
	texts := make([]string, len(ids))
	for i, id := range ids {
		s, _ := rulesref.Section(id)
		texts[i] = s.Text
	}
	type entry struct {
		Q, Set       string
		IDs, Answers []string
	}
	var on []entry
	var off []string
	for _, c := range cases {
		if len(c.Expect) == 0 {
			off = append(off, c.Q)
			continue
		}
		e := entry{Q: c.Q, Set: set, Answers: c.Expect}
		for i, t := range texts {
			for _, a := range c.Expect {
				if strings.Contains(t, a) {
					e.IDs = append(e.IDs, ids[i])
					break
				}
			}
		}
		if len(e.IDs) == 0 {
			return fmt.Errorf("%q: no section holds any of its snippets %q", c.Q, c.Expect)
		}
		on = append(on, e)
	}
	// the dev set's own style: double-quoted strings (Go's quoting is
	// valid YAML for these), ids in flow style
	for _, e := range on {
		fmt.Fprintf(w, "- q: %s\n  ids: [%s]\n  set: %s\n  answers:\n", yamlQuote(e.Q), strings.Join(e.IDs, ", "), e.Set)
		for _, a := range e.Answers {
			fmt.Fprintf(w, "    - %s\n", yamlQuote(a))
		}
	}
	fmt.Fprintf(w, "# %d off-topic questions (for offtopic.yaml):\n", len(off))
	for _, q := range off {
		fmt.Fprintf(w, "# - q: %s\n#   expect: []\n", yamlQuote(q))
	}
	return nil
}

// yamlQuote double-quotes s for YAML, refusing what Go's quoting would
// write differently from YAML's (none of the batches has it).
func yamlQuote(s string) string {
	q := strconv.Quote(s)
	var back any
	if err := yaml.Unmarshal([]byte(q), &back); err != nil || back != s {
		panic(fmt.Sprintf("convert: %q does not quote the same in YAML", s))
	}
	return q
}
