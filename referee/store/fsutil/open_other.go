//go:build !unix

package fsutil

import "os"

// lockFlags: no O_NOFOLLOW here; NewLock's Lstat check stands alone.
const lockFlags = 0

// openNoFollow checks path with Lstat before opening it (no O_NOFOLLOW
// here).
func openNoFollow(path string) (*os.File, error) {
	if err := CheckRegular(path); err != nil {
		return nil, err
	}
	return os.Open(path)
}

// links is 1: this platform does not say how many names a file has.
func links(os.FileInfo) uint64 { return 1 }
