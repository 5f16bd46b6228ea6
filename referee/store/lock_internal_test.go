package store

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestALockWhoseFileWasRemovedIsNotHeld (issue 26 item 2): rm removes
// the lock file while it holds it; a process that opened that file just
// before and locks it just after holds a lock of no name, while the next
// one locks the new file at the path. Only the one on the path holds the
// session: the other waits for it.
func TestALockWhoseFileWasRemovedIsNotHeld(t *testing.T) {
	st := &Store{Dir: t.TempDir(), LockTimeout: 3 * time.Second}
	path := st.Path("t1") + ".lock"
	others := make(chan func(), 1)
	calls := 0
	lockTaken = func() {
		calls++
		if calls == 1 { // rm's unlink lands here; then another process locks the path
			require.NoError(t, os.Remove(path))
			other, err := (&Store{Dir: st.Dir}).Lock("t1")
			require.NoError(t, err)
			others <- other
		}
	}
	t.Cleanup(func() { lockTaken = nil })
	done := make(chan error, 1)
	go func() {
		unlock, err := st.Lock("t1")
		if err == nil {
			unlock()
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("took the lock another process holds (err %v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	(<-others)()
	require.NoError(t, <-done)
}
