package fsutil_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/bosun-referee/bosun/referee/safetext"
	"github.com/bosun-referee/bosun/referee/store/fsutil"
)

func TestReadRegularRefusesLinksFIFOsAndLargeFiles(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok")
	if err := os.WriteFile(ok, []byte("12345"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := fsutil.ReadRegular(ok, 5); err != nil || string(b) != "12345" {
		t.Fatalf("a file at the limit: %q, %v", b, err)
	}
	if _, err := fsutil.ReadRegular(ok, 4); !errors.Is(err, safetext.ErrTooLarge) || !strings.Contains(err.Error(), "larger than the limit of 4 bytes") {
		t.Fatalf("over the limit: %v", err)
	}
	link := filepath.Join(dir, "link")
	os.Symlink(ok, link)
	if _, err := fsutil.ReadRegular(link, 10); !errors.Is(err, fsutil.ErrNotRegular) || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("a link: %v", err)
	}
	if b, err := fsutil.ReadConfig(link, 10); err != nil || string(b) != "12345" {
		t.Fatalf("ReadConfig follows a link to a regular file: %q, %v", b, err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, read := range []func(string, int64) ([]byte, error){fsutil.ReadRegular, fsutil.ReadConfig} {
		if _, err := read(fifo, 10); !errors.Is(err, fsutil.ErrNotRegular) || !strings.Contains(err.Error(), "is a FIFO") {
			t.Fatalf("a FIFO: %v", err)
		}
	}
	if err := fsutil.CheckRegular(filepath.Join(dir, "missing")); err != nil {
		t.Fatalf("a missing file is fine: %v", err)
	}
	if _, err := fsutil.ReadRegular(filepath.Join(dir, "missing"), 10); !os.IsNotExist(err) {
		t.Fatalf("missing: %v", err)
	}
}

// NewLock never follows a link: one there is refused, and one made after
// the check (a race) fails to open (O_NOFOLLOW) instead of creating a file
// at its target.
func TestNewLockRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	lock := filepath.Join(dir, "tables.yaml.lock")
	if err := os.Symlink(target, lock); err != nil {
		t.Fatal(err)
	}
	if _, err := fsutil.NewLock(lock); !errors.Is(err, fsutil.ErrNotRegular) || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("a linked lock: %v", err)
	}
	os.Remove(lock)
	l, err := fsutil.NewLock(lock)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, lock); err != nil {
		t.Fatal(err)
	}
	if err := l.Lock(); err == nil {
		t.Fatal("a link made after the check was followed")
	}
	if _, err := os.Lstat(target); !os.IsNotExist(err) {
		t.Fatalf("the link's target was created: %v", err)
	}
	os.Remove(lock)
	l, _ = fsutil.NewLock(lock)
	if err := l.Lock(); err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	info, err := os.Lstat(lock)
	if err != nil || info.Mode().Perm() != 0o600 || !info.Mode().IsRegular() {
		t.Fatalf("lock file %v, %v", info.Mode(), err)
	}
}
