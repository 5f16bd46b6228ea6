package procedure

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/referee"
)

var updateQuestionsDoc = flag.Bool("update-questions-doc", false, "rewrite the question table in docs/misty-session.md from Questions")

const (
	questionsDoc   = "../../../docs/misty-session.md"
	questionsBegin = "<!-- questions: generated from procedure.Game.Questions by go test -run TestQuestionsDoc -update-questions-doc; do not edit -->"
	questionsEnd   = "<!-- questions: end -->"
)

// questionsTable is the docs' table of every question key with what Enter
// takes there and why.
func questionsTable() string {
	var b strings.Builder
	b.WriteString("| key | kind | Enter takes | why |\n|---|---|---|---|\n")
	for _, s := range referee.SortSpecs((&Game{}).Questions()) {
		def := "nothing (Enter asks again)"
		switch {
		case s.Varies != "":
			def = s.Varies
		case s.Default != "":
			def = "`" + s.Default + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", s.Key, s.Kind, def, strings.ReplaceAll(s.Why, "|", "/"))
	}
	return b.String()
}

// The docs list every question key with its default and why, as the game
// declares them.
func TestQuestionsDoc(t *testing.T) {
	raw, err := os.ReadFile(questionsDoc)
	require.NoError(t, err)
	doc := string(raw)
	i, j := strings.Index(doc, questionsBegin), strings.Index(doc, questionsEnd)
	require.True(t, i >= 0 && j > i, "docs/misty-session.md has the markers of the question table")
	want := doc[:i+len(questionsBegin)] + "\n\n" + questionsTable() + "\n" + doc[j:]
	if *updateQuestionsDoc {
		require.NoError(t, os.WriteFile(questionsDoc, []byte(want), 0o644))
		return
	}
	assert.Equal(t, want, doc, "run go test ./games/mistywaters/procedure -run TestQuestionsDoc -update-questions-doc")
}
