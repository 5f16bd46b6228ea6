package session_test

import (
	"testing"

	"github.com/bosun-referee/bosun/cmd/session"
	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitCommandLine(t *testing.T) {
	got, err := session.SplitCommandLine(`misty odds --attacker 'ship:cannons=3, sailors=2' --defender "pirate" x`)
	require.NoError(t, err)
	assert.Equal(t, []string{"misty", "odds", "--attacker", "ship:cannons=3, sailors=2", "--defender", "pirate", "x"}, got)
	_, err = session.SplitCommandLine(`roll "3d6`)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
}

func TestParsePlayers(t *testing.T) {
	ps, err := session.ParsePlayers(" Ann:red, Bob ")
	require.NoError(t, err)
	assert.Equal(t, []referee.Player{{Name: "Ann", Side: "red"}, {Name: "Bob"}}, ps)
	for _, bad := range []string{"", "Ann,,Bob", ":red"} {
		_, err := session.ParsePlayers(bad)
		assert.True(t, referee.IsUsage(err), bad)
	}
}
