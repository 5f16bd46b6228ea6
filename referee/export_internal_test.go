package referee

import "io"

// ExportWhole is Export reading the side files whole (what it does when
// they are not as the save says), for tests.
func ExportWhole(s *Session, w io.Writer) error { return s.export(w, false) }

// ExportPlanned reports whether Export copies s's side files line by line.
func ExportPlanned(s *Session) bool {
	p := s.planExport()
	if p != nil {
		p.release()
	}
	return p != nil
}
