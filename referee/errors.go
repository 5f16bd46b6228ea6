package referee

import (
	"errors"
	"fmt"
)

// ErrUsage marks bad usage or bad input: an unknown game, a die value that is
// not a face of its die, a count out of range, a missing answer in a
// non-interactive run. The CLI maps it to exit code 2. A command that fails
// with it must not have changed saved state.
var ErrUsage = errors.New("bad input")

// ErrCanceled is returned when the user cancels a prompt (Ctrl-C).
var ErrCanceled = errors.New("canceled")

// ErrInUse is returned when another process holds a session's lock (the
// store's; the CLI maps it to exit code 3).
var ErrInUse = errors.New("session in use")

// ErrCorrupt marks a save file that cannot be read; it is never
// overwritten.
var ErrCorrupt = errors.New("corrupt save")

// UsageError is an ErrUsage with a message naming what was wrong and what is
// accepted.
type UsageError struct {
	Msg   string
	Cites []string // rulebook section ids the refusal rests on, if any
}

func (e *UsageError) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrUsage) true for every UsageError.
func (e *UsageError) Is(target error) bool { return target == ErrUsage }

// Usagef builds a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// RuleError is a UsageError that names the rule refusing an action and the
// rulebook sections it rests on.
func RuleError(cites []string, format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...), Cites: cites}
}

// IsUsage reports whether err is bad usage or bad input (exit 2).
func IsUsage(err error) bool {
	var bi interface{ BadInput() bool }
	return errors.Is(err, ErrUsage) || (errors.As(err, &bi) && bi.BadInput())
}
