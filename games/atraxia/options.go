package atraxia

import "github.com/bosun-referee/bosun/referee"

// Options implements referee.Game.
func (Game) Options() []referee.OptionSpec { return nil }
