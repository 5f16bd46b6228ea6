//go:build !linux

package rulesref

import "os"

// fileIDs is 0, 0 off Linux: a manual's stamp (cacheStamp) is its size and
// modification time there.
func fileIDs(info os.FileInfo) (ino, ctime uint64) { return 0, 0 }
