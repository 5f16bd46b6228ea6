package odds

import (
	"testing"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/stretchr/testify/require"
)

func mustUnit(t *testing.T, spec string) mw.Unit {
	t.Helper()
	u, err := mw.ParseUnit(spec)
	require.NoError(t, err)
	return u
}
