package serve_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/serve"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// follower is one live page of the load test: the events it has seen,
// in the order it saw them, from the views it received.
type follower struct {
	mu    sync.Mutex // seqs, while the test waits for the last save
	views int
	seqs  []int
	last  string // the newest event's text
	gaps  []string
	err   error
}

// newest is the newest event seen so far (0: none).
func (f *follower) newest() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.seqs) == 0 {
		return 0
	}
	return f.seqs[len(f.seqs)-1]
}

// follow reads a page's Server-Sent Events until the stream ends,
// keeping each event once, oldest first: a view holds the latest events
// newest first, and a page that fell behind gets only the newest view.
func (f *follower) follow(resp *http.Response, ready chan<- struct{}) {
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	last := 0
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "data: ") {
			continue
		}
		var v struct {
			Events []struct {
				Seq  int    `json:"seq"`
				Text string `json:"text"`
			} `json:"events"`
		}
		if err := json.Unmarshal([]byte(line[len("data: "):]), &v); err != nil {
			f.err = err
			return
		}
		f.views++
		if f.views == 1 {
			ready <- struct{}{}
		}
		for i := len(v.Events) - 1; i >= 0; i-- {
			e := v.Events[i]
			if e.Seq <= last {
				continue
			}
			if last != 0 && e.Seq != last+1 {
				f.gaps = append(f.gaps, fmt.Sprintf("after %d came %d", last, e.Seq))
			}
			last = e.Seq
			f.mu.Lock()
			f.seqs = append(f.seqs, e.Seq)
			f.mu.Unlock()
			f.last = e.Text
		}
	}
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestLoad: 50 pages follow one session on loopback while 200 saves
// each append an event (as bosun play records a rules question, through
// the store): every page sees every event, in order, none twice; the
// server's heap is about the same after as before, and every stream ends
// when the pages go. The pages are 50, over the server's usual bound
// (MaxClients), raised for the test.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 50 pages and 200 saves take 2.5-6 s on the shared 2-core machine")
	}
	const pages, steps = 50, 200
	tb := newTable(t)
	name := tb.hostileSession()
	srv, hs := newServer(t, tb, name, func(c *serve.Config) { c.MaxClients = pages; c.Tick = time.Hour })
	start := time.Now()
	http.DefaultClient.CloseIdleConnections()
	goroutines := runtime.NumGoroutine()

	fs := make([]*follower, pages)
	var wg sync.WaitGroup
	ready := make(chan struct{}, pages)
	var resps []*http.Response
	for i := range fs {
		resp, err := http.Get(hs.URL + "/api/events")
		require.NoError(t, err)
		require.Equal(t, 200, resp.StatusCode, "page %d", i)
		resps = append(resps, resp)
		fs[i] = &follower{}
		wg.Add(1)
		go func(f *follower) { defer wg.Done(); f.follow(resp, ready) }(fs[i])
	}
	for range pages {
		select {
		case <-ready:
		case <-time.After(5 * time.Second):
			t.Fatal("not every page got the first view")
		}
	}
	require.Equal(t, pages, srv.Clients())
	first := viewOf(t, hs.URL+"/api/view").Events[0].Seq

	// the heap is measured once the views are as large as they get (the
	// latest 40 events: after the first 40 saves) and at the end
	const warm = 40
	var before uint64
	st := tb.store()
	for i := 1; i <= steps; i++ {
		require.NoError(t, st.Record(name, referee.Event{Type: referee.RulesQuestionType, Text: fmt.Sprintf("rules question: load %d", i)}))
		require.True(t, srv.Check(), "save %d seen", i)
		if i == warm {
			before = heapInUse()
		}
	}
	final := viewOf(t, hs.URL+"/api/view")
	require.Equal(t, first+steps, final.Events[0].Seq)
	// every page has the last view before it goes
	require.Eventually(t, func() bool {
		for _, f := range fs {
			if f.newest() != first+steps {
				return false
			}
		}
		return true
	}, 5*time.Second, 10*time.Millisecond, "every page sees the last save")
	after := heapInUse()
	for _, r := range resps {
		r.Body.Close()
	}
	wg.Wait()

	views := 0
	for i, f := range fs {
		require.NoError(t, f.err, "page %d", i)
		assert.Empty(t, f.gaps, "page %d missed events", i)
		// the first view's events, then each save's, in order, once
		var want []int
		for s := f.seqs[0]; s <= first+steps; s++ {
			want = append(want, s)
		}
		assert.Equal(t, want, f.seqs, "page %d sees every event in order", i)
		assert.LessOrEqual(t, f.seqs[0], first)
		assert.Equal(t, fmt.Sprintf("rules question: load %d", steps), f.last)
		views += f.views
	}
	require.Eventually(t, func() bool { return srv.Clients() == 0 }, 2*time.Second, 10*time.Millisecond, "the pages left")
	require.Eventually(t, func() bool {
		http.DefaultClient.CloseIdleConnections() // the JSON routes' kept-alive connections
		return runtime.NumGoroutine() <= goroutines+2
	}, 2*time.Second, 10*time.Millisecond,
		"the streams' goroutines ended: %d then, %d now", goroutines, runtime.NumGoroutine())
	grew := int64(after) - int64(before)
	t.Logf("%d pages, %d saves in %v; %d views received (%.0f%% of all sent); heap in use %d KiB after %d saves, %d KiB after %d (%+d KiB)",
		pages, steps, time.Since(start).Round(time.Millisecond), views, 100*float64(views)/float64(pages*(steps+1)), before>>10, warm, after>>10, steps, grew>>10)
	assert.Less(t, grew, int64(1<<20), "the heap stays flat: %d bytes more after %d more saves to %d pages", grew, steps-warm, pages)
}
