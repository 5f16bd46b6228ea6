package questsandcannons

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the questions table of docs/quests-and-cannons.md from Questions")

const (
	docsFile   = "../../docs/quests-and-cannons.md"
	tableBegin = "<!-- questions:begin (generated from Game.Questions by go test -update-docs; do not edit) -->"
	tableEnd   = "<!-- questions:end -->"
)

// questionsTable renders specs as the docs table: each key, its kind,
// what Enter takes, and why.
func questionsTable(specs []referee.QuestionSpec) string {
	var b strings.Builder
	b.WriteString("| key | kind | Enter takes | why |\n|---|---|---|---|\n")
	for _, s := range referee.SortSpecs(specs) {
		def := "nothing: Enter re-asks"
		switch {
		case s.Varies != "":
			def = s.Varies
		case s.Default != referee.NoDefault:
			def = "`" + s.Default + "`"
		}
		b.WriteString("| `" + s.Key + "` | " + string(s.Kind) + " | " + def + " | " + strings.ReplaceAll(s.Why, "|", "\\|") + " |\n")
	}
	return b.String()
}

// The docs list every question with its default, as Questions declares
// them: the table is generated, and this test fails when it drifts.
func TestDocsListEveryQuestionDefault(t *testing.T) {
	raw, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i, j := strings.Index(doc, tableBegin), strings.Index(doc, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no questions table between %q and %q", docsFile, tableBegin, tableEnd)
	}
	want := questionsTable(Game{}.Questions())
	got := doc[i+len(tableBegin)+1 : j]
	if got == want {
		return
	}
	if *updateDocs {
		if err := os.WriteFile(docsFile, []byte(doc[:i+len(tableBegin)+1]+want+doc[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's questions table differs from Game.Questions (rerun with -update-docs)", docsFile)
}
