package questsandcannons

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/require"
)

// champ presets a Champion's tile values.
func champ(p *referee.Scripted, name, nation, role, hearts, sails, cannons, cargo string) {
	k := "tables.qc-champions." + Slug(name) + "."
	p.Set(k+"nation", nation, "answers")
	p.Set(k+"role", role, "answers")
	p.Set(k+"hearts", hearts, "answers")
	p.Set(k+"sails", sails, "answers")
	p.Set(k+"cannons", cannons, "answers")
	p.Set(k+"cargo", cargo, "answers")
}

type harness struct {
	t   *testing.T
	s   *referee.Session
	env *referee.Env
	p   *referee.Scripted
}

// newHarness starts a session; answers maps key -> queue of answers.
func newHarness(t *testing.T, players string, opts map[string]string, p *referee.Scripted, rng ...int) *harness {
	t.Helper()
	set, err := tables.New("", nil)
	require.NoError(t, err)
	var ps []referee.Player
	for _, x := range strings.Split(players, ",") {
		n, side, _ := strings.Cut(x, ":")
		ps = append(ps, referee.Player{Name: n, Side: side})
	}
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{Seq: rng}, p), Prompt: p, Tables: set}
	s, err := chaosTable.NewSession(t, Game{}, "t", ps, opts, 1, referee.Virtual, env)
	require.NoError(t, err)
	return &harness{t: t, s: s, env: env, p: p}
}

func (h *harness) next() []referee.Event {
	h.t.Helper()
	ev, err := next(h.t, h.s, h.env)
	require.NoError(h.t, err)
	return ev
}

func (h *harness) nextErr() error {
	_, err := next(h.t, h.s, h.env)
	return err
}

func (h *harness) state() *State {
	h.t.Helper()
	st, err := load(h.s)
	require.NoError(h.t, err)
	return st
}

func (h *harness) player(name string) Player {
	st := h.state()
	i := st.playerByName(name)
	require.GreaterOrEqual(h.t, i, 0, name)
	return st.Players[i]
}

func (h *harness) team(name string) Team {
	st := h.state()
	return st.Teams[st.Players[st.playerByName(name)].Team]
}

// set queues answers for a key.
func (h *harness) set(key string, vals ...string) {
	for _, v := range vals {
		h.p.Set(key, v, "answers")
	}
}

func eventsOf(evs []referee.Event, typ string) []referee.Event {
	var out []referee.Event
	for _, e := range evs {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

func hasCite(e referee.Event, c string) bool {
	for _, x := range e.Cites {
		if x == c {
			return true
		}
	}
	return false
}

// newSessionErr tries to set up a session and returns the error.
func newSessionErr(t *testing.T, players string, opts map[string]string, p *referee.Scripted) error {
	t.Helper()
	set, err := tables.New("", nil)
	require.NoError(t, err)
	var ps []referee.Player
	for _, x := range strings.Split(players, ",") {
		n, side, _ := strings.Cut(x, ":")
		ps = append(ps, referee.Player{Name: n, Side: side})
	}
	env := &referee.Env{Dice: referee.WithRNG(&referee.Fixed{}, p), Prompt: p, Tables: set}
	_, err = chaosTable.NewSession(t, Game{}, "t", ps, opts, 1, referee.Virtual, env)
	return err
}
