package referee

// Values that rarely change on the board (a player's Captured Islands, a
// ship's board for every battle) are asked again and again. Sticky makes the
// last answer given for such a key in the session the question's default,
// so that at the table Enter repeats it. A default applies only to an empty
// answer: scripted answers are never changed by it.

// LastAnswer returns the last answer given for key in the session: in the
// current step first (answers not yet attached to an event, then the step's
// events), then in the session's log, skipping undone steps.
func LastAnswer(s *Session, env *Env, key string) (string, bool) {
	if env != nil {
		if r, ok := env.Prompt.(interface{ Recorded() []Answer }); ok {
			if v, ok := lastIn(r.Recorded(), key); ok {
				return v, true
			}
		}
		for i := len(env.events) - 1; i >= 0; i-- {
			if v, ok := lastIn(env.events[i].Answers, key); ok {
				return v, true
			}
		}
	}
	if s != nil {
		log := s.Events()
		for i := len(log) - 1; i >= 0; i-- {
			if log[i].Undone {
				continue
			}
			if v, ok := lastIn(log[i].Answers, key); ok {
				return v, true
			}
		}
	}
	return "", false
}

func lastIn(as []Answer, key string) (string, bool) {
	for i := len(as) - 1; i >= 0; i-- {
		if as[i].Key == key {
			return as[i].Value, true
		}
	}
	return "", false
}

// Sticky returns q with its Default set to the last answer given for q.Key
// in the session (see LastAnswer), when that answer is still accepted. A
// question that has a Default of its own keeps it when nothing was answered
// before.
func Sticky(s *Session, env *Env, q Question) Question {
	v, ok := LastAnswer(s, env, q.Key)
	if !ok {
		return q
	}
	if _, err := q.Normalize(v); err != nil {
		return q
	}
	q.Default = v
	return q
}

// Recorded returns the answers recorded since the last TakeRecord, without
// clearing them.
func (s *Scripted) Recorded() []Answer { return s.Record }
