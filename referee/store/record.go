package store

import "github.com/bosun-referee/bosun/referee"

// RulesQuestionType is the type of the event that records a rules question
// asked during a session (from `bosun play`), with Data "query" (the
// question) and "answer" (the id of the section shown first, if any).
// `bosun log` lists it and `bosun report` gathers these events.
const RulesQuestionType = "rules-question"

// Record appends ev to a saved session outside a step, under the
// session's lock, as an event of the last step played (an undo of that
// step marks it undone with the step's own events). The session is saved
// like a step: on error nothing is changed.
func (st *Store) Record(name string, ev referee.Event) error {
	unlock, err := st.Lock(name)
	if err != nil {
		return err
	}
	defer unlock()
	s, err := st.Load(name)
	if err != nil {
		return err
	}
	ev.Seq = s.LogLen() + 1
	ev.Step = max(s.Step-1, 0)
	s.Log = append(s.Log, ev)
	return st.Save(s)
}
