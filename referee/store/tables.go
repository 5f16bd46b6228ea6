package store

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/bosun-referee/bosun/referee/store/fsutil"
	"github.com/bosun-referee/bosun/tables"
)

// The user's tables overlay is the other file a step may write (txn.go):
// the store reads and writes it, the tables package holds what it means.

// LoadTables returns the shipped tables with the overlay file at path
// applied (none when path is "" or the file does not exist). A malformed
// overlay is an error naming the file.
func LoadTables(path string) (*tables.Set, error) {
	if path == "" {
		return tables.New("", nil)
	}
	b, err := fsutil.ReadConfig(path, tables.MaxOverlaySize)
	if os.IsNotExist(err) {
		return tables.New(path, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("tables: %w", err)
	}
	return tables.New(path, b)
}

// FlushTables writes the values t remembered to its overlay file
// (atomically). Under the file's lock it re-reads the file and adds only
// the values remembered in t (tables.Set.Merge), so another bosun
// process's answers written meanwhile are kept.
func FlushTables(t *tables.Set) error {
	if !t.Unflushed() {
		return nil
	}
	if path := t.OverlayPath; path != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return err
		}
		lock, err := fsutil.NewLock(path + ".lock")
		if err != nil {
			return fmt.Errorf("tables: lock: %w; remove it and retry", err)
		}
		if err := lock.Lock(); err != nil {
			return fmt.Errorf("tables: lock %s: %w", path, err)
		}
		defer lock.Unlock()
		current, err := fsutil.ReadConfig(path, tables.MaxOverlaySize)
		if os.IsNotExist(err) {
			current, err = nil, nil
		}
		if err != nil {
			return fmt.Errorf("tables: %w", err)
		}
		b, err := t.Merge(current)
		if err != nil {
			return err
		}
		if err := fsutil.WriteAtomic(path, b); err != nil {
			return err
		}
	}
	t.Flushed()
	return nil
}
