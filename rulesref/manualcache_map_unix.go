//go:build unix

package rulesref

import (
	"os"
	"syscall"
)

// mapFile maps size bytes of f read-only, for the manuals' index cache: no
// buffer to clear and no copy, and the pages come straight from the page
// cache. The mapping is never removed (the decoded index aliases it for
// the life of the process); bosun replaces the cache by rename, never in
// place, so a mapped cache is not cut short under a running search.
func mapFile(f *os.File, size int64) ([]byte, bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, false
	}
	var b []byte
	var merr error
	if err := rc.Control(func(fd uintptr) {
		b, merr = syscall.Mmap(int(fd), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	}); err != nil || merr != nil {
		return nil, false
	}
	return b, true
}
