//go:build !unix

package rulesref

import "os"

// mapFile is not used where there is no mmap: readSized reads the file.
func mapFile(f *os.File, size int64) ([]byte, bool) { return nil, false }
