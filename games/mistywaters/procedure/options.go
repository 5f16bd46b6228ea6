package procedure

import "github.com/bosun-referee/bosun/referee"

// Options implements referee.Game.
func (g *Game) Options() []referee.OptionSpec { return nil }
