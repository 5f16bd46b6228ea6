package safetext

import (
	"errors"
	"fmt"
	"io"
)

// Text from a user or a file is bounded when it is read: an answers file,
// a save, a manual, the tables overlay. ReadLimited reads a stream up to a
// limit and TooLargeError says which limit was passed; fsutil reads files
// with it.

// ErrTooLarge is wrapped by the errors of ReadLimited (and fsutil.ReadRegular) for
// input over its size limit.
var ErrTooLarge = errors.New("too large")

// ReadLimited reads r to its end, failing with an error that names the
// limit (and wraps ErrTooLarge) once more than limit bytes come.
func ReadLimited(r io.Reader, name string, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Name: name, Limit: limit}
	}
	return b, nil
}

// TooLargeError is input over its size limit; it matches ErrTooLarge.
type TooLargeError struct {
	Name  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than the limit of %s", e.Name, Size(e.Limit))
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// Size writes a byte count for messages: 64 KiB, 16 MiB.
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
