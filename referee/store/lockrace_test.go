package store_test

import (
	"sync"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTwoCreatesRacingARemoveNeverBothSucceed (issue 26 item 2): rm holds
// the session's lock and deletes its lock file; one `new` of the same name
// waits on that lock meanwhile, another comes after the removal. Exactly
// one of them creates the session; the other is told it exists, and the
// saved session is the one that succeeded.
func TestTwoCreatesRacingARemoveNeverBothSucceed(t *testing.T) {
	for round := range 12 {
		st := &store.Store{Dir: t.TempDir(), LockTimeout: 5 * time.Second}
		require.NoError(t, st.Save(newCounter(t, nil, 1)))
		unlock, err := st.Lock("t1") // bosun rm t1
		require.NoError(t, err)

		var wg sync.WaitGroup
		errs := make([]error, 2)
		create := func(i int) {
			defer wg.Done()
			h, err := st.Create("t1")
			if err != nil {
				errs[i] = err
				return
			}
			defer h.Close()
			time.Sleep(60 * time.Millisecond) // bosun new sets the game up
			h.Session = newCounter(t, nil, uint64(1001+i))
			errs[i] = h.Save()
		}
		wg.Add(1)
		go create(0) // waits on the lock rm holds
		time.Sleep(50 * time.Millisecond)
		require.NoError(t, st.Remove("t1"))
		unlock()
		wg.Add(1)
		go create(1) // comes once the lock file is gone
		wg.Wait()

		ok := 0
		for i, err := range errs {
			if err == nil {
				ok++
				s, lerr := st.Load("t1")
				require.NoError(t, lerr)
				assert.Equal(t, uint64(1001+i), s.Seed, "round %d: the saved session is the one that succeeded", round)
				continue
			}
			assert.True(t, referee.IsUsage(err), "round %d: %v", round, err)
			assert.Contains(t, err.Error(), `a session named "t1" exists`)
		}
		require.Equal(t, 1, ok, "round %d: exactly one create succeeds: %v", round, errs)
	}
}
