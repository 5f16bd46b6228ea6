package procedure

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWheelAndRoundKinds(t *testing.T) {
	assert.Equal(t, 1, Wheel(13), "after XII the marker continues clockwise to I")
	assert.Equal(t, 12, Wheel(24))
	assert.Equal(t, "XIII", Roman(13))
	set, err := tables.New("", nil)
	require.NoError(t, err)
	check := func(key string, f func(int) bool) {
		row, ok := set.Lookup("mwp-wheel", key)
		require.True(t, ok)
		want := map[int]bool{}
		for _, v := range row.Value.([]any) {
			want[v.(int)] = true
		}
		for w := 1; w <= 12; w++ {
			assert.Equal(t, want[w], f(w), "%s at %d", key, w)
		}
	}
	check("harvest", isHarvest)
	check("event", isEvent)
	check("pirate", isPirate)
	check("gold", isGold)
}

func TestMoveMarkerBounce(t *testing.T) {
	for _, tc := range []struct {
		box, move, want int
		bounced         bool
	}{
		{5, 3, 8, false},
		{10, 3, 7, true}, // 13 is off the track: -3 instead
		{2, -3, 5, true}, // -1 is off the track: +3 instead
		{12, 0, 12, false},
		{1, -1, 2, true},
		{11, 1, 12, false},
	} {
		got, b := MoveMarker(tc.box, tc.move)
		assert.Equal(t, tc.want, got, "%d%+d", tc.box, tc.move)
		assert.Equal(t, tc.bounced, b)
	}
	assert.Equal(t, 8, Step0(11))
	assert.Equal(t, 9, Step0(12))
	assert.Equal(t, 10, Step0(10))
}

func TestChooseDirection(t *testing.T) {
	open := func(d ...string) map[string]bool {
		m := map[string]bool{}
		for _, x := range d {
			m[x] = true
		}
		return m
	}
	// The rulebook example: N blocked, NW and NE open: top-right NE.
	assert.Equal(t, "NE", ChooseDirection(open("NW", "NE"), "N", "NW", "NE", "", "continue"))
	// Back to the main direction whenever possible.
	assert.Equal(t, "N", ChooseDirection(open("N", "NE"), "N", "NW", "NE", "NE", "continue"))
	// Only the top-left is open.
	assert.Equal(t, "NW", ChooseDirection(open("NW"), "N", "NW", "NE", "", "continue"))
	// Heading NW (forced earlier), main still blocked, both sides open:
	// 'continues this direction' (default) or top-right (option).
	assert.Equal(t, "NW", ChooseDirection(open("NW", "NE"), "N", "NW", "NE", "NW", "continue"))
	assert.Equal(t, "NE", ChooseDirection(open("NW", "NE"), "N", "NW", "NE", "NW", "top-right"))
	assert.Equal(t, "", ChooseDirection(open(), "N", "NW", "NE", "", "continue"))
	m, tl, tr, err := ParseDirectionFace("SE>NE|S")
	require.NoError(t, err)
	assert.Equal(t, []string{"SE", "NE", "S"}, []string{m, tl, tr})
	_, _, _, err = ParseDirectionFace("SE")
	assert.True(t, referee.IsUsage(err))
}

func TestNPCRanges(t *testing.T) {
	for _, tc := range []struct {
		n        NPC
		box, mod int
		want     int
	}{
		{NPC{Kind: KindPirate}, 5, 0, 4},
		{NPC{Kind: KindPirate, Damage: 1}, 5, 0, 3},
		{NPC{Kind: KindPirate}, 8, 1, 5},
		{NPC{Kind: KindPirate, Damage: 1}, 11, -3, 1}, // minimum 1
		{NPC{Kind: KindCaravel}, 10, -1, 3},
		{NPC{Kind: KindFreighter}, 11, -2, 6},
		{NPC{Kind: KindDutchman}, 11, -2, 4}, // unaffected by the wind
		{NPC{Kind: KindGalleass}, 2, -1, 4},  // not slowed below 3 oB
		{NPC{Kind: KindGalleass}, 3, -1, 3},
		{NPC{Kind: KindGalleass}, 8, 1, 5},
		{NPC{Kind: KindGalleass, Lagoon: true}, 8, 1, 3}, // max 3 in the lagoon
		{NPC{Kind: KindMonster, Range: 2}, 11, -2, 2},
	} {
		assert.Equal(t, tc.want, NPCRange(tc.n, tc.box, tc.mod), "%+v at %d", tc.n, tc.box)
	}
	assert.Equal(t, 6, MaxRange(5, true, false, true, 0, false))
	assert.Equal(t, 3, MaxRange(5, true, false, false, 0, true))
	assert.Equal(t, 1, MaxRange(4, false, true, true, -3, false))
	assert.Equal(t, 4, MaxRange(4, false, false, false, 2, false), "wind only when At Sea during the move")
}

