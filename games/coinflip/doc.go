// Package coinflip is the smallest game bosun could referee: the example
// of docs/adding-a-game.md, written as a new game would be. Each turn the
// player calls the coin, bosun flips it, and after the number of flips the
// "flips" option says the game is over.
//
// bosun does not ship it: games/all lists the four games of the binary,
// and the test suite plugs this one in with one line (all.Plug), to show
// that a game is its folder plus that line.
package coinflip
