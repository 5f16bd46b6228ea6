// Package fsutil is the file primitives of bosun's disk side: a file is
// written so that a crash never leaves a half-written one (a temp file in
// the same directory, fsync, rename, directory fsync), locked against a
// second writer without following a link, read only when it is a regular
// file of bounded size, and mapped read-only where the platform can.
//
//	err := fsutil.WriteAtomic(path, data)
//
// It sits under the store because the store is its first user: the
// session files and the tables overlay a step writes with them
// (referee/store). The other files bosun keeps, the rules manuals and
// their index cache (rulesref), use the same primitives, so that every
// file bosun writes is written one way. It imports nothing of bosun but
// safetext; the engine (referee) and the games never import it.
package fsutil

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// NewLock returns a lock on path (created 0600 if missing) that never
// follows a symbolic link: a link or anything but a regular file at path
// is refused, so taking a lock never creates or opens a file elsewhere.
func NewLock(path string) (*flock.Flock, error) {
	if err := CheckRegular(path); err != nil {
		return nil, err
	}
	return flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDONLY|lockFlags), flock.SetPermissions(0o600)), nil
}

// TempPrefix starts the name of every temp file WriteAtomic makes.
const TempPrefix = ".tmp-"

// WriteAtomic replaces path with data. Directories are created 0700 and the
// file is 0600. Either the old file or the new one is in place at any
// moment, whatever happens to the process. Each write removes the temp
// files a killed writer left in the directory (older than StaleAge). A symbolic link at path is replaced, not followed.
func WriteAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	CleanStale(dir, StaleAge)
	f, err := os.CreateTemp(dir, TempPrefix+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(0o600); err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if BeforeRename != nil {
		BeforeRename(tmp)
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	ok = true
	return SyncDir(dir)
}

// BeforeRename, when set (tests only), runs between the write and the
// rename, so a test can simulate a crash at the worst moment.
var BeforeRename func(tmp string)

// SyncDir fsyncs a directory so a rename in it is durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	_ = d.Sync() // not supported on every filesystem; the rename is still atomic
	return nil
}

// StaleAge is how old a temp file must be before it is taken for the
// leftover of a killed process and removed: no write takes that long.
const StaleAge = time.Minute

// CleanStale removes temp files (TempPrefix) older than age left in dir by
// a killed writer: every temp file bosun makes starts with TempPrefix and
// lives beside the file it replaces (.tmp-current-*, .tmp-tables.yaml-*,
// sessions/.tmp-NAME.json-*, rules/.tmp-*).
func CleanStale(dir string, age time.Duration) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), TempPrefix) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > age {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
