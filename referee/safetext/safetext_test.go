package safetext_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bosun-referee/bosun/referee/safetext"
)

func TestQuoteShortensAndEscapes(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	q := safetext.Quote(long)
	if want := `"` + strings.Repeat("x", 77) + `..."`; q != want {
		t.Fatalf("Quote(10 MB) = %.100s", q)
	}
	if q := safetext.Quote(strings.Repeat("é", 80)); q != `"`+strings.Repeat("é", 80)+`"` {
		t.Fatalf("80 characters are kept whole: %s", q)
	}
	if q := safetext.Quote("Ann\x1b[2J\x1b]0;pwned\x07"); q != `"Ann\x1b[2J\x1b]0;pwned\a"` {
		t.Fatalf("escapes: %s", q)
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"Ann":                    "Ann",
		"Zoë \"the\" \\ captain": "Zoë \"the\" \\ captain",
		"a\x1b[31mred":           `a\x1b[31mred`,
		"line\nnext\ttab":        "line\nnext\ttab",
		"cr\rdel\x7f":            `cr\x0ddel\x7f`,
		"c1\u009b2J":             `c1\u009b2J`,
		"bidi\u202eevil":         `bidi\u202eevil`,
		"bad\xffbyte":            `bad\xffbyte`,
	} {
		if got := safetext.Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMessageShortensEveryQuotedValueAndLongWord(t *testing.T) {
	big := strings.Repeat("y", 1<<20)
	msg := safetext.Message(`answer "` + big + `" for misty.key (question): accepted: "a", "b"; name ` + big + " \x1b[2Jend")
	if len(msg) > 600 {
		t.Fatalf("message of %d bytes: %.300s", len(msg), msg)
	}
	for _, want := range []string{`answer "` + strings.Repeat("y", 77) + `..." for misty.key (question): accepted: "a", "b"; name yyy`, `... \x1b[2Jend`} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if got := safetext.Message(`unterminated "quote and "a"`); got != `unterminated "quote and "a"` {
		t.Errorf("a stray quote is left as it is: %q", got)
	}
}

func TestWriterEscapesAllButBosunsOwnColours(t *testing.T) {
	var b bytes.Buffer
	w := &safetext.Writer{W: &b}
	in := "\x1b[1mRound I\x1b[0m Ann\x1b]52;c;ZXZpbA==\x07 — ok\n"
	w.Write([]byte(in))
	if want := `\x1b[1mRound I\x1b[0m Ann\x1b]52;c;ZXZpbA==\x07 — ok` + "\n"; b.String() != want {
		t.Fatalf("plain: %q", b.String())
	}
	b.Reset()
	w = &safetext.Writer{W: &b, SGR: true}
	w.Write([]byte(in))
	if want := "\x1b[1mRound I\x1b[0m Ann" + `\x1b]52;c;ZXZpbA==\x07` + " — ok\n"; b.String() != want {
		t.Fatalf("colour: %q", b.String())
	}
	// A character split between two writes is written whole.
	b.Reset()
	dash := []byte("a—b")
	w.Write(dash[:2])
	w.Write(dash[2:])
	if b.String() != "a—b" || !utf8.ValidString(b.String()) {
		t.Fatalf("split rune: %q", b.String())
	}
}

// TestJSONWriterEscapesAsJSON (issue 26): in JSON mode every control
// character is a JSON escape that reads back as the character it was, a
// byte that is not UTF-8 reads as U+FFFD, and colours are not let through.
func TestJSONWriterEscapesAsJSON(t *testing.T) {
	name := "A\x7f\x01\x1b[1m\u0085\u009b\u2028\u2029\u202e\u2066n\tx"
	doc, err := json.Marshal(map[string]string{"name": name, "bad": "a\xffb"})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := &safetext.Writer{W: &b, SGR: true, JSON: true}
	// written in pieces of 3 bytes: characters split between writes
	for p := doc; len(p) > 0; p = p[min(3, len(p)):] {
		if n, err := w.Write(p[:min(3, len(p))]); err != nil || n != min(3, len(p)) {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	out := b.String()
	for _, r := range out {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) || r == 0x2028 || r == 0x2029 || r == 0x202e || r == 0x2066 {
			t.Fatalf("raw %U in %q", r, out)
		}
	}
	var back map[string]string
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("not JSON: %v: %q", err, out)
	}
	if back["name"] != name || back["bad"] != "a\ufffdb" {
		t.Fatalf("read back %q", back)
	}
	if got := safetext.EscapeJSON("\"\x7f\xff\"\n"); got != `"\u007f\ufffd"`+"\n" {
		t.Fatalf("EscapeJSON: %q", got)
	}
	if s := `{"a": "plain — text"}`; safetext.EscapeJSON(s) != s {
		t.Fatal("printable text is unchanged")
	}
}
