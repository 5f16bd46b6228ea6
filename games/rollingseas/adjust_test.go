package rollingseas

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// Issue 30: "Start the game with two Ship Tokens and place the other four
// on random Exploration spaces" (rolling-seas/adjust-difficulty) is the solo setup's ("Place one
// Ship Token next to each die space", rolling-seas/automa-defeat-the-legendary-captain-asher-ironside/setup); with 2 or more players
// the tokens are "one Ship Token per player, plus one for the Captain"
// (rolling-seas/using-captain-ironside-in-a-game-with-2-or-more-players), so easier=two-tokens would do nothing: refused with exit 2
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
		for _, want := range []string{"easier=two-tokens", `"Start the game with two Ship Tokens and place the other four"`, `"one Ship Token per player, plus one for the Captain"`, "accepted with 2 or more players: easier=one-token-block,sail-to-level2,third-monolith"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%d players: %q lacks %q", len(players), err, want)
			}
		}
		var ue *referee.UsageError
		if !errors.As(err, &ue) || !slices.Equal(ue.Cites, []string{CiteAdjustDifficulty, CiteMultiplayerIronside}) {
			t.Errorf("%d players: the refusal should cite %s and %s: %#v", len(players), CiteAdjustDifficulty, CiteMultiplayerIronside, err)
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

// finalTurn plays a solo game against Captain Ironside whose first turn
// is the game's last (the Adventure Deck down to its last card, his
// previous action set to before) and returns his score and his Story
// Points before the scoring.
func finalTurn(t *testing.T, options map[string]string, a map[string][]string, before string) (Score, int) {
	t.Helper()
	for k, v := range map[string]string{"renown": "10", "story": "5", "ending-port": "none", "bonus": "0", "pirates": "3", "gold": "0", "provisions": "0"} {
		a["rs.player.Alma."+k] = append(a["rs.player.Alma."+k], v)
	}
	s, _, next := session(t, []string{"Alma"}, options, a)
	next() // the two setup Adventures
	st := stateOf(t, s)
	st.Deck.Drawn = st.Deck.Size - 1
	st.Iron.LastAction = before
	if err := s.SaveState(st); err != nil {
		t.Fatal(err)
	}
	story := 0
	for i := 0; !s.Over; i++ {
		if i > 5 {
			t.Fatal("the game did not end after its last card")
		}
		if st := stateOf(t, s); st.Phase == PhaseScoring {
			story = st.Iron.Story
		}
		next()
	}
	for _, sc := range stateOf(t, s).Scores {
		if sc.Automa {
			return sc, story
		}
	}
	t.Fatal("no score for Captain Ironside")
	return Score{}, 0
}

func hasDetail(sc Score, part string) bool {
	for _, d := range sc.Detail {
		if strings.Contains(d, part) {
			return true
		}
	}
	return false
}

// harder=final-action (rolling-seas/adjust-difficulty): "If Captain Ironside's last action of
// the game is Visit a Port, he gains a bonus of 5 Renown. If his final
// action of the game is Sail, he gains a Story Point." Rulings 25-27.
func TestFinalActionReadings(t *testing.T) {
	hard := func(more ...string) map[string]string {
		o := map[string]string{"ironside": "basic", "harder": "final-action"}
		for i := 0; i+1 < len(more); i += 2 {
			o[more[i]] = more[i+1]
		}
		return o
	}
	reef := func() map[string][]string { return firstTurn("reefs", "N,E,S") }

	// Ruling 25: a Sail last gains the Story Point before "Captain
	// Ironside Tells His Story one last time" (rolling-seas/end-of-game-automa): it is in his
	// Final Story. Card 1 (Sail, or Visit a Port if he has visited fewer
	// than you): Alma has visited none, he Sails past a Sea Monster (+2).
	sail := func() map[string][]string {
		a := firstTurn("sea-monster", "N,E,S")
		a["rs.ironside.card.number"] = []string{"1"}
		a["rs.player.Alma.ports"] = []string{"0"}
		a["rs.player.Alma.tokens.spend"] = []string{"none"}
		return a
	}
	sc, story := finalTurn(t, hard(), sail(), ActPort)
	if sc.FinalStory != story+1 || !hasDetail(sc, "last action Sail: +1 Story Point, before his Final Story") {
		t.Errorf("Sail last: Final Story %d with %d Story Points before the scoring, want one more; %v", sc.FinalStory, story, sc.Detail)
	}
	plain, story := finalTurn(t, map[string]string{"ironside": "basic"}, sail(), ActPort)
	if plain.FinalStory != story || plain.Bonus != sc.Bonus {
		t.Errorf("without final-action: Final Story %d (had %d), bonus %d", plain.FinalStory, story, plain.Bonus)
	}

	// Ruling 26: a Reef last turn: "His turn ends immediately" (rolling-seas/captain-ironside-phase),
	// no card is drawn, so he takes no action; his last action of the game
	// is the Visit a Port before it (final-action-reef=last-action).
	sc, _ = finalTurn(t, hard(), reef(), ActPort)
	if !hasDetail(sc, "last action Visit a Port: +5 Renown") {
		t.Errorf("Reef last, Port before it: %v", sc.Detail)
	}
	// final-action-reef=no-action: his last turn had no action, no bonus.
	none, _ := finalTurn(t, hard("final-action-reef", "no-action"), reef(), ActPort)
	if none.Bonus != sc.Bonus-5 || hasDetail(none, "+5 Renown") || !hasDetail(none, "final-action-reef=no-action") {
		t.Errorf("Reef last with final-action-reef=no-action: bonus %d (last-action %d), %v", none.Bonus, sc.Bonus, none.Detail)
	}
	// A Sail before the Reef turn: its Story Point (last-action) or none.
	sc, story = finalTurn(t, hard(), reef(), ActSail)
	if sc.FinalStory != story+1 {
		t.Errorf("Reef last, Sail before it: Final Story %d, had %d", sc.FinalStory, story)
	}
	sc, story = finalTurn(t, hard("final-action-reef", "no-action"), reef(), ActSail)
	if sc.FinalStory != story {
		t.Errorf("Reef last, Sail before it, no-action: Final Story %d, had %d", sc.FinalStory, story)
	}

	// Ruling 27: an action blocked by Ship Tokens: "he instead does
	// nothing" (rolling-seas/spend-2-ship-tokens-and-choose-an-action), which is his final action: no bonus, even
	// after a Visit a Port the turn before. Ship Token Example 2's card
	// with Alma ahead on Ports: he would Visit a Port; she blocks it.
	a := firstTurn("sea-monster", "S,SW,E")
	a["rs.ironside.card.number"] = []string{"1"}
	a["rs.player.Alma.ports"] = []string{"2"}
	a["rs.player.Alma.tokens.spend"] = []string{"block-port"}
	sc, _ = finalTurn(t, hard("easier", "two-tokens"), a, ActPort)
	if hasDetail(sc, "+5 Renown") || !hasDetail(sc, "last action blocked by Ship Tokens") {
		t.Errorf("blocked Visit a Port last: %v", sc.Detail)
	}
}
