package serve

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStartTextFitsATerminal: with --lan, whatever the address, the QR
// code and the URL it holds take at most 22 rows at the end of what bosun
// serve prints (24 rows less the cursor's and one to spare), the URL
// last; the other URLs come above the code; no line is wider than 80.
func TestStartTextFitsATerminal(t *testing.T) {
	const token = "?t=0123456789abcdef0123456789abcdef"
	for _, urls := range [][]string{
		{"http://127.0.0.1:8737/" + token},
		{"http://192.168.1.2:8737/" + token, "http://127.0.0.1:8737/" + token},
		{"http://255.255.255.255:65535/" + token, "http://10.0.0.1:65535/" + token, "http://127.0.0.1:65535/" + token},
	} {
		out := startText(80, "Serving session friday (Misty Waters: At the World's Edge), answered from the page (the session is held until the server stops); Ctrl-C stops.", urls, true)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		for _, l := range lines {
			assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, "%q", l)
		}
		require.Equal(t, "  "+urls[0], lines[len(lines)-1], "the QR code's URL last")
		qr := 0
		for i := len(lines) - 2; i >= 0 && strings.ContainsAny(lines[i], "█▀▄"); i-- {
			qr++
		}
		assert.True(t, qr >= 15 && qr <= 21, "the code of %s: %d rows, at most 21", urls[0], qr)
		for _, u := range urls[1:] {
			assert.Contains(t, strings.Join(lines[:len(lines)-1-qr], "\n"), "  "+u, "the other URLs above the code")
		}
		assert.Contains(t, lines[0], "Serving session friday")
	}
	out := startText(80, "Serving session friday (Misty Waters), read-only; Ctrl-C stops.", []string{"http://127.0.0.1:8737/"}, false)
	assert.Equal(t, "Serving session friday (Misty Waters), read-only; Ctrl-C stops.\n  http://127.0.0.1:8737/\n", out, "on loopback: no code")
}
