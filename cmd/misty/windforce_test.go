package misty

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
)

// runTables runs the command with the tables overlay at path.
func runTables(t *testing.T, path string, args ...string) (string, error) {
	t.Helper()
	out := &bytes.Buffer{}
	f := cmdutil.New(&cmdutil.IO{In: &bytes.Buffer{}, Out: out, ErrOut: out})
	f.G.Seed, f.G.SeedSet = 7, true
	f.V.Set("tables", path)
	cmd := NewCmd(f)
	cmd.SetArgs(args)
	cmd.SetOut(out)
	cmd.SetErr(out)
	err := cmd.Execute()
	return out.String(), err
}

// The Wind Force boxes are one table for the battle commands and a
// session (mwp-wind-force, rows box.EFFECT): at 9 oB the one-shot knows
// Rocky Seas starts at 10 oB as a session does, and asks nothing; a box
// the table corrects in tables.yaml moves both.
func TestWindForceBoxesAreTheSessionsTable(t *testing.T) {
	args := []string{"broadside", "-a", "brig:cannons=2,sailors=2,owner=ann", "-d", "pirate", "--dice", "1,1", "--defender-dice", "1,1,1,1", "--wind", "9"}
	out, err := runTables(t, filepath.Join(t.TempDir(), "tables.yaml"), args...)
	require.NoError(t, err, out)
	assert.Contains(t, out, "Broadside Battle")

	path := filepath.Join(t.TempDir(), "tables.yaml")
	require.NoError(t, os.WriteFile(path, []byte("mwp-wind-force:\n  box.rocky-seas:\n    value: 9\n    source: user\n"), 0o600))
	_, err = runTables(t, path, args...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Rocky Seas (9 oB)")
}

// "All declared Experience Tokens must be returned to the supply whether
// they were used or not": the battle says so when a side declared some,
// and every count reads in the right number.
func TestBattleRemindsToReturnDeclaredTokens(t *testing.T) {
	out, err := run(t, false, "broadside", "-a", "ship:cannons=2,sailors=2,xp=1,owner=ann", "-d", "pirate", "--dice", "1,1+3", "--why")
	require.NoError(t, err, out)
	assert.Contains(t, out, "reminder: the attacker returns the 1 Experience Token declared to the supply, whether it was used or not")
	assert.Contains(t, out, "1 Experience Token declared and returned to the supply; 1 re-roll used")
	assert.NotContains(t, out, "1 Experience Tokens")

	out, err = run(t, false, "broadside", "-a", "ship:cannons=2,sailors=2,owner=ann", "-d", "pirate", "--dice", "1,1")
	require.NoError(t, err, out)
	assert.NotContains(t, out, "reminder:", "nothing declared, nothing to return")
}
