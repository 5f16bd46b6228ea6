package root_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGamesJSONListsOptionsAndDice(t *testing.T) {
	code, out, errOut := run(t, "", "games", "--json")
	require.Equal(t, 0, code, errOut)
	var games []struct {
		ID      string `json:"id"`
		Options []struct {
			Key     string   `json:"key"`
			Kind    string   `json:"kind"`
			Values  []string `json:"values"`
			Default string   `json:"default"`
			Help    string   `json:"help"`
		} `json:"options"`
		Dice []struct {
			Name   string `json:"name"`
			Count  int    `json:"count"`
			Reroll bool   `json:"reroll_while_all_match"`
		} `json:"dice"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &games))
	var want, got []string
	for _, info := range all.Infos() {
		want = append(want, info.ID)
	}
	for _, g := range games {
		got = append(got, g.ID)
	}
	assert.Equal(t, want, got, "bosun games lists the games of the list, in its order")
	rs := games[1]
	require.NotEmpty(t, rs.Options)
	assert.Equal(t, "ironside", rs.Options[0].Key)
	assert.Equal(t, "none", rs.Options[0].Default)
	assert.Contains(t, rs.Options[0].Values, "legendary")
	assert.NotEmpty(t, rs.Options[0].Help)
	require.NotEmpty(t, rs.Dice)
	assert.Equal(t, "wind", rs.Dice[0].Name)
	assert.Equal(t, 3, rs.Dice[0].Count)
	assert.True(t, rs.Dice[0].Reroll, "the Wind Dice re-roll while all match")
	for _, g := range games {
		assert.NotEmpty(t, g.Options, g.ID)
		assert.NotEmpty(t, g.Dice, g.ID)
	}
}

func TestNewCompletesOptionKeysThenValues(t *testing.T) {
	lines := func(out string) []string {
		var l []string
		for _, s := range strings.Split(strings.TrimSpace(out), "\n") {
			if !strings.HasPrefix(s, ":") { // the directive line
				l = append(l, s)
			}
		}
		return l
	}
	code, out, errOut := run(t, "", "__complete", "new", "rs", "--option", "ironside-d")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, []string{"ironside-deck=\tCaptain Ironside's cards are drawn from the table's deck (physical) or by bosun (virtual)"}, lines(out))

	_, out, _ = run(t, "", "__complete", "new", "rolling", "--option", "ironside=")
	assert.Equal(t, []string{"ironside=none", "ironside=training", "ironside=basic", "ironside=standard", "ironside=formidable", "ironside=legendary"}, lines(out))

	_, out, _ = run(t, "", "__complete", "new", "wfa", "-o", "pirates=")
	assert.Equal(t, []string{"pirates=yes", "pirates=no"}, lines(out))

	_, out, _ = run(t, "", "__complete", "new", "mw", "--option", "components=temple,c")
	assert.Equal(t, []string{"components=temple,caravels"}, lines(out))

	_, out, _ = run(t, "", "__complete", "new", "--option", "")
	assert.Empty(t, lines(out), "no keys before the game is known")
}
