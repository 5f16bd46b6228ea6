package store

import (
	"io"

	"github.com/bosun-referee/bosun/referee"
)

// ExportWhole is Export reading the side files whole (what it does when
// they are not as the save says), for tests.
func ExportWhole(s *referee.Session, w io.Writer) error { return export(s, w, false) }

// ExportPlanned reports whether Export copies s's side files line by line.
func ExportPlanned(s *referee.Session) bool {
	p := planExport(s)
	if p != nil {
		p.release()
	}
	return p != nil
}
