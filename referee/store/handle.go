package store

import (
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// Handle is a session opened for writing: it holds the session's lock from
// OpenForWrite or Create until Close, so every save through it is the only
// writer's. Commands that change a session (a step, an undo, a recorded
// rules question) open it this one way.
//
//	h, err := st.OpenForWrite(name)
//	if err != nil {
//		return err
//	}
//	defer h.Close()
//	// ... change h.Session, then
//	return h.SaveStep(t)
type Handle struct {
	// Session is the session as loaded (nil after Create until the
	// caller sets the new session).
	Session *referee.Session
	st      *Store
	unlock  func()
}

// OpenForWrite takes a saved session's lock, waiting up to LockTimeout,
// and loads it. A name that is not accepted or names no session is a
// usage error; a session another process holds is referee.ErrInUse.
func (st *Store) OpenForWrite(name string) (*Handle, error) {
	if err := ValidName(name); err != nil {
		return nil, err
	}
	if !st.Exists(name) {
		return nil, referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	unlock, err := st.Lock(name)
	if err != nil {
		return nil, err
	}
	s, err := st.Load(name)
	if err != nil {
		unlock()
		return nil, err
	}
	return &Handle{Session: s, st: st, unlock: unlock}, nil
}

// Create takes the lock of a session that is not saved yet, refusing a
// name that is taken; the caller sets Session and saves it.
func (st *Store) Create(name string) (*Handle, error) {
	if err := ValidName(name); err != nil {
		return nil, err
	}
	unlock, err := st.Lock(name)
	if err != nil {
		return nil, err
	}
	if st.Exists(name) {
		unlock()
		return nil, referee.Usagef("a session named %q exists; pick another --name or remove it with bosun rm %s", name, name)
	}
	return &Handle{st: st, unlock: unlock}, nil
}

// Save saves the session (Store.Save).
func (h *Handle) Save() error { return h.st.Save(h.Session) }

// SaveStep saves the session with the board values t remembered, both or
// neither (SaveStep; t may be nil).
func (h *Handle) SaveStep(t *tables.Set) error { return SaveStep(h.st, h.Session, t) }

// Close releases the lock; a second Close does nothing.
func (h *Handle) Close() {
	if h.unlock != nil {
		h.unlock()
		h.unlock = nil
	}
}