func TestSetupRules(t *testing.T) {
	assert.Equal(t, []string{"W", "NE", "SE"}, BasesFor(3))
	assert.Equal(t, []string{"NE", "NW", "SE", "SW"}, BasesFor(4))
	assert.Equal(t, []string{"Bob", "Cy", "Dan", "Ann", "Ann", "Dan", "Cy", "Bob"}, SnakeOrder([]string{"Ann", "Bob", "Cy", "Dan"}, 1))
	tiles, err := ParseTiles("+1:none,-2:thar-she-blows,0:castaway")
	require.NoError(t, err)
	assert.Equal(t, Tile{Move: -2, Effect: "thar-she-blows"}, tiles[1])
	_, err = ParseTiles("+1:tornado,2")
	assert.True(t, referee.IsUsage(err))
	ob, err := ParseOverboard("1 crew")
	require.NoError(t, err)
	assert.Equal(t, Overboard{Crew: 1}, ob)
	ob, err = ParseOverboard("2 cannons")
	require.NoError(t, err)
	assert.Equal(t, Overboard{Cannons: 2}, ob)
	_, err = ParseOverboard("lots")
	assert.Error(t, err)
}

func TestTavernAndVoting(t *testing.T) {
	for _, tc := range []struct {
		dice []int
		hand string
		want int
	}{
		{[]int{1, 1, 2, 2, 6}, "two pairs", 6},
		{[]int{4, 4, 1, 2, 6}, "pair", 8}, // the rulebook's reminder: a pair of 4s beats two pairs of 1s and 2s
		{[]int{5, 5, 5, 1, 3}, "three of a kind", 25},
		{[]int{1, 2, 3, 4, 6}, "straight", 25},
		{[]int{3, 3, 3, 2, 2}, "full house", 33},
		{[]int{6, 6, 6, 6, 1}, "four of a kind", 49},
		{[]int{2, 3, 4, 5, 6}, "poker", 50},
		{[]int{5, 6, 1, 2, 4}, "nothing", 0}, // 5-6-1-2 is not a straight (not 6 to 1)
		{[]int{4, 4, 4, 4, 4}, "general", GeneralBonus + 20},
	} {
		h, s := PokerScore(tc.dice)
		assert.Equal(t, tc.hand, h, "%v", tc.dice)
		assert.Equal(t, tc.want, s, "%v", tc.dice)
	}
	each, removed := FalconPayout(7, 2)
	assert.Equal(t, 7, each) // 4 + 3
	assert.Equal(t, 1, removed)
	assert.Equal(t, []int{0, 0, 1, 2, 4, 8}, []int{TavernFee(0), TavernFee(1), TavernFee(2), TavernFee(3), TavernFee(4), TavernFee(5)})
	assert.Equal(t, 1, AuctionWinner([]int{3, 5, 2}))
	assert.Equal(t, -1, AuctionWinner([]int{5, 5, 2}), "a tie gives nobody Votes")
	assert.Equal(t, -1, AuctionWinner([]int{0, 0}), "a top bid of 0 gives nobody Votes")
	by, total := Tally(map[string]int{"forts": 1, "mines": 1, "captains": 1, "officers": 2, "sailors": 3, "cannons": 2, "trophies": 1, "rafts": 2})
	assert.Equal(t, 10, by["island workers"])
	assert.Equal(t, 6, by["other officers"])
	assert.Equal(t, 10+5+6+5+5+8, total)
}

