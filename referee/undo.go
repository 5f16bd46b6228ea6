package referee

// Undo: the snapshots of this process's steps are in Session.Undo, the
// earlier ones in the session's History (the store's undo file).

// undoDepth is how many steps can be undone.
func (s *Session) undoDepth() int {
	n := len(s.Undo)
	if s.past != nil {
		n += s.past.UndoDepth()
	}
	return n
}

// lastSnapshot decodes the newest snapshot: one of this process's steps,
// or the newest of its history. pop removes it from the session.
func (s *Session) lastSnapshot() (sn Snapshot, pop func(), err error) {
	if n := len(s.Undo); n > 0 {
		sn, pop = s.Undo[n-1], func() { s.Undo = s.Undo[:n-1] }
	} else if sn, pop, err = s.past.LastSnapshot(); err != nil {
		return Snapshot{}, nil, err
	}
	err = sn.Unpack()
	return sn, pop, err
}
