package rulesref

import (
	"os"
	"syscall"
)

// fileIDs returns a file's inode and change time (ns), part of a manual's
// stamp (cacheStamp): an edit always changes the change time, even one
// that sets the modification time back.
func fileIDs(info os.FileInfo) (ino, ctime uint64) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return uint64(st.Ino), uint64(st.Ctim.Sec)*1e9 + uint64(st.Ctim.Nsec)
}
