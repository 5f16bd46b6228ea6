package fsutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/bosun-referee/bosun/referee/safetext"
)

// ErrNotRegular is wrapped by the errors of ReadRegular and CheckRegular for
// a path that is a symbolic link, a directory, a FIFO or a device: bosun
// reads and writes only regular files it made, and never follows a link
// out of its data directory.
var ErrNotRegular = errors.New("not a regular file")

// ReadRegular reads path, which must be a regular file (not a symbolic
// link, FIFO or device) of at most limit bytes. Opening never blocks on a
// FIFO. A missing file gives an error for which os.IsNotExist is true.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return safetext.ReadLimited(f, path, limit)
}

// OpenRegular opens path for reading, refusing anything but a regular file
// (a symbolic link is refused, not followed).
func OpenRegular(path string) (*os.File, error) {
	f, err := openNoFollow(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		if info, lerr := os.Lstat(path); lerr == nil && !info.Mode().IsRegular() {
			return nil, notRegular(path, info.Mode())
		}
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(path, info.Mode())
	}
	return f, nil
}

// CheckRegular returns nil when path does not exist or is a regular file,
// and an error wrapping ErrNotRegular otherwise (a symbolic link included).
func CheckRegular(path string) error {
	info, err := os.Lstat(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if !info.Mode().IsRegular() {
		return notRegular(path, info.Mode())
	}
	return nil
}

func notRegular(path string, m fs.FileMode) error {
	what := "not a regular file"
	switch {
	case m&fs.ModeSymlink != 0:
		what = "a symbolic link (bosun does not follow links in its data directory)"
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a FIFO"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		what = "a device"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	}
	return fmt.Errorf("%s is %s, expected a regular file: %w", path, what, ErrNotRegular)
}

// ReadConfig reads a file the user may keep anywhere (a symbolic link is
// followed, as for dotfiles), refusing anything but a regular file and
// files over limit. A missing file gives an error for which os.IsNotExist
// is true.
func ReadConfig(path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, notRegular(path, info.Mode())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return safetext.ReadLimited(f, path, limit)
}

// ErrLinked is wrapped by the error of CheckOneLink: a file bosun appends
// to that has a second name (a hard link), through which an append would
// reach another file, or another file's writes this one.
var ErrLinked = errors.New("a file with more than one name")

// CheckOneLink returns an error wrapping ErrLinked when the file fi
// describes (at path) has more than one hard link.
func CheckOneLink(path string, fi fs.FileInfo) error {
	if n := links(fi); n > 1 {
		return fmt.Errorf("%s has %d hard links, expected 1 (bosun does not append to a file another name shares): %w", path, n, ErrLinked)
	}
	return nil
}
