package coinflip

import "github.com/bosun-referee/bosun/referee"

// Options declares the game's one option.
func (Game) Options() []referee.OptionSpec {
	return []referee.OptionSpec{{Key: "flips", Kind: referee.OptionNumber, Min: 1, Max: 9, Default: "3", Help: "how many flips the game lasts"}}
}
