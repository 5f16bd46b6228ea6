//go:build unix

package fsutil

import (
	"os"
	"syscall"
)

// lockFlags open a lock file without following a final symbolic link (a
// link made after NewLock's check fails to open) and without blocking.
const lockFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK

// openNoFollow opens path read-only without following a final symbolic
// link and without blocking on a FIFO.
func openNoFollow(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

// links is the number of hard links of the file fi describes (1 where the
// platform does not say).
func links(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
