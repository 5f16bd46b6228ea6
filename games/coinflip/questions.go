package coinflip

import "github.com/bosun-referee/bosun/referee"

// Questions lists the one question the game asks.
func (Game) Questions() []referee.QuestionSpec {
	return []referee.QuestionSpec{
		{Key: "coin.call", Kind: referee.KindChoose, Default: "heads", Why: "a call has no usual side: Enter takes heads"},
	}
}
