package all_test

import (
	"os"
	"testing"

	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/games/coinflip"
)

// TestMain plugs in the example game bosun does not ship, so that every
// test of the list runs over it too: this one line is all it takes.
func TestMain(m *testing.M) {
	all.Plug(coinflip.Game{})
	os.Exit(m.Run())
}
