package serve

import (
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/tables"
)

// BuildFunc reads a session and makes its view (buildView).
type BuildFunc = func(st *store.Store, name string, t *tables.Set) (*View, error)

// WrapBuild puts wrap around how s reads the session on a change (tests
// slow a look at the save down).
func WrapBuild(s *Server, wrap func(BuildFunc) BuildFunc) { s.build = wrap(s.build) }
