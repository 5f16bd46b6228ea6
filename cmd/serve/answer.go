package serve

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/bosun-referee/bosun/referee"
)

// QuestionView is the question a step run by the server (--answer) waits
// for, as every page shows it.
type QuestionView struct {
	// ID tells one asking from the next: an answer names the asking it
	// answers, so of two pages answering at once one wins and the other
	// is told.
	ID       int               `json:"id"`
	Key      string            `json:"key"`
	Text     string            `json:"text"`
	Kind     string            `json:"kind"`
	Options  []string          `json:"options,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Min      int               `json:"min,omitempty"`
	Max      int               `json:"max,omitempty"`
	Default  string            `json:"default,omitempty"`
	Where    string            `json:"where,omitempty"`
	Accepted string            `json:"accepted,omitempty"`
	// Reason is why the last answer was refused (asked again in place).
	Reason string `json:"reason,omitempty"`
}

// Stepper runs one step of the session the server holds (its lock
// taken), asking through ask; it returns the step's error, the step saved
// when nil.
type Stepper func(ctx context.Context, ask referee.Prompter) error

// answerer is the --answer side of a server: the step running, the
// question it waits for, and the answers posted to it.
type answerer struct {
	mu      sync.Mutex
	running bool
	q       *QuestionView
	qs      referee.Question
	ids     int
	answers chan postedAnswer
	lastErr string
	steps   sync.WaitGroup // the step running, if any
}

// WaitSteps waits for the step running (--answer) to end: canceled by
// the server's context, or saved whole.
func (s *Server) WaitSteps() {
	if s.ans != nil {
		s.ans.steps.Wait()
	}
}

type postedAnswer struct {
	id    int
	value string
	reply chan answerReply
}

type answerReply struct {
	code int
	msg  string
}

// Ask implements referee.Prompter: it shows q on every page and waits for
// an answer that q accepts; a refused answer is asked again with why.
func (s *Server) ask(ctx context.Context) referee.Prompter {
	return prompterFunc(func(q referee.Question) (string, error) {
		a := s.ans
		a.mu.Lock()
		a.ids++
		qv := &QuestionView{ID: a.ids, Key: q.Key, Text: q.Text, Kind: kindName(q), Options: q.Options, Labels: q.Labels,
			Min: q.Min, Max: q.Max, Default: q.Default, Where: q.Where, Accepted: q.Accepted}
		if len(qv.Options) == 0 && len(q.Choices) > 0 {
			qv.Options = q.Choices
		}
		a.q, a.qs = qv, q
		a.mu.Unlock()
		s.refresh()
		defer func() {
			a.mu.Lock()
			a.q = nil
			a.mu.Unlock()
			s.refresh()
		}()
		for {
			select {
			case <-ctx.Done():
				return "", referee.ErrCanceled
			case p := <-a.answers:
				a.mu.Lock()
				cur := a.q
				a.mu.Unlock()
				if p.id != cur.ID {
					p.reply <- answerReply{http.StatusConflict, "that question was already answered (from another page); the page shows the one asked now"}
					continue
				}
				v, err := q.Normalize(p.value)
				if err != nil {
					a.mu.Lock()
					a.ids++
					nq := *cur
					nq.ID, nq.Reason = a.ids, err.Error()
					a.q = &nq
					a.mu.Unlock()
					p.reply <- answerReply{http.StatusUnprocessableEntity, err.Error()}
					s.refresh()
					continue
				}
				p.reply <- answerReply{http.StatusOK, v}
				return v, nil
			}
		}
	})
}

type prompterFunc func(q referee.Question) (string, error)

func (f prompterFunc) Ask(q referee.Question) (string, error) { return f(q) }

func kindName(q referee.Question) string { return string(q.Kind) }

// refresh pushes the current view with the answerer's state.
func (s *Server) refresh() {
	cur, _ := s.current()
	v := *cur
	s.set(&v)
}

// withAnswer copies the answerer's state into v (nil answerer: read-only).
func (s *Server) withAnswer(v *View) {
	if s.ans == nil {
		return
	}
	a := s.ans
	a.mu.Lock()
	defer a.mu.Unlock()
	v.Answering = true
	v.Running = a.running
	v.StepError = a.lastErr
	if a.q != nil {
		q := *a.q
		v.Question = &q
	} else {
		v.Question = nil
	}
}

// handleNext starts the next step (POST /api/next): one at a time.
func (s *Server) handleNext(w http.ResponseWriter, r *http.Request) {
	a := s.ans
	a.mu.Lock()
	if a.running {
		a.mu.Unlock()
		jsonError(w, http.StatusConflict, "a step is already running; answer its question")
		return
	}
	a.running, a.lastErr = true, ""
	a.steps.Add(1)
	a.mu.Unlock()
	s.refresh()
	go func() {
		defer a.steps.Done()
		err := s.c.Step(s.ctx, s.ask(s.ctx))
		a.mu.Lock()
		a.running = false
		if err != nil {
			a.lastErr = err.Error() + " (the step was not saved)"
			if errors.Is(err, referee.ErrCanceled) {
				a.lastErr = "the step was canceled and not saved"
			}
		}
		a.mu.Unlock()
		s.Check()
		s.refresh()
	}()
	writeJSON(w, map[string]bool{"started": true})
}

// AnswerRequest is the body of POST /api/answer.
type AnswerRequest struct {
	ID    int    `json:"id"`
	Value string `json:"value"`
}

func (s *Server) handleAnswer(w http.ResponseWriter, r *http.Request) {
	var req AnswerRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			jsonError(w, http.StatusRequestEntityTooLarge, "request body too large")
			return
		}
		jsonError(w, http.StatusBadRequest, `expected {"id": N, "value": "..."}`)
		return
	}
	a := s.ans
	a.mu.Lock()
	q := a.q
	a.mu.Unlock()
	if q == nil {
		jsonError(w, http.StatusConflict, "no question is waiting for an answer")
		return
	}
	p := postedAnswer{id: req.ID, value: req.Value, reply: make(chan answerReply, 1)}
	select {
	case a.answers <- p:
	case <-r.Context().Done():
		return
	}
	select {
	case <-time.After(5 * time.Second):
		jsonError(w, http.StatusConflict, "that question is no longer asked")
	case rep := <-p.reply:
		if rep.code != http.StatusOK {
			jsonError(w, rep.code, rep.msg)
			return
		}
		writeJSON(w, map[string]string{"accepted": rep.msg})
	case <-r.Context().Done():
	}
}

// UndoRequest is the body of POST /api/undo: Force undoes a step that
// revealed dice or a card (bosun undo --force; the undo is logged).
type UndoRequest struct {
	Force bool `json:"force"`
}

// UndoRefusal is the answer to a refused undo: why, and whether a forced
// undo would be accepted (the step revealed dice or a card).
type UndoRefusal struct {
	Error      string `json:"error"`
	NeedsForce bool   `json:"needs_force,omitempty"`
}

// handleUndo undoes the last step (POST /api/undo), as bosun undo does,
// when no step is running: refused with 409 and UndoRefusal when there
// is nothing to undo or the step revealed dice and force was not given.
func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var req UndoRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			jsonError(w, http.StatusRequestEntityTooLarge, "request body too large")
			return
		}
		jsonError(w, http.StatusBadRequest, `expected {"force": false} or {"force": true}`)
		return
	}
	a := s.ans
	a.mu.Lock()
	if a.running {
		a.mu.Unlock()
		jsonError(w, http.StatusConflict, "a step is running; undo once it ends (or answer its question)")
		return
	}
	a.running, a.lastErr = true, "" // no step starts while the undo runs
	a.mu.Unlock()
	text, err := s.c.Undo(req.Force)
	a.mu.Lock()
	a.running = false
	a.mu.Unlock()
	s.Check()
	s.refresh()
	if err != nil {
		code := http.StatusInternalServerError
		ref := UndoRefusal{Error: err.Error()}
		if referee.IsUsage(err) {
			code = http.StatusConflict
			v, _ := s.current()
			ref.NeedsForce = !req.Force && v.Undo != nil && v.Undo.Revealed
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(ref)
		return
	}
	writeJSON(w, map[string]string{"undone": text})
}
