package serve_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/serve"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoOlderViewAfterANewerOne: two looks at the save overlap (the
// watcher's and, with --answer, the one after a step or an undo): the
// first reads step 2's save and is slow to push it, the second reads
// step 3's. The pages are left with step 3, never with the older view
// pushed last.
func TestNoOlderViewAfterANewerOne(t *testing.T) {
	tb := newTable(t)
	name := tb.threePlayers()
	srv, _ := newServer(t, tb, name, func(c *serve.Config) { c.Tick = time.Hour }) // no watcher looks
	entered, release := make(chan struct{}), make(chan struct{})
	var calls atomic.Int32
	serve.WrapBuild(srv, func(build serve.BuildFunc) serve.BuildFunc {
		return func(st *store.Store, name string, t *tables.Set) (*serve.View, error) {
			v, err := build(st, name, t)
			if calls.Add(1) == 1 { // the first look: read, then slow
				close(entered)
				<-release
			}
			return v, err
		}
	})
	tb.next(name) // step 2 saved
	first, second := make(chan bool), make(chan bool)
	go func() { first <- srv.Check() }()
	<-entered
	tb.next(name) // step 3 saved while the first look is slow
	go func() { second <- srv.Check() }()
	time.Sleep(300 * time.Millisecond) // time for a second look that does not wait to push
	close(release)
	require.True(t, <-first)
	require.True(t, <-second)
	v, _ := srv.View()
	assert.Equal(t, 3, v.Step, "the pages show the newest save")
	assert.Equal(t, int32(2), calls.Load(), "each save read once")
}
