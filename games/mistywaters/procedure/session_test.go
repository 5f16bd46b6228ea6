package procedure

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var three = []referee.Player{{Name: "Ann", Side: "red"}, {Name: "Bob", Side: "blue"}, {Name: "Cy", Side: "white"}}

// trace summarises a session: round headers, phases, NPC moves with ranges,
// wind boxes and the end.
func trace(evs []referee.Event) (rounds []string, moves []string, winds []int) {
	for _, e := range evs {
		switch {
		case e.Type == "round":
			rounds = append(rounds, fmt.Sprint(e.Data["round"], "/", e.Data["wheel"], "/", e.Data["priority"]))
		case e.Type == "npc" && e.Data["range"] != nil && e.Data["spaces"] == nil:
			moves = append(moves, fmt.Sprint(e.Data["npc"], ":", e.Data["range"]))
		case e.Type == "weather" && strings.HasPrefix(e.Text, "Wind Force "):
			winds = append(winds, e.Data["wind"].(int))
		}
	}
	return
}

func TestThreePlayerSessionThroughRoundXIII(t *testing.T) {
	r := play(t, three, nil, 7, "testdata/three-players.yaml", 500)
	require.NoError(t, r.err)
	require.True(t, r.s.Over)
	st := stateOf(t, r.s)
	assert.Equal(t, 13, st.Round)
	assert.Equal(t, []string{"Ann"}, st.Winners)
	assert.Equal(t, "treasure-removed", st.EndReason)

	rounds, moves, winds := trace(r.events)
	assert.Equal(t, []string{"1/1/Ann", "2/2/Bob", "3/3/Cy", "4/4/Ann", "5/5/Bob", "6/6/Cy", "7/7/Ann", "8/8/Bob", "9/9/Cy", "10/10/Ann", "11/11/Bob", "12/12/Cy", "13/1/Ann"}, rounds)
	// Wind boxes after each Phase 3 (II: no tile yet; V: bounce 10+3 -> 7;
	// VII: Step 0 11 -> 8 then -1).
	assert.Equal(t, []int{5, 8, 10, 7, 11, 7, 7, 5, 6, 5, 6, 5}, winds)
	assert.Equal(t, []string{
		// III (5 oB, +0): four pirates, then the two Caravels.
		"pirate-1:4", "pirate-2:4", "pirate-3:4", "pirate-4:4", "caravel-n:4", "caravel-s:4",
		// IV (8 oB, +1): pirates do not move; Caravels 5; the new megalodon 2.
		"caravel-n:5", "caravel-s:5", "megalodon:2",
		// V (10 oB, -1).
		"pirate-1:3", "pirate-2:3", "pirate-3:3", "pirate-4:3", "caravel-n:3", "megalodon:2",
		// VI (7 oB).
		"caravel-n:4", "megalodon:2",
		// VII (11 oB, -2): the Freighter does not move in the Round it appears.
		"caravel-n:2",
		// VIII (7 oB).
		"caravel-n:4", "freighter:8",
		// IX.
		"pirate-1:4", "pirate-2:4", "pirate-3:4", "pirate-4:4", "caravel-n:4", "freighter:8",
		// X.
		"caravel-n:4", "kraken:3",
		// XI: the Flying Dutchman moves last of the NPC ships.
		"pirate-1:4", "pirate-2:4", "pirate-3:4", "pirate-4:4", "caravel-n:4", "dutchman:4", "kraken:3",
		// XII: the Galleass appears and does not move.
		"dutchman:4", "kraken:3",
		// XIII: the Galleass leaves the lagoon with at most 3.
		"galleass:3", "dutchman:4", "kraken:3",
	}, moves)

	texts := func(sub string) int {
		n := 0
		for _, e := range r.events {
			if strings.Contains(e.Text, sub) {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 1, texts("shuffle the card back into the deck and draw another"), "errata redraw")
	assert.Equal(t, 1, texts("pirate-1 moves 2 spaces: NE N (no open direction); stops in front of 1 occupied space"))
	assert.Equal(t, 1, texts("(a +3 would leave the Wind Force, so it moves -3 instead)"))
	assert.Equal(t, 1, texts("Step 0: the wind quiets: the Weather Marker moves three boxes lower, from 11 to 8 oB"))
	assert.Equal(t, 1, texts("Overboard: each Player Ship At Sea removes 1 Sailor/Officer"))
	assert.Equal(t, 1, texts("The megalodon attacks Bob's Player Ship"))
	assert.Equal(t, 1, texts("battery-1 fires on Cy's Player Ship"))
	// The battles are resolved by the battle engine.
	assert.Equal(t, 1, texts("megalodon attacks Bob's Brig by Broadside Battle; attack: Megalodon removes 1 Cannon; no counterattack: Rocky Seas (10 oB)"))
	assert.Equal(t, 1, texts("Bob: remove 1 Cannon from Bob's Brig's board (it now has 2 Cannons, 2 Sailors)"))
	// A player's attack is announced once; its result does not repeat it.
	assert.Equal(t, 1, texts("Bob's Brig attacks pirate-3 by Broadside Battle"))
	assert.Equal(t, 1, texts("attack: 3 dice rolled 6, 6, 6 (3 Hull Hits, 0 Deck Crew Hits, 0 misses)"))
	assert.Equal(t, 1, texts("battery-1 attacks Cy's Galleon by Broadside Battle; attack: 2 dice rolled 6, 1 (1 Hull Hit, 1 Deck Crew Hit, 0 misses); counterattack: 2 dice rolled 4, 2 (0 Hull Hits, 0 Deck Crew Hits, 2 misses)"))
	assert.Equal(t, 1, texts("Cy: remove 1 Cannon, 1 Sailor from Cy's Galleon's board"))
	assert.Equal(t, 1, texts("Ann: remove 1 Cannon, 2 Sailors from Ann's Brig's board (it now has 1 Cannon, 0 Sailors)"))
	assert.Equal(t, 1, texts("Bob receives 5 Silver Coins, 2 Experience Tokens, the Pirate Ship token as a trophy"))
	assert.Equal(t, 1, texts("the Conquistadors' Galleass loses 2 Sailors: 8 remain on its ship board"))
	assert.Equal(t, 1, texts("Death Zone: the Flying Dutchman removes galleass"))
	assert.Equal(t, []string{"Pirate Ship"}, st.player("Bob").Trophies)
	assert.Nil(t, st.npc("pirate-3"))
	assert.Equal(t, 1, texts("Grand Finale (the first Round XII)"))
	assert.Equal(t, 1, texts("add a Battery of Cannons (battery-2)"))
	assert.Equal(t, 1, texts("Death Zone: the Flying Dutchman removes caravel-n"))
	assert.Equal(t, 1, texts("Return to the Depths: megalodon leave the map"))
	assert.Equal(t, 1, texts("pay 2 Silver to the supply"))
	assert.Equal(t, 1, texts("Ann is the Viceroy of the Misty Waters"))
	assert.Equal(t, 1, texts("auction 2: bids Ann 2, Bob 2, Cy 1: no Votes"))
	for _, e := range r.events {
		assert.NotEmpty(t, e.Cites, "event without citation: %s", e.Text)
	}
}

func TestSameSeedSameAnswersSameLog(t *testing.T) {
	a := play(t, three, nil, 7, "testdata/three-players.yaml", 500)
	b := play(t, three, nil, 7, "testdata/three-players.yaml", 500)
	require.NoError(t, a.err)
	require.NoError(t, b.err)
	ja, _ := json.Marshal(a.s.Log)
	jb, _ := json.Marshal(b.s.Log)
	assert.Equal(t, string(ja), string(jb))
	assert.Equal(t, string(a.s.State), string(b.s.State))
}

func TestTwoPlayerIslandConquest(t *testing.T) {
	two := three[:2]
	r := play(t, two, map[string]string{"components": "none"}, 3, "testdata/two-players.yaml", 300)
	require.NoError(t, r.err)
	require.True(t, r.s.Over)
	st := stateOf(t, r.s)
	assert.Equal(t, "island-conquest", st.EndReason)
	assert.Equal(t, []string{"Bob"}, st.Winners)
	assert.Equal(t, 5, st.Round)
	assert.Equal(t, 4, st.conquestNeed())
	ends := eventsOf(r.events, "endgame")
	last := ends[len(ends)-1]
	assert.Contains(t, last.Text, "Island Conquest: Bob controlled 4 or more Captured Islands at the end of two consecutive Rounds")
	// Without The Last Transport all 3 Battery of Cannons start on the map.
	assert.Equal(t, 3, st.count(KindBattery))
	assert.Equal(t, []string{"NE", "SW"}, BasesFor(2))
	var falcon referee.Event
	for _, e := range eventsOf(r.events, "tavern") {
		if strings.Contains(e.Text, "reaches the other Tavern") {
			falcon = e
		}
	}
	assert.Contains(t, falcon.Text, "Aged Falcon reaches the other Tavern in")
	// Ann's counterattack damaged pirate-1 in Round III and her fire defeated
	// it in Round IV: three Pirate Ships remain.
	assert.Equal(t, 3, st.count(KindPirate))
	assert.Nil(t, st.npc("pirate-1"))
	out := ""
	for _, e := range r.events {
		out += e.Text + "\n"
	}
	assert.Contains(t, out, "pirate-1 takes a Damage Marker (flip it to its damaged side)")
	assert.Contains(t, out, "Ann receives 5 Silver Coins, 2 Experience Tokens, the Pirate Ship token as a trophy (5 Votes at Viceroy Voting)")
}
