package cmdutil

import (
	"errors"
	"io"

	"github.com/bosun-referee/bosun/referee"
	"github.com/manifoldco/promptui"
)

// Terminal asks questions with promptui on a terminal. Its UI goes to
// stderr so stdout stays clean for --json. Ctrl-C returns
// referee.ErrCanceled, and nothing is saved.
type Terminal struct{ io *IO }

// NewTerminal returns a terminal prompter. Never use it when stdin is not a
// terminal: promptui reads ahead on pipes.
func NewTerminal(io *IO) *Terminal { return &Terminal{io: io} }

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// Ask implements referee.Prompter.
func (t *Terminal) Ask(q referee.Question) (string, error) {
	label := q.Text + " [" + q.Key + "]"
	if q.Where != "" {
		label += " (read it from " + q.Where + ")"
	}
	stdin := io.NopCloser(t.io.In)
	stdout := nopCloser{t.io.ErrOut}
	var (
		res string
		err error
	)
	switch q.Kind {
	case referee.KindChoose:
		s := promptui.Select{Label: label, Items: q.Options, Stdin: stdin, Stdout: stdout, Size: 10}
		_, res, err = s.Run()
	case referee.KindConfirm:
		p := promptui.Prompt{Label: label, IsConfirm: true, Stdin: stdin, Stdout: stdout}
		_, err = p.Run()
		if errors.Is(err, promptui.ErrAbort) {
			return "no", nil
		}
		res = "yes"
	default:
		p := promptui.Prompt{Label: label + " (" + q.Accepts() + ")", Default: q.Default, Stdin: stdin, Stdout: stdout,
			Validate: func(s string) error { _, err := q.Normalize(s); return err }}
		res, err = p.Run()
	}
	if errors.Is(err, promptui.ErrInterrupt) || errors.Is(err, promptui.ErrEOF) {
		return "", referee.ErrCanceled
	}
	if err != nil {
		return "", err
	}
	return q.Normalize(res)
}
