// Package all lists the games bosun referees. It is the one place that
// names them: a new game is a package under games/ plus one line in
// Games, and the engine (package referee), the rules reference and the
// commands never change for it.
//
//	g, err := all.Resolve("rs") // the Rolling Seas referee
package all

import (
	"github.com/bosun-referee/bosun/games/atraxia"
	"github.com/bosun-referee/bosun/games/mistywaters/procedure"
	"github.com/bosun-referee/bosun/games/questsandcannons"
	"github.com/bosun-referee/bosun/games/rollingseas"
	"github.com/bosun-referee/bosun/referee"
)

// Games returns every game bosun referees, in the order `bosun games`
// lists them.
func Games() referee.Games {
	gs := referee.Games{
		&procedure.Game{},
		rollingseas.Game{},
		atraxia.Game{},
		questsandcannons.Game{},
	}
	return append(gs, plugged...)
}

// plugged are the games a test added (Plug).
var plugged referee.Games

// Plug adds games to the list for the rest of the process. The binary
// never calls it: a test does, in its TestMain before anything reads the
// list, to referee a game bosun does not ship (games/coinflip, the
// example of docs/adding-a-game.md) with one line.
func Plug(gs ...referee.Game) { plugged = append(plugged, gs...) }

// Infos returns the GameInfo of every game.
func Infos() []referee.GameInfo { return Games().Infos() }

// Resolve maps a game id or alias (any case) to its game.
func Resolve(name string) (referee.Game, error) { return Games().Resolve(name) }

// ResolveID maps a game id or alias to the canonical id.
func ResolveID(name string) (string, error) { return Games().ResolveID(name) }

// Lookup returns the game of a canonical id.
func Lookup(id string) (referee.Game, error) { return Games().Lookup(id) }

// Info returns the GameInfo of a game id.
func Info(id string) referee.GameInfo { return Games().Info(id) }

// Dice returns the named dice every game declares.
func Dice() []referee.DieInfo { return Games().Dice() }
