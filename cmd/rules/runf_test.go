package rules

import (
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/cmdutil/cmdtest"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSearchRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdSearch, "  max", "dice in", "a sword fight?  ")
	require.NoError(t, err)
	assert.Equal(t, &SearchOptions{F: f, Query: "max dice in a sword fight?", Limit: 5}, o, "the words are one query; 5 results by default; every game")
	o, _, err = cmdtest.ParseOpts(t, NewCmdSearch, "-g", "mw", "-n", "100", "tavern")
	require.NoError(t, err)
	assert.Equal(t, "mw", o.Game, "the game is kept as given; searchRun resolves the alias")
	assert.Equal(t, 100, o.Limit)
	assert.Equal(t, "tavern", o.Query)
	for _, args := range [][]string{{}, {"  ", ""}, {"--limit", "0", "x"}, {"--limit", "101", "x"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdSearch, args...)
		assert.True(t, referee.IsUsage(err), "%q: %v", args, err)
	}
}

func TestShowRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdShow, "misty-waters/step-4b-boarding-battle")
	require.NoError(t, err)
	assert.Equal(t, &ShowOptions{F: f, ID: "misty-waters/step-4b-boarding-battle"}, o)
	for _, args := range [][]string{{}, {"a", "b"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdShow, args...)
		assert.Error(t, err, "show takes exactly one ID: %q", args)
	}
}

func TestListRunF(t *testing.T) {
	for name, build := range map[string]func(*cmdutil.Factory, func(*ListOptions) error) *cobra.Command{
		"toc": NewCmdTOC, "errata": NewCmdErrata, "glossary": NewCmdGlossary,
	} {
		o, f, err := cmdtest.ParseOpts(t, build)
		require.NoError(t, err, name)
		assert.Equal(t, &ListOptions{F: f}, o, "%s: every game by default", name)
		o, _, err = cmdtest.ParseOpts(t, build, "--game", "rolling-seas")
		require.NoError(t, err, name)
		assert.Equal(t, "rolling-seas", o.Game, name)
		o, _, err = cmdtest.ParseOpts(t, build, "-g", "qc")
		require.NoError(t, err, name)
		assert.Equal(t, "qc", o.Game, name)
	}
	// toc and errata take no TERM; glossary takes one at most.
	for _, build := range []func(*cmdutil.Factory, func(*ListOptions) error) *cobra.Command{NewCmdTOC, NewCmdErrata} {
		_, _, err := cmdtest.ParseOpts(t, build, "prosperity")
		assert.Error(t, err)
	}
	o, _, err := cmdtest.ParseOpts(t, NewCmdGlossary, "weather refuge", "-g", "mw")
	require.NoError(t, err)
	assert.Equal(t, "weather refuge", o.Term)
	assert.Equal(t, "mw", o.Game)
	_, _, err = cmdtest.ParseOpts(t, NewCmdGlossary, "weather", "refuge")
	assert.Error(t, err, "a term of two words is quoted")
}

func TestAddRemoveRunF(t *testing.T) {
	o, f, err := cmdtest.ParseOpts(t, NewCmdAdd, "empires.txt", "--game", "misty-waters", "--title", "Empires Expansion Rules")
	require.NoError(t, err)
	assert.Equal(t, &AddOptions{F: f, File: "empires.txt", Game: "misty-waters", Title: "Empires Expansion Rules"}, o)
	o, _, err = cmdtest.ParseOpts(t, NewCmdAdd, "-g", "rs", "extra.txt")
	require.NoError(t, err)
	assert.Equal(t, "", o.Title, "the title defaults (to the file name) in addRun")
	assert.Equal(t, "extra.txt", o.File)
	_, _, err = cmdtest.ParseOpts(t, NewCmdAdd, "empires.txt")
	assert.True(t, referee.IsUsage(err), "--game is required: %v", err)
	assert.ErrorContains(t, err, "--game is required")
	for _, args := range [][]string{{"--game", "mw"}, {"a.txt", "b.txt", "--game", "mw"}} {
		_, _, err := cmdtest.ParseOpts(t, NewCmdAdd, args...)
		assert.Error(t, err, "add takes exactly one FILE: %q", args)
	}

	r, f, err := cmdtest.ParseOpts(t, NewCmdRemove, "misty-waters/empires-expansion-rules")
	require.NoError(t, err)
	assert.Equal(t, &RemoveOptions{F: f, Name: "misty-waters/empires-expansion-rules"}, r)
	_, _, err = cmdtest.ParseOpts(t, NewCmdRemove)
	assert.Error(t, err, "remove names one manual")
}
