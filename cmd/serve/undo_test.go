package serve_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runStep starts the next step from the page (POST /api/next on base,
// q the token's query) and answers each of its questions with its
// default (or first value) until it is saved; it returns the view then.
func runStep(t *testing.T, base, q string) serve.View {
	t.Helper()
	resp, body := post(t, base+"api/next"+q, `{}`)
	require.Equal(t, 200, resp.StatusCode, body)
	var v serve.View
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		v = viewOf(t, base+"api/view"+q)
		if !v.Running && v.Question == nil {
			require.Empty(t, v.StepError)
			return v
		}
		if v.Question == nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		val := anyAnswer(v.Question)
		post(t, base+"api/answer"+q, fmt.Sprintf(`{"id":%d,"value":%q}`, v.Question.ID, val))
	}
	t.Fatalf("the step did not end: %+v", v.Question)
	return v
}

// TestUndoFromThePage: with --answer the page undoes the last step as
// bosun undo does: refused (409, nothing changed) when there is nothing
// to undo, while a step runs, and for a step that revealed dice unless
// forced (then the undo is logged as forced); refused without the token,
// from another origin and with a bad body; a read-only server has no
// undo at all.
func TestUndoFromThePage(t *testing.T) {
	tb := newTable(t)
	name := tb.hostileSession()
	_, ro := newServer(t, tb, name, nil)
	resp, _ := post(t, ro.URL+"/api/undo", `{"force":true}`)
	assert.Equal(t, 404, resp.StatusCode, "a viewer has no undo")

	url, _, stop := startServe(t, name, "--answer", "--lan", "--addr", "127.0.0.1:0")
	i := strings.Index(url, "?")
	base, q := url[:i], url[i:]
	status := func() int {
		v := viewOf(t, base+"api/view"+q)
		return v.Step
	}
	v := viewOf(t, base+"api/view"+q)
	assert.Nil(t, v.Undo, "a new session: nothing to undo")
	resp, body := post(t, base+"api/undo"+q, `{}`)
	assert.Equal(t, 409, resp.StatusCode, body)
	assert.Contains(t, body, "nothing to undo")

	v = runStep(t, base, q)
	require.Equal(t, 2, v.Step)
	require.NotNil(t, v.Undo, "the step can be undone")
	assert.Equal(t, 1, v.Undo.Step)

	resp, _ = post(t, base+"api/undo", `{"force":true}`)
	assert.Equal(t, 401, resp.StatusCode, "without the token")
	resp, _ = post(t, base+"api/undo"+q, `{"force":true}`, "Origin", "http://evil.example")
	assert.Equal(t, 403, resp.StatusCode, "cross-origin")
	resp, _ = post(t, base+"api/undo"+q, `{"force":true}`, "Sec-Fetch-Site", "cross-site")
	assert.Equal(t, 403, resp.StatusCode, "cross-site")
	resp, _ = post(t, base+"api/undo"+q, `force`)
	assert.Equal(t, 400, resp.StatusCode, "not JSON")
	resp, _ = post(t, base+"api/undo"+q, `{"force":"`+strings.Repeat("y", serve.MaxBody)+`"}`)
	assert.Equal(t, 413, resp.StatusCode, "too large")
	assert.Equal(t, 2, status(), "no refused undo changed anything")

	// the page's step with its dice: play on until a step reveals dice
	for n := 0; n < 12 && !v.Undo.Revealed; n++ {
		v = runStep(t, base, q)
	}
	require.True(t, v.Undo.Revealed, "a step of the first rounds rolls dice")
	at := v.Step
	resp, body = post(t, base+"api/undo"+q, `{"force":false}`)
	assert.Equal(t, 409, resp.StatusCode, body)
	var ref serve.UndoRefusal
	require.NoError(t, json.Unmarshal([]byte(body), &ref))
	assert.True(t, ref.NeedsForce, "a forced undo is offered: %s", body)
	assert.Contains(t, ref.Error, "revealed information (dice or a card)", "bosun undo's own refusal")
	assert.Equal(t, at, status(), "the refused undo changed nothing")

	// a step running: no undo
	resp, body = post(t, base+"api/next"+q, `{}`)
	require.Equal(t, 200, resp.StatusCode, body)
	resp, body = post(t, base+"api/undo"+q, `{"force":true}`)
	assert.Equal(t, 409, resp.StatusCode, body)
	assert.Contains(t, body, "a step is running")
	code, _ := stop() // the running step is canceled, not saved
	require.Equal(t, 0, code)

	url, _, _ = startServe(t, name, "--answer", "--lan", "--addr", "127.0.0.1:0")
	i = strings.Index(url, "?")
	base, q = url[:i], url[i:]
	require.Equal(t, at, status())
	resp, body = post(t, base+"api/undo"+q, `{"force":true}`)
	require.Equal(t, 200, resp.StatusCode, body)
	assert.Contains(t, body, "undone with --force although it had revealed dice or a card")
	v = viewOf(t, base+"api/view"+q)
	assert.Equal(t, at-1, v.Step, "the step is undone")
	assert.Equal(t, "undo", v.Events[0].Type, "the undo is logged, newest first")
	assert.Contains(t, v.Events[0].Text, "--force")

	// a step that revealed nothing is undone without force
	for v.Undo != nil && v.Undo.Revealed {
		resp, body = post(t, base+"api/undo"+q, `{"force":true}`)
		require.Equal(t, 200, resp.StatusCode, body)
		v = viewOf(t, base+"api/view"+q)
	}
	require.NotNil(t, v.Undo)
	before := v.Step
	resp, body = post(t, base+"api/undo"+q, `{"force":false}`)
	require.Equal(t, 200, resp.StatusCode, body)
	assert.Equal(t, before-1, status())
	assert.NotContains(t, body, "--force")
}
