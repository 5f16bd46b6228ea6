package coinflip_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/games/coinflip"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain plugs the game into the list: the one line a new game needs
// outside its folder (in games/all.Games for a game bosun ships).
func TestMain(m *testing.M) {
	all.Plug(coinflip.Game{})
	os.Exit(m.Run())
}

// bosun runs the command line in this process, in the test's data dir.
func bosun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs(args)
	code := root.Execute(cmd, f)
	return code, out.String(), errOut.String()
}

func home(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("BOSUN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
}

// TestTheCommandsRefereeAPluggedGame: with the game in the list, bosun
// lists it, starts, steps and shows a session of it, and names it in its
// help, with no edit to the commands.
func TestTheCommandsRefereeAPluggedGame(t *testing.T) {
	home(t)
	code, out, errOut := bosun(t, "games", "--json")
	require.Equal(t, 0, code, errOut)
	var games []struct {
		ID       string `json:"id"`
		Rulebook string `json:"rulebook"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &games))
	require.Len(t, games, 5)
	assert.Equal(t, "coin-flip", games[4].ID)
	assert.Equal(t, "coin-flip.txt", games[4].Rulebook)

	code, out, errOut = bosun(t, "--help")
	require.Equal(t, 0, code, errOut)
	flat := strings.Join(strings.Fields(out), " ")
	assert.Contains(t, flat, "Misty Waters, Rolling Seas, War for Atraxia, Quests & Cannons and Coin Flip.")
	assert.Contains(t, flat, "roll Roll dice of any of the five games")
	code, out, _ = bosun(t, "new", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, strings.Join(strings.Fields(out), " "), "quests-and-cannons, coin-flip, or an alias: mw, rs, atraxia, qc, coin)")

	code, out, errOut = bosun(t, "new", "coin", "--players", "Ann", "--option", "flips=2", "--seed", "7", "--name", "c")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "2 flips to play")
	code, _, errOut = bosun(t, "new", "coin", "--players", "Ann", "--option", "flips=10", "--name", "d")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "option flips=10 for coin-flip: accepted: a whole number from 1 to 9")

	// the coin's faces are asked once (no dice table row), then remembered
	code, out, errOut = bosun(t, "next", "--set", "coin.call=heads", "--set", "tables.dice.coin=heads,tails")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `Ann called heads: (heads|tails)`, out)
	code, out, errOut = bosun(t, "next", "--set", "coin.call=tails")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `Ann called tails: (heads|tails)`, out)

	code, out, errOut = bosun(t, "status", "--json")
	require.Equal(t, 0, code, errOut)
	var st struct {
		Game  string `json:"game"`
		Over  bool   `json:"over"`
		State struct{ Flips, Score, Left int }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &st), out)
	assert.Equal(t, "coin-flip", st.Game, out)
	assert.True(t, st.Over, out)
	code, out, errOut = bosun(t, "status")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `[0-2] of 2 calls right, 0 flips left`, out)
}

// TestTheRulesReferenceSearchesAPluggedGamesRulebook: the game's
// rulebook, its name in a question and its table talk come from its
// folder through the list.
func TestTheRulesReferenceSearchesAPluggedGamesRulebook(t *testing.T) {
	home(t)
	assert.Contains(t, rulesref.GameIDs(), "coin-flip")
	assert.True(t, rulesref.Exists("coin-flip/flipping"))
	assert.True(t, rulesref.Exists("coin-flip/setup"))

	code, out, errOut := bosun(t, "rules", "search", "--json", "--game", "coin", "when", "does", "the", "game", "end")
	require.Equal(t, 0, code, errOut)
	var res []struct {
		Game string `json:"game"`
		ID   string `json:"id"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res), out)
	require.NotEmpty(t, res)
	assert.Equal(t, "coin-flip/end-of-game", res[0].ID)

	// named in the question ("in coin flip"), with its own table talk
	// ("guess" is its word for a call)
	code, out, errOut = bosun(t, "rules", "search", "--json", "in", "coin", "flip", "what", "if", "my", "guess", "is", "right")
	require.Equal(t, 0, code, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &res), out)
	require.NotEmpty(t, res)
	assert.Equal(t, "coin-flip", res[0].Game)
	assert.Equal(t, "coin-flip/flipping", res[0].ID)

	code, out, errOut = bosun(t, "rules", "toc", "--game", "coin-flip")
	require.Equal(t, 0, code, errOut)
	for _, s := range []string{"Components", "Setup", "Flipping", "End of Game"} {
		assert.Contains(t, out, s)
	}
	// the shipped games' rulebooks are searched beside it
	code, out, errOut = bosun(t, "rules", "search", "--json", "max", "dice", "in", "a", "sword", "fight")
	require.Equal(t, 0, code, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &res), out)
	require.NotEmpty(t, res)
	assert.Equal(t, "misty-waters", res[0].Game)
}
