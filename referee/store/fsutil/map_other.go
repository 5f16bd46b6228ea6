//go:build !unix

package fsutil

import "os"

// MapFile cannot map where there is no mmap: the caller reads the file.
func MapFile(f *os.File, size int64) ([]byte, bool) { return nil, false }

// Unmap has nothing to remove where MapFile maps nothing.
func Unmap(b []byte) error { return nil }