func TestOptionsAndSetup(t *testing.T) {
	set, err := tables.New("", nil)
	require.NoError(t, err)
	newS := func(players []referee.Player, opts map[string]string, answers map[string]string) (*referee.Session, error) {
		p := referee.NewScripted()
		for k, v := range answers {
			p.Set(k, v, "set")
		}
		return chaosTable.NewSession(t, &Game{}, "t", players, opts, 1, referee.Virtual, &referee.Env{Prompt: p, Tables: set})
	}
	four := []referee.Player{{Name: "Ann", Side: "red"}, {Name: "Bob", Side: "blue"}, {Name: "Cy", Side: "white"}, {Name: "Dan", Side: "orange"}}
	_, err = newS(four, map[string]string{"wind": "7"}, nil)
	assert.True(t, referee.IsUsage(err), "unknown option")
	_, err = newS(four, map[string]string{"variants": "team", "bases": "Ann:NE,Bob:NW,Cy:SE,Dan:SW"}, nil)
	assert.True(t, referee.IsUsage(err), "teammates Ann and Cy need opposite corners")
	s, err := newS(four, map[string]string{"variants": "team,shortened", "bases": "Ann:NE,Bob:NW,Cy:SW,Dan:SE", "priority": "Cy"}, nil)
	require.NoError(t, err)
	st := stateOf(t, s)
	assert.Equal(t, 2, st.Priority)
	assert.Equal(t, 4, st.conquestNeed())
	assert.Equal(t, []string{"S", "B"}, st.Players[0].Fleet)
	assert.Equal(t, PhaseTurns, st.Phase, "Round I starts at Phase 5")
	_, err = newS(four, map[string]string{"variants": "team", "advanced": "priority-negotiation"}, nil)
	assert.True(t, referee.IsUsage(err))
	// Without The Last Transport all 3 Battery of Cannons start on the map.
	s, err = newS(four[:3], map[string]string{"components": "none", "bases": "Ann:W,Bob:NE,Cy:SE"}, nil)
	require.NoError(t, err)
	assert.Equal(t, 3, stateOf(t, s).count(KindBattery))
	s, err = newS(four[:3], map[string]string{"bases": "Ann:W,Bob:NE,Cy:SE"}, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, stateOf(t, s).count(KindBattery))
	_, err = newS(four[:2], map[string]string{"bases": "Ann:W,Bob:NE"}, nil)
	assert.True(t, referee.IsUsage(err), "W is not a 2-player Base")
}

func TestWeatherDeckDrawnFromDescription(t *testing.T) {
	set, err := tables.New("", nil)
	require.NoError(t, err)
	p := referee.NewScripted()
	for k, v := range map[string]string{"misty.board.wind.speed.5": "0", "misty.board.wind.box.sea-giveth": "9", "misty.board.wind.box.sheath-the-swords": "9", "misty.board.wind.box.hunker-down": "12"} {
		p.Set(k, v, "set")
	}
	env := &referee.Env{Prompt: p, Tables: set}
	g := &Game{}
	s, err := chaosTable.NewSession(t, g, "t", three, map[string]string{"weather-deck": "+2:none,-1:none,+3:none", "bases": "Ann:W,Bob:NE,Cy:SE", "components": "none"}, 9, referee.Virtual, env)
	require.NoError(t, err)
	st := stateOf(t, s)
	require.NotNil(t, st.Weather.Top)
	assert.Len(t, st.Weather.Deck, 2)
	// Round II, Phase 3: nothing in the middle yet; the face-up tile moves there.
	st.Round, st.Phase, st.Priority = 2, PhaseWeather, 1
	require.NoError(t, s.SaveState(st))
	env.Dice, _ = referee.DiceFor(s, p)
	_, err = next(t, g, s, env)
	require.NoError(t, err)
	st2 := stateOf(t, s)
	assert.Equal(t, 5, st2.Wind)
	assert.Equal(t, *st.Weather.Top, *st2.Weather.Middle)
	assert.Equal(t, st.Weather.Deck[0], *st2.Weather.Top)
}
