//go:build unix

package fsutil

import (
	"os"
	"syscall"
)

// MapFile maps the first size bytes of f read-only: no buffer to clear
// and no copy, the pages come straight from the page cache. ok false when
// it cannot (size 0 or beyond an int, no mmap): the caller reads instead.
//
// A mapping stays valid when the file is renamed or replaced by rename
// (the mapped file lives on under its old inode), but a page past the
// file's end after the file was cut short raises SIGBUS: map only files
// bosun replaces by rename, or read the mapping under
// debug.SetPanicOnFault and recover.
func MapFile(f *os.File, size int64) (b []byte, ok bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, false
	}
	var merr error
	if err := rc.Control(func(fd uintptr) {
		b, merr = syscall.Mmap(int(fd), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	}); err != nil || merr != nil {
		return nil, false
	}
	return b, true
}

// Unmap removes a mapping MapFile made; nothing may use its bytes after.
func Unmap(b []byte) error { return syscall.Munmap(b) }
