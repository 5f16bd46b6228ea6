package rollingseas

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// Issue 30: "Start the game with two Ship Tokens and place the other four
// on random Exploration spaces" (line 368) is the solo setup's ("Place one
// Ship Token next to each die space", line 362); with 2 or more players
// the tokens are "one Ship Token per player, plus one for the Captain"
// (line 515), so easier=two-tokens would do nothing: refused with exit 2
// as Legendary refuses its no-ops, naming the option and what applies.
func TestTwoTokensRefusedWithTwoOrMorePlayers(t *testing.T) {
	for _, players := range [][]string{{"Alma", "Ben"}, {"Alma", "Ben", "Cleo"}} {
		var ps []referee.Player
		for _, n := range players {
			ps = append(ps, referee.Player{Name: n})
		}
		p := referee.NewScripted()
		env := &referee.Env{Prompt: p, Tables: newTables(t), Dice: referee.NewDice(referee.Virtual, 1, p)}
		_, err := chaosTable.NewSession(t, Game{}, "t", ps, map[string]string{"ironside": "standard", "easier": "two-tokens,third-monolith"}, 1, referee.Virtual, env)
		if err == nil {
			t.Fatalf("%d players: easier=two-tokens accepted", len(players))
		}
		if !referee.IsUsage(err) {
			t.Errorf("%d players: not a usage error (exit 2): %v", len(players), err)
		}
		for _, want := range []string{"easier=two-tokens", "line 368", "line 515", "accepted with 2 or more players: easier=one-token-block,sail-to-level2,third-monolith"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%d players: %q lacks %q", len(players), err, want)
			}
		}
	}
	// Solo it applies; with 2 players the other modifications still do.
	a := firstTurn("sea-monster", "N,E,S")
	s, _, _ := session(t, []string{"Alma"}, map[string]string{"ironside": "basic", "easier": "two-tokens"}, a)
	if st := stateOf(t, s); len(st.Players[0].Tokens) != 2 || len(st.Tokens) != 4 {
		t.Errorf("solo two-tokens: held %v, on board %v", st.Players[0].Tokens, st.Tokens)
	}
	p := referee.NewScripted()
	env := &referee.Env{Prompt: p, Tables: newTables(t), Dice: referee.NewDice(referee.Virtual, 1, p)}
	if _, err := chaosTable.NewSession(t, Game{}, "t", []referee.Player{{Name: "Alma"}, {Name: "Ben"}}, map[string]string{"ironside": "standard", "easier": "one-token-block,third-monolith"}, 1, referee.Virtual, env); err != nil {
		t.Errorf("2 players with easier=one-token-block,third-monolith: %v", err)
	}
}
